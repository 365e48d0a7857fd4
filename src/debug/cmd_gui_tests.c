/* gui record, replay and test-results: IT-05 and IT-07 from the shell (table_gui.c, src/gui/harness_tests.c). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "debug/handlers_gui.h"
#include "debug/rpc.h"

enum { POLL_MS = 20 };

static z3_status call_once(const z3_cmd_ctx *ctx, const char *method, json_t *params, json_t **result, z3_error *err) {
  const char *path = gui_socket_path(ctx, err);
  int fd;
  z3_status st = path ? gui_connect(path, &fd, err) : Z3_E_USAGE;
  if (!st) {
    st = z3_rpc_call(fd, method, params, result, NULL, err);
    close(fd);
  }
  json_decref(params);
  return st;
}

/* --dry-run: what would be sent, unsent (params taken). */
static z3_status unsent(z3_cmd_ctx *ctx, const char *method, json_t *params) {
  json_object_set_new(ctx->result, "dry_run", json_true());
  json_object_set_new(ctx->result, "method", json_string(method));
  json_object_set_new(ctx->result, "params", params);
  return Z3_OK;
}

/* `gui record --out FILE [--name N]` starts, `gui record --stop` writes the script. */
z3_status cmd_gui_record(z3_cmd_ctx *ctx, z3_error *err) {
  bool stop = z3_arg_bool(ctx, "stop");
  if (stop == (z3_arg_str(ctx, "out") != NULL))
    return z3_error_set(err, Z3_E_USAGE, "give either --out FILE (start recording) or --stop (write it)");
  json_t *params = gui_params_of(ctx, err), *result = NULL;
  if (!params) return Z3_E_USAGE;
  if (ctx->dry_run) return unsent(ctx, stop ? "StopRecording" : "StartRecording", params);
  z3_status st = call_once(ctx, stop ? "StopRecording" : "StartRecording", params, &result, err);
  if (st) return st;
  json_object_update(ctx->result, result);
  json_decref(result);
  return Z3_OK;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Polls test id until it has finished or wait_ms passed, then puts its results into ctx->result.
 * A failed test is Z3_E_CHECK (exit 1) with its message; one still running after wait_ms is Z3_E_IO. */
static z3_status results_of(const z3_cmd_ctx *ctx, int fd, json_int_t id, int64_t wait_ms, z3_error *err) {
  double end = now_ms() + (double)wait_ms;
  json_t *result = NULL;
  z3_status st;
  for (;;) {
    json_t *params = json_pack("{s:I}", "id", id);
    st = z3_rpc_call(fd, "GetTestResults", params, &result, NULL, err);
    json_decref(params);
    const char *status = st ? "" : json_string_value(json_object_get(result, "status"));
    if (!status) status = "";
    if (st || (strcmp(status, "queued") && strcmp(status, "running")) || now_ms() >= end) break;
    json_decref(result);
    result = NULL;
    nanosleep(&(struct timespec){.tv_nsec = POLL_MS * 1000000L}, NULL);
  }
  if (st) return st;
  json_object_update(ctx->result, result);
  const char *status = json_string_value(json_object_get(result, "status"));
  if (!status) status = "unknown";
  const char *message = json_string_value(json_object_get(result, "message"));
  if (!strcmp(status, "queued") || !strcmp(status, "running")) {
    st = z3_error_set(err, Z3_E_IO, "test %lld is still %s after %lld ms", (long long)id, status, (long long)wait_ms);
    z3_error_hint(err, "ask again with `z3ed gui test-results --id %lld --wait MS`", (long long)id);
  } else if (strcmp(status, "passed") != 0)
    st = z3_error_set(err, Z3_E_CHECK, "test %lld %s: %s", (long long)id, status, message ? message : "");
  json_decref(result);
  return st;
}

static z3_status connect_ctx(const z3_cmd_ctx *ctx, int *fd, z3_error *err) {
  const char *path = gui_socket_path(ctx, err);
  return path ? gui_connect(path, fd, err) : Z3_E_USAGE;
}

z3_status cmd_gui_test_results(z3_cmd_ctx *ctx, z3_error *err) {
  int fd;
  z3_status st = connect_ctx(ctx, &fd, err);
  if (st) return st;
  st = results_of(ctx, fd, z3_arg_int(ctx, "id"), z3_arg_int(ctx, "wait"), err);
  close(fd);
  return st;
}

/* ReplayTest, then the replay's results: divergences make it exit 1. */
z3_status cmd_gui_replay(z3_cmd_ctx *ctx, z3_error *err) {
  json_t *params = gui_params_of(ctx, err), *queued = NULL;
  if (!params) return Z3_E_USAGE;
  json_object_del(params, "wait");
  if (ctx->dry_run) return unsent(ctx, "ReplayTest", params);
  int fd;
  z3_status st = connect_ctx(ctx, &fd, err);
  if (st) return json_decref(params), st;
  st = z3_rpc_call(fd, "ReplayTest", params, &queued, NULL, err);
  json_decref(params);
  if (!st) {
    size_t n = json_array_size(json_object_get(queued, "ids"));
    for (size_t i = 0; !st && i < n; i++)
      st = results_of(ctx, fd, json_integer_value(json_array_get(json_object_get(queued, "ids"), i)), z3_arg_int(ctx, "wait"), err);
    json_object_set(ctx->result, "ids", json_object_get(queued, "ids"));
  }
  json_decref(queued);
  close(fd);
  return st;
}
