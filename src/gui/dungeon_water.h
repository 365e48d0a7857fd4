/* gui/dungeon_water: yaze's water-fill zone of a room, drawn over the room and edited. */
#ifndef Z3_GUI_DUNGEON_WATER_H
#define Z3_GUI_DUNGEON_WATER_H

#include <gtk/gtk.h>

#include "gui/gui.h"
#include "zelda3/water_fill.h"

/* The room's zone tiles as translucent blue squares on the 64x64 tile8 map, at zoom. */
void gui_water_draw(cairo_t *cr, const z3_water_table *t, int room, double zoom);
/* Paints (or, when the rectangle's first corner is in the zone, erases) the rectangle of
 * tiles (x0, y0)-(x1, y1), corners in any order, with one `dungeon set-water-fill` (its
 * --remove when no tile is left). False with the status line set when refused. */
bool gui_water_edit(gui_tab *tab, const z3_water_table *t, int room, int x0, int y0, int x1, int y1);
/* The same with the choice made by the caller (SimulateAction's paint-water / erase-water). */
bool gui_water_apply(gui_tab *tab, const z3_water_table *t, int room, int x0, int y0, int x1, int y1, bool erase);

#endif
