/* test suite run: a YAML suite against yaze's harness (table_suite.c, debug/suite.h). */
#include <stdlib.h>
#include <string.h>

#include "debug/handlers_gui.h"
#include "debug/suite.h"

/* The JUnit file is written whatever the outcome (a failing run is when CI reads it), so not
 * through the command's write batch, which keeps files only when the command succeeds. */
static z3_status write_junit(const char *path, const json_t *suite, const json_t *report, z3_error *err) {
  char *xml = z3_suite_junit(suite, report);
  z3_status st = xml ? z3_file_write_atomic(path, xml, strlen(xml), &(z3_write_opts){0}, err)
                     : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_free(xml);
  return st;
}

/* The first test of the report whose status is `status`, or NULL. */
static const json_t *first_test(const json_t *report, const char *status) {
  size_t i;
  const json_t *t;
  json_array_foreach(json_object_get(report, "tests"), i, t) {
    const char *s = json_string_value(json_object_get(t, "status"));
    if (s && strcmp(s, status) == 0) return t;
  }
  return NULL;
}

static z3_status run_suite(z3_cmd_ctx *ctx, const json_t *suite, const z3_suite_opts *opts, z3_error *err) {
  json_t *report = NULL;
  if (z3_suite_has_serial(suite) && (!opts->socket_path || !*opts->socket_path)) {
    z3_error_set(err, Z3_E_USAGE, "no harness for the serial tests: give --socket PATH or set YAZE_HARNESS");
    return z3_error_hint(err, "`yaze --harness PATH ROM` serves one; groups marked parallel start their own"), Z3_E_USAGE;
  }
  z3_status st = z3_suite_run(suite, opts, &report, err);
  if (st == Z3_E_USAGE) return st;
  if (st) return err->code = Z3_E_INVALID; /* the harness went away: an error of the run, exit 2 */
  const char *junit = z3_arg_str(ctx, "junit");
  if (junit) st = write_junit(junit, suite, report, err);
  json_object_update(ctx->result, report);
  if (junit) json_object_set_new(ctx->result, "junit", json_string(junit));
  json_int_t failed = json_integer_value(json_object_get(report, "failed")), errors = json_integer_value(json_object_get(report, "errors"));
  if (!st && errors) { /* an error's result is not shown, so the message names the first */
    const json_t *t = first_test(report, "error");
    const char *name = t ? json_string_value(json_object_get(t, "name")) : NULL, *why = t ? json_string_value(json_object_get(t, "message")) : NULL;
    z3_error_set(err, Z3_E_INVALID, "%lld of the suite's tests hit an error (a step was refused or a yaze did not start); the first, '%s': %s",
                 (long long)errors, name ? name : "?", why ? why : "no message");
    st = Z3_E_INVALID;
  }
  json_decref(report);
  if (st) return st;
  if (failed) return z3_error_set(err, Z3_E_CHECK, "%lld of the suite's tests failed", (long long)failed);
  return Z3_OK;
}

z3_status cmd_test_suite_run(z3_cmd_ctx *ctx, z3_error *err) {
  json_t *suite = NULL;
  const char *path = z3_arg_str(ctx, "suite");
  z3_status st = z3_suite_load(path, &suite, err);
  if (st) return st == Z3_E_IO ? st : Z3_E_INVALID;
  const char *slash = strrchr(path, '/');
  char *base_dir = !slash ? z3_strdup(".") : slash == path ? z3_strdup("/") : z3_strfmt("%.*s", (int)(slash - path), path);
  z3_suite_opts opts = {.socket_path = z3_arg_str(ctx, "socket"), .ci_mode = z3_arg_bool(ctx, "ci-mode"),
                        .retries = (int)z3_arg_int(ctx, "retries"), .report_dir = z3_arg_str(ctx, "report-dir"),
                        .jobs = (int)z3_arg_int(ctx, "jobs"), .yaze_path = z3_arg_str(ctx, "yaze"), .base_dir = base_dir};
  if (!opts.socket_path || !*opts.socket_path) opts.socket_path = getenv("YAZE_HARNESS");
  if (ctx->dry_run) {
    json_object_set_new(ctx->result, "dry_run", json_true());
    json_object_set_new(ctx->result, "suite", json_incref(json_object_get(suite, "name")));
    json_object_set_new(ctx->result, "tests", json_integer((json_int_t)json_array_size(json_object_get(suite, "tests"))));
    json_object_set_new(ctx->result, "groups", json_integer((json_int_t)json_array_size(json_object_get(suite, "groups"))));
  } else {
    st = run_suite(ctx, suite, &opts, err);
  }
  z3_free(base_dir);
  json_decref(suite);
  return st;
}
