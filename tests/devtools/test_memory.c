/* debug-tools memory and perf: real runs of small programs under valgrind and perf through z3ed. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "devtools/memory.h"
#include "test.h"

#define FIXTURES Z3_SOURCE_DIR "/tests/devtools/fixtures"

static const char *str(const json_t *o, const char *key) { return json_string_value(json_object_get(o, key)); }
static long long num(const json_t *o, const char *key) { return json_integer_value(json_object_get(o, key)); }

/* A folder holding fixtures/<name>.c built as ./prog (no sanitizers: valgrind runs it). */
static char *built(const char *name) {
  char *tmp = z3_test_tmpdir();
  char *cmd = z3_strfmt("cd '%s' && cc -g -O0 '%s/%s.c' -o prog", tmp, FIXTURES, name);
  assert_int_equal(system(cmd), 0);
  free(cmd);
  return tmp;
}

/* Runs z3ed with args and returns its JSON envelope; *exit_code gets the exit status. */
static json_t *z3ed_json(const char *args, int *exit_code) {
  char *cmd = z3_strfmt("'%s' %s --format json 2>&1", Z3_EXE, args);
  FILE *p = popen(cmd, "r");
  free(cmd);
  assert_non_null(p);
  json_error_t jerr;
  json_t *out = json_loadf(p, 0, &jerr);
  int status = pclose(p);
  if (exit_code) *exit_code = WEXITSTATUS(status);
  if (!out) fail_msg("z3ed %s: no JSON (%s)", args, jerr.text);
  return out;
}

static bool have(const char *program) {
  char *cmd = z3_strfmt("command -v %s > /dev/null", program);
  bool ok = system(cmd) == 0;
  free(cmd);
  return ok;
}

Z3_TEST(memcheck_finds_three_leaks) {
  (void)state;
  if (!have("valgrind")) skip();
  char *tmp = built("crash-leak");
  char *args = z3_strfmt("debug-tools memory --root '%s' --command ./prog", tmp);
  json_t *env = z3ed_json(args, NULL);
  json_t *r = json_object_get(env, "result");
  assert_string_equal(str(r, "tool"), "memcheck");
  const json_t *leaks = json_object_get(r, "leaks");
  assert_int_equal(json_array_size(leaks), 3);
  /* memcheck lists loss records smallest first */
  assert_int_equal(num(json_array_get(leaks, 0), "bytes"), 40);
  assert_int_equal(num(json_array_get(leaks, 2), "bytes"), 4000);
  assert_string_equal(str(json_array_get(leaks, 2), "kind"), "definitely");
  const json_t *stack = json_object_get(json_array_get(leaks, 0), "stack");
  assert_string_equal(str(json_array_get(stack, 0), "function"), "malloc");
  assert_string_equal(str(json_array_get(stack, 1), "function"), "keep");
  assert_string_equal(str(json_array_get(stack, 1), "file"), "crash-leak.c");
  assert_int_equal(num(json_array_get(stack, 1), "line"), 6);
  assert_int_equal(num(json_array_get(stack, 2), "line"), 12);
  assert_int_equal(num(json_object_get(r, "leak_summary"), "definitely_lost_bytes"), 4140);
  json_decref(env);
  free(args);
  free(tmp);
}

Z3_TEST(massif_finds_the_largest_site) {
  (void)state;
  if (!have("valgrind")) skip();
  char *tmp = built("crash-leak");
  char *args = z3_strfmt("debug-tools memory --tool massif --root '%s' --command ./prog", tmp);
  json_t *env = z3ed_json(args, NULL);
  json_t *r = json_object_get(env, "result");
  assert_int_equal(num(r, "peak_heap_bytes"), 4140);
  const json_t *top = json_array_get(json_object_get(r, "largest_allocations"), 0);
  assert_int_equal(num(top, "bytes"), 4000);
  assert_string_equal(str(top, "function"), "main");
  assert_int_equal(num(top, "line"), 14);
  const json_t *second = json_array_get(json_object_get(r, "largest_allocations"), 1);
  assert_string_equal(str(second, "function"), "keep");
  assert_int_equal(num(second, "bytes"), 140);
  json_decref(env);
  free(args);
  free(tmp);
}

static void assert_spin_hottest(const json_t *r) {
  const json_t *hot = json_object_get(r, "hot_functions");
  assert_true(json_array_size(hot) >= 1);
  assert_string_equal(str(json_array_get(hot, 0), "function"), "spin");
  assert_true(json_real_value(json_object_get(json_array_get(hot, 0), "share")) > 50.0);
}

Z3_TEST(callgrind_finds_the_hot_function) {
  (void)state;
  if (!have("valgrind") || !have("callgrind_annotate")) skip();
  char *tmp = built("crash-hot");
  char *args = z3_strfmt("debug-tools perf --tool callgrind --root '%s' --command ./prog", tmp);
  json_t *env = z3ed_json(args, NULL);
  json_t *r = json_object_get(env, "result");
  assert_string_equal(str(r, "tool"), "callgrind");
  assert_spin_hottest(r);
  const char *file = str(json_array_get(json_object_get(r, "hot_functions"), 0), "file");
  assert_string_equal(file + strlen(file) - strlen("/crash-hot.c"), "/crash-hot.c");
  assert_string_equal(str(json_array_get(json_object_get(r, "hot_functions"), 1), "function"), "warm");
  json_decref(env);
  free(args);
  free(tmp);
}

/* auto: perf where the kernel lets it record, else callgrind; either way spin leads the
 * program's own functions (perf's few samples of a short run also catch the kernel and ld.so). */
static void assert_spin_leads_user_code(const json_t *r) {
  size_t i;
  json_t *h;
  json_array_foreach(json_object_get(r, "hot_functions"), i, h) {
    if (json_is_true(json_object_get(h, "kernel"))) continue;
    assert_string_equal(str(h, "function"), "spin");
    return;
  }
  fail_msg("no user-space function in the profile");
}

Z3_TEST(auto_profile_finds_the_hot_function) {
  (void)state;
  if (!have("valgrind")) skip();
  char *tmp = built("crash-hot");
  char *args = z3_strfmt("debug-tools perf --root '%s' --max-entries 100 --command ./prog", tmp);
  json_t *env = z3ed_json(args, NULL);
  json_t *r = json_object_get(env, "result");
  assert_spin_leads_user_code(r);
  assert_int_equal(num(json_object_get(r, "run"), "exit_code"), 0);
  json_decref(env);
  free(args);
  free(tmp);
}

Z3_TEST(hung_command_is_killed_at_the_limit) {
  (void)state;
  if (!have("valgrind")) skip();
  char *tmp = z3_test_tmpdir();
  char *args = z3_strfmt("debug-tools memory --root '%s' --timeout 2 --command 'sleep 30'", tmp);
  int code = 0;
  json_t *env = z3ed_json(args, &code);
  assert_int_equal(code, 3);
  assert_non_null(strstr(str(json_object_get(env, "error"), "message"), "killed at --timeout 2 s"));
  json_decref(env);
  free(args);
  free(tmp);
}

Z3_TEST(profiles_in_other_formats_are_refused) {
  (void)state;
  const char *text = "not a profile\n";
  json_t *out = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_memcheck_parse(text, strlen(text), 5, &out, &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_int_equal(z3_massif_parse(text, strlen(text), 5, &out, &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_int_equal(z3_callgrind_parse(text, strlen(text), 5, &out, &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_int_equal(z3_perf_report_parse(text, strlen(text), 5, &out, &err), Z3_E_INVALID);
  assert_null(out);
}

Z3_TEST(perf_report_listing) {
  (void)state;
  const char *text = "# Samples: 32  of event 'cpu-clock:ppp'\n#\n"
                     "    53.12%  hot                [.] spin\n"
                     "     6.25%  [kernel.kallsyms]  [k] pvm_irq_enable\n";
  json_t *out = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_perf_report_parse(text, strlen(text), 5, &out, &err), &err);
  const json_t *hot = json_object_get(out, "hot_functions");
  assert_string_equal(str(json_array_get(hot, 0), "module"), "hot");
  assert_false(json_is_true(json_object_get(json_array_get(hot, 0), "kernel")));
  assert_true(json_is_true(json_object_get(json_array_get(hot, 1), "kernel")));
  assert_true(json_real_value(json_object_get(json_array_get(hot, 0), "share")) == 53.12);
  json_decref(out);
}

Z3_RUN(cmocka_unit_test(memcheck_finds_three_leaks), cmocka_unit_test(massif_finds_the_largest_site),
       cmocka_unit_test(callgrind_finds_the_hot_function), cmocka_unit_test(auto_profile_finds_the_hot_function),
       cmocka_unit_test(hung_command_is_killed_at_the_limit), cmocka_unit_test(profiles_in_other_formats_are_refused),
       cmocka_unit_test(perf_report_listing))
