/* zelda3/blockset: the three tables through their operand, the scene sheet rule, tile expansion. */
#include <string.h>

#include "test.h"
#include "zelda3/blockset.h"
#include "zelda3/gfx.h"
#include "zelda3/sample.h"

/* The aux set replaces positions 3-6 only where it is non-zero. */
Z3_TEST(test_blockset__aux_replaces_only_non_zero_positions) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  const uint8_t *d = rom->data.data;
  bool kept = false, replaced = false;
  for (unsigned aux = 0; aux < Z3_BLOCKSET_AUX_COUNT; aux += 5) {
    unsigned main = aux % Z3_BLOCKSET_MAIN_COUNT;
    uint8_t s[8];
    assert_ok(z3_blockset_bg_sheets(rom, main, aux, s, &err), &err);
    for (unsigned p = 0; p < 8; p++) {
      uint8_t a = p >= 3 && p <= 6 ? d[Z3_BLOCKSET_AUX_PC + aux * 4 + p - 3] : 0;
      uint8_t m = d[Z3_BLOCKSET_MAIN_PC + main * 8 + p];
      assert_int_equal(s[p], a ? a : m);
      kept |= p >= 3 && p <= 6 && !a;
      replaced |= a != 0;
    }
  }
  assert_true(kept && replaced); /* the sample exercises both cases */
  z3_rom_free(rom);
}

/* The main table is found through the code operand, not at a fixed place. */
Z3_TEST(test_blockset__main_table_follows_its_operand) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t before[8], after[8];
  assert_ok(z3_blockset_main(rom, 0, before, &err), &err);
  uint8_t moved[] = {0x73 + 8, 0xE0}; /* $00:E07B: the table shifted by one entry */
  memcpy(rom->data.data + Z3_BLOCKSET_MAIN_OPERAND_PC, moved, 2);
  assert_ok(z3_blockset_main(rom, 0, after, &err), &err);
  assert_memory_equal(after, rom->data.data + Z3_BLOCKSET_MAIN_PC + 8, 8);
  uint8_t wild[] = {0x00, 0x00}; /* $00:0000 is WRAM, not ROM */
  memcpy(rom->data.data + Z3_BLOCKSET_MAIN_OPERAND_PC, wild, 2);
  assert_int_equal(z3_blockset_main(rom, 0, after, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "operand at PC 0x6237"));
  z3_rom_free(rom);
}

Z3_TEST(test_blockset__indices_past_the_tables_are_refused) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  uint8_t s[8];
  z3_error_init(&err);
  assert_int_equal(z3_blockset_main(rom, Z3_BLOCKSET_MAIN_COUNT, s, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "main blockset 37"));
  z3_error_init(&err);
  assert_int_equal(z3_blockset_aux(rom, Z3_BLOCKSET_AUX_COUNT, s, &err), Z3_E_NOT_FOUND);
  z3_error_init(&err);
  assert_int_equal(z3_spriteset(rom, Z3_SPRITESET_COUNT, s, &err), Z3_E_NOT_FOUND);
  z3_error_init(&err);
  assert_ok(z3_spriteset(rom, Z3_SPRITESET_COUNT - 1, s, &err), &err);
  assert_memory_equal(s, rom->data.data + Z3_SPRITESET_PC + (Z3_SPRITESET_COUNT - 1) * 4, 4);
  z3_rom_free(rom);
}

/* Underworld sets expand positions 0-3 high; overworld sets 0, 3, 4, 5. */
Z3_TEST(test_blockset__high_positions_per_world) {
  (void)state;
  const bool under[8] = {1, 1, 1, 1, 0, 0, 0, 0}, over[8] = {1, 0, 0, 1, 1, 1, 0, 0};
  for (unsigned p = 0; p < 8; p++) {
    assert_int_equal(z3_blockset_position_high(0x05, p), under[p]);
    assert_int_equal(z3_blockset_position_high(0x20, p), over[p]);
  }
}

/* Scene tiles are the sheets' pixels, +8 where the position is high. */
Z3_TEST(test_scene_tiles__pixels_come_from_the_sheets) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  static z3_scene_tiles scene;
  assert_ok(z3_scene_tiles_load(rom, 0x20, 1, &scene, &err), &err);
  for (unsigned pos = 0; pos < 8; pos++) {
    z3_buf px;
    z3_buf_init(&px);
    z3_sheet_info info;
    assert_ok(z3_gfx_sheet_pixels(rom, scene.sheets[pos], &px, &info, &err), &err);
    bool high = z3_blockset_position_high(0x20, pos), any = false;
    for (unsigned t = 0; t < 64; t += 9) {
      for (unsigned i = 0; i < 64; i++) {
        uint8_t v = px.data[((t / 16) * 8 + i / 8) * 128 + (t % 16) * 8 + i % 8];
        assert_int_equal(scene.px[pos * 64 + t][i], v && high ? v + 8 : v);
        any |= v != 0;
      }
    }
    assert_true(any); /* blank sheets would make this test vacuous */
    z3_buf_release(&px);
  }
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_blockset__aux_replaces_only_non_zero_positions),
       cmocka_unit_test(test_blockset__main_table_follows_its_operand),
       cmocka_unit_test(test_blockset__indices_past_the_tables_are_refused),
       cmocka_unit_test(test_blockset__high_positions_per_world),
       cmocka_unit_test(test_scene_tiles__pixels_come_from_the_sheets))
