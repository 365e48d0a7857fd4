/* build test: ctest with filters; JUnit XML for the verdicts, each failing test's own
 * output (cmocka, TAP, assert()) for the message, file and line. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devtools/build_internal.h"
#include "devtools/build_results.h"
#include "devtools/diag.h"

enum { JUNIT_MAX = 64 << 20 };

z3_status cmd_build_test(z3_cmd_ctx *ctx, z3_error *err) {
  build_project p;
  z3_status s = build_project_open(&p, ctx, err);
  if (s != Z3_OK) return s;
  char *preset = (char *)z3_arg_str(ctx, "preset");
  if (p.kind != BUILD_CMAKE) {
    s = z3_error_set(err, Z3_E_USAGE, "'%s' is not a CMake project; build test runs ctest", p.root.real);
  } else if (!preset && !p.configured) {
    z3_error_set(err, Z3_E_USAGE, "'%s' is not configured yet (no CMakeCache.txt)", p.build_abs);
    z3_error_hint(err, "run build configure and build compile first");
    s = Z3_E_USAGE;
  }
  const char *tmp = getenv("TMPDIR");
  char junit[PATH_MAX];
  snprintf(junit, sizeof junit, "%s/z3ed-junit.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  int jfd = s == Z3_OK ? mkstemp(junit) : -1;
  if (s == Z3_OK && jfd < 0) s = z3_error_set(err, Z3_E_IO, "cannot make a temporary file for ctest's report");
  if (s == Z3_OK) {
    close(jfd);
    char jobs[24];
    snprintf(jobs, sizeof jobs, "%jd", (intmax_t)z3_arg_int(ctx, "jobs"));
    char *argv[16] = {"ctest"};
    size_t n = 1;
    if (preset) argv[n++] = "--preset", argv[n++] = preset;
    else argv[n++] = "--test-dir", argv[n++] = (char *)p.build_rel;
    argv[n++] = "--output-junit", argv[n++] = junit, argv[n++] = "-j", argv[n++] = jobs;
    if (z3_arg_str(ctx, "filter")) argv[n++] = "-R", argv[n++] = (char *)z3_arg_str(ctx, "filter");
    if (z3_arg_str(ctx, "exclude")) argv[n++] = "-E", argv[n++] = (char *)z3_arg_str(ctx, "exclude");
    z3_build_outcome out;
    s = build_run_step(ctx, &p, argv, &out, err);
    if (s == Z3_OK || s == Z3_E_CHECK) {
      z3_buf xml;
      z3_buf_init(&xml);
      if (z3_file_read(&xml, junit, JUNIT_MAX, NULL) == Z3_OK && xml.len > 0) {
        json_t *tests = z3_build_junit_results((const char *)xml.data, xml.len, p.root.real);
        json_object_update(ctx->result, tests);
        json_decref(tests);
      } else if (!out.timed_out) {
        json_object_set_new(ctx->result, "tests_run", json_integer(0));
      }
      z3_buf_release(&xml);
      z3_build_outcome_release(&out);
    }
    unlink(junit);
  }
  build_project_close(&p);
  return s;
}
