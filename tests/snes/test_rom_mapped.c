/* snes/rom: a ROM loaded as a private file mapping behaves as one read onto the heap. */
#include <stdlib.h>
#include <string.h>

#include "snes/rom.h"
#include "test.h"

static char *write_image(const char *dir, const char *name, const uint8_t *data, size_t len) {
  char *path = z3_strfmt("%s/%s", dir, name);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(path, data, len, NULL, &err), &err);
  return path;
}

static void assert_same_rom(const z3_rom *a, const z3_rom *b) {
  assert_int_equal(a->data.len, b->data.len);
  assert_memory_equal(a->data.data, b->data.data, a->data.len);
  assert_int_equal(a->mapping, b->mapping);
  assert_int_equal(a->mapping_score, b->mapping_score);
  assert_int_equal(a->has_copier_header, b->has_copier_header);
  assert_memory_equal(a->copier_header, b->copier_header, Z3_COPIER_HEADER_SIZE);
  assert_int_equal(z3_rom_compute_checksum(a), z3_rom_compute_checksum(b));
}

/* With and without a copier header: the same image, header and checksum as z3_rom_load. */
Z3_TEST(test_rom_mapped__loads_what_a_read_loads) {
  (void)state;
  z3_rom *sample = z3_test_sample_rom(0, Z3_MAP_LOROM);
  size_t n = sample->data.len;
  uint8_t *with_header = malloc(n + 512);
  memset(with_header, 0x5A, 512);
  memcpy(with_header + 512, sample->data.data, n);
  char *dir = z3_test_tmpdir();
  const struct { const char *name; const uint8_t *data; size_t len; } files[] = {
      {"plain.sfc", sample->data.data, n}, {"header.smc", with_header, n + 512}};
  for (size_t i = 0; i < 2; i++) {
    char *path = write_image(dir, files[i].name, files[i].data, files[i].len);
    z3_error err;
    z3_error_init(&err);
    z3_rom *read, *mapped;
    assert_ok(z3_rom_load(&read, path, &err), &err);
    assert_ok(z3_rom_load_mapped(&mapped, path, &err), &err);
    assert_non_null(mapped->mapped.data);
    assert_same_rom(read, mapped);
    assert_string_equal(mapped->path, path);
    z3_rom_free(read);
    z3_rom_free(mapped);
    free(path);
  }
  free(with_header);
  free(dir);
  z3_rom_free(sample);
}

/* Edits go to this process's copy of the pages: the file stays as it was until a save,
 * and a save over the mapped file itself writes the edited image. */
Z3_TEST(test_rom_mapped__edits_never_reach_the_file_unsaved) {
  (void)state;
  z3_rom *sample = z3_test_sample_rom(0, Z3_MAP_LOROM);
  char *dir = z3_test_tmpdir();
  char *path = write_image(dir, "rom.sfc", sample->data.data, sample->data.len);
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom;
  assert_ok(z3_rom_load_mapped(&rom, path, &err), &err);
  static const uint8_t edit[4] = {0xDE, 0xAD, 0xBE, 0xEF};
  assert_ok(z3_rom_write(rom, 0x10000, edit, sizeof edit, "edit", &err), &err);
  z3_buf disk;
  z3_buf_init(&disk);
  assert_ok(z3_file_read(&disk, path, 1 << 24, &err), &err);
  assert_memory_equal(disk.data, sample->data.data, sample->data.len);
  assert_ok(z3_rom_save(rom, path, NULL, &err), &err);
  z3_buf_release(&disk);
  assert_ok(z3_file_read(&disk, path, 1 << 24, &err), &err);
  assert_memory_equal(disk.data + 0x10000, edit, sizeof edit);
  assert_memory_equal(rom->data.data + 0x10000, edit, sizeof edit); /* the old pages are still ours */
  z3_buf_release(&disk);
  z3_rom_free(rom);
  free(path);
  free(dir);
  z3_rom_free(sample);
}

/* A resize moves the image to the heap first: the bytes and the change log are kept,
 * and freeing releases the right kind of memory (the sanitizers check that). */
Z3_TEST(test_rom_mapped__resizes_like_a_heap_rom) {
  (void)state;
  z3_rom *sample = z3_test_sample_rom(0, Z3_MAP_LOROM);
  size_t n = sample->data.len;
  char *dir = z3_test_tmpdir();
  char *path = write_image(dir, "rom.sfc", sample->data.data, n);
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom;
  assert_ok(z3_rom_load_mapped(&rom, path, &err), &err);
  assert_ok(z3_rom_resize(rom, 2 * n, "expand", &err), &err);
  assert_null(rom->mapped.data);
  assert_int_equal(rom->data.len, 2 * n);
  assert_memory_equal(rom->data.data, sample->data.data, n);
  for (size_t i = n; i < 2 * n; i += 4096) assert_int_equal(rom->data.data[i], 0);
  assert_int_equal(rom->change_count, 1);
  assert_ok(z3_rom_resize(rom, n / 2, "shrink", &err), &err);
  assert_memory_equal(rom->data.data, sample->data.data, n / 2);
  z3_rom_free(rom);
  free(path);
  free(dir);
  z3_rom_free(sample);
}

/* Errors are those of z3_rom_load, word for word; an empty file is read, not mapped. */
Z3_TEST(test_rom_mapped__errors_match_a_read) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *empty = write_image(dir, "empty.sfc", (const uint8_t *)"", 0);
  uint8_t odd[1000] = {0};
  char *small = write_image(dir, "small.sfc", odd, sizeof odd);
  char *missing = z3_strfmt("%s/missing.sfc", dir);
  const char *paths[] = {empty, small, missing, dir};
  for (size_t i = 0; i < 4; i++) {
    z3_error e1, e2;
    z3_error_init(&e1);
    z3_error_init(&e2);
    z3_rom *a = (z3_rom *)1, *b = (z3_rom *)1;
    z3_status s1 = z3_rom_load(&a, paths[i], &e1), s2 = z3_rom_load_mapped(&b, paths[i], &e2);
    assert_int_not_equal(s1, Z3_OK);
    assert_int_equal(s1, s2);
    assert_null(b);
    assert_string_equal(e1.message, e2.message);
    assert_string_equal(e1.hint, e2.hint);
  }
  free(empty);
  free(small);
  free(missing);
  free(dir);
}

Z3_RUN(cmocka_unit_test(test_rom_mapped__loads_what_a_read_loads),
       cmocka_unit_test(test_rom_mapped__edits_never_reach_the_file_unsaved),
       cmocka_unit_test(test_rom_mapped__resizes_like_a_heap_rom),
       cmocka_unit_test(test_rom_mapped__errors_match_a_read))
