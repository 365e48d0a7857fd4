/* The room renderer's canvas and drawing primitives, shared by the
 * dungeon_render*.c files only (objects, doors, special objects). */
#ifndef Z3_ZELDA3_DUNGEON_RENDER_INTERNAL_H
#define Z3_ZELDA3_DUNGEON_RENDER_INTERNAL_H

#include "zelda3/dungeon_render.h"

enum { Z3_ROOM_MAP = 64 }; /* tilemap width and height in tiles */

typedef struct z3_room_box {
  int x, y, w, h; /* tile8 units */
} z3_room_box;

typedef struct z3_room_canvas {
  uint16_t word[2][Z3_ROOM_MAP * Z3_ROOM_MAP]; /* [0] = BG1, [1] = BG2 */
  uint8_t set[2][Z3_ROOM_MAP * Z3_ROOM_MAP];
  z3_room_box boxes[Z3_ROOM_MAX_OBJECTS + 64];
  int box_count;
} z3_room_canvas;

/* One tile word at tile (x, y) of layer bg; cells outside the map are skipped. */
void z3_room__put(z3_room_canvas *c, int bg, int x, int y, uint16_t word);
/* A w x h block whose words are stored column by column (or row by row). */
void z3_room__block(z3_room_canvas *c, int bg, int x, int y, int w, int h, const uint16_t *tiles);
void z3_room__block_rows(z3_room_canvas *c, int bg, int x, int y, int w, int h, const uint16_t *tiles);
void z3_room__add_box(z3_room_canvas *c, int x, int y, int w, int h);
/* `count` words at RoomDrawObjectData + offset; false past the ROM end. */
bool z3_room__tile_words(const z3_rom *rom, unsigned offset, int count, uint16_t *out);
/* `count` words of an object's own entry in its subtype's offset table. */
bool z3_room__object_tiles(const z3_rom *rom, uint16_t id, int count, uint16_t *out);

/* Objects the generic shapes do not cover (dungeon_render_special.c): true
 * when the id is one of them; *drawn tells whether it could be drawn. */
bool z3_room__draw_special(const z3_rom *rom, z3_room_canvas *c, int bg, const z3_room_object *o, bool *drawn);
/* The room's doors (dungeon_render_doors.c), counted into out. */
void z3_room__draw_doors(const z3_rom *rom, z3_room_canvas *c, const z3_room *r, z3_room_image *out);

#endif
