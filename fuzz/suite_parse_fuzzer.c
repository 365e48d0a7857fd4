/*
 * Fuzzes the GUI test-suite reader (debug/suite.h): a suite file is outside data
 * (anyone can commit one). A parse that succeeds must hold what the header
 * promises: a name and tests, each with a name, a group, depends naming earlier
 * tests, and steps of a known method with object params and a line; JUnit must
 * render for a report made from it; every test's group is in "groups", a parallel group has a
 * start rom and its order has no cycle. A parse that fails must say where (FILE:LINE:COLUMN).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "debug/suite_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__lsan_default_suppressions(void);

/* libfyaml 0.7.12 leaks a scanner buffer when an unclosed quoted scalar fails the
 * build (see policy_parse_fuzzer.c); only that library's allocations are excused. */
const char *__lsan_default_suppressions(void) { return "leak:libfyaml.so\n"; }

static void check_groups(const json_t *suite) {
  const json_t *groups = json_object_get(suite, "groups");
  size_t i;
  json_t *g;
  json_array_foreach(groups, i, g) {
    if (json_is_true(json_object_get(g, "parallel")) && !json_is_string(json_object_get(json_object_get(g, "start"), "rom"))) abort();
  }
  suite_plan plan;
  suite_plan_make(suite, &plan);
  for (size_t t = 0; t < plan.ntests; t++)
    if (plan.group_of[t] >= plan.ngroups) abort();
  char *path = NULL;
  suite_mark at;
  if (suite_plan_cycle(&plan, suite, &path, &at)) abort();
  suite_plan_free(&plan);
}

static void check_suite(const json_t *suite) {
  if (!json_is_string(json_object_get(suite, "name"))) abort();
  json_t *tests = json_object_get(suite, "tests"), *report = json_pack("{s:i,s:i,s:i,s:f,s:[]}", "failed", 0, "errors", 0, "skipped", 0, "time_ms", 1.0, "tests");
  if (!json_array_size(tests)) abort();
  size_t i, k;
  json_t *t, *s;
  json_array_foreach(tests, i, t) {
    if (!json_is_string(json_object_get(t, "name")) || !json_is_string(json_object_get(t, "group"))) abort();
    json_array_foreach(json_object_get(t, "depends"), k, s) {
      bool earlier = false;
      for (size_t j = 0; j < i; j++) earlier |= json_equal(json_object_get(json_array_get(tests, j), "name"), s);
      if (!earlier) abort();
    }
    json_array_foreach(json_object_get(t, "steps"), k, s) {
      if (!json_is_string(json_object_get(s, "method")) || !json_is_object(json_object_get(s, "params")) ||
          json_integer_value(json_object_get(s, "line")) < 0)
        abort();
    }
    json_array_append_new(json_object_get(report, "tests"),
                          json_pack("{s:O,s:O,s:s,s:i,s:b,s:f,s:s}", "name", json_object_get(t, "name"), "group", json_object_get(t, "group"),
                                    "status", i % 2 ? "failed" : "passed", "tries", 1, "flaky", 0, "time_ms", 1.0, "message", "<&\">"));
  }
  check_groups(suite);
  char *xml = z3_suite_junit(suite, report);
  if (!xml || !strstr(xml, "</testsuites>") || strstr(xml, "<&")) abort();
  z3_free(xml);
  json_decref(report);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  json_t *suite = NULL;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_suite_parse((const char *)data, size, "fuzz.yaml", &suite, &err);
  if (st == Z3_OK) check_suite(suite);
  else if (suite || strncmp(err.message, "fuzz.yaml:", 10) != 0 || !strchr(err.message + 10, ':')) abort();
  json_decref(suite);
  return 0;
}
