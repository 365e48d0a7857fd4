/* agent/script: the TOML subset (every construct, every error with its line and
 * column), the writer's round trip, script checks, runs, recording and learning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent/script.h"
#include "test.h"

static char *workspace; /* holds pristine.sfc; Z3ED_HOME is workspace/home */

static int setup(void **state) {
  (void)state;
  workspace = z3_test_tmpdir();
  char *cmd = z3_strfmt("cp '%s' '%s/pristine.sfc'", Z3_SAMPLE, workspace);
  int rc = system(cmd);
  z3_free(cmd);
  char *home = z3_strfmt("%s/home", workspace);
  setenv("Z3ED_HOME", home, 1);
  z3_free(home);
  return rc == 0 ? chdir(workspace) : -1;
}

static int teardown(void **state) {
  (void)state;
  char *cmd = z3_strfmt("rm -rf '%s'", workspace);
  if (system(cmd) != 0) print_error("cannot remove %s\n", workspace);
  z3_free(cmd);
  z3_free(workspace);
  return 0;
}

static void sh(const char *fmt, ...) Z3_PRINTF(1, 2);
static void sh(const char *fmt, ...) {
  char cmd[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cmd, sizeof cmd, fmt, ap);
  va_end(ap);
  int rc = system(cmd);
  if (rc != 0) print_error("command failed (%d): %s\n", rc, cmd);
  assert_int_equal(rc, 0);
}

/* stdout of a shell command as JSON. */
static json_t *sh_json(const char *cmd) {
  FILE *p = popen(cmd, "r");
  assert_non_null(p);
  json_error_t e;
  json_t *v = json_loadf(p, 0, &e);
  pclose(p);
  if (!v) print_error("not JSON from %s: %s\n", cmd, e.text);
  assert_non_null(v);
  return v;
}

static void write_text(const char *path, const char *text) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(path, text, strlen(text), NULL, &err), &err);
}

static bool same_files(const char *a, const char *b) {
  z3_buf x, y;
  z3_buf_init(&x);
  z3_buf_init(&y);
  z3_error err;
  z3_error_init(&err);
  bool same = z3_file_read(&x, a, 64u << 20, &err) == Z3_OK && z3_file_read(&y, b, 64u << 20, &err) == Z3_OK &&
              x.len == y.len && memcmp(x.data, y.data, x.len) == 0;
  z3_buf_release(&x);
  z3_buf_release(&y);
  return same;
}

/* ---- the TOML subset: constructs ---------------------------------------------- */

static json_t *toml_ok(const char *text) {
  json_t *doc;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_toml_parse(text, strlen(text), "t.toml", &doc, NULL, &err), &err);
  return doc;
}

static void assert_toml(const char *text, const char *want_json) {
  json_t *doc = toml_ok(text);
  json_t *want = json_loads(want_json, 0, NULL);
  assert_non_null(want);
  if (!json_equal(doc, want)) {
    char *got = json_dumps(doc, JSON_COMPACT | JSON_SORT_KEYS);
    print_error("TOML:\n%s\ngot  %s\nwant %s\n", text, got, want_json);
    free(got);
  }
  assert_true(json_equal(doc, want));
  json_decref(doc);
  json_decref(want);
}

Z3_TEST(test_toml_parse__tables_keys_and_arrays_of_tables) {
  (void)state;
  assert_toml("", "{}");
  assert_toml("\xEF\xBB\xBF# only a comment\n\n", "{}");
  assert_toml("a = 1\nb = \"x\" # trailing comment\r\nc = true\nd = false\n",
              "{\"a\":1,\"b\":\"x\",\"c\":true,\"d\":false}");
  assert_toml("[t]\nx = 1\n[t.u]\ny = 2\n[v . w]\nz = 3\n",
              "{\"t\":{\"x\":1,\"u\":{\"y\":2}},\"v\":{\"w\":{\"z\":3}}}");
  assert_toml("a.b.c = 1\na.b.d = 2\n\"quoted key\" = 3\n'lit.key' = 4\n\"\" = 5\n1234 = 6\n",
              "{\"a\":{\"b\":{\"c\":1,\"d\":2}},\"quoted key\":3,\"lit.key\":4,\"\":5,\"1234\":6}");
  assert_toml("[a.b.c]\nx = 1\n[a]\ny = 2\n", "{\"a\":{\"b\":{\"c\":{\"x\":1}},\"y\":2}}");
  assert_toml("[[step]]\ntool = \"a\"\n[step.args]\nrom = \"r\"\n[[step]]\ntool = \"b\"\n",
              "{\"step\":[{\"tool\":\"a\",\"args\":{\"rom\":\"r\"}},{\"tool\":\"b\"}]}");
  assert_toml("[[a]]\n[[a.b]]\nx = 1\n[[a.b]]\nx = 2\n[[a]]\n",
              "{\"a\":[{\"b\":[{\"x\":1},{\"x\":2}]},{}]}");
  assert_toml("[x]\na.b = 1\n[x.a.c]\nd = 2\n", "{\"x\":{\"a\":{\"b\":1,\"c\":{\"d\":2}}}}");
}

Z3_TEST(test_toml_parse__strings) {
  (void)state;
  assert_toml("s = \"tab\\there \\\"q\\\" back\\\\slash \\b\\f\\r\\n\"",
              "{\"s\":\"tab\\there \\\"q\\\" back\\\\slash \\b\\f\\r\\n\"}");
  assert_toml("s = \"\\u00e9\\U0001F600 \xc3\xa9\"", "{\"s\":\"\xc3\xa9\xf0\x9f\x98\x80 \xc3\xa9\"}");
  assert_toml("s = 'C:\\path\\no escapes \"here\"'", "{\"s\":\"C:\\\\path\\\\no escapes \\\"here\\\"\"}");
  assert_toml("s = \"\"\"\nfirst\nsecond\"\"\"", "{\"s\":\"first\\nsecond\"}");
  assert_toml("s = \"\"\"one \\\n    two \\\n\n   three\"\"\"", "{\"s\":\"one two three\"}");
  assert_toml("s = \"\"\"quote \"inside\" \"\"\"\"\"", "{\"s\":\"quote \\\"inside\\\" \\\"\\\"\"}");
  assert_toml("s = '''\nraw \\n\nlines'''", "{\"s\":\"raw \\\\n\\nlines\"}");
  assert_toml("s = ''''quoted'''''", "{\"s\":\"'quoted''\"}");
  assert_toml("s = \"\"\"crlf\r\nline\"\"\"", "{\"s\":\"crlf\\nline\"}");
  assert_toml("s = \"\"\n", "{\"s\":\"\"}");
}

Z3_TEST(test_toml_parse__numbers_and_booleans) {
  (void)state;
  assert_toml("a = 0\nb = +17\nc = -42\nd = 1_000_000\ne = 0xDEAD_beef\nf = 0o755\ng = 0b1101\n",
              "{\"a\":0,\"b\":17,\"c\":-42,\"d\":1000000,\"e\":3735928559,\"f\":493,\"g\":13}");
  assert_toml("max = 9223372036854775807\nmin = -9223372036854775808\n",
              "{\"max\":9223372036854775807,\"min\":-9223372036854775808}");
  json_t *doc = toml_ok("a = 1.5\nb = -0.25\nc = 5e3\nd = 1E-2\ne = 6.626e-34\nf = 1_000.5\ng = -0.0\nh = 1.6e-30\n");
  assert_true(json_real_value(json_object_get(doc, "a")) == 1.5);
  assert_true(json_real_value(json_object_get(doc, "b")) == -0.25);
  assert_true(json_real_value(json_object_get(doc, "c")) == 5000.0);
  assert_true(json_real_value(json_object_get(doc, "d")) == 0.01);
  assert_true(json_real_value(json_object_get(doc, "e")) == 6.626e-34);
  assert_true(json_real_value(json_object_get(doc, "f")) == 1000.5);
  assert_true(json_is_real(json_object_get(doc, "g")));
  assert_true(json_real_value(json_object_get(doc, "h")) == 1.6e-30); /* a dash at [4], yet no date */
  json_decref(doc);
}

Z3_TEST(test_toml_parse__arrays_and_inline_tables) {
  (void)state;
  assert_toml("a = [1, 2, 3]\nb = []\nc = [ \"x\", 'y', ]\nd = [[1, 2], [\"m\", 1.5, true]]\n",
              "{\"a\":[1,2,3],\"b\":[],\"c\":[\"x\",\"y\"],\"d\":[[1,2],[\"m\",1.5,true]]}");
  assert_toml("a = [\n  1, # one\n  2,\n\n  # a comment line\n  3\n]\n", "{\"a\":[1,2,3]}");
  assert_toml("t = { x = 1, y.z = \"w\", e = {} }\nu = {}\n", "{\"t\":{\"x\":1,\"y\":{\"z\":\"w\"},\"e\":{}},\"u\":{}}");
  assert_toml("step = [{tool = \"a\"}, {tool = \"b\", args = {rom = \"r\"}}]\n",
              "{\"step\":[{\"tool\":\"a\"},{\"tool\":\"b\",\"args\":{\"rom\":\"r\"}}]}");
}

Z3_TEST(test_toml_parse__positions) {
  (void)state;
  const char *text = "name = \"x\"\n\n[[step]]\ntool = \"rom_info\"\n  [step.args]\n  rom = \"a\"\n[[step]]\nargs = { max_ranges = 3 }\n";
  json_t *doc, *pos;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_toml_parse(text, strlen(text), "p.toml", &doc, &pos, &err), &err);
  static const struct { const char *path; int line, column; } want[] = {
      {"name", 1, 1},          {"step[0]", 3, 1},       {"step[0].tool", 4, 1}, {"step[0].args", 5, 3},
      {"step[0].args.rom", 6, 3}, {"step[1]", 7, 1},    {"step[1].args", 8, 1}, {"step[1].args.max_ranges", 8, 10},
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    json_t *at = json_object_get(pos, want[i].path);
    if (!at) print_error("no position for %s\n", want[i].path);
    assert_non_null(at);
    assert_int_equal(json_integer_value(json_array_get(at, 0)), want[i].line);
    assert_int_equal(json_integer_value(json_array_get(at, 1)), want[i].column);
  }
  json_decref(doc);
  json_decref(pos);
}

/* ---- the TOML subset: every error says where ---------------------------------- */

static void assert_toml_error(const char *text, size_t len, int line, int column, const char *what) {
  json_t *doc = (json_t *)1;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_toml_parse(text, len, "bad.toml", &doc, NULL, &err), Z3_E_INVALID);
  assert_null(doc);
  char where[64];
  snprintf(where, sizeof where, "bad.toml:%d:%d: ", line, column);
  bool ok = strncmp(err.message, where, strlen(where)) == 0 && strstr(err.message, what);
  if (!ok) print_error("input %s\nmessage '%s'\nwant '%s...%s'\n", text, err.message, where, what);
  assert_true(ok);
}

#define BAD(text, line, col, what) assert_toml_error(text, sizeof(text) - 1, line, col, what)

Z3_TEST(test_toml_errors__keys_tables_and_lines) {
  (void)state;
  BAD("a = 1\na = 2\n", 2, 1, "key 'a' is already defined (line 1)");
  BAD("[t]\n[t]\n", 2, 1, "table 't' is already defined (line 1)");
  BAD("a.b = 1\n[a]\n", 2, 1, "table 'a' is already defined");
  BAD("[a.b]\nx = 1\n[a]\nb.y = 2\n", 4, 1, "table 'a.b' is already defined");
  BAD("a = 1\n[a]\n", 2, 1, "'a' is already a value, not a table");
  BAD("a = 1\na.b = 2\n", 2, 1, "'a' is already a value, not a table");
  BAD("a = [1]\n[[a]]\n", 2, 1, "'a' is already a value, not an array of tables");
  BAD("[[a]]\n[a]\n", 2, 1, "'a' is already a value, not a table");
  BAD("a = {x = 1}\n[a.b]\n", 2, 1, "'a' is an inline table and cannot be extended");
  BAD("a = {x = 1}\na.y = 2\n", 2, 1, "'a' is an inline table");
  BAD("= 1\n", 1, 1, "expected a key, found '='");
  BAD("a 1\n", 1, 3, "expected '=' after the key 'a', found '1'");
  BAD("a = 1 b = 2\n", 1, 7, "expected the end of the line after the value, found 'b'");
  BAD("[a\nx = 1\n", 1, 3, "expected ']' to close the header, found the end of the line");
  BAD("[[a]\n", 1, 4, "expected ']]' to close the header");
  BAD("[a] x = 1\n", 1, 5, "expected the end of the line after the table header, found 'x'");
  BAD("\"\"\"k\"\"\" = 1\n", 1, 1, "a key cannot be a string of several lines");
  BAD("a = 1\r\nb = 2\r", 2, 6, "a carriage return without a line feed");
  BAD("# ok\n# bad \x01 here\n", 2, 7, "control character 0x01 in a comment");
  BAD("x = 1\ny = \"\xff\"\n", 2, 6, "invalid UTF-8 (byte 0xff)");
  BAD("x = \"\xed\xa0\x80\"\n", 1, 6, "invalid UTF-8"); /* an encoded surrogate */
  BAD("a = \"\xc3\xa9\" x\n", 1, 9, "found 'x'"); /* columns count characters, not bytes */
}

Z3_TEST(test_toml_errors__values) {
  (void)state;
  BAD("a =\n", 1, 4, "expected a value");
  BAD("a = nope\n", 1, 5, "expected a value (a string, number, true, false, [array] or {table}), found 'n'");
  BAD("a = \"abc\n", 1, 9, "the string is not closed on this line");
  BAD("a = \"abc", 1, 5, "the string that starts here is never closed");
  BAD("a = \"\"\"abc\n", 1, 5, "the string that starts here is never closed");
  BAD("a = \"x\ty\x01\"\n", 1, 9, "control character 0x01 in a string");
  BAD("a = \"bad \\q escape\"\n", 1, 10, "unknown escape '\\q'");
  BAD("a = \"\\u12G4\"\n", 1, 6, "\\u needs 4 hex digits");
  BAD("a = \"\\uD800\"\n", 1, 6, "\\uD800 is not a Unicode scalar value");
  BAD("a = \"\\U00110000\"\n", 1, 6, "not a Unicode scalar value");
  BAD("a = \"\\u0000\"\n", 1, 6, "the NUL character");
  BAD("a = \"\"\"x\"\"\"\"\"\"\n", 1, 9, "too many quotes");
  BAD("a = 1979-05-27\n", 1, 5, "dates and times are not supported");
  BAD("a = 07:32:00\n", 1, 5, "dates and times are not supported");
  BAD("a = inf\n", 1, 5, "inf and nan are not supported");
  BAD("a = -nan\n", 1, 5, "inf and nan are not supported");
  BAD("a = 012\n", 1, 5, "leading zeros are not allowed in '012'");
  BAD("a = 1__0\n", 1, 5, "'1__0' is not a valid number");
  BAD("a = 1_\n", 1, 5, "is not a valid number");
  BAD("a = 0x\n", 1, 5, "'0x' is not a valid number");
  BAD("a = 0b102\n", 1, 5, "is not a valid number");
  BAD("a = -0x10\n", 1, 5, "a sign is not allowed before 0x");
  BAD("a = 9223372036854775808\n", 1, 5, "does not fit in 64 bits");
  BAD("a = 0x1_0000_0000_0000_0000\n", 1, 5, "does not fit in 64 bits");
  BAD("a = 1.\n", 1, 5, "'1.' is not a valid number");
  BAD("a = .5\n", 1, 5, "expected a value");
  BAD("a = 1e\n", 1, 5, "is not a valid number");
  BAD("a = 01.5\n", 1, 5, "is not a valid number");
  BAD("a = 1e400\n", 1, 5, "too large for a float");
  BAD("a = 12abc\n", 1, 5, "'12abc' is not a valid number");
  BAD("a = [1, 2\n", 2, 1, "expected ',' or ']' in the array, found the end of the file");
  BAD("a = [1 2]\n", 1, 8, "expected ',' or ']' in the array, found '2'");
  BAD("a = {x = 1,}\n", 1, 12, "a trailing comma is not allowed in an inline table");
  BAD("a = {x = 1\n", 1, 11, "expected ',' or '}' in the inline table, found the end of the line");
  BAD("a = {x = 1, x = 2}\n", 1, 13, "key 'a.x' is already defined");
  BAD("a = truefalse\n", 1, 5, "expected a value");
  char deep[128] = "a = ";
  for (int i = 0; i < 40; i++) strcat(deep, "[");
  assert_toml_error(deep, strlen(deep), 1, 37, "nested more than 32 deep");
  /* dotted keys count too, so whatever is read can be written back and read again */
  char dotted[256] = "[t]\nx = { a";
  for (int i = 0; i < 31; i++) strcat(dotted, ".a");
  strcat(dotted, " = 1 }\n");
  assert_toml_error(dotted, strlen(dotted), 2, 67, "tables and arrays are nested more than 32 deep");
}

/* ---- the writer ---------------------------------------------------------------------- */

static void assert_round_trip(const json_t *doc) {
  char *text = z3_toml_write(doc);
  assert_non_null(text);
  json_t *back;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_toml_parse(text, strlen(text), "w.toml", &back, NULL, &err);
  if (st) print_error("written TOML does not parse: %s\n%s\n", err.message, text);
  assert_int_equal(st, Z3_OK);
  if (!json_equal((json_t *)doc, back)) print_error("round trip changed the document:\n%s\n", text);
  assert_true(json_equal((json_t *)doc, back));
  json_decref(back);
  z3_free(text);
}

Z3_TEST(test_toml_write__round_trips) {
  (void)state;
  json_t *doc = toml_ok(
      "name = \"n\"\nr = 0.1\nbig = 1e300\nneg = -0.0\nwhole = 5.0\ntiny = 5e-324\ni = -9223372036854775808\n"
      "list = [1, \"two\", [3.5, false], {k = \"v\"}, []]\n"
      "\"key with spaces\" = 1\n\"\" = \"empty key\"\n\"dot.ted\" = 2\n"
      "s = \"quote \\\" backslash \\\\ tab \\t newline \\n bell \\u0007 del \\u007F \xc3\xa9\"\n"
      "[t.u]\nx = 1\n[[t.arr]]\ny = 1\n[[t.arr]]\n[t.arr.sub]\nz = {w = [1]}\n[[step]]\ntool = \"a\"\n[step.args]\nrom = \"r\"\n");
  assert_round_trip(doc);
  json_decref(doc);
  json_t *odd = json_pack("{s:{}, s:[{}, {s:i}], s:{s:{s:[]}}}", "empty", "objs", "a", 1, "deep", "er", "list");
  assert_round_trip(odd);
  json_decref(odd);
  json_t *with_null = json_pack("{s:n}", "x");
  assert_null(z3_toml_write(with_null));
  json_decref(with_null);
  json_t *arr = json_array();
  assert_null(z3_toml_write(arr));
  json_decref(arr);
}

/* ---- scripts: shape and table checks --------------------------------------------- */

static void assert_script_error(const char *text, const char *want_start, const char *what, const char *hint) {
  z3_script s;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_script_parse(&s, text, strlen(text), "s.z3edscript", &err), Z3_E_INVALID);
  bool ok = strncmp(err.message, want_start, strlen(want_start)) == 0 && strstr(err.message, what) &&
            (!hint || strcmp(err.hint, hint) == 0);
  if (!ok) print_error("script:\n%s\nmessage '%s' hint '%s'\n", text, err.message, err.hint);
  assert_true(ok);
}

Z3_TEST(test_script_parse__shape_errors_name_line_and_column) {
  (void)state;
  assert_script_error("nmae = \"x\"\n[[step]]\ntool = \"rom_info\"\n", "s.z3edscript:1:1: ",
                      "unknown key 'nmae' in the script", "did you mean 'name'?");
  assert_script_error("[[step]]\ntool = \"rom_info\"\narg = {}\n", "s.z3edscript:3:1: ",
                      "unknown key 'arg' in a step", "did you mean 'args'?");
  assert_script_error("[[step]]\ntool = \"rom_info\"\ncommand = \"rom info\"\n", "s.z3edscript:1:1: ",
                      "step 1 has both 'tool' and 'command'", NULL);
  assert_script_error("[[step]]\ntool = \"rom_info\"\n[[step]]\nnote = \"x\"\n", "s.z3edscript:3:1: ",
                      "step 2 names no command", NULL);
  assert_script_error("[[step]]\ntool = 3\n", "s.z3edscript:2:1: ", "'tool' must be a string", NULL);
  assert_script_error("[[step]]\ntool = \"rom_info\"\nargs = 1\n", "s.z3edscript:3:1: ", "'args' must be a table", NULL);
  assert_script_error("[[step]]\ntool = \"rom_info\"\nexpect_exit = 7\n", "s.z3edscript:3:1: ",
                      "'expect_exit' must be an exit code from 0 to 4", NULL);
  assert_script_error("[[step]]\ntool = \"rom_info\"\nexpect = [1]\n", "s.z3edscript:3:1: ", "'expect' must be a table", NULL);
  assert_script_error("rom_sha1 = \"abc\"\n[[step]]\ntool = \"rom_info\"\n", "s.z3edscript:1:1: ",
                      "'rom_sha1' must be 40 hex digits", NULL);
  assert_script_error("duration = \"long\"\n[[step]]\ntool = \"rom_info\"\n", "s.z3edscript:1:1: ", "'duration' must be a number", NULL);
  assert_script_error("success = 1\n[[step]]\ntool = \"rom_info\"\n", "s.z3edscript:1:1: ", "'success' must be true or false", NULL);
  assert_script_error("step = 1\n", "s.z3edscript:1:1: ", "'step' must be an array of tables", NULL);
  assert_script_error("step = [1]\n", "s.z3edscript:1:9: ", "step 1 must be a table", NULL);
  assert_script_error("name = \"empty\"\n", "s.z3edscript: ", "the script has no steps", NULL);
  assert_script_error("name = \"x\"\nname = \"y\"\n", "s.z3edscript:2:1: ", "key 'name' is already defined", NULL);
}

static json_t *problems_of(const char *text) {
  z3_script s;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_script_parse(&s, text, strlen(text), "c.z3edscript", &err), &err);
  json_t *problems = json_array();
  z3_script_check(&s, problems);
  z3_script_release(&s);
  return problems;
}

static void assert_problem(const json_t *problems, size_t i, int line, int column, const char *what, const char *hint) {
  json_t *p = json_array_get(problems, i);
  assert_non_null(p);
  const char *msg = json_string_value(json_object_get(p, "message"));
  const char *h = json_string_value(json_object_get(p, "hint"));
  bool ok = json_integer_value(json_object_get(p, "line")) == line &&
            json_integer_value(json_object_get(p, "column")) == column && strstr(msg, what) &&
            (!hint || (h && strcmp(h, hint) == 0));
  if (!ok) {
    char *d = json_dumps(p, 0);
    print_error("problem %zu: %s; want %d:%d %s / %s\n", i, d, line, column, what, hint ? hint : "-");
    free(d);
  }
  assert_true(ok);
}

Z3_TEST(test_script_check__names_types_and_suggestions) {
  (void)state;
  json_t *p = problems_of(
      "[[step]]\ntool = \"rom_inf\"\n"                                   /* 1: line 1 */
      "[[step]]\ncommand = \"rom hedaer set\"\n"                         /* 2: line 3 */
      "[[step]]\ntool = \"rom_diff\"\n[step.args]\nfrom = \"a\"\nto = \"b\"\nmax_range = 3\n" /* 3: line 5 */
      "[[step]]\ncommand = \"rom validate\"\nargs = { strict = \"yes\" }\n" /* 4: line 11 */
      "[[step]]\ntool = \"rom_decompress\"\n[step.args]\naddress = \"$0C:8000\"\nout = \"x.bin\"\nvariant = \"graphcs\"\n" /* 5: line 14 */
      "[[step]]\ntool = \"rom_diff\"\nargs = { from = \"a\" }\n"          /* 6: line 20 */
      "[[step]]\ntool = \"rom_diff\"\nargs = { from = 1, to = \"b\" }\n"  /* 7: line 23 */
      "[[step]]\ncommand = \"rom info\"\n");                             /* fine */
  assert_int_equal(json_array_size(p), 7);
  assert_problem(p, 0, 1, 1, "unknown tool 'rom_inf'", "did you mean 'rom_info'?");
  assert_problem(p, 1, 3, 1, "unknown command 'rom hedaer set'", "did you mean 'rom header set'?");
  assert_problem(p, 2, 10, 1, "tool 'rom_diff' has no argument 'max_range'", "did you mean 'max_ranges'?");
  assert_problem(p, 3, 13, 10, "argument 'strict' of 'rom_validate' must be true or false", NULL);
  assert_problem(p, 4, 19, 1, "argument 'variant' is 'graphcs', not one of its choices", "did you mean 'graphics'?");
  assert_problem(p, 5, 20, 1, "tool 'rom_diff' needs the argument 'to'", NULL);
  assert_problem(p, 6, 25, 10, "argument 'from' of 'rom_diff' must be a path", NULL);
  json_decref(p);
  p = problems_of("[[step]]\ntool = \"rom_info\"\n[[step]]\ncommand = \"rom   header   get\"\nargs = {field = \"title\", dry-run = true}\n");
  assert_int_equal(json_array_size(p), 1); /* extra blanks are fine; header get takes no dry_run */
  assert_problem(p, 0, 5, 26, "tool 'rom_header_get' has no argument 'dry-run'", NULL);
  json_decref(p);
}

/* ---- running -------------------------------------------------------------------------- */

static const char retitle[] =
    "name = \"retitle\"\n"
    "[[step]]\ncommand = \"rom header set\"\n[step.args]\ntitle = \"SCRIPTED\"\nregion = \"europe\"\nno_backup = true\n"
    "[[step]]\ntool = \"rom_validate\"\nexpect = { valid = true, errors = 0 }\n"
    "[[step]]\ncommand = \"rom header get\"\nargs = { field = \"title\" }\n[step.expect]\nvalue = \"SCRIPTED             \"\n";

static z3_status run_text(const char *text, const z3_script_run_opts *o, json_t **result, z3_error *err) {
  z3_script s;
  z3_status st = z3_script_parse(&s, text, strlen(text), "run.z3edscript", err);
  if (st) return st;
  st = z3_script_run(&s, o, result, err);
  z3_script_release(&s);
  return st;
}

static char *header_title(const char *rom_path) {
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, rom_path, &err), &err);
  char *title = z3_strfmt("%.21s", (const char *)rom->data.data + z3_rom_header_offset(rom));
  z3_rom_free(rom);
  return title;
}

Z3_TEST(test_script_run__dry_run_changes_nothing_and_a_real_run_does_what_it_says) {
  (void)state;
  sh("cp pristine.sfc rom.sfc");
  z3_error err;
  z3_error_init(&err);
  json_t *result;
  z3_script_run_opts dry = {.rom = "rom.sfc", .dry_run = true};
  /* the last step expects the new title, which a dry run never writes */
  assert_int_equal(run_text(retitle, &dry, &result, &err), Z3_E_CHECK);
  assert_true(same_files("rom.sfc", "pristine.sfc"));
  json_t *steps = json_object_get(result, "steps");
  assert_true(json_is_true(json_object_get(json_object_get(json_array_get(steps, 0), "arguments"), "dry_run")));
  assert_true(json_is_true(json_object_get(json_object_get(json_array_get(steps, 0), "result"), "dry_run")));
  assert_int_equal(json_integer_value(json_object_get(result, "failed_step")), 3);
  assert_non_null(strstr(err.message, "expected value = \"SCRIPTED             \", got \"THE LEGEND OF ZELDA  \""));
  json_decref(result);

  z3_error_init(&err);
  z3_script_run_opts real = {.rom = "rom.sfc"};
  assert_ok(run_text(retitle, &real, &result, &err), &err);
  assert_true(json_is_true(json_object_get(result, "passed")));
  assert_int_equal(json_integer_value(json_object_get(result, "steps_run")), 3);
  char *title = header_title("rom.sfc");
  assert_string_equal(title, "SCRIPTED             ");
  z3_free(title);
  assert_false(z3_file_exists("rom.sfc.bak")); /* the step asked for no backup */
  json_decref(result);
}

Z3_TEST(test_script_run__stops_at_the_first_failure_and_says_which_and_why) {
  (void)state;
  sh("cp pristine.sfc rom.sfc");
  const char *text = "[[step]]\ncommand = \"rom header set\"\nargs = { title = \"FIRST\", no_backup = true }\n"
                     "[[step]]\ncommand = \"rom header set\"\nargs = { region = \"atlantis\" }\n"
                     "[[step]]\ncommand = \"rom header set\"\nargs = { title = \"THIRD\", no_backup = true }\n";
  z3_error err;
  z3_error_init(&err);
  json_t *result;
  z3_script_run_opts o = {.rom = "rom.sfc"};
  assert_int_equal(run_text(text, &o, &result, &err), Z3_E_CHECK);
  assert_non_null(strstr(err.message, "step 2 of 3 (rom_header_set, run.z3edscript:4) failed: unknown region 'atlantis' (exit 2, expected 0)"));
  assert_non_null(strstr(err.hint, "europe"));
  assert_int_equal(json_integer_value(json_object_get(result, "steps_run")), 2);
  assert_int_equal(json_integer_value(json_object_get(result, "failed_step")), 2);
  json_t *second = json_array_get(json_object_get(result, "steps"), 1);
  assert_string_equal(json_string_value(json_object_get(json_object_get(second, "error"), "code")), "invalid_input");
  char *title = header_title("rom.sfc");
  assert_string_equal(title, "FIRST                "); /* step 1 ran, step 3 did not */
  z3_free(title);
  json_decref(result);

  z3_error_init(&err);
  o.continue_on_error = true;
  assert_int_equal(run_text(text, &o, &result, &err), Z3_E_CHECK);
  assert_int_equal(json_integer_value(json_object_get(result, "steps_run")), 3);
  assert_int_equal(json_integer_value(json_object_get(result, "steps_failed")), 1);
  assert_int_equal(json_integer_value(json_object_get(result, "failed_step")), 2);
  title = header_title("rom.sfc");
  assert_string_equal(title, "THIRD                ");
  z3_free(title);
  json_decref(result);
}

Z3_TEST(test_script_run__exit_codes_expectations_and_rom_fingerprint) {
  (void)state;
  sh("cp pristine.sfc rom.sfc && cp pristine.sfc other.sfc && printf 'X' | dd of=other.sfc bs=1 seek=70000 conv=notrunc 2>/dev/null");
  char sha[41];
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_script_rom_sha1("pristine.sfc", sha, &err), &err);
  char *text = z3_strfmt("rom_sha1 = \"%s\"\n"
                         "[[step]]\ntool = \"rom_diff\"\nargs = { from = \"rom.sfc\", to = \"other.sfc\" }\nexpect_exit = 1\n"
                         "[[step]]\ntool = \"rom_info\"\nargs = { rom = \"rom.sfc\" }\n[step.expect]\nsha1 = \"%s\"\nchecksum = { valid = true }\n",
                         sha, sha);
  json_t *result;
  z3_script_run_opts o = {0};
  assert_ok(run_text(text, &o, &result, &err), &err);
  assert_true(json_is_true(json_object_get(result, "rom_matches")));
  assert_int_equal(json_array_size(json_object_get(result, "warnings")), 0);
  json_decref(result);
  /* another ROM: still runs, with a warning; the expected sha1 now fails step 2 */
  o.rom = "other.sfc";
  z3_error_init(&err);
  assert_int_equal(run_text(text, &o, &result, &err), Z3_E_CHECK);
  assert_true(json_is_false(json_object_get(result, "rom_matches")));
  assert_non_null(strstr(json_string_value(json_array_get(json_object_get(result, "warnings"), 0)),
                         "differs from the one the script was recorded against"));
  assert_int_equal(json_integer_value(json_object_get(result, "failed_step")), 2);
  json_decref(result);
  z3_free(text);
  /* expecting exit 1 from a command that succeeds is a failure too */
  z3_error_init(&err);
  assert_int_equal(run_text("[[step]]\ntool = \"rom_info\"\nargs = { rom = \"rom.sfc\" }\nexpect_exit = 1\n", &o, &result, &err), Z3_E_CHECK);
  assert_non_null(strstr(err.message, "failed: exit 0, expected 1"));
  json_decref(result);
}

Z3_TEST(test_script_run__a_script_with_problems_runs_nothing) {
  (void)state;
  sh("cp pristine.sfc rom.sfc");
  z3_error err;
  z3_error_init(&err);
  json_t *result = (json_t *)1;
  z3_script_run_opts o = {.rom = "rom.sfc"};
  const char *text = "[[step]]\ncommand = \"rom header set\"\nargs = { title = \"NO\", no_backup = true }\n"
                     "[[step]]\ntool = \"rom_fix_checksun\"\n";
  assert_int_equal(run_text(text, &o, &result, &err), Z3_E_INVALID);
  assert_null(result);
  assert_string_equal(err.message, "run.z3edscript:4:1: step 2: unknown tool 'rom_fix_checksun'");
  assert_string_equal(err.hint, "did you mean 'rom_fix_checksum'?");
  assert_true(same_files("rom.sfc", "pristine.sfc"));
  z3_script s;
  z3_error_init(&err);
  assert_int_equal(z3_script_load(&s, "missing.z3edscript", &err), Z3_E_NOT_FOUND);
  assert_string_equal(err.message, "no script 'missing.z3edscript'");
}

/* ---- recording and learning through the real binary ------------------------------------- */

Z3_TEST(test_script_record__commands_become_a_script_that_replays_to_the_same_bytes) {
  (void)state;
  sh("rm -rf home rec && mkdir rec && cp pristine.sfc rec/rom.sfc && cp pristine.sfc replay.sfc");
  sh("'%s' script record start --file rec.z3edscript --name edit -q", Z3_EXE);
  json_t *status = sh_json("'" Z3_EXE "' script record status --format json");
  assert_true(json_is_true(json_object_get(json_object_get(status, "result"), "recording")));
  json_decref(status);
  /* commands in another folder, so their relative paths must be made absolute */
  sh("cd rec && '%s' rom header set --rom rom.sfc --title 'RECORDED' --no-backup -q", Z3_EXE);
  sh("cd rec && '%s' palette set-color --rom rom.sfc --group armors --index 0 --color 3 --value '#40C040' --no-backup -q", Z3_EXE);
  sh("cd rec && '%s' gfx set-pixel --rom rom.sfc --sheet 0 --x 3 --y 4 --value 5 --no-backup -q", Z3_EXE);
  sh("cd rec && ! '%s' rom header set --rom rom.sfc --region atlantis 2>/dev/null", Z3_EXE); /* an error: left out */
  sh("cd rec && ! '%s' rom diff --from rom.sfc --to ../pristine.sfc >/dev/null 2>&1", Z3_EXE);           /* exit 1: kept */
  json_t *stop = sh_json("'" Z3_EXE "' script record stop --format json");
  json_t *r = json_object_get(stop, "result");
  assert_int_equal(json_integer_value(json_object_get(r, "commands_recorded")), 5);
  assert_int_equal(json_integer_value(json_object_get(r, "steps")), 4);
  assert_int_equal(json_integer_value(json_object_get(r, "left_out_errors")), 1);
  assert_false(z3_file_exists("home/recording.json"));
  json_decref(stop);

  z3_script s;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_script_load(&s, "rec.z3edscript", &err), &err);
  char sha[41];
  assert_ok(z3_script_rom_sha1("pristine.sfc", sha, &err), &err);
  assert_string_equal(s.rom_sha1, sha); /* the ROM as it was before the first command */
  assert_string_equal(s.name, "edit");
  assert_int_equal(s.step_count, 4);
  assert_string_equal(s.steps[3].tool, "rom_diff");
  assert_int_equal(s.steps[3].expect_exit, 1);
  assert_true(json_is_false(json_object_get(s.doc, "success")));
  assert_int_equal(z3_script_check_error(&s, &err), Z3_OK);
  json_t *result;
  z3_script_run_opts o = {.rom = "replay.sfc"};
  assert_ok(z3_script_run(&s, &o, &result, &err), &err);
  assert_true(same_files("replay.sfc", "rec/rom.sfc"));
  json_decref(result);
  z3_script_release(&s);
  /* the same replay from the command line, into a fresh copy */
  sh("cp pristine.sfc replay2.sfc && '%s' script run --file rec.z3edscript --rom replay2.sfc -q", Z3_EXE);
  assert_true(same_files("replay2.sfc", "rec/rom.sfc"));
}

Z3_TEST(test_script_record__commands_that_ran_others_are_left_out) {
  (void)state;
  sh("rm -rf home && cp pristine.sfc inner.sfc && cp pristine.sfc inner2.sfc");
  write_text("two.z3edscript", "[[step]]\ncommand = \"rom header set\"\nargs = { title = \"INNER\", no_backup = true }\n"
                               "[[step]]\ntool = \"rom_info\"\n");
  sh("'%s' script record start -q", Z3_EXE);
  sh("'%s' script run --file two.z3edscript --rom inner.sfc -q", Z3_EXE);
  json_t *stop = sh_json("'" Z3_EXE "' script record stop --format json");
  json_t *r = json_object_get(stop, "result");
  assert_int_equal(json_integer_value(json_object_get(r, "steps")), 2); /* script run itself is not a step */
  const char *file = json_string_value(json_object_get(r, "file"));
  assert_non_null(strstr(file, "/home/recordings/recording-"));
  z3_script s;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_script_load(&s, file, &err), &err);
  assert_string_equal(s.steps[0].tool, "rom_header_set");
  assert_string_equal(s.steps[1].tool, "rom_info");
  z3_script_release(&s);
  json_decref(stop);
}

static z3_status run_with_inner_call(z3_cmd_ctx *ctx, z3_error *err) {
  (void)ctx;
  z3_tool_session s = {.default_rom = "inner2.sfc"};
  json_t *args = json_pack("{s:s, s:b}", "title", "NESTED", "no_backup", 1);
  z3_tool_result r;
  z3_status st = z3_tool_call(&s, "rom_header_set", args, &r);
  z3_tool_result_release(&r);
  json_decref(args);
  return st ? z3_error_set(err, st, "inner call failed: %s", r.error.message) : Z3_OK;
}

Z3_TEST(test_script_record__nesting_through_the_hook) {
  (void)state;
  sh("rm -rf home && cp pristine.sfc inner2.sfc");
  z3_error err;
  z3_error_init(&err);
  json_t *start = json_object();
  assert_ok(z3_record_start("nested.z3edscript", NULL, NULL, start, &err), &err);
  json_decref(start);
  z3_cmd_ctx ctx;
  char *argv[] = {"agent", "describe"};
  assert_ok(z3_cmd_parse(&ctx, 2, argv, &err), &err);
  z3_command outer = *ctx.cmd; /* stands in for an agent loop: a command whose handler calls a tool */
  outer.handler = run_with_inner_call;
  ctx.cmd = &outer;
  assert_ok(z3_cmd_run(&ctx, &err), &err);
  z3_cmd_ctx_release(&ctx);
  json_t *stopped = json_object();
  assert_ok(z3_record_stop(NULL, NULL, NULL, false, stopped, &err), &err);
  assert_int_equal(json_integer_value(json_object_get(stopped, "commands_recorded")), 2);
  assert_int_equal(json_integer_value(json_object_get(stopped, "left_out_containers")), 1);
  assert_int_equal(json_integer_value(json_object_get(stopped, "steps")), 1);
  json_decref(stopped);
  z3_script s;
  assert_ok(z3_script_load(&s, "nested.z3edscript", &err), &err);
  assert_string_equal(s.steps[0].tool, "rom_header_set");
  z3_script_release(&s);
}

/* The SHA-1 recorded is the ROM's before the command, also when the command resized it. */
Z3_TEST(test_script_record__sha1_before_undoes_every_change) {
  (void)state;
  sh("rm -rf home && cp pristine.sfc grow.sfc && '%s' rom header set --rom grow.sfc --title GROW --no-backup -q", Z3_EXE);
  char before[41];
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_script_rom_sha1("grow.sfc", before, &err), &err);
  sh("'%s' script record start -q && '%s' rom expand --rom grow.sfc --size 2MiB --no-backup -q", Z3_EXE, Z3_EXE);
  z3_buf log;
  z3_buf_init(&log);
  assert_ok(z3_file_read(&log, "home/recording.jsonl", 1 << 20, &err), &err);
  json_t *entry = json_loadb((const char *)log.data, log.len, 0, NULL);
  assert_non_null(entry);
  assert_string_equal(json_string_value(json_object_get(entry, "tool")), "rom_expand");
  assert_string_equal(json_string_value(json_object_get(entry, "rom_sha1")), before);
  char after[41];
  assert_ok(z3_script_rom_sha1("grow.sfc", after, &err), &err);
  assert_string_not_equal(before, after);
  json_decref(entry);
  z3_buf_release(&log);
  /* a marker damaged by hand still lets the recording stop */
  write_text("home/recording.json", "{not json");
  json_t *stopped = sh_json("'" Z3_EXE "' script record stop --format json");
  const char *file = json_string_value(json_object_get(json_object_get(stopped, "result"), "file"));
  assert_non_null(file);
  assert_true(z3_file_exists(file));
  assert_false(z3_file_exists("home/recording.json"));
  json_decref(stopped);
}

Z3_TEST(test_script_record__stop_start_and_dry_run_rules) {
  (void)state;
  sh("rm -rf home");
  z3_error err;
  z3_error_init(&err);
  json_t *r = json_object();
  assert_int_equal(z3_record_stop(NULL, NULL, NULL, false, r, &err), Z3_E_NOT_FOUND);
  assert_string_equal(err.message, "no recording is running");
  z3_error_init(&err);
  assert_ok(z3_record_start("empty.z3edscript", NULL, NULL, r, &err), &err);
  assert_int_equal(z3_record_start("again.z3edscript", NULL, NULL, r, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "empty.z3edscript' is already running"));
  json_decref(r);
  sh("cp pristine.sfc d.sfc && '%s' rom info --rom d.sfc -q", Z3_EXE);
  json_t *dry = sh_json("'" Z3_EXE "' script record stop --dry-run --format json");
  assert_true(json_is_true(json_object_get(json_object_get(dry, "result"), "recording")));
  assert_false(z3_file_exists("empty.z3edscript"));
  assert_true(z3_file_exists("home/recording.json"));
  json_decref(dry);
  sh("'%s' script record stop -q", Z3_EXE);
  assert_true(z3_file_exists("empty.z3edscript"));
  /* stopping with nothing recorded writes nothing and ends the recording */
  sh("'%s' script record start --file none.z3edscript -q && '%s' script record stop -q", Z3_EXE, Z3_EXE);
  assert_false(z3_file_exists("none.z3edscript"));
  assert_false(z3_file_exists("home/recording.json"));
}

Z3_TEST(test_script_learn__stores_lists_and_runs_by_name) {
  (void)state;
  sh("rm -rf home && cp pristine.sfc l.sfc");
  sh("'%s' script record start -q && '%s' rom header set --rom l.sfc --title LEARNED --no-backup -q && '%s' script record stop -q",
     Z3_EXE, Z3_EXE, Z3_EXE);
  sh("'%s' agent learn --name retitle --description 'set the title' -q", Z3_EXE);
  assert_true(z3_file_exists("home/learned/retitle.z3edscript"));
  assert_false(z3_file_exists("home/learned/index.json.bak"));
  json_t *list = sh_json("'" Z3_EXE "' script list --format json");
  json_t *r = json_object_get(list, "result");
  assert_int_equal(json_integer_value(json_object_get(r, "count")), 1);
  json_t *w = json_array_get(json_object_get(r, "workflows"), 0);
  assert_string_equal(json_string_value(json_object_get(w, "name")), "retitle");
  assert_string_equal(json_string_value(json_object_get(w, "description")), "set the title");
  assert_string_equal(json_string_value(json_array_get(json_object_get(w, "tools"), 0)), "rom_header_set");
  json_decref(list);
  sh("'%s' agent learn --name retitle --description again 2>err.txt; test $? -eq 2 && grep -q 'already learned' err.txt", Z3_EXE);
  sh("'%s' agent learn --name retitle --description 'second take' --replace -q", Z3_EXE);
  list = sh_json("'" Z3_EXE "' agent learn --list --format json");
  r = json_object_get(list, "result");
  assert_int_equal(json_integer_value(json_object_get(r, "count")), 1);
  assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(r, "workflows"), 0), "description")), "second take");
  json_decref(list);
  sh("'%s' agent learn --name 'Bad Name' 2>/dev/null; test $? -eq 2", Z3_EXE);
  /* the learned copy carries its name and description, and runs by name */
  z3_script s;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_script_load(&s, "home/learned/retitle.z3edscript", &err), &err);
  assert_string_equal(s.name, "retitle");
  assert_string_equal(s.description, "second take");
  z3_script_release(&s);
  sh("cp pristine.sfc l2.sfc && '%s' script run --file retitle --rom l2.sfc -q", Z3_EXE);
  assert_true(same_files("l.sfc", "l2.sfc"));
  /* a script with problems is not learned */
  write_text("broken.z3edscript", "[[step]]\ntool = \"rom_inof\"\n");
  z3_script_learned l;
  z3_error_init(&err);
  assert_int_equal(z3_script_learn("broken.z3edscript", "broken", "x", false, &l, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "unknown tool 'rom_inof'"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_toml_parse__tables_keys_and_arrays_of_tables),
      cmocka_unit_test(test_toml_parse__strings),
      cmocka_unit_test(test_toml_parse__numbers_and_booleans),
      cmocka_unit_test(test_toml_parse__arrays_and_inline_tables),
      cmocka_unit_test(test_toml_parse__positions),
      cmocka_unit_test(test_toml_errors__keys_tables_and_lines),
      cmocka_unit_test(test_toml_errors__values),
      cmocka_unit_test(test_toml_write__round_trips),
      cmocka_unit_test(test_script_parse__shape_errors_name_line_and_column),
      cmocka_unit_test(test_script_check__names_types_and_suggestions),
      cmocka_unit_test(test_script_run__dry_run_changes_nothing_and_a_real_run_does_what_it_says),
      cmocka_unit_test(test_script_run__stops_at_the_first_failure_and_says_which_and_why),
      cmocka_unit_test(test_script_run__exit_codes_expectations_and_rom_fingerprint),
      cmocka_unit_test(test_script_run__a_script_with_problems_runs_nothing),
      cmocka_unit_test(test_script_record__commands_become_a_script_that_replays_to_the_same_bytes),
      cmocka_unit_test(test_script_record__commands_that_ran_others_are_left_out),
      cmocka_unit_test(test_script_record__nesting_through_the_hook),
      cmocka_unit_test(test_script_record__sha1_before_undoes_every_change),
      cmocka_unit_test(test_script_record__stop_start_and_dry_run_rules),
      cmocka_unit_test(test_script_learn__stores_lists_and_runs_by_name),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
