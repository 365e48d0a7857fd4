/*
 * Fuzzes the test-report readers (devtools/build_results.h): JUnit XML, the
 * output of `make check` and a failing test's own output. Any bytes give a
 * result whose counts agree with each other and with the failure list, and
 * whose every string survives JSON output.
 * Seeds in fuzz/corpora/build_results/: a ctest JUnit report, automake and TAP
 * output, cmocka and assert() failures.
 */
#include <stdint.h>
#include <stdlib.h>

#include "devtools/build_results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static json_int_t num(json_t *o, const char *key) { return json_integer_value(json_object_get(o, key)); }

static void dump_or_abort(json_t *r) {
  char *text = json_dumps(r, 0);
  if (!text) abort();
  free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 16) return 0;
  const char *text = (const char *)data;
  json_t *make = z3_build_make_results(text, size, "/root");
  if (!make || num(make, "tests_run") != num(make, "passed") + num(make, "failed") ||
      (size_t)num(make, "failed") != json_array_size(json_object_get(make, "failures"))) {
    abort();
  }
  dump_or_abort(make);
  json_decref(make);
  json_t *junit = z3_build_junit_results(text, size, "/root");
  if (junit) {
    if (num(junit, "failed") < 0 || num(junit, "passed") < 0) abort();
    dump_or_abort(junit);
    json_decref(junit);
  }
  json_t *failure = json_object();
  z3_build_failure_details(failure, text, size, NULL);
  dump_or_abort(failure);
  json_decref(failure);
  return 0;
}
