/* A session on a Unix socket (server.h): one poll loop, requests one at a time. */
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
  SEND_TIMEOUT_S = 2,
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

/* Each returns false when the reply could not be sent: the client is dropped. */
static bool dispatch(server *s, int fd, const json_t *id, const char *method, const json_t *params) {
  json_t *result = json_object();
  z3_error err;
  z3_error_init(&err);
  z3_status st = Z3_OK;
  if (strcmp(method, "stop") == 0) s->stopping = true, json_object_set_new(result, "stopping", json_true());
  else if (strcmp(method, "ping") == 0) json_object_set_new(result, "version", json_string(Z3_VERSION));
  else st = z3_debug_call(s->dbg, method, params, result, &err);
  if (st) {
    json_decref(result);
    return !id || z3_rpc_send_error(fd, id, rpc_code(st, method), err.message, &err);
  }
  return z3_rpc_send_result(fd, id, result);
}

static bool handle_frame(server *s, int fd, const uint8_t *body, size_t len) {
  json_error_t jerr;
  json_t *req = json_loadb((const char *)body, len, JSON_REJECT_DUPLICATES, &jerr);
  z3_error err;
  z3_error_init(&err);
  if (!req) {
    z3_error_set(&err, Z3_E_INVALID, "invalid JSON at line %d, column %d: %s", jerr.line, jerr.column, jerr.text);
    return z3_rpc_send_error(fd, NULL, RPC_PARSE, err.message, &err);
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
  bool sent;
  if (problem) {
    z3_error_set(&err, Z3_E_INVALID, "%s", problem);
    sent = z3_rpc_send_error(fd, json_is_object(req) ? id : NULL, RPC_INVALID_REQUEST, problem, &err);
  } else {
    sent = dispatch(s, fd, id, json_string_value(method), params);
  }
  json_decref(req);
  return sent;
}

static void drop_client(server *s, size_t i) {
  close(s->clients[i].fd);
  z3_frame_reader_release(&s->clients[i].reader);
  s->clients[i] = s->clients[--s->count];
}

/* Reads what arrived; false when the connection is to be closed. */
static bool serve_client(server *s, client *c) {
  uint8_t chunk[65536];
  ssize_t n = read(c->fd, chunk, sizeof chunk);
  if (n <= 0) return n < 0 && errno == EINTR;
  z3_error err;
  z3_error_init(&err);
  if (z3_frame_feed(&c->reader, chunk, (size_t)n, &err)) return false;
  const uint8_t *body;
  size_t len;
  int got = 0; /* stays 0 when the session is already stopping */
  while (!s->stopping && (got = z3_frame_next(&c->reader, &body, &len, &err)) == 1) {
    if (handle_frame(s, c->fd, body, len)) continue;
    fprintf(stderr, "z3ed debug: warning: dropped a client that stopped reading its replies\n");
    return false;
  }
  if (got < 0) {
    fprintf(stderr, "z3ed debug: warning: refused a client's frame: %s\n", err.message);
    z3_rpc_send_error(c->fd, NULL, RPC_INVALID_REQUEST, err.message, &err);
    return false; /* the stream is out of step */
  }
  return true;
}

static void accept_client(server *s) {
  int fd = accept(s->listener, NULL, NULL);
  if (fd < 0) return;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  /* One thread serves every client: a reply that cannot be written within
   * this time means a client that does not read, and it is dropped rather
   * than left to stall the others. */
  struct timeval send_limit = {.tv_sec = SEND_TIMEOUT_S};
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
  c->fd = fd;
  z3_frame_reader_init(&c->reader, REQUEST_MAX);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void loop(server *s, unsigned idle_seconds) {
  double idle_since = now();
  while (!s->stopping) {
    struct pollfd fds[MAX_CLIENTS + 1] = {{.fd = s->listener, .events = POLLIN}};
    for (size_t i = 0; i < s->count; i++) fds[i + 1] = (struct pollfd){.fd = s->clients[i].fd, .events = POLLIN};
    int timeout = -1;
    if (idle_seconds && s->count == 0) {
      double left = idle_since + idle_seconds - now();
      if (left <= 0) return;
      timeout = (int)(left * 1000) + 1;
    }
    int ready = poll(fds, s->count + 1, timeout);
    if (ready < 0 && errno != EINTR) return;
    if (ready <= 0) continue;
    for (size_t i = s->count; i-- > 0;)
      if (fds[i + 1].revents && !serve_client(s, &s->clients[i])) drop_client(s, i);
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
  while (s.count) drop_client(&s, s.count - 1);
  close(s.listener);
  unlink(opts->socket_path);
  return Z3_OK;
}
