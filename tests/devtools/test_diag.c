/* devtools/diag: compiler, linker and CMake output from real failing builds, parsed exactly,
 * and checked against GCC's own -fdiagnostics-format=json on the same files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devtools/diag.h"
#include "test.h"

/* A fresh copy of tests/devtools/fixtures/<name> (builds write into it). */
static char *fixture_copy(const char *name) {
  char *dir = z3_test_tmpdir();
  char *cmd = z3_strfmt("cp -r '%s/tests/devtools/fixtures/%s/.' '%s'", Z3_SOURCE_DIR, name, dir);
  assert_int_equal(system(cmd), 0);
  z3_free(cmd);
  return dir;
}

/* Runs a shell command in dir with the C locale; stdout and stderr together. */
static char *run_in(const char *dir, const char *command) {
  char *cmd = z3_strfmt("cd '%s' && LC_ALL=C %s 2>&1", dir, command);
  FILE *f = popen(cmd, "r");
  assert_non_null(f);
  z3_buf out;
  z3_buf_init(&out);
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) z3_buf_append(&out, chunk, n, NULL);
  pclose(f);
  z3_free(cmd);
  return z3_buf_take_string(&out);
}

static void remove_dir(char *dir) {
  char *cmd = z3_strfmt("rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
  z3_free(cmd);
  z3_free(dir);
}

static json_t *parse(const char *text) {
  json_t *r = z3_diag_parse(text, strlen(text));
  assert_non_null(r);
  return r;
}

static void assert_json(json_t *got, const char *expected_text) {
  json_error_t jerr;
  json_t *want = json_loads(expected_text, 0, &jerr);
  if (!want) fail_msg("bad expected JSON at %d: %s", jerr.line, jerr.text);
  if (!json_equal(got, want)) {
    char *g = json_dumps(got, JSON_SORT_KEYS | JSON_INDENT(1));
    char *w = json_dumps(want, JSON_SORT_KEYS | JSON_INDENT(1));
    fprintf(stderr, "got:\n%s\nwant:\n%s\n", g, w);
    free(g);
    free(w);
    json_decref(want);
    fail_msg("parsed diagnostics differ from the expected ones");
  }
  json_decref(want);
}

Z3_TEST(test_diag__syntax_error_fixture_parses_exactly) {
  (void)state;
  char *dir = fixture_copy("build-syntax");
  char *log = run_in(dir, "make");
  json_t *r = parse(log);
  assert_json(json_object_get(r, "diagnostics"),
              "[{\"kind\": \"compiler\", \"severity\": \"error\", \"file\": \"util.h\", \"line\": 2, \"column\": 41,"
              "  \"message\": \"'missing_name' undeclared (first use in this function)\", \"function\": \"broken\","
              "  \"included_from\": [{\"file\": \"main.c\", \"line\": 1}],"
              "  \"notes\": [{\"kind\": \"compiler\", \"severity\": \"note\", \"file\": \"util.h\", \"line\": 2,"
              "    \"column\": 41, \"message\": \"each undeclared identifier is reported only once for each function"
              " it appears in\"}]},"
              " {\"kind\": \"compiler\", \"severity\": \"error\", \"file\": \"main.c\", \"line\": 5, \"column\": 18,"
              "  \"message\": \"expected ';' before '}' token\", \"function\": \"main\","
              "  \"fixits\": [{\"file\": \"main.c\", \"line\": 5, \"column\": 18, \"end_line\": 5, \"end_column\": 18,"
              "    \"replacement\": \";\"}]},"
              " {\"kind\": \"compiler\", \"severity\": \"warning\", \"file\": \"main.c\", \"line\": 4, \"column\": 7,"
              "  \"message\": \"unused variable 'unused'\", \"option\": \"-Wunused-variable\", \"function\": \"main\"}]");
  assert_int_equal(json_integer_value(json_object_get(r, "errors")), 2);
  assert_int_equal(json_integer_value(json_object_get(r, "warnings")), 1);
  assert_int_equal(json_integer_value(json_object_get(r, "notes")), 1);
  json_decref(r);
  free(log);
  remove_dir(dir);
}

Z3_TEST(test_diag__missing_include_is_fatal) {
  (void)state;
  char *dir = fixture_copy("build-include");
  char *log = run_in(dir, "make");
  json_t *r = parse(log);
  assert_json(json_object_get(r, "diagnostics"),
              "[{\"kind\": \"compiler\", \"severity\": \"error\", \"fatal\": true, \"file\": \"main.c\", \"line\": 2,"
              "  \"column\": 10, \"message\": \"nosuch.h: No such file or directory\"}]");
  json_decref(r);
  free(log);
  remove_dir(dir);
}

Z3_TEST(test_diag__linker_errors_name_the_symbol) {
  (void)state;
  char *dir = fixture_copy("build-link");
  char *log = run_in(dir, "make");
  json_t *r = parse(log);
  json_t *d = json_object_get(r, "diagnostics");
  /* ld reports the duplicate first, then the undefined reference, then collect2 gives up. */
  assert_json(json_array_get(d, 0),
              "{\"kind\": \"linker\", \"severity\": \"error\", \"message\": \"multiple definition\","
              " \"symbol\": \"shared\", \"file\": \"other.o\", \"section\": \".data+0x0\","
              " \"first_defined\": {\"file\": \"main.o\", \"section\": \".data+0x0\"}}");
  assert_json(json_array_get(d, 1),
              "{\"kind\": \"linker\", \"severity\": \"error\", \"message\": \"undefined reference\","
              " \"symbol\": \"helper\", \"file\": \"main.c\", \"section\": \".text+0xd\", \"function\": \"main\"}");
  assert_json(json_array_get(d, 2),
              "{\"kind\": \"tool\", \"tool\": \"collect2\", \"severity\": \"error\","
              " \"message\": \"ld returned 1 exit status\"}");
  assert_int_equal(json_array_size(d), 3);
  json_decref(r);
  free(log);
  remove_dir(dir);
}

Z3_TEST(test_diag__cmake_errors_have_file_and_line) {
  (void)state;
  char *dir = fixture_copy("build-cmake-error");
  char *log = run_in(dir, "cmake -S . -B out");
  json_t *r = parse(log);
  json_t *d = json_object_get(r, "diagnostics");
  assert_true(json_array_size(d) >= 1);
  json_t *first = json_array_get(d, 0);
  assert_string_equal(json_string_value(json_object_get(first, "kind")), "cmake");
  assert_string_equal(json_string_value(json_object_get(first, "file")), "CMakeLists.txt");
  assert_int_equal(json_integer_value(json_object_get(first, "line")), 3);
  assert_string_equal(json_string_value(json_object_get(first, "command")), "add_executable");
  assert_non_null(strstr(json_string_value(json_object_get(first, "message")), "Cannot find source file: nosuch.c"));
  json_decref(r);
  free(log);
  remove_dir(dir);
}

/* GCC's JSON into our shape, for the fields both carry: severity, place, message, notes, fix-its. */
static json_t *from_gcc(json_t *g) {
  json_t *caret = json_object_get(json_array_get(json_object_get(g, "locations"), 0), "caret");
  const char *kind = json_string_value(json_object_get(g, "kind"));
  json_t *d = json_pack("{s:s, s:O, s:O, s:O, s:O}", "severity", strcmp(kind, "fatal error") ? kind : "error",
                        "file", json_object_get(caret, "file"), "line", json_object_get(caret, "line"), "column",
                        json_object_get(caret, "column"), "message", json_object_get(g, "message"));
  json_t *notes = json_array(), *fixits = json_array(), *child, *fix;
  size_t i;
  json_array_foreach(json_object_get(g, "children"), i, child) json_array_append_new(notes, from_gcc(child));
  json_array_foreach(json_object_get(g, "fixits"), i, fix) {
    json_t *a = json_object_get(fix, "start"), *b = json_object_get(fix, "next");
    json_array_append_new(fixits, json_pack("{s:O, s:O, s:O, s:O, s:O}", "line", json_object_get(a, "line"),
                                            "column", json_object_get(a, "column"), "end_line",
                                            json_object_get(b, "line"), "end_column", json_object_get(b, "column"),
                                            "replacement", json_object_get(fix, "string")));
  }
  json_object_set_new(d, "notes", notes);
  json_object_set_new(d, "fixits", fixits);
  return d;
}

static json_t *ours_comparable(json_t *o) {
  json_t *d = json_pack("{s:O, s:O, s:O, s:O, s:O}", "severity", json_object_get(o, "severity"), "file",
                        json_object_get(o, "file"), "line", json_object_get(o, "line"), "column",
                        json_object_get(o, "column"), "message", json_object_get(o, "message"));
  json_t *notes = json_array(), *fixits = json_array(), *n, *f;
  size_t i;
  json_array_foreach(json_object_get(o, "notes"), i, n) json_array_append_new(notes, ours_comparable(n));
  json_array_foreach(json_object_get(o, "fixits"), i, f) {
    json_t *c = json_deep_copy(f);
    json_object_del(c, "file");
    json_array_append_new(fixits, c);
  }
  json_object_set_new(d, "notes", notes);
  json_object_set_new(d, "fixits", fixits);
  return d;
}

/* text_flags: -fdiagnostics-parseable-fixits for the exact fix-its, or nothing
 * for the hints under the quoted source. */
static void compare_with_gcc_json(const char *fixture, const char *flags, const char *text_flags) {
  char *dir = fixture_copy(fixture);
  char *text_cmd = z3_strfmt("gcc %s %s -c main.c -o /dev/null", flags, text_flags);
  char *json_cmd = z3_strfmt("gcc %s -fdiagnostics-format=json -c main.c -o /dev/null 2>&1 | head -1", flags);
  char *text = run_in(dir, text_cmd), *gcc_text = run_in(dir, json_cmd);
  json_error_t jerr;
  json_t *gcc = json_loads(gcc_text, JSON_DISABLE_EOF_CHECK, &jerr);
  if (!gcc) fail_msg("gcc's JSON did not parse: %s", jerr.text);
  json_t *r = parse(text), *want = json_array(), *got = json_array(), *d;
  size_t i;
  json_array_foreach(gcc, i, d) json_array_append_new(want, from_gcc(d));
  json_array_foreach(json_object_get(r, "diagnostics"), i, d) json_array_append_new(got, ours_comparable(d));
  assert_true(json_array_size(want) > 0);
  char *w = json_dumps(want, JSON_SORT_KEYS);
  assert_json(got, w);
  free(w);
  json_decref(want);
  json_decref(got);
  json_decref(gcc);
  json_decref(r);
  free(text);
  free(gcc_text);
  z3_free(text_cmd);
  z3_free(json_cmd);
  remove_dir(dir);
}

Z3_TEST(test_diag__agrees_with_gcc_json) {
  (void)state;
  compare_with_gcc_json("build-syntax", "-Wall", "-fdiagnostics-parseable-fixits");
  compare_with_gcc_json("build-include", "", "-fdiagnostics-parseable-fixits");
  compare_with_gcc_json("build-hints", "-fno-builtin", "-fdiagnostics-parseable-fixits");
  compare_with_gcc_json("build-hints", "-fno-builtin", ""); /* the same fix-its, from the text form */
  compare_with_gcc_json("build-syntax", "-Wall", "");
}

Z3_TEST(test_diag__clang_include_chain_and_fixits) {
  (void)state;
  json_t *r = parse("In file included from a.c:1:\n"
                    "In file included from ./b.h:3:\n"
                    "./c.h:7:12: error: use of undeclared identifier 'y'\n"
                    "int x = y\n"
                    "           ^\n"
                    "fix-it:\"./c.h\":{7:12-7:12}:\";\\\"\"\n"
                    "./c.h:2:5: note: 'z' declared here\n"
                    "1 error generated.\n");
  assert_json(json_object_get(r, "diagnostics"),
              "[{\"kind\": \"compiler\", \"severity\": \"error\", \"file\": \"./c.h\", \"line\": 7, \"column\": 12,"
              "  \"message\": \"use of undeclared identifier 'y'\","
              "  \"included_from\": [{\"file\": \"a.c\", \"line\": 1}, {\"file\": \"./b.h\", \"line\": 3}],"
              "  \"fixits\": [{\"file\": \"./c.h\", \"line\": 7, \"column\": 12, \"end_line\": 7, \"end_column\": 12,"
              "    \"replacement\": \";\\\"\"}],"
              "  \"notes\": [{\"kind\": \"compiler\", \"severity\": \"note\", \"file\": \"./c.h\", \"line\": 2,"
              "    \"column\": 5, \"message\": \"'z' declared here\"}]}]");
  json_decref(r);
}

/* Clang's hints sit right under the caret, without GCC's gutter; a note's
 * quoted source is not a hint, nor is the closing count. */
Z3_TEST(test_diag__clang_text_fixits) {
  (void)state;
  json_t *r = parse("a.c:3:3: error: use of undeclared identifier 'fooo'; did you mean 'foo'?\n"
                    "  fooo = 1;\n"
                    "  ^~~~\n"
                    "  foo\n"
                    "a.c:1:5: note: 'foo' declared here\n"
                    "int foo;\n"
                    "    ^\n"
                    "a.c:6:5: error: no member named 'membr' in 'struct s'; did you mean 'member'?\n"
                    "  v.membr = 2;\n"
                    "    ^~~~~\n"
                    "    member\n"
                    "2 errors generated.\n");
  json_t *d = json_object_get(r, "diagnostics");
  assert_int_equal(json_array_size(d), 2);
  assert_json(json_object_get(json_array_get(d, 0), "fixits"),
              "[{\"file\": \"a.c\", \"line\": 3, \"column\": 3, \"end_line\": 3, \"end_column\": 7,"
              "  \"replacement\": \"foo\"}]");
  assert_null(json_object_get(json_array_get(json_object_get(json_array_get(d, 0), "notes"), 0), "fixits"));
  assert_json(json_object_get(json_array_get(d, 1), "fixits"),
              "[{\"file\": \"a.c\", \"line\": 6, \"column\": 5, \"end_line\": 6, \"end_column\": 10,"
              "  \"replacement\": \"member\"}]");
  json_decref(r);
}

/* GCC's range labels under a caret are not hints; dashes are a deletion. */
Z3_TEST(test_diag__gcc_range_labels_and_deletions) {
  (void)state;
  json_t *r = parse("m.c:4:13: error: invalid operands to binary + (have 'int' and 'char *')\n"
                    "    4 |   int x = a + b;\n"
                    "      |           ~ ^ ~\n"
                    "      |           |   |\n"
                    "      |           int char *\n");
  assert_null(json_object_get(json_array_get(json_object_get(r, "diagnostics"), 0), "fixits"));
  json_decref(r);
  /* dashes under a range delete it */
  r = parse("x.c:2:9: warning: unneeded cast [-Wextra]\n"
            "    2 |   int y = (int)z;\n"
            "      |         ^~~~~\n"
            "      |         -----\n");
  assert_json(json_object_get(json_array_get(json_object_get(r, "diagnostics"), 0), "fixits"),
              "[{\"file\": \"x.c\", \"line\": 2, \"column\": 9, \"end_line\": 2, \"end_column\": 14,"
              "  \"replacement\": \"\"}]");
  json_decref(r);
}

Z3_TEST(test_diag__gcc_include_chain_lld_and_cmake_forms) {
  (void)state;
  json_t *r = parse("In file included from x.h:4,\n"
                    "                 from y.c:2:\n"
                    "x.h:9: warning: \"FOO\" redefined\n"
                    "ld.lld: error: undefined symbol: frob\n"
                    ">>> referenced by m.c:12\n"
                    "CMake Error: The source directory \"/nope\" does not exist.\n"
                    "CMake Warning (dev) at cmake/x.cmake:5 (message):\n"
                    "  first line\n"
                    "\n"
                    "  second line\n"
                    "This warning is for project developers.\n");
  assert_json(json_object_get(r, "diagnostics"),
              "[{\"kind\": \"compiler\", \"severity\": \"warning\", \"file\": \"x.h\", \"line\": 9,"
              "  \"message\": \"\\\"FOO\\\" redefined\","
              "  \"included_from\": [{\"file\": \"x.h\", \"line\": 4}, {\"file\": \"y.c\", \"line\": 2}]},"
              " {\"kind\": \"linker\", \"severity\": \"error\", \"message\": \"undefined reference\","
              "  \"symbol\": \"frob\", \"file\": \"m.c\", \"line\": 12},"
              " {\"kind\": \"cmake\", \"severity\": \"error\","
              "  \"message\": \"The source directory \\\"/nope\\\" does not exist.\"},"
              " {\"kind\": \"cmake\", \"severity\": \"warning\", \"file\": \"cmake/x.cmake\", \"line\": 5,"
              "  \"command\": \"message\", \"message\": \"first line second line\"}]");
  assert_int_equal(json_integer_value(json_object_get(r, "warnings")), 2);
  assert_int_equal(json_integer_value(json_object_get(r, "errors")), 2);
  json_decref(r);
}

Z3_TEST(test_diag__garbage_and_bad_utf8_do_not_break_it) {
  (void)state;
  const char text[] = "\xff\xfe: error: \xc3\n::::: note: x\nfix-it:\"a\":{1:2-3\n:1: error: \n\n";
  json_t *r = z3_diag_parse(text, sizeof text - 1);
  assert_non_null(r);
  json_t *first = json_array_get(json_object_get(r, "diagnostics"), 0);
  assert_string_equal(json_string_value(json_object_get(first, "message")), "?");
  json_decref(r);
  r = parse("");
  assert_int_equal(json_array_size(json_object_get(r, "diagnostics")), 0);
  json_decref(r);
}

Z3_RUN(cmocka_unit_test(test_diag__syntax_error_fixture_parses_exactly),
       cmocka_unit_test(test_diag__missing_include_is_fatal),
       cmocka_unit_test(test_diag__linker_errors_name_the_symbol),
       cmocka_unit_test(test_diag__cmake_errors_have_file_and_line),
       cmocka_unit_test(test_diag__agrees_with_gcc_json),
       cmocka_unit_test(test_diag__clang_include_chain_and_fixits), cmocka_unit_test(test_diag__clang_text_fixits),
       cmocka_unit_test(test_diag__gcc_range_labels_and_deletions),
       cmocka_unit_test(test_diag__gcc_include_chain_lld_and_cmake_forms),
       cmocka_unit_test(test_diag__garbage_and_bad_utf8_do_not_break_it))
