/*
 * debug/server: a session served on a Unix socket, and the client side.
 *
 * Wire format: length-prefixed frames (base/frame.h) carrying JSON-RPC 2.0:
 *   -> {"jsonrpc": "2.0", "id": 1, "method": "step", "params": {"count": 3}}
 *   <- {"jsonrpc": "2.0", "id": 1, "result": {...}}
 *   <- {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "...",
 *                                           "data": {"kind": "usage", "hint": "..."}}}
 * Methods are those of debug/methods.h plus "ping" and "stop" (the server
 * answers, then exits). Several clients may connect; requests run one at a
 * time in arrival order. A malformed frame closes only its connection; bad
 * JSON, a bad envelope or bad parameters get an error reply. The server exits
 * by itself after `idle_seconds` with no client connected (0: never).
 */
#ifndef Z3_DEBUG_SERVER_H
#define Z3_DEBUG_SERVER_H

#include <jansson.h>

#include "debug/debug.h"

typedef struct z3_debug_serve_opts {
  const char *socket_path;
  unsigned idle_seconds;
  int ready_fd;          /* >= 0: "ready\n" is written there once listening, then it is closed */
} z3_debug_serve_opts;

/* Serves until "stop" or the idle timeout. Errors: the socket cannot be made. */
z3_status z3_debug_serve(z3_debug *dbg, const z3_debug_serve_opts *opts, z3_error *err);

/* One request to the session at socket_path; *result (caller decrefs) on
 * success. A JSON-RPC error becomes err with its message and hint, and the
 * status its data.kind names. */
z3_status z3_debug_request(const char *socket_path, const char *method, json_t *params, json_t **result,
                           z3_error *err);

#endif
