/*
 * The sample ROM's pause-screen dungeon maps, in the vanilla layout
 * (docs/formats.md "Dungeon maps"): the tables at their bank $0A addresses,
 * every room list packed from 0x57621 and every template list from 0x57C00
 * as the game's own are, and byte 0x56652 left at $B9 (not expanded).
 *
 * Our own maps of the sample's palaces (sample_palaces.c): each palace's
 * rooms on one floor, 1F, at their places on the room grid (column = id % 16,
 * row = id / 16, shifted to the middle of the 5x5 map), its last room the
 * boss room. The curated rooms the entrances 0-6 reach are on maps too: the
 * sanctuary 0x012 among the sewer rooms, 0x024 alone on Eastern's 2F.
 * Desert Palace (3) keeps its boss room on a basement, so its boss floor
 * number (B1) differs from the floor's index (0). The room templates
 * themselves (the 8-byte tile words at 0x57009) are not written: nothing in
 * z3ed draws them yet.
 */
#include <string.h>

#include "zelda3/dungeon_map.h"
#include "zelda3/sample_dungeon.h"

enum { ROOMS_PC = 0x57621, GFX_PC = 0x57C00, FREE_END_PC = 0x57CE0 };

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }

/* A palace's room list: its own rooms and the curated ones at their grid place. */
static int palace_rooms(int palace, uint16_t rooms[Z3_SAMPLE_PALACE_ROOMS + 1]) {
  const z3_sample_palace *sp = &z3_sample__palaces[palace];
  int n = z3_sample__palace_rooms(sp);
  memcpy(rooms, sp->rooms, sizeof sp->rooms);
  if (palace == 0) rooms[n++] = 0x012;
  return n;
}

/* The first column and row of the rooms and how many they span. */
static void extent(const uint16_t *rooms, int n, int *x0, int *y0, int *w, int *h) {
  int x1 = 0, y1 = 0;
  *x0 = 16, *y0 = 32;
  for (int j = 0; j < n; j++) {
    int x = rooms[j] & 0x0F, y = rooms[j] >> 4;
    if (x < *x0) *x0 = x;
    if (y < *y0) *y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  *w = x1 - *x0 + 1, *h = y1 - *y0 + 1;
}

/* Each room's template is its own number in palace order (all below 0xBA). */
static z3_status build(z3_dmap_palace *p, int palace, z3_error *err) {
  const z3_sample_palace *sp = &z3_sample__palaces[palace];
  uint16_t rooms[Z3_SAMPLE_PALACE_ROOMS + 1];
  int own = z3_sample__palace_rooms(sp), n = palace_rooms(palace, rooms), x0, y0, w, h;
  memset(p, 0, sizeof *p);
  memset(p->rooms, Z3_DMAP_EMPTY, sizeof p->rooms);
  memset(p->gfx, 0xFF, sizeof p->gfx);
  p->floors = 1, p->basements = sp->boss_below ? 1 : 0;
  p->boss_room = sp->rooms[own - 1];
  extent(rooms, n, &x0, &y0, &w, &h);
  if (w > 5 || h > 5) {
    return z3_error_set(err, Z3_E_INTERNAL, "sample palace %d: its rooms span %dx%d grid places; a map holds 5x5",
                        palace, w, h);
  }
  int dx = (5 - w) / 2 - x0, dy = (5 - h) / 2 - y0;
  for (int j = 0; j < n; j++) {
    int f = p->basements && j != own - 1 ? 1 : 0, s = ((rooms[j] >> 4) + dy) * 5 + (rooms[j] & 0x0F) + dx;
    p->rooms[f][s] = (uint8_t)rooms[j];
    p->gfx[f][s] = (uint8_t)(palace * (Z3_SAMPLE_PALACE_ROOMS + 1) + j);
  }
  if (palace == 2) { /* 0x024 on 2F */
    p->floors = 2;
    p->rooms[1][12] = 0x24, p->gfx[1][12] = (uint8_t)(palace * (Z3_SAMPLE_PALACE_ROOMS + 1) + Z3_SAMPLE_PALACE_ROOMS);
  }
  return Z3_OK;
}

/* Boss floor: the game's signed floor number of the lowest floor with the boss room. */
static unsigned boss_floor(const z3_dmap_palace *p) {
  if (p->boss_room == Z3_DMAP_NO_BOSS) return 0xFFFF;
  return (uint8_t)z3_dmap_floor_number(p, z3_dmap_find_room(p, p->boss_room));
}

z3_status z3_sample__write_dungeon_maps(uint8_t *img, z3_error *err) {
  memset(img + ROOMS_PC, 0xFF, FREE_END_PC - ROOMS_PC); /* unused map space reads as free, as vanilla's does */
  size_t rooms = ROOMS_PC, gfx = GFX_PC;
  for (int i = 0; i < Z3_DMAP_PALACES; i++) {
    z3_dmap_palace p;
    z3_status st = build(&p, i, err);
    if (st != Z3_OK) return st;
    size_t room_bytes = (size_t)z3_dmap_floor_total(&p) * Z3_DMAP_SQUARES;
    if (rooms + room_bytes > 0x57BE4 || gfx + z3_dmap_used_squares(&p) > FREE_END_PC) {
      return z3_error_set(err, Z3_E_INTERNAL, "sample palace %d: its map overflows the map area at 0x%zX", i, rooms);
    }
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
  return Z3_OK;
}
