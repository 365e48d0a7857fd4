/* base: errors, buffers, files (atomic writes under injected faults), hashing, strings. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "test.h"

Z3_TEST(test_base_error__first_message_wins) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(err.offset, -1);
  assert_int_equal(z3_error_set_at(&err, Z3_E_INVALID, 12, "inner '%s'", "x"), Z3_E_INVALID);
  assert_int_equal(z3_error_set(&err, Z3_E_IO, "outer"), Z3_E_IO);
  z3_error_hint(&err, "first hint");
  z3_error_hint(&err, "second hint");
  assert_int_equal(err.code, Z3_E_INVALID);
  assert_string_equal(err.message, "inner 'x'");
  assert_string_equal(err.hint, "first hint");
  assert_int_equal(err.offset, 12);
  assert_string_equal(z3_status_name(Z3_E_CHECK), "check_failed");
  assert_int_equal(z3_error_set(NULL, Z3_E_IO, "no error struct"), Z3_E_IO);
}

/* Messages quote what was read and may be cut short: they stay UTF-8 text, or JSON
 * output would drop them (jansson makes no string of invalid UTF-8). */
Z3_TEST(test_base_error__messages_stay_utf8) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  z3_error_set(&err, Z3_E_INVALID, "got '%s'", "caf\xE9 ok \xC3\xA9");
  assert_string_equal(err.message, "got 'caf? ok \xC3\xA9'");
  z3_error_hint(&err, "%s", "\xFF");
  assert_string_equal(err.hint, "?");
  char long_text[sizeof err.message + 8];
  memset(long_text, 'a', sizeof long_text);
  long_text[sizeof long_text - 1] = '\0';
  memcpy(long_text + sizeof err.message - 3, "\xE2\x82\xAC", 3); /* a euro sign across the cut */
  z3_error_init(&err);
  z3_error_set(&err, Z3_E_INVALID, "%s", long_text);
  assert_true(z3_utf8_valid(err.message, strlen(err.message)));
  json_t *s = json_string(err.message);
  assert_non_null(s);
  json_decref(s);
}

Z3_TEST(test_base_str__utf8) {
  (void)state;
  const unsigned char *u = (const unsigned char *)"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  assert_int_equal(z3_utf8_char_len(u, 10), 1);
  assert_int_equal(z3_utf8_char_len(u + 1, 9), 2);
  assert_int_equal(z3_utf8_char_len(u + 3, 7), 3);
  assert_int_equal(z3_utf8_char_len(u + 6, 4), 4);
  assert_int_equal(z3_utf8_char_len(u + 6, 3), 0); /* cut short */
  assert_int_equal(z3_utf8_char_len((const unsigned char *)"\xC0\x80", 2), 0); /* overlong NUL */
  assert_int_equal(z3_utf8_char_len((const unsigned char *)"\xED\xA0\x80", 3), 0); /* surrogate */
  assert_int_equal(z3_utf8_char_len((const unsigned char *)"\xF4\x90\x80\x80", 4), 0); /* past U+10FFFF */
  assert_true(z3_utf8_valid((const char *)u, 10));
  assert_false(z3_utf8_valid((const char *)u, 9));
  char text[] = "ok\x80\xC3\xA9\xC3";
  z3_utf8_fix(text);
  assert_string_equal(text, "ok?\xC3\xA9?");
}

static void format_into(char *out, size_t cap, const char *fmt, ...) Z3_PRINTF(3, 4);
static void format_into(char *out, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  z3_vformat(out, cap, fmt, ap);
  va_end(ap);
}

/* A cut inside a character leaves valid UTF-8, which JSON needs. */
Z3_TEST(test_base_str__format_cut_inside_a_character) {
  (void)state;
  char out[7];
  format_into(out, sizeof out, "ab%s", "\xE2\x82\xAC\xE2\x82\xAC"); /* room for ab, one euro sign and a byte of the next */
  assert_true(z3_utf8_valid(out, strlen(out)));
  assert_string_equal(out, "ab\xE2\x82\xAC?");
  format_into(out, sizeof out, "%d", 42);
  assert_string_equal(out, "42");
}

Z3_TEST(test_base_buf__grows_and_formats) {
  (void)state;
  z3_buf b;
  z3_buf_init(&b);
  for (int i = 0; i < 1000; i++) assert_int_equal(z3_buf_push(&b, (uint8_t)i, NULL), Z3_OK);
  assert_int_equal(b.len, 1000);
  assert_int_equal(b.data[999], (uint8_t)999);
  assert_int_equal(z3_buf_resize(&b, 1004, NULL), Z3_OK);
  assert_int_equal(b.data[1003], 0);
  b.len = 0;
  z3_buf_printf(&b, "%s-%d", "ab", 7);
  z3_buf_printf(&b, "!");
  char *s = z3_buf_take_string(&b);
  assert_string_equal(s, "ab-7!");
  assert_null(b.data);
  free(s);
}

/* What the quoting promises, checked against /bin/sh itself. */
/* Text for a terminal: controls become escapes, text (tabs, newlines, any script) stays. */
Z3_TEST(test_base_buf__visible_text_has_no_controls) {
  (void)state;
  static const struct { const char *in, *out; } cases[] = {
      {"plain \xC3\xA9t\xC3\xA9 \xE2\x86\x92 ok", "plain \xC3\xA9t\xC3\xA9 \xE2\x86\x92 ok"},
      {"tab\there\nnext line", "tab\there\nnext line"},
      {"\x1B[31mred\x1B]0;title\x07", "\\x1B[31mred\\x1B]0;title\\x07"},
      {"cr\rback\x7F", "cr\\x0Dback\\x7F"},
      {"c1 \xC2\x9B" "2J and nbsp \xC2\xA0.", "c1 \\u009B2J and nbsp \xC2\xA0."},
      {"cut \xC2", "cut \xC2"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_buf b;
    z3_buf_init(&b);
    assert_int_equal(z3_buf_put_visible(&b, cases[i].in, strlen(cases[i].in), NULL), Z3_OK);
    assert_int_equal(z3_buf_push(&b, 0, NULL), Z3_OK);
    assert_string_equal((const char *)b.data, cases[i].out);
    z3_buf_release(&b);
  }
}

Z3_TEST(test_base_buf__shell_words_read_back) {
  (void)state;
  static const char *words[] = {"plain-1.sfc", "", "my rom's.sfc", "#40C040", "a\tb  c", "'", "$HOME `x` \\ \"q\" *"};
  enum { N = sizeof words / sizeof *words };
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "printf '%%s|' ");
  for (int i = 0; i < N; i++) {
    assert_int_equal(z3_buf_shell_word(&b, words[i]), Z3_OK);
    z3_buf_printf(&b, " ");
  }
  FILE *sh = popen((const char *)b.data, "r");
  assert_non_null(sh);
  char got[256] = "", want[256] = "";
  size_t n = fread(got, 1, sizeof got - 1, sh);
  got[n] = '\0';
  assert_int_equal(pclose(sh), 0);
  for (int i = 0; i < N; i++) strcat(strcat(want, words[i]), "|");
  assert_string_equal(got, want);
  b.len = 0;
  z3_buf_shell_word(&b, "plain-1.sfc");
  z3_buf_shell_word(&b, "it's");
  z3_buf_printf(&b, "%s", "");
  assert_string_equal((const char *)b.data, "plain-1.sfc'it'\\''s'");
  z3_buf_release(&b);
}

Z3_TEST(test_base_buf__allocation_failure_is_reported) {
  (void)state;
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  z3_fault_alloc_after(1);
  assert_int_equal(z3_buf_append(&b, "abc", 3, &err), Z3_E_NOMEM);
  assert_int_equal(b.len, 0);
  assert_int_equal(z3_buf_append(&b, "abc", 3, &err), Z3_OK);
  z3_buf_release(&b);
}

Z3_TEST(test_base_hash__known_vectors) {
  (void)state;
  assert_int_equal(z3_crc32("123456789", 9), 0xCBF43926u);
  assert_int_equal(z3_crc32("", 0), 0);
  assert_int_equal(z3_crc32_update(z3_crc32("1234", 4), "56789", 5), 0xCBF43926u);
  char hex[41];
  z3_sha1_hex("abc", 3, hex);
  assert_string_equal(hex, "a9993e364706816aba3e25717850c26c9cd0d89d");
}

Z3_TEST(test_base_str__parse_and_distance) {
  (void)state;
  uint64_t v;
  assert_true(z3_parse_u64("1234", &v) && v == 1234);
  assert_true(z3_parse_u64("0x7FC0", &v) && v == 0x7FC0);
  assert_true(z3_parse_u64("$ff", &v) && v == 255);
  assert_false(z3_parse_u64("", &v));
  assert_false(z3_parse_u64("0x", &v));
  assert_false(z3_parse_u64("12a", &v));
  assert_false(z3_parse_u64("99999999999999999999999", &v));
  assert_int_equal(z3_edit_distance("rom", "rmo"), 2);
  assert_int_equal(z3_edit_distance("info", "infp"), 1);
  assert_int_equal(z3_edit_distance("", "abc"), 3);
}

static char *path_in(const char *dir, const char *name) { return z3_strfmt("%s/%s", dir, name); }

static void write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static bool file_is(const char *path, const char *text) {
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  bool ok = z3_file_read(&b, path, 1 << 20, &err) == Z3_OK && b.len == strlen(text) &&
            memcmp(b.data, text, b.len) == 0;
  z3_buf_release(&b);
  return ok;
}

static int count_entries(const char *dir) {
  char *cmd = z3_strfmt("ls -A '%s' | wc -l", dir);
  FILE *p = popen(cmd, "r");
  int n = -1;
  if (p && fscanf(p, "%d", &n) != 1) n = -1;
  if (p) pclose(p);
  free(cmd);
  return n;
}

Z3_TEST(test_base_file__read_limits_and_errors) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *f = path_in(dir, "a.bin");
  write_text(f, "0123456789");
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_file_read(&b, f, 5, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "over the limit"));
  z3_error_init(&err);
  assert_ok(z3_file_read(&b, f, 10, &err), &err);
  assert_int_equal(b.len, 10);
  z3_error_init(&err);
  assert_int_equal(z3_file_read(&b, dir, 10, &err), Z3_E_IO);
  z3_error_init(&err);
  char *missing = path_in(dir, "missing");
  assert_int_equal(z3_file_read(&b, missing, 10, &err), Z3_E_IO);
  assert_non_null(strstr(err.message, "missing"));
  z3_buf_release(&b);
  free(missing);
  free(f);
  free(dir);
}

Z3_TEST(test_base_file__atomic_write_keeps_backup) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *f = path_in(dir, "rom.sfc"), *bak = path_in(dir, "rom.sfc.bak");
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(f, "one", 3, NULL, &err), &err);
  chmod(f, 0600);
  z3_write_opts opts = {.backup = true};
  assert_ok(z3_file_write_atomic(f, "two", 3, &opts, &err), &err);
  assert_true(file_is(f, "two"));
  assert_true(file_is(bak, "one"));
  struct stat st;
  assert_int_equal(stat(f, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0600); /* permissions survive the rename */
  assert_ok(z3_file_write_atomic(f, "three", 5, &opts, &err), &err);
  assert_true(file_is(bak, "two"));
  assert_int_equal(count_entries(dir), 2); /* no temporary files left */
  char *nodir = path_in(dir, "no/such/folder.sfc");
  assert_int_equal(z3_file_write_atomic(nodir, "x", 1, NULL, &err), Z3_E_IO);
  free(nodir);
  free(f);
  free(bak);
  free(dir);
}

/* A new file gets 0666 less the umask, as open(2) gives, in both writers; an existing
 * file keeps its own mode whatever the umask. */
Z3_TEST(test_base_file__a_new_file_takes_the_umask) {
  (void)state;
  char *dir = z3_test_tmpdir();
  static const mode_t masks[] = {077, 022, 002};
  z3_error err;
  z3_error_init(&err);
  for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++) {
    char name[32];
    snprintf(name, sizeof name, "new%zu.sfc", i);
    char *f = path_in(dir, name);
    mode_t old = umask(masks[i]);
    z3_status st = z3_file_write_atomic(f, "x", 1, NULL, &err);
    z3_write_batch *batch = st == Z3_OK ? z3_write_batch_new() : NULL;
    char *g = z3_strfmt("%s.json", f);
    if (batch) st = z3_write_batch_add(batch, g, "{}", 2, NULL, &err);
    if (batch && st == Z3_OK) st = z3_write_batch_commit(batch, &err);
    z3_write_batch_free(batch);
    umask(old);
    assert_ok(st, &err);
    struct stat s;
    assert_int_equal(stat(f, &s), 0);
    assert_int_equal(s.st_mode & 0777, 0666 & ~masks[i]);
    assert_int_equal(stat(g, &s), 0);
    assert_int_equal(s.st_mode & 0777, 0666 & ~masks[i]);
    free(g);
    free(f);
  }
  char *kept = path_in(dir, "new0.sfc");
  mode_t old = umask(0);
  z3_status st = z3_file_write_atomic(kept, "y", 1, NULL, &err);
  umask(old);
  assert_ok(st, &err);
  struct stat s;
  assert_int_equal(stat(kept, &s), 0);
  assert_int_equal(s.st_mode & 0777, 0600); /* made under 077, kept under 0 */
  free(kept);
  free(dir);
}

/* SQLite-style fault injection: fail the Nth I/O call for every N until the
 * write succeeds; after each failure the target and backup are exactly as they
 * were and no temporary file is left behind. */
Z3_TEST(test_base_file__every_io_fault_leaves_files_intact) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *f = path_in(dir, "rom.sfc"), *bak = path_in(dir, "rom.sfc.bak");
  write_text(f, "original");
  write_text(bak, "older");
  z3_write_opts opts = {.backup = true};
  int n = 1;
  for (;; n++) {
    z3_error err;
    z3_error_init(&err);
    z3_fault_io_after(n);
    z3_status st = z3_file_write_atomic(f, "replacement", 11, &opts, &err);
    z3_fault_io_after(0);
    if (st == Z3_OK) break;
    assert_int_equal(st, Z3_E_IO);
    assert_true(file_is(f, "original"));
    assert_true(file_is(bak, "older") || file_is(bak, "original")); /* a backup always exists */
    assert_int_equal(count_entries(dir), 2);
    assert_true(n < 50);
  }
  assert_true(n > 3); /* the faults really hit: temp, write, fsync, link, rename */
  assert_true(file_is(f, "replacement"));
  assert_true(file_is(bak, "original"));
  free(f);
  free(bak);
  free(dir);
}

/* A full disk while the new copy is written: the message names the file the
 * user gave, never the temporary (already removed), and the hint says why a
 * save needs room for a whole second copy. */
Z3_TEST(test_base_file__a_full_disk_names_the_target_and_the_room_needed) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *f = path_in(dir, "rom.sfc");
  write_text(f, "original");
  bool hinted = false;
  z3_fault_io_errno(ENOSPC);
  for (int n = 1; n < 50; n++) {
    z3_error err;
    z3_error_init(&err);
    z3_fault_io_after(n);
    z3_status st = z3_file_write_atomic(f, "replacement", 11, NULL, &err);
    z3_fault_io_after(0);
    if (st == Z3_OK) break;
    assert_null(strstr(err.message, "z3tmp"));
    assert_true(file_is(f, "original"));
    if (strstr(err.message, "No space left on device (while writing its new copy")) {
      assert_non_null(strstr(err.message, f));
      assert_non_null(strstr(err.hint, "(11 bytes) beside the old one"));
      hinted = true;
    }
  }
  z3_fault_io_errno(EIO);
  assert_true(hinted);
  free(f);
  free(dir);
}

static void write_three(z3_write_batch *b, const char *dir, const char *text, z3_error *err,
                        z3_status *st) {
  for (int i = 0; i < 3 && *st == Z3_OK; i++) {
    char *f = z3_strfmt("%s/f%d", dir, i);
    *st = z3_write_batch_add(b, f, text, strlen(text), NULL, err);
    free(f);
  }
}

static bool all_three_are(const char *dir, const char *text) {
  bool ok = true;
  for (int i = 0; i < 3; i++) {
    char *f = z3_strfmt("%s/f%d", dir, i);
    ok &= file_is(f, text);
    free(f);
  }
  return ok;
}

/* A batch replaces nothing until every temporary file is written and flushed;
 * freeing it uncommitted leaves no trace. Faults are injected at every step. */
Z3_TEST(test_base_batch__all_or_nothing_under_faults) {
  (void)state;
  char *dir = z3_test_tmpdir();
  z3_error err;
  z3_error_init(&err);
  z3_status st = Z3_OK;
  z3_write_batch *b = z3_write_batch_new();
  write_three(b, dir, "old", &err, &st);
  assert_ok(st, &err);
  assert_int_equal(count_entries(dir), 3); /* temporary files only */
  assert_ok(z3_write_batch_commit(b, &err), &err);
  z3_write_batch_free(b);
  assert_true(all_three_are(dir, "old"));
  int n = 1;
  for (;; n++) {
    z3_error_init(&err);
    st = Z3_OK;
    b = z3_write_batch_new();
    z3_fault_io_after(n);
    write_three(b, dir, "new", &err, &st);
    if (st == Z3_OK) st = z3_write_batch_commit(b, &err);
    z3_fault_io_after(0);
    z3_write_batch_free(b);
    assert_int_equal(count_entries(dir), 3); /* never a temporary file left */
    if (st == Z3_OK) break;
    if (!strstr(err.message, "files were written")) assert_true(all_three_are(dir, "old"));
    assert_true(n < 50);
  }
  assert_true(n > 4);
  assert_true(all_three_are(dir, "new"));
  char *folder = path_in(dir, "f1");
  unlink(folder);
  assert_int_equal(mkdir(folder, 0755), 0);
  b = z3_write_batch_new();
  z3_error_init(&err);
  assert_int_equal(z3_write_batch_add(b, folder, "x", 1, NULL, &err), Z3_E_IO);
  assert_non_null(strstr(err.message, "is a folder"));
  z3_write_batch_free(b);
  free(folder);
  free(dir);
}

Z3_RUN(cmocka_unit_test(test_base_error__first_message_wins), cmocka_unit_test(test_base_error__messages_stay_utf8),
       cmocka_unit_test(test_base_str__utf8), cmocka_unit_test(test_base_str__format_cut_inside_a_character), cmocka_unit_test(test_base_buf__grows_and_formats),
       cmocka_unit_test(test_base_buf__shell_words_read_back), cmocka_unit_test(test_base_buf__visible_text_has_no_controls),
       cmocka_unit_test(test_base_buf__allocation_failure_is_reported), cmocka_unit_test(test_base_hash__known_vectors),
       cmocka_unit_test(test_base_str__parse_and_distance), cmocka_unit_test(test_base_file__read_limits_and_errors),
       cmocka_unit_test(test_base_file__atomic_write_keeps_backup),
      cmocka_unit_test(test_base_file__a_new_file_takes_the_umask),
       cmocka_unit_test(test_base_file__every_io_fault_leaves_files_intact),
       cmocka_unit_test(test_base_file__a_full_disk_names_the_target_and_the_room_needed),
       cmocka_unit_test(test_base_batch__all_or_nothing_under_faults))
