/*
 * `z3ed mcp --http`: the Streamable HTTP transport of MCP 2025-11-25.
 *
 * One endpoint, /mcp. A thread per connection (bounded) reads requests with
 * the strict parser of http.c, checks Origin (DNS rebinding), the bearer
 * token and the session, and hands the JSON-RPC message to the session's
 * stdio server (mcp_http_session.c). Answers are application/json, or an
 * event stream when the client accepts one and asked for progress or logs (the
 * notifications first, the answer last, then the connection closes); GET has
 * no stream to offer and is 405: the server sends no requests of its own.
 */
#define _GNU_SOURCE /* accept4 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/base.h"
#include "server/http.h"
#include "server/mcp_http_internal.h"

/* A request may take REQUEST_SECONDS to arrive once begun; between requests a kept-alive
 * connection waits IDLE_SECONDS, which every keep-alive answer announces (Keep-Alive:
 * timeout=N), so a client closes or stops reusing it first and idle connections free
 * their slot of the MAX_CONNECTIONS soon. */
enum { MAX_CONNECTIONS = HTTP_MAX_CONNECTIONS, REQUEST_SECONDS = 30, IDLE_SECONDS = 5 };

static volatile sig_atomic_t stop_requested;
static void on_stop(int sig) {
  (void)sig;
  stop_requested = 1;
}

static const char *const known_versions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};

/* ---- responses ----------------------------------------------------------------- */

typedef struct conn {
  http_gateway *gw;
  int fd;
  char *buf;
  size_t len, cap;
  int read_limit; /* seconds, as last set on the socket */
} conn;

static bool send_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w, n -= (size_t)w;
  }
  return true;
}

/* extra: more header lines, each ending in CRLF; body may be NULL. */
static bool respond(conn *c, int status, const char *extra, const char *type, const char *body, bool keep) {
  size_t n = body ? strlen(body) : 0;
  char length[48] = ""; /* a 204 must not have one (RFC 9110 8.6) */
  if (status != 204) snprintf(length, sizeof length, "Content-Length: %zu\r\n", n);
  char idle[48] = "";
  if (keep) snprintf(idle, sizeof idle, "Keep-Alive: timeout=%d\r\n", IDLE_SECONDS);
  char *head = z3_strfmt("HTTP/1.1 %d %s\r\n%s%s%s%s%sCache-Control: no-store\r\nConnection: %s\r\n%s\r\n",
                         status, z3_http_reason(status), extra ? extra : "", type ? "Content-Type: " : "",
                         type ? type : "", type ? "\r\n" : "", length, keep ? "keep-alive" : "close",
                         idle);
  bool ok = head && send_all(c->fd, head, strlen(head)) && (!n || send_all(c->fd, body, n));
  z3_free(head);
  return ok && keep;
}

/* An HTTP error with a JSON-RPC error body (no id: it answers no one request). */
/* Every refusal is said on stderr (what an operator watching the server sees),
 * at most LOG_PER_SECOND lines a second so a flood cannot fill the disk. */
enum { LOG_PER_SECOND = 20 };
static void log_refusal(http_gateway *gw, int status, const char *message) {
  pthread_mutex_lock(&gw->lock);
  time_t now = time(NULL);
  if (now != gw->log_second) {
    if (gw->log_dropped) fprintf(stderr, "z3ed mcp: warning: %d more refusals not shown\n", gw->log_dropped);
    gw->log_second = now, gw->log_said = 0, gw->log_dropped = 0;
  }
  if (gw->log_said++ < LOG_PER_SECOND) fprintf(stderr, "z3ed mcp: warning: refused a request: %d %s: %s\n", status,
                                       z3_http_reason(status), message);
  else gw->log_dropped++;
  pthread_mutex_unlock(&gw->lock);
}

static bool respond_error(conn *c, int status, const char *extra, int code, const char *message, bool keep) {
  if (status >= 400) log_refusal(c->gw, status, message);
  json_t *msg = json_pack("{s:s, s:{s:i, s:s}}", "jsonrpc", "2.0", "error", "code", code, "message", message);
  char *body = msg ? json_dumps(msg, JSON_COMPACT) : NULL;
  json_decref(msg);
  bool ok = respond(c, status, extra, "application/json", body ? body : "", keep);
  free(body);
  return ok;
}

static bool respond_json(conn *c, json_t *msg, const char *session_id, bool keep) {
  char *body = json_dumps(msg, JSON_COMPACT);
  char *extra = session_id ? z3_strfmt("MCP-Session-Id: %s\r\n", session_id) : NULL;
  bool ok = body ? respond(c, 200, extra, "application/json", body, keep)
                 : respond_error(c, 500, NULL, -32603, "cannot encode the answer", false);
  free(body);
  z3_free(extra);
  return ok;
}

/* ---- checks -------------------------------------------------------------------- */

/* A browser page may only reach the endpoint from an origin we serve or were told
 * to trust; programs send no Origin at all. */
static bool origin_allowed(const http_gateway *gw, const z3_http_request *r) {
  if (!r->has_origin) return true;
  for (size_t i = 0; i < gw->origin_count; i++)
    if (strcasecmp(gw->origins[i], r->origin) == 0) return true;
  return false;
}

/* Compares every byte whatever differs, so timing says nothing about the token. */
static bool token_ok(const http_gateway *gw, const z3_http_request *r) {
  const char *token = gw->opts.token;
  if (!token) return true;
  if (strncasecmp(r->authorization, "Bearer ", 7) != 0) return false;
  const char *given = r->authorization + 7;
  size_t n = strlen(token), m = strlen(given);
  unsigned diff = (unsigned)(n ^ m);
  for (size_t i = 0; i < n; i++) diff |= (unsigned char)token[i] ^ (unsigned char)(i < m ? given[i] : 0);
  return diff == 0;
}

static bool version_known(const char *v) {
  for (size_t i = 0; i < sizeof known_versions / sizeof *known_versions; i++)
    if (strcmp(v, known_versions[i]) == 0) return true;
  return false;
}

static bool accepts_json(const z3_http_request *r) {
  return !r->accept[0] || strstr(r->accept, "application/json") || strstr(r->accept, "*/*");
}

/* ---- streamed answers (text/event-stream) -------------------------------------- */

/* A request is answered with an event stream when the client accepts one and
 * something may come before the answer: progress it asked for, or log lines
 * after it set a level. Everything else stays plain application/json. */
static json_t *stream_token(const z3_http_request *r, const http_session *s, json_t *msg, bool *stream) {
  json_t *token = json_object_get(json_object_get(json_object_get(msg, "params"), "_meta"), "progressToken");
  *stream = strstr(r->accept, "text/event-stream") && (token || __atomic_load_n(&s->logging, __ATOMIC_RELAXED));
  return token;
}

typedef struct sse {
  conn *c;
  const char *session_id; /* for the head of an initialize's stream */
  bool head_sent;
} sse;

static bool sse_event(sse *e, json_t *msg) {
  if (!e->head_sent) {
    char *head = z3_strfmt("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
                           "%s%s%sConnection: close\r\n\r\n", e->session_id ? "MCP-Session-Id: " : "",
                           e->session_id ? e->session_id : "", e->session_id ? "\r\n" : "");
    e->head_sent = head && send_all(e->c->fd, head, strlen(head));
    z3_free(head);
    if (!e->head_sent) return false;
  }
  char *data = json_dumps(msg, JSON_COMPACT); /* one line: JSON_COMPACT writes no newline */
  char *event = data ? z3_strfmt("event: message\ndata: %s\n\n", data) : NULL;
  bool ok = event && send_all(e->c->fd, event, strlen(event));
  free(data);
  z3_free(event);
  return ok;
}

static bool sse_emit(void *ctx, json_t *notification) { return sse_event(ctx, notification); }

/* ---- POST: one JSON-RPC message ----------------------------------------------- */

static bool post_request(conn *c, const z3_http_request *r, json_t *msg, json_t *id, bool keep) {
  const char *method = json_string_value(json_object_get(msg, "method"));
  bool opening = !r->has_session_id && strcmp(method, "initialize") == 0;
  if (!opening && !r->has_session_id)
    return respond_error(c, 400, NULL, -32600, "MCP-Session-Id is required after initialize", keep);
  const char *why = NULL;
  http_session *s = opening ? http_session_start(c->gw, &why) : http_session_find(c->gw, r->session_id);
  if (!s) {
    if (opening) return respond_error(c, 503, "Retry-After: 5\r\n", -32603, why, keep);
    return respond_error(c, 404, NULL, -32001, "Session not found: start a new one with initialize", keep);
  }
  bool busy, stream;
  json_t *token = stream_token(r, s, msg, &stream);
  sse events = {.c = c, .session_id = opening ? s->id : NULL};
  json_t *reply = http_session_call_streamed(s, msg, id, token, &busy, stream ? sse_emit : NULL, &events);
  bool ok;
  if (busy) {
    ok = respond_error(c, 400, NULL, -32600, "a request with this id is still running in the session", keep);
  } else if (!reply && events.head_sent) {
    ok = false; /* the stream ends without an answer: the client sees the connection close */
  } else if (!reply) {
    ok = respond_error(c, 500, NULL, -32603, "the session's server ended before answering", keep);
  } else {
    bool failed_open = opening && json_object_get(reply, "error");
    if (strcmp(method, "logging/setLevel") == 0 && !json_object_get(reply, "error"))
      __atomic_store_n(&s->logging, true, __ATOMIC_RELAXED);
    if (events.head_sent) {
      sse_event(&events, reply);
      ok = false; /* a stream ends with its connection */
    } else {
      ok = respond_json(c, reply, opening && !failed_open ? s->id : NULL, keep);
    }
    if (failed_open) http_session_end(s);
  }
  json_decref(reply);
  http_session_put(s);
  return ok;
}

static bool post_other(conn *c, const z3_http_request *r, json_t *msg, bool keep) {
  if (!r->has_session_id) return respond_error(c, 400, NULL, -32600, "MCP-Session-Id is required after initialize", keep);
  http_session *s = http_session_find(c->gw, r->session_id);
  if (!s) return respond_error(c, 404, NULL, -32001, "Session not found: start a new one with initialize", keep);
  bool sent = http_session_send(s, msg);
  http_session_put(s);
  if (!sent) return respond_error(c, 404, NULL, -32001, "Session not found: its server has ended", keep);
  return respond(c, 202, NULL, NULL, NULL, keep);
}

static bool handle_post(conn *c, const z3_http_request *r, const char *body, bool keep) {
  if (!strstr(r->content_type, "application/json"))
    return respond_error(c, 415, NULL, -32600, "Content-Type must be application/json", keep);
  if (!accepts_json(r)) return respond_error(c, 406, NULL, -32600, "Accept must include application/json", keep);
  json_error_t e;
  json_t *msg = json_loadb(body, r->content_length, JSON_DECODE_ANY, &e);
  if (!msg) {
    char text[300];
    snprintf(text, sizeof text, "parse error at line %d column %d: %s", e.line, e.column, e.text);
    return respond_error(c, 400, NULL, -32700, text, keep);
  }
  bool ok;
  json_t *id = json_object_get(msg, "id");
  json_t *method = json_object_get(msg, "method");
  if (!json_is_object(msg)) {
    ok = respond_error(c, 400, NULL, -32600, "a message must be one JSON object (no batches over HTTP)", keep);
  } else if (id && !json_is_string(id) && !json_is_integer(id)) {
    ok = respond_error(c, 400, NULL, -32600, "\"id\" must be a string or an integer", keep);
  } else if (method && !json_is_string(method)) {
    ok = respond_error(c, 400, NULL, -32600, "\"method\" must be a string", keep);
  } else if (method && id) {
    ok = post_request(c, r, msg, id, keep);
  } else {
    ok = post_other(c, r, msg, keep); /* a notification or a response: 202 */
  }
  json_decref(msg);
  return ok;
}

/* ---- one request --------------------------------------------------------------- */

static bool handle(conn *c, const z3_http_request *r, const char *body) {
  bool keep = r->keep_alive;
  if (strcmp(r->path, "/mcp") != 0) return respond_error(c, 404, NULL, -32600, "the MCP endpoint is /mcp", keep);
  if (!origin_allowed(c->gw, r)) return respond_error(c, 403, NULL, -32600, "Origin not allowed", keep);
  if (!token_ok(c->gw, r))
    return respond_error(c, 401, "WWW-Authenticate: Bearer realm=\"z3ed\"\r\n", -32600,
                         "a valid bearer token is required (Authorization: Bearer ...)", keep);
  if (r->has_protocol_version && !version_known(r->protocol_version))
    return respond_error(c, 400, NULL, -32600, "unsupported MCP-Protocol-Version", keep);
  if (strcmp(r->method, "POST") == 0) return handle_post(c, r, body, keep);
  if (strcmp(r->method, "DELETE") == 0) {
    http_session *s = r->has_session_id ? http_session_find(c->gw, r->session_id) : NULL;
    if (!s) return respond_error(c, r->has_session_id ? 404 : 400, NULL, -32001, "Session not found", keep);
    http_session_end(s);
    http_session_put(s);
    return respond(c, 204, NULL, NULL, NULL, keep);
  }
  return respond_error(c, 405, "Allow: POST, DELETE\r\n", -32600,
                       "GET: this server opens no event stream; POST messages to /mcp", keep);
}

/* ---- connections --------------------------------------------------------------- */

static bool reserve(conn *c, size_t want) {
  if (want <= c->cap) return true;
  char *p = z3_realloc(c->buf, want);
  if (!p) return false;
  c->buf = p, c->cap = want;
  return true;
}

/* Before a request begins the connection is idle; once it has, the request gets longer. */
static void set_read_limit(conn *c, int seconds) {
  if (c->read_limit == seconds) return;
  struct timeval t = {.tv_sec = seconds};
  setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &t, sizeof t);
  c->read_limit = seconds;
}

/* One read of whatever has come; false at EOF, timeout or error. */
static bool read_some(conn *c) {
  if (!reserve(c, c->len + Z3_HTTP_MAX_HEAD)) return false;
  set_read_limit(c, c->len ? REQUEST_SECONDS : IDLE_SECONDS);
  for (;;) {
    ssize_t n = recv(c->fd, c->buf + c->len, c->cap - c->len, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    c->len += (size_t)n;
    return true;
  }
}

/* Reads until the buffer holds at least `want` bytes; false at EOF, timeout or error. */
static bool read_more(conn *c, size_t want) {
  if (!reserve(c, want)) return false;
  set_read_limit(c, REQUEST_SECONDS);
  while (c->len < want) {
    ssize_t n = recv(c->fd, c->buf + c->len, c->cap - c->len, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    c->len += (size_t)n;
  }
  return true;
}

/* Serves one request from the buffer; false when the connection should close. */
static bool serve_one(conn *c) {
  z3_http_request r;
  const char *why;
  int rc;
  while ((rc = z3_http_parse_head(c->buf, c->len, &r, &why)) == Z3_HTTP_MORE)
    if (!read_some(c)) return false;
  if (rc != Z3_HTTP_DONE) return respond_error(c, rc, NULL, -32600, why, false);
  if (strcmp(r.method, "POST") == 0 && !r.has_length)
    return respond_error(c, 411, NULL, -32600, "POST needs Content-Length", false);
  size_t total = r.head_len + r.content_length;
  static const char go_on[] = "HTTP/1.1 100 Continue\r\n\r\n";
  if (r.expect_continue && c->len < total && !send_all(c->fd, go_on, sizeof go_on - 1)) return false;
  if (!read_more(c, total)) return false;
  bool keep = handle(c, &r, c->buf + r.head_len);
  memmove(c->buf, c->buf + total, c->len - total); /* a pipelined next request */
  c->len -= total;
  return keep;
}

/* Closing with unread input makes the kernel reset the connection, which can
 * destroy the error answer just sent; so stop writing, then drain a little. */
static void linger_close(int fd) {
  shutdown(fd, SHUT_WR);
  struct timeval brief = {.tv_sec = 1};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &brief, sizeof brief);
  char sink[4096];
  for (int i = 0; i < 64 && recv(fd, sink, sizeof sink, 0) > 0; i++) {}
}

static void *conn_main(void *arg) {
  conn *c = arg;
  struct timeval limit = {.tv_sec = REQUEST_SECONDS};
  setsockopt(c->fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit); /* no client that stopped reading holds a thread */
  set_read_limit(c, IDLE_SECONDS);                                     /* nor a slow or idle one (read_some) */
  while (!stop_requested && serve_one(c)) {}
  linger_close(c->fd);
  http_gateway *gw = c->gw;
  pthread_mutex_lock(&gw->lock);
  for (int i = 0; i < MAX_CONNECTIONS; i++)
    if (gw->conn_fds[i] == c->fd) gw->conn_fds[i] = -1;
  close(c->fd);
  gw->connections--;
  pthread_cond_broadcast(&gw->changed);
  pthread_mutex_unlock(&gw->lock);
  z3_free(c->buf);
  z3_free(c);
  return NULL;
}

static void accept_one(http_gateway *gw, int listener) {
  int fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
  if (fd < 0) return;
  pthread_mutex_lock(&gw->lock);
  bool room = gw->connections < MAX_CONNECTIONS;
  for (int i = 0; room && i < MAX_CONNECTIONS; i++) {
    if (gw->conn_fds[i] >= 0) continue;
    gw->conn_fds[i] = fd;
    gw->connections++;
    break;
  }
  pthread_mutex_unlock(&gw->lock);
  conn *c = room ? z3_calloc(1, sizeof *c) : NULL;
  pthread_t t;
  if (c) {
    c->gw = gw, c->fd = fd;
    if (pthread_create(&t, NULL, conn_main, c) == 0) {
      pthread_detach(t);
      return;
    }
    z3_free(c);
  }
  conn busy = {.gw = gw, .fd = fd};
  respond_error(&busy, 503, "Retry-After: 1\r\n", -32603, "too many connections", false);
  if (room) {
    pthread_mutex_lock(&gw->lock);
    for (int i = 0; i < MAX_CONNECTIONS; i++)
      if (gw->conn_fds[i] == fd) gw->conn_fds[i] = -1;
    gw->connections--;
    pthread_mutex_unlock(&gw->lock);
  }
  close(fd);
}

/* ---- listening ------------------------------------------------------------------ */

static bool is_loopback(const struct sockaddr *a) {
  if (a->sa_family == AF_INET)
    return (ntohl(((const struct sockaddr_in *)a)->sin_addr.s_addr) >> 24) == 127;
  if (a->sa_family == AF_INET6) return IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)a)->sin6_addr);
  return false;
}

/* "HOST:PORT" or "[V6]:PORT" into its parts (host without brackets). */
static bool split_listen(const char *listen, char *host, size_t cap, char *port, size_t pcap) {
  const char *colon = strrchr(listen, ':');
  if (!colon || colon == listen || !colon[1] || strlen(colon + 1) >= pcap) return false;
  const char *h = listen;
  size_t n = (size_t)(colon - listen);
  if (h[0] == '[') {
    if (n < 3 || h[n - 1] != ']') return false;
    h++, n -= 2;
  }
  if (n >= cap) return false;
  memcpy(host, h, n);
  host[n] = '\0';
  snprintf(port, pcap, "%s", colon + 1);
  for (const char *p = port; *p; p++)
    if (*p < '0' || *p > '9') return false;
  return true;
}

static int open_listener(const char *host, const char *port, bool *loopback, int *bound_port) {
  struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE};
  struct addrinfo *list = NULL;
  int err = getaddrinfo(host, port, &hints, &list);
  if (err) {
    fprintf(stderr, "z3ed: error: --http: cannot resolve '%s': %s\n", host, gai_strerror(err));
    return -1;
  }
  int fd = -1;
  for (struct addrinfo *a = list; a && fd < 0; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, 64) != 0) {
      close(fd);
      fd = -1;
      continue;
    }
    *loopback = is_loopback(a->ai_addr);
  }
  freeaddrinfo(list);
  struct sockaddr_storage ss;
  socklen_t len = sizeof ss;
  if (fd >= 0 && getsockname(fd, (struct sockaddr *)&ss, &len) == 0)
    *bound_port = ntohs(ss.ss_family == AF_INET ? ((struct sockaddr_in *)&ss)->sin_port
                                                : ((struct sockaddr_in6 *)&ss)->sin6_port);
  else if (fd < 0) {
    int e = errno;
    fprintf(stderr, "z3ed: error: --http: cannot listen on %s:%s: %s\n", host, port, strerror(e));
    if (e == EADDRINUSE) fprintf(stderr, "hint: another server listens there; choose another port, or 0 for a free one\n");
  }
  return fd;
}

static void add_origin(http_gateway *gw, char *origin) {
  char **p = origin ? z3_realloc(gw->origins, (gw->origin_count + 1) * sizeof *p) : NULL;
  if (!p) {
    z3_free(origin);
    return;
  }
  gw->origins = p;
  gw->origins[gw->origin_count++] = origin;
}

/* The endpoint's own origins, then the ones the user trusts. */
static void collect_origins(http_gateway *gw, const char *host, bool loopback, int port) {
  bool v6 = strchr(host, ':') != NULL;
  add_origin(gw, z3_strfmt(v6 ? "http://[%s]:%d" : "http://%s:%d", host, port));
  if (loopback) {
    add_origin(gw, z3_strfmt("http://localhost:%d", port));
    add_origin(gw, z3_strfmt("http://127.0.0.1:%d", port));
    add_origin(gw, z3_strfmt("http://[::1]:%d", port));
  }
  const char *list = gw->opts.allowed_origins;
  while (list && *list) {
    size_t n = strcspn(list, ",");
    if (n) add_origin(gw, z3_strfmt("%.*s", (int)n, list));
    list += n + (list[n] == ',');
  }
}

/* Wakes every connection thread and waits (a few seconds) for them to finish;
 * false when some are still running, so the gateway must outlive us. */
static bool close_connections(http_gateway *gw) {
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 5;
  pthread_mutex_lock(&gw->lock);
  for (int i = 0; i < MAX_CONNECTIONS; i++)
    if (gw->conn_fds[i] >= 0) shutdown(gw->conn_fds[i], SHUT_RDWR);
  while (gw->connections > 0 && pthread_cond_timedwait(&gw->changed, &gw->lock, &until) == 0) {}
  bool done = gw->connections == 0;
  pthread_mutex_unlock(&gw->lock);
  return done;
}

static void release_gateway(http_gateway *gw) {
  for (size_t i = 0; i < gw->origin_count; i++) z3_free(gw->origins[i]);
  z3_free(gw->origins);
  pthread_mutex_destroy(&gw->lock);
  pthread_cond_destroy(&gw->changed);
  z3_free(gw);
}

static bool find_exe(http_gateway *gw) {
  if (gw->opts.exe) return snprintf(gw->exe, sizeof gw->exe, "%s", gw->opts.exe) < (int)sizeof gw->exe;
  ssize_t n = readlink("/proc/self/exe", gw->exe, sizeof gw->exe - 1);
  if (n <= 0) return false;
  gw->exe[n] = '\0';
  return true;
}

static void serve_until_stopped(http_gateway *gw, int listener) {
  struct sigaction sa = {.sa_handler = on_stop};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  while (!stop_requested) {
    struct pollfd p = {.fd = listener, .events = POLLIN};
    if (poll(&p, 1, 250) > 0) accept_one(gw, listener); /* the timeout lets a signal stop us */
  }
}

int z3_mcp_http_serve(const z3_mcp_http_options *opts) {
  char host[256], port[16];
  if (!opts->listen || !split_listen(opts->listen, host, sizeof host, port, sizeof port)) {
    fprintf(stderr, "z3ed: error: --http needs HOST:PORT (e.g. 127.0.0.1:8765), not '%s'\n",
            opts->listen ? opts->listen : "");
    return 2;
  }
  if (strtol(port, NULL, 10) > 65535) { /* getaddrinfo would take it modulo 65536: another port */
    fprintf(stderr, "z3ed: error: --http: port %s is outside 0-65535 (0 picks a free one)\n", port);
    return 2;
  }
  http_gateway *gw = z3_calloc(1, sizeof *gw);
  if (!gw) return 3;
  gw->opts = *opts;
  pthread_mutex_init(&gw->lock, NULL);
  pthread_cond_init(&gw->changed, NULL);
  for (int i = 0; i < MAX_CONNECTIONS; i++) gw->conn_fds[i] = -1;
  bool loopback = false, idle = true;
  int bound = 0, fd = find_exe(gw) ? open_listener(host, port, &loopback, &bound) : -1;
  int rc = fd < 0 ? 3 : 0;
  if (fd >= 0 && !loopback && !opts->token) {
    fprintf(stderr, "z3ed: error: --http %s is not a loopback address, so a token is required\n"
                    "hint: --token-file FILE or the environment variable Z3ED_MCP_TOKEN\n", opts->listen);
    rc = 2;
  }
  if (rc == 0) {
    collect_origins(gw, host, loopback, bound);
    if (opts->ready) {
      fprintf(opts->ready, strchr(host, ':') ? "http://[%s]:%d/mcp\n" : "http://%s:%d/mcp\n", host, bound);
      fflush(opts->ready);
    }
    stop_requested = 0;
    serve_until_stopped(gw, fd);
    http_sessions_shutdown(gw);
    idle = close_connections(gw);
  }
  if (fd >= 0) close(fd);
  if (idle) release_gateway(gw); /* else a stuck connection thread still uses it; the process ends anyway */
  return rc;
}
