/* gui/overworld_markers: an area's sprites, secret items, entrances, exits and holes as markers on the map. */
#ifndef Z3_GUI_OVERWORLD_MARKERS_H
#define Z3_GUI_OVERWORLD_MARKERS_H

#include <gtk/gtk.h>

#include "gui/gui.h"
#include "zelda3/overworld.h"

typedef enum gui_marker_kind { GUI_MARK_SPRITE, GUI_MARK_ITEM, GUI_MARK_ENTRANCE, GUI_MARK_EXIT, GUI_MARK_HOLE } gui_marker_kind;

typedef struct gui_marker {
  gui_marker_kind kind;
  int index;  /* in its list: sprite or item number, entrance, exit or hole slot */
  int x, y;   /* tile16 cell in the (large) area */
  int id;     /* sprite id, secret id, dungeon entrance id (entrance, hole), room (exit) */
  int px, py; /* an exit's pixel in the (large) area: Link stands there, not on a cell */
} gui_marker;

enum { GUI_MARKERS_MAX = 512 };

/* Area `parent`'s markers in game state `state` (0-2: whose sprite list); returns how many. */
size_t gui_markers_of(const z3_overworld *ow, int parent, int state, gui_marker *out, size_t cap);
/* The marker listed last (drawn on top) on cell (x, y). */
bool gui_marker_at(const gui_marker *m, size_t n, int x, int y, gui_marker *hit);
/* The property panel's text: kind, index, id and name, cell, state. */
void gui_marker_describe(const gui_marker *m, int state, char *out, size_t cap);
/* Moves the marker to cell (x, y): `overworld move-sprite`, `move-item`, `set-entrance`
 * (`--hole` for a hole) or `set-exit` (by whole cells, keeping the pixel within the cell). */
bool gui_marker_move(gui_tab *tab, int parent, int state, const gui_marker *m, int x, int y);
/* Squares (sprite red, item yellow, entrance blue, exit green, hole black) at zoom; `selected` (may be NULL) framed white. */
void gui_markers_draw(cairo_t *cr, const gui_marker *m, size_t n, int zoom, const gui_marker *selected);

#endif
