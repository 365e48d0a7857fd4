/*
 * ZScream's custom collision (world reference §6): 296 long pointers at
 * 0x128090, one per room, to a list from 0x128450 that sets tiles of the
 * room's 64x64 tile8 collision map. A list is 16-bit offsets (y * 64 + x):
 * first rectangles (offset, byte width, byte height, width * height tile
 * bytes, row by row), then after the word $F0F0 single tiles (offset, tile
 * byte), ended by $FFFF (ZScream's Save.cs SaveCustomCollision; yaze's
 * custom_collision.cc reads the same). A pointer of 0 means no list.
 *
 * The layout exists only on ROMs ZScream saved with its collision patch:
 * z3ed reads it there and writes lists back, and never installs it on a ROM
 * that does not show it (layouts.h), because the game ignores the lists
 * without the patch's code. Edits write only dirty rooms: in place when the
 * new list fits in the old one's bytes (and no other room's list uses any of them),
 * otherwise after the last list, below 0x12E000 (yaze keeps 0x12E000-0x12FFFF
 * for its water-fill data).
 */
#ifndef Z3_ZELDA3_COLLISION_H
#define Z3_ZELDA3_COLLISION_H

#include "snes/rom.h"

enum {
  Z3_COLLISION_SIDE = 64,
  Z3_COLLISION_TILES = Z3_COLLISION_SIDE * Z3_COLLISION_SIDE,
  Z3_COLLISION_ROOMS = 296,
  Z3_COLLISION_NONE = -1, /* a tile the room's list does not set */
};
#define Z3_COLLISION_PTR_PC 0x128090u
#define Z3_COLLISION_DATA_PC 0x128450u
#define Z3_COLLISION_DATA_END 0x12E000u

typedef struct z3_collision_room {
  uint32_t pointer;                    /* SNES long as stored, 0 = no list */
  size_t pc, stored_len;               /* where the list is and its bytes, $FFFF included */
  int16_t tiles[Z3_COLLISION_TILES];   /* 0-255, or Z3_COLLISION_NONE */
  bool dirty;
} z3_collision_room;

typedef struct z3_collision {
  bool installed;                      /* the ROM shows the layout (a room pointer set) */
  z3_collision_room rooms[Z3_COLLISION_ROOMS];
} z3_collision;

/* Parses one list of at most `len` bytes into tiles (all NONE first);
 * *used gets its length. Errors name the offset into the list. */
z3_status z3_collision_parse(const uint8_t *data, size_t len, int16_t tiles[Z3_COLLISION_TILES], size_t *used,
                             z3_error *err);
/* Encodes the set tiles as one-row rectangles per run, then $FFFF; returns
 * the length (at most Z3_COLLISION_TILES * 5 + 2 bytes) or 0 for no tiles. */
size_t z3_collision_encode(const int16_t tiles[Z3_COLLISION_TILES], uint8_t *out);

/* Every room's list; a ROM without the layout loads with installed false and
 * empty rooms. A pointer outside 0x128000-0x12FFFF or a broken list fails,
 * naming the room. */
z3_status z3_collision_load(const z3_rom *rom, z3_collision **out, z3_error *err);
void z3_collision_free(z3_collision *c);
/* Sets tile (x, y) of a room's map to value 0-255, or clears it with
 * Z3_COLLISION_NONE; refused when the ROM does not have the layout. */
z3_status z3_collision_set(z3_collision *c, int room, int x, int y, int value, z3_error *err);
z3_status z3_collision_save(z3_collision *c, z3_rom *rom, z3_error *err);

#endif
