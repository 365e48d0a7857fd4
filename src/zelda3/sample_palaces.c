/*
 * The sample ROM's palaces: for each of the 14 dungeons of the entrance
 * table (world reference §3.13, dungeon id = palace * 2) three or four rooms
 * at ids the game's own palace uses, so the 16x16 room grid neighbours make
 * sense: an entrance room with the exit door and a key-dropping foe, a chest
 * room with a chest (big in some) and a pot item, and a boss room with its
 * boss and guards, all joined by doors that pair. One descriptor per palace
 * and one builder make all of them; the descriptors vary the header (palette,
 * blockset, sprite set) so renders of different palaces differ, and the
 * builder picks objects from pools by palace and room so that between them
 * the rooms use the size rules of all three subtypes.
 */
#include <string.h>

#include "zelda3/sample_dungeon.h"

/* Room ids are vanilla's for the same palace (Appendix facts: which rooms each
 * palace holds); each list is joined on the grid: every room after the first
 * has an earlier neighbour in its list. */
const z3_sample_palace z3_sample__palaces[Z3_SAMPLE_PALACES] = {
    /* 0x00 sewers to the sanctuary: dark room, rope room, key-rat room */
    {{0x041, 0x042, 0x032, 0}, 0x01, 0x00, 0x01, 0x6D, 0x6D, false, true, false, false},
    /* 0x02 Hyrule Castle: main entrance, boomerang room, throne room */
    {{0x061, 0x071, 0x051, 0}, 0x02, 0x01, 0x02, 0x41, 0x41, false, false, true, false},
    /* 0x04 Eastern Palace: entrance, lobby, Armos Knights */
    {{0x0C9, 0x0B9, 0x0C8, 0}, 0x04, 0x02, 0x03, 0x53, 0x6B, true, true, false, false},
    /* 0x06 Desert Palace: last section's entrance, halls, Lanmolas in the basement */
    {{0x063, 0x053, 0x043, 0x033}, 0x06, 0x03, 0x04, 0x54, 0x8E, false, false, true, true},
    /* 0x08 Agahnim's Tower: entrance, dark maze, dark bridge */
    {{0x0E0, 0x0D0, 0x0C0, 0}, 0x08, 0x04, 0x05, 0x7A, 0x42, false, true, false, false},
    /* 0x0A Swamp Palace: entrance, key pot room, map room */
    {{0x028, 0x038, 0x037, 0}, 0x0A, 0x05, 0x06, 0x8C, 0x8B, true, false, true, false},
    /* 0x0C Palace of Darkness: entrance, bombable floor, Helmasaur King */
    {{0x04A, 0x03A, 0x05A, 0}, 0x0C, 0x06, 0x07, 0x92, 0x8F, false, true, false, false},
    /* 0x0E Misery Mire: fish room, pre-Vitreous, Vitreous */
    {{0x0A1, 0x0A0, 0x090, 0}, 0x0E, 0x07, 0x08, 0xBD, 0x9B, true, false, true, false},
    /* 0x10 Skull Woods: last section's entrance to Mothula */
    {{0x059, 0x049, 0x039, 0x029}, 0x10, 0x08, 0x09, 0x88, 0x8B, false, true, false, false},
    /* 0x12 Ice Palace: entrance, Bari room, Pengator room */
    {{0x00E, 0x01E, 0x01F, 0}, 0x12, 0x09, 0x0A, 0x99, 0xA1, true, false, true, false},
    /* 0x14 Tower of Hera: the big chest floor up to Moldorm (the entrance 0x077
     * has no Hera room beside it that leads up there) */
    {{0x027, 0x017, 0x007, 0}, 0x14, 0x0A, 0x0B, 0x09, 0x0D, false, true, false, false},
    /* 0x16 Thieves' Town: south-east entrance up to Blind */
    {{0x0DC, 0x0CC, 0x0BC, 0x0AC}, 0x16, 0x0B, 0x0C, 0xCE, 0x8B, true, false, true, false},
    /* 0x18 Turtle Rock: entrance, torch hall, chain chomps */
    {{0x0D6, 0x0C6, 0x0B6, 0}, 0x18, 0x0C, 0x0D, 0xCA, 0xC5, false, true, false, false},
    /* 0x1A Ganon's Tower: entrance, ice armos, Agahnim's second room */
    {{0x00C, 0x01C, 0x00D, 0}, 0x1A, 0x0D, 0x0E, 0x7A, 0x8A, true, false, true, false},
};

int z3_sample__palace_rooms(const z3_sample_palace *p) {
  int n = 0;
  while (n < Z3_SAMPLE_PALACE_ROOMS && p->rooms[n]) n++;
  return n;
}

/* Object pools: the first draws 2D floors (size = columns and rows of 4x4
 * blocks), the second rows and columns (size = length), the third the
 * one-piece decor of subtypes 2 and 3, so every room has all three. Together they cover every draw rule the
 * renderer has for sized objects. */
static const uint16_t floors_pool[] = {0x0C4, 0x0C7, 0x0DB, 0x0E0, 0x0D1, 0x0DD, 0x0E8, 0x0CA,
                                       0x0C8, 0x0A4, 0x0DE, 0x0E3, 0x0C5, 0x0CD};
static const uint16_t lines_pool[] = {0x033, 0x038, 0x039, 0x03D, 0x070, 0x075, 0x07B, 0x022,
                                      0x069, 0x0B6, 0x05E, 0x08D, 0x03A, 0x081, 0x0B3, 0x050};
static const uint16_t decor_pool[] = {0x11C, 0x11D, 0x121, 0x122, 0x123, 0x124, 0x125, 0x126, 0x13D, 0x13E};
static const uint16_t decor3_pool[] = {0xFAB, 0xFB0, 0xFCD, 0xFDB, 0xFE4, 0xFC9, 0xFD1, 0xFB7}; /* subtype 3 */
#define COUNT(a) (sizeof(a) / sizeof(a)[0])

/* Door kinds: the joins use the kinds that pair, the rest kinds that stand alone. */
static const uint8_t join_kinds[] = {0x00, 0x1C, 0x02, 0x1E};
static const uint8_t lone_kinds[] = {0x2E, 0x18, 0x28, 0x30};
/* Positions stay below 6: the game draws a north or west door at 6-11 as a
 * door in the middle of the room with a partner facing back (usdasm
 * RoomDraw_Door_North), which the sample's wall positions are not. */
enum { EXIT_DOOR = 0x0A, EXIT_POS = 3, LONE_POS = 3, KEY_DROP = 1 };

static void add_object(z3_sample_room *r, int list, uint16_t id, int x, int y, int size) {
  r->objects[list][r->counts[list]++] = (z3_room_object){id, (uint8_t)x, (uint8_t)y, (uint8_t)size};
}

static void add_sprite(z3_sample_room *r, uint8_t id, int x, int y, uint8_t key_drop) {
  r->sprites[r->sprite_count++] = (z3_room_sprite){id, (uint8_t)x, (uint8_t)y, 0, 0, key_drop};
}

static void add_door(z3_sample_room *r, unsigned dir, unsigned pos, uint8_t type) {
  r->doors[r->door_count++] = (z3_room_door){(uint8_t)(pos << 4 | dir), type};
}

/* Header, floor, layout and the pooled objects every palace room has. */
static void room_frame(z3_sample_room *r, const z3_sample_palace *p, int pi, int j) {
  const uint8_t header[Z3_ROOM_HEADER_SIZE] = {(uint8_t)(pi & 1 ? 0x20 : 0xC0), p->palette, p->blockset, p->sprite_set};
  memcpy(r->header, header, sizeof header);
  r->floor = (uint8_t)(((pi + j) % 15) << 4 | 0x0F);
  r->layout = (uint8_t)((pi + j) % Z3_ROOM_LAYOUTS << 2);
  int k = pi * 3 + j;
  add_object(r, 1, floors_pool[k % COUNT(floors_pool)], 16, 20, 5 + k % 11);
  add_object(r, 0, lines_pool[k % COUNT(lines_pool)], 12, 12, k % 16);
  add_object(r, 0, lines_pool[(k + 7) % COUNT(lines_pool)], 44, 40, (k + 5) % 16);
  add_object(r, 2, decor_pool[k % COUNT(decor_pool)], 28, 30, 0);
  add_object(r, 0, decor3_pool[k % COUNT(decor3_pool)], 40, 50, 0);
  r->message = (uint16_t)(0x0030 + pi);
}

/* The room's part: exit and key drop at the entrance, chest and pot in the
 * chest room, boss and guards in the boss room, torches or a block where the
 * descriptor asks. */
static void room_role(z3_sample_room *r, const z3_sample_palace *p, int pi, int j, int last) {
  if (j == 0) {
    add_door(r, 1, EXIT_POS, EXIT_DOOR);
    add_sprite(r, p->foe, 8, 10, KEY_DROP);
    add_sprite(r, p->foe, 22, 10, 0);
    if (p->block) {
      add_object(r, 0, 0x05E, 40, 24, 0); /* a block row beside the pushable one */
      r->block = (uint16_t)(24 << 7 | 36 << 1);
    }
  } else if (j == 1) {
    add_object(r, 2, p->big_chest ? 0xFB1 : 0xF99, 30, 14, 0);
    add_object(r, 2, 0xFAF, 20, 44, 0);
    r->pot = (z3_pot_item){(uint16_t)((44 * 64 + 20) * 2), (uint8_t)(0x01 + pi % 8)};
    add_door(r, 0, LONE_POS, lone_kinds[pi % COUNT(lone_kinds)]);
    add_sprite(r, p->foe, 16, 24, 0);
  }
  if (j == last) {
    add_sprite(r, p->boss, 15, 12, 0);
    add_sprite(r, p->foe, 6, 22, 0);
    add_sprite(r, p->foe, 24, 22, 0);
    if (p->torches) {
      add_object(r, 2, 0x120, 8, 8, 0);
      add_object(r, 2, 0x120, 52, 8, 0);
      r->torches[0] = (uint16_t)(8 << 7 | 8 << 1), r->torches[1] = (uint16_t)(0x8000 | 8 << 7 | 52 << 1);
    }
  }
}

static z3_sample_room *find(z3_sample_room *list, size_t count, int id) {
  for (size_t i = 0; i < count; i++)
    if (list[i].id == id) return &list[i];
  return NULL;
}

/* Joins room j to the first earlier room of its palace beside it; the other
 * side is added here too, so the pair never depends on pair_doors. */
static z3_status join(z3_sample_room *list, size_t first, size_t j, int pi, z3_error *err) {
  z3_sample_room *r = &list[first + j];
  for (size_t e = first; e < first + j; e++)
    for (unsigned dir = 0; dir < 4; dir++) {
      if (z3_room_neighbour(r->id, dir) != list[e].id) continue;
      uint8_t kind = join_kinds[(size_t)(pi + (int)j) % COUNT(join_kinds)];
      unsigned pos = j % 2 ? 1 : 5;
      add_door(r, dir, pos, kind);
      add_door(&list[e], dir ^ 1u, pos, kind);
      return Z3_OK;
    }
  return z3_error_set(err, Z3_E_INTERNAL, "sample palace %d: room 0x%03X has no neighbour in its palace to join",
                      pi, r->id);
}

z3_status z3_sample__build_palaces(z3_sample_room *list, size_t *count, size_t max, z3_error *err) {
  for (int pi = 0; pi < Z3_SAMPLE_PALACES; pi++) {
    const z3_sample_palace *p = &z3_sample__palaces[pi];
    int n = z3_sample__palace_rooms(p);
    size_t first = *count;
    for (int j = 0; j < n; j++) {
      if (*count >= max) return z3_error_set(err, Z3_E_INTERNAL, "sample palace %d: no room left in the list", pi);
      if (find(list, *count, p->rooms[j])) {
        return z3_error_set(err, Z3_E_INTERNAL, "sample palace %d: room 0x%03X is taken", pi, p->rooms[j]);
      }
      z3_sample_room *r = &list[(*count)++];
      memset(r, 0, sizeof *r);
      r->id = p->rooms[j];
      room_frame(r, p, pi, j);
      room_role(r, p, pi, j, n - 1);
    }
    for (int j = 1; j < n; j++) {
      z3_status st = join(list, first, (size_t)j, pi, err);
      if (st != Z3_OK) return st;
    }
  }
  return Z3_OK;
}
