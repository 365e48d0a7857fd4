/*
 * Drawing a dungeon room (world reference §3.4-§3.5, data reference §4.6,
 * §5.5) into a 512x512 indexed image: the floors, the layout's objects, the
 * three object lists and the doors, each object from the game's tile words
 * (RoomDrawObjectData at $00:9B52, reached through the per-subtype offset
 * tables in bank $01), with the room's blockset and palette.
 *
 * Objects are drawn with generic repeat rules (below, in dungeon_render.c);
 * objects whose shape needs the game's own drawing routine (diagonals, big
 * set pieces, logic objects) and doors are drawn as a placeholder box and
 * counted in `unrendered`.
 */
#ifndef Z3_ZELDA3_DUNGEON_RENDER_H
#define Z3_ZELDA3_DUNGEON_RENDER_H

#include "zelda3/dungeon.h"

/* Vanilla locations (file offsets); editors use the same fixed values. */
#define Z3_ROOM_TILE_DATA_PC 0x1B52u        /* $00:9B52, base of the tile-word offsets */
#define Z3_ROOM_FLOOR_TILES_PC 0x1B52u      /* floor n: 4 words (top row) at + 16n, 4 (bottom row) at + 16n + 8 */
#define Z3_ROOM_SUBTYPE1_TABLE_PC 0x8000u   /* 248 word offsets from Z3_ROOM_TILE_DATA_PC */
#define Z3_ROOM_SUBTYPE2_TABLE_PC 0x83F0u   /* 64 */
#define Z3_ROOM_SUBTYPE3_TABLE_PC 0x84F0u   /* 128 */
#define Z3_ROOM_DOOR_POSITIONS_PC 0x197Eu   /* 4 directions x 12 tilemap offsets */
#define Z3_ROOM_PALETTE_SETS_PC 0x75460u    /* 41 x 4 bytes */
#define Z3_ROOM_PALETTE_OFFSETS_PC 0xDEC4Bu /* 20 words: id * 180 */

enum { Z3_ROOM_PIXELS = 512, Z3_ROOM_PLACEHOLDER_COLOR = 128, Z3_ROOM_RENDER_COLORS = 129 };

typedef enum z3_room_layers {
  Z3_RENDER_BG1 = 1, /* floor 1, layout, lists 0 and 2, doors */
  Z3_RENDER_BG2 = 2, /* floor 2, list 1 */
  Z3_RENDER_ALL = 3,
} z3_room_layers;

typedef struct z3_room_image {
  uint8_t pixels[Z3_ROOM_PIXELS * Z3_ROOM_PIXELS]; /* CGRAM index 0-127, or the placeholder colour */
  uint8_t palette[Z3_ROOM_RENDER_COLORS][4];        /* RGBA; index 0 is the transparent backdrop */
  int main_blockset, aux_blockset, palette_id;
  int objects_drawn, unrendered;
} z3_room_image;

/* The generic rule's parts (for tests): how many blocks an object draws, and
 * the block size in tiles (placeholders count as one 2x2 block). */
int z3_room_object_repeats(const z3_room_object *o);
void z3_room_object_block(uint16_t id, int *w, int *h);
int z3_room_object_step(uint16_t id); /* tiles from one block's start to the next's */

/* Draws `room` (its in-memory model) from the ROM's graphics. */
z3_status z3_room_render(const z3_rom *rom, const z3_dungeon *d, int room, z3_room_layers layers,
                         z3_room_image *out, z3_error *err);

#endif
