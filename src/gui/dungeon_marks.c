/*
 * gui/dungeon_marks: what a room holds that the tile render alone does not
 * single out. Chests are objects (0xF99, big 0xFB1) whose items live in the
 * chest table, record by record in the order the room's chest objects come;
 * they get a frame and the panel names their item. Doors are records on a wall
 * at one of 12 positions; they get a frame where the game's position table
 * puts them, can be picked, and a drag moves one to the nearest position on
 * its wall (`dungeon move-door`, run by the view).
 */
#include <stdio.h>
#include <stdlib.h>

#include "gui/dungeon_marks.h"
#include "zelda3/dungeon_render.h"

enum { NORTH, SOUTH, WEST, EAST, CHEST = 0xF99, BIG_CHEST = 0xFB1 };

static unsigned door_dir(const z3_room_door *d) { return d->b0 & 3u; }
static unsigned door_pos(const z3_room_door *d) { return d->b0 >> 4; }

/* North and south doors are 4 tiles wide and 3 deep, west and east ones 3 by 4; the tiles
 * of a south or east door begin one past the anchor (as dungeon_render_doors.c draws them). */
static gui_door_box box_at(const z3_rom *rom, unsigned dir, unsigned pos) {
  int x, y;
  z3_room_door_tile(rom, dir, pos, &x, &y);
  bool wide = dir == NORTH || dir == SOUTH;
  return (gui_door_box){x + (dir == EAST), y + (dir == SOUTH), wide ? 4 : 3, wide ? 3 : 4};
}

gui_door_box gui_door_box_of(const z3_rom *rom, const z3_room *room, size_t index) {
  const z3_room_door *d = &room->doors[index];
  return box_at(rom, door_dir(d), door_pos(d) < 12 ? door_pos(d) : 0);
}

int gui_door_at(const z3_rom *rom, const z3_room *room, int tx, int ty) {
  int hit = -1;
  for (size_t i = 0; i < room->door_count; i++) {
    gui_door_box b = gui_door_box_of(rom, room, i);
    if (tx >= b.x && tx < b.x + b.w && ty >= b.y && ty < b.y + b.h) hit = (int)i;
  }
  return hit;
}

int gui_door_position_after(const z3_rom *rom, const z3_room *room, size_t index, int dx, int dy) {
  gui_door_box from = gui_door_box_of(rom, room, index);
  unsigned dir = door_dir(&room->doors[index]);
  int best = (int)door_pos(&room->doors[index]), best_d = -1;
  for (unsigned p = 0; p < 12; p++) {
    gui_door_box b = box_at(rom, dir, p);
    int d = abs(b.x - (from.x + dx)) + abs(b.y - (from.y + dy));
    if (best_d < 0 || d < best_d) best = (int)p, best_d = d;
  }
  return best;
}

void gui_door_describe(const z3_room *room, size_t index, char *out, size_t cap) {
  const z3_room_door *d = &room->doors[index];
  const char *name = z3_door_type_name(d->b1);
  snprintf(out, cap, "door %zu: %s (0x%02X), %s wall, position %u", index, name ? name : "?", d->b1,
           z3_door_direction_name(door_dir(d)), door_pos(d));
}

bool gui_chest_number(const z3_room *room, int list, int index, int *number) {
  int n = 0;
  for (int l = 0; l < Z3_ROOM_LAYERS; l++)
    for (size_t i = 0; i < room->object_count[l]; i++) {
      uint16_t id = room->objects[l][i].id;
      if (id != CHEST && id != BIG_CHEST) continue;
      if (l == list && (int)i == index) return *number = n, true;
      n++;
    }
  return false;
}

void gui_chest_describe(const z3_dungeon *d, int room_id, int number, char *out, size_t cap) {
  size_t idx[Z3_CHEST_RECORDS];
  size_t count = z3_room_chests(d, room_id, idx);
  if ((size_t)number >= count) {
    snprintf(out, cap, "chest %d: no chest record (the room has %zu)", number, count);
    return;
  }
  const z3_chest *c = &d->chests[idx[number]];
  const char *name = z3_chest_item_name(c->item);
  snprintf(out, cap, "chest %d: %s (0x%02X)%s", number, name ? name : "?", c->item, c->big ? ", big" : "");
}

static void frame(cairo_t *cr, double x, double y, double w, double h, double zoom) {
  cairo_rectangle(cr, x * 8 * zoom + 1, y * 8 * zoom + 1, w * 8 * zoom - 2, h * 8 * zoom - 2);
  cairo_stroke(cr);
}

void gui_dungeon_draw_chests(cairo_t *cr, const z3_room *room, double zoom) {
  cairo_set_line_width(cr, 2);
  cairo_set_source_rgb(cr, 1.0, 0.75, 0.1);
  for (int l = 0; l < Z3_ROOM_LAYERS; l++)
    for (size_t i = 0; i < room->object_count[l]; i++) {
      const z3_room_object *o = &room->objects[l][i];
      if (o->id != CHEST && o->id != BIG_CHEST) continue;
      int w = 2, h = 2;
      z3_room_object_block(o->id, &w, &h);
      frame(cr, o->x, o->y, w > 1 ? w : 2, h > 1 ? h : 2, zoom);
    }
}

void gui_dungeon_draw_doors(cairo_t *cr, const z3_rom *rom, const z3_room *room, double zoom, int selected) {
  cairo_set_line_width(cr, 2);
  for (size_t i = 0; i < room->door_count; i++) {
    gui_door_box b = gui_door_box_of(rom, room, i);
    if ((int)i == selected) cairo_set_source_rgb(cr, 1, 1, 1);
    else cairo_set_source_rgb(cr, 0.1, 0.9, 0.9);
    frame(cr, b.x, b.y, b.w, b.h, zoom);
  }
}
