/* build test: ctest with filters, JUnit XML for the verdicts; or, in a make
 * project, its check (or test) target with the verdicts read from its output.
 * Each failing test's own output (cmocka, TAP, assert()) gives the message,
 * file and line. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "devtools/build_internal.h"
#include "devtools/build_results.h"
#include "devtools/diag.h"

enum { JUNIT_MAX = 64 << 20, MAKEFILE_MAX = 4 << 20, TEST_LOG_MAX = 1 << 20 };

/* A file beneath the root, read whole (up to max); false when it cannot be. */
static bool read_beneath(const build_project *p, const char *rel, size_t max, z3_buf *out) {
  int fd;
  struct stat st;
  z3_error ignored;
  z3_error_init(&ignored);
  if (z3_fs_open_read(&p->root, rel, &fd, &st, &ignored) != Z3_OK) return false;
  bool ok = S_ISREG(st.st_mode) && (size_t)st.st_size <= max;
  for (ssize_t n = 1; ok && n > 0;) {
    char chunk[8192];
    n = read(fd, chunk, sizeof chunk);
    ok = n >= 0 && z3_buf_append(out, chunk, (size_t)n, &ignored) == Z3_OK;
  }
  close(fd);
  return ok;
}

/* "check:" or "test:" (also "check::", "check :") at the start of a line. */
static bool has_rule(const z3_buf *makefile, const char *target) {
  size_t n = strlen(target);
  const char *text = (const char *)makefile->data, *end = text + makefile->len;
  for (const char *l = text; l && l < end;) {
    if ((size_t)(end - l) > n && memcmp(l, target, n) == 0) {
      const char *c = l + n;
      while (c < end && (*c == ' ' || *c == '\t')) c++;
      if (c < end && *c == ':' && (c + 1 >= end || c[1] != '=')) return true;
    }
    l = memchr(l, '\n', (size_t)(end - l));
    if (l) l++;
  }
  return false;
}

/* make reads the first of these that exists, and only that one. */
static const char *make_test_target(const build_project *p) {
  static const char *const names[] = {"GNUmakefile", "makefile", "Makefile"};
  const char *found = NULL;
  bool read = false;
  for (size_t i = 0; i < 3 && !read; i++) {
    z3_buf mk;
    z3_buf_init(&mk);
    read = read_beneath(p, names[i], MAKEFILE_MAX, &mk);
    if (read) found = has_rule(&mk, "check") ? "check" : has_rule(&mk, "test") ? "test" : NULL;
    z3_buf_release(&mk);
  }
  return found;
}

/* automake keeps each test's output in NAME.log beside it. */
static void add_log_details(const build_project *p, json_t *failures) {
  size_t i;
  json_t *f;
  json_array_foreach(failures, i, f) {
    if (json_object_get(f, "message")) continue;
    char *rel = z3_strfmt("%s.log", json_string_value(json_object_get(f, "name")));
    z3_buf log;
    z3_buf_init(&log);
    if (rel && read_beneath(p, rel, TEST_LOG_MAX, &log)) {
      z3_build_failure_details(f, (const char *)log.data, log.len, p->root.real);
      json_object_set_new(f, "log", json_string(rel));
    }
    z3_buf_release(&log);
    z3_free(rel);
  }
}

static z3_status make_test(z3_cmd_ctx *ctx, build_project *p, z3_error *err) {
  if (z3_arg_given(ctx, "filter") || z3_arg_given(ctx, "exclude")) {
    z3_error_set(err, Z3_E_USAGE, "--filter and --exclude select ctest's tests; '%s' is a make project", p->root.real);
    z3_error_hint(err, "its check target runs all of its tests");
    return Z3_E_USAGE;
  }
  const char *target = make_test_target(p);
  if (!target) {
    z3_error_set(err, Z3_E_USAGE, "the Makefile of '%s' has neither a check nor a test target", p->root.real);
    return Z3_E_USAGE;
  }
  char jobs[24];
  snprintf(jobs, sizeof jobs, "%jd", (intmax_t)z3_arg_int(ctx, "jobs"));
  char *argv[] = {"make", "-k", "-j", jobs, (char *)target, NULL};
  z3_build_outcome out;
  z3_status s = build_run_step(ctx, p, argv, &out, err);
  if (s != Z3_OK && s != Z3_E_CHECK) return s;
  json_t *r = z3_build_make_results((const char *)out.output.data, out.output.len, p->root.real);
  json_t *failures = json_object_get(r, "failures");
  if (s == Z3_E_CHECK && json_array_size(failures) == 0) { /* failed with no verdict lines: the target itself */
    json_t *f = json_pack("{s:s}", "name", target);
    z3_build_failure_details(f, (const char *)out.output.data, out.output.len, p->root.real);
    json_array_append_new(failures, f);
    json_object_set_new(r, "failed", json_integer(json_integer_value(json_object_get(r, "failed")) + 1));
  }
  add_log_details(p, failures);
  json_object_set_new(ctx->result, "target", json_string(target));
  json_object_update(ctx->result, r);
  json_decref(r);
  z3_build_outcome_release(&out);
  return s;
}

z3_status cmd_build_test(z3_cmd_ctx *ctx, z3_error *err) {
  build_project p;
  z3_status s = build_project_open(&p, ctx, err);
  if (s != Z3_OK) return s;
  char *preset = (char *)z3_arg_str(ctx, "preset");
  if (p.kind == BUILD_MAKE) {
    s = make_test(ctx, &p, err);
    build_project_close(&p);
    return s;
  }
  if (p.kind != BUILD_CMAKE) {
    s = z3_error_set(err, Z3_E_USAGE, "'%s' has neither CMakeLists.txt nor a Makefile; build test runs ctest or make check",
                     p.root.real);
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
