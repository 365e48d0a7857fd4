/*
 * gui/overworld_markers: what lives on an overworld area besides its tiles,
 * as markers a person can see, pick and drag: the sprites of the chosen game
 * state, the secret items under bushes and rocks, the entrances and holes
 * (`overworld list-entrances`) and the exits leading here from rooms
 * (`overworld list-exits`). A move runs the command a person would type
 * (`overworld move-sprite`, `move-item`, `set-entrance [--hole]` with the same
 * slot and entrance id, `set-exit` with the same slot and room), so it is one
 * undo step and the CLI can repeat it.
 */
#include <stdio.h>

#include "gui/overworld_markers.h"
#include "zelda3/sprite.h"

/* Exits whose area belongs to `parent` (a part of a large area counts, as `list-exits
 * --map` counts it), placed by Link's pixel from the parent's corner; records marked
 * unused (0xFFFF) and positions outside the area's grid are not drawn. */
static size_t exits_of(const z3_overworld *ow, int parent, gui_marker *out, size_t n, size_t cap) {
  int bx, by, w, h;
  z3_ow_area_origin(parent, &bx, &by);
  z3_ow_area_grid(ow, parent, &w, &h);
  for (int i = 0; i < Z3_OW_EXIT_COUNT && n < cap; i++) {
    const z3_ow_exit *e = &ow->exits[i];
    if (e->link_x == 0xFFFF && e->link_y == 0xFFFF) continue;
    if (e->area >= ow->area_count || ow->areas[e->area].parent != parent) continue;
    int px = e->link_x - bx, py = e->link_y - by;
    if (px < 0 || py < 0 || px >= w * 16 || py >= h * 16) continue;
    out[n++] = (gui_marker){GUI_MARK_EXIT, i, px / 16, py / 16, e->room, px, py};
  }
  return n;
}

size_t gui_markers_of(const z3_overworld *ow, int parent, int state, gui_marker *out, size_t cap) {
  size_t n = 0;
  if (!ow || parent < 0) return 0;
  if (state >= 0 && state < Z3_OW_STATES && parent < z3_ow_sprite_list_count(state)) {
    const z3_ow_list *l = &ow->sprites[state][parent];
    for (int i = 0; i < l->count && n < cap; i++)
      out[n++] = (gui_marker){GUI_MARK_SPRITE, i, l->sprites[i].x, l->sprites[i].y, l->sprites[i].id, 0, 0};
  }
  if (parent < Z3_OW_LIST_AREAS) {
    const z3_ow_list *l = &ow->items[parent];
    for (int i = 0; i < l->count && n < cap; i++) {
      uint16_t pos = l->items[i].pos;
      out[n++] = (gui_marker){GUI_MARK_ITEM, i, Z3_OW_POS_X(pos), Z3_OW_POS_Y(pos), l->items[i].id, 0, 0};
    }
  }
  for (int i = 0; i < ow->entrance_count && n < cap; i++) {
    const z3_ow_entrance *e = &ow->entrances[i];
    /* holes of the expanded table are set with --hole: they are listed below as holes */
    if (!z3_ow_is_listed_entrance(e) || e->hole || e->area != parent) continue;
    out[n++] = (gui_marker){GUI_MARK_ENTRANCE, i, Z3_OW_POS_X(e->pos), Z3_OW_POS_Y(e->pos), e->entrance, 0, 0};
  }
  n = exits_of(ow, parent, out, n, cap);
  int slots;
  const z3_ow_entrance *holes = z3_ow_hole_table((z3_overworld *)ow, &slots);
  for (int i = 0; i < slots && n < cap; i++) {
    const z3_ow_entrance *h = &holes[i];
    if (!z3_ow_is_listed_hole(ow, h) || h->area != parent) continue;
    out[n++] = (gui_marker){GUI_MARK_HOLE, i, Z3_OW_POS_X(h->pos), Z3_OW_POS_Y(h->pos), h->entrance, 0, 0};
  }
  return n;
}

bool gui_marker_at(const gui_marker *m, size_t n, int x, int y, gui_marker *hit) {
  bool found = false;
  for (size_t i = 0; i < n; i++)
    if (m[i].x == x && m[i].y == y) *hit = m[i], found = true;
  return found;
}

void gui_marker_describe(const gui_marker *m, int state, char *out, size_t cap) {
  static const char *states[] = {"beginning", "zelda", "agahnim"};
  const char *name = NULL;
  switch (m->kind) {
    case GUI_MARK_SPRITE:
      name = m->id < Z3_SPRITE_COUNT ? z3_sprite_name((uint8_t)m->id) : "overlord";
      snprintf(out, cap, "sprite %d (state %s): id 0x%02X %s at %d,%d", m->index, states[state % 3], m->id,
               name ? name : "?", m->x, m->y);
      break;
    case GUI_MARK_ITEM: snprintf(out, cap, "item %d: secret 0x%02X at %d,%d", m->index, m->id, m->x, m->y); break;
    case GUI_MARK_ENTRANCE:
      snprintf(out, cap, "entrance slot %d: entrance 0x%02X at %d,%d", m->index, m->id, m->x, m->y);
      break;
    case GUI_MARK_EXIT:
      snprintf(out, cap, "exit slot %d: from room 0x%03X, Link at pixel %d,%d (cell %d,%d)", m->index, m->id, m->px,
               m->py, m->x, m->y);
      break;
    case GUI_MARK_HOLE:
      snprintf(out, cap, "hole slot %d: entrance 0x%02X at %d,%d", m->index, m->id, m->x, m->y);
      break;
  }
}

/* An exit moves by whole cells with its pixel offset inside the cell kept, so a drag that
 * comes back to where it started changes nothing; the room stays, and set-exit keeps the
 * doors when --door is not given. */
static bool move_exit(gui_tab *tab, const char *map, const gui_marker *m, int x, int y) {
  char slot[8], room[8], xs[12], ys[12];
  snprintf(slot, sizeof slot, "%d", m->index);
  snprintf(room, sizeof room, "0x%03X", m->id);
  snprintf(xs, sizeof xs, "%d", m->px + (x - m->x) * 16);
  snprintf(ys, sizeof ys, "%d", m->py + (y - m->y) * 16);
  return gui_tab_run(tab, NULL, "overworld", "set-exit", "--slot", slot, "--room", room, "--map", map, "--x", xs, "--y",
                     ys, NULL);
}

bool gui_marker_move(gui_tab *tab, int parent, int state, const gui_marker *m, int x, int y) {
  char map[8], st[4], index[8], xs[8], ys[8], id[8];
  snprintf(map, sizeof map, "0x%02X", parent);
  snprintf(st, sizeof st, "%d", state);
  snprintf(index, sizeof index, "%d", m->index);
  snprintf(xs, sizeof xs, "%d", x);
  snprintf(ys, sizeof ys, "%d", y);
  snprintf(id, sizeof id, "0x%02X", m->id);
  if (m->kind == GUI_MARK_SPRITE)
    return gui_tab_run(tab, NULL, "overworld", "move-sprite", "--map", map, "--state", st, "--index", index, "--x", xs,
                       "--y", ys, NULL);
  if (m->kind == GUI_MARK_ITEM)
    return gui_tab_run(tab, NULL, "overworld", "move-item", "--map", map, "--index", index, "--x", xs, "--y", ys, NULL);
  if (m->kind == GUI_MARK_EXIT) return move_exit(tab, map, m, x, y);
  if (m->kind == GUI_MARK_HOLE)
    return gui_tab_run(tab, NULL, "overworld", "set-entrance", "--hole", "--slot", index, "--map", map, "--x", xs, "--y",
                       ys, "--entrance", id, NULL);
  return gui_tab_run(tab, NULL, "overworld", "set-entrance", "--slot", index, "--map", map, "--x", xs, "--y", ys,
                     "--entrance", id, NULL);
}

void gui_markers_draw(cairo_t *cr, const gui_marker *m, size_t n, int zoom, const gui_marker *selected) {
  static const double colors[5][3] = {{0.9, 0.1, 0.1}, {0.95, 0.8, 0.1}, {0.2, 0.4, 1.0}, {0.1, 0.8, 0.3}, {0.1, 0.1, 0.1}};
  double cell = 16.0 * zoom; /* no letters: glyphs would make the canvas shots font-dependent */
  for (size_t i = 0; i < n; i++) {
    double x = m[i].x * cell, y = m[i].y * cell;
    const double *c = colors[m[i].kind];
    cairo_set_source_rgba(cr, c[0], c[1], c[2], 0.75);
    cairo_rectangle(cr, x + 2 * zoom, y + 2 * zoom, cell - 4 * zoom, cell - 4 * zoom);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
  }
  if (!selected) return;
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_set_line_width(cr, 2);
  cairo_rectangle(cr, selected->x * cell + 1, selected->y * cell + 1, cell - 2, cell - 2);
  cairo_stroke(cr);
}
