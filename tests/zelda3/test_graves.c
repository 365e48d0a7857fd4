/* Gravestones (zelda3/overworld_secrets.h): after every edit, the game's own
 * search (re-stated here from the disassembly's description, reading the raw
 * bytes, not our reader) must find each placed grave from where Link pushes
 * it, and the dash/stairs/hole operands must still name the same stones. */
#include <string.h>

#include "test.h"
#include "zelda3/overworld_secrets.h"

static unsigned word(const z3_rom *rom, size_t at) { return rom->data.data[at] | rom->data.data[at + 1] << 8; }

/* AncillaAdd_GraveStone: Link's Y rounded to 16 picks a row (searched from
 * the last row down); the row's byte offsets bound the X search; a stone
 * matches when Link's X is inside its 16 pixels. Returns the byte offset, or
 * -1. Rows with an empty slice are never searched into (the game would run
 * off; our writer never makes one that Link's Y can match). */
static int game_search(const z3_rom *rom, unsigned link_x, unsigned link_y) {
  unsigned y = (link_y & 0xF) < 7 ? link_y & 0xFFF0 : (link_y + 16) & 0xFFF0;
  for (int r = 7; r >= 0; r--) {
    if (word(rom, 0x4993A + 2 * (size_t)r) != y) continue;
    int from = rom->data.data[0x499E0 + r], to = rom->data.data[0x499E0 + r + 1];
    assert_true(from < to);
    for (int at = from; at < to; at += 2) {
      unsigned x = word(rom, 0x4994A + (size_t)at);
      if (x < link_x && x + 15 >= link_x) return at;
    }
    return -1;
  }
  return -1;
}

static z3_graves read(const z3_rom *rom) {
  z3_graves g;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_graves_read(rom, &g, &err), &err);
  return g;
}

/* Every placed grave is found by the search from below its stone. */
static void assert_all_findable(const z3_rom *rom) {
  z3_graves g = read(rom);
  for (int i = 0; i < g.count; i++) {
    const z3_grave *v = &g.graves[i];
    assert_int_equal(game_search(rom, v->x + 8u, v->y + 16u), 2 * i);
  }
}

static int set(z3_rom *rom, int index, int x, int y, int reveal, z3_status want) {
  z3_error err;
  z3_error_init(&err);
  int now = -1;
  z3_status st = z3_graves_set(rom, index, x, y, reveal, 0x14, &now, &err);
  if (st != want) print_error("set-grave %d: %s\n", index, err.message);
  assert_int_equal(st, want);
  return now;
}

enum { OX = 0x800, OY = 0x400 }; /* area 0x14's top-left in world pixels */

Z3_TEST(test_graves__sample_graveyard_is_found_by_the_games_search) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_graves g = read(rom);
  assert_int_equal(g.count, 6);
  assert_int_equal(g.dash_grave, 5);
  assert_int_equal(g.stairs_addr, g.graves[5].map_addr - 0x80);
  assert_int_equal(g.hole_addr, g.graves[4].map_addr - 0x80);
  assert_all_findable(rom);
  assert_int_equal(game_search(rom, OX + 4 * 16 + 8, OY + 21 * 16), -1); /* no stone there */
  z3_rom_free(rom);
}

Z3_TEST(test_graves__a_move_to_another_row_renumbers_and_the_operands_follow) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_graves before = read(rom);
  /* grave 1 (bottom row) onto the stairs grave's row */
  int now = set(rom, 1, OX + 20 * 16, OY + 12 * 16, 0, Z3_OK);
  z3_graves after = read(rom);
  assert_int_equal(now, 4);
  assert_int_equal(after.graves[now].x, OX + 20 * 16);
  assert_int_equal(after.dash_grave, 5);
  assert_int_equal(after.graves[5].x, before.graves[5].x); /* the dash grave is still the same stone */
  assert_int_equal(after.stairs_addr, after.graves[5].map_addr - 0x80);
  assert_int_equal(after.hole_addr, after.graves[3].map_addr - 0x80); /* the hole grave moved up one number */
  assert_int_equal(after.graves[3].reveal, Z3_GRAVE_HOLE);
  assert_all_findable(rom);
  /* the hole grave itself moves: its operand follows its new address */
  now = set(rom, 3, OX + 2 * 16, OY + 24 * 16, 0, Z3_OK);
  after = read(rom);
  assert_int_equal(now, 0);
  assert_int_equal(after.hole_addr, ((24 * 64 + 2) * 2) - 0x80);
  assert_int_equal(after.dash_grave, 5);
  assert_all_findable(rom);
  z3_rom_free(rom);
}

Z3_TEST(test_graves__one_stairs_grave_and_at_most_eight_rows) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t copy[0x200];
  memcpy(copy, rom->data.data + 0x4993A, sizeof copy);
  set(rom, 0, OX + 8 * 16, OY + 20 * 16, Z3_GRAVE_STAIRS, Z3_E_INVALID); /* grave 5 has the stairs */
  set(rom, 0, OX + 8 * 16 + 3, OY + 20 * 16, 0, Z3_E_INVALID);            /* off the 16-pixel grid */
  set(rom, 0, OX - 16, OY, 0, Z3_E_INVALID);                               /* outside area 0x14 */
  set(rom, 1, OX + 10 * 16, OY + 16 * 16, 0, Z3_E_INVALID);                /* onto grave 3's stone */
  assert_memory_equal(copy, rom->data.data + 0x4993A, sizeof copy);
  /* unplaced graves 6-10 on five new rows: eight rows in all; a ninth is refused */
  for (int k = 0; k < 5; k++) set(rom, 6 + k, OX + 4 * 16, OY + (2 + 2 * k) * 16, 0, Z3_OK);
  assert_int_equal(read(rom).count, 11);
  assert_all_findable(rom);
  memcpy(copy, rom->data.data + 0x4993A, sizeof copy);
  set(rom, 11, OX + 4 * 16, OY + 27 * 16, 0, Z3_E_INVALID);
  assert_memory_equal(copy, rom->data.data + 0x4993A, sizeof copy);
  /* stairs handed over: the old stairs grave becomes a skull first */
  set(rom, 5, OX + 12 * 16, OY + 12 * 16, Z3_GRAVE_SKULL, Z3_OK);
  z3_graves g = read(rom);
  assert_int_equal(g.stairs_addr, 0xFFFF);
  int now = set(rom, 0, OX + 8 * 16, OY + 20 * 16, Z3_GRAVE_STAIRS, Z3_OK);
  g = read(rom);
  assert_int_equal(g.stairs_addr, g.graves[now].map_addr - 0x80);
  z3_rom_free(rom);
}

Z3_TEST(test_graves__broken_row_table_names_the_byte) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  rom->data.data[0x499E2] = 0x03;
  z3_graves g;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_graves_read(rom, &g, &err), Z3_E_INVALID);
  assert_int_equal(err.offset, 0x499E2);
  assert_non_null(strstr(err.message, "entry 2 is 0x03"));
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_graves__sample_graveyard_is_found_by_the_games_search),
       cmocka_unit_test(test_graves__a_move_to_another_row_renumbers_and_the_operands_follow),
       cmocka_unit_test(test_graves__one_stairs_grave_and_at_most_eight_rows),
       cmocka_unit_test(test_graves__broken_row_table_names_the_byte))
