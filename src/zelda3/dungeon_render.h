/*
 * Drawing a dungeon room (world reference §3.4-§3.5, data reference §4.6,
 * §5.5) into a 512x512 indexed image: the floors, the layout's objects, the
 * three object lists and the doors, each object from the game's tile words
 * (RoomDrawObjectData at $00:9B52, reached through the per-subtype offset
 * tables in bank $01), with the room's blockset and palette.
 *
 * Objects are drawn with generic repeat rules (dungeon_render.c), the
 * diagonals, ceilings and set pieces by their routines' rules
 * (dungeon_render_special.c) and doors from the game's door tile tables
 * (dungeon_render_doors.c). Only data the renderer cannot read (an offset
 * past the ROM end, an unknown object id, a door position past the table) is
 * drawn as a placeholder box and counted in `unrendered`.
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
/* Door tiles (usdasm DoorGFXDataOffset_North/South/West/East, $00:CD9E...):
 * per direction one word per door type (type / 2), an offset from
 * RoomDrawObjectData to 12 tile words; north has 52 entries, the others 48. */
#define Z3_ROOM_DOOR_GFX_NORTH_PC 0x4D9Eu
#define Z3_ROOM_DOOR_GFX_SOUTH_PC 0x4E06u
#define Z3_ROOM_DOOR_GFX_WEST_PC 0x4E66u
#define Z3_ROOM_DOOR_GFX_EAST_PC 0x4EC6u
/* Doors the game draws from offsets in its code (operands of LDX/LDY #imm in bank $01):
 * the closed north curtain (4x4, $01:AC4F), the south fancy dungeon exit
 * (10x8 row by row, $01:A9DB) and the south cave exit (4x4, $01:AA42). */
#define Z3_ROOM_CURTAIN_OPERAND_PC 0xAC50u
#define Z3_ROOM_FANCY_EXIT_OPERAND_PC 0xA9DCu
#define Z3_ROOM_CAVE_EXIT_OPERAND_PC 0xAA43u
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
/* Objects drawn by their own rule (dungeon_render_special.c): how many tile
 * words the renderer reads from the object's entry, as a w x h block stored
 * column by column; -1 when the object follows the generic rules. */
int z3_room_special_words(uint16_t id, int *w, int *h);

/* Where a door on wall `dir` (0 north, 1 south, 2 west, 3 east) at position `pos` (0-11)
 * is drawn: the tile8 the game's door position table gives (the renderer's anchor; a south
 * door's tiles start one row lower, an east door's one column to the right). */
void z3_room_door_tile(const z3_rom *rom, unsigned dir, unsigned pos, int *x, int *y);

/* Draws `room` (its in-memory model) from the ROM's graphics. */
z3_status z3_room_render(const z3_rom *rom, const z3_dungeon *d, int room, z3_room_layers layers,
                         z3_room_image *out, z3_error *err);

/* A layout or overlay alone on a transparent backdrop, in `room`'s blockset and palette. */
z3_status z3_list_render(const z3_rom *rom, const z3_dungeon *d, const z3_object_list *l, int room,
                         z3_room_image *out, z3_error *err);

#endif
