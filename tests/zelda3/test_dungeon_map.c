/* Pause-screen dungeon maps (zelda3/dungeon_map.h): the sample's vanilla
 * layout and ZScream's expanded one (layout_gen.h gen_dungeon_maps): read,
 * edit, write through the change log, re-read; unchanged writes are no-ops;
 * growth moves lists into free map space or fails naming the bytes. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/dungeon_map.h"
#include "zelda3/layouts.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000 };

static z3_dmaps *read_maps(const z3_rom *rom) {
  z3_dmaps *m = calloc(1, sizeof *m);
  assert_non_null(m);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dmaps_read(rom, m, &err), &err);
  return m;
}

static unsigned word(const z3_rom *rom, size_t pc) { return rom->data.data[pc] | rom->data.data[pc + 1] << 8; }

static void assert_same_maps(const z3_dmaps *a, const z3_dmaps *b) {
  for (int i = 0; i < Z3_DMAP_PALACES; i++) {
    const z3_dmap_palace *x = &a->palaces[i], *y = &b->palaces[i];
    assert_int_equal(x->floors, y->floors);
    assert_int_equal(x->basements, y->basements);
    assert_int_equal(x->boss_room, y->boss_room);
    assert_int_equal(x->boss_floor_word, y->boss_floor_word);
    assert_memory_equal(x->rooms, y->rooms, sizeof x->rooms);
    assert_memory_equal(x->gfx, y->gfx, sizeof x->gfx);
  }
}

Z3_TEST(test_dungeon_map__floor_names_parse_both_ways) {
  (void)state;
  int n = 99;
  char name[8];
  assert_true(z3_dmap_parse_floor("1F", &n)), assert_int_equal(n, 0);
  assert_true(z3_dmap_parse_floor("B2", &n)), assert_int_equal(n, -2);
  assert_true(z3_dmap_parse_floor("-1", &n)), assert_int_equal(n, -1);
  assert_true(z3_dmap_parse_floor("7f", &n)), assert_int_equal(n, 6);
  assert_false(z3_dmap_parse_floor("0F", &n));
  assert_false(z3_dmap_parse_floor("B0", &n));
  assert_false(z3_dmap_parse_floor("9F", &n));
  assert_false(z3_dmap_parse_floor("F", &n));
  assert_false(z3_dmap_parse_floor("", &n));
  z3_dmap_floor_name(-7, name, sizeof name), assert_string_equal(name, "B7");
  z3_dmap_floor_name(0, name, sizeof name), assert_string_equal(name, "1F");
}

/* The sample's maps (sample_dungeon_map.c) read back as built; the boss floor
 * words are the game's signed floor numbers: Desert's boss room is on its
 * only basement, so B1 = 0x00FF although it is floor index 0. */
Z3_TEST(test_dungeon_map__sample_maps_read_as_built) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dmaps *m = read_maps(rom);
  assert_false(m->expanded);
  const z3_dmap_palace *eastern = &m->palaces[2], *desert = &m->palaces[3];
  /* Eastern's rooms 0x0C9, 0x0B9 (north of it) and 0x0C8 (west of it) keep
   * their room-grid places on the 5x5 map, the entrance in the middle */
  assert_int_equal(eastern->floors, 2), assert_int_equal(eastern->basements, 0);
  assert_int_equal(eastern->rooms[1][2 * 5 + 2], 0x24); /* the curated room, alone on 2F */
  assert_int_equal(eastern->rooms[0][2 * 5 + 2], 0xC9);
  assert_int_equal(eastern->rooms[0][1 * 5 + 2], 0xB9);
  assert_int_equal(eastern->rooms[0][2 * 5 + 1], 0xC8);
  assert_int_equal(eastern->boss_room, 0xC8), assert_int_equal(eastern->boss_floor_word, 0x0000);
  assert_int_equal(z3_dmap_used_squares(eastern), 4);
  assert_int_equal(desert->basements, 1), assert_int_equal(desert->boss_floor_word, 0x00FF);
  for (int i = 0; i < Z3_DMAP_PALACES; i++) assert_int_not_equal(m->palaces[i].boss_room, Z3_DMAP_NO_BOSS);
  /* lists packed as vanilla's: palace 0's room list first, its templates after the template pointers */
  assert_int_equal(m->palaces[0].rooms_pc, 0x57621), assert_int_equal(m->palaces[0].gfx_pc, 0x57C00);
  z3_rom_free(rom);
  free(m);
}

Z3_TEST(test_dungeon_map__unchanged_write_is_byte_identical) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = malloc(rom->data.len);
  memcpy(before, rom->data.data, rom->data.len);
  z3_dmaps *m = read_maps(rom);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dmaps_write(rom, m, &err), &err);
  assert_int_equal(z3_rom_bytes_changed(rom), 0);
  assert_memory_equal(before, rom->data.data, rom->data.len);
  free(before), free(m);
  z3_rom_free(rom);
}

/* A square filled on a floor grows the template list by one: the room list
 * stays, the template list moves to free bytes no other palace uses, and
 * the re-read map has the new square with every other palace unchanged. */
Z3_TEST(test_dungeon_map__a_new_square_moves_the_template_list) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dmaps *m = read_maps(rom), *before = read_maps(rom);
  z3_dmap_palace *p = &m->palaces[2];
  size_t rooms_pc = p->rooms_pc, gfx_pc = p->gfx_pc;
  p->rooms[0][0] = 0x15, p->gfx[0][0] = 0x40;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dmap_write(rom, m, 2, &err), &err);
  z3_dmaps *after = read_maps(rom);
  assert_int_equal(after->palaces[2].rooms_pc, rooms_pc);
  assert_int_not_equal(after->palaces[2].gfx_pc, gfx_pc);
  assert_int_equal(after->palaces[2].rooms[0][0], 0x15);
  assert_int_equal(after->palaces[2].gfx[0][0], 0x40);
  assert_int_equal(after->palaces[2].gfx[0][2 * 5 + 2], before->palaces[2].gfx[0][2 * 5 + 2]);
  assert_int_equal(word(rom, 0x57BE4 + 4), 0x8000 | (after->palaces[2].gfx_pc & 0x7FFF));
  for (int i = 0; i < Z3_DMAP_PALACES; i++) {
    if (i == 2) continue;
    assert_memory_equal(after->palaces[i].rooms, before->palaces[i].rooms, sizeof before->palaces[i].rooms);
    assert_memory_equal(after->palaces[i].gfx, before->palaces[i].gfx, sizeof before->palaces[i].gfx);
    /* the new list shares no byte with another palace's lists */
    size_t lo = after->palaces[2].gfx_pc, hi = lo + z3_dmap_used_squares(&after->palaces[2]);
    size_t o = after->palaces[i].gfx_pc, on = z3_dmap_used_squares(&after->palaces[i]);
    assert_true(hi <= o || o + on <= lo);
  }
  free(m), free(before), free(after);
  z3_rom_free(rom);
}

/* Moving the boss room rewrites the boss floor word as the game reads it;
 * a map without the boss room is refused and nothing is written. */
Z3_TEST(test_dungeon_map__boss_floor_follows_the_boss_room) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dmaps *m = read_maps(rom);
  z3_dmap_palace *desert = &m->palaces[3];
  desert->rooms[1][0] = 0x34, desert->gfx[1][0] = 0x05, desert->boss_room = 0x34; /* on 1F */
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dmap_write(rom, m, 3, &err), &err);
  assert_int_equal(word(rom, 0x56E79 + 6), 0x0000);
  assert_int_equal(word(rom, 0x56807 + 6), 0x0034);
  size_t changes = rom->change_count;
  desert->boss_room = 0x44; /* on no floor */
  assert_int_equal(z3_dmap_write(rom, m, 3, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "boss room 0x044"));
  assert_int_equal(rom->change_count, changes);
  free(m);
  z3_rom_free(rom);
}

/* Full eight-floor maps: the vanilla area (1475 + 224 bytes between the
 * tables) runs out and the write fails naming the bytes needed, unchanged. */
Z3_TEST(test_dungeon_map__growth_past_the_area_is_refused) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dmaps *m = read_maps(rom);
  z3_error err;
  z3_error_init(&err);
  z3_status st = Z3_OK;
  int p = 4;
  for (; p < Z3_DMAP_PALACES && st == Z3_OK; p++) {
    z3_dmap_palace *big = &m->palaces[p];
    big->floors = 8, big->basements = 0;
    memset(big->rooms, 0x20, sizeof big->rooms);
    memset(big->gfx, 0x01, sizeof big->gfx);
    big->boss_room = Z3_DMAP_NO_BOSS;
    size_t changes = rom->change_count;
    st = z3_dmap_write(rom, m, p, &err);
    if (st) assert_int_equal(rom->change_count, changes);
  }
  assert_int_equal(st, Z3_E_INVALID);
  assert_non_null(strstr(err.message, "needs 200 bytes"));
  assert_true(p > 5); /* the first big maps did fit */
  free(m);
  z3_rom_free(rom);
}

static z3_rom *expanded_rom(void) {
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_layout(rom->data.data, Z3_LAYOUT_DUNGEON_MAPS);
  return rom;
}

/* The expanded layout reads the same maps from their new place; an unchanged
 * write is a no-op there too. */
Z3_TEST(test_dungeon_map__expanded_layout_reads_the_same_maps) {
  (void)state;
  z3_rom *vanilla = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM), *rom = expanded_rom();
  z3_layouts found;
  z3_layouts_detect(rom, &found);
  assert_int_equal(found.count, 1), assert_int_equal(found.hits[0].layout, Z3_LAYOUT_DUNGEON_MAPS);
  z3_dmaps *a = read_maps(vanilla), *b = read_maps(rom);
  assert_true(b->expanded);
  assert_int_equal(b->palaces[0].rooms_pc, GEN_DMAP_DATA_PC);
  assert_same_maps(a, b);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dmaps_write(rom, b, &err), &err);
  assert_int_equal(z3_rom_bytes_changed(rom), 0);
  free(a), free(b);
  z3_rom_free(vanilla), z3_rom_free(rom);
}

/* The expanded layout frees the templates' old place: maps that do not fit
 * the vanilla area fit there, and re-read as written. */
Z3_TEST(test_dungeon_map__expanded_layout_holds_more) {
  (void)state;
  z3_rom *rom = expanded_rom();
  z3_dmaps *m = read_maps(rom);
  z3_error err;
  z3_error_init(&err);
  for (int p = 4; p < 10; p++) {
    z3_dmap_palace *big = &m->palaces[p];
    big->floors = 8, big->basements = 0, big->boss_room = Z3_DMAP_NO_BOSS;
    big->boss_floor_word = 0xFFFF; /* the word the writer stores for a map without a boss */
    memset(big->rooms, 0x20 + p, sizeof big->rooms);
    memset(big->gfx, p, sizeof big->gfx);
    assert_ok(z3_dmap_write(rom, m, p, &err), &err);
  }
  z3_dmaps *again = read_maps(rom);
  assert_same_maps(m, again);
  bool used_freed_space = false;
  for (int p = 0; p < Z3_DMAP_PALACES; p++)
    used_freed_space |= again->palaces[p].gfx_pc < 0x575D9 || again->palaces[p].rooms_pc < 0x575D9;
  assert_true(used_freed_space);
  free(m), free(again);
  z3_rom_free(rom);
}

/* Bad tables are refused with the offset: a floor count over 8, a list
 * pointer below $8000. */
Z3_TEST(test_dungeon_map__bad_tables_are_named) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dmaps *m = calloc(1, sizeof *m);
  z3_error err;
  z3_error_init(&err);
  rom->data.data[0x575D9 + 2 * 5] = 0x54;
  assert_int_equal(z3_dmaps_read(rom, m, &err), Z3_E_INVALID);
  assert_int_equal(err.offset, 0x575D9 + 2 * 5);
  rom->data.data[0x575D9 + 2 * 5] = 0x11;
  rom->data.data[0x57605 + 2 * 7 + 1] = 0x70;
  z3_error_init(&err);
  assert_int_equal(z3_dmaps_read(rom, m, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "not in ROM"));
  assert_int_equal(err.offset, 0x57605 + 2 * 7);
  free(m);
  z3_rom_free(rom);
}

/* A hack can leave a list over the fixed tables (here palace 0's room list
 * starts 3 bytes early, on the last room pointers): it reads, an unchanged
 * write leaves it there, but an edit moves it off the tables rather than
 * overwrite palace 13's pointer with a room id (the fuzz target's finding,
 * regress-list-over-pointer-table). */
Z3_TEST(test_dungeon_map__a_list_over_the_tables_moves_off_them) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  rom->data.data[0x57605] = 0x1E; /* $0A:F61E: pointer table bytes 0x5761E-0x57620 first */
  z3_dmaps *m = read_maps(rom), *before = read_maps(rom);
  assert_int_equal(m->palaces[0].rooms_pc, 0x5761E);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dmaps_write(rom, m, &err), &err);
  assert_int_equal(z3_rom_bytes_changed(rom), 0);
  m->palaces[0].rooms[0][1] = 0x33, m->palaces[0].gfx[0][1] = 0x05; /* square 1 lies on palace 13's pointer */
  assert_ok(z3_dmap_write(rom, m, 0, &err), &err);
  z3_dmaps *after = read_maps(rom);
  assert_true(after->palaces[0].rooms_pc >= 0x57621);
  assert_int_equal(after->palaces[0].rooms[0][1], 0x33);
  assert_int_equal(after->palaces[13].rooms_pc, before->palaces[13].rooms_pc);
  assert_memory_equal(after->palaces[13].rooms, before->palaces[13].rooms, sizeof before->palaces[13].rooms);
  free(m), free(before), free(after);
  z3_rom_free(rom);
}

/* Z3ED_TEST_ROM: the real game's maps, as usdasm's bank_0A lists them, load
 * for every palace and write back byte-identically. */
Z3_TEST(test_dungeon_map__real_rom_loads_and_writes_identically) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  z3_dmaps *m = read_maps(rom);
  assert_false(m->expanded);
  assert_int_equal(m->palaces[0].rooms_pc, 0x57621);
  assert_int_equal(m->palaces[0].gfx_pc, 0x57C00);
  size_t squares = 0, floors = 0;
  for (int i = 0; i < Z3_DMAP_PALACES; i++) {
    squares += z3_dmap_used_squares(&m->palaces[i]);
    floors += (size_t)z3_dmap_floor_total(&m->palaces[i]);
  }
  assert_int_equal(floors, 59);   /* 0x57621-0x57BE3 holds 59 floors of 25 */
  assert_int_equal(squares, 186); /* one template each, 0x57C00-0x57CB9 */
  assert_int_equal(m->palaces[2].boss_room, 0xC8);
  assert_int_equal(m->palaces[9].boss_floor_word, 0x00F9); /* Ice Palace: B7 */
  assert_ok(z3_dmaps_write(rom, m, &err), &err);
  assert_int_equal(z3_rom_bytes_changed(rom), 0);
  free(m);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_dungeon_map__floor_names_parse_both_ways),
       cmocka_unit_test(test_dungeon_map__sample_maps_read_as_built),
       cmocka_unit_test(test_dungeon_map__unchanged_write_is_byte_identical),
       cmocka_unit_test(test_dungeon_map__a_new_square_moves_the_template_list),
       cmocka_unit_test(test_dungeon_map__boss_floor_follows_the_boss_room),
       cmocka_unit_test(test_dungeon_map__growth_past_the_area_is_refused),
       cmocka_unit_test(test_dungeon_map__expanded_layout_reads_the_same_maps),
       cmocka_unit_test(test_dungeon_map__expanded_layout_holds_more),
       cmocka_unit_test(test_dungeon_map__bad_tables_are_named),
       cmocka_unit_test(test_dungeon_map__a_list_over_the_tables_moves_off_them),
       cmocka_unit_test(test_dungeon_map__real_rom_loads_and_writes_identically))
