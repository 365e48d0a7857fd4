/* The sample's 14 palaces (issue 13, src/zelda3/sample_palaces.c), walked
 * from the ROM alone: each palace's pause map names its rooms, and those
 * rooms must each hold objects of all three subtypes, a door whose other
 * side pairs, a chest, a pot item, sprites with a key drop and a boss room with
 * guards; the palace's entrances must reach its entrance room with its
 * dungeon id, blockset and floor. Chests, key drops, doors and entrances are
 * read here straight from the raw tables (world reference §3.3, §3.6, §3.7,
 * §3.13), not through the dungeon model, so the model and this reader must
 * agree on the new rooms. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/dungeon_map.h"

enum {
  ENT_ROOM = 0x14813, ENT_BLOCKSET = 0x15381, ENT_FLOOR = 0x15406, ENT_DUNGEON = 0x1548B, ENTRANCES = 133,
  CHEST_KEY_MARKER = 0xFE, /* a sprite record whose first byte is $FE: the sprite before drops a small key */
};

static unsigned word(const z3_rom *rom, size_t pc) { return rom->data.data[pc] | rom->data.data[pc + 1] << 8; }
static uint32_t lng(const z3_rom *rom, size_t pc) { return word(rom, pc) | (uint32_t)rom->data.data[pc + 2] << 16; }

static size_t pc_of(const z3_rom *rom, uint32_t snes) {
  size_t pc = 0;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_to_pc(rom, snes, &pc, &err), &err);
  return pc;
}

/* Chest records of `room` in the table the operand at 0xEBFB points to (§3.7). */
static int raw_chests(const z3_rom *rom, int room) {
  size_t table = pc_of(rom, lng(rom, Z3_CHEST_PTR_OPERAND_PC)), bytes = word(rom, Z3_CHEST_SIZE_OPERAND_PC);
  int n = 0;
  for (size_t at = table; at + 3 <= table + bytes; at += 3) n += (int)(word(rom, at) & 0x7FFF) == room;
  return n;
}

/* Whether `room`'s sprite list (bank $09 words, §3.6) holds a small-key marker record. */
static bool raw_key_drop(const z3_rom *rom, int room) {
  uint32_t bank = 0x090000;
  size_t table = pc_of(rom, bank | word(rom, Z3_ROOM_SPRITE_PTR_OPERAND_PC));
  size_t at = pc_of(rom, bank | word(rom, table + 2 * (size_t)room)) + 1; /* past the sort byte */
  for (; rom->data.data[at] != 0xFF; at += 3)
    if (rom->data.data[at] == CHEST_KEY_MARKER && rom->data.data[at + 2] == 0xE4) return true;
  return false;
}

/* The door records of `room` (§3.3: door pointer table, 2-byte records up to FF FF). */
static size_t raw_doors(const z3_rom *rom, int room, uint8_t out[][2]) {
  size_t table = pc_of(rom, lng(rom, Z3_ROOM_DOOR_PTR_OPERAND_PC));
  size_t at = pc_of(rom, lng(rom, table + 3 * (size_t)room)), n = 0;
  for (; word(rom, at) != 0xFFFF && n < 32; at += 2, n++) memcpy(out[n], rom->data.data + at, 2);
  return n;
}

/* Doorways the game opens from both sides: normal (two layers), small key, big key. */
static bool pairing_kind(uint8_t type) { return type == 0x00 || type == 0x02 || type == 0x1C || type == 0x1E; }

/* Whether some pairing door of `room` has the matching door (same position,
 * opposite wall, same kind) in the room beyond it on the 16-wide grid. */
static bool raw_paired_door(const z3_rom *rom, int room, int *kinds_seen) {
  uint8_t doors[32][2], beyond[32][2];
  size_t n = raw_doors(rom, room, doors);
  bool paired = false;
  for (size_t i = 0; i < n; i++) {
    unsigned dir = doors[i][0] & 3, pos = doors[i][0] >> 4;
    if (!pairing_kind(doors[i][1])) continue;
    int other = dir == 0 ? room - 16 : dir == 1 ? room + 16 : dir == 2 ? room - 1 : room + 1;
    size_t m = raw_doors(rom, other, beyond);
    for (size_t k = 0; k < m; k++)
      if ((beyond[k][0] & 3) == (dir ^ 1) && beyond[k][0] >> 4 == pos && beyond[k][1] == doors[i][1]) {
        paired = true;
        *kinds_seen |= 1 << (doors[i][1] == 0x00 ? 0 : doors[i][1] == 0x02 ? 1 : doors[i][1] == 0x1C ? 2 : 3);
      }
  }
  return paired;
}

typedef struct palace_tally {
  int rooms, chests, pots, sprites, key_drops, paired, subtypes;
} palace_tally;

static int subtype_bit(uint16_t id) { return id < 0x100 ? 1 : id < 0x140 ? 2 : 4; }

static void tally_room(const z3_rom *rom, const z3_dungeon *d, int room, palace_tally *t, int *kinds) {
  const z3_room *r = &d->rooms[room];
  if (!z3_room_object_total(r)) fail_msg("room 0x%03X is on a map but has no objects", room);
  t->rooms++;
  int subtypes = 0;
  for (int l = 0; l < Z3_ROOM_LAYERS; l++)
    for (size_t i = 0; i < r->object_count[l]; i++) subtypes |= subtype_bit(r->objects[l][i].id);
  if (subtypes != 7) fail_msg("room 0x%03X lacks objects of some subtype (mask %d)", room, subtypes);
  t->subtypes |= subtypes;
  size_t idx[Z3_CHEST_RECORDS];
  int chests = raw_chests(rom, room);
  assert_int_equal(z3_room_chests(d, room, idx), (size_t)chests); /* the model agrees with the raw table */
  t->chests += chests;
  t->pots += (int)r->pot_count;
  t->sprites += (int)r->sprite_count;
  bool key = raw_key_drop(rom, room), model_key = false;
  for (size_t i = 0; i < r->sprite_count; i++) model_key |= r->sprites[i].key_drop == 1;
  assert_int_equal(key, model_key);
  t->key_drops += key;
  t->paired += raw_paired_door(rom, room, kinds);
}

/* The palace's entrances: each leads to a room on its map, on the floor
 * the map shows it, in the blockset of the room's header. */
static int check_entrances(const z3_rom *rom, const z3_dungeon *d, const z3_dmap_palace *p, int palace) {
  int found = 0;
  for (int i = 0; i < ENTRANCES; i++) {
    if (rom->data.data[ENT_DUNGEON + i] != 2 * palace) continue;
    int room = (int)word(rom, ENT_ROOM + 2 * (size_t)i), f = z3_dmap_find_room(p, (unsigned)room);
    if (f < 0) fail_msg("palace %d: entrance 0x%02X leads to room 0x%03X, not on its map", palace, i, room);
    assert_int_equal((int8_t)rom->data.data[ENT_FLOOR + i], z3_dmap_floor_number(p, f));
    /* the curated rooms' entrances keep the main blocksets the reference renders use */
    if (room != 0x012 && room != 0x024) assert_int_equal(rom->data.data[ENT_BLOCKSET + i], d->rooms[room].header[2]);
    found++;
  }
  return found;
}

Z3_TEST(test_sample_palaces__every_palace_has_its_rooms_doors_chests_and_entrances) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_dmaps *maps = calloc(1, sizeof *maps);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dmaps_read(rom, maps, &err), &err);
  int kinds = 0;
  uint16_t palettes[Z3_DMAP_PALACES];
  for (int pi = 0; pi < Z3_DMAP_PALACES; pi++) {
    const z3_dmap_palace *p = &maps->palaces[pi];
    palace_tally t = {0};
    for (int f = 0; f < z3_dmap_floor_total(p); f++)
      for (int s = 0; s < Z3_DMAP_SQUARES; s++)
        if (p->rooms[f][s] != Z3_DMAP_EMPTY) tally_room(rom, d, p->rooms[f][s], &t, &kinds);
    if (t.rooms < 3 || !t.chests || !t.pots || !t.sprites || !t.key_drops || !t.paired || t.subtypes != 7) {
      fail_msg("palace %d: rooms %d chests %d pots %d sprites %d key drops %d paired %d subtypes %d", pi, t.rooms,
               t.chests, t.pots, t.sprites, t.key_drops, t.paired, t.subtypes);
    }
    assert_int_not_equal(p->boss_room, Z3_DMAP_NO_BOSS);
    assert_true(z3_dmap_find_room(p, p->boss_room) >= 0);
    assert_true(d->rooms[p->boss_room].sprite_count >= 2); /* the boss and its guards */
    if (!check_entrances(rom, d, p, pi)) fail_msg("palace %d: no entrance has its dungeon id 0x%02X", pi, 2 * pi);
    palettes[pi] = d->rooms[p->boss_room].header[1];
  }
  assert_int_equal(kinds, 0xF); /* between them the joins use all four pairing kinds */
  for (int a = 0; a < Z3_DMAP_PALACES; a++) /* each palace its own palette, so renders differ */
    for (int b = a + 1; b < Z3_DMAP_PALACES; b++) assert_int_not_equal(palettes[a], palettes[b]);
  free(maps);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_sample_palaces__every_palace_has_its_rooms_doors_chests_and_entrances))
