/* The client side of a session socket (server.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/frame.h"
#include "debug/rpc.h"
#include "debug/server.h"

z3_status z3_rpc_connect(const char *path, const char *what, const char *hint, int *out, z3_error *err) {
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof sa.sun_path)
    return z3_error_set(err, Z3_E_USAGE, "%s path '%s' is too long for a socket", what, path);
  memcpy(sa.sun_path, path, strlen(path) + 1);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return z3_error_set(err, Z3_E_IO, "cannot make a socket: %s", strerror(errno));
  if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
    int e = errno;
    close(fd);
    z3_error_set(err, Z3_E_IO, "no %s at '%s': %s", what, path, strerror(e));
    if (hint) z3_error_hint(err, "%s", hint);
    return Z3_E_IO;
  }
  *out = fd;
  return Z3_OK;
}

static z3_status status_of_kind(const char *kind) {
  static const z3_status all[] = {Z3_E_USAGE, Z3_E_INVALID, Z3_E_NOT_FOUND, Z3_E_IO, Z3_E_NOMEM, Z3_E_CHECK};
  for (size_t i = 0; kind && i < sizeof all / sizeof all[0]; i++)
    if (strcmp(kind, z3_status_name(all[i])) == 0) return all[i];
  return Z3_E_INTERNAL;
}

static z3_status reply_to_result(json_t *reply, json_t **result, int *code, z3_error *err) {
  json_t *e = json_object_get(reply, "error");
  if (e) {
    if (code) *code = (int)json_integer_value(json_object_get(e, "code"));
    const json_t *data = json_object_get(e, "data");
    const char *message = json_string_value(json_object_get(e, "message"));
    const char *hint = json_string_value(json_object_get(data, "hint"));
    z3_status st = status_of_kind(json_string_value(json_object_get(data, "kind")));
    z3_error_set(err, st, "%s", message ? message : "the session reported an error");
    if (hint) z3_error_hint(err, "%s", hint);
    return st;
  }
  json_t *r = json_object_get(reply, "result");
  if (!json_is_object(r)) return z3_error_set(err, Z3_E_INVALID, "the session's reply has no result");
  *result = json_incref(r);
  return Z3_OK;
}

z3_status z3_rpc_call(int fd, const char *method, json_t *params, json_t **result, int *error_code, z3_error *err) {
  *result = NULL;
  if (error_code) *error_code = 0;
  json_t *req = json_object();
  json_object_set_new(req, "jsonrpc", json_string("2.0"));
  json_object_set_new(req, "id", json_integer(1));
  json_object_set_new(req, "method", json_string(method));
  if (params) json_object_set(req, "params", params);
  char *text = json_dumps(req, JSON_COMPACT);
  json_decref(req);
  z3_status st = text ? z3_frame_write(fd, text, strlen(text), err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  free(text);
  z3_buf reply;
  z3_buf_init(&reply);
  if (!st) st = z3_frame_read(fd, &reply, Z3_FRAME_MAX, err);
  if (!st) {
    json_error_t jerr;
    json_t *msg = json_loadb((const char *)reply.data, reply.len, 0, &jerr);
    st = msg ? reply_to_result(msg, result, error_code, err)
             : z3_error_set(err, Z3_E_INVALID, "the peer sent invalid JSON: %s", jerr.text);
    json_decref(msg);
  }
  z3_buf_release(&reply);
  return st;
}

z3_status z3_debug_request(const char *socket_path, const char *method, json_t *params, json_t **result,
                           z3_error *err) {
  *result = NULL;
  int fd = -1;
  z3_status st = z3_rpc_connect(socket_path, "debug session",
                                "start one with `z3ed debug start --rom ROM`, which prints its session path", &fd, err);
  if (st) return st;
  st = z3_rpc_call(fd, method, params, result, NULL, err);
  close(fd);
  return st;
}

json_t *z3_rpc_absolute_path(const char *path) {
  char cwd[4096];
  if (path[0] == '/' || !getcwd(cwd, sizeof cwd)) return json_string(path);
  char *full = z3_strfmt("%s/%s", cwd, path);
  json_t *v = json_string(full ? full : path);
  z3_free(full);
  return v;
}
