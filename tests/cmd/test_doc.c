/* cmd/doc: the document yaze's tabs and the terminal UI edit. Every edit is a
 * table command, one command one undo step, failures leave no bytes behind,
 * front ends hear of every change. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/doc.h"
#include "test.h"

typedef struct fixture {
  char *dir, path[512];
  z3_doc *doc;
  int heard;
} fixture;

static void heard(z3_doc *doc, void *data) {
  (void)doc;
  ((fixture *)data)->heard++;
}

/* The sample saved to a temporary file and opened; `checksum` 0 keeps its
 * checksum, anything else stores that (wrong) one. */
static void setup(fixture *f, uint16_t checksum) {
  memset(f, 0, sizeof *f);
  z3_error err;
  z3_error_init(&err);
  f->dir = z3_test_tmpdir();
  snprintf(f->path, sizeof f->path, "%s/rom.sfc", f->dir);
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  if (checksum) rom->data.data[0x7fde] = (uint8_t)checksum, rom->data.data[0x7fdf] = (uint8_t)(checksum >> 8);
  z3_write_opts opts = {.backup = false};
  assert_ok(z3_rom_save(rom, f->path, &opts, &err), &err);
  z3_rom_free(rom);
  assert_ok(z3_doc_open(&f->doc, f->path, &err), &err);
  f->doc->listener = heard, f->doc->listener_data = f;
}

static void write_here(fixture *f, const char *offset, const char *bytes);

static void teardown(fixture *f) {
  z3_doc_free(f->doc);
  free(f->dir);
}

Z3_TEST(edits_undo_redo_and_save) {
  (void)state;
  fixture f;
  setup(&f, 0);
  z3_error err;
  z3_error_init(&err);
  uint8_t before = f.doc->rom->data.data[0x10];
  unsigned generation = f.doc->generation;
  const char *write[] = {"hex", "write", "--offset", "0x10", "--bytes", "5a"};
  assert_ok(z3_doc_run(f.doc, 6, write, NULL, &err), &err);
  assert_int_equal(f.doc->rom->data.data[0x10], 0x5a);
  assert_true(z3_doc_modified(f.doc));
  assert_int_equal(f.heard, 1);
  assert_true(f.doc->generation != generation);
  assert_string_equal(z3_doc_next_label(f.doc, true), "hex write");
  assert_null(z3_doc_next_label(f.doc, false));
  assert_ok(z3_doc_undo(f.doc, &err), &err);
  assert_int_equal(f.doc->rom->data.data[0x10], before);
  assert_false(z3_doc_modified(f.doc));
  assert_string_equal(z3_doc_next_label(f.doc, false), "hex write");
  assert_ok(z3_doc_redo(f.doc, &err), &err);
  assert_int_equal(f.doc->rom->data.data[0x10], 0x5a);
  assert_int_equal(z3_doc_redo(f.doc, &err), Z3_E_USAGE);
  assert_int_equal(f.heard, 3); /* edit, undo, redo; the refused redo changed nothing */
  assert_int_equal(z3_doc_reload(f.doc, &err), Z3_E_USAGE); /* unsaved edits */
  assert_ok(z3_doc_save(f.doc, &err), &err);
  assert_false(z3_doc_modified(f.doc));
  z3_rom *saved = NULL;
  assert_ok(z3_rom_load(&saved, f.path, &err), &err);
  assert_int_equal(saved->data.data[0x10], 0x5a);
  assert_true(z3_rom_checksum_ok(saved)); /* hex write's checksum rule came along */
  z3_rom_free(saved);
  char bak[600];
  snprintf(bak, sizeof bak, "%s.bak", f.path);
  assert_true(z3_file_exists(bak));
  teardown(&f);
}

/* A command that fails halfway leaves the bytes as they were, as the CLI saves nothing. */
Z3_TEST(failed_command_leaves_nothing) {
  (void)state;
  fixture f;
  setup(&f, 0);
  z3_error err;
  z3_error_init(&err);
  char title[22];
  memcpy(title, f.doc->rom->data.data + 0x7fc0, 21);
  const char *bad[] = {"rom", "header", "set", "--title", "CHANGED", "--region", "HELLO"};
  assert_int_not_equal(z3_doc_run(f.doc, 7, bad, NULL, &err), Z3_OK);
  assert_non_null(strstr(err.message, "HELLO"));
  assert_memory_equal(f.doc->rom->data.data + 0x7fc0, title, 21);
  assert_false(z3_doc_can_undo(f.doc));
  assert_false(z3_doc_modified(f.doc));
  const char *shell_only[] = {"agent", "proposal", "list"};
  z3_error_init(&err);
  assert_int_equal(z3_doc_run(f.doc, 3, shell_only, NULL, &err), Z3_E_USAGE);
  teardown(&f);
}

/* A check that finds problems still answers with its findings. */
Z3_TEST(check_findings_come_back) {
  (void)state;
  fixture f;
  setup(&f, 0x1234);
  z3_error err;
  z3_error_init(&err);
  json_t *result = NULL;
  const char *validate[] = {"rom", "validate"};
  assert_int_equal(z3_doc_run(f.doc, 2, validate, &result, &err), Z3_E_CHECK);
  assert_non_null(result);
  assert_true(json_integer_value(json_object_get(result, "errors")) > 0);
  json_decref(result);
  assert_int_equal(f.heard, 0); /* nothing changed */
  teardown(&f);
}

/* An accepted proposal rewrote the file: reload shows it and starts the history over. */
Z3_TEST(reload_reads_the_file_again) {
  (void)state;
  fixture f;
  setup(&f, 0);
  z3_error err;
  z3_error_init(&err);
  z3_rom *other = NULL;
  assert_ok(z3_rom_load(&other, f.path, &err), &err);
  other->data.data[0x20] ^= 0xff;
  uint8_t expect = other->data.data[0x20];
  assert_ok(z3_rom_save(other, f.path, NULL, &err), &err);
  z3_rom_free(other);
  assert_ok(z3_doc_reload(f.doc, &err), &err);
  assert_int_equal(f.doc->rom->data.data[0x20], expect);
  assert_false(z3_doc_can_undo(f.doc));
  assert_int_equal(f.heard, 1);
  write_here(&f, "0x21", "00"); /* the reloaded file is the saved state undo returns to */
  assert_ok(z3_doc_undo(f.doc, &err), &err);
  assert_false(z3_doc_modified(f.doc));
  teardown(&f);
}

/* Another process saves the file with `offset` changed to `value`. */
static void saved_elsewhere(const fixture *f, size_t offset, uint8_t value) {
  z3_error err;
  z3_error_init(&err);
  z3_rom *other = NULL;
  assert_ok(z3_rom_load(&other, f->path, &err), &err);
  other->data.data[offset] = value;
  assert_ok(z3_rom_fix_checksum(other, &err), &err);
  assert_ok(z3_rom_save(other, f->path, NULL, &err), &err);
  z3_rom_free(other);
}

static uint8_t byte_on_disk(const fixture *f, size_t offset) {
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  assert_ok(z3_rom_load(&rom, f->path, &err), &err);
  uint8_t b = rom->data.data[offset];
  z3_rom_free(rom);
  return b;
}

static void write_here(fixture *f, const char *offset, const char *bytes) {
  z3_error err;
  z3_error_init(&err);
  const char *write[] = {"hex", "write", "--offset", offset, "--bytes", bytes};
  assert_ok(z3_doc_run(f->doc, 6, write, NULL, &err), &err);
}

/* A save never replaces what another process saved meanwhile; the edits stay,
 * and a merge puts them on top of the file as it is now. */
Z3_TEST(save_refuses_a_file_saved_elsewhere_and_merge_keeps_both) {
  (void)state;
  fixture f;
  setup(&f, 0);
  z3_error err;
  z3_error_init(&err);
  uint8_t base11 = f.doc->rom->data.data[0x11];
  assert_int_not_equal(base11, 0x6b);
  write_here(&f, "0x10", "5a");
  assert_ok(z3_doc_save(f.doc, &err), &err); /* our own save moves the stamp on */
  write_here(&f, "0x11", "6b");
  assert_false(z3_doc_changed_on_disk(f.doc));
  saved_elsewhere(&f, 0x20, 0x77);
  assert_true(z3_doc_changed_on_disk(f.doc));
  assert_int_equal(z3_doc_save(f.doc, &err), Z3_E_IO);
  assert_non_null(strstr(err.message, "saved by another process since it was opened here"));
  assert_int_equal(byte_on_disk(&f, 0x20), 0x77); /* theirs stays */
  assert_int_equal(byte_on_disk(&f, 0x11), base11); /* and ours is not there */
  assert_true(z3_doc_modified(f.doc));
  z3_error_init(&err);
  assert_ok(z3_doc_merge_from_disk(f.doc, &err), &err);
  assert_int_equal(f.doc->rom->data.data[0x20], 0x77);
  assert_int_equal(f.doc->rom->data.data[0x11], 0x6b);
  assert_int_equal(f.doc->rom->data.data[0x10], 0x5a);
  assert_true(z3_doc_modified(f.doc));
  assert_ok(z3_doc_undo(f.doc, &err), &err); /* the merge is one step: the file on disk */
  assert_int_equal(f.doc->rom->data.data[0x11], base11);
  assert_int_equal(f.doc->rom->data.data[0x20], 0x77);
  assert_false(z3_doc_modified(f.doc));
  assert_ok(z3_doc_redo(f.doc, &err), &err);
  assert_ok(z3_doc_save(f.doc, &err), &err);
  assert_int_equal(byte_on_disk(&f, 0x11), 0x6b);
  assert_int_equal(byte_on_disk(&f, 0x20), 0x77);
  assert_int_equal(byte_on_disk(&f, 0x10), 0x5a);
  z3_rom *saved = NULL;
  assert_ok(z3_rom_load(&saved, f.path, &err), &err);
  assert_true(z3_rom_checksum_ok(saved));
  z3_rom_free(saved);
  teardown(&f);
}

/* A byte changed both here and on disk is not guessed at: refused, named, nothing changed. */
Z3_TEST(merge_refuses_a_byte_changed_on_both_sides) {
  (void)state;
  fixture f;
  setup(&f, 0);
  z3_error err;
  z3_error_init(&err);
  write_here(&f, "0x30", "11");
  saved_elsewhere(&f, 0x30, 0x22);
  unsigned generation = f.doc->generation;
  assert_int_equal(z3_doc_merge_from_disk(f.doc, &err), Z3_E_CHECK);
  assert_non_null(strstr(err.message, "1 byte changed both here and on disk, the first at offset 0x30"));
  assert_int_equal(f.doc->rom->data.data[0x30], 0x11);
  assert_int_equal(f.doc->generation, generation);
  assert_true(z3_doc_can_undo(f.doc));
  assert_int_equal(z3_doc_save(f.doc, &err), Z3_E_IO); /* still refused: nothing was merged */
  assert_int_equal(byte_on_disk(&f, 0x30), 0x22);
  teardown(&f);
}

Z3_RUN(cmocka_unit_test(edits_undo_redo_and_save), cmocka_unit_test(failed_command_leaves_nothing),
       cmocka_unit_test(check_findings_come_back), cmocka_unit_test(reload_reads_the_file_again),
       cmocka_unit_test(save_refuses_a_file_saved_elsewhere_and_merge_keeps_both),
       cmocka_unit_test(merge_refuses_a_byte_changed_on_both_sides))
