/*
 * yaze's water-fill zones (its water_fill_zone.h and dungeon_rom_addresses.h,
 * one source; written for Oracle of Secrets' water gates): per room, the
 * tiles of the 64x64 collision map a water fill turns into water, and the bit
 * of SRAM $7EF411 that remembers the fill. yaze keeps them in the last 8 KiB
 * of ZScream's custom collision bank, 0x12E000-0x12FFFF, which its collision
 * writer (and z3ed's, collision.h) never reaches:
 *
 *   0x12E000  zone count, 0-8 (one zone per bit of $7EF411)
 *   then per zone, 4 bytes: room id (a byte: rooms 0x00-0xFF), SRAM mask
 *             (one bit), data offset (word, from 0x12E000)
 *   at the data offset: tile count (0-255), then that many words y * 64 + x
 *
 * yaze writes zones sorted by room, each room and mask once, offsets sorted
 * without repeats, and zeroes the rest of the region; z3ed writes the same.
 *
 * The layout exists only where ZScream's custom collision does (a room
 * pointer at 0x128090, layouts.h) and the region is yaze's: a zone count of
 * 0-8, a valid table, zero bytes after it, and no collision list reaching
 * into it. Anything else is not a water-fill table and z3ed refuses to write
 * one there (it never installs the layout: the game needs the hack's code).
 */
#ifndef Z3_ZELDA3_WATER_FILL_H
#define Z3_ZELDA3_WATER_FILL_H

#include "snes/rom.h"

enum {
  Z3_WATER_MAX_ZONES = 8,
  Z3_WATER_MAX_TILES = 255,
  Z3_WATER_MAX_ROOM = 0xFF,   /* the table stores a byte */
  Z3_WATER_SIDE = 64,         /* the collision map, tile8 units */
  Z3_WATER_REGION_SIZE = 0x2000,
};
#define Z3_WATER_TABLE_PC 0x12E000u

typedef struct z3_water_zone {
  int room;
  uint8_t mask;                /* the bit of $7EF411 */
  int count;
  uint16_t offsets[Z3_WATER_MAX_TILES]; /* y * 64 + x */
} z3_water_zone;

typedef struct z3_water_table {
  bool present;                /* the ROM has yaze's region and it holds a table (maybe empty) */
  char why_absent[160];        /* when not present: why, for people */
  int count;
  z3_water_zone zones[Z3_WATER_MAX_ZONES];
  bool dirty;
} z3_water_table;

/* Parses a region of `len` bytes (the 8 KiB at 0x12E000). Errors name the
 * offset into the region; a first byte above 8 is "not a table" (Z3_E_NOT_FOUND). */
z3_status z3_water_parse(const uint8_t *region, size_t len, z3_water_table *out, z3_error *err);
/* Encodes the table into a zeroed region of Z3_WATER_REGION_SIZE bytes, as yaze
 * does; returns the bytes used. Zones and offsets must already be checked. */
size_t z3_water_encode(const z3_water_table *t, uint8_t *region);

/* The ROM's table: present false (with why_absent) when the ROM has no room
 * for it; a broken table fails, naming the ROM offset. */
z3_status z3_water_load(const z3_rom *rom, z3_water_table *out, z3_error *err);
/* The zone of `room`, or NULL. */
const z3_water_zone *z3_water_find(const z3_water_table *t, int room);
/* Sets the room's zone to these tiles (sorted, repeats dropped) with SRAM
 * bit `mask` (0: keep the room's bit, or take the lowest free one); n == 0
 * removes the zone. Refused when the table is not present. */
z3_status z3_water_set(z3_water_table *t, int room, int mask, const uint16_t *offsets, int n, z3_error *err);
/* Writes the region's differing bytes through z3_rom_write when dirty. */
z3_status z3_water_save(z3_water_table *t, z3_rom *rom, z3_error *err);

/* "x,y" tiles and "x,y,w,h" rectangles, separated by spaces or ';', into
 * sorted offsets without repeats (at most Z3_WATER_MAX_TILES); errors name
 * the column. */
z3_status z3_water_parse_tiles(const char *text, uint16_t offsets[Z3_WATER_MAX_TILES], int *n, z3_error *err);

#endif
