/* debug/suite_run: one test of a suite over a harness connection, retried as asked (suite_internal.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "debug/rpc.h"
#include "debug/suite_internal.h"

double suite_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static char *describe_miss(const json_t *step, const json_t *result) {
  char *want = json_dumps(json_object_get(result, "expected"), JSON_ENCODE_ANY);
  char *got = json_dumps(json_object_get(result, "actual"), JSON_ENCODE_ANY);
  const json_t *params = json_object_get(step, "params");
  const char *target = json_string_value(json_object_get(params, "target"));
  char *text = z3_strfmt("line %d: %s %s%s%s: expected %s, found %s%s", (int)json_integer_value(json_object_get(step, "line")),
                         json_string_value(json_object_get(step, "method")), json_string_value(json_object_get(result, "condition")),
                         target ? " of " : "", target ? target : "", want ? want : "?", got ? got : "?",
                         json_is_true(json_object_get(result, "timed_out")) ? " (timed out)" : "");
  free(want), free(got);
  return text;
}

/* One try of a test: "passed", "failed" (an Assert or Wait did not hold) or "error" (a step was refused). */
static void log_action(json_t *log, const json_t *step, const char *outcome, json_t *detail) {
  json_array_append_new(log, json_pack("{s:O,s:O,s:O,s:s,s:o}", "line", json_object_get(step, "line"), "method", json_object_get(step, "method"),
                                       "params", json_object_get(step, "params"), "outcome", outcome, "detail", detail ? detail : json_null()));
}

static const char *run_once(int fd, const json_t *test, char **message, json_t *log, z3_error *err) {
  size_t i;
  json_t *step;
  json_array_clear(log);
  json_array_foreach(json_object_get(test, "steps"), i, step) {
    json_t *result = NULL;
    z3_error stepErr;
    z3_error_init(&stepErr);
    int code = 0;
    z3_status st = z3_rpc_call(fd, json_string_value(json_object_get(step, "method")), json_object_get(step, "params"), &result, &code, &stepErr);
    if (st && !code) { /* the connection itself failed: nothing further can run */
      *err = stepErr;
      return NULL;
    }
    if (st) {
      log_action(log, step, "error", json_string(stepErr.message));
      *message = z3_strfmt("line %d: %s: %s", (int)json_integer_value(json_object_get(step, "line")),
                           json_string_value(json_object_get(step, "method")), stepErr.message);
      return "error";
    }
    const json_t *passed = json_object_get(result, "passed");
    if (passed && !json_is_true(passed)) {
      *message = describe_miss(step, result);
      log_action(log, step, "failed", result);
      return "failed";
    }
    log_action(log, step, "ok", result);
  }
  return "passed";
}

json_t *suite_run_test(int fd, const json_t *test, const char *missing, const z3_suite_opts *opts, z3_error *err) {
  json_t *o = json_pack("{s:s,s:s}", "name", json_string_value(json_object_get(test, "name")), "group",
                        json_string_value(json_object_get(test, "group")));
  const char *status = NULL;
  char *message = NULL;
  json_t *log = json_array();
  double t0 = suite_now_ms();
  int tries = 0;
  if (missing) {
    status = "skipped";
    message = z3_strfmt("depends on '%s', which did not pass", missing);
  } else if (opts->ci_mode && !json_is_true(json_object_get(test, "ci"))) {
    status = "skipped";
    message = z3_strfmt("ci: false");
  } else {
    do {
      z3_free(message);
      message = NULL;
      tries++;
      status = run_once(fd, test, &message, log, err);
    } while (status && strcmp(status, "passed") != 0 && tries <= opts->retries);
  }
  if (!status) return json_decref(o), json_decref(log), z3_free(message), NULL;
  json_object_set_new(o, "status", json_string(status));
  json_object_set_new(o, "tries", json_integer(tries));
  json_object_set_new(o, "flaky", json_boolean(tries > 1 && !strcmp(status, "passed")));
  json_object_set_new(o, "time_ms", json_real(suite_now_ms() - t0));
  if (message) json_object_set_new(o, "message", json_string(message));
  z3_free(message);
  if (opts->report_dir && (!strcmp(status, "failed") || !strcmp(status, "error"))) {
    char *folder = NULL;
    z3_error rerr;
    z3_error_init(&rerr);
    if (z3_suite_write_report(fd, opts->report_dir, o, log, &folder, &rerr) == Z3_OK) json_object_set_new(o, "report", json_string(folder));
    else json_object_set_new(o, "report_error", json_string(rerr.message));
    z3_free(folder);
  }
  json_decref(log);
  return o;
}

