/* The server side of z3ed's framed JSON-RPC sockets (rpc.h): replies. */
#include <stdlib.h>
#include <string.h>

#include "base/frame.h"
#include "debug/rpc.h"

/* False when the reply did not go out: the client went away, or stopped
 * reading until the socket's send timeout passed. */
static bool send_json(int fd, json_t *msg) {
  char *text = json_dumps(msg, JSON_COMPACT);
  z3_error err;
  z3_error_init(&err);
  bool sent = text && z3_frame_write(fd, text, strlen(text), &err) == Z3_OK;
  free(text);
  json_decref(msg);
  return sent;
}

static json_t *envelope(const json_t *id) {
  json_t *msg = json_object();
  json_object_set_new(msg, "jsonrpc", json_string("2.0"));
  json_object_set(msg, "id", id ? (json_t *)id : json_null());
  return msg;
}

bool z3_rpc_send_result(int fd, const json_t *id, json_t *result) {
  if (!id) { /* a notification: no reply */
    json_decref(result);
    return true;
  }
  json_t *msg = envelope(id);
  json_object_set_new(msg, "result", result);
  return send_json(fd, msg);
}

bool z3_rpc_send_error(int fd, const json_t *id, int code, const char *message, const z3_error *err) {
  json_t *msg = envelope(id), *e = json_object(), *data = json_object();
  json_object_set_new(e, "code", json_integer(code));
  json_object_set_new(e, "message", json_string(message));
  json_object_set_new(data, "kind", json_string(z3_status_name(err ? err->code : Z3_E_INVALID)));
  if (err && err->hint[0]) json_object_set_new(data, "hint", json_string(err->hint));
  json_object_set_new(e, "data", data);
  json_object_set_new(msg, "error", e);
  return send_json(fd, msg);
}
