/* The overworld on generated ROMs with the expanded tile16 and tile32 tables
 * (layout_gen.h): read, edit, save, re-read; and a vanilla ROM's saves never
 * write the bytes that flag an expanded layout. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/layouts.h"
#include "zelda3/overworld.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000, POISON = 0xEE };

typedef struct range { size_t from, to; } range;

static uint8_t *copy_of(const z3_rom *rom) {
  uint8_t *c = malloc(rom->data.len);
  memcpy(c, rom->data.data, rom->data.len);
  return c;
}

/* Every byte that differs lies in one of the ranges; returns how many differ. */
static size_t diff_within(const uint8_t *before, const z3_rom *rom, const range *ok, size_t n) {
  size_t changed = 0;
  for (size_t i = 0; i < rom->data.len; i++) {
    if (before[i] == rom->data.data[i]) continue;
    changed++;
    bool allowed = false;
    for (size_t k = 0; k < n && !allowed; k++) allowed = i >= ok[k].from && i < ok[k].to;
    if (!allowed) fail_msg("byte 0x%zX changed outside the expected structures", i);
  }
  return changed;
}


/* A 2 MiB sample with the chosen tables expanded; the vanilla tile16 table is
 * overwritten afterwards so that reading it by mistake shows. */
static z3_rom *expanded_rom(bool tile16, bool tile32) {
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  if (tile16) {
    gen_layout(rom->data.data, Z3_LAYOUT_TILE16);
    memset(rom->data.data + Z3_OW_TILE16_PC, POISON, Z3_OW_TILE16_COUNT * 8);
  }
  if (tile32) gen_layout(rom->data.data, Z3_LAYOUT_TILE32);
  return rom;
}

static void assert_same_world(const z3_overworld *a, const z3_overworld *b) {
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) assert_memory_equal(a->areas[id].map32, b->areas[id].map32, 512);
  assert_memory_equal(a->tile16, b->tile16, Z3_OW_TILE16_COUNT * sizeof *a->tile16);
  assert_memory_equal(a->tile32, b->tile32, Z3_OW_TILE32_COUNT * sizeof *a->tile32);
}

/* Each expansion alone and both together read the same world as the vanilla
 * sample, with the larger tables; the added definitions are empty. */
Z3_TEST(test_ow_expanded__reads_the_same_world_from_the_moved_tables) {
  (void)state;
  z3_rom *vanilla_rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_overworld *vanilla = test_ow_load(vanilla_rom);
  assert_int_equal(vanilla->tile16_count, Z3_OW_TILE16_COUNT);
  assert_int_equal(vanilla->tile32_count, Z3_OW_TILE32_COUNT);
  for (int k = 1; k <= 3; k++) {
    bool t16 = k & 1, t32 = k & 2;
    z3_rom *rom = expanded_rom(t16, t32);
    z3_overworld *ow = test_ow_load(rom);
    assert_int_equal(ow->tile16_count, t16 ? 4096 : 3752);
    assert_int_equal(ow->tile16_pc, t16 ? 0x1E8000 : 0x78000);
    assert_int_equal(ow->tile32_count, t32 ? 17728 : 8864);
    assert_int_equal(ow->tile32_pc[2], t32 ? 0x1F0000 : 0x20000);
    assert_same_world(vanilla, ow);
    if (t32) {
      z3_ow_tile32 zero = {0};
      assert_memory_equal(ow->tile32[Z3_OW_TILE32_EXPANDED_COUNT - 1], zero, sizeof zero);
    }
    z3_ow_free(ow);
    z3_rom_free(rom);
  }
  z3_ow_free(vanilla);
  z3_rom_free(vanilla_rom);
}

static const range expanded_writes[] = {
    {0x58000, 0x5FE70}, {0x60000, 0x6411F}, {0x1794D, 0x1794D + 480}, {0x17B2D, 0x17B2D + 480}, /* maps */
    {0x18000, 0x18000 + 0x67E0}, {0x20000, 0x20000 + 0x67E0}, {0x1F0000, 0x1F67E0}, {0x1F8000, 0x1FE7E0},
    {0x1E8000, 0x1F0000},
};

/* Ids only the expanded tables have: a tile16 past 3751 and a tile32 past
 * 8863 are set, saved into the expanded tables only, and read back. */
Z3_TEST(test_ow_expanded__edit_saves_into_the_expanded_tables_and_rereads) {
  (void)state;
  z3_rom *rom = expanded_rom(true, true);
  z3_error err;
  z3_error_init(&err);
  uint8_t *before = copy_of(rom);
  z3_overworld *ow = test_ow_load(rom);
  const uint16_t t16 = 0xFA0, t32 = 0x3000; /* 4000 < 4096, 12288 < 17728 */
  ow->tile16[t16][0] = 0x0123, ow->tile16[t16][3] = 0x4567;
  ow->tile16_dirty = true;
  assert_ok(z3_ow_set_tile32(ow, 0x2C, 3, 4, t32, &err), &err);
  assert_ok(z3_ow_set_tile16(ow, 0x1B, 40, 41, t16, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_true(diff_within(before, rom, expanded_writes, sizeof expanded_writes / sizeof expanded_writes[0]) > 0);
  assert_int_equal(rom->data.data[0x1E8000 + t16 * 8], 0x23); /* tile16 0xFA0 at $3D:8000 + 8 * 0xFA0 */
  z3_layouts found;
  z3_layouts_detect(rom, &found);
  assert_int_equal(found.count, 2); /* still the same two layouts */
  z3_overworld *again = test_ow_load(rom);
  uint16_t got;
  assert_ok(z3_ow_get_tile32(again, 0x2C, 3, 4, &got, &err), &err);
  assert_int_equal(got, t32);
  assert_ok(z3_ow_get_tile16(again, 0x1B, 40, 41, &got, &err), &err);
  assert_int_equal(got, t16);
  assert_int_equal(again->tile16[t16][3], 0x4567);
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) assert_memory_equal(again->areas[id].map32, ow->areas[id].map32, 512);
  assert_memory_equal(again->tile32, ow->tile32, Z3_OW_TILE32_EXPANDED_COUNT * sizeof *ow->tile32);
  /* an unchanged model saves nothing, whatever was marked dirty */
  size_t changes = rom->change_count;
  again->tile16_dirty = again->tile32_dirty = true;
  assert_ok(z3_ow_save(again, rom, &err), &err);
  assert_int_equal(rom->change_count, changes);
  z3_ow_free(again);
  z3_ow_free(ow);
  free(before);
  z3_rom_free(rom);
}

/* The ids past the vanilla tables stay refused on a vanilla ROM. */
Z3_TEST(test_ow_expanded__vanilla_rom_keeps_vanilla_limits) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = test_ow_load(rom);
  assert_int_equal(z3_ow_set_tile16(ow, 0x1B, 40, 41, 0xFA0, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "past the 3752 definitions"));
  z3_error_init(&err);
  assert_int_equal(z3_ow_set_tile32(ow, 0x2C, 3, 4, 0x3000, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "past the 8864 definitions"));
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* A 1 MiB file flagged expanded cannot hold the tables: refused, naming why. */
Z3_TEST(test_ow_expanded__short_file_is_refused) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  rom->data.data[0x1772E] = 0x3E;
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = NULL;
  assert_int_equal(z3_ow_load(&ow, rom, &err), Z3_E_INVALID);
  assert_null(ow);
  assert_non_null(strstr(err.message, "expanded tile32 tables, shown by byte 0x3E at 0x1772E"));
  assert_non_null(strstr(err.message, "past the end of this 1024 KiB image"));
  assert_int_equal(err.offset, 0x1772E);
  z3_rom_free(rom);
}

static const size_t flag_bytes[] = {0x17D28, 0x17D39, 0x1772E, 0xDB895, 0x7F000, 0x7F001, 0x77676, 0x56652,
                                    0x0B5DD, 0x0B5DE, 0x0B5DF, 0x140145, 0x1423FF};

/* Edits that rewrite tile32 definitions, move map streams into free space and
 * rewrite every list leave every detection byte as it was. */
Z3_TEST(test_ow_expanded__vanilla_saves_never_touch_detection_bytes) {
  (void)state;
  const size_t sizes[] = {0, EXPANDED_SIZE};
  for (size_t s = 0; s < 2; s++) {
    z3_rom *rom = z3_test_sample_rom(sizes[s], Z3_MAP_LOROM);
    z3_error err;
    z3_error_init(&err);
    uint8_t *before = copy_of(rom);
    z3_overworld *ow = test_ow_load(rom);
    for (int i = 0; i < 40; i++) assert_ok(z3_ow_set_tile16(ow, 0x00, i, i % 32, (uint16_t)(100 + i * 7), &err), &err);
    for (int id = 0; id < 0x80; id += 3) {
      for (int i = 0; i < 256; i++) ow->areas[id].map32[i] = (uint16_t)((i * 37 + id) % 251); /* compresses badly */
      ow->areas[id].map_dirty = true;
    }
    for (int st = 0; st < Z3_OW_STATES; st++)
      for (int i = 0; i < z3_ow_sprite_list_count(st); i++) ow->sprites[st][i].dirty = true;
    ow->tile16_dirty = true;
    assert_ok(z3_ow_save(ow, rom, &err), &err);
    assert_true(rom->change_count > 0);
    for (size_t i = 0; i < sizeof flag_bytes / sizeof flag_bytes[0]; i++)
      if (flag_bytes[i] < rom->data.len) assert_int_equal(rom->data.data[flag_bytes[i]], before[flag_bytes[i]]);
    z3_layouts found;
    z3_layouts_detect(rom, &found);
    assert_int_equal(found.count, 0);
    z3_ow_free(ow);
    free(before);
    z3_rom_free(rom);
  }
}

/* Tile16 #0xE00 holds ZScream's dungeon-entrance flag in the vanilla layout:
 * a definition that would raise it is refused and nothing is written; in the
 * expanded layout the same definition is ordinary data. */
Z3_TEST(test_ow_expanded__tile16_that_would_flag_dungeon_entrances_is_refused) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = test_ow_load(rom);
  ow->tile16[0xE00][0] = 0x0155; /* high byte 0x01 lands on 0x7F001 */
  ow->tile16_dirty = true;
  assert_int_equal(z3_ow_save(ow, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "tile16 0xE00"));
  assert_non_null(strstr(err.message, "expanded dungeon entrances"));
  assert_int_equal(rom->change_count, 0);
  z3_ow_free(ow);
  z3_rom_free(rom);

  rom = expanded_rom(true, false);
  ow = test_ow_load(rom);
  ow->tile16[0xE00][0] = 0x0155;
  ow->tile16_dirty = true;
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->data.data[0x1E8000 + 0xE00 * 8 + 1], 0x01);
  assert_int_equal(rom->data.data[0x7F001], POISON);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_ow_expanded__reads_the_same_world_from_the_moved_tables),
       cmocka_unit_test(test_ow_expanded__edit_saves_into_the_expanded_tables_and_rereads),
       cmocka_unit_test(test_ow_expanded__vanilla_rom_keeps_vanilla_limits),
       cmocka_unit_test(test_ow_expanded__short_file_is_refused),
       cmocka_unit_test(test_ow_expanded__vanilla_saves_never_touch_detection_bytes),
       cmocka_unit_test(test_ow_expanded__tile16_that_would_flag_dungeon_entrances_is_refused))
