/* zelda3/gfx and palettes on the sample ROM: locate, decode, write back, relocate, expand. */
#include <stdlib.h>
#include <string.h>

#include "snes/lz2.h"
#include "test.h"
#include "zelda3/gfx.h"
#include "zelda3/palettes.h"
#include "zelda3/sample.h"

/* The checklist of data reference §4.7, on our own sample. */
Z3_TEST(test_gfx_sample__every_sheet_in_the_vanilla_layout) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_gfx_tables t;
  assert_ok(z3_gfx_find_tables(rom, &t, &err), &err);
  assert_int_equal(t.bank, Z3_GFX_PTR_BANK_PC);
  assert_int_equal(t.low, Z3_GFX_PTR_LOW_PC);
  bool crosses_bank = false;
  for (int i = 0; i < Z3_SHEET_COUNT; i++) {
    z3_sheet_info info;
    assert_ok(z3_gfx_sheet_read(rom, i, &info, NULL, &err), &err);
    assert_int_equal(info.decoded_size, info.size);
    if (info.kind == Z3_SHEET_UNCOMPRESSED_3BPP) {
      assert_int_equal(info.offset, Z3_GFX_UNCOMPRESSED_PC + (size_t)(i - 0x73) * 0x600);
    } else {
      assert_true(info.offset >= Z3_GFX_COMPRESSED_PC && info.offset + info.stored_size <= Z3_GFX_REGION_END_PC);
      crosses_bank |= info.offset / 0x8000 != (info.offset + info.stored_size - 1) / 0x8000;
    }
  }
  assert_true(crosses_bank); /* readers must handle streams across 32 KiB banks */
  z3_sheet_info a, b;
  assert_ok(z3_gfx_sheet_read(rom, 0x71, &a, NULL, &err), &err);
  assert_ok(z3_gfx_sheet_read(rom, 0xDD, &b, NULL, &err), &err);
  assert_int_equal(a.offset, b.offset);
  assert_int_equal(a.alias_of, 0xDD);
  assert_int_equal(a.format, Z3_TILE_2BPP);
  z3_rom_free(rom);
}

Z3_TEST(test_gfx_write__same_pixels_leave_the_rom_identical) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = malloc(rom->data.len);
  memcpy(before, rom->data.data, rom->data.len);
  z3_error err;
  z3_error_init(&err);
  for (int i = 0; i < Z3_SHEET_COUNT; i += 17) {
    z3_buf px;
    z3_buf_init(&px);
    z3_sheet_info info;
    assert_ok(z3_gfx_sheet_pixels(rom, i, &px, &info, &err), &err);
    z3_sheet_write_result res;
    assert_ok(z3_gfx_sheet_set_pixels(rom, i, px.data, px.len, &res, &err), &err);
    assert_false(res.moved);
    z3_buf_release(&px);
  }
  /* the sample was made by the same optimal encoder, so even the bytes match */
  assert_memory_equal(rom->data.data, before, rom->data.len);
  free(before);
  z3_rom_free(rom);
}

/* Noise does not compress: the sheet must move, its pointer (and nothing else) follow. */
Z3_TEST(test_gfx_write__growing_sheet_moves_to_free_space) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(2u << 20, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_sheet_info old, next_before, next_after;
  assert_ok(z3_gfx_sheet_read(rom, 0x10, &old, NULL, &err), &err);
  assert_ok(z3_gfx_sheet_read(rom, 0x11, &next_before, NULL, &err), &err);
  uint8_t noise[0x600];
  z3_test_fill_random(noise, sizeof noise, 42);
  z3_sheet_write_result res;
  assert_ok(z3_gfx_sheet_write(rom, 0x10, noise, sizeof noise, &res, &err), &err);
  assert_true(res.moved);
  assert_true(res.new_offset >= 0x100000);
  z3_buf back;
  z3_buf_init(&back);
  z3_sheet_info now;
  assert_ok(z3_gfx_sheet_read(rom, 0x10, &now, &back, &err), &err);
  assert_int_equal(now.offset, res.new_offset);
  assert_memory_equal(back.data, noise, sizeof noise);
  assert_ok(z3_gfx_sheet_read(rom, 0x11, &next_after, NULL, &err), &err);
  assert_int_equal(next_after.offset, next_before.offset);
  z3_buf_release(&back);
  z3_rom_free(rom);
}

Z3_TEST(test_gfx_write__alias_follows_a_moved_sheet) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(2u << 20, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t noise[0x800];
  z3_test_fill_random(noise, sizeof noise, 7);
  z3_sheet_write_result res;
  assert_ok(z3_gfx_sheet_write(rom, 0xDD, noise, sizeof noise, &res, &err), &err);
  assert_true(res.moved);
  assert_int_equal(res.aliases_updated, 1);
  z3_sheet_info alias;
  assert_ok(z3_gfx_sheet_read(rom, 0x71, &alias, NULL, &err), &err);
  assert_int_equal(alias.offset, res.new_offset);
  z3_rom_free(rom);
}

Z3_TEST(test_gfx_write__no_room_is_a_clear_error) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  /* fill every vanilla free block so nothing is left */
  for (size_t i = 0; i < z3_vanilla_free_count; i++) rom->data.data[z3_vanilla_free[i].pc] = 0x42;
  uint8_t noise[0x600];
  z3_test_fill_random(noise, sizeof noise, 3);
  size_t changes = rom->change_count;
  assert_int_equal(z3_gfx_sheet_write(rom, 0x20, noise, sizeof noise, NULL, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.hint, "rom expand"));
  assert_int_equal(rom->change_count, changes); /* nothing written */
  z3_error_init(&err);
  assert_int_equal(z3_gfx_sheet_write(rom, 0x20, noise, 10, NULL, &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_int_equal(z3_gfx_sheet_read(rom, 223, &(z3_sheet_info){0}, NULL, &err), Z3_E_NOT_FOUND);
  z3_rom_free(rom);
}

Z3_TEST(test_gfx_read__corrupt_stream_names_the_offset) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_sheet_info info;
  assert_ok(z3_gfx_sheet_read(rom, 0x05, &info, NULL, &err), &err);
  /* a copy command pointing at the output's own end */
  uint8_t bad[3] = {0x80, 0xFF, 0xFF};
  memcpy(rom->data.data + info.offset, bad, sizeof bad);
  assert_int_equal(z3_gfx_sheet_read(rom, 0x05, &info, NULL, &err), Z3_E_INVALID);
  assert_int_equal(err.offset, (int64_t)info.offset);
  z3_rom_free(rom);
}

Z3_TEST(test_rom_expand__header_checksum_and_free_space) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  size_t at;
  assert_ok(z3_rom_expand(rom, 2u << 20, &err), &err);
  assert_int_equal(rom->data.len, 2u << 20);
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  assert_int_equal(h.rom_size_code, 0x0B);
  assert_true(z3_rom_checksum_ok(rom));
  assert_ok(z3_rom_find_free(rom, 0x8000, &at, &err), &err);
  assert_true(at >= 0x150000 && at < 0x1E0000); /* never in the ranges editors reserve */
  assert_int_equal(z3_rom_expand(rom, 1u << 20, &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_int_equal(z3_rom_expand(rom, 3u << 20, &err), Z3_E_INVALID);
  z3_rom_free(rom);
}

Z3_TEST(test_palette__read_write_every_copy) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  const z3_palette_group *grass = z3_palette_group_find("grass");
  assert_non_null(grass);
  assert_ok(z3_palette_write_color(rom, grass, 0, 0, 0x1234, &err), &err);
  size_t at[Z3_PALETTE_MAX_COPIES];
  int n = z3_palette_color_offsets(grass, 0, 0, at);
  assert_int_equal(n, 3);
  for (int i = 0; i < n; i++) assert_int_equal(rom->data.data[at[i]] | rom->data.data[at[i] + 1] << 8, 0x1234);
  const z3_palette_group *ow = z3_palette_group_find("ow_main");
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  assert_ok(z3_palette_read(rom, ow, 5, colors, &err), &err);
  assert_int_equal(z3_palette_color_offsets(ow, 5, 34, at), 1);
  assert_int_equal(at[0], 0xDE6C8 + (5 * 35 + 34) * 2);
  assert_int_equal(z3_palette_read(rom, ow, 6, colors, &err), Z3_E_NOT_FOUND);
  z3_error_init(&err);
  assert_int_equal(z3_palette_write_color(rom, ow, 0, 0, 0x8000, &err), Z3_E_INVALID);
  assert_string_equal(z3_palette_group_suggest("ow_mian"), "ow_main");
  z3_rom_free(rom);
}

Z3_TEST(test_gfx_real__every_sheet_round_trips) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  uint8_t *before = malloc(rom->data.len);
  memcpy(before, rom->data.data, rom->data.len);
  for (int i = 0; i < Z3_SHEET_COUNT; i++) {
    z3_sheet_info info;
    z3_buf raw, again;
    z3_buf_init(&raw);
    z3_buf_init(&again);
    assert_ok(z3_gfx_sheet_read(rom, i, &info, &raw, &err), &err);
    if (info.kind != Z3_SHEET_UNCOMPRESSED_3BPP) { /* re-encoding decodes identically */
      z3_buf packed;
      z3_buf_init(&packed);
      assert_ok(z3_lz2_compress(&packed, raw.data, raw.len, Z3_LZ2_GRAPHICS, Z3_LZ2_OPTIMAL, &err), &err);
      assert_true(packed.len <= info.stored_size);
      assert_ok(z3_lz2_decompress(&again, packed.data, packed.len, Z3_LZ2_GRAPHICS, 0, NULL, &err), &err);
      assert_int_equal(again.len, raw.len);
      assert_memory_equal(again.data, raw.data, raw.len);
      z3_buf_release(&packed);
    }
    z3_buf px;
    z3_buf_init(&px);
    z3_sheet_write_result res;
    assert_ok(z3_gfx_sheet_pixels(rom, i, &px, &info, &err), &err); /* export, then import */
    assert_ok(z3_gfx_sheet_set_pixels(rom, i, px.data, px.len, &res, &err), &err);
    z3_buf_release(&px);
    z3_buf_release(&raw);
    z3_buf_release(&again);
  }
  assert_memory_equal(rom->data.data, before, rom->data.len);
  free(before);
  z3_rom_free(rom);
}

/* The expanded area, minus the ranges other editors reserve, per ROM size. */
Z3_TEST(test_expanded_free_ranges__skip_what_editors_reserve) {
  (void)state;
  z3_free_range r[4];
  assert_int_equal(z3_expanded_free_ranges(1u << 20, r, 4), 0);
  assert_int_equal(z3_expanded_free_ranges(0x180000, r, 4), 1);
  assert_int_equal(r[0].from, 0x150000);
  assert_int_equal(r[0].to, 0x180000);
  assert_int_equal(z3_expanded_free_ranges(4u << 20, r, 4), 2);
  assert_int_equal(r[0].to, 0x1E0000);
  assert_int_equal(r[1].from, 0x200000);
  assert_int_equal(r[1].to, 4u << 20);
  assert_int_equal(z3_expanded_free_ranges(4u << 20, r, 1), 1); /* never more than asked */
}

Z3_RUN(cmocka_unit_test(test_expanded_free_ranges__skip_what_editors_reserve),
       cmocka_unit_test(test_gfx_sample__every_sheet_in_the_vanilla_layout),
       cmocka_unit_test(test_gfx_write__same_pixels_leave_the_rom_identical),
       cmocka_unit_test(test_gfx_write__growing_sheet_moves_to_free_space),
       cmocka_unit_test(test_gfx_write__alias_follows_a_moved_sheet),
       cmocka_unit_test(test_gfx_write__no_room_is_a_clear_error),
       cmocka_unit_test(test_gfx_read__corrupt_stream_names_the_offset),
       cmocka_unit_test(test_rom_expand__header_checksum_and_free_space),
       cmocka_unit_test(test_palette__read_write_every_copy), cmocka_unit_test(test_gfx_real__every_sheet_round_trips))
