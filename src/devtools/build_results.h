/*
 * build: test reports into JSON, pure functions over text (tests and the
 * fuzzer call them directly).
 */
#ifndef Z3_DEVTOOLS_BUILD_RESULTS_H
#define Z3_DEVTOOLS_BUILD_RESULTS_H

#include <jansson.h>
#include <stddef.h>

/* A JUnit XML report (ctest --output-junit and most test runners) into
 * tests_run, passed, failed, skipped, seconds and failures [{name, time,
 * message, file, line, case, output_tail}]; message, file and line come from
 * the test's own output through z3_build_failure_details. Paths under root
 * (may be NULL) are made relative to it. */
json_t *z3_build_junit_results(const char *xml, size_t len, const char *root);
/* Where a failing test's output says it failed: cmocka's "[  ERROR   ] ---"
 * and "[   LINE   ] --- file:line:", TAP "not ok N - text" with "#   at file
 * line N." or a YAML block's file/line, assert()'s "file:line: f: Assertion
 * `x' failed.". Sets message, file, line, case (cmocka's test or TAP's
 * number) on failure when found. */
void z3_build_failure_details(json_t *failure, const char *output, size_t len, const char *root);

/* The output of `make check` or `make test`: automake's "PASS: t" / "FAIL: t"
 * (XFAIL passes, XPASS and ERROR fail, SKIP skips) and TAP's "ok" / "not ok"
 * (# SKIP skips, # TODO does not fail) into tests_run, passed, failed,
 * skipped and failures [{name, message, file, line, case}]; a TAP failure's
 * details come from the lines up to the next result. */
json_t *z3_build_make_results(const char *output, size_t len, const char *root);

#endif
