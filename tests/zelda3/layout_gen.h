/*
 * Test-ROM generator: turns a sample image (2 MiB, so expanded space exists)
 * into each expanded layout of world reference §6 by writing what the layout
 * facts describe: the detection bytes and, where the facts say where the data
 * goes, the data moved there. Our own code, for tests only; it pokes the image
 * directly, the way an outside editor's save would, not through the change log.
 */
#ifndef Z3_TEST_LAYOUT_GEN_H
#define Z3_TEST_LAYOUT_GEN_H

#include <string.h>

#include "zelda3/dungeon.h"
#include "zelda3/layouts.h"

static inline uint32_t gen_long(const uint8_t *p) { return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16); }
static inline void gen_put_long(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16);
}
static inline size_t gen_pc(uint32_t snes) { return (size_t)((snes >> 16) & 0x7F) << 15 | (snes & 0x7FFF); }
static inline uint32_t gen_snes(size_t pc) { return (uint32_t)(pc >> 15) << 16 | 0x8000 | (uint32_t)(pc & 0x7FFF); }

/* ZScream's header move: the 320-word table to 0x110000 ($22:8000), the bank
 * operand to $22, and 296 unshared 14-byte headers after the table. */
static inline void gen_room_headers(uint8_t *d) {
  const size_t table = 0x110000, data = table + 640;
  size_t old_table = gen_pc(gen_long(d + Z3_ROOM_HEADER_PTR_OPERAND_PC));
  uint8_t old_bank = d[Z3_ROOM_HEADER_BANK_OPERAND_PC];
  for (size_t id = 0; id < Z3_ROOM_POINTERS; id++) {
    size_t slot = data + (id < Z3_ROOM_COUNT ? id : 0) * Z3_ROOM_HEADER_SIZE;
    size_t old = gen_pc((uint32_t)old_bank << 16 | d[old_table + 2 * id] | d[old_table + 2 * id + 1] << 8);
    if (id < Z3_ROOM_COUNT) memcpy(d + slot, d + old, Z3_ROOM_HEADER_SIZE);
    uint16_t word = (uint16_t)gen_snes(slot);
    d[table + 2 * id] = (uint8_t)word, d[table + 2 * id + 1] = (uint8_t)(word >> 8);
  }
  gen_put_long(d + Z3_ROOM_HEADER_PTR_OPERAND_PC, gen_snes(table));
  d[Z3_ROOM_HEADER_BANK_OPERAND_PC] = 0x22;
}

/* Room 0x000's object stream copied to 0x138000 ($27:8000), both of its
 * pointers (objects and doors) moved with it. */
static inline void gen_object_space(uint8_t *d) {
  const size_t to = 0x138000;
  size_t objects = gen_pc(gen_long(d + Z3_ROOM_OBJECT_PTR_OPERAND_PC));
  size_t doors = gen_pc(gen_long(d + Z3_ROOM_DOOR_PTR_OPERAND_PC));
  size_t from = gen_pc(gen_long(d + objects));
  size_t door_at = gen_pc(gen_long(d + doors));
  memcpy(d + to, d + from, 0x400); /* more than the sample's room 0 holds */
  gen_put_long(d + objects, gen_snes(to));
  gen_put_long(d + doors, gen_snes(to + (door_at - from)));
}

/* Custom collision: room 0x012's pointer at 0x128090 to a list at 0x128450
 * (one single-tile record, then the end marker). */
static inline void gen_collision(uint8_t *d) {
  const size_t list = 0x128450;
  gen_put_long(d + 0x128090 + 3 * 0x012, gen_snes(list));
  const uint8_t records[] = {0xF0, 0xF0, 0x10, 0x02, 0x08, 0xFF, 0xFF};
  memcpy(d + list, records, sizeof records);
}

/* ZScream overlays: the marker byte, then 128 longs to overlay code at 0x120000. */
static inline void gen_overlays(uint8_t *d) {
  d[0x77676] = 0x6B;
  for (size_t i = 0; i < 128; i++) gen_put_long(d + 0x77677 + 3 * i, gen_snes(0x120000));
  d[0x120000] = 0x6B; /* an empty routine: RTL */
}

/* ZScream's expanded tile16: the 3752 vanilla definitions copied to
 * 0x1E8000 ($3D:8000), room for 4096; both bank operands say $3D. */
static inline void gen_tile16(uint8_t *d) {
  memcpy(d + 0x1E8000, d + 0x78000, 3752 * 8);
  d[0x17D28] = d[0x17D39] = 0x3D;
}

/* Expanded tile32: quadrant tables of 0x67E0 bytes at 0x18000 (TL), 0x20000
 * (TR), 0x1F0000 (BL), 0x1F8000 (BR). The packing is the same, so the vanilla
 * tables (0x33F0 bytes: 8864 definitions) are copied to the start of each and
 * the rest is zero (unused definitions). The BL operand's bank says $3E. */
static inline void gen_tile32(uint8_t *d) {
  enum { VANILLA = 0x33F0, EXPANDED = 0x67E0 };
  static const size_t from[4] = {0x18000, 0x1B400, 0x20000, 0x23400}, to[4] = {0x18000, 0x20000, 0x1F0000, 0x1F8000};
  static uint8_t saved[4][VANILLA];
  for (int q = 0; q < 4; q++) memcpy(saved[q], d + from[q], VANILLA);
  for (int q = 0; q < 4; q++) {
    memcpy(d + to[q], saved[q], VANILLA);
    memset(d + to[q] + VANILLA, 0, EXPANDED - VANILLA);
  }
  d[0x1772E] = 0x3E;
}

/* The detection bytes of `id` (and its data where the facts place it). */
static inline void gen_layout(uint8_t *d, z3_layout_id id) {
  switch (id) {
    case Z3_LAYOUT_ZSCUSTOM_V1: d[0x140145] = 1; break;
    case Z3_LAYOUT_ZSCUSTOM_V2: d[0x140145] = 2; break;
    case Z3_LAYOUT_ZSCUSTOM_V3: d[0x140145] = 3; break;
    case Z3_LAYOUT_SW_TAIL_MAPS: d[0x140145] = 3, d[0x1423FF] = 0xEA; break;
    case Z3_LAYOUT_TILE16: gen_tile16(d); break;
    case Z3_LAYOUT_TILE32: gen_tile32(d); break;
    case Z3_LAYOUT_OW_ENTRANCES: d[0xDB895] = 0xB9; break;        /* any byte but $B8 */
    case Z3_LAYOUT_DUNGEON_ENTRANCES: d[0x7F000] = 0x00; break;
    case Z3_LAYOUT_ROOM_HEADERS: gen_room_headers(d); break;
    case Z3_LAYOUT_OVERLAYS: gen_overlays(d); break;
    case Z3_LAYOUT_COLLISION: gen_collision(d); break;
    case Z3_LAYOUT_DUNGEON_MAPS: d[0x56652] = 0x5C; break;        /* any byte but $B9 */
    case Z3_LAYOUT_OBJECT_SPACE: gen_object_space(d); break;
    case Z3_LAYOUT_COUNT: break;
  }
}

#endif
