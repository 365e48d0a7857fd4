/* ZScream's custom collision lists (zelda3/collision.h) on the generated
 * layout (layout_gen.h gen_collision): parsing both record kinds, edits in
 * place and moved, clearing, and the refusal on a ROM without the layout. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/collision.h"
#include "zelda3/layouts.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000 };

static z3_collision *load(const z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  z3_collision *c = NULL;
  assert_ok(z3_collision_load(rom, &c, &err), &err);
  return c;
}

static int set_count(const z3_collision_room *r) {
  int n = 0;
  for (int i = 0; i < Z3_COLLISION_TILES; i++) n += r->tiles[i] != Z3_COLLISION_NONE;
  return n;
}

/* A rectangle (2x2 at (3,1)) then the single-tile marker and one tile. */
Z3_TEST(test_collision__parses_rectangles_and_single_tiles) {
  (void)state;
  const uint8_t list[] = {0x43, 0x00, 2, 2, 0x10, 0x11, 0x12, 0x13, 0xF0, 0xF0, 0x05, 0x01, 0x22, 0xFF, 0xFF, 0xAA};
  int16_t tiles[Z3_COLLISION_TILES];
  size_t used = 0;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_collision_parse(list, sizeof list, tiles, &used, &err), &err);
  assert_int_equal(used, sizeof list - 1);
  assert_int_equal(tiles[1 * 64 + 3], 0x10);
  assert_int_equal(tiles[1 * 64 + 4], 0x11);
  assert_int_equal(tiles[2 * 64 + 3], 0x12);
  assert_int_equal(tiles[2 * 64 + 4], 0x13);
  assert_int_equal(tiles[0x105], 0x22);
  assert_int_equal(tiles[0], Z3_COLLISION_NONE);
  uint8_t out[Z3_COLLISION_TILES * 5 + 2];
  size_t n = z3_collision_encode(tiles, out);
  int16_t again[Z3_COLLISION_TILES];
  assert_ok(z3_collision_parse(out, n, again, &used, &err), &err);
  assert_int_equal(used, n);
  assert_memory_equal(again, tiles, sizeof tiles);
  /* no end marker: refused, naming where it stopped */
  assert_int_equal(z3_collision_parse(list, 8, tiles, &used, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "cut short"));
}

Z3_TEST(test_collision__generated_layout_reads_and_edits) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_layout(rom->data.data, Z3_LAYOUT_COLLISION);
  z3_error err;
  z3_error_init(&err);
  z3_collision *c = load(rom);
  assert_true(c->installed);
  assert_int_equal(c->rooms[0x12].pc, 0x128450);
  assert_int_equal(c->rooms[0x12].tiles[0x0210], 0x08); /* (16,8) */
  assert_int_equal(set_count(&c->rooms[0x12]), 1);
  assert_int_equal(c->rooms[0x13].pointer, 0);
  /* a second tile grows the list: moved after the last list; a new room's list after it */
  assert_ok(z3_collision_set(c, 0x12, 17, 8, 0x09, &err), &err);
  assert_ok(z3_collision_set(c, 0x13, 0, 63, 0x01, &err), &err);
  assert_ok(z3_collision_save(c, rom, &err), &err);
  size_t moved = c->rooms[0x12].pc, added = c->rooms[0x13].pc;
  assert_true(moved >= 0x128450 + 7 && added > moved && added < Z3_COLLISION_DATA_END);
  z3_collision *again = load(rom);
  assert_int_equal(again->rooms[0x12].pc, moved);
  assert_int_equal(again->rooms[0x12].tiles[0x0211], 0x09);
  assert_int_equal(again->rooms[0x13].tiles[63 * 64], 0x01);
  assert_memory_equal(again->rooms[0x12].tiles, c->rooms[0x12].tiles, sizeof c->rooms[0x12].tiles);
  /* a smaller list is written in place; clearing every tile sets pointer 0 */
  assert_ok(z3_collision_set(again, 0x12, 17, 8, Z3_COLLISION_NONE, &err), &err);
  assert_ok(z3_collision_set(again, 0x13, 0, 63, Z3_COLLISION_NONE, &err), &err);
  size_t changes = rom->change_count;
  assert_ok(z3_collision_save(again, rom, &err), &err);
  assert_true(rom->change_count > changes);
  assert_int_equal(again->rooms[0x12].pc, moved);
  const uint8_t *p = rom->data.data + Z3_COLLISION_PTR_PC + 3 * 0x13;
  assert_int_equal(p[0] | p[1] | p[2], 0);
  z3_collision *third = load(rom);
  assert_int_equal(set_count(&third->rooms[0x12]), 1);
  assert_int_equal(third->rooms[0x13].pointer, 0);
  /* an unchanged model writes nothing */
  changes = rom->change_count;
  assert_ok(z3_collision_save(third, rom, &err), &err);
  assert_int_equal(rom->change_count, changes);
  assert_int_equal(z3_collision_set(third, 0x12, 64, 0, 1, &err), Z3_E_INVALID);
  z3_collision_free(third);
  z3_collision_free(again);
  z3_collision_free(c);
  z3_rom_free(rom);
}

/* Without the layout (the vanilla sample, 1 or 2 MiB) nothing is installed,
 * rooms read empty and an edit is refused with nothing written. */
Z3_TEST(test_collision__vanilla_rom_is_never_given_the_layout) {
  (void)state;
  const size_t sizes[] = {0, EXPANDED_SIZE};
  for (size_t s = 0; s < 2; s++) {
    z3_rom *rom = z3_test_sample_rom(sizes[s], Z3_MAP_LOROM);
    z3_error err;
    z3_error_init(&err);
    z3_collision *c = load(rom);
    assert_false(c->installed);
    assert_int_equal(set_count(&c->rooms[0x12]), 0);
    assert_int_equal(z3_collision_set(c, 0x12, 1, 1, 2, &err), Z3_E_INVALID);
    assert_non_null(strstr(err.hint, "never installs"));
    assert_ok(z3_collision_save(c, rom, &err), &err);
    assert_int_equal(rom->change_count, 0);
    z3_collision_free(c);
    z3_rom_free(rom);
  }
}

/* Lists another tool laid out so that one room's list is the tail of another's (or both
 * rooms share one): an edit that fits in the first list's bytes moves it instead of
 * writing in place, so the other room keeps its tiles. */
Z3_TEST(test_collision__edit_never_reaches_an_overlapping_list) {
  (void)state;
  /* room 0x20: tiles (0,0) (1,0) and (5,0); room 0x21 starts at its single-tile part */
  const uint8_t lists[] = {0, 0, 2, 1, 1, 2, 0xF0, 0xF0, 5, 0, 3, 0xFF, 0xFF};
  for (int share = 0; share < 2; share++) {
    z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
    memcpy(rom->data.data + Z3_COLLISION_DATA_PC, lists, sizeof lists);
    gen_put_long(rom->data.data + Z3_COLLISION_PTR_PC + 3 * 0x20, 0xA58450);
    gen_put_long(rom->data.data + Z3_COLLISION_PTR_PC + 3 * 0x21, share ? 0xA58450 : 0xA58456);
    z3_error err;
    z3_error_init(&err);
    z3_collision *c = load(rom);
    int16_t other[Z3_COLLISION_TILES];
    memcpy(other, c->rooms[0x21].tiles, sizeof other);
    assert_int_equal(set_count(&c->rooms[0x21]), share ? 3 : 1);
    /* clearing (5,0) shortens room 0x20's list to 8 bytes: it would fit in place */
    assert_ok(z3_collision_set(c, 0x20, 5, 0, Z3_COLLISION_NONE, &err), &err);
    assert_ok(z3_collision_save(c, rom, &err), &err);
    assert_true(c->rooms[0x20].pc >= Z3_COLLISION_DATA_PC + sizeof lists); /* moved after the last list */
    z3_collision *again = load(rom);
    assert_memory_equal(again->rooms[0x21].tiles, other, sizeof other);
    assert_int_equal(set_count(&again->rooms[0x20]), 2);
    z3_collision_free(again);
    z3_collision_free(c);
    z3_rom_free(rom);
  }
}

/* A pointer outside the collision bank is refused, naming the room. */
Z3_TEST(test_collision__bad_pointer_names_the_room) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_put_long(rom->data.data + Z3_COLLISION_PTR_PC + 3 * 5, 0x008000);
  z3_error err;
  z3_error_init(&err);
  z3_collision *c = NULL;
  assert_int_equal(z3_collision_load(rom, &c, &err), Z3_E_INVALID);
  assert_null(c);
  assert_non_null(strstr(err.message, "room 0x005"));
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_collision__parses_rectangles_and_single_tiles),
       cmocka_unit_test(test_collision__generated_layout_reads_and_edits),
       cmocka_unit_test(test_collision__vanilla_rom_is_never_given_the_layout),
       cmocka_unit_test(test_collision__edit_never_reaches_an_overlapping_list),
       cmocka_unit_test(test_collision__bad_pointer_names_the_room))
