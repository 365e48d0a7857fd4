/*
 * gui/dungeon_water: the Water layer of the dungeon editor, for ROMs that
 * carry yaze's water-fill table (zelda3/water_fill.h; `dungeon water-fill`
 * says installed). The room's zone, tiles of its 64x64 collision map, is drawn
 * over the room; a press or a dragged rectangle paints tiles into it, or
 * erases them when it starts on a zone tile. The new zone is sent whole as
 * `dungeon set-water-fill --room R --tiles 'x,y ...'` (the zone keeps its
 * SRAM bit), so an edit is one undo step and the CLI can repeat it.
 */
#include <stdio.h>
#include <string.h>

#include "gui/dungeon_water.h"

void gui_water_draw(cairo_t *cr, const z3_water_table *t, int room, double zoom) {
  const z3_water_zone *z = t->present ? z3_water_find(t, room) : NULL;
  if (!z) return;
  cairo_set_source_rgba(cr, 0.1, 0.4, 1.0, 0.45);
  for (int i = 0; i < z->count; i++) {
    int x = z->offsets[i] % Z3_WATER_SIDE, y = z->offsets[i] / Z3_WATER_SIDE;
    cairo_rectangle(cr, x * 8 * zoom, y * 8 * zoom, 8 * zoom, 8 * zoom);
  }
  cairo_fill(cr);
}

static bool in_zone(const z3_water_zone *z, int offset) {
  for (int i = 0; z && i < z->count; i++)
    if (z->offsets[i] == offset) return true;
  return false;
}

static void order(int *a, int *b) {
  if (*a > *b) {
    int t = *a;
    *a = *b, *b = t;
  }
}

bool gui_water_edit(gui_tab *tab, const z3_water_table *t, int room, int x0, int y0, int x1, int y1) {
  const z3_water_zone *z = t->present ? z3_water_find(t, room) : NULL;
  return gui_water_apply(tab, t, room, x0, y0, x1, y1, in_zone(z, y0 * Z3_WATER_SIDE + x0));
}

bool gui_water_apply(gui_tab *tab, const z3_water_table *t, int room, int x0, int y0, int x1, int y1, bool erase) {
  if (!t->present) {
    tab->status(tab, t->why_absent[0] ? t->why_absent : "this ROM has no water-fill table");
    return false;
  }
  const z3_water_zone *z = z3_water_find(t, room);
  order(&x0, &x1), order(&y0, &y1);
  if (x0 < 0 || y0 < 0 || x1 >= Z3_WATER_SIDE || y1 >= Z3_WATER_SIDE) return false;
  /* the zone after the edit: its tiles outside the rectangle, and the rectangle unless erasing */
  GString *tiles = g_string_new(NULL);
  for (int off = 0; off < Z3_WATER_SIDE * Z3_WATER_SIDE; off++) {
    int x = off % Z3_WATER_SIDE, y = off / Z3_WATER_SIDE;
    bool inside = x >= x0 && x <= x1 && y >= y0 && y <= y1;
    if (inside ? !erase : in_zone(z, off)) g_string_append_printf(tiles, "%s%d,%d", tiles->len ? " " : "", x, y);
  }
  char id[8];
  snprintf(id, sizeof id, "0x%02X", room);
  bool ok = tiles->len ? gui_tab_run(tab, NULL, "dungeon", "set-water-fill", "--room", id, "--tiles", tiles->str, NULL)
            : z ? gui_tab_run(tab, NULL, "dungeon", "set-water-fill", "--room", id, "--remove", NULL)
                : true;
  g_string_free(tiles, TRUE);
  return ok;
}
