/*
 * The sample ROM's pause-screen dungeon maps, in the vanilla layout
 * (docs/formats.md "Dungeon maps"): the tables at their bank $0A addresses,
 * every room list packed from 0x57621 and every template list from 0x57C00
 * as the game's own are, and byte 0x56652 left at $B9 (not expanded).
 *
 * Our own maps of the sample's rooms that have content: Eastern Palace
 * (palace 2) holds the designed and gallery rooms on two floors with its boss
 * room 0x024 on 2F; Desert Palace (3) has a basement holding its boss room,
 * so its boss floor number (B1) differs from the floor's index (0); the
 * others show room 0x012 on 1F and have no boss. The room templates
 * themselves (the 8-byte tile words at 0x57009) are not written: nothing in
 * z3ed draws them yet.
 */
#include <string.h>

#include "zelda3/dungeon_map.h"
#include "zelda3/sample_dungeon.h"

enum { ROOMS_PC = 0x57621, GFX_PC = 0x57C00, FREE_END_PC = 0x57CE0 };

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }

typedef struct sample_square { int floor, x, y, room, gfx; } sample_square;

static const sample_square eastern[] = {
    {0, 1, 2, 0x015, 0x10}, {0, 2, 2, 0x012, 0x11}, {0, 3, 2, 0x016, 0x12}, {1, 2, 2, 0x024, 0x20}, {1, 2, 1, 0x026, 0x21}};
static const sample_square desert[] = {{0, 2, 3, 0x024, 0x30}, {1, 2, 2, 0x015, 0x31}, {1, 3, 2, 0x016, 0x32}};

static void fill(z3_dmap_palace *p, const sample_square *sq, size_t n) {
  for (size_t i = 0; i < n; i++) {
    p->rooms[sq[i].floor][sq[i].y * 5 + sq[i].x] = (uint8_t)sq[i].room;
    p->gfx[sq[i].floor][sq[i].y * 5 + sq[i].x] = (uint8_t)sq[i].gfx;
  }
}

static void build(z3_dmap_palace *p, int palace) {
  memset(p, 0, sizeof *p);
  memset(p->rooms, Z3_DMAP_EMPTY, sizeof p->rooms);
  memset(p->gfx, 0xFF, sizeof p->gfx);
  p->boss_room = Z3_DMAP_NO_BOSS;
  p->floors = 1;
  if (palace == 2) {
    p->floors = 2, p->boss_room = 0x024;
    fill(p, eastern, sizeof eastern / sizeof eastern[0]);
  } else if (palace == 3) {
    p->basements = 1, p->boss_room = 0x024;
    fill(p, desert, sizeof desert / sizeof desert[0]);
  } else {
    p->rooms[0][12] = 0x12, p->gfx[0][12] = (uint8_t)palace;
  }
}

/* Boss floor: the game's signed floor number of the lowest floor with the boss room. */
static unsigned boss_floor(const z3_dmap_palace *p) {
  if (p->boss_room == Z3_DMAP_NO_BOSS) return 0xFFFF;
  return (uint8_t)z3_dmap_floor_number(p, z3_dmap_find_room(p, p->boss_room));
}

void z3_sample__write_dungeon_maps(uint8_t *img) {
  memset(img + ROOMS_PC, 0xFF, FREE_END_PC - ROOMS_PC); /* unused map space reads as free, as vanilla's does */
  size_t rooms = ROOMS_PC, gfx = GFX_PC;
  for (int i = 0; i < Z3_DMAP_PALACES; i++) {
    z3_dmap_palace p;
    build(&p, i);
    put16(img + 0x575D9 + 2 * (size_t)i, (unsigned)(p.floors << 4 | p.basements));
    put16(img + 0x56807 + 2 * (size_t)i, p.boss_room);
    put16(img + 0x56E79 + 2 * (size_t)i, boss_floor(&p));
    put16(img + 0x57605 + 2 * (size_t)i, 0x8000 | (rooms & 0x7FFF));
    put16(img + 0x57BE4 + 2 * (size_t)i, 0x8000 | (gfx & 0x7FFF));
    for (int f = 0; f < z3_dmap_floor_total(&p); f++)
      for (int s = 0; s < Z3_DMAP_SQUARES; s++) {
        img[rooms++] = p.rooms[f][s];
        if (p.rooms[f][s] != Z3_DMAP_EMPTY) img[gfx++] = p.gfx[f][s];
      }
  }
  for (int k = 0; k < 8; k++) put16(img + 0x575F5 + 2 * (size_t)k, (unsigned)k * Z3_DMAP_SQUARES); /* floor offsets */
  img[0x56652] = 0xB9;
}
