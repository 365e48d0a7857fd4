/* devtools/build: real fixture projects built, failing in known ways; a hanging build killed
 * at its limit; ctest's results with each failure's place; JUnit and test-output parsing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "devtools/build.h"
#include "devtools/build_results.h"
#include "test.h"

static z3_status run(json_t **result, z3_error *err, const char *const *words) {
  char *argv[32];
  int argc = 0;
  while (words[argc]) argv[argc] = (char *)words[argc], argc++;
  z3_error_init(err);
  z3_cmd_ctx ctx;
  z3_status s = z3_cmd_parse(&ctx, argc, argv, err);
  if (s == Z3_OK) s = z3_cmd_run(&ctx, err);
  *result = s == Z3_OK || s == Z3_E_CHECK ? json_incref(ctx.result) : NULL;
  if (ctx.cmd) z3_cmd_ctx_release(&ctx);
  return s;
}

#define RUN(res, err, ...) run(res, err, (const char *const[]){__VA_ARGS__, NULL})

static char *fixture_copy(const char *name) {
  char *dir = z3_test_tmpdir();
  char *cmd = z3_strfmt("cp -r '%s/tests/devtools/fixtures/%s/.' '%s'", Z3_SOURCE_DIR, name, dir);
  assert_int_equal(system(cmd), 0);
  z3_free(cmd);
  return dir;
}

static void remove_dir(char *dir) {
  char *cmd = z3_strfmt("rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
  z3_free(cmd);
  z3_free(dir);
}

static const char *str(json_t *o, const char *key) { return json_string_value(json_object_get(o, key)); }
static json_int_t num(json_t *o, const char *key) { return json_integer_value(json_object_get(o, key)); }

Z3_TEST(test_build__make_project_with_a_syntax_error) {
  (void)state;
  char *dir = fixture_copy("build-syntax");
  json_t *r;
  z3_error err;
  assert_int_equal(RUN(&r, &err, "build", "compile", "--root", dir), Z3_E_CHECK);
  assert_string_equal(str(r, "status"), "failed");
  assert_string_equal(str(r, "tool"), "make");
  assert_int_equal(num(r, "errors"), 2);
  assert_int_equal(num(r, "warnings"), 1);
  json_t *second = json_array_get(json_object_get(r, "diagnostics"), 1);
  assert_string_equal(str(second, "file"), "main.c");
  assert_int_equal(num(second, "line"), 5);
  assert_int_equal(num(second, "column"), 18);
  assert_string_equal(str(json_array_get(json_object_get(second, "fixits"), 0), "replacement"), ";");
  json_decref(r);
  remove_dir(dir);
}

Z3_TEST(test_build__plain_compiler_project_links_or_names_the_symbol) {
  (void)state;
  char *dir = fixture_copy("build-link");
  char *makefile = z3_strfmt("%s/Makefile", dir);
  assert_int_equal(remove(makefile), 0); /* now a plain cc project */
  json_t *r;
  z3_error err;
  assert_int_equal(RUN(&r, &err, "build", "compile", "--root", dir, "--target", "game"), Z3_E_CHECK);
  assert_string_equal(str(r, "tool"), "cc");
  json_t *cmd = json_object_get(r, "command");
  assert_string_equal(json_string_value(json_array_get(cmd, 4)), "build/game");
  assert_string_equal(json_string_value(json_array_get(cmd, 5)), "main.c");
  assert_string_equal(json_string_value(json_array_get(cmd, 6)), "other.c");
  bool undefined = false, twice = false;
  size_t i;
  json_t *d;
  json_array_foreach(json_object_get(r, "diagnostics"), i, d) {
    if (json_is_string(json_object_get(d, "symbol")) && strcmp(str(d, "symbol"), "helper") == 0 && str(d, "kind")[0] == 'l') undefined = true;
    if (strcmp(str(d, "message"), "multiple definition") == 0 && strcmp(str(d, "symbol"), "shared") == 0) twice = true;
  }
  assert_true(undefined);
  assert_true(twice);
  json_decref(r);
  z3_free(makefile);
  remove_dir(dir);
}

Z3_TEST(test_build__hanging_build_is_killed_at_the_limit) {
  (void)state;
  char *dir = fixture_copy("build-hang");
  json_t *r;
  z3_error err;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  assert_int_equal(RUN(&r, &err, "build", "compile", "--root", dir, "--timeout", "1"), Z3_E_CHECK);
  clock_gettime(CLOCK_MONOTONIC, &b);
  assert_true(b.tv_sec - a.tv_sec < 10);
  assert_string_equal(str(r, "status"), "timed_out");
  assert_true(json_is_true(json_object_get(r, "timed_out")));
  assert_non_null(strstr(err.message, "killed after 1 s"));
  assert_non_null(strstr(str(r, "output_tail"), "started"));
  json_decref(r);
  /* the sleep started by make went with it: nothing of the group is left (a loaded
   * machine may take a moment to reap it) */
  int alive = 0;
  for (int tries = 0; tries < 50; tries++) {
    alive = system("ps -eo stat=,args= | grep -v '^Z' | grep -q ' sleep 317$'") == 0;
    if (!alive) break;
    nanosleep(&(struct timespec){0, 100 * 1000 * 1000}, NULL);
  }
  assert_false(alive);
  remove_dir(dir);
}

Z3_TEST(test_build__cmake_configure_error_then_ctest_failures) {
  (void)state;
  char *bad = fixture_copy("build-cmake-error");
  json_t *r;
  z3_error err;
  assert_int_equal(RUN(&r, &err, "build", "configure", "--root", bad), Z3_E_CHECK);
  json_t *first = json_array_get(json_object_get(r, "diagnostics"), 0);
  assert_string_equal(str(first, "kind"), "cmake");
  assert_int_equal(num(first, "line"), 3);
  json_decref(r);
  remove_dir(bad);

  char *dir = fixture_copy("build-test");
  assert_int_equal(RUN(&r, &err, "build", "test", "--root", dir), Z3_E_USAGE); /* not configured */
  assert_ok(RUN(&r, &err, "build", "configure", "--root", dir, "--build-dir", "out"), &err);
  json_decref(r);
  assert_ok(RUN(&r, &err, "build", "compile", "--root", dir, "--build-dir", "out"), &err);
  json_decref(r);
  assert_int_equal(RUN(&r, &err, "build", "test", "--root", dir, "--build-dir", "out"), Z3_E_CHECK);
  assert_int_equal(num(r, "tests_run"), 4);
  assert_int_equal(num(r, "passed"), 1);
  assert_int_equal(num(r, "failed"), 3);
  json_t *f = json_object_get(r, "failures");
  assert_string_equal(str(json_array_get(f, 0), "name"), "cmocka_suite");
  assert_string_equal(str(json_array_get(f, 0), "message"), "0x6 != 0x7");
  assert_string_equal(str(json_array_get(f, 0), "file"), "test_cmocka.c");
  assert_int_equal(num(json_array_get(f, 0), "line"), 10);
  assert_string_equal(str(json_array_get(f, 0), "case"), "doubles");
  assert_string_equal(str(json_array_get(f, 1), "message"), "round trip keeps the checksum");
  assert_string_equal(str(json_array_get(f, 1), "file"), "test_tap.c");
  assert_int_equal(num(json_array_get(f, 1), "line"), 11);
  assert_string_equal(str(json_array_get(f, 2), "message"), "Assertion `rooms == 4' failed.");
  assert_int_equal(num(json_array_get(f, 2), "line"), 5);
  json_decref(r);
  assert_ok(RUN(&r, &err, "build", "test", "--root", dir, "--build-dir", "out", "--filter", "pass"), &err);
  assert_int_equal(num(r, "tests_run"), 1);
  assert_int_equal(num(r, "failed"), 0);
  json_decref(r);
  assert_ok(RUN(&r, &err, "build", "status", "--root", dir, "--build-dir", "out"), &err);
  assert_true(json_is_true(json_object_get(r, "configured")));
  assert_string_equal(str(json_object_get(r, "configuration"), "CMAKE_PROJECT_NAME"), "fixture_tests");
  json_decref(r);
  remove_dir(dir);
}

/* make check: automake-style verdict lines (a failure's place from its .log),
 * TAP lines with SKIP and TODO; filters are ctest's and refused here. */
Z3_TEST(test_build__make_check_verdicts) {
  (void)state;
  char *dir = fixture_copy("build-make-test");
  json_t *r;
  z3_error err;
  assert_int_equal(RUN(&r, &err, "build", "test", "--root", dir, "--filter", "x"), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "make project"));
  assert_int_equal(RUN(&r, &err, "build", "test", "--root", dir), Z3_E_CHECK);
  assert_string_equal(str(r, "target"), "check");
  assert_int_equal(num(r, "tests_run"), 5);
  assert_int_equal(num(r, "passed"), 3);
  assert_int_equal(num(r, "failed"), 2);
  assert_int_equal(num(r, "skipped"), 2);
  json_t *f = json_object_get(r, "failures");
  assert_int_equal(json_array_size(f), 2);
  assert_string_equal(str(json_array_get(f, 0), "name"), "test_assert");
  assert_string_equal(str(json_array_get(f, 0), "log"), "test_assert.log");
  assert_string_equal(str(json_array_get(f, 0), "message"), "Assertion `rooms == 4' failed.");
  assert_string_equal(str(json_array_get(f, 0), "file"), "test_assert.c");
  assert_int_equal(num(json_array_get(f, 0), "line"), 5);
  assert_string_equal(str(json_array_get(f, 1), "name"), "round trip keeps the checksum");
  assert_string_equal(str(json_array_get(f, 1), "file"), "test_tap.c");
  assert_int_equal(num(json_array_get(f, 1), "line"), 8);
  json_decref(r);
  /* no check target: test is used; neither: a usage error naming the Makefile */
  char *mk = z3_strfmt("sed -i 's/^check:/test:/' '%s/Makefile'", dir);
  assert_int_equal(system(mk), 0);
  assert_int_equal(RUN(&r, &err, "build", "test", "--root", dir), Z3_E_CHECK);
  assert_string_equal(str(r, "target"), "test");
  json_decref(r);
  z3_free(mk);
  mk = z3_strfmt("sed -i 's/^test:/verify:/' '%s/Makefile'", dir);
  assert_int_equal(system(mk), 0);
  assert_int_equal(RUN(&r, &err, "build", "test", "--root", dir), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "neither a check nor a test target"));
  z3_free(mk);
  remove_dir(dir);
}

Z3_TEST(test_build__build_dir_stays_beneath_the_root) {
  (void)state;
  char *dir = fixture_copy("build-syntax");
  json_t *r;
  z3_error err;
  assert_int_equal(RUN(&r, &err, "build", "status", "--root", dir, "--build-dir", "../x"), Z3_E_USAGE);
  assert_int_equal(RUN(&r, &err, "build", "status", "--root", dir, "--build-dir", "/tmp"), Z3_E_USAGE);
  char *link = z3_strfmt("%s/escape", dir);
  assert_int_equal(symlink("/tmp", link), 0);
  assert_int_equal(RUN(&r, &err, "build", "status", "--root", dir, "--build-dir", "escape"), Z3_E_USAGE);
  assert_int_equal(RUN(&r, &err, "build", "compile", "--root", dir, "--preset", "x"), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "CMakePresets.json"));
  z3_free(link);
  remove_dir(dir);
}

Z3_TEST(test_build__missing_program_names_it) {
  (void)state;
  char *argv[] = {"z3ed-no-such-compiler", NULL};
  z3_build_run run = {.argv = argv, .dir = "/", .timeout = 5, .max_output = 100};
  z3_build_outcome out;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_build_run_process(&run, &out, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "z3ed-no-such-compiler"));
  z3_build_outcome_release(&out);
  /* output over the limit is counted, not kept */
  char *yes[] = {"sh", "-c", "yes | head -c 5000", NULL};
  run.argv = yes;
  assert_ok(z3_build_run_process(&run, &out, &err), &err);
  assert_int_equal(out.output.len, 100);
  assert_int_equal(out.output_dropped, 4900);
  assert_int_equal(out.exit_code, 0);
  z3_build_outcome_release(&out);
}

Z3_TEST(test_build__junit_tap_yaml_and_skips) {
  (void)state;
  const char xml[] = "<testsuite><testcase name=\"a&amp;b\" time=\"0.5\" status=\"run\"/>"
                     "<testcase name=\"y\" time=\"1.5\"><failure message=\"boom &lt;3\"/></testcase>"
                     "<testcase name=\"t\" time=\"0\" status=\"fail\"><system-out>not ok 3 - sums\n"
                     "  ---\n  file: src/sum.c\n  line: 42\n  ...\n</system-out></testcase>"
                     "<testcase name=\"s\" status=\"notrun\"><skipped/></testcase></testsuite>";
  json_t *r = z3_build_junit_results(xml, sizeof xml - 1, NULL);
  assert_int_equal(num(r, "tests_run"), 3);
  assert_int_equal(num(r, "passed"), 1);
  assert_int_equal(num(r, "failed"), 2);
  assert_int_equal(num(r, "skipped"), 1);
  json_t *f = json_object_get(r, "failures");
  assert_string_equal(str(json_array_get(f, 0), "message"), "boom <3");
  assert_string_equal(str(json_array_get(f, 1), "message"), "sums");
  assert_string_equal(str(json_array_get(f, 1), "file"), "src/sum.c");
  assert_int_equal(num(json_array_get(f, 1), "line"), 42);
  assert_string_equal(str(json_array_get(f, 1), "case"), "3");
  json_decref(r);
  r = z3_build_junit_results("<testcase", 9, NULL);
  assert_int_equal(num(r, "tests_run"), 0);
  json_decref(r);
}

Z3_RUN(cmocka_unit_test(test_build__make_project_with_a_syntax_error),
       cmocka_unit_test(test_build__plain_compiler_project_links_or_names_the_symbol),
       cmocka_unit_test(test_build__hanging_build_is_killed_at_the_limit),
       cmocka_unit_test(test_build__cmake_configure_error_then_ctest_failures),
       cmocka_unit_test(test_build__make_check_verdicts),
       cmocka_unit_test(test_build__build_dir_stays_beneath_the_root),
       cmocka_unit_test(test_build__missing_program_names_it),
       cmocka_unit_test(test_build__junit_tap_yaml_and_skips))
