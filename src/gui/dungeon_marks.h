/* gui/dungeon_marks: a room's chests and doors as markers over the dungeon editor's render. */
#ifndef Z3_GUI_DUNGEON_MARKS_H
#define Z3_GUI_DUNGEON_MARKS_H

#include <gtk/gtk.h>

#include "zelda3/dungeon.h"

/* A door's frame in tile8 units of the room. */
typedef struct gui_door_box {
  int x, y, w, h;
} gui_door_box;

/* The frame of door `index` of `room` (as the renderer places it). */
gui_door_box gui_door_box_of(const z3_rom *rom, const z3_room *room, size_t index);
/* The door whose frame covers tile8 (tx, ty), the last listed on top; -1 when none does. */
int gui_door_at(const z3_rom *rom, const z3_room *room, int tx, int ty);
/* The position 0-11 on door `index`'s wall nearest to where a drag of (dx, dy) tile8s puts it. */
int gui_door_position_after(const z3_rom *rom, const z3_room *room, size_t index, int dx, int dy);
/* The panel's text for a door: index, type name, wall, position. */
void gui_door_describe(const z3_room *room, size_t index, char *out, size_t cap);

/* Whether object (list, index) of `room` is a chest, and which of the room's chests (the
 * chest objects counted through lists 0, 1, 2, as the chest records of the room are). */
bool gui_chest_number(const z3_room *room, int list, int index, int *number);
/* The text for the chest record that chest `number` of room `room_id` takes its item from. */
void gui_chest_describe(const z3_dungeon *d, int room_id, int number, char *out, size_t cap);

/* Chests as gold frames, doors as cyan ones (the selected door white), at zoom. */
void gui_dungeon_draw_chests(cairo_t *cr, const z3_room *room, double zoom);
void gui_dungeon_draw_doors(cairo_t *cr, const z3_rom *rom, const z3_room *room, double zoom, int selected);

#endif
