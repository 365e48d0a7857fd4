/* A session on a Unix socket (server.h): one poll loop, requests one at a time.
 * Replies are queued per client and written as its socket takes them, so no
 * client waits on another: one that does not read has its requests left unread
 * while READ_PAUSE of its replies wait, and is dropped when they have not moved
 * for STALL_LIMIT_S. */
#include "debug/rpc.h"
#include "debug/server.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "base/frame.h"
#include "debug/methods.h"

enum {
  MAX_CLIENTS = 16,
  STALL_LIMIT_S = 2,
  READ_PAUSE = 256u << 10,
  REQUEST_MAX = 1u << 20, /* a request is small; a larger frame is a broken client */
  RPC_PARSE = -32700,
  RPC_INVALID_REQUEST = -32600,
  RPC_NO_METHOD = -32601,
  RPC_INVALID_PARAMS = -32602,
  RPC_FAILED = -32000,
};

typedef struct client {
  int fd;
  z3_frame_reader reader;
  z3_frame_outbox out;
  double moved_at; /* when its replies last moved, or began to wait */
  bool ended;      /* it sent all it will (EOF): closed once its replies are out */
} client;

typedef struct server {
  z3_debug *dbg;
  int listener;
  client clients[MAX_CLIENTS];
  size_t count;
  bool stopping;
} server;

static z3_status listen_on(const char *path, int *out, z3_error *err) {
  char *hint = z3_strfmt("stop it with `z3ed debug stop --session %s`, or choose another --socket", path);
  z3_status st = z3_rpc_listen(path, "session", hint, out, err);
  z3_free(hint);
  return st;
}

static int rpc_code(z3_status st, const char *method) {
  if (st == Z3_E_NOT_FOUND && !z3_debug_method_exists(method)) return RPC_NO_METHOD;
  return st == Z3_E_USAGE ? RPC_INVALID_PARAMS : RPC_FAILED;
}

/* Each returns false when the reply could not be queued (out of memory): the client is dropped. */
static bool dispatch(server *s, z3_frame_outbox *out, const json_t *id, const char *method, const json_t *params) {
  json_t *result = json_object();
  z3_error err;
  z3_error_init(&err);
  z3_status st = Z3_OK;
  if (strcmp(method, "stop") == 0) s->stopping = true, json_object_set_new(result, "stopping", json_true());
  else if (strcmp(method, "ping") == 0) json_object_set_new(result, "version", json_string(Z3_VERSION));
  else st = z3_debug_call(s->dbg, method, params, result, &err);
  if (st) {
    json_decref(result);
    return !id || z3_rpc_queue_error(out, id, rpc_code(st, method), err.message, &err);
  }
  return z3_rpc_queue_result(out, id, result);
}

static bool handle_frame(server *s, z3_frame_outbox *out, const uint8_t *body, size_t len) {
  json_error_t jerr;
  json_t *req = json_loadb((const char *)body, len, JSON_REJECT_DUPLICATES, &jerr);
  z3_error err;
  z3_error_init(&err);
  if (!req) {
    z3_error_set(&err, Z3_E_INVALID, "invalid JSON at line %d, column %d: %s", jerr.line, jerr.column, jerr.text);
    return z3_rpc_queue_error(out, NULL, RPC_PARSE, err.message, &err);
  }
  const json_t *id = json_object_get(req, "id");
  const json_t *method = json_object_get(req, "method");
  const json_t *params = json_object_get(req, "params");
  const char *problem = !json_is_object(req) ? "a request must be a JSON object"
                        : !json_is_string(json_object_get(req, "jsonrpc")) ||
                                  strcmp(json_string_value(json_object_get(req, "jsonrpc")), "2.0") != 0
                            ? "\"jsonrpc\" must be \"2.0\""
                        : !json_is_string(method) ? "\"method\" must be a string"
                        : id && !json_is_string(id) && !json_is_integer(id) && !json_is_null(id)
                            ? "\"id\" must be a string, an integer or null"
                        : params && !json_is_object(params) ? "\"params\" must be an object"
                                                            : NULL;
  bool queued;
  if (problem) {
    z3_error_set(&err, Z3_E_INVALID, "%s", problem);
    queued = z3_rpc_queue_error(out, json_is_object(req) ? id : NULL, RPC_INVALID_REQUEST, problem, &err);
  } else {
    queued = dispatch(s, out, id, json_string_value(method), params);
  }
  json_decref(req);
  return queued;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void drop_client(server *s, size_t i) {
  z3_frame_outbox_flush(&s->clients[i].out, s->clients[i].fd); /* a last error reply, if the socket takes it */
  close(s->clients[i].fd);
  z3_frame_reader_release(&s->clients[i].reader);
  z3_frame_outbox_release(&s->clients[i].out);
  s->clients[i] = s->clients[--s->count];
}

/* Writes what the socket takes now; false when the client is gone. */
static bool flush_replies(client *c) {
  ssize_t n = z3_frame_outbox_flush(&c->out, c->fd);
  if (n > 0) c->moved_at = now();
  return n >= 0;
}

/* Handles the whole requests read so far, while the client takes its replies; false
 * when the connection is to be closed. */
static bool serve_requests(server *s, client *c) {
  z3_error err;
  z3_error_init(&err);
  const uint8_t *body;
  size_t len;
  int got = 0; /* stays 0 when the session is already stopping */
  while (!s->stopping && z3_frame_outbox_pending(&c->out) < READ_PAUSE &&
         (got = z3_frame_next(&c->reader, &body, &len, &err)) == 1) {
    bool waited = z3_frame_outbox_pending(&c->out) > 0;
    if (!handle_frame(s, &c->out, body, len)) return false;
    if (!waited && z3_frame_outbox_pending(&c->out)) c->moved_at = now(); /* begins to wait */
    if (!flush_replies(c)) return false;
  }
  if (got < 0) {
    fprintf(stderr, "z3ed debug: warning: refused a client's frame: %s\n", err.message);
    z3_rpc_queue_error(&c->out, NULL, RPC_INVALID_REQUEST, err.message, &err);
    return false; /* the stream is out of step */
  }
  return true;
}

/* Reads what arrived; false when the connection is to be closed. */
static bool read_requests(server *s, client *c) {
  z3_frame_receipt got = z3_frame_receive(&c->reader, c->fd);
  c->ended |= got == Z3_FRAME_ENDED;
  return got == Z3_FRAME_GOT ? serve_requests(s, c) : got != Z3_FRAME_BROKEN;
}

/* One poll result of a client; false when it is to be dropped. */
static bool serve_client(server *s, client *c, short revents) {
  if ((revents & POLLOUT) && !(flush_replies(c) && serve_requests(s, c))) return false;
  if (revents & POLLIN) {
    if (!read_requests(s, c)) return false;
  } else if (revents & (POLLHUP | POLLERR | POLLNVAL)) {
    return false;
  }
  if (z3_frame_outbox_pending(&c->out) && now() - c->moved_at >= STALL_LIMIT_S) {
    fprintf(stderr, "z3ed debug: warning: dropped a client that stopped reading its replies\n");
    return false;
  }
  return !(c->ended && !z3_frame_outbox_pending(&c->out));
}

static void accept_client(server *s) {
  int fd = accept(s->listener, NULL, NULL);
  if (fd < 0) return;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  struct timeval send_limit = {.tv_sec = STALL_LIMIT_S}; /* the refusal below only */
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &send_limit, sizeof send_limit);
  if (s->count == MAX_CLIENTS) {
    z3_error err;
    z3_error_init(&err);
    z3_error_set(&err, Z3_E_IO, "too many clients (%d)", MAX_CLIENTS);
    fprintf(stderr, "z3ed debug: warning: refused a connection: %s\n", err.message);
    z3_rpc_send_error(fd, NULL, RPC_FAILED, err.message, &err);
    close(fd);
    return;
  }
  client *c = &s->clients[s->count++];
  *c = (client){.fd = fd, .moved_at = now()};
  z3_frame_reader_init(&c->reader, REQUEST_MAX);
  z3_frame_outbox_init(&c->out);
}

/* What poll waits for from a client, and how long (ms, -1 for ever) until the first
 * client whose replies wait would count as stalled. */
static short client_events(const client *c) {
  size_t waiting = z3_frame_outbox_pending(&c->out);
  return (short)((waiting < READ_PAUSE && !c->ended ? POLLIN : 0) | (waiting ? POLLOUT : 0));
}

static int stall_timeout(const server *s) {
  double first = -1;
  for (size_t i = 0; i < s->count; i++) {
    if (!z3_frame_outbox_pending(&s->clients[i].out)) continue;
    double left = s->clients[i].moved_at + STALL_LIMIT_S - now();
    if (first < 0 || left < first) first = left > 0 ? left : 0;
  }
  return first < 0 ? -1 : (int)(first * 1000) + 1;
}

/* The replies still queued when the session stops (the `stop` request's own among
 * them) get a moment to go out. */
static void drain_replies(server *s) {
  double until = now() + 1;
  for (bool waiting = true; waiting && now() < until;) {
    waiting = false;
    for (size_t i = 0; i < s->count; i++) {
      client *c = &s->clients[i];
      if (!z3_frame_outbox_pending(&c->out)) continue;
      struct pollfd p = {.fd = c->fd, .events = POLLOUT};
      if (poll(&p, 1, 50) > 0 && flush_replies(c) && z3_frame_outbox_pending(&c->out)) waiting = true;
    }
  }
}

static void loop(server *s, unsigned idle_seconds) {
  double idle_since = now();
  while (!s->stopping) {
    struct pollfd fds[MAX_CLIENTS + 1] = {{.fd = s->listener, .events = POLLIN}};
    for (size_t i = 0; i < s->count; i++)
      fds[i + 1] = (struct pollfd){.fd = s->clients[i].fd, .events = client_events(&s->clients[i])};
    int timeout = stall_timeout(s);
    if (idle_seconds && s->count == 0) {
      double left = idle_since + idle_seconds - now();
      if (left <= 0) return;
      timeout = (int)(left * 1000) + 1;
    }
    int ready = poll(fds, s->count + 1, timeout);
    if (ready < 0 && errno != EINTR) return;
    if (ready < 0) continue;
    for (size_t i = s->count; i-- > 0;) /* a timeout comes here too: the stall check */
      if (!serve_client(s, &s->clients[i], fds[i + 1].revents)) drop_client(s, i);
    if (fds[0].revents & POLLIN) accept_client(s);
    if (s->count == 0) idle_since = now();
  }
}

z3_status z3_debug_serve(z3_debug *dbg, const z3_debug_serve_opts *opts, z3_error *err) {
  server s = {.dbg = dbg};
  z3_status st = listen_on(opts->socket_path, &s.listener, err);
  if (st) return st;
  signal(SIGPIPE, SIG_IGN); /* a client that hangs up must not end the session */
  if (opts->ready_fd >= 0) {
    (void)!write(opts->ready_fd, "ready\n", 6);
    close(opts->ready_fd);
  }
  loop(&s, opts->idle_seconds);
  drain_replies(&s);
  while (s.count) drop_client(&s, s.count - 1);
  close(s.listener);
  unlink(opts->socket_path);
  return Z3_OK;
}
