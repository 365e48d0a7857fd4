/* gui commands: one request each to yaze's automation harness (table_gui.c, src/gui/harness.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "debug/handlers_gui.h"
#include "debug/rpc.h"

static const struct {
  const char *action, *method;
} methods[] = {
    {"ping", "Ping"},   {"discover", "DiscoverWidgets"}, {"click", "Click"},           {"type", "Type"},
    {"wait", "Wait"},   {"assert", "Assert"},            {"screenshot", "Screenshot"}, {"state", "GetCanvasState"},
    {"shutdown", "Shutdown"}, {"run-test", "RunTest"}, {"test-status", "GetTestStatus"}, {"list-tests", "ListTests"},
    {"simulate", "SimulateAction"},
};

const char *gui_socket_path(const z3_cmd_ctx *ctx, z3_error *err) {
  const char *path = z3_arg_str(ctx, "socket");
  if (!path || !*path) path = getenv("YAZE_HARNESS");
  if (path && *path) return path;
  z3_error_set(err, Z3_E_USAGE, "no harness: give --socket PATH or set YAZE_HARNESS");
  z3_error_hint(err, "`yaze --harness PATH ROM` serves one (\"auto\" puts it in $XDG_RUNTIME_DIR and prints it)");
  return NULL;
}

z3_status gui_connect(const char *path, int *fd, z3_error *err) {
  return z3_rpc_connect(path, "yaze harness", "start one with `yaze --harness PATH ROM` (under xvfb-run without a display)", fd, err);
}

/* --equals typed for its condition: a boolean, an integer or text. */
static json_t *expected_value(const char *cond, const char *text, z3_error *err) {
  bool boolean = strstr(" exists visible enabled focused active modified ", cond) && cond[0];
  bool number = !strcmp(cond, "rom-byte") || !strcmp(cond, "rom-word") || !strcmp(cond, "undo-depth");
  if (boolean) {
    if (!strcmp(text, "true") || !strcmp(text, "false")) return json_boolean(text[0] == 't');
    return z3_error_set(err, Z3_E_USAGE, "--equals must be true or false for condition %s, not '%s'", cond, text), NULL;
  }
  if (number) {
    char *end;
    long long v = strtoll(text[0] == '$' ? text + 1 : text, &end, text[0] == '$' ? 16 : 0);
    if (*text && !*end) return json_integer(v);
    return z3_error_set(err, Z3_E_USAGE, "--equals must be a number for condition %s, not '%s'", cond, text), NULL;
  }
  return json_string(text);
}

/* The command's arguments as the method's parameters. */
json_t *gui_params_of(const z3_cmd_ctx *ctx, z3_error *err) {
  json_t *p = json_object(), *to = NULL;
  for (size_t i = 0; i < ctx->value_count; i++) {
    const z3_arg_value *v = &ctx->values[i];
    const char *name = v->spec->name;
    if (!v->text || !strcmp(name, "socket") || !strcmp(name, "dry-run") || (!v->given && !strcmp(name, "button"))) continue;
    if (!strcmp(name, "to-x") || !strcmp(name, "to-y")) {
      if (!to) to = json_object();
      json_object_set_new(to, name + 3, json_integer(v->number));
    } else if (!strcmp(name, "equals")) {
      json_t *e = expected_value(z3_arg_str(ctx, "condition"), v->text, err);
      if (!e) return json_decref(p), json_decref(to), NULL;
      json_object_set_new(p, "equals", e);
    } else if (!strcmp(name, "timeout")) {
      json_object_set_new(p, "timeout_ms", json_integer(v->number));
    } else if (!strcmp(name, "out") || !strcmp(name, "script")) {
      json_object_set_new(p, "path", z3_rpc_absolute_path(v->text));
    } else if (!strcmp(name, "suite")) {
      json_object_set_new(p, "suite", z3_rpc_absolute_path(v->text));
    } else if (!strcmp(name, "stop")) {
      continue;
    } else if (!strcmp(name, "all")) {
      json_object_set_new(p, "visible_only", json_boolean(!v->number));
      json_object_set_new(p, "named_only", json_boolean(!v->number));
    } else if (v->spec->type == Z3_ARG_INT) {
      json_object_set_new(p, name, json_integer(v->number));
    } else if (v->spec->type == Z3_ARG_BOOL) {
      json_object_set_new(p, name, json_boolean(v->number));
    } else {
      json_object_set_new(p, name, json_string(v->text));
    }
  }
  if (to) json_object_set_new(p, "to", to);
  return p;
}

z3_status cmd_gui_remote(z3_cmd_ctx *ctx, z3_error *err) {
  const char *path = gui_socket_path(ctx, err);
  if (!path) return Z3_E_USAGE;
  size_t m = 0;
  while (strcmp(methods[m].action, ctx->cmd->action) != 0) m++;
  json_t *params = gui_params_of(ctx, err), *result = NULL;
  if (!params) return Z3_E_USAGE;
  if (ctx->dry_run && (ctx->cmd->flags & Z3_CMD_WRITES_FILE)) { /* an action: what it would send, unsent */
    json_object_set_new(ctx->result, "dry_run", json_true());
    json_object_set_new(ctx->result, "method", json_string(methods[m].method));
    json_object_set_new(ctx->result, "params", params);
    return Z3_OK;
  }
  int fd;
  z3_status st = gui_connect(path, &fd, err);
  if (!st) {
    st = z3_rpc_call(fd, methods[m].method, params, &result, NULL, err);
    close(fd);
  }
  json_decref(params);
  if (st) return st;
  json_object_update(ctx->result, result);
  json_decref(result);
  const json_t *passed = json_object_get(ctx->result, "passed");
  if (passed && !json_is_true(passed)) {
    char *want = json_dumps(json_object_get(ctx->result, "expected"), JSON_ENCODE_ANY);
    char *got = json_dumps(json_object_get(ctx->result, "actual"), JSON_ENCODE_ANY);
    z3_error_set(err, Z3_E_CHECK, "%s: expected %s, found %s", z3_arg_str(ctx, "condition"), want ? want : "?", got ? got : "?");
    free(want), free(got);
    return Z3_E_CHECK;
  }
  return Z3_OK;
}

z3_status cmd_gui_status(z3_cmd_ctx *ctx, z3_error *err) {
  const char *path = gui_socket_path(ctx, err);
  if (!path) return Z3_E_USAGE;
  int fd;
  z3_error quiet;
  z3_error_init(&quiet);
  if (gui_connect(path, &fd, &quiet)) {
    json_object_set_new(ctx->result, "listening", json_false());
    json_object_set_new(ctx->result, "socket", json_string(path));
    return Z3_OK;
  }
  json_t *ping = NULL, *state = NULL;
  z3_status st = z3_rpc_call(fd, "Ping", NULL, &ping, NULL, err);
  if (!st) {
    json_object_set_new(ctx->result, "listening", json_true());
    json_object_set(ctx->result, "version", json_object_get(ping, "version"));
    if (z3_rpc_call(fd, "GetCanvasState", NULL, &state, NULL, &quiet) == Z3_OK) json_object_set_new(ctx->result, "state", state);
  }
  json_decref(ping);
  close(fd);
  return st;
}
