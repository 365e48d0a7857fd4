/* zelda3/dungeon_doors: the room grid's edges and both sides of a doorway. */
#include <string.h>

#include "test.h"
#include "zelda3/dungeon.h"

Z3_TEST(test_doors__neighbours_stop_at_the_grid_edges) {
  (void)state;
  assert_int_equal(z3_room_neighbour(0x012, 0), 0x002);
  assert_int_equal(z3_room_neighbour(0x012, 1), 0x022);
  assert_int_equal(z3_room_neighbour(0x012, 2), 0x011);
  assert_int_equal(z3_room_neighbour(0x012, 3), 0x013);
  assert_int_equal(z3_room_neighbour(0x005, 0), -1);
  assert_int_equal(z3_room_neighbour(0x010, 2), -1);
  assert_int_equal(z3_room_neighbour(0x01F, 3), -1);
  assert_int_equal(z3_room_neighbour(0x120, 1), -1); /* 0x130 is past the 296 rooms */
  assert_int_equal(z3_room_neighbour(0x127, 3), -1);
}

/* A refused pair changes neither room: the other side is checked before either is written. */
Z3_TEST(test_doors__full_other_side_refuses_both) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_dungeon *d;
  assert_ok(z3_dungeon_load(rom, &d, &err), &err);
  size_t index;
  z3_door_pair pair;
  for (unsigned i = 0; i < Z3_ROOM_MAX_DOORS; i++) {
    assert_ok(z3_room_add_door(d, 0x013, i < 12 ? 0 : 1, i % 12, 0x00, false, &index, &pair, &err), &err);
  }
  size_t before = d->rooms[0x012].door_count;
  assert_int_equal(z3_room_add_door(d, 0x012, 3, 5, 0x1C, true, &index, &pair, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "room 0x013"));
  assert_int_equal(d->rooms[0x012].door_count, before);
  /* without --pair the door goes in and reports the other side missing */
  assert_ok(z3_room_add_door(d, 0x012, 3, 5, 0x1C, false, &index, &pair, &err), &err);
  assert_int_equal(pair.room, 0x013);
  assert_int_equal(pair.index, -1);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_doors__neighbours_stop_at_the_grid_edges),
       cmocka_unit_test(test_doors__full_other_side_refuses_both))
