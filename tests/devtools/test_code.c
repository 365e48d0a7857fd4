/* code commands: exact answers on a fixture project (C and 65816) and known facts of z3ed's own tree. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "devtools/code.h"
#include "devtools/code_support.h"
#include "test.h"

#define FIXTURE Z3_SOURCE_DIR "/tests/devtools/fixtures/code-proj"

static const char *str(const json_t *o, const char *key) { return json_string_value(json_object_get(o, key)); }
static long long num(const json_t *o, const char *key) { return json_integer_value(json_object_get(o, key)); }
static const json_t *at(const json_t *o, const char *key, size_t i) { return json_array_get(json_object_get(o, key), i); }

static char *project_dir; /* a copy of the fixture, indexed once: the cache is written there */
static char *own_tree;    /* a copy of z3ed's own src/ */

static json_t *z3ed(const char *args, int *exit_code) {
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

/* The result of `z3ed code <query> --root <project>` (which must succeed). */
static json_t *code(const char *root, const char *query) {
  char *args = z3_strfmt("code %s --root '%s'", query, root);
  int exit_code = 0;
  json_t *env = z3ed(args, &exit_code);
  if (exit_code != 0) fail_msg("z3ed %s: exit %d: %s", args, exit_code, json_dumps(env, 0));
  free(args);
  json_t *r = json_incref(json_object_get(env, "result"));
  json_decref(env);
  return r;
}

static void copy_tree(const char *from, char **to) {
  *to = z3_test_tmpdir();
  char *cmd = z3_strfmt("cp -r '%s/.' '%s/'", from, *to);
  assert_int_equal(system(cmd), 0);
  free(cmd);
}

static int setup(void **state) {
  (void)state;
  copy_tree(FIXTURE, &project_dir);
  json_t *r = code(project_dir, "index");
  assert_int_equal(num(r, "files"), 8);
  assert_int_equal(num(r, "scanned"), 8);
  json_decref(r);
  return 0;
}

Z3_TEST(find_symbol_definition_and_declaration) {
  (void)state;
  json_t *r = code(project_dir, "find-symbol --name util_clamp");
  assert_int_equal(num(r, "count"), 2);
  assert_string_equal(str(at(r, "locations", 0), "file"), "src/util.c");
  assert_int_equal(num(at(r, "locations", 0), "line"), 2);
  assert_int_equal(num(at(r, "locations", 0), "end"), 5);
  assert_string_equal(str(at(r, "locations", 0), "role"), "definition");
  assert_string_equal(str(at(r, "locations", 0), "context"), "int util_clamp(int v, int lo, int hi) {");
  assert_string_equal(str(at(r, "locations", 1), "file"), "src/util.h");
  assert_string_equal(str(at(r, "locations", 1), "role"), "declaration");
  json_decref(r);
  r = code(project_dir, "find-symbol --name util_clamp --definitions-only");
  assert_int_equal(num(r, "count"), 1);
  json_decref(r);
}

/* The comment and the string mention util_clamp( too: neither is a call, nor is the prototype. */
Z3_TEST(callers_skip_comments_strings_and_prototypes) {
  (void)state;
  json_t *r = code(project_dir, "callers --name util_clamp");
  assert_int_equal(num(r, "call_sites"), 2);
  assert_int_equal(json_array_size(json_object_get(r, "callers")), 2);
  assert_string_equal(str(at(r, "callers", 0), "function"), "scale");
  assert_int_equal(num(at(at(r, "callers", 0), "call_sites", 0), "line"), 4);
  assert_string_equal(str(at(r, "callers", 1), "function"), "app_run");
  assert_int_equal(num(at(r, "callers", 1), "line"), 5);
  assert_int_equal(num(at(at(r, "callers", 1), "call_sites", 0), "line"), 8);
  json_decref(r);
}

Z3_TEST(callees_in_order_with_definitions) {
  (void)state;
  json_t *r = code(project_dir, "callees --name app_run");
  const json_t *def = at(r, "definitions", 0);
  assert_string_equal(str(def, "file"), "src/app.c");
  const json_t *callees = json_object_get(def, "callees");
  assert_int_equal(json_array_size(callees), 3);
  assert_string_equal(str(json_array_get(callees, 0), "function"), "printf");
  assert_int_equal(json_array_size(json_object_get(json_array_get(callees, 0), "defined_at")), 0);
  assert_string_equal(str(json_array_get(callees, 1), "function"), "scale");
  assert_int_equal(num(at(json_array_get(callees, 1), "defined_at", 0), "line"), 4);
  assert_string_equal(str(json_array_get(callees, 2), "function"), "util_clamp");
  assert_string_equal(str(at(json_array_get(callees, 2), "defined_at", 0), "file"), "src/util.c");
  json_decref(r);
}

Z3_TEST(members_of_struct_typedef_and_enum) {
  (void)state;
  json_t *r = code(project_dir, "members --name app_config");
  assert_int_equal(num(r, "total"), 2);
  assert_string_equal(str(at(r, "members", 0), "name"), "width");
  assert_string_equal(str(at(r, "members", 0), "type"), "int");
  assert_string_equal(str(at(r, "members", 1), "name"), "title");
  assert_string_equal(str(at(r, "members", 1), "type"), "const char *");
  json_decref(r);
  r = code(project_dir, "members --name point"); /* a typedef of an anonymous struct */
  assert_int_equal(num(r, "total"), 2);
  assert_string_equal(str(at(r, "members", 0), "name"), "x");
  assert_string_equal(str(at(r, "members", 1), "name"), "y");
  json_decref(r);
  r = code(project_dir, "members --name color");
  assert_string_equal(str(at(r, "members", 0), "name"), "GREEN");
  assert_string_equal(str(at(r, "members", 0), "kind"), "enumerator");
  json_decref(r);
}

Z3_TEST(includes_resolved_with_cycle) {
  (void)state;
  json_t *r = code(project_dir, "includes --file src/app.h");
  assert_string_equal(str(at(r, "direct_includes", 0), "file"), "src/util.h");
  assert_int_equal(json_array_size(json_object_get(r, "included_by")), 2);
  assert_string_equal(str(at(r, "included_by", 0), "file"), "src/app.c");
  assert_string_equal(str(at(r, "included_by", 1), "file"), "src/util.h");
  assert_int_equal(num(r, "include_depth"), 1);
  const json_t *cycle = at(r, "circular_dependencies", 0);
  assert_int_equal(json_array_size(json_object_get(r, "circular_dependencies")), 1);
  assert_string_equal(json_string_value(json_array_get(cycle, 0)), "src/app.h");
  assert_string_equal(json_string_value(json_array_get(cycle, 1)), "src/util.h");
  assert_string_equal(json_string_value(json_array_get(cycle, 2)), "src/app.h");
  json_decref(r);
  r = code(project_dir, "includes --file src/util.h");
  const json_t *system = at(r, "direct_includes", 1);
  assert_string_equal(str(system, "include"), "stddef.h");
  assert_true(json_is_true(json_object_get(system, "is_system")));
  json_decref(r);
}

Z3_TEST(asm_labels_macros_defines_and_calls) {
  (void)state;
  json_t *r = code(project_dir, "find-symbol --name InitPlayer");
  assert_string_equal(str(at(r, "locations", 0), "file"), "asm/main.asm");
  assert_int_equal(num(at(r, "locations", 0), "line"), 14);
  assert_int_equal(num(at(r, "locations", 0), "end"), 16);
  assert_string_equal(str(at(r, "locations", 0), "language"), "asm65816");
  json_decref(r);
  r = code(project_dir, "callers --name InitPlayer"); /* asar jsl and ca65 jsr; not the one in a comment */
  assert_int_equal(num(r, "call_sites"), 2);
  assert_string_equal(str(at(r, "callers", 0), "function"), "update");
  assert_string_equal(str(at(r, "callers", 0), "file"), "asm/lib.s");
  assert_string_equal(str(at(r, "callers", 1), "function"), "Reset");
  json_decref(r);
  r = code(project_dir, "find-symbol --name wait");
  assert_string_equal(str(at(r, "locations", 0), "scope"), "Reset");
  json_decref(r);
  r = code(project_dir, "find-symbol --name add_speed --kind macro");
  assert_int_equal(num(at(r, "locations", 0), "end"), 6);
  json_decref(r);
  r = code(project_dir, "find-symbol --name speed");
  assert_string_equal(str(at(r, "locations", 0), "kind"), "define");
  json_decref(r);
  r = code(project_dir, "find-symbol --name SCREEN_W");
  assert_string_equal(str(at(r, "locations", 0), "kind"), "define");
  json_decref(r);
  r = code(project_dir, "includes --file asm/main.asm");
  assert_string_equal(str(at(r, "direct_includes", 0), "file"), "asm/defines.asm");
  json_decref(r);
}

/* asar takes `incsrc file` unquoted; a "jsl." at the end of a line as long as the scanner's
 * line buffer is not a call (the scanner read past the buffer there). */
Z3_TEST(asm_scanner_unquoted_incsrc_and_jump_at_line_end) {
  (void)state;
  json_t *tags = json_array(), *calls = json_array(), *includes = json_array();
  const char *text = "incsrc lib/util.asm ; unquoted\nincsrc \"q.asm\"\nStart:\n  jsl.l Far\n";
  z3_code_scan_asm(text, strlen(text), tags, calls, includes);
  assert_int_equal(json_array_size(includes), 2);
  assert_string_equal(json_string_value(json_array_get(json_array_get(includes, 0), 0)), "lib/util.asm");
  assert_string_equal(json_string_value(json_array_get(json_array_get(includes, 1), 0)), "q.asm");
  assert_string_equal(json_string_value(json_array_get(json_array_get(calls, 0), 0)), "Far");
  char *long_line = calloc(4100, 1);
  assert_non_null(long_line);
  memset(long_line, ' ', 4091);
  memcpy(long_line + 4091, "jsl.\n", 5);
  json_array_clear(calls);
  z3_code_scan_asm(long_line, strlen(long_line), tags, calls, includes);
  assert_int_equal(json_array_size(calls), 0);
  free(long_line);
  json_decref(tags);
  json_decref(calls);
  json_decref(includes);
}

/* Changing a file makes queries report it stale; index then rescans only that file. */
Z3_TEST(refresh_by_modification_time) {
  (void)state;
  char *path = z3_strfmt("%s/src/util.c", project_dir);
  FILE *f = fopen(path, "a");
  assert_non_null(f);
  fputs("int util_extra(void) { return util_clamp(1, 0, 2); }\n", f);
  fclose(f);
  json_t *r = code(project_dir, "callers --name util_clamp");
  assert_int_equal(num(r, "stale_files"), 1);
  assert_int_equal(num(r, "call_sites"), 2);
  json_decref(r);
  r = code(project_dir, "index");
  assert_int_equal(num(r, "scanned"), 1);
  assert_int_equal(num(r, "reused"), 7);
  json_decref(r);
  r = code(project_dir, "callers --name util_clamp");
  assert_int_equal(num(r, "stale_files"), 0);
  assert_int_equal(num(r, "call_sites"), 3);
  json_decref(r);
  free(path);
}

Z3_TEST(errors_name_what_is_wrong) {
  (void)state;
  int exit_code = 0;
  char *args = z3_strfmt("code find-symbol --name no_such_symbol --root '%s'", project_dir);
  json_t *env = z3ed(args, &exit_code);
  assert_int_equal(exit_code, 2);
  assert_non_null(strstr(str(json_object_get(env, "error"), "message"), "no symbol 'no_such_symbol'"));
  json_decref(env);
  free(args);
  args = z3_strfmt("code includes --file ../../etc/passwd --root '%s'", project_dir);
  env = z3ed(args, &exit_code);
  assert_int_equal(exit_code, 2);
  assert_non_null(strstr(str(json_object_get(env, "error"), "message"), "leads outside the root"));
  json_decref(env);
  free(args);
  char *empty = z3_test_tmpdir();
  args = z3_strfmt("code callers --name main --root '%s'", empty);
  env = z3ed(args, &exit_code);
  assert_int_equal(exit_code, 2);
  assert_non_null(strstr(str(json_object_get(env, "error"), "message"), "no code index"));
  json_decref(env);
  free(args);
  free(empty);
}

/* Writes the cache of root with one entry's field replaced by value (taken). */
static void damage_index(const char *root, const char *file, const char *key, json_t *value) {
  char *path = z3_strfmt("%s/.z3ed/code-index.json", root);
  json_t *doc = json_load_file(path, 0, NULL);
  assert_non_null(doc);
  json_t *entry = json_object_get(json_object_get(doc, "files"), file);
  assert_non_null(entry);
  if (value) json_object_set_new(entry, key, value);
  else json_object_del(entry, key);
  assert_int_equal(json_dump_file(doc, path, JSON_COMPACT), 0);
  json_decref(doc);
  free(path);
}

/* The cache is a file anyone can edit or damage: every query once crashed on a
 * tag without a name or a call without one. Each damage is refused by every
 * query, naming the file, and `code index` builds it again. */
Z3_TEST(a_damaged_index_is_refused_not_followed) {
  (void)state;
  char *root;
  copy_tree(FIXTURE, &root);
  json_decref(code(root, "index"));
  const char *queries[] = {"find-symbol --name util_clamp", "members --name app_config", "callers --name util_clamp",
                           "callees --name app_run", "includes --file src/app.h"};
  const char *keys[] = {"tags", "calls", "includes", "tags", "mtime"};
  for (int d = 0; d < 5; d++) {
    json_t *value = d == 0   ? json_pack("[{s:s,s:i}]", "kind", "function", "line", 1) /* no name */
                    : d == 1 ? json_pack("[[i,i]]", 5, 1)                              /* a call without a name */
                    : d == 2 ? json_pack("[[s,i]]", "util.h", 1)                       /* system flag missing */
                    : d == 3 ? json_string("tags")                                     /* not a list */
                             : NULL;                                                   /* mtime removed */
    damage_index(root, "src/util.c", keys[d], value);
    for (size_t q = 0; q < sizeof queries / sizeof *queries; q++) {
      char *args = z3_strfmt("code %s --root '%s'", queries[q], root);
      int exit_code = 0;
      json_t *env = z3ed(args, &exit_code);
      const char *message = str(json_object_get(env, "error"), "message");
      if (exit_code == 0 || !message || !strstr(message, "is damaged: its entry for 'src/util.c'"))
        fail_msg("damage %d, %s: exit %d, %s", d, queries[q], exit_code, message ? message : "no error");
      json_decref(env);
      free(args);
    }
    json_decref(code(root, "index"));
    json_t *r = code(root, "callers --name util_clamp");
    assert_true(num(r, "call_sites") > 0);
    json_decref(r);
  }
  free(root);
}

/* A symlink to a folder outside the root is never followed by the index. */
Z3_TEST(index_never_follows_symlinks_out) {
  (void)state;
  char *outside = z3_test_tmpdir(), *root = z3_test_tmpdir();
  char *cmd = z3_strfmt("echo 'int secret(void) { return 1; }' > '%s/secret.c' && ln -s '%s' '%s/link' && "
                        "echo 'int visible(void) { return 0; }' > '%s/visible.c'",
                        outside, outside, root, root);
  assert_int_equal(system(cmd), 0);
  json_t *r = code(root, "index");
  assert_int_equal(num(r, "files"), 1);
  json_decref(r);
  free(cmd);
  free(outside);
  free(root);
}

Z3_TEST(own_tree_known_answers) {
  (void)state;
  copy_tree(Z3_SOURCE_DIR "/src", &own_tree);
  json_t *r = code(own_tree, "index");
  assert_true(num(r, "files") > 300);
  json_decref(r);
  r = code(own_tree, "find-symbol --name z3_rom_write --kind function");
  assert_int_equal(num(r, "count"), 1);
  assert_string_equal(str(at(r, "locations", 0), "file"), "snes/rom.c");
  json_decref(r);
  r = code(own_tree, "callers --name z3_buf_reserve");
  bool append_calls_it = false;
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(r, "callers"), i, c) {
    if (strcmp(str(c, "function"), "z3_buf_append") == 0 && strcmp(str(c, "file"), "base/buf.c") == 0)
      append_calls_it = true;
  }
  assert_true(append_calls_it);
  json_decref(r);
  r = code(own_tree, "members --name z3_buf");
  assert_int_equal(num(r, "total"), 3);
  assert_string_equal(str(at(r, "members", 0), "name"), "data");
  json_decref(r);
  r = code(own_tree, "includes --file cmd/cmd.h");
  assert_string_equal(str(at(r, "direct_includes", 1), "file"), "base/base.h");
  assert_int_equal(json_array_size(json_object_get(r, "circular_dependencies")), 0);
  json_decref(r);
}

typedef struct seen_lines {
  long count;
  size_t longest;
  bool clean; /* no '\r', no '?' from a repaired character */
} seen_lines;

static void note_line(const char *line, long number, void *data) {
  seen_lines *s = data;
  assert_int_equal(number, ++s->count);
  if (strlen(line) > s->longest) s->longest = strlen(line);
  if (strchr(line, '\r') || strchr(line, '?')) s->clean = false;
}

/* The line reader every scanner and report parser uses: numbered from 1, '\r' dropped, and
 * a line too long cut before a character, never inside one (a cut inside would leave '?'). */
Z3_TEST(long_lines_are_cut_between_characters) {
  (void)state;
  z3_buf text;
  z3_buf_init(&text);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_buf_append(&text, "a\r\n", 3, &err), &err);
  for (int i = 0; i < 3000; i++) assert_ok(z3_buf_append(&text, "\xC3\xA9", 2, &err), &err); /* 6,000 bytes of 'é' */
  assert_ok(z3_buf_append(&text, "\nlast", 5, &err), &err);
  seen_lines s = {.clean = true};
  z3_dt_each_line((const char *)text.data, text.len, note_line, &s);
  assert_int_equal(s.count, 3);
  assert_true(s.clean);
  assert_int_equal(s.longest, Z3_DT_MAX_LINE - 2); /* 2,047 whole characters: the 2,048th would not fit */
  z3_buf_release(&text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(find_symbol_definition_and_declaration),
      cmocka_unit_test(callers_skip_comments_strings_and_prototypes),
      cmocka_unit_test(callees_in_order_with_definitions),
      cmocka_unit_test(members_of_struct_typedef_and_enum),
      cmocka_unit_test(includes_resolved_with_cycle),
      cmocka_unit_test(asm_labels_macros_defines_and_calls),
      cmocka_unit_test(asm_scanner_unquoted_incsrc_and_jump_at_line_end),
      cmocka_unit_test(refresh_by_modification_time),
      cmocka_unit_test(errors_name_what_is_wrong),
      cmocka_unit_test(a_damaged_index_is_refused_not_followed),
      cmocka_unit_test(index_never_follows_symlinks_out),
      cmocka_unit_test(own_tree_known_answers),
      cmocka_unit_test(long_lines_are_cut_between_characters),
  };
  int failed = cmocka_run_group_tests(tests, setup, NULL);
  free(project_dir);
  free(own_tree);
  return failed;
}
