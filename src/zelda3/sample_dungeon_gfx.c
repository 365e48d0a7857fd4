/*
 * The sample ROM's dungeon drawing data (world reference §3.4, data reference
 * §5.5): floor patterns, the tile words of every object (written from
 * RoomDrawObjectData at $00:9B52 on, reached through the per-subtype offset
 * tables), door positions and the underworld palette sets. Every object shows
 * a motif of sample_art_dungeon.c that suits its name: walls and corners the
 * wall profile (flipped for south, east and the other corners), chests a
 * chest, torches a torch, and so on. The dungeon entrances and spawn points
 * live here too.
 */
#include <string.h>

#include "zelda3/dungeon.h"
#include "zelda3/dungeon_render.h"
#include "zelda3/sample_art.h"
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

/* Where an entrance or spawn point leads: room, main blockset, signed floor, dungeon id. */
typedef struct target { int room; uint8_t blockset, floor, dungeon; } target;

/* The 7 spawn points and entrances 0-6 lead to Link's house and the curated
 * rooms in turn: the sanctuary 0x012 in the sewers (dungeon 0x00, 1F) and
 * 0x024 on Eastern Palace's 2F, as sample_dungeon_map.c shows them, with the
 * main blocksets the reference renders were drawn in. Entrance 7 + k leads
 * to palace k % 14's entrance room (its first room, on the map's 1F) with
 * that palace's dungeon id, and the room header's blockset as main blockset. */
enum { FIRST_PALACE_ENTRANCE = 7 };

static target entrance_target(int i) {
  if (i >= FIRST_PALACE_ENTRANCE) {
    int k = (i - FIRST_PALACE_ENTRANCE) % Z3_SAMPLE_PALACES;
    const z3_sample_palace *p = &z3_sample__palaces[k];
    return (target){p->rooms[0], p->blockset, 0x00, (uint8_t)(2 * k)};
  }
  static const int rooms[3] = {0x104, 0x012, 0x024};
  int room = rooms[i % 3];
  if (room == 0x104) return (target){room, 0x00, 0x00, 0xFF};
  if (room == 0x012) return (target){room, 0x04 + 0x012 % 8, 0x00, 0x00};
  return (target){room, 0x04 + 0x024 % 8, 0x01, 0x04};
}

typedef struct place {
  size_t room, bounds, hscroll, vscroll, y, x, ty, tx, blockset, floor, dungeon, layer, scroll, quadrant,
      ow_door, song;
} place;

/* One entry: the camera and Link in the room's upper-left quadrant (absolute coordinates). */
static void write_place(uint8_t *img, const place *p, int i, target t) {
  int room = t.room;
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
  img[p->blockset + (size_t)i] = t.blockset;
  img[p->floor + (size_t)i] = t.floor;
  img[p->dungeon + (size_t)i] = t.dungeon;
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
    write_place(img, &ent, i, entrance_target(i));
    img[ENT_DOOR + (size_t)i] = 0x00;
  }
  const place spawn = {SPAWN_ROOM, SPAWN_BOUNDS, SPAWN_HSCROLL, SPAWN_VSCROLL, SPAWN_Y, SPAWN_X, SPAWN_TRIGGER_Y,
                       SPAWN_TRIGGER_X, SPAWN_BLOCKSET, SPAWN_FLOOR, SPAWN_DUNGEON, SPAWN_LAYER, SPAWN_SCROLL,
                       SPAWN_QUADRANT, SPAWN_OW_DOOR, SPAWN_SONG};
  for (int i = 0; i < SPAWNS; i++) {
    write_place(img, &spawn, i, entrance_target(i));
    put16(img + SPAWN_ENTRANCE + 2 * (size_t)i, (unsigned)i);
  }
}

/* A picture: a region of a motif (in 8x8 tiles; w = 0 means the whole motif), maybe mirrored. */
typedef struct picture {
  z3_uw_motif motif;
  uint8_t ox, oy, w, h;
  bool hflip, vflip;
} picture;

#define PIC(m) {m, 0, 0, 0, 0, false, false}
#define PIC_H(m) {m, 0, 0, 0, 0, true, false}
#define PIC_V(m) {m, 0, 0, 0, 0, false, true}
#define PIC_HV(m) {m, 0, 0, 0, 0, true, true}
#define BRICKS {UWM_WALL_NORTH, 0, 1, 2, 2, false, false}

/* Objects by id range (Appendix A names). Ranges not listed show floor slabs. */
static const struct {
  uint16_t lo, hi;
  picture pic;
} object_pictures[] = {
    {0x000, 0x000, PIC(UWM_CEILING)},         {0x001, 0x001, PIC(UWM_WALL_NORTH)},
    {0x002, 0x002, PIC_V(UWM_WALL_NORTH)},    {0x003, 0x003, PIC(UWM_WALL_NORTH)},
    {0x004, 0x004, PIC_V(UWM_WALL_NORTH)},    {0x005, 0x005, PIC(UWM_WALL_COLUMN)},
    {0x006, 0x006, PIC_V(UWM_WALL_COLUMN)},   {0x007, 0x020, BRICKS},
    {0x021, 0x021, PIC(UWM_STAIRS_UP)},       {0x022, 0x032, PIC(UWM_LEDGE)},
    {0x033, 0x033, PIC(UWM_CARPET)},          {0x034, 0x037, PIC(UWM_CARPET_EDGE)},
    {0x038, 0x038, PIC(UWM_STATUE)},          {0x039, 0x039, PIC(UWM_PILLAR)},
    {0x03A, 0x03B, PIC(UWM_SHELF)},           {0x03C, 0x03C, PIC(UWM_TABLE)},
    {0x03D, 0x03D, PIC(UWM_TORCH)},           {0x03E, 0x03E, PIC(UWM_PILLAR)},
    {0x03F, 0x048, PIC(UWM_WATER)},           {0x049, 0x04A, PIC(UWM_FLOOR_CHECKS)},
    {0x04B, 0x04B, PIC(UWM_PILLAR)},          {0x04C, 0x04C, PIC(UWM_LEDGE)},
    {0x04D, 0x04F, PIC(UWM_SHELF)},           {0x050, 0x050, PIC(UWM_FLOOR_DIAMONDS)},
    {0x051, 0x054, PIC(UWM_BLOCK)},           {0x055, 0x056, PIC(UWM_TORCH)},
    {0x057, 0x05C, PIC(UWM_BLOCK)},           {0x05D, 0x05D, PIC(UWM_LEDGE)},
    {0x05E, 0x05E, PIC(UWM_BLOCK)},           {0x05F, 0x05F, PIC(UWM_LEDGE)},
    {0x060, 0x060, PIC(UWM_CEILING)},         {0x061, 0x061, PIC(UWM_WALL_WEST)},
    {0x062, 0x062, PIC_H(UWM_WALL_WEST)},     {0x063, 0x063, PIC(UWM_WALL_WEST)},
    {0x064, 0x064, PIC_H(UWM_WALL_WEST)},     {0x065, 0x065, PIC(UWM_WALL_WEST)},
    {0x066, 0x066, PIC_H(UWM_WALL_WEST)},     {0x067, 0x068, BRICKS},
    {0x069, 0x06F, PIC(UWM_LEDGE)},           {0x070, 0x070, PIC(UWM_CARPET)},
    {0x071, 0x074, PIC(UWM_CARPET_EDGE)},     {0x075, 0x075, PIC(UWM_PILLAR)},
    {0x076, 0x077, PIC(UWM_SHELF)},           {0x078, 0x078, PIC(UWM_PILLAR)},
    {0x079, 0x07A, PIC(UWM_WATER)},           {0x07B, 0x07B, PIC(UWM_PILLAR)},
    {0x07C, 0x07C, PIC(UWM_FLOOR_DIAMONDS)},  {0x07D, 0x07E, PIC(UWM_BLOCK)},
    {0x07F, 0x080, PIC(UWM_TORCH)},           {0x081, 0x086, PIC(UWM_SHELF)},
    {0x087, 0x087, PIC(UWM_TORCH)},           {0x088, 0x088, PIC(UWM_LEDGE)},
    {0x089, 0x089, PIC(UWM_BLOCK)},           {0x08A, 0x08C, PIC(UWM_LEDGE)},
    {0x08D, 0x08E, PIC(UWM_CARPET_EDGE)},     {0x08F, 0x08F, PIC(UWM_LEDGE)},
    {0x090, 0x090, PIC(UWM_WALL_WEST)},       {0x091, 0x091, PIC_H(UWM_WALL_WEST)},
    {0x092, 0x093, PIC(UWM_BLOCK)},           {0x094, 0x094, PIC(UWM_FLOOR_SLABS)},
    {0x095, 0x095, PIC(UWM_POT)},             {0x096, 0x096, PIC(UWM_BLOCK)},
    {0x0A0, 0x0A3, PIC(UWM_CEILING)},         {0x0A4, 0x0A4, PIC(UWM_PIT)},
    {0x0B0, 0x0B1, PIC(UWM_LEDGE)},           {0x0B2, 0x0B2, PIC(UWM_CARPET)},
    {0x0B3, 0x0B5, PIC(UWM_CARPET_EDGE)},     {0x0B6, 0x0B6, PIC(UWM_WALL_NORTH)},
    {0x0B7, 0x0B7, PIC_V(UWM_WALL_NORTH)},    {0x0B8, 0x0B9, PIC(UWM_BLOCK)},
    {0x0BB, 0x0BB, PIC(UWM_FLOOR_DIAMONDS)},  {0x0BC, 0x0BC, PIC(UWM_POT)},
    {0x0BD, 0x0BD, PIC(UWM_BLOCK)},           {0x0C0, 0x0C0, PIC(UWM_CEILING)},
    {0x0C1, 0x0C1, PIC(UWM_FLOOR_BRICKS)},    {0x0C2, 0x0C3, PIC(UWM_PIT)},
    {0x0C4, 0x0C4, PIC(UWM_FLOOR_CHECKS)},
    {0x0C5, 0x0C5, PIC(UWM_FLOOR_BRICKS)},    {0x0C7, 0x0C7, PIC(UWM_FLOOR_CHECKS)},
    {0x0C8, 0x0C9, PIC(UWM_WATER)},           {0x0CA, 0x0CA, PIC(UWM_FLOOR_GRATE)},
    {0x0CD, 0x0CE, PIC(UWM_FLOOR_BRICKS)},    {0x0D1, 0x0D2, PIC(UWM_FLOOR_DIAMONDS)},
    {0x0D8, 0x0DA, PIC(UWM_WATER)},           {0x0DB, 0x0DB, PIC(UWM_FLOOR_COBBLE)},
    {0x0DC, 0x0DC, PIC(UWM_FLOOR_BRICKS)},    {0x0DD, 0x0DD, PIC(UWM_FLOOR_PLANKS)},
    {0x0DE, 0x0DF, PIC(UWM_SPIKES)},          {0x0E0, 0x0E0, PIC(UWM_FLOOR_MOSS)},
    {0x0E1, 0x0E1, PIC(UWM_FLOOR_CHECKS)},    {0x0E2, 0x0E2, PIC(UWM_FLOOR_DIAMONDS)},
    {0x0E3, 0x0E6, PIC(UWM_FLOOR_GRATE)},     {0x0E7, 0x0E7, PIC(UWM_WATER)},
    {0x0E8, 0x0E8, PIC(UWM_FLOOR_PLANKS)},
    /* corners: ▛ as drawn, ▙ mirrored top to bottom, ▜ left to right, ▟ both */
    {0x100, 0x100, PIC(UWM_CORNER)},          {0x101, 0x101, PIC_V(UWM_CORNER)},
    {0x102, 0x102, PIC_H(UWM_CORNER)},        {0x103, 0x103, PIC_HV(UWM_CORNER)},
    {0x104, 0x104, PIC_HV(UWM_CORNER)},       {0x105, 0x105, PIC_H(UWM_CORNER)},
    {0x106, 0x106, PIC_V(UWM_CORNER)},        {0x107, 0x108, PIC(UWM_CORNER)},
    {0x109, 0x109, PIC_V(UWM_CORNER)},        {0x10A, 0x10A, PIC_H(UWM_CORNER)},
    {0x10B, 0x10C, PIC_HV(UWM_CORNER)},       {0x10D, 0x10D, PIC_H(UWM_CORNER)},
    {0x10E, 0x10E, PIC_V(UWM_CORNER)},        {0x10F, 0x10F, PIC(UWM_CORNER)},
    {0x110, 0x110, PIC_H(UWM_CORNER)},        {0x111, 0x111, PIC_HV(UWM_CORNER)},
    {0x112, 0x112, PIC(UWM_CORNER)},          {0x113, 0x114, PIC_V(UWM_CORNER)},
    {0x115, 0x115, PIC(UWM_CORNER)},          {0x116, 0x116, PIC_HV(UWM_CORNER)},
    {0x117, 0x117, PIC_H(UWM_CORNER)},        {0x118, 0x118, PIC(UWM_CORNER)},
    {0x119, 0x119, PIC_V(UWM_CORNER)},        {0x11A, 0x11A, PIC_H(UWM_CORNER)},
    {0x11B, 0x11B, PIC_HV(UWM_CORNER)},       {0x11C, 0x11C, PIC(UWM_BRAZIER)},
    {0x11D, 0x11D, PIC(UWM_STATUE)},          {0x11E, 0x11F, PIC(UWM_FLOOR_DIAMONDS)},
    {0x120, 0x120, PIC(UWM_TORCH)},           {0x121, 0x121, PIC(UWM_BARREL)},
    {0x122, 0x122, PIC(UWM_STATUE)},          {0x123, 0x123, PIC(UWM_TABLE)},
    {0x124, 0x124, PIC(UWM_STATUE)},          {0x125, 0x125, PIC(UWM_POT)},
    {0x126, 0x127, PIC(UWM_TABLE)},           {0x128, 0x128, PIC(UWM_BED)},
    {0x129, 0x129, PIC(UWM_FIREPLACE)},       {0x12A, 0x12C, PIC(UWM_SHELF)},
    {0x12D, 0x12D, PIC(UWM_STAIRS_UP)},       {0x12E, 0x12F, PIC(UWM_STAIRS_DOWN)},
    {0x130, 0x133, PIC(UWM_STAIRS_UP)},       {0x134, 0x134, PIC(UWM_BLOCK)},
    {0x135, 0x136, PIC(UWM_STAIRS_UP)},       {0x138, 0x138, PIC(UWM_STAIRS_UP)},
    {0x139, 0x139, PIC(UWM_STAIRS_DOWN)},     {0x13A, 0x13A, PIC(UWM_STAIRS_UP)},
    {0x13B, 0x13B, PIC(UWM_STAIRS_DOWN)},     {0x13C, 0x13C, PIC(UWM_SHELF)},
    {0x13D, 0x13F, PIC(UWM_TABLE)},
    {0xF80, 0xF82, PIC(UWM_WATER)},           {0xF83, 0xF8C, PIC(UWM_FLOOR_DIAMONDS)},
    {0xF8D, 0xF8D, PIC(UWM_FLOOR_GRATE)},     {0xF8E, 0xF8F, PIC(UWM_FLOOR_DIAMONDS)},
    {0xF90, 0xF91, PIC(UWM_PIT)},             {0xF92, 0xF94, PIC(UWM_FLOOR_DIAMONDS)},
    {0xF96, 0xF96, PIC(UWM_BLOCK)},           {0xF97, 0xF97, PIC(UWM_FLOOR_GRATE)},
    {0xF98, 0xF98, PIC(UWM_BLOCK)},           {0xF99, 0xF9A, PIC(UWM_CHEST)},
    {0xF9B, 0xF9D, PIC(UWM_STAIRS_DOWN)},     {0xF9E, 0xF9E, PIC(UWM_STAIRS_UP)},
    {0xF9F, 0xF9F, PIC(UWM_STAIRS_DOWN)},     {0xFA0, 0xFA0, PIC(UWM_STAIRS_UP)},
    {0xFA1, 0xFA1, PIC(UWM_STAIRS_DOWN)},     {0xFA2, 0xFA5, BRICKS},
    {0xFA6, 0xFA6, PIC(UWM_STAIRS_UP)},       {0xFA7, 0xFA7, PIC(UWM_STAIRS_DOWN)},
    {0xFA8, 0xFA8, PIC(UWM_STAIRS_UP)},       {0xFA9, 0xFA9, PIC(UWM_STAIRS_DOWN)},
    {0xFAA, 0xFAA, PIC(UWM_TORCH)},           {0xFAB, 0xFAB, PIC(UWM_STATUE)},
    {0xFAC, 0xFAC, PIC(UWM_BLOCK)},           {0xFAF, 0xFAF, PIC(UWM_POT)},
    {0xFB0, 0xFB0, PIC(UWM_STATUE)},          {0xFB1, 0xFB2, PIC(UWM_BIG_CHEST)},
    {0xFB3, 0xFB4, PIC(UWM_STAIRS_DOWN)},     {0xFB5, 0xFB6, PIC(UWM_STAIRS_UP)},
    {0xFB7, 0xFB9, PIC(UWM_SHELF)},           {0xFBA, 0xFC6, PIC(UWM_BLOCK)},
    {0xFC7, 0xFC8, PIC(UWM_FLOOR_MOSS)},      {0xFC9, 0xFC9, PIC(UWM_STATUE)},
    {0xFCA, 0xFCA, PIC(UWM_FLOOR_DIAMONDS)},  {0xFCB, 0xFCB, PIC(UWM_SHELF)},
    {0xFCC, 0xFCC, PIC(UWM_FIREPLACE)},       {0xFCD, 0xFCD, PIC(UWM_BARREL)},
    {0xFCE, 0xFCE, PIC(UWM_BLOCK)},           {0xFCF, 0xFD0, PIC(UWM_FLOOR_DIAMONDS)},
    {0xFD1, 0xFD1, PIC(UWM_STATUE)},          {0xFD2, 0xFD3, PIC(UWM_BLOCK)},
    {0xFD5, 0xFD5, PIC(UWM_SHELF)},           {0xFD6, 0xFD9, PIC(UWM_LEDGE)},
    {0xFDA, 0xFDA, PIC(UWM_POT)},             {0xFDB, 0xFDB, PIC(UWM_BARREL)},
    {0xFDC, 0xFDC, PIC(UWM_SHELF)},           {0xFDD, 0xFDD, PIC(UWM_FIREPLACE)},
    {0xFDE, 0xFDE, PIC(UWM_CHEST)},           {0xFDF, 0xFDF, PIC(UWM_SHELF)},
    {0xFE0, 0xFE1, PIC(UWM_PIT)},             {0xFE3, 0xFE3, PIC(UWM_FLOOR_DIAMONDS)},
    {0xFE4, 0xFE4, PIC(UWM_STATUE)},          {0xFE5, 0xFE5, PIC(UWM_BLOCK)},
    {0xFE6, 0xFE6, PIC(UWM_PIT)},             {0xFE7, 0xFEA, PIC(UWM_FLOOR_MOSS)},
    {0xFEC, 0xFEF, PIC(UWM_FLOOR_GRATE)},     {0xFF0, 0xFF1, PIC(UWM_FLOOR_DIAMONDS)},
    {0xFF5, 0xFF5, PIC(UWM_CHEST)},           {0xFF9, 0xFF9, PIC(UWM_PIT)},
    {0xFFA, 0xFFA, PIC(UWM_FLOOR_MOSS)},      {0xFFB, 0xFFB, PIC(UWM_WATER)},
    {0xFFC, 0xFFE, PIC(UWM_FLOOR_DIAMONDS)},
};

static picture picture_of(uint16_t id) {
  for (size_t i = 0; i < sizeof object_pictures / sizeof object_pictures[0]; i++)
    if (id >= object_pictures[i].lo && id <= object_pictures[i].hi) return object_pictures[i].pic;
  return (picture)PIC(UWM_FLOOR_SLABS);
}

/* Tile (i, j) of a picture repeated over any block size, as a tilemap word. */
static unsigned picture_word(picture p, int i, int j) {
  const z3_motif *m = &z3_uw_motifs[p.motif];
  int w = p.w ? p.w : m->w * 2, h = p.h ? p.h : m->h * 2, u = i % w, v = j % h;
  if (p.hflip) u = w - 1 - u;
  if (p.vflip) v = h - 1 - v;
  return z3_motif_tile(m, p.ox + u, p.oy + v) | (unsigned)m->row << 10 | (p.hflip ? 0x4000u : 0) |
         (p.vflip ? 0x8000u : 0);
}

enum { MAX_WORDS = 14 * 14 }; /* the largest set piece */

/* The words an object's block needs in the renderer's order: column by column,
 * except the 4x2 vertical walls, which read row by row. */
static int object_words(uint16_t id, uint16_t out[MAX_WORDS]) {
  int w, h, n = 0;
  picture p = picture_of(id);
  if (z3_room_special_words(id, &w, &h) >= 0) { /* dungeon_render_special.c: w x h, column by column */
    for (int a = 0; a < w; a++)
      for (int b = 0; b < h; b++) out[n++] = (uint16_t)picture_word(p, a, b);
    return n;
  }
  z3_room_object_block(id, &w, &h);
  bool rows = w == 4 && h == 2;
  for (int a = 0; a < (rows ? h : w); a++)
    for (int b = 0; b < (rows ? w : h); b++) out[n++] = (uint16_t)picture_word(p, rows ? b : a, rows ? a : b);
  return n;
}

/* Object and door tiles; the door offset tables follow at Z3_ROOM_DOOR_GFX_NORTH_PC. */
enum { OBJECT_DATA_PC = Z3_ROOM_FLOOR_TILES_PC + 16 * 16, OBJECT_DATA_END = 0x4C00 };

/* Appends `n` words unless the same run was written before; returns its offset from the data base. */
static unsigned store_words(uint8_t *img, size_t *end, const uint16_t *words, int n) {
  for (size_t at = OBJECT_DATA_PC; at + 2 * (size_t)n <= *end; at += 2) {
    bool same = true;
    for (int k = 0; k < n && same; k++) same = (img[at + 2 * k] | img[at + 2 * k + 1] << 8) == words[k];
    if (same) return (unsigned)(at - Z3_ROOM_TILE_DATA_PC);
  }
  size_t at = *end;
  for (int k = 0; k < n; k++) put16(img + at + 2 * (size_t)k, words[k]);
  *end += 2 * (size_t)n;
  return (unsigned)(at - Z3_ROOM_TILE_DATA_PC);
}

/* Floor patterns: 4x2 tiles repeated over the room; 8-14 mirror 0-6, and 15
 * is blank, so a room whose upper floor is 15 shows its lower floor and the
 * objects on it (as many of the game's rooms do). */
static void write_floors(uint8_t *img) {
  static const z3_uw_motif floors[8] = {UWM_FLOOR_SLABS, UWM_FLOOR_CHECKS, UWM_FLOOR_BRICKS, UWM_FLOOR_PLANKS,
                                        UWM_FLOOR_MOSS,  UWM_FLOOR_GRATE,  UWM_FLOOR_DIAMONDS, UWM_FLOOR_COBBLE};
  for (unsigned f = 0; f < 16; f++) {
    picture p = {f == 15 ? UWM_NOTHING : floors[f % 8], 0, 0, 0, 0, f >= 8, false};
    for (int k = 0; k < 8; k++) put16(img + Z3_ROOM_FLOOR_TILES_PC + 16 * f + 2 * (size_t)k, picture_word(p, k % 4, k / 4));
  }
}

static void write_objects(uint8_t *img, size_t *end) {
  static const struct {
    size_t table;
    unsigned count;
    uint16_t first;
  } subtypes[3] = {{Z3_ROOM_SUBTYPE1_TABLE_PC, 248, 0x000}, {Z3_ROOM_SUBTYPE2_TABLE_PC, 64, 0x100},
                   {Z3_ROOM_SUBTYPE3_TABLE_PC, 128, 0xF80}};
  memset(img + OBJECT_DATA_PC, 0, OBJECT_DATA_END - OBJECT_DATA_PC);
  for (int s = 0; s < 3; s++)
    for (unsigned k = 0; k < subtypes[s].count; k++) {
      uint16_t words[MAX_WORDS];
      int n = object_words((uint16_t)(subtypes[s].first + k), words);
      put16(img + subtypes[s].table + 2 * k, store_words(img, end, words, n));
    }
}

/* Door pictures by kind (world reference §3.4 door types). */
static z3_uw_motif door_motif(unsigned type) {
  switch (type) {
    case 0x18: case 0x34: case 0x36: case 0x38: case 0x42: case 0x44: case 0x48: case 0x4A: return UWM_FLOOR_GRATE;
    case 0x1A: return UWM_STATUE;
    case 0x1C: return UWM_BLOCK;
    case 0x1E: case 0x2C: return UWM_BIG_CHEST;
    case 0x20: case 0x24: return UWM_STAIRS_UP;
    case 0x22: case 0x26: return UWM_STAIRS_DOWN;
    case 0x28: case 0x2A: case 0x2E: case 0x30: return UWM_WALL_COLUMN;
    case 0x32: return UWM_CARPET;
    default: return UWM_DOOR;
  }
}

/* A door of `type` seen in the wall of direction dir (0 N, 1 S, 2 W, 3 E):
 * north 4x3 and west 3x4 as drawn, south and east mirrored. */
static picture door_picture(unsigned dir, unsigned type) {
  z3_uw_motif m = door_motif(type);
  picture p = {m, 0, 0, 0, 0, dir == 3, dir == 1};
  if (m == UWM_DOOR) p.w = dir < 2 ? 4 : 3, p.h = dir < 2 ? 3 : 4, p.oy = dir == 1, p.ox = dir == 3;
  return p;
}

/* Door tiles, one 12-word block per direction and type (north 52 types, the
 * others 48, as in the game), and the doors the game draws from offsets in
 * its code: the curtain, the fancy exit and the cave exit. */
static void write_doors(uint8_t *img, size_t *end) {
  static const size_t tables[4] = {Z3_ROOM_DOOR_GFX_NORTH_PC, Z3_ROOM_DOOR_GFX_SOUTH_PC, Z3_ROOM_DOOR_GFX_WEST_PC,
                                   Z3_ROOM_DOOR_GFX_EAST_PC};
  for (unsigned dir = 0; dir < 4; dir++)
    for (unsigned type = 0; type < (dir ? 0x60u : 0x68u); type += 2) {
      picture p = door_picture(dir, type);
      int w = dir < 2 ? 4 : 3, h = dir < 2 ? 3 : 4, n = 0;
      uint16_t words[12];
      for (int i = 0; i < w; i++)
        for (int j = 0; j < h; j++) words[n++] = (uint16_t)picture_word(p, i, j);
      put16(img + tables[dir] + type, store_words(img, end, words, n));
    }
  static const struct {
    size_t operand;
    uint8_t opcode;
    picture pic;
    int w, h;
  } coded[3] = {{Z3_ROOM_CURTAIN_OPERAND_PC, 0xA2, PIC(UWM_CARPET), 4, 4},
                {Z3_ROOM_FANCY_EXIT_OPERAND_PC, 0xA0, PIC(UWM_PILLAR), 10, 8},
                {Z3_ROOM_CAVE_EXIT_OPERAND_PC, 0xA2, PIC(UWM_DOOR), 4, 4}};
  for (int k = 0; k < 3; k++) {
    uint16_t words[80];
    int n = 0;
    for (int i = 0; i < coded[k].w * coded[k].h; i++) words[n++] = (uint16_t)picture_word(coded[k].pic, i % coded[k].w, i / coded[k].w);
    if (k != 1) /* the 4x4 ones are read column by column, the fancy exit row by row */
      for (int i = 0; i < coded[k].w; i++)
        for (int j = 0; j < coded[k].h; j++) words[i * coded[k].h + j] = (uint16_t)picture_word(coded[k].pic, i, j);
    img[coded[k].operand - 1] = coded[k].opcode; /* LDX / LDY #imm */
    put16(img + coded[k].operand, store_words(img, end, words, n));
  }
}

void z3_sample__write_dungeon_gfx(uint8_t *img) {
  size_t end = OBJECT_DATA_PC;
  write_floors(img);
  write_objects(img, &end);
  write_doors(img, &end);
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
