/*
 * The server's wire: lines in, JSON lines out, log notifications.
 *
 * Output is one fwrite of a whole line under a mutex, then fflush, so the
 * worker's answers and progress never interleave with the reader's answers.
 */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/mcp_internal.h"

/* ---- output ------------------------------------------------------------------ */

void mcp_send(mcp_server *s, json_t *msg) {
  char *text = json_dumps(msg, JSON_COMPACT);
  json_decref(msg);
  if (!text) {
    fprintf(s->diag, "z3ed mcp: out of memory writing a message\n");
    return;
  }
  size_t n = strlen(text);
  text[n] = '\n'; /* json_dumps left room: the NUL becomes the line end */
  pthread_mutex_lock(&s->out_lock);
  bool ok = !s->out_failed && fwrite(text, 1, n + 1, s->out) == n + 1 && fflush(s->out) == 0;
  if (!ok && !s->out_failed) {
    s->out_failed = true;
    fprintf(s->diag, "z3ed mcp: cannot write to the client (%s); stopping\n", strerror(errno));
  }
  pthread_mutex_unlock(&s->out_lock);
  free(text);
}

bool mcp_client_gone(mcp_server *s) {
  pthread_mutex_lock(&s->out_lock);
  bool gone = s->out_failed;
  pthread_mutex_unlock(&s->out_lock);
  return gone;
}

static json_t *envelope(const json_t *id) {
  json_t *msg = json_object();
  json_object_set_new(msg, "jsonrpc", json_string("2.0"));
  if (id) json_object_set(msg, "id", (json_t *)id);
  return msg;
}

static void deliver(mcp_server *s, const mcp_request *r, json_t *msg) {
  if (r && r->batch) json_array_append_new(r->batch, msg);
  else mcp_send(s, msg);
}

void mcp_reply(mcp_server *s, const mcp_request *r, json_t *result) {
  if (r->stateless) {
    /* Every stateless result says what it is and who made it (§1.11). */
    json_object_set_new(result, "resultType", json_string("complete"));
    json_t *meta = json_object_get(result, "_meta");
    if (!meta) json_object_set_new(result, "_meta", meta = json_object());
    json_t *info = json_object();
    json_object_set_new(info, "name", json_string("z3ed"));
    json_object_set_new(info, "version", json_string(Z3_VERSION));
    json_object_set_new(meta, "io.modelcontextprotocol/serverInfo", info);
  }
  json_t *msg = envelope(r->id);
  json_object_set_new(msg, "result", result);
  deliver(s, r, msg);
}

void mcp_reply_error(mcp_server *s, const mcp_request *r, int code, json_t *data, const char *fmt, ...) {
  char text[600];
  va_list ap;
  va_start(ap, fmt);
  z3_vformat(text, sizeof text, fmt, ap);
  va_end(ap);
  json_t *error = json_object();
  json_object_set_new(error, "code", json_integer(code));
  json_object_set_new(error, "message", json_string(text));
  if (data) json_object_set_new(error, "data", data);
  /* An id that could not be read is left out, never null (§1.2). */
  json_t *msg = envelope(r ? r->id : NULL);
  json_object_set_new(msg, "error", error);
  deliver(s, r, msg);
}

void mcp_notify(mcp_server *s, const char *method, json_t *params) {
  json_t *msg = envelope(NULL);
  json_object_set_new(msg, "method", json_string(method));
  if (params) json_object_set_new(msg, "params", params);
  mcp_send(s, msg);
}

/* ---- logging ------------------------------------------------------------------ */

static const char *const level_names[] = {"debug", "info", "notice", "warning",
                                          "error", "critical", "alert", "emergency"};

bool mcp_parse_level(const char *name, mcp_level *out) {
  for (int i = 0; name && i <= MCP_EMERGENCY; i++) {
    if (strcmp(name, level_names[i]) == 0) {
      *out = (mcp_level)i;
      return true;
    }
  }
  return false;
}

static mcp_level client_level(mcp_server *s, const mcp_request *r) {
  if (r && r->stateless) return r->log_level;
  pthread_mutex_lock(&s->lock);
  mcp_level l = s->initialized ? s->log_level : MCP_LOG_OFF;
  pthread_mutex_unlock(&s->lock);
  return l;
}

void mcp_log(mcp_server *s, const mcp_request *r, mcp_level level, json_t *data, const char *fmt, ...) {
  char text[600];
  va_list ap;
  va_start(ap, fmt);
  z3_vformat(text, sizeof text, fmt, ap);
  va_end(ap);
  if (level >= s->diag_level) fprintf(s->diag, "z3ed mcp: %s: %s\n", level_names[level], text);
  if (level < client_level(s, r)) {
    json_decref(data);
    return;
  }
  json_t *params = json_object();
  json_object_set_new(params, "level", json_string(level_names[level]));
  json_object_set_new(params, "logger", json_string("z3ed"));
  if (!data) data = json_object();
  if (json_is_object(data)) json_object_set_new(data, "message", json_string(text));
  json_object_set_new(params, "data", data);
  mcp_notify(s, "notifications/message", params);
}

/* ---- small shared helpers ------------------------------------------------------- */

bool mcp_since(const mcp_request *r, const char *since) {
  /* Revisions are dates, so they compare as strings. */
  return strcmp(r->version, since) >= 0;
}

const char *mcp_param_str(const mcp_request *r, const char *key) {
  return json_string_value(json_object_get(r->params, key));
}

bool mcp_check_cursor(mcp_server *s, const mcp_request *r) {
  json_t *cursor = json_object_get(r->params, "cursor");
  if (!cursor) return true;
  /* Every list fits in one page, so no cursor we could have issued exists. */
  mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "invalid cursor: every list is returned in one page");
  return false;
}

void mcp_cacheable(const mcp_request *r, json_t *result, int ttl_ms, bool private_data) {
  if (!r->stateless) return;
  json_object_set_new(result, "ttlMs", json_integer(ttl_ms));
  json_object_set_new(result, "cacheScope", json_string(private_data ? "private" : "public"));
}

/* ---- input ---------------------------------------------------------------------- */

void mcp_reader_init(mcp_reader *rd, FILE *fp) {
  memset(rd, 0, sizeof *rd);
  rd->fp = fp;
  rd->fd = fileno(fp); /* -1 for memory streams: those never block, getline is fine */
}

void mcp_reader_release(mcp_reader *rd) {
  free(rd->buf);
  rd->buf = NULL;
}

static char *reader_getline(mcp_reader *rd, size_t *len, bool *too_long) {
  char *line = NULL;
  size_t cap = 0;
  ssize_t n = getline(&line, &cap, rd->fp);
  if (n < 0) {
    free(line);
    rd->eof = true;
    return NULL;
  }
  if (n > 0 && line[n - 1] == '\n') line[--n] = '\0';
  *too_long = (size_t)n > Z3_MCP_MAX_LINE;
  *len = *too_long ? 0 : (size_t)n;
  if (*too_long) line[0] = '\0';
  return line;
}

/* Returns the first n bytes of the buffer as a line and drops `consumed` bytes
 * (the line, its newline, or more when part of it is being thrown away). */
static char *take(mcp_reader *rd, size_t n, size_t consumed, size_t *len) {
  char *line = malloc(n + 1);
  if (line) {
    memcpy(line, rd->buf, n);
    line[n] = '\0';
  }
  memmove(rd->buf, rd->buf + consumed, rd->len - consumed);
  rd->len -= consumed;
  rd->scan = 0;
  *len = n;
  return line;
}

static bool fill(mcp_reader *rd) {
  if (rd->cap - rd->len < 65536) {
    size_t cap = rd->cap ? rd->cap * 2 : 131072;
    char *p = realloc(rd->buf, cap);
    if (!p) return false;
    rd->buf = p, rd->cap = cap;
  }
  for (;;) {
    mcp_idle(); /* blocked here, this thread holds nothing a fork could inherit */
    ssize_t n = read(rd->fd, rd->buf + rd->len, rd->cap - rd->len);
    mcp_busy();
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    rd->len += (size_t)n;
    return true;
  }
}

bool mcp_reader_pending(const mcp_reader *rd) {
  if (!rd || rd->len > 0) return true;
  if (rd->fd < 0) return !rd->eof; /* a plain stream: cannot tell, so assume more */
  struct pollfd p = {.fd = rd->fd, .events = POLLIN};
  return poll(&p, 1, 0) != 0;
}

char *mcp_reader_next(mcp_reader *rd, size_t *len, bool *too_long) {
  *too_long = false;
  if (rd->fd < 0) return rd->eof ? NULL : reader_getline(rd, len, too_long);
  for (;;) {
    char *nl = rd->len ? memchr(rd->buf + rd->scan, '\n', rd->len - rd->scan) : NULL;
    if (nl) {
      size_t n = (size_t)(nl - rd->buf);
      if (rd->skipping) { /* the end of a line already refused */
        rd->skipping = false;
        free(take(rd, 0, n + 1, len));
        continue;
      }
      *too_long = n > Z3_MCP_MAX_LINE;
      return take(rd, *too_long ? 0 : n, n + 1, len);
    }
    rd->scan = rd->len;
    if (rd->len > Z3_MCP_MAX_LINE) { /* refuse it now instead of buffering the rest */
      bool first = !rd->skipping;
      rd->skipping = true;
      rd->len = rd->scan = 0;
      if (first) {
        *too_long = true;
        *len = 0;
        return calloc(1, 1);
      }
    }
    if (rd->eof || !fill(rd)) {
      rd->eof = true;
      if (!rd->len || rd->skipping) return NULL;
      return take(rd, rd->len, rd->len, len); /* a last line without "\n" */
    }
  }
}
