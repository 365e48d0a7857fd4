/*
 * The MCP server loop: one line -> one JSON value -> one request, notification
 * or batch -> a handler. Lifecycle (initialize, ping, server/discover,
 * logging/setLevel) lives here; tools, resources and prompts have their files.
 *
 * Eras (agent-protocols §1.11): a request whose params._meta names a protocol
 * version, and server/discover, are stateless (2026-07-28) and carry all they
 * need; anything else belongs to the handshake an initialize opened. Both may
 * arrive on the same stdio stream, so both are served side by side.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "server/mcp_internal.h"

static const char *const handshake_versions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};
#define SUPPORTED_TEXT "2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05 (initialize) or 2026-07-28 (stateless)"

/* ---- lifecycle methods ------------------------------------------------------------ */

static json_t *capabilities(void) {
  json_t *c = json_object(), *tools = json_object(), *res = json_object(), *prompts = json_object();
  json_object_set_new(tools, "listChanged", json_false());
  json_object_set_new(res, "subscribe", json_false());
  json_object_set_new(res, "listChanged", json_false());
  json_object_set_new(prompts, "listChanged", json_false());
  json_object_set_new(c, "tools", tools);
  json_object_set_new(c, "resources", res);
  json_object_set_new(c, "prompts", prompts);
  json_object_set_new(c, "logging", json_object());
  return c;
}

static json_t *server_info(const mcp_request *r) {
  json_t *info = json_object();
  json_object_set_new(info, "name", json_string("z3ed"));
  json_object_set_new(info, "version", json_string(Z3_VERSION));
  if (mcp_since(r, "2025-06-18")) json_object_set_new(info, "title", json_string("z3ed ROM editor"));
  return info;
}

static const char *negotiate(const char *asked) {
  for (size_t i = 0; i < sizeof handshake_versions / sizeof *handshake_versions; i++)
    if (strcmp(asked, handshake_versions[i]) == 0) return handshake_versions[i];
  return MCP_LATEST_HANDSHAKE; /* the client decides whether it can use ours */
}

static void do_initialize(mcp_server *s, mcp_request *r) {
  const char *asked = mcp_param_str(r, "protocolVersion");
  if (!asked) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "initialize needs params.protocolVersion, a string");
    return;
  }
  const char *chosen = negotiate(asked);
  pthread_mutex_lock(&s->lock);
  bool again = s->initialized;
  if (!again) {
    s->initialized = true;
    snprintf(s->version, sizeof s->version, "%s", chosen);
  }
  pthread_mutex_unlock(&s->lock);
  if (again) {
    mcp_reply_error(s, r, MCP_INVALID_REQUEST, NULL, "initialize was already received; the session uses %s",
                    s->version);
    return;
  }
  snprintf(r->version, sizeof r->version, "%s", chosen);
  json_t *result = json_object();
  json_object_set_new(result, "protocolVersion", json_string(chosen));
  json_object_set_new(result, "capabilities", capabilities());
  json_object_set_new(result, "serverInfo", server_info(r));
  json_object_set_new(result, "instructions", json_string(s->instructions));
  const char *client = json_string_value(json_object_get(json_object_get(r->params, "clientInfo"), "name"));
  pthread_mutex_lock(&s->lock);
  z3_free(s->client_name);
  s->client_name = client ? z3_strdup(client) : NULL;
  s->session.client = s->client_name; /* no call runs before initialize is answered */
  pthread_mutex_unlock(&s->lock);
  mcp_log(s, NULL, MCP_INFO, NULL, "client '%s' asked for %s; serving %s", client ? client : "?", asked, chosen);
  mcp_reply(s, r, result);
}

static void do_ping(mcp_server *s, mcp_request *r) {
  mcp_reply(s, r, json_object()); /* exactly {}: the SDK checks it strictly */
}

static void do_discover(mcp_server *s, mcp_request *r) {
  json_t *result = json_object(), *versions = json_array();
  /* Only the stateless revision: a handshake revision cannot be named per request. */
  json_array_append_new(versions, json_string(MCP_STATELESS));
  json_object_set_new(result, "supportedVersions", versions);
  json_object_set_new(result, "capabilities", capabilities());
  json_object_set_new(result, "instructions", json_string(s->instructions));
  mcp_cacheable(r, result, 3600000, false);
  mcp_reply(s, r, result);
}

static void do_set_level(mcp_server *s, mcp_request *r) {
  mcp_level level;
  if (!mcp_parse_level(mcp_param_str(r, "level"), &level)) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL,
                    "params.level must be one of debug, info, notice, warning, error, critical, alert, emergency");
    return;
  }
  pthread_mutex_lock(&s->lock);
  s->log_level = level;
  pthread_mutex_unlock(&s->lock);
  mcp_reply(s, r, json_object());
}

/* ---- dispatch -------------------------------------------------------------------- */

enum { HANDSHAKE = 1, STATELESS = 2, BOTH = 3 };

typedef void (*method_fn)(mcp_server *, mcp_request *);
static const struct method {
  const char *name;
  method_fn fn;
  unsigned eras; /* ping and logging/setLevel are gone from 2026-07-28 */
} methods[] = {
    {"initialize", do_initialize, HANDSHAKE},
    {"ping", do_ping, HANDSHAKE},
    {"logging/setLevel", do_set_level, HANDSHAKE},
    {"server/discover", do_discover, STATELESS},
    {"tools/list", mcp_tools_list, BOTH},
    {"tools/call", mcp_tools_call, BOTH},
    {"resources/list", mcp_resources_list, BOTH},
    {"resources/templates/list", mcp_resource_templates_list, BOTH},
    {"resources/read", mcp_resources_read, BOTH},
    {"prompts/list", mcp_prompts_list, BOTH},
    {"prompts/get", mcp_prompts_get, BOTH},
};

static const struct method *find_method(const char *name, bool stateless) {
  for (size_t i = 0; i < sizeof methods / sizeof *methods; i++)
    if (strcmp(methods[i].name, name) == 0 && (methods[i].eras & (stateless ? STATELESS : HANDSHAKE)))
      return &methods[i];
  return NULL;
}

/* The per-request fields of a stateless request; false after answering an error. */
static bool read_stateless_meta(mcp_server *s, mcp_request *r) {
  json_t *meta = json_object_get(r->params, "_meta");
  json_t *version = json_object_get(meta, MCP_META_VERSION);
  json_t *caps = json_object_get(meta, "io.modelcontextprotocol/clientCapabilities");
  json_t *level = json_object_get(meta, "io.modelcontextprotocol/logLevel");
  r->stateless = true;
  snprintf(r->version, sizeof r->version, "%s", MCP_STATELESS);
  r->log_level = MCP_LOG_OFF; /* no log notifications unless the request asks */
  if (!json_is_string(version) || !json_is_object(caps)) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL,
                    "params._meta needs '" MCP_META_VERSION "' (a string) and "
                    "'io.modelcontextprotocol/clientCapabilities' (an object)");
    return false;
  }
  if (strcmp(json_string_value(version), MCP_STATELESS) != 0) {
    json_t *data = json_object(), *supported = json_array();
    json_array_append_new(supported, json_string(MCP_STATELESS));
    json_object_set_new(data, "supported", supported);
    json_object_set(data, "requested", version);
    mcp_reply_error(s, r, MCP_UNSUPPORTED_VERSION, data, "Unsupported protocol version");
    return false;
  }
  if (level && !mcp_parse_level(json_string_value(level), &r->log_level)) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "params._meta 'io.modelcontextprotocol/logLevel' is not a log level");
    return false;
  }
  return true;
}

static void handle_request(mcp_server *s, mcp_request *r) {
  json_t *meta = json_object_get(r->params, "_meta");
  json_t *token = json_object_get(meta, "progressToken");
  if (json_is_string(token) || json_is_integer(token)) r->progress_token = token;
  bool stateless = strcmp(r->method, "initialize") != 0 &&
                   (strcmp(r->method, "server/discover") == 0 || json_object_get(meta, MCP_META_VERSION));
  if (stateless && !read_stateless_meta(s, r)) return;
  if (!stateless) {
    pthread_mutex_lock(&s->lock);
    bool ready = s->initialized;
    snprintf(r->version, sizeof r->version, "%s", s->version);
    pthread_mutex_unlock(&s->lock);
    /* An unknown method is -32601 at every stage; only a known one waits for initialize. */
    bool known = find_method(r->method, false) != NULL;
    if (known && !ready && strcmp(r->method, "initialize") != 0 && strcmp(r->method, "ping") != 0) {
      mcp_reply_error(s, r, MCP_INVALID_REQUEST, NULL, "send initialize first; supported: " SUPPORTED_TEXT);
      return;
    }
  }
  const struct method *m = find_method(r->method, stateless);
  if (!m) {
    /* ping and logging/setLevel exist only in the handshake revisions */
    bool other_era = find_method(r->method, false) != NULL;
    mcp_reply_error(s, r, MCP_METHOD_NOT_FOUND, NULL, "method '%s' not found%s", r->method,
                    other_era ? " in revision " MCP_STATELESS : "");
    return;
  }
  m->fn(s, r);
}

static void handle_notification(mcp_server *s, mcp_request *r) {
  if (strcmp(r->method, "notifications/cancelled") == 0) {
    json_t *id = json_object_get(r->params, "requestId");
    if (json_is_string(id) || json_is_integer(id)) mcp_cancel(s, id);
  } else if (strcmp(r->method, "notifications/initialized") == 0) {
    mcp_log(s, NULL, MCP_DEBUG, NULL, "client is initialized");
  }
  /* Every other notification is ignored, as the spec asks; none is ever answered. */
}

/* One message object; answers go to batch when it is not NULL. */
static void handle_object(mcp_server *s, json_t *msg, json_t *batch) {
  mcp_request r = {.batch = batch};
  if (!json_is_object(msg)) {
    mcp_reply_error(s, &r, MCP_INVALID_REQUEST, NULL, "invalid request: a message must be a JSON object");
    return;
  }
  json_t *id = json_object_get(msg, "id"), *method = json_object_get(msg, "method");
  bool id_ok = json_is_string(id) || json_is_integer(id);
  if (id_ok) r.id = id; /* an unreadable id is left out of the error, never echoed as null */
  if (!json_is_string(json_object_get(msg, "jsonrpc")) || strcmp(json_string_value(json_object_get(msg, "jsonrpc")), "2.0") != 0) {
    mcp_reply_error(s, &r, MCP_INVALID_REQUEST, NULL, "invalid request: \"jsonrpc\" must be \"2.0\"");
    return;
  }
  if (!method && id_ok && (json_object_get(msg, "result") || json_object_get(msg, "error"))) {
    mcp_log(s, NULL, MCP_DEBUG, NULL, "dropped a response from the client: this server sends no requests");
    return;
  }
  if (!json_is_string(method) || (id && !id_ok)) {
    mcp_reply_error(s, &r, MCP_INVALID_REQUEST, NULL, "invalid request: %s",
                    !json_is_string(method) ? "\"method\" must be a string" : "\"id\" must be a string or an integer");
    return;
  }
  r.method = json_string_value(method);
  r.params = json_object_get(msg, "params");
  if (r.params && !json_is_object(r.params)) {
    if (id) mcp_reply_error(s, &r, MCP_INVALID_PARAMS, NULL, "params of '%s' must be an object", r.method);
    return;
  }
  if (id) handle_request(s, &r);
  else handle_notification(s, &r);
}

static void handle_batch(mcp_server *s, json_t *batch) {
  pthread_mutex_lock(&s->lock);
  bool allowed = s->initialized && strcmp(s->version, "2025-03-26") == 0;
  pthread_mutex_unlock(&s->lock);
  if (!allowed || json_array_size(batch) == 0) {
    mcp_reply_error(s, NULL, MCP_INVALID_REQUEST, NULL, "invalid request: %s",
                    allowed ? "an empty batch" : "batches are accepted only under protocol revision 2025-03-26");
    return;
  }
  json_t *answers = json_array(), *item;
  size_t i;
  json_array_foreach(batch, i, item) {
    const char *m = json_string_value(json_object_get(item, "method"));
    if (m && strcmp(m, "initialize") == 0) {
      mcp_request r = {.batch = answers, .id = json_object_get(item, "id")};
      if (!json_is_string(r.id) && !json_is_integer(r.id)) r.id = NULL;
      if (r.id) mcp_reply_error(s, &r, MCP_INVALID_REQUEST, NULL, "initialize cannot be part of a batch");
      continue;
    }
    handle_object(s, item, answers);
  }
  if (json_array_size(answers)) mcp_send(s, answers); /* only notifications: nothing at all */
  else json_decref(answers);
}

static void handle_line(mcp_server *s, char *line, size_t len, bool too_long) {
  if (too_long) {
    mcp_reply_error(s, NULL, MCP_INVALID_REQUEST, NULL, "invalid request: a message over %d bytes", Z3_MCP_MAX_LINE);
    return;
  }
  if (len && line[len - 1] == '\r') line[--len] = '\0';
  size_t blank = 0;
  while (blank < len && isspace((unsigned char)line[blank])) blank++;
  if (blank == len) return; /* empty lines are not messages */
  json_error_t e;
  json_t *v = json_loadb(line, len, JSON_DECODE_ANY, &e);
  if (!v) {
    mcp_reply_error(s, NULL, MCP_PARSE_ERROR, NULL, "parse error at column %d: %s", e.column, e.text);
    return;
  }
  if (json_is_array(v)) handle_batch(s, v);
  else handle_object(s, v, NULL);
  json_decref(v);
}

int z3_mcp_serve(FILE *in, FILE *out, const z3_mcp_options *opts) {
  mcp_server s;
  int rc = mcp_server_init(&s, out, opts);
  if (rc == 0 && !s.opts.synchronous && !mcp_worker_start(&s)) rc = 4;
  if (rc != 0) {
    mcp_server_release(&s);
    return rc;
  }
  mcp_log(&s, NULL, MCP_INFO, NULL, "serving on stdio%s%s", s.opts.rom_path ? " with ROM " : "",
          s.opts.rom_path ? s.opts.rom_path : "");
  mcp_reader rd;
  mcp_reader_init(&rd, in);
  s.reader = &rd;
  char *line;
  size_t len;
  bool too_long;
  mcp_busy(); /* idle only while blocked in read(2): see mcp_jobs.c */
  while (!mcp_client_gone(&s) && (line = mcp_reader_next(&rd, &len, &too_long))) {
    handle_line(&s, line, len, too_long);
    free(line);
  }
  mcp_reader_release(&rd);
  mcp_idle();
  mcp_worker_stop(&s); /* calls already received still get their answers */
  mcp_server_release(&s);
  return 0;
}
