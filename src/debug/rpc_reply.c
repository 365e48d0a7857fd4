/* The server side of z3ed's framed JSON-RPC sockets (rpc.h): the listening socket, replies. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/frame.h"
#include "debug/rpc.h"

enum { BACKLOG = 128 }; /* bursts of connections queue instead of being refused by the kernel */

/* The mode is set between bind and listen: before listen() nobody can connect, so no
 * client ever finds the socket wider than 0600 (a umask would also touch files other
 * threads make meanwhile). */
z3_status z3_rpc_listen(const char *path, const char *what, const char *hint, int *out, z3_error *err) {
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof sa.sun_path)
    return z3_error_set(err, Z3_E_USAGE, "socket path '%s' is too long (at most %zu bytes)", path, sizeof sa.sun_path - 1);
  memcpy(sa.sun_path, path, strlen(path) + 1);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return z3_error_set(err, Z3_E_IO, "cannot make a socket: %s", strerror(errno));
  if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0) {
    close(fd);
    z3_error_set(err, Z3_E_IO, "a %s already listens on '%s'", what, path);
    if (hint) z3_error_hint(err, "%s", hint);
    return Z3_E_IO;
  }
  if (errno == ECONNREFUSED) unlink(path); /* a dead server's socket file */
  bool bound = bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0;
  if (!bound || chmod(path, 0600) < 0 || listen(fd, BACKLOG) < 0) {
    int e = errno;
    close(fd);
    if (bound) unlink(path); /* ours, and nobody can use it */
    return z3_error_set(err, Z3_E_IO, "cannot listen on '%s': %s", path, strerror(e));
  }
  *out = fd;
  return Z3_OK;
}

/* A reply's text, or NULL (out of memory); msg is taken. */
static char *reply_text(json_t *msg) {
  char *text = json_dumps(msg, JSON_COMPACT);
  json_decref(msg);
  return text;
}

/* False when the reply did not go out: the client went away, or did not take
 * it within the socket's send timeout. */
static bool send_json(int fd, json_t *msg) {
  char *text = reply_text(msg);
  z3_error err;
  z3_error_init(&err);
  bool sent = text && z3_frame_write(fd, text, strlen(text), &err) == Z3_OK;
  free(text);
  return sent;
}

static bool queue_json(z3_frame_outbox *o, json_t *msg) {
  char *text = reply_text(msg);
  z3_error err;
  z3_error_init(&err);
  bool queued = text && z3_frame_outbox_put(o, text, strlen(text), &err) == Z3_OK;
  free(text);
  return queued;
}

static json_t *envelope(const json_t *id) {
  json_t *msg = json_object();
  json_object_set_new(msg, "jsonrpc", json_string("2.0"));
  json_object_set(msg, "id", id ? (json_t *)id : json_null());
  return msg;
}

static json_t *result_message(const json_t *id, json_t *result) {
  json_t *msg = envelope(id);
  json_object_set_new(msg, "result", result);
  return msg;
}

static json_t *error_message(const json_t *id, int code, const char *message, const z3_error *err) {
  json_t *msg = envelope(id), *e = json_object(), *data = json_object();
  json_object_set_new(e, "code", json_integer(code));
  json_object_set_new(e, "message", json_string(message));
  json_object_set_new(data, "kind", json_string(z3_status_name(err ? err->code : Z3_E_INVALID)));
  if (err && err->hint[0]) json_object_set_new(data, "hint", json_string(err->hint));
  json_object_set_new(e, "data", data);
  json_object_set_new(msg, "error", e);
  return msg;
}

bool z3_rpc_send_error(int fd, const json_t *id, int code, const char *message, const z3_error *err) {
  return send_json(fd, error_message(id, code, message, err));
}

bool z3_rpc_queue_result(z3_frame_outbox *o, const json_t *id, json_t *result) {
  if (!id) {
    json_decref(result);
    return true;
  }
  return queue_json(o, result_message(id, result));
}

bool z3_rpc_queue_error(z3_frame_outbox *o, const json_t *id, int code, const char *message, const z3_error *err) {
  return queue_json(o, error_message(id, code, message, err));
}
