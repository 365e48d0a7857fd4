/* debug/suite_run: a suite's tests over one harness connection, and the JUnit XML of the outcome (suite.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "debug/rpc.h"
#include "debug/suite.h"

static double now_ms(void) {
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

static bool all_passed(const json_t *deps, const json_t *outcomes, const char **missing) {
  size_t i;
  json_t *d;
  json_array_foreach(deps, i, d) {
    const json_t *o = json_object_get(outcomes, json_string_value(d));
    if (!o || strcmp(json_string_value(json_object_get(o, "status")), "passed") != 0) return *missing = json_string_value(d), false;
  }
  return true;
}

static json_t *run_test(int fd, const json_t *test, const json_t *outcomes, const z3_suite_opts *opts, z3_error *err) {
  json_t *o = json_pack("{s:s,s:s}", "name", json_string_value(json_object_get(test, "name")), "group",
                        json_string_value(json_object_get(test, "group")));
  const char *missing = NULL, *status = NULL;
  char *message = NULL;
  json_t *log = json_array();
  double t0 = now_ms();
  int tries = 0;
  if (!all_passed(json_object_get(test, "depends"), outcomes, &missing)) {
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
  json_object_set_new(o, "time_ms", json_real(now_ms() - t0));
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

static void count(json_t *report, const char *key) {
  json_object_set_new(report, key, json_integer(json_integer_value(json_object_get(report, key)) + 1));
}

z3_status z3_suite_run(const json_t *suite, const z3_suite_opts *opts, json_t **report, z3_error *err) {
  *report = NULL;
  int fd;
  z3_status st = z3_rpc_connect(opts->socket_path, "yaze harness", "start one with `yaze --harness PATH ROM` (under xvfb-run without a display)", &fd, err);
  if (st) return st;
  json_t *r = json_pack("{s:s,s:i,s:i,s:i,s:i,s:i,s:[]}", "suite", json_string_value(json_object_get(suite, "name")), "passed", 0,
                        "failed", 0, "errors", 0, "skipped", 0, "flaky", 0, "tests");
  json_t *outcomes = json_object();
  double t0 = now_ms();
  size_t i;
  json_t *test;
  json_array_foreach(json_object_get(suite, "tests"), i, test) {
    json_t *o = run_test(fd, test, outcomes, opts, err);
    if (!o) {
      st = err->code;
      break;
    }
    const char *s = json_string_value(json_object_get(o, "status"));
    count(r, !strcmp(s, "passed") ? "passed" : !strcmp(s, "failed") ? "failed" : !strcmp(s, "error") ? "errors" : "skipped");
    if (json_is_true(json_object_get(o, "flaky"))) count(r, "flaky");
    json_object_set(outcomes, json_string_value(json_object_get(o, "name")), o);
    json_array_append_new(json_object_get(r, "tests"), o);
  }
  close(fd);
  json_decref(outcomes);
  if (st) return json_decref(r), st;
  json_object_set_new(r, "time_ms", json_real(now_ms() - t0));
  *report = r;
  return Z3_OK;
}

/* ---- JUnit XML ---- */

static void xml_text(z3_buf *b, const char *s) {
  for (; s && *s; s++) {
    switch (*s) {
      case '&': z3_buf_printf(b, "&amp;"); break;
      case '<': z3_buf_printf(b, "&lt;"); break;
      case '>': z3_buf_printf(b, "&gt;"); break;
      case '"': z3_buf_printf(b, "&quot;"); break;
      default: z3_buf_printf(b, "%c", *s); break;
    }
  }
}

static void testcase(z3_buf *b, const char *suite, const json_t *o) {
  const char *status = json_string_value(json_object_get(o, "status"));
  const char *message = json_string_value(json_object_get(o, "message"));
  z3_buf_printf(b, "    <testcase name=\"");
  xml_text(b, json_string_value(json_object_get(o, "name")));
  z3_buf_printf(b, "\" classname=\"");
  xml_text(b, suite);
  z3_buf_printf(b, ".");
  xml_text(b, json_string_value(json_object_get(o, "group")));
  z3_buf_printf(b, "\" time=\"%.3f\">\n", json_real_value(json_object_get(o, "time_ms")) / 1e3);
  const char *element = !strcmp(status, "failed") ? "failure" : !strcmp(status, "error") ? "error" : !strcmp(status, "skipped") ? "skipped" : NULL;
  if (element) {
    z3_buf_printf(b, "      <%s message=\"", element);
    xml_text(b, message ? message : status);
    z3_buf_printf(b, "\"%s/>\n", strcmp(element, "skipped") ? " type=\"harness\"" : "");
  }
  if (json_integer_value(json_object_get(o, "tries")) > 1)
    z3_buf_printf(b, "      <system-out>%s after %d tries</system-out>\n", json_is_true(json_object_get(o, "flaky")) ? "flaky: passed" : "still failing",
                  (int)json_integer_value(json_object_get(o, "tries")));
  z3_buf_printf(b, "    </testcase>\n");
}

static void group_counts(const json_t *tests, const char *group, int n[4], double *secs) {
  size_t i;
  json_t *o;
  memset(n, 0, 4 * sizeof n[0]);
  *secs = 0;
  json_array_foreach(tests, i, o) {
    if (strcmp(json_string_value(json_object_get(o, "group")), group) != 0) continue;
    const char *s = json_string_value(json_object_get(o, "status"));
    n[0]++;
    n[1] += !strcmp(s, "failed");
    n[2] += !strcmp(s, "error");
    n[3] += !strcmp(s, "skipped");
    *secs += json_real_value(json_object_get(o, "time_ms")) / 1e3;
  }
}

char *z3_suite_junit(const json_t *suite, const json_t *report) {
  const json_t *tests = json_object_get(report, "tests");
  const char *name = json_string_value(json_object_get(suite, "name"));
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"");
  xml_text(&b, name);
  z3_buf_printf(&b, "\" tests=\"%zu\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\">\n", json_array_size(tests),
                (int)json_integer_value(json_object_get(report, "failed")), (int)json_integer_value(json_object_get(report, "errors")),
                (int)json_integer_value(json_object_get(report, "skipped")), json_real_value(json_object_get(report, "time_ms")) / 1e3);
  json_t *seen = json_object();
  size_t i;
  json_t *o;
  json_array_foreach(tests, i, o) {
    const char *group = json_string_value(json_object_get(o, "group"));
    if (json_object_get(seen, group)) continue;
    json_object_set_new(seen, group, json_true());
    int n[4];
    double secs;
    group_counts(tests, group, n, &secs);
    z3_buf_printf(&b, "  <testsuite name=\"");
    xml_text(&b, group);
    z3_buf_printf(&b, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\">\n", n[0], n[1], n[2], n[3], secs);
    size_t k;
    json_t *t;
    json_array_foreach(tests, k, t) if (!strcmp(json_string_value(json_object_get(t, "group")), group)) testcase(&b, name, t);
    z3_buf_printf(&b, "  </testsuite>\n");
  }
  json_decref(seen);
  z3_buf_printf(&b, "</testsuites>\n");
  z3_buf_append(&b, "", 1, NULL);
  return (char *)b.data;
}
