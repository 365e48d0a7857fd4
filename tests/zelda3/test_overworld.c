/* zelda3/overworld on the sample ROM: load, byte-identical save, edits touch only their structures. */
#include <stdlib.h>
#include <string.h>

#include "snes/lz2.h"
#include "test.h"
#include "zelda3/gfx.h"
#include "zelda3/overworld.h"
#include "zelda3/sample.h"

static uint8_t *copy_of(const z3_rom *rom) {
  uint8_t *c = malloc(rom->data.len);
  memcpy(c, rom->data.data, rom->data.len);
  return c;
}

typedef struct range { size_t from, to; } range;

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

Z3_TEST(test_overworld_load__sample_has_every_area_and_a_large_one) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  /* the layout tables agree: 0x1B is a large area with children +1, +8, +9 */
  assert_true(ow->areas[0x1B].large);
  assert_int_equal(ow->areas[0x24].parent, 0x1B);
  assert_int_equal(ow->areas[0x5C].parent, 0x5B);
  assert_false(ow->areas[0x2C].large);
  assert_int_equal(z3_ow_area_tile16_side(ow, 0x1B), 64);
  assert_int_equal(z3_ow_area_tile16_side(ow, 0x24), 32);
  /* the map decodes the same as decompressing the streams by hand */
  size_t hi_pc, lo_pc;
  const uint8_t *d = rom->data.data;
  uint32_t hi = d[Z3_OW_MAP_HIGH_PTR_PC + 6] | d[Z3_OW_MAP_HIGH_PTR_PC + 7] << 8 | (uint32_t)d[Z3_OW_MAP_HIGH_PTR_PC + 8] << 16;
  uint32_t lo = d[Z3_OW_MAP_LOW_PTR_PC + 6] | d[Z3_OW_MAP_LOW_PTR_PC + 7] << 8 | (uint32_t)d[Z3_OW_MAP_LOW_PTR_PC + 8] << 16;
  assert_ok(z3_rom_to_pc(rom, hi, &hi_pc, &err), &err);
  assert_ok(z3_rom_to_pc(rom, lo, &lo_pc, &err), &err);
  z3_buf h, l;
  z3_buf_init(&h);
  z3_buf_init(&l);
  assert_ok(z3_lz2_decompress(&h, d + hi_pc, 0x1000, Z3_LZ2_OVERWORLD, 0, NULL, &err), &err);
  assert_ok(z3_lz2_decompress(&l, d + lo_pc, 0x1000, Z3_LZ2_OVERWORLD, 0, NULL, &err), &err);
  assert_int_equal(h.len, 256);
  for (int i = 0; i < 256; i++) assert_int_equal(ow->areas[2].map32[i], h.data[i] << 8 | l.data[i]);
  assert_true(ow->areas[2].map32[0] >= 0x100); /* the high stream carries real bits */
  z3_buf_release(&h);
  z3_buf_release(&l);
  /* tile16 of a tile32 follows the quadrant packing */
  uint16_t t32, t16;
  assert_ok(z3_ow_get_tile32(ow, 0x1B, 17, 3, &t32, &err), &err);
  assert_int_equal(t32, ow->areas[0x1C].map32[3 * 16 + 1]);
  assert_ok(z3_ow_get_tile16(ow, 0x1B, 35, 7, &t16, &err), &err);
  assert_int_equal(t16, ow->tile32[t32][3]);
  /* lists */
  z3_ow_list *l0;
  assert_ok(z3_ow_sprite_list(ow, 0, 0x09, &l0, &err), &err); /* a child names its parent's list */
  assert_ptr_equal(l0, &ow->sprites[0][0]);
  assert_true(l0->count >= 2);
  assert_int_equal(z3_ow_sprite_list(ow, 0, 0x40, &l0, &err), Z3_E_NOT_FOUND);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_TEST(test_overworld_save__unchanged_model_writes_nothing) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t *before = copy_of(rom);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  /* marking everything dirty re-encodes it all: still the same bytes where it stays in place */
  ow->tile16_dirty = ow->tile32_dirty = true;
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++) ow->sprites[s][i].dirty = true;
  for (int i = 0; i < Z3_OW_LIST_AREAS; i++) ow->items[i].dirty = true, ow->areas[i].props_dirty = true;
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_memory_equal(before, rom->data.data, rom->data.len);
  z3_ow_free(ow);
  free(before);
  z3_rom_free(rom);
}

static const range map_ranges[] = {
    {0x58000, 0x5FE70}, {0x60000, 0x6411F}, {0x1794D, 0x1794D + 480}, {0x17B2D, 0x17B2D + 480},
    {0x18000, 0x18000 + 0x33F0}, {0x1B400, 0x1B400 + 0x33F0}, {0x20000, 0x20000 + 0x33F0}, {0x23400, 0x23400 + 0x33F0},
};

Z3_TEST(test_overworld_set_tile__changes_only_map_structures_and_reloads) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t *before = copy_of(rom);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  uint16_t old16;
  assert_ok(z3_ow_get_tile16(ow, 0x1B, 40, 41, &old16, &err), &err);
  uint16_t want = (uint16_t)(old16 == 0x123 ? 0x124 : 0x123);
  assert_ok(z3_ow_set_tile16(ow, 0x1B, 40, 41, want, &err), &err);
  assert_ok(z3_ow_set_tile32(ow, 0x2C, 3, 4, 0x0042, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_true(diff_within(before, rom, map_ranges, sizeof map_ranges / sizeof map_ranges[0]) > 0);
  assert_non_null(strstr(rom->changes[0].reason, "area 0x1B tile16 (40,41)"));
  z3_overworld *again;
  assert_ok(z3_ow_load(&again, rom, &err), &err);
  uint16_t got;
  assert_ok(z3_ow_get_tile16(again, 0x1B, 40, 41, &got, &err), &err);
  assert_int_equal(got, want);
  assert_ok(z3_ow_get_tile16(again, 0x1B, 41, 41, &got, &err), &err); /* its neighbour kept its value */
  uint16_t neighbour;
  assert_ok(z3_ow_get_tile16(ow, 0x1B, 41, 41, &neighbour, &err), &err);
  assert_int_equal(got, neighbour);
  assert_ok(z3_ow_get_tile32(again, 0x2C, 3, 4, &got, &err), &err);
  assert_int_equal(got, 0x42);
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) /* every other screen unchanged */
    if (id != 0x24 && id != 0x2C) assert_memory_equal(again->areas[id].map32, ow->areas[id].map32, 512);
  z3_ow_free(again);
  z3_ow_free(ow);
  free(before);
  z3_rom_free(rom);
}

Z3_TEST(test_overworld_save__grown_map_moves_and_repoints) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t *before = copy_of(rom);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  size_t old_pc = ow->areas[0x2C].low.pc;
  for (int i = 0; i < 256; i++) ow->areas[0x2C].map32[i] = (uint16_t)((i * 37 + 11) % 251); /* compresses badly */
  ow->areas[0x2C].map_dirty = true;
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_not_equal(ow->areas[0x2C].low.pc, old_pc);
  diff_within(before, rom, map_ranges, sizeof map_ranges / sizeof map_ranges[0]);
  /* the old bytes of other screens are untouched: every other screen decodes as before */
  z3_overworld *again;
  assert_ok(z3_ow_load(&again, rom, &err), &err);
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) assert_memory_equal(again->areas[id].map32, ow->areas[id].map32, 512);
  z3_ow_free(again);
  z3_ow_free(ow);
  free(before);
  z3_rom_free(rom);
}

/* Every screen made incompressible: the map regions overflow, streams go to free space,
 * and when that is gone too the save fails with a message instead of overwriting. */
Z3_TEST(test_overworld_save__overflowing_maps_use_free_space_then_fail_cleanly) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  uint32_t x = 12345;
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    for (int i = 0; i < 256; i++) x = x * 1103515245u + 12345u, ow->areas[id].map32[i] = (uint16_t)((x >> 16) % 0x2000);
    ow->areas[id].map_dirty = true;
  }
  z3_status st = z3_ow_save(ow, rom, &err);
  bool outside = false;
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    size_t pc = ow->areas[id].low.pc;
    outside |= !(pc >= 0x58000 && pc < 0x5FE70) && !(pc >= 0x60000 && pc < 0x6411F);
  }
  if (st == Z3_OK) {
    assert_true(outside);
    z3_overworld *again;
    assert_ok(z3_ow_load(&again, rom, &err), &err);
    for (int id = 0; id < Z3_OW_AREA_COUNT; id++) assert_memory_equal(again->areas[id].map32, ow->areas[id].map32, 512);
    z3_ow_free(again);
  } else {
    assert_int_equal(st, Z3_E_NOT_FOUND);
    assert_non_null(strstr(err.message, "map-data banks are full: no free space"));
    assert_non_null(strstr(err.hint, "rom expand"));
  }
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* Streams that overflow into an expanded ROM's free space stay inside one LoROM
 * bank and off its last byte: the game's decompressor (usdasm Decompress_bank02)
 * cannot read on from $xx:FFFF into the next bank. */
Z3_TEST(test_overworld_save__relocated_streams_stay_in_one_bank) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_expand(rom, 2u << 20, &err), &err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  uint32_t x = 777;
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    for (int i = 0; i < 256; i++) x = x * 1103515245u + 12345u, ow->areas[id].map32[i] = (uint16_t)((x >> 16) % 0x2000);
    ow->areas[id].map_dirty = true;
  }
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  size_t expanded = 0;
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    const z3_ow_stream *s[2] = {&ow->areas[id].high, &ow->areas[id].low};
    for (int k = 0; k < 2; k++) {
      expanded += s[k]->pc >= 0x100000;
      assert_int_equal(s[k]->pc >> 15, (s[k]->pc + s[k]->stored_size) >> 15);
    }
  }
  assert_true(expanded > 100); /* enough streams went there to meet bank ends */
  z3_overworld *again;
  assert_ok(z3_ow_load(&again, rom, &err), &err);
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) assert_memory_equal(again->areas[id].map32, ow->areas[id].map32, 512);
  z3_ow_free(again);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

static const range sprite_ranges[] = {{0x4C881, 0x4CB41}, {Z3_OW_SPRITE_DATA_PC, Z3_OW_SPRITE_DATA_END}};

Z3_TEST(test_overworld_sprites__add_move_remove_touch_only_sprite_data) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t *before = copy_of(rom);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  int index;
  assert_ok(z3_ow_sprite_add(ow, 1, 0x2C, (z3_ow_sprite){.x = 5, .y = 6, .id = 0x41}, &index, &err), &err);
  assert_ok(z3_ow_sprite_add(ow, 0, 0x33, (z3_ow_sprite){.x = 1, .y = 2, .id = 0x09}, &index, &err), &err); /* was empty */
  assert_ok(z3_ow_sprite_move(ow, 0, 0x00, 1, 60, 61, &err), &err);
  assert_ok(z3_ow_sprite_remove(ow, 2, 0x1B, 0, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_true(diff_within(before, rom, sprite_ranges, 2) > 0);
  z3_overworld *again;
  assert_ok(z3_ow_load(&again, rom, &err), &err);
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++) {
      const z3_ow_list *a = &ow->sprites[s][i], *b = &again->sprites[s][i];
      assert_int_equal(a->count, b->count);
      if (a->count) assert_memory_equal(a->sprites, b->sprites, (size_t)a->count * sizeof(z3_ow_sprite));
    }
  assert_int_equal(again->sprites[0][0].sprites[1].x, 60);
  assert_int_equal(again->sprites[0][0x33].count, 1);
  assert_int_equal(again->sprites[0][0x34].count, 0); /* the shared empty list stayed empty */
  z3_ow_free(again);
  /* bad input */
  assert_int_equal(z3_ow_sprite_move(ow, 0, 0x00, 99, 1, 1, &err), Z3_E_NOT_FOUND);
  z3_error_init(&err);
  assert_int_equal(z3_ow_sprite_move(ow, 0, 0x02, 0, 40, 1, &err), Z3_E_INVALID); /* small area: 0-31 */
  assert_non_null(strstr(err.message, "outside area 0x02"));
  z3_error_init(&err);
  assert_int_equal(z3_ow_sprite_add(ow, 0, 0xA0, (z3_ow_sprite){0}, &index, &err), Z3_E_NOT_FOUND);
  z3_ow_free(ow);
  free(before);
  z3_rom_free(rom);
}

/* A list whose tail another pointer shares is not rewritten in place. */
Z3_TEST(test_overworld_sprites__shared_tail_is_left_alone) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  const uint8_t *d = rom->data.data;
  uint16_t a0 = (uint16_t)(d[0x4C881] | d[0x4C882] << 8), tail = (uint16_t)(a0 + 3);
  uint8_t p[2] = {(uint8_t)tail, (uint8_t)(tail >> 8)};
  assert_ok(z3_rom_write(rom, 0x4C881 + 2 * 0x03, p, 2, "test: area 0x03 shares area 0x00's tail", &err), &err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  assert_int_equal(ow->sprites[0][0x03].count, 1);
  z3_ow_sprite before = ow->sprites[0][0x03].sprites[0];
  assert_ok(z3_ow_sprite_move(ow, 0, 0x00, 1, 1, 2, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  z3_overworld *again;
  assert_ok(z3_ow_load(&again, rom, &err), &err);
  assert_int_equal(again->sprites[0][0x03].count, 1);
  assert_memory_equal(&again->sprites[0][0x03].sprites[0], &before, sizeof before);
  assert_int_equal(again->sprites[0][0x00].sprites[1].x, 1);
  z3_ow_free(again);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_TEST(test_overworld_sprites__full_region_is_an_error_not_an_overwrite) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  z3_status st = Z3_OK;
  int index;
  /* the region holds about 900 records: fill lists (all different, so none is shared) until it overflows */
  for (int a = 0; st == Z3_OK && a < 0x40; a++) {
    if (ow->areas[a].parent != a) continue;
    for (int k = 0; st == Z3_OK && k < 200; k++)
      st = z3_ow_sprite_add(ow, 1, a, (z3_ow_sprite){.x = (uint8_t)(k % 32), .y = 1, .id = (uint8_t)a}, &index, &err);
    if (st == Z3_OK) st = z3_ow_save(ow, rom, &err);
  }
  if (st != Z3_E_INVALID) print_error("%s\n", err.message);
  assert_int_equal(st, Z3_E_INVALID);
  assert_non_null(strstr(err.message, "no room for the sprite list"));
  for (size_t i = 0; i < rom->change_count; i++) assert_true(rom->changes[i].offset < Z3_OW_SPRITE_DATA_END);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* On a ROM ZScream saved, the dungeon sprite pointer table and room lists
 * follow the overworld sprite lists inside 0x4CB41-0x4D62D (the word at
 * 0x4C298 says where): a grown list must not be moved over them. */
Z3_TEST(test_overworld_sprites__moved_dungeon_sprite_table_is_not_free_room) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  size_t used_end = Z3_OW_SPRITE_DATA_PC;
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++)
      if (ow->sprites[s][i].pc + ow->sprites[s][i].stored_size > used_end)
        used_end = ow->sprites[s][i].pc + ow->sprites[s][i].stored_size;
  z3_ow_free(ow);
  size_t table = used_end + 0x40; /* a little free room, then the moved table and room lists */
  assert_true(table < Z3_OW_SPRITE_DATA_END);
  rom->data.data[0x4C298] = (uint8_t)(0x8000 | (table & 0x7FFF)), rom->data.data[0x4C299] = (uint8_t)((0x8000 | (table & 0x7FFF)) >> 8);
  memset(rom->data.data + table, 0x5A, Z3_OW_SPRITE_DATA_END - table);
  uint8_t *before = copy_of(rom);
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  z3_status st = Z3_OK;
  int index;
  for (int k = 0; st == Z3_OK && k < 60; k++) { /* grow one list until no room is left */
    st = z3_ow_sprite_add(ow, 1, 0x2C, (z3_ow_sprite){.x = (uint8_t)(k % 32), .y = 2, .id = 0x41}, &index, &err);
    if (st == Z3_OK) st = z3_ow_save(ow, rom, &err);
  }
  assert_int_equal(st, Z3_E_INVALID);
  assert_non_null(strstr(err.message, "no room for the sprite list"));
  assert_memory_equal(before + table, rom->data.data + table, Z3_OW_SPRITE_DATA_END - table);
  free(before);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_TEST(test_overworld_entrance__set_changes_only_the_entrance_tables) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t *before = copy_of(rom);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  assert_ok(z3_ow_set_entrance(ow, 7, 0x24, 3, 4, 0x12, &err), &err); /* a child names its parent */
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  static const range r[] = {{0xDB96F, 0xDB96F + 258}, {0xDBA71, 0xDBA71 + 258}, {0xDBB73, 0xDBB73 + 129}};
  assert_int_equal(diff_within(before, rom, r, 3), 4); /* area low byte, position word, id */
  assert_non_null(strstr(rom->changes[0].reason, "entrance slot 7"));
  z3_overworld *again;
  assert_ok(z3_ow_load(&again, rom, &err), &err);
  assert_int_equal(again->entrances[7].area, 0x1B);
  assert_int_equal(Z3_OW_POS_X(again->entrances[7].pos), 3);
  assert_int_equal(Z3_OW_POS_Y(again->entrances[7].pos), 4);
  assert_int_equal(again->entrances[7].entrance, 0x12);
  assert_int_equal(z3_ow_set_entrance(ow, 129, 0, 0, 0, 0, &err), Z3_E_NOT_FOUND);
  /* ids index the game's 133 dungeon entrances (usdasm $02:C813, snesrev reads 133) */
  assert_ok(z3_ow_set_entrance(ow, 7, 0x24, 3, 4, 0x84, &err), &err);
  z3_error_init(&err);
  assert_int_equal(z3_ow_set_entrance(ow, 7, 0x24, 3, 4, 0x85, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "0x00-0x84"));
  z3_error_init(&err);
  assert_int_equal(z3_ow_set_hole(ow, 4, 0x2C, 10, 20, 0x85, &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_ok(z3_ow_set_entrance(ow, 7, 0x24, 3, 4, 0x12, &err), &err);
  /* a hole is stored 0x400 below its tile16 offset (world reference §2.6) */
  assert_ok(z3_ow_set_hole(ow, 4, 0x2C, 10, 20, 0x33, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  unsigned stored = rom->data.data[0xDB800 + 8] | rom->data.data[0xDB801 + 8] << 8;
  assert_int_equal(stored, ((20u << 6 | 10u) << 1) - 0x400);
  assert_int_equal(rom->data.data[0xDB826 + 8], 0x2C);
  assert_int_equal(rom->data.data[0xDB84C + 4], 0x33);
  z3_ow_free(again);
  z3_ow_free(ow);
  free(before);
  z3_rom_free(rom);
}

Z3_TEST(test_overworld_load__bad_data_names_area_and_address) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = NULL;
  /* area 0x05's low stream pointer aimed at RAM */
  uint8_t bad[3] = {0x00, 0x20, 0x7E};
  assert_ok(z3_rom_write(rom, Z3_OW_MAP_LOW_PTR_PC + 5 * 3, bad, 3, "test", &err), &err);
  assert_int_equal(z3_ow_load(&ow, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "area 0x05 low-byte map32 stream at $7E:2000"));
  assert_null(ow);
  z3_rom_free(rom);
  rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error_init(&err);
  uint8_t flag = 0x3D; /* expanded tile16 */
  assert_ok(z3_rom_write(rom, 0x17D28, &flag, 1, "test", &err), &err);
  assert_int_equal(z3_ow_load(&ow, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "expanded tile16"));
  z3_rom_free(rom);
  rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error_init(&err);
  uint8_t parent = 0x1B; /* 0x1C says 0x1B is its parent; make 0x23 disagree */
  uint8_t other = 0x23;
  assert_ok(z3_rom_write(rom, Z3_OW_PARENT_PC + 0x23, &other, 1, "test", &err), &err);
  (void)parent;
  assert_int_equal(z3_ow_load(&ow, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "area 0x1B is large"));
  z3_rom_free(rom);
}

/* The item data's bank comes from an LDA #imm operand; a FastROM bank ($9B) is
 * the same ROM as $1B (LoROM mirrors banks $80-$FF onto $00-$7F). */
Z3_TEST(test_overworld_items__fastrom_bank_operand_reads_the_same_lists) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *plain, *fast;
  assert_ok(z3_ow_load(&plain, rom, &err), &err);
  assert_int_equal(rom->data.data[0xDC8BF], 0x1B);
  rom->data.data[0xDC8BF] = 0x9B;
  assert_ok(z3_ow_load(&fast, rom, &err), &err);
  for (int a = 0; a < Z3_OW_LIST_AREAS; a++) {
    assert_int_equal(fast->items[a].pc, plain->items[a].pc);
    assert_int_equal(fast->items[a].count, plain->items[a].count);
  }
  z3_ow_free(fast);
  z3_ow_free(plain);
  z3_rom_free(rom);
}

/* A property edit writes the parent's group only for the properties that
 * changed: the game reads the parent's entry, and vanilla has a child entry
 * that differs (area 0x31's palette byte), which other edits must not rewrite. */
Z3_TEST(test_overworld_properties__unchanged_fields_leave_children_alone) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  const size_t palette_pc = 0x07D1C, music_pc = 0x14303;
  rom->data.data[palette_pc + 0x31] ^= 0x01; /* a child entry unlike its parent 0x30 */
  uint8_t child_palette = rom->data.data[palette_pc + 0x31];
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  assert_int_equal(ow->areas[0x31].parent, 0x30);
  int music = (ow->areas[0x30].music[0] + 1) & 0xFF;
  ow->areas[0x30].music[0] = music, ow->areas[0x30].props_dirty = true;
  uint8_t *before = copy_of(rom);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  const range music_row[] = {{music_pc, music_pc + 0x40}};
  assert_int_equal(diff_within(before, rom, music_row, 1), 4); /* 0x30, 0x31, 0x38, 0x39 */
  assert_int_equal(rom->data.data[music_pc + 0x39], music);
  assert_int_equal(rom->data.data[palette_pc + 0x31], child_palette);
  int palette = (ow->areas[0x30].palette + 1) & 0xFF; /* editing the palette itself: children follow */
  ow->areas[0x30].palette = palette, ow->areas[0x30].props_dirty = true;
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  for (int i = 0; i < 4; i++) assert_int_equal(rom->data.data[palette_pc + 0x30 + (i & 1) + (i >> 1) * 8], palette);
  free(before);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* The special world's 16-byte property tables are indexed by the special exit's
 * room - 0x180 (usdasm LoadSpecialOverworld, snesrev get_special_exit_info), not by
 * area: room 0x182 loads Zora's Domain, so its properties are entry 2, and an edit
 * writes entry 2 once instead of one entry per screen of the large area. */
Z3_TEST(test_overworld_special__properties_follow_the_exit_room) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  const uint8_t *d = rom->data.data;
  assert_int_equal(ow->areas[0x81].special_slot, 2);
  assert_int_not_equal(d[0x16811 + 1], d[0x16811 + 2]); /* the sample's entries differ */
  static const int zora[] = {0x81, 0x8A}; /* the parent and a child */
  for (size_t k = 0; k < 2; k++) {
    int id = zora[k];
    assert_int_equal(ow->areas[id].gfx, d[0x16821 + 2]);
    assert_int_equal(ow->areas[id].palette, d[0x16831 + 2]);
    assert_int_equal(ow->areas[id].sprite_gfx[2], d[0x16811 + 2]);
    assert_int_equal(ow->areas[id].sprite_palette[0], d[0x16841 + 2]);
  }
  assert_int_equal(ow->areas[0x80].gfx, d[0x16821 + 0]); /* room 0x180 */
  assert_int_equal(ow->areas[0x83].gfx, -1);              /* no special exit loads it */
  uint8_t *before = copy_of(rom);
  ow->areas[0x81].gfx = 0x33, ow->areas[0x81].props_dirty = true;
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  const range gfx_entry[] = {{0x16821 + 2, 0x16821 + 3}};
  assert_int_equal(diff_within(before, rom, gfx_entry, 1), 1);
  assert_int_equal(rom->data.data[0x16821 + 2], 0x33);
  free(before);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* With the real game (Z3ED_TEST_ROM): every area loads and an unchanged model saves identically. */
Z3_TEST(test_overworld_real_rom__loads_and_saves_identically) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom;
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  uint8_t *before = copy_of(rom);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) assert_int_equal(ow->areas[id].id, id);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++) ow->sprites[s][i].dirty = true;
  ow->tile32_dirty = ow->tile16_dirty = true;
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_memory_equal(before, rom->data.data, rom->data.len);
  z3_ow_free(ow);
  free(before);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_overworld_load__sample_has_every_area_and_a_large_one),
                cmocka_unit_test(test_overworld_save__unchanged_model_writes_nothing),
                cmocka_unit_test(test_overworld_set_tile__changes_only_map_structures_and_reloads),
                cmocka_unit_test(test_overworld_save__grown_map_moves_and_repoints),
                cmocka_unit_test(test_overworld_save__overflowing_maps_use_free_space_then_fail_cleanly),
                cmocka_unit_test(test_overworld_save__relocated_streams_stay_in_one_bank),
                cmocka_unit_test(test_overworld_sprites__add_move_remove_touch_only_sprite_data),
                cmocka_unit_test(test_overworld_sprites__shared_tail_is_left_alone),
                cmocka_unit_test(test_overworld_sprites__full_region_is_an_error_not_an_overwrite),
                cmocka_unit_test(test_overworld_sprites__moved_dungeon_sprite_table_is_not_free_room),
                cmocka_unit_test(test_overworld_entrance__set_changes_only_the_entrance_tables),
                cmocka_unit_test(test_overworld_load__bad_data_names_area_and_address),
                cmocka_unit_test(test_overworld_special__properties_follow_the_exit_room),
                cmocka_unit_test(test_overworld_properties__unchanged_fields_leave_children_alone),
                cmocka_unit_test(test_overworld_items__fastrom_bank_operand_reads_the_same_lists),
                cmocka_unit_test(test_overworld_real_rom__loads_and_saves_identically))
