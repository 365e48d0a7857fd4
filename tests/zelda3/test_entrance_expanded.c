/* Dungeon entrances on a generated ROM with ZScream's expanded tables
 * (layout_gen.h): 255 records read from 0x78000-0x7A0FF, the same values as
 * the vanilla tables for the first 133, edits written there only. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/entrance.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000 };

static const z3_place_field *field(const char *name) {
  const z3_place_field *f = z3_place_field_find(name);
  assert_non_null(f);
  return f;
}

static unsigned get(const z3_rom *rom, int id, const char *name) {
  z3_error err;
  z3_error_init(&err);
  unsigned v = 0;
  assert_ok(z3_place_get(rom, Z3_PLACE_ENTRANCE, id, field(name), &v, &err), &err);
  return v;
}

Z3_TEST(test_entrance_expanded__reads_the_moved_tables) {
  (void)state;
  z3_rom *vanilla = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_layout(rom->data.data, Z3_LAYOUT_DUNGEON_ENTRANCES);
  memset(rom->data.data + 0x14813, 0xEE, 0x15B6E - 0x14813); /* the vanilla tables: unused now */
  z3_error err;
  z3_error_init(&err);
  assert_false(z3_place_expanded(vanilla));
  assert_true(z3_place_expanded(rom));
  assert_ok(z3_place_check_rom(rom, &err), &err);
  assert_int_equal(z3_place_count(rom, Z3_PLACE_ENTRANCE), 255);
  assert_int_equal(z3_place_count(vanilla, Z3_PLACE_ENTRANCE), 133);
  size_t n = 0;
  const z3_place_field *fields = z3_place_fields(&n);
  for (int id = 0; id < Z3_ENTRANCES; id++)
    for (size_t f = 0; f < n; f++) {
      if (!z3_place_field_applies(&fields[f], Z3_PLACE_ENTRANCE)) continue;
      if (get(rom, id, fields[f].name) != get(vanilla, id, fields[f].name))
        fail_msg("entrance 0x%02X field %s differs", id, fields[f].name);
    }
  assert_int_equal(get(rom, 0xFE, "room"), 0); /* a record only the expanded tables have */
  json_t *j = z3_place_json(rom, Z3_PLACE_ENTRANCE, 0x43);
  assert_true(json_is_true(json_object_get(j, "face_down")));
  json_decref(j);
  j = z3_place_json(vanilla, Z3_PLACE_ENTRANCE, 0x43);
  assert_null(json_object_get(j, "face_down"));
  json_decref(j);
  z3_rom_free(rom);
  z3_rom_free(vanilla);
}

/* An edit of a record past the vanilla 133 lands in the expanded table, and
 * its coordinates move with a new room there too. */
Z3_TEST(test_entrance_expanded__edits_write_the_expanded_tables) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_layout(rom->data.data, Z3_LAYOUT_DUNGEON_ENTRANCES);
  uint8_t *before = malloc(rom->data.len);
  memcpy(before, rom->data.data, rom->data.len);
  z3_error err;
  z3_error_init(&err);
  bool moved = false;
  assert_ok(z3_place_set(rom, Z3_PLACE_ENTRANCE, 0xA0, field("room"), 0x012, false, &moved, &err), &err);
  assert_true(moved);
  assert_ok(z3_place_set(rom, Z3_PLACE_ENTRANCE, 0xA0, field("song"), 0x11, false, NULL, &err), &err);
  assert_int_equal(rom->data.data[0x78000 + 2 * 0xA0], 0x12);
  assert_int_equal(rom->data.data[0x79F00 + 0xA0], 0x11);
  assert_int_equal(get(rom, 0xA0, "room"), 0x012);
  for (size_t i = 0; i < rom->data.len; i++)
    if (before[i] != rom->data.data[i] && (i < 0x78000 || i >= 0x7A000)) fail_msg("byte 0x%zX changed outside the tables", i);
  assert_int_equal(z3_place_set(rom, Z3_PLACE_ENTRANCE, 0xFF, field("song"), 1, false, NULL, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "entrances are 0x00-0xFE"));
  free(before);
  z3_rom_free(rom);
}

/* The flag without the room for the tables (a 1 MiB file whose tile16 table
 * still fills 0x78000) is refused, not misread. */
Z3_TEST(test_entrance_expanded__flag_over_the_tile16_table_is_refused) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  rom->data.data[0x7F001] = 0x01;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_place_check_rom(rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "tile16 table still fills"));
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_entrance_expanded__reads_the_moved_tables),
       cmocka_unit_test(test_entrance_expanded__edits_write_the_expanded_tables),
       cmocka_unit_test(test_entrance_expanded__flag_over_the_tile16_table_is_refused))
