/* zelda3/gfx repack: streams back to back in sheet order, pixels unchanged, free space given back. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/gfx.h"

typedef struct snapshot {
  z3_buf raw[Z3_SHEET_COUNT];
} snapshot;

static void take(const z3_rom *rom, snapshot *s) {
  z3_error err;
  z3_error_init(&err);
  for (int i = 0; i < Z3_SHEET_COUNT; i++) {
    z3_sheet_info info;
    z3_buf_init(&s->raw[i]);
    assert_ok(z3_gfx_sheet_read(rom, i, &info, &s->raw[i], &err), &err);
  }
}

static void same_sheets(const z3_rom *rom, snapshot *before) {
  snapshot after;
  take(rom, &after);
  for (int i = 0; i < Z3_SHEET_COUNT; i++) {
    assert_int_equal(after.raw[i].len, before->raw[i].len);
    assert_memory_equal(after.raw[i].data, before->raw[i].data, after.raw[i].len);
    z3_buf_release(&after.raw[i]);
    z3_buf_release(&before->raw[i]);
  }
}

static int by_offset(const void *a, const void *b) {
  const z3_sheet_info *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Every compressed stream lies in the region, the next one right after it, then $FF. */
static void packed_back_to_back(const z3_rom *rom, size_t bytes_free) {
  static z3_sheet_info s[Z3_SHEET_COUNT];
  int n = 0;
  z3_error err;
  z3_error_init(&err);
  for (int i = 0; i < Z3_SHEET_COUNT; i++) {
    if (z3_sheet_kind_of(i) == Z3_SHEET_UNCOMPRESSED_3BPP) continue;
    assert_ok(z3_gfx_sheet_read(rom, i, &s[n], NULL, &err), &err);
    if (s[n].alias_of < 0 || s[n].alias_of > i) n++; /* shared data once */
  }
  qsort(s, (size_t)n, sizeof *s, by_offset);
  size_t at = Z3_GFX_COMPRESSED_PC;
  for (int i = 0; i < n; i++) {
    assert_int_equal(s[i].offset, at);
    at += s[i].stored_size;
  }
  assert_int_equal(Z3_GFX_REGION_END_PC - at, bytes_free);
  for (; at < Z3_GFX_REGION_END_PC; at++) assert_int_equal(rom->data.data[at], 0xFF);
}

Z3_TEST(test_gfx_repack__packed_rom_is_left_alone) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_repack_result res;
  assert_ok(z3_gfx_repack(rom, &res, &err), &err);
  assert_int_equal(rom->change_count, 0);
  assert_int_equal(res.sheets_moved, 0);
  assert_int_equal(res.unreferenced, 0);
  packed_back_to_back(rom, res.bytes_free);
  z3_rom_free(rom);
}

/* Two sheets grow and move out (one with an alias); repacking brings them
 * back, reclaims their dead bytes and frees where they had gone. */
Z3_TEST(test_gfx_repack__moved_sheets_come_back_and_pixels_stay) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(2u << 20, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t noise[0x800];
  z3_test_fill_random(noise, sizeof noise, 99);
  z3_sheet_write_result a, b;
  assert_ok(z3_gfx_sheet_write(rom, 0x10, noise, 0x600, &a, &err), &err);
  assert_ok(z3_gfx_sheet_write(rom, 0xDD, noise, 0x800, &b, &err), &err);
  assert_true(a.moved && b.moved);
  static snapshot before;
  take(rom, &before);
  z3_repack_result res;
  assert_ok(z3_gfx_repack(rom, &res, &err), &err);
  assert_int_equal(res.brought_back, 2);
  assert_true(res.sheets_moved >= 3); /* 0x10, 0xDD and its alias 0x71, and what followed them */
  assert_true(res.unreferenced > 0);  /* the two dead streams */
  same_sheets(rom, &before);
  packed_back_to_back(rom, res.bytes_free);
  for (size_t i = 0; i < a.new_stored_size; i++) assert_int_equal(rom->data.data[a.new_offset + i], 0xFF);
  for (size_t i = 0; i < b.new_stored_size; i++) assert_int_equal(rom->data.data[b.new_offset + i], 0xFF);
  size_t changes = rom->change_count;
  assert_ok(z3_gfx_repack(rom, &res, &err), &err); /* again: nothing left to do */
  assert_int_equal(rom->change_count, changes);
  z3_rom_free(rom);
}

/* An LC_LZ2 stream of exactly `len` bytes (the $FF end included) decoding to
 * 0x600 bytes: direct copies of up to 32 bytes (n + 1 stream bytes each) for
 * the first x output bytes, byte fills (2 each) for the rest. */
static void stream_of_length(uint8_t *out, size_t len) {
  for (size_t x = 0; x <= 0x600; x++) {
    size_t r = 0x600 - x, cost = x + (x + 31) / 32 + 2 * ((r + 31) / 32) + 1;
    if (cost != len) continue;
    size_t at = 0;
    for (size_t done = 0; done < x; done += 32) {
      size_t k = x - done < 32 ? x - done : 32;
      out[at++] = (uint8_t)(k - 1);
      for (size_t j = 0; j < k; j++) out[at++] = (uint8_t)(done + j);
    }
    for (size_t done = 0; done < r; done += 32) {
      size_t k = r - done < 32 ? r - done : 32;
      out[at++] = (uint8_t)(0x20 | (k - 1));
      out[at++] = 0x5A;
    }
    out[at] = 0xFF;
    return;
  }
  fail_msg("no stream of %zu bytes", len);
}

/* Sheet 0x10 comes back exactly as long as its old stream and 0x11's together,
 * so 0x11's new place is 0x12's old address: each sheet must still follow its
 * own stream. */
Z3_TEST(test_gfx_repack__a_new_place_that_was_another_streams_address) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(2u << 20, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_sheet_info a, b, c;
  assert_ok(z3_gfx_sheet_read(rom, 0x10, &a, NULL, &err), &err);
  assert_ok(z3_gfx_sheet_read(rom, 0x11, &b, NULL, &err), &err);
  assert_ok(z3_gfx_sheet_read(rom, 0x12, &c, NULL, &err), &err);
  assert_int_equal(b.offset, a.offset + a.stored_size); /* packed in sheet order */
  assert_int_equal(c.offset, b.offset + b.stored_size);
  size_t len = a.stored_size + b.stored_size, at;
  uint8_t *grown = malloc(len);
  stream_of_length(grown, len);
  assert_ok(z3_rom_find_free(rom, len, &at, &err), &err);
  assert_ok(z3_rom_write(rom, at, grown, len, "test: 0x10 elsewhere", &err), &err);
  z3_gfx_tables t;
  uint32_t addr;
  assert_ok(z3_gfx_find_tables(rom, &t, &err), &err);
  assert_ok(z3_rom_to_snes(rom, at, &addr, &err), &err);
  rom->data.data[t.bank + 0x10] = (uint8_t)(addr >> 16);
  rom->data.data[t.high + 0x10] = (uint8_t)(addr >> 8);
  rom->data.data[t.low + 0x10] = (uint8_t)addr;
  static snapshot before;
  take(rom, &before);
  assert_int_equal(before.raw[0x10].len, 0x600);
  z3_repack_result res;
  assert_ok(z3_gfx_repack(rom, &res, &err), &err);
  z3_sheet_info moved;
  assert_ok(z3_gfx_sheet_read(rom, 0x11, &moved, NULL, &err), &err);
  assert_int_equal(moved.offset, c.offset); /* the case this test is about */
  same_sheets(rom, &before);
  packed_back_to_back(rom, res.bytes_free);
  free(grown);
  z3_rom_free(rom);
}

Z3_TEST(test_gfx_repack__too_much_data_is_refused_and_nothing_changes) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(2u << 20, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t noise[0x600];
  for (int i = 0, n = 0; n < 120; i++) { /* noise does not compress: ~1.5 KiB each */
    if (z3_sheet_kind_of(i) != Z3_SHEET_COMPRESSED_3BPP) continue;
    n++;
    z3_test_fill_random(noise, sizeof noise, (uint64_t)i);
    assert_ok(z3_gfx_sheet_write(rom, i, noise, sizeof noise, NULL, &err), &err);
  }
  uint8_t *copy = malloc(rom->data.len);
  memcpy(copy, rom->data.data, rom->data.len);
  size_t changes = rom->change_count;
  z3_repack_result res;
  assert_int_equal(z3_gfx_repack(rom, &res, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "the graphics region"));
  assert_int_equal(rom->change_count, changes);
  assert_memory_equal(rom->data.data, copy, rom->data.len);
  free(copy);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_gfx_repack__packed_rom_is_left_alone),
       cmocka_unit_test(test_gfx_repack__moved_sheets_come_back_and_pixels_stay),
       cmocka_unit_test(test_gfx_repack__a_new_place_that_was_another_streams_address),
       cmocka_unit_test(test_gfx_repack__too_much_data_is_refused_and_nothing_changes))
