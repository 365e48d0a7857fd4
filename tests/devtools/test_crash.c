/* debug-tools crash: real crashes built at test time with the sanitizers, parsed exactly. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devtools/crash.h"
#include "test.h"

#define FIXTURES Z3_SOURCE_DIR "/tests/devtools/fixtures"

static char *fixtures_real;

/* Builds fixtures/<name>.c in tmp with flags and runs it there, its stderr into tmp/<name>.log. */
static char *crash_log(const char *tmp, const char *name, const char *flags) {
  char *cmd = z3_strfmt("cd '%s' && cc -g -O0 %s '%s/%s.c' -o %s && "
                        "ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 "
                        "./%s > /dev/null 2> %s.log",
                        tmp, flags, FIXTURES, name, name, name, name);
  assert_non_null(cmd);
  assert_int_not_equal(system(cmd), 0); /* every fixture crashes */
  free(cmd);
  return z3_strfmt("%s/%s.log", tmp, name);
}

static json_t *parse_file(const char *path, const char *root) {
  z3_buf text;
  z3_buf_init(&text);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&text, path, 1 << 24, &err), &err);
  json_t *out = NULL;
  assert_ok(z3_crash_parse((const char *)text.data, text.len, root, &out, &err), &err);
  z3_buf_release(&text);
  return out;
}

static json_t *sanitizer_crash(const char *name) {
  char *tmp = z3_test_tmpdir();
  char *log = crash_log(tmp, name, "-fsanitize=address,undefined");
  json_t *r = parse_file(log, fixtures_real);
  free(log);
  free(tmp);
  return r;
}

static const char *str(const json_t *o, const char *key) { return json_string_value(json_object_get(o, key)); }
static long long num(const json_t *o, const char *key) { return json_integer_value(json_object_get(o, key)); }

static void assert_site(const json_t *r, const char *function, const char *file, long long line) {
  const json_t *site = json_object_get(r, "crash_site");
  assert_string_equal(str(site, "function"), function);
  assert_non_null(strstr(str(site, "file"), file));
  assert_int_equal(num(site, "line"), line);
  assert_true(json_is_true(json_object_get(site, "is_user_code")));
}

static bool starts(const char *s, const char *prefix) { return s && strncmp(s, prefix, strlen(prefix)) == 0; }

Z3_TEST(null_dereference) {
  (void)state;
  json_t *r = sanitizer_crash("crash-null");
  assert_string_equal(str(r, "format"), "asan");
  assert_string_equal(str(r, "crash_type"), "SEGV");
  assert_string_equal(str(r, "crash_address"), "0x000000000000");
  assert_string_equal(str(r, "access"), "READ");
  assert_site(r, "second_value", "crash-null.c", 10);
  const json_t *frames = json_object_get(r, "stack_trace");
  assert_string_equal(str(json_array_get(frames, 1), "function"), "main");
  assert_int_equal(num(json_array_get(frames, 1), "line"), 15);
  assert_false(json_is_true(json_object_get(json_array_get(frames, 2), "is_user_code"))); /* libc */
  assert_true(starts(str(r, "likely_cause"), "null pointer dereference in second_value ("));
  json_decref(r);
}

Z3_TEST(use_after_free) {
  (void)state;
  json_t *r = sanitizer_crash("crash-uaf");
  assert_string_equal(str(r, "crash_type"), "heap-use-after-free");
  assert_string_equal(str(r, "access"), "READ");
  assert_int_equal(num(r, "access_size"), 4);
  assert_site(r, "main", "crash-uaf.c", 11);
  const json_t *freed = json_object_get(r, "freed_by");
  assert_string_equal(str(json_array_get(freed, 1), "function"), "release");
  assert_int_equal(num(json_array_get(freed, 1), "line"), 6);
  const json_t *allocated = json_object_get(r, "allocated_by");
  assert_string_equal(str(json_array_get(allocated, 1), "function"), "make_counts");
  assert_true(starts(str(r, "likely_cause"), "use after free in main ("));
  assert_non_null(strstr(str(r, "likely_cause"), "freed in release ("));
  json_decref(r);
}

Z3_TEST(heap_overflow) {
  (void)state;
  json_t *r = sanitizer_crash("crash-heap-overflow");
  assert_string_equal(str(r, "crash_type"), "heap-buffer-overflow");
  assert_string_equal(str(r, "access"), "WRITE");
  assert_site(r, "fill", "crash-heap-overflow.c", 5);
  assert_non_null(strstr(str(r, "region"), "0 bytes to the right of 40-byte region"));
  assert_true(starts(str(r, "likely_cause"), "heap buffer overflow in fill ("));
  json_decref(r);
}

Z3_TEST(global_overflow) {
  (void)state;
  json_t *r = sanitizer_crash("crash-global-overflow");
  assert_string_equal(str(r, "crash_type"), "global-buffer-overflow");
  assert_site(r, "main", "crash-global-overflow.c", 6);
  assert_true(starts(str(r, "likely_cause"), "global buffer overflow in main ("));
  assert_non_null(strstr(str(r, "likely_cause"), "global variable 'table'"));
  json_decref(r);
}

Z3_TEST(stack_overflow) {
  (void)state;
  json_t *r = sanitizer_crash("crash-stack-overflow");
  assert_string_equal(str(r, "crash_type"), "stack-overflow");
  /* the guard page is hit either in depth's prologue (line 4) or at its recursive call (line 7) */
  const json_t *site = json_object_get(r, "crash_site");
  assert_string_equal(str(site, "function"), "depth");
  assert_true(num(site, "line") == 4 || num(site, "line") == 7);
  assert_int_equal(json_array_size(json_object_get(r, "stack_trace")), Z3_CRASH_MAX_FRAMES);
  assert_true(num(r, "frames_truncated") > 0);
  assert_int_equal(num(r, "frame_count"), Z3_CRASH_MAX_FRAMES + num(r, "frames_truncated"));
  assert_true(starts(str(r, "likely_cause"), "stack overflow: unbounded recursion in depth ("));
  json_decref(r);
}

Z3_TEST(double_free) {
  (void)state;
  json_t *r = sanitizer_crash("crash-double-free");
  assert_string_equal(str(r, "crash_type"), "double-free");
  assert_site(r, "drop", "crash-double-free.c", 4);
  assert_string_equal(str(json_array_get(json_object_get(r, "stack_trace"), 2), "function"), "main");
  assert_int_equal(num(json_array_get(json_object_get(r, "stack_trace"), 2), "line"), 9);
  assert_int_equal(num(json_array_get(json_object_get(r, "freed_by"), 2), "line"), 8);
  assert_true(starts(str(r, "likely_cause"), "double free in drop ("));
  json_decref(r);
}

/* A glibc backtrace printed by the program's own SIGSEGV handler, modules relative to the root. */
Z3_TEST(glibc_backtrace) {
  (void)state;
  char *tmp = z3_test_tmpdir();
  char *log = crash_log(tmp, "crash-backtrace", "-rdynamic");
  json_t *r = parse_file(log, tmp);
  assert_string_equal(str(r, "format"), "glibc-backtrace");
  assert_string_equal(str(r, "crash_type"), "SIGSEGV");
  const json_t *site = json_object_get(r, "crash_site");
  assert_string_equal(str(site, "function"), "crash_here");
  assert_string_equal(str(site, "module"), "./crash-backtrace");
  assert_true(json_is_true(json_object_get(site, "is_user_code")));
  bool libc_seen = false;
  size_t i;
  json_t *f;
  json_array_foreach(json_object_get(r, "stack_trace"), i, f) {
    if (strstr(str(f, "module"), "libc.so")) libc_seen = !json_is_true(json_object_get(f, "is_user_code"));
  }
  assert_true(libc_seen);
  json_decref(r);
  free(log);
  free(tmp);
}

/* Runs z3ed with args (a shell line) and returns its JSON envelope. */
static json_t *z3ed_json(const char *args) {
  char *cmd = z3_strfmt("'%s' %s --format json", Z3_EXE, args);
  FILE *p = popen(cmd, "r");
  free(cmd);
  assert_non_null(p);
  json_error_t jerr;
  json_t *out = json_loadf(p, 0, &jerr);
  pclose(p);
  assert_non_null(out);
  return out;
}

/* gdb on a real core file, when this machine lets a process dump one in its cwd. */
Z3_TEST(core_file_through_gdb) {
  (void)state;
  if (system("command -v gdb > /dev/null") != 0) skip();
  char *tmp = z3_test_tmpdir();
  char *cmd = z3_strfmt("cd '%s' && cc -g -O0 '%s/crash-null.c' -o prog && (ulimit -c unlimited; ./prog) "
                        "> /dev/null 2>&1; ls core* > cores.txt 2>/dev/null",
                        tmp, FIXTURES);
  assert_int_not_equal(system(cmd), -1);
  free(cmd);
  z3_buf cores;
  z3_buf_init(&cores);
  z3_error err;
  z3_error_init(&err);
  char *list = z3_strfmt("%s/cores.txt", tmp);
  if (z3_file_read(&cores, list, 4096, &err) != Z3_OK || cores.len == 0) {
    free(list);
    free(tmp);
    skip(); /* core_pattern sends cores elsewhere (a crash handler) */
  }
  char core[256];
  snprintf(core, sizeof core, "%.*s", (int)strcspn((const char *)cores.data, "\n"), (const char *)cores.data);
  char *args = z3_strfmt("debug-tools crash --root '%s' --core '%s' --binary prog", tmp, core);
  json_t *env = z3ed_json(args);
  json_t *r = json_object_get(env, "result");
  assert_string_equal(str(r, "format"), "gdb");
  assert_string_equal(str(r, "signal"), "SIGSEGV");
  assert_string_equal(str(r, "crash_address"), "0x0");
  assert_string_equal(str(json_object_get(r, "crash_site"), "function"), "second_value");
  assert_int_equal(num(json_object_get(r, "crash_site"), "line"), 10);
  assert_true(starts(str(r, "likely_cause"), "null pointer dereference in second_value ("));
  json_decref(env);
  free(args);
  free(list);
  z3_buf_release(&cores);
  free(tmp);
}

Z3_TEST(ubsan_location_only) {
  (void)state;
  const char *log = "src/a.c:3:5: runtime error: signed integer overflow: 2147483647 + 1 cannot be "
                    "represented in type 'int'\n";
  json_t *r = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_crash_parse(log, strlen(log), NULL, &r, &err), &err);
  assert_string_equal(str(r, "format"), "ubsan");
  assert_string_equal(str(r, "crash_type"), "integer-overflow");
  const json_t *f = json_array_get(json_object_get(r, "stack_trace"), 0);
  assert_string_equal(str(f, "file"), "src/a.c");
  assert_int_equal(num(f, "line"), 3);
  assert_int_equal(num(f, "column"), 5);
  json_decref(r);
}

/* With print_stacktrace=1 (as our tests run) the location line comes first, then the
 * stack whose frame 0 is the same place: one frame 0, named, not two. */
Z3_TEST(ubsan_with_a_stack_has_one_frame_0) {
  (void)state;
  const char *log = "src/a.c:3:5: runtime error: signed integer overflow: 2147483647 + 1 cannot be "
                    "represented in type 'int'\n"
                    "    #0 0x5555 in add src/a.c:3:5\n"
                    "    #1 0x5556 in main src/a.c:9:3\n"
                    "    #2 0x7fff in __libc_start_main ../csu/libc-start.c:360\n";
  json_t *r = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_crash_parse(log, strlen(log), NULL, &r, &err), &err);
  const json_t *stack = json_object_get(r, "stack_trace");
  assert_int_equal(json_array_size(stack), 3);
  assert_int_equal(num(r, "frame_count"), 3);
  assert_string_equal(str(json_array_get(stack, 0), "function"), "add");
  assert_string_equal(str(json_object_get(r, "crash_site"), "function"), "add");
  json_decref(r);
}

Z3_TEST(gdb_live_session_and_recursion) {
  (void)state;
  z3_buf log;
  z3_buf_init(&log);
  z3_buf_printf(&log, "Program received signal SIGSEGV, Segmentation fault.\n");
  for (int i = 0; i < 40; i++)
    z3_buf_printf(&log, "#%d  0x0000555555555149 in walk (n=%d) at tree.c:7\n", i, i);
  json_t *r = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_crash_parse((const char *)log.data, log.len, NULL, &r, &err), &err);
  assert_string_equal(str(r, "crash_type"), "SIGSEGV");
  assert_int_equal(num(r, "frame_count"), 40);
  assert_true(starts(str(r, "likely_cause"), "stack overflow: unbounded recursion in walk (tree.c:7)"));
  json_decref(r);
  z3_buf_release(&log);
}

/* A field cut to its buffer ends before a character, not inside one, and stays text. */
Z3_TEST(long_fields_are_cut_between_characters) {
  (void)state;
  z3_buf log;
  z3_buf_init(&log);
  z3_buf_printf(&log, "==1==ERROR: AddressSanitizer: ");
  for (int i = 0; i < 40; i++) z3_buf_printf(&log, "\xC3\xA9"); /* é: 80 bytes, the type holds 63 */
  z3_buf_printf(&log, " on address 0x1\n    #0 0x5555 in main src/a.c:3:5\n");
  json_t *r = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_crash_parse((const char *)log.data, log.len, NULL, &r, &err), &err);
  const char *type = str(r, "crash_type");
  assert_non_null(type);
  assert_int_equal(strlen(type), 62);
  assert_non_null(str(r, "likely_cause"));
  json_decref(r);
  z3_buf_release(&log);
}

Z3_TEST(unknown_format_is_an_error) {
  (void)state;
  const char *text = "make: *** [all] Error 2\nsomething else\n";
  json_t *r = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_crash_parse(text, strlen(text), NULL, &r, &err), Z3_E_INVALID);
  assert_null(r);
  assert_non_null(strstr(err.message, "no format I know"));
}

int main(void) {
  fixtures_real = realpath(FIXTURES, NULL);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(null_dereference),     cmocka_unit_test(use_after_free),
      cmocka_unit_test(heap_overflow),        cmocka_unit_test(global_overflow),
      cmocka_unit_test(stack_overflow),       cmocka_unit_test(double_free),
      cmocka_unit_test(glibc_backtrace),      cmocka_unit_test(core_file_through_gdb),
      cmocka_unit_test(ubsan_location_only),  cmocka_unit_test(ubsan_with_a_stack_has_one_frame_0),
      cmocka_unit_test(gdb_live_session_and_recursion), cmocka_unit_test(long_fields_are_cut_between_characters),
      cmocka_unit_test(unknown_format_is_an_error),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  free(fixtures_real);
  return failed;
}
