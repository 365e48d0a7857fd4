/* zelda3/entrance: fields at their tables, the game's limits, rooms carrying coordinates. */
#include <string.h>

#include "test.h"
#include "zelda3/entrance.h"

static const z3_place_field *field(const char *name) {
  const z3_place_field *f = z3_place_field_find(name);
  assert_non_null(f);
  return f;
}

static unsigned get(const z3_rom *rom, z3_place_kind kind, int id, const char *name) {
  z3_error err;
  z3_error_init(&err);
  unsigned v = 0;
  assert_ok(z3_place_get(rom, kind, id, field(name), &v, &err), &err);
  return v;
}

/* The command table's choices are the field names, in the same order. */
Z3_TEST(test_entrance__names_match_fields) {
  (void)state;
  size_t n;
  const z3_place_field *f = z3_place_fields(&n);
  for (size_t i = 0; i < n; i++) assert_string_equal(z3_place_field_names[i], f[i].name);
  assert_null(z3_place_field_names[n]);
}

/* Reads come from the world reference's parallel tables: word tables and the 8-byte bounds. */
Z3_TEST(test_entrance__reads_the_tables) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *d = rom->data.data;
  d[0x14813 + 2 * 0x50] = 0x27, d[0x14813 + 2 * 0x50 + 1] = 0x01;
  d[0x1491D + 8 * 0x50 + 6] = 0x77;
  d[0x15C40 + 2 * 6] = 0x84;
  d[0x15C4E + 6] = 0xF2;
  assert_int_equal(get(rom, Z3_PLACE_ENTRANCE, 0x50, "room"), 0x127);
  assert_int_equal(get(rom, Z3_PLACE_ENTRANCE, 0x50, "bound_east_half"), 0x77);
  assert_int_equal(get(rom, Z3_PLACE_SPAWN, 6, "entrance"), 0x84);
  assert_int_equal(get(rom, Z3_PLACE_SPAWN, 6, "song"), 0xF2);
  z3_rom_free(rom);
}

/* Each edit writes exactly the field's bytes. */
Z3_TEST(test_entrance__set_changes_only_the_field) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  size_t len = rom->data.len;
  uint8_t *before = malloc(len);
  memcpy(before, rom->data.data, len);
  assert_ok(z3_place_set(rom, Z3_PLACE_ENTRANCE, 0x10, field("song"), 0x11, false, NULL, &err), &err);
  assert_ok(z3_place_set(rom, Z3_PLACE_SPAWN, 2, field("floor"), -3, false, NULL, &err), &err);
  size_t diffs = 0;
  for (size_t i = 0; i < len; i++) diffs += before[i] != rom->data.data[i];
  assert_int_equal(diffs, 2);
  assert_int_equal(rom->data.data[0x1582E + 0x10], 0x11);
  assert_int_equal(rom->data.data[0x15C0F + 2], 0xFD);
  free(before);
  z3_rom_free(rom);
}

/* A new room keeps Link at the same place within it; --keep-coordinates does not. */
Z3_TEST(test_entrance__room_change_carries_coordinates) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  unsigned room = get(rom, Z3_PLACE_ENTRANCE, 1, "room"), x = get(rom, Z3_PLACE_ENTRANCE, 1, "x");
  unsigned y = get(rom, Z3_PLACE_ENTRANCE, 1, "y"), west = get(rom, Z3_PLACE_ENTRANCE, 1, "bound_west_full");
  unsigned target = room == 0x035 ? 0x036 : 0x035;
  bool moved = false;
  assert_ok(z3_place_set(rom, Z3_PLACE_ENTRANCE, 1, field("room"), target, false, &moved, &err), &err);
  assert_true(moved);
  int dx = (int)(target & 15) * 512 - (int)(room & 15) * 512, dy = (int)(target >> 4) * 512 - (int)(room >> 4) * 512;
  assert_int_equal(get(rom, Z3_PLACE_ENTRANCE, 1, "x"), (unsigned)((int)x + dx));
  assert_int_equal(get(rom, Z3_PLACE_ENTRANCE, 1, "y"), (unsigned)((int)y + dy));
  assert_int_equal(get(rom, Z3_PLACE_ENTRANCE, 1, "bound_west_full"), (unsigned)((int)west + dx / 256));
  unsigned x2 = get(rom, Z3_PLACE_ENTRANCE, 1, "x");
  assert_ok(z3_place_set(rom, Z3_PLACE_ENTRANCE, 1, field("room"), room, true, &moved, &err), &err);
  assert_false(moved);
  assert_int_equal(get(rom, Z3_PLACE_ENTRANCE, 1, "x"), x2);
  z3_rom_free(rom);
}

static void refused(z3_rom *rom, z3_place_kind kind, int id, const char *name, int64_t v, const char *says) {
  z3_error err;
  z3_error_init(&err);
  uint8_t *copy = malloc(rom->data.len);
  memcpy(copy, rom->data.data, rom->data.len);
  assert_int_equal(z3_place_set(rom, kind, id, field(name), v, false, NULL, &err), Z3_E_INVALID);
  if (!strstr(err.message, says)) fail_msg("'%s' does not say '%s'", err.message, says);
  assert_memory_equal(copy, rom->data.data, rom->data.len);
  free(copy);
}

/* Values the game cannot use are refused with the rule, and nothing changes. */
Z3_TEST(test_entrance__limits) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  refused(rom, Z3_PLACE_ENTRANCE, 0, "room", 0x128, "not allowed");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "quadrant", 0x11, "0x00, 0x02, 0x10 or 0x12");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "palace", 0x03, "palace");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "palace", 0x1C, "palace");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "song", 0x23, "song");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "blockset", 0x25, "blockset");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "layer", 0x02, "each 0 or 1");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "scrolling", 0x21, "each 0 or 2");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "floor", 128, "out of range");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "x", 0, "outside room");
  refused(rom, Z3_PLACE_ENTRANCE, 0, "entrance", 0, "no field 'entrance'");
  refused(rom, Z3_PLACE_SPAWN, 0, "door", 0, "no field 'door'");
  refused(rom, Z3_PLACE_SPAWN, 7, "room", 0, "spawn point 0x07 does not exist");
  refused(rom, Z3_PLACE_ENTRANCE, 133, "room", 0, "entrance 0x85 does not exist");
  refused(rom, Z3_PLACE_SPAWN, 0, "entrance", 0x85, "not allowed");
  z3_rom_free(rom);
}

/* A ROM too small for the tables is refused, not read past its end. */
Z3_TEST(test_entrance__small_rom_refused) {
  (void)state;
  static uint8_t img[0x10000];
  z3_rom *rom = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_from_memory(&rom, img, sizeof img, "small", &err), &err);
  unsigned v;
  assert_int_equal(z3_place_get(rom, Z3_PLACE_ENTRANCE, 0, field("room"), &v, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "ends before the entrance tables"));
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_entrance__names_match_fields), cmocka_unit_test(test_entrance__reads_the_tables),
       cmocka_unit_test(test_entrance__set_changes_only_the_field),
       cmocka_unit_test(test_entrance__room_change_carries_coordinates), cmocka_unit_test(test_entrance__limits),
       cmocka_unit_test(test_entrance__small_rom_refused))
