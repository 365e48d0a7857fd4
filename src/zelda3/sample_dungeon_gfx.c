/* The sample ROM's dungeon entrances and object drawing data (our own values). */
#include <string.h>

#include "zelda3/dungeon_render.h"
#include "zelda3/sample_dungeon.h"

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }

/* Entrance field tables (§3.13): file offset and bytes per entry. */
enum {
  ENT_ROOM = 0x14813, ENT_BOUNDS = 0x1491D, ENT_HSCROLL = 0x14D45, ENT_VSCROLL = 0x14E4F,
  ENT_Y = 0x14F59, ENT_X = 0x15063, ENT_TRIGGER_Y = 0x1516D, ENT_TRIGGER_X = 0x15277,
  ENT_BLOCKSET = 0x15381, ENT_FLOOR = 0x15406, ENT_DUNGEON = 0x1548B, ENT_DOOR = 0x15510,
  ENT_LAYER = 0x15595, ENT_SCROLL = 0x1561A, ENT_QUADRANT = 0x1569F, ENT_OW_DOOR = 0x15724,
  ENT_SONG = 0x1582E, ENTRANCES = 133,
  SPAWN_ROOM = 0x15B6E, SPAWN_BOUNDS = 0x15B7C, SPAWN_HSCROLL = 0x15BB4, SPAWN_VSCROLL = 0x15BC2,
  SPAWN_Y = 0x15BD0, SPAWN_X = 0x15BDE, SPAWN_TRIGGER_Y = 0x15BEC, SPAWN_TRIGGER_X = 0x15BFA,
  SPAWN_BLOCKSET = 0x15C08, SPAWN_FLOOR = 0x15C0F, SPAWN_DUNGEON = 0x15C16, SPAWN_LAYER = 0x15C1D,
  SPAWN_SCROLL = 0x15C24, SPAWN_QUADRANT = 0x15C2B, SPAWN_OW_DOOR = 0x15C32, SPAWN_ENTRANCE = 0x15C40,
  SPAWN_SONG = 0x15C4E, SPAWNS = 7,
};

/* Where entrance i leads: the sample rooms in turn. */
static int entrance_room(int i) {
  static const int targets[3] = {0x104, 0x012, 0x024};
  return targets[i % 3];
}

typedef struct place {
  size_t room, bounds, hscroll, vscroll, y, x, ty, tx, blockset, floor, dungeon, layer, scroll, quadrant,
      ow_door, song;
} place;

/* One entry: the camera and Link in the room's upper-left quadrant (absolute coordinates). */
static void write_place(uint8_t *img, const place *p, int i, int room) {
  unsigned bx = (unsigned)(room & 0x0F) << 9, by = (unsigned)(room & 0x1F0) << 5;
  put16(img + p->room + 2 * (size_t)i, (unsigned)room);
  uint8_t bounds[8] = {(uint8_t)(by >> 8), (uint8_t)(by >> 8), (uint8_t)((by >> 8) + 1), (uint8_t)((by >> 8) + 1),
                       (uint8_t)(bx >> 8), (uint8_t)(bx >> 8), (uint8_t)((bx >> 8) + 1), (uint8_t)((bx >> 8) + 1)};
  memcpy(img + p->bounds + 8 * (size_t)i, bounds, 8);
  put16(img + p->hscroll + 2 * (size_t)i, bx);
  put16(img + p->vscroll + 2 * (size_t)i, by);
  put16(img + p->y + 2 * (size_t)i, by + 0xC0);
  put16(img + p->x + 2 * (size_t)i, bx + 0x78);
  put16(img + p->ty + 2 * (size_t)i, by + 0x77);
  put16(img + p->tx + 2 * (size_t)i, bx + 0x7F);
  img[p->blockset + (size_t)i] = (uint8_t)(room == 0x104 ? 0x00 : 0x04 + room % 8);
  img[p->floor + (size_t)i] = room == 0x104 ? 0x00 : 0xFF;
  img[p->dungeon + (size_t)i] = room == 0x104 ? 0xFF : 0x04;
  img[p->layer + (size_t)i] = 0x00;
  img[p->scroll + (size_t)i] = 0x00;
  img[p->quadrant + (size_t)i] = 0x00;
  put16(img + p->ow_door + 2 * (size_t)i, 0x0000);
  img[p->song + (size_t)i] = 0x12;
}

void z3_sample__write_dungeon_entrances(uint8_t *img) {
  const place ent = {ENT_ROOM, ENT_BOUNDS, ENT_HSCROLL, ENT_VSCROLL, ENT_Y, ENT_X, ENT_TRIGGER_Y, ENT_TRIGGER_X,
                     ENT_BLOCKSET, ENT_FLOOR, ENT_DUNGEON, ENT_LAYER, ENT_SCROLL, ENT_QUADRANT, ENT_OW_DOOR, ENT_SONG};
  for (int i = 0; i < ENTRANCES; i++) {
    write_place(img, &ent, i, entrance_room(i));
    img[ENT_DOOR + (size_t)i] = 0x00;
  }
  const place spawn = {SPAWN_ROOM, SPAWN_BOUNDS, SPAWN_HSCROLL, SPAWN_VSCROLL, SPAWN_Y, SPAWN_X, SPAWN_TRIGGER_Y,
                       SPAWN_TRIGGER_X, SPAWN_BLOCKSET, SPAWN_FLOOR, SPAWN_DUNGEON, SPAWN_LAYER, SPAWN_SCROLL,
                       SPAWN_QUADRANT, SPAWN_OW_DOOR, SPAWN_SONG};
  for (int i = 0; i < SPAWNS; i++) {
    write_place(img, &spawn, i, entrance_room(i));
    put16(img + SPAWN_ENTRANCE + 2 * (size_t)i, (unsigned)i);
  }
}

/* A tilemap word: vhopppcc cccccccc. */
static unsigned tile_word(unsigned tile, unsigned palette, bool hflip) {
  return (hflip ? 0x4000u : 0) | (palette & 7) << 10 | (tile & 0x3FF);
}

enum { GROUPS = 24, GROUP_WORDS = 16, GROUP_BASE = Z3_ROOM_FLOOR_TILES_PC + 16 * 16 };

void z3_sample__write_dungeon_gfx(uint8_t *img) {
  for (unsigned f = 0; f < 16; f++) /* floors: 8 words each, tiles from blockset positions 0-1 */
    for (unsigned k = 0; k < 8; k++)
      put16(img + Z3_ROOM_FLOOR_TILES_PC + 16 * f + 2 * k, tile_word(f * 8 + k, 2 + f % 6, k >= 4 && f % 2));
  for (unsigned g = 0; g < GROUPS; g++) /* object tiles: from positions 1-7, every dungeon palette row */
    for (unsigned k = 0; k < GROUP_WORDS; k++)
      put16(img + GROUP_BASE + GROUP_WORDS * 2 * g + 2 * k, tile_word(64 * (1 + g % 7) + (g * 5 + k) % 64, 2 + (g + k / 4) % 6, false));
  static const struct { size_t table; unsigned count; } subtypes[3] = {
      {Z3_ROOM_SUBTYPE1_TABLE_PC, 248}, {Z3_ROOM_SUBTYPE2_TABLE_PC, 64}, {Z3_ROOM_SUBTYPE3_TABLE_PC, 128}};
  for (int s = 0; s < 3; s++)
    for (unsigned id = 0; id < subtypes[s].count; id++)
      put16(img + subtypes[s].table + 2 * id, (unsigned)(GROUP_BASE - Z3_ROOM_TILE_DATA_PC) + ((id + 7u * (unsigned)s) % GROUPS) * GROUP_WORDS * 2);
  for (unsigned dir = 0; dir < 4; dir++) /* door positions: along each wall, 5 tiles apart */
    for (unsigned i = 0; i < 12; i++) {
      unsigned along = 4 + 5 * i, x = dir < 2 ? along : dir == 2 ? 2 : 58, y = dir < 2 ? (dir == 0 ? 2 : 58) : along;
      put16(img + Z3_ROOM_DOOR_POSITIONS_PC + 24 * dir + 2 * i, (y * 64 + x) * 2);
    }
  for (unsigned set = 0; set < 41; set++) { /* underworld palette sets (data reference §5.5) */
    uint8_t *e = img + Z3_ROOM_PALETTE_SETS_PC + 4 * set;
    e[0] = (uint8_t)(2 * (set % 20)), e[1] = (uint8_t)(set % 12), e[2] = (uint8_t)(set % 24), e[3] = (uint8_t)((set + 1) % 24);
  }
  for (unsigned id = 0; id < 20; id++) put16(img + Z3_ROOM_PALETTE_OFFSETS_PC + 2 * id, id * 180);
}
