/* devtools/fs: every way out of the root refused, one by one, through both resolvers
 * (openat2 and the O_NOFOLLOW walk); limits, binary files, atomic writes, search. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "devtools/fs_internal.h"
#include "test.h"

/* Runs a command line (NULL-terminated); *result is a new reference (NULL on failure). */
static z3_status run(json_t **result, z3_error *err, const char *const *words) {
  char *argv[32];
  int argc = 0;
  while (words[argc]) argv[argc] = (char *)words[argc], argc++;
  z3_error_init(err);
  z3_cmd_ctx ctx;
  z3_status s = z3_cmd_parse(&ctx, argc, argv, err);
  if (s == Z3_OK) s = z3_cmd_run(&ctx, err);
  *result = s == Z3_OK ? json_incref(ctx.result) : NULL;
  if (s == Z3_OK || ctx.cmd) z3_cmd_ctx_release(&ctx);
  return s;
}

#define RUN(res, err, ...) run(res, err, (const char *const[]){__VA_ARGS__, NULL})

static void write_text(const char *dir, const char *name, const char *text) {
  char *path = z3_strfmt("%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  z3_free(path);
}

/* root/ with a.txt, sub/b.txt, and outside/secret.txt beside it. */
static char *make_tree(char **root) {
  char *top = z3_test_tmpdir();
  *root = z3_strfmt("%s/root", top);
  char *sub = z3_strfmt("%s/sub", *root), *outside = z3_strfmt("%s/outside", top);
  assert_int_equal(mkdir(*root, 0777), 0);
  assert_int_equal(mkdir(sub, 0777), 0);
  assert_int_equal(mkdir(outside, 0777), 0);
  write_text(*root, "a.txt", "line one\nline two\nline three\n");
  write_text(sub, "b.txt", "needle here\n");
  write_text(outside, "secret.txt", "needle outside\n");
  z3_free(sub);
  z3_free(outside);
  return top;
}

static void remove_tree(char *top, char *root) {
  char *cmd = z3_strfmt("rm -rf '%s'", top);
  assert_int_equal(system(cmd), 0);
  z3_free(cmd);
  z3_free(top);
  z3_free(root);
}

static void link_in(const char *root, const char *target, const char *name) {
  char *path = z3_strfmt("%s/%s", root, name);
  assert_int_equal(symlink(target, path), 0);
  z3_free(path);
}

static void expect_refused(const char *root, const char *path, z3_status code, const char *words) {
  json_t *r;
  z3_error err;
  assert_int_equal(RUN(&r, &err, "fs", "read", "--root", root, "--path", path), code);
  if (!strstr(err.message, words)) fail_msg("'%s': message '%s' lacks '%s'", path, err.message, words);
  assert_null(r);
}

static void escapes_are_refused(void) {
  char *root;
  char *top = make_tree(&root);
  char *outside = z3_strfmt("%s/outside", top);
  link_in(root, "../outside/secret.txt", "up");
  link_in(root, outside, "abs");
  link_in(root, "loop", "loop");
  link_in(root, "/dev/null", "null");
  link_in(root, "sub/b.txt", "inside");
  char *fifo = z3_strfmt("%s/pipe", root);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  expect_refused(root, "../outside/secret.txt", Z3_E_USAGE, "outside the root");
  expect_refused(root, "sub/../../outside/secret.txt", Z3_E_USAGE, "outside the root");
  expect_refused(root, fifo, Z3_E_USAGE, "is absolute");
  expect_refused(root, "/etc/passwd", Z3_E_USAGE, "is absolute");
  expect_refused(root, "up", Z3_E_USAGE, "");
  expect_refused(root, "abs/secret.txt", Z3_E_USAGE, "");
  expect_refused(root, "loop", Z3_E_USAGE, "symlink");
  expect_refused(root, "null", Z3_E_USAGE, "");
  expect_refused(root, "pipe", Z3_E_USAGE, "is a fifo");
  expect_refused(root, "nothing.txt", Z3_E_NOT_FOUND, "does not exist");
  json_t *r;
  z3_error err;
  assert_ok(RUN(&r, &err, "fs", "read", "--root", root, "--path", "sub/./../a.txt"), &err);
  json_decref(r);
  /* a symlink that stays inside: followed by openat2, refused by the careful walk */
  z3_status inside = RUN(&r, &err, "fs", "read", "--root", root, "--path", "inside");
  json_decref(r);
  z3_free(fifo);
  z3_free(outside);
  remove_tree(top, root);
  if (inside != Z3_OK) assert_int_equal(inside, Z3_E_USAGE);
}

Z3_TEST(test_fs__escapes_refused_by_openat2) {
  (void)state;
  z3_fs__force_walk(false);
  escapes_are_refused();
}

Z3_TEST(test_fs__escapes_refused_by_the_fallback_walk) {
  (void)state;
  z3_fs__force_walk(true);
  escapes_are_refused();
  z3_fs__force_walk(false);
}

Z3_TEST(test_fs__hard_links_reported_on_read_refused_on_write) {
  (void)state;
  char *root;
  char *top = make_tree(&root);
  char *target = z3_strfmt("%s/outside/secret.txt", top), *alias = z3_strfmt("%s/alias.txt", root);
  assert_int_equal(link(target, alias), 0);
  json_t *r;
  z3_error err;
  assert_ok(RUN(&r, &err, "fs", "read", "--root", root, "--path", "alias.txt"), &err);
  assert_int_equal(json_integer_value(json_object_get(r, "hard_links")), 2);
  json_decref(r);
  assert_int_equal(RUN(&r, &err, "fs", "write", "--root", root, "--path", "alias.txt", "--content", "x"), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "hard links"));
  z3_buf b;
  z3_buf_init(&b);
  assert_ok(z3_file_read(&b, target, 1024, &err), &err);
  assert_int_equal(b.len, strlen("needle outside\n")); /* untouched */
  z3_buf_release(&b);
  z3_free(target);
  z3_free(alias);
  remove_tree(top, root);
}

Z3_TEST(test_fs__write_is_atomic_confined_and_honours_dry_run) {
  (void)state;
  char *root;
  char *top = make_tree(&root);
  link_in(root, "../outside", "out");
  link_in(root, "a.txt", "alias");
  json_t *r;
  z3_error err;
  assert_ok(RUN(&r, &err, "fs", "write", "--root", root, "--path", "sub/new.txt", "--content", "fresh\n"), &err);
  json_decref(r);
  assert_ok(RUN(&r, &err, "fs", "read", "--root", root, "--path", "sub/new.txt"), &err);
  assert_string_equal(json_string_value(json_object_get(r, "content")), "fresh\n");
  json_decref(r);
  assert_ok(RUN(&r, &err, "fs", "write", "--root", root, "--path", "a.txt", "--content", "dry", "--dry-run"), &err);
  json_decref(r);
  assert_ok(RUN(&r, &err, "fs", "read", "--root", root, "--path", "a.txt", "--start-line", "2", "--lines", "1"), &err);
  assert_string_equal(json_string_value(json_object_get(r, "content")), "line two\n");
  assert_int_equal(json_integer_value(json_object_get(r, "lines_total")), 3);
  json_decref(r);
  assert_int_equal(RUN(&r, &err, "fs", "write", "--root", root, "--path", "out/x.txt", "--content", "x"), Z3_E_USAGE);
  assert_int_equal(RUN(&r, &err, "fs", "write", "--root", root, "--path", "../x.txt", "--content", "x"), Z3_E_USAGE);
  assert_int_equal(RUN(&r, &err, "fs", "write", "--root", root, "--path", "alias", "--content", "x"), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "symlink"));
  assert_int_equal(RUN(&r, &err, "fs", "write", "--root", root, "--path", "sub", "--content", "x"), Z3_E_USAGE);
  char *escaped = z3_strfmt("%s/outside/x.txt", top);
  assert_false(z3_file_exists(escaped));
  z3_free(escaped);
  remove_tree(top, root);
}

Z3_TEST(test_fs__read_limits_and_binary) {
  (void)state;
  char *root;
  char *top = make_tree(&root);
  char *bin = z3_strfmt("%s/blob.bin", root);
  FILE *f = fopen(bin, "wb");
  fwrite("ab\0cd", 1, 5, f);
  fclose(f);
  write_text(root, "utf8.txt", "caf\xc3\xa9 au lait\n");
  json_t *r;
  z3_error err;
  assert_ok(RUN(&r, &err, "fs", "read", "--root", root, "--path", "blob.bin"), &err);
  assert_true(json_is_true(json_object_get(r, "binary")));
  assert_null(json_object_get(r, "content"));
  json_decref(r);
  /* a limit inside the two-byte é keeps the text valid and says it was cut */
  assert_ok(RUN(&r, &err, "fs", "read", "--root", root, "--path", "utf8.txt", "--max-bytes", "4"), &err);
  assert_string_equal(json_string_value(json_object_get(r, "content")), "caf");
  assert_true(json_is_true(json_object_get(r, "truncated")));
  assert_false(json_is_true(json_object_get(r, "binary")));
  json_decref(r);
  assert_ok(RUN(&r, &err, "fs", "list", "--root", root, "--max-entries", "2"), &err);
  assert_int_equal(json_integer_value(json_object_get(r, "count")), 4);
  assert_true(json_is_true(json_object_get(r, "truncated")));
  assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(r, "entries"), 0), "name")),
                      "a.txt");
  json_decref(r);
  assert_ok(RUN(&r, &err, "fs", "stat", "--root", root, "--path", "missing"), &err);
  assert_false(json_is_true(json_object_get(r, "exists")));
  json_decref(r);
  assert_ok(RUN(&r, &err, "fs", "stat", "--root", root, "--path", "sub"), &err);
  assert_string_equal(json_string_value(json_object_get(r, "type")), "dir");
  json_decref(r);
  z3_free(bin);
  remove_tree(top, root);
}

Z3_TEST(test_fs__search_stays_inside_and_skips_binary) {
  (void)state;
  char *root;
  char *top = make_tree(&root);
  link_in(root, "../outside", "out");
  char *git = z3_strfmt("%s/.git", root);
  assert_int_equal(mkdir(git, 0777), 0);
  write_text(git, "config", "needle in git\n");
  char *bin = z3_strfmt("%s/blob.bin", root);
  FILE *f = fopen(bin, "wb");
  fwrite("needle\0", 1, 7, f);
  fclose(f);
  json_t *r;
  z3_error err;
  assert_ok(RUN(&r, &err, "fs", "search", "--root", root, "--pattern", "nee+dle"), &err);
  json_t *m = json_object_get(r, "matches");
  assert_int_equal(json_array_size(m), 1);
  assert_string_equal(json_string_value(json_object_get(json_array_get(m, 0), "file")), "sub/b.txt");
  assert_int_equal(json_integer_value(json_object_get(json_array_get(m, 0), "column")), 1);
  assert_int_equal(json_integer_value(json_object_get(r, "skipped_binary")), 1);
  json_decref(r);
  assert_ok(RUN(&r, &err, "fs", "search", "--root", root, "--pattern", "LINE", "--fixed", "--ignore-case",
                "--max-matches", "2"), &err);
  assert_int_equal(json_array_size(json_object_get(r, "matches")), 2);
  assert_true(json_is_true(json_object_get(r, "truncated")));
  json_decref(r);
  assert_int_equal(RUN(&r, &err, "fs", "search", "--root", root, "--pattern", "a("), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "--pattern"));
  z3_free(git);
  z3_free(bin);
  remove_tree(top, root);
}

Z3_RUN(cmocka_unit_test(test_fs__escapes_refused_by_openat2),
       cmocka_unit_test(test_fs__escapes_refused_by_the_fallback_walk),
       cmocka_unit_test(test_fs__hard_links_reported_on_read_refused_on_write),
       cmocka_unit_test(test_fs__write_is_atomic_confined_and_honours_dry_run),
       cmocka_unit_test(test_fs__read_limits_and_binary),
       cmocka_unit_test(test_fs__search_stays_inside_and_skips_binary))
