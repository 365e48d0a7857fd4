/*
 * debug/rpc: both sides of z3ed's framed JSON-RPC sockets (a debug session,
 * yaze's automation harness): the client's connection and requests
 * (client.c), the server's replies (rpc_reply.c).
 */
#ifndef Z3_DEBUG_RPC_H
#define Z3_DEBUG_RPC_H

#include <jansson.h>

#include "base/base.h"
#include "base/frame.h"

/* Connects to the Unix socket at path. On failure err says "no WHAT at PATH"
 * with hint (may be NULL). */
z3_status z3_rpc_connect(const char *path, const char *what, const char *hint, int *fd, z3_error *err);
/* Sends one request and reads its reply: *result (caller decrefs) on success.
 * A JSON-RPC error becomes err with its message and hint, and the status its
 * data.kind names; *error_code (may be NULL) receives its code, 0 otherwise. */
z3_status z3_rpc_call(int fd, const char *method, json_t *params, json_t **result, int *error_code, z3_error *err);

/* path as a JSON string a server in another folder reads as the client meant it:
 * a relative path is made absolute against the client's current folder. */
json_t *z3_rpc_absolute_path(const char *path);

/* Listens on a new Unix socket at path that only this user may connect to (0600). A
 * server already answering there is an error ("a WHAT already listens on PATH", with hint,
 * which may be NULL); a dead server's socket file is replaced. */
z3_status z3_rpc_listen(const char *path, const char *what, const char *hint, int *fd, z3_error *err);

/* An error reply written at once, for a connection refused before it is served: code,
 * message, and data.kind (err's status, else invalid) with err's hint. False when it
 * did not go out (the client went away or did not take it within the send timeout). */
bool z3_rpc_send_error(int fd, const json_t *id, int code, const char *message, const z3_error *err);
/* Replies put in a client's queue, for a server that must not wait on any one client
 * (base/frame.h): the result (taken; a notification, id NULL, gets none) or an error as
 * above. False when out of memory. */
bool z3_rpc_queue_result(z3_frame_outbox *o, const json_t *id, json_t *result);
bool z3_rpc_queue_error(z3_frame_outbox *o, const json_t *id, int code, const char *message, const z3_error *err);

#endif
