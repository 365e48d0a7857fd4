/*
 * ZSCustomOverworld v3 area sizes (world reference §6): small 1x1, large
 * 2x2, wide 2x1 (the parent and the screen right of it), tall 1x2 (the parent
 * and the screen below). v3 keeps every area's parent at 0x140998 and its
 * size enum at 0x1788D, and the scroll tables the game reads when Link walks
 * from one area into the next at 0x140A38-0x141437 (160 words each).
 *
 * The seam values of those tables follow one rule, checked against the
 * vanilla-layout pool in the v3 assembly (yaze assets/asm/ZSCustomOverworld_v3.asm)
 * and yaze's SaveLargeMapsExpanded, the only editor source that writes them:
 * entering a screen from the west or east, the word is the screen's base
 * (0x0060 or 0x0040/0x0080) plus 0x1000 per row the screen sits below its
 * group's top, minus 0x1000 per row the neighbour it comes from sits below
 * its own group's top; entering from the north or south, 0x40 per column
 * the same way. yaze writes 0x07C0 for a wide area entered from the right
 * half of a wide area above, where the rule (and its large-area case) gives
 * 0x17C0; we follow the rule (one source, which disagrees with itself).
 * Only the screens of the changed groups and their neighbours are rewritten,
 * so a ROM's other entries (the vanilla pool has a few quirks) stay as they are.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/overworld.h"

#define V3_BY_SCREEN_PC 0x140A38u /* 4 tables: right, left, down, up */
#define V3_POS_Y_PC 0x140F38u
#define V3_POS_X_PC 0x141078u
#define V3_TARGET_NORTH_PC 0x1411B8u
#define V3_TARGET_WEST_PC 0x1412F8u
enum { V3_WORD_TABLE = 2 * Z3_OW_AREA_COUNT };

static int world_start(int id) { return id & ~0x3F; }
static int world_end(int id) { return id < 0x80 ? (id | 0x3F) + 1 : Z3_OW_AREA_COUNT; }

/* Column and row of a screen inside its group (0 or 1 each). */
static void place_in_group(const z3_overworld *ow, int id, int *col, int *row) {
  int rel = id - ow->areas[id].parent;
  *col = rel & 1, *row = rel >> 3;
}

/* The screen next to id, or -1 at the world's edge. */
static int neighbour(int id, int dx, int dy) {
  int x = (id & 7) + dx, n = id + dx + 8 * dy;
  if (x < 0 || x > 7 || n < world_start(id) || n >= world_end(id)) return -1;
  return n;
}

static void transitions(const z3_overworld *ow, int id, uint16_t out[4]) {
  const z3_ow_area *a = &ow->areas[id];
  bool two_wide = a->size == Z3_OW_LARGE || a->size == Z3_OW_WIDE;
  bool two_tall = a->size == Z3_OW_LARGE || a->size == Z3_OW_TALL;
  int col, row, ncol, nrow;
  place_in_group(ow, id, &col, &row);
  int west = col == 0 ? neighbour(id, -1, 0) : -1, east = col == two_wide ? neighbour(id, 1, 0) : -1;
  int north = row == 0 ? neighbour(id, 0, -1) : -1, south = row == two_tall ? neighbour(id, 0, 1) : -1;
  out[0] = (uint16_t)(0x0060 + 0x1000 * row);
  out[1] = (uint16_t)((two_wide ? 0x0080 : 0x0040) + 0x1000 * row);
  out[2] = (uint16_t)(0x1800 + 0x40 * col);
  out[3] = (uint16_t)((two_tall ? 0x2000 : 0x1000) + 0x40 * col);
  if (west >= 0) place_in_group(ow, west, &ncol, &nrow), out[0] = (uint16_t)(out[0] - 0x1000 * nrow);
  if (east >= 0) place_in_group(ow, east, &ncol, &nrow), out[1] = (uint16_t)(out[1] - 0x1000 * nrow);
  if (north >= 0) place_in_group(ow, north, &ncol, &nrow), out[2] = (uint16_t)(out[2] - 0x40 * ncol);
  if (south >= 0) place_in_group(ow, south, &ncol, &nrow), out[3] = (uint16_t)(out[3] - 0x40 * ncol);
}

static z3_status put_word(z3_rom *rom, size_t table, int id, unsigned value, const char *why, z3_error *err) {
  uint8_t b[2] = {(uint8_t)value, (uint8_t)(value >> 8)};
  return z3_ow__write_diff(rom, table + 2 * (size_t)id, b, 2, why, err);
}

/* One screen's parent, size and scroll words. */
static z3_status save_screen(const z3_overworld *ow, z3_rom *rom, int id, const char *why, z3_error *err) {
  const z3_ow_area *a = &ow->areas[id];
  uint8_t parent = a->parent, size = (uint8_t)a->size;
  z3_status st = z3_ow__write_diff(rom, Z3_OW_V3_PARENT_PC + (size_t)id, &parent, 1, why, err);
  if (st == Z3_OK) st = z3_ow__write_diff(rom, Z3_OW_SIZE_PC + (size_t)id, &size, 1, why, err);
  uint16_t by[4];
  transitions(ow, id, by);
  for (int k = 0; st == Z3_OK && k < 4; k++) st = put_word(rom, V3_BY_SCREEN_PC + (size_t)k * V3_WORD_TABLE, id, by[k], why, err);
  int px = (a->parent & 0x3F) & 7, py = (a->parent & 0x3F) >> 3;
  if (st == Z3_OK) st = put_word(rom, V3_POS_Y_PC, id, (unsigned)(py * 0x200), why, err);
  if (st == Z3_OK) st = put_word(rom, V3_POS_X_PC, id, (unsigned)(px * 0x200), why, err);
  if (st == Z3_OK) st = put_word(rom, V3_TARGET_NORTH_PC, id, (unsigned)(py * 0x200 - 0xE0), why, err);
  if (st == Z3_OK) st = put_word(rom, V3_TARGET_WEST_PC, id, (unsigned)(px * 0x200 - 0x100), why, err);
  return st;
}

z3_status z3_ow__save_sizes(z3_overworld *ow, z3_rom *rom, z3_error *err) {
  z3_status st = Z3_OK;
  for (int id = 0; st == Z3_OK && id < Z3_OW_AREA_COUNT; id++)
    if (ow->size_touched[id]) st = save_screen(ow, rom, id, ow->sizes_why, err);
  if (st == Z3_OK) memset(ow->size_touched, 0, sizeof ow->size_touched);
  return st;
}

/* Parents and sizes as the model reads them (load_layout in overworld.c):
 * v3's tables for the 160 maps, else the vanilla parent table (light world,
 * which the dark world shares) and size bytes (0x00-0x7F). */
void z3_ow__layout_places(const z3_overworld *ow, z3_ow_entry_visit visit, void *user) {
  static const size_t transition_tables[8] = {
      V3_BY_SCREEN_PC, V3_BY_SCREEN_PC + V3_WORD_TABLE, V3_BY_SCREEN_PC + 2 * V3_WORD_TABLE,
      V3_BY_SCREEN_PC + 3 * V3_WORD_TABLE, V3_POS_Y_PC, V3_POS_X_PC, V3_TARGET_NORTH_PC, V3_TARGET_WEST_PC};
  bool v3 = ow->zscustom >= 3;
  for (int id = 0; id < (v3 ? Z3_OW_AREA_COUNT : Z3_OW_LIST_AREAS); id++) {
    if (v3) visit(user, id, Z3_OW_ENTRY_PARENT, 0, Z3_OW_V3_PARENT_PC + (size_t)id, 1);
    else if (id < 0x40) visit(user, id, Z3_OW_ENTRY_PARENT, 0, Z3_OW_PARENT_PC + (size_t)id, 1);
    visit(user, id, Z3_OW_ENTRY_SIZE, 0, Z3_OW_SIZE_PC + (size_t)id, 1);
    for (int k = 0; v3 && k < 8; k++) visit(user, id, Z3_OW_ENTRY_TRANSITION, k, transition_tables[k] + 2 * (size_t)id, 2);
  }
}

/* ---- the edit ------------------------------------------------------------ */

/* Records the area keeps of its own: sprites (any state), items, entrances, holes. */
static int own_records(z3_overworld *ow, int id) {
  int n = 0, slots = 0;
  for (int s = 0; s < Z3_OW_STATES; s++) n += id < z3_ow_sprite_list_count(s) ? ow->sprites[s][id].count : 0;
  n += id < Z3_OW_LIST_AREAS ? ow->items[id].count : 0;
  for (int i = 0; i < ow->entrance_count; i++) n += z3_ow_is_listed_entrance(&ow->entrances[i]) && ow->entrances[i].area == id;
  const z3_ow_entrance *holes = z3_ow_hole_table(ow, &slots);
  for (int i = 0; i < slots; i++) n += z3_ow_is_listed_hole(ow, &holes[i]) && holes[i].area == id;
  return n;
}

static bool inside(unsigned pos, int w, int h) { return (int)Z3_OW_POS_X(pos) < w && (int)Z3_OW_POS_Y(pos) < h; }

/* The first record of the parent's lists outside a w x h grid, as text; false when all fit. */
static bool record_outside(z3_overworld *ow, int id, int w, int h, char *what, size_t n) {
  for (int s = 0; s < Z3_OW_STATES; s++) {
    const z3_ow_list *l = id < z3_ow_sprite_list_count(s) ? &ow->sprites[s][id] : NULL;
    for (int i = 0; l && i < l->count; i++)
      if (l->sprites[i].x >= w || l->sprites[i].y >= h)
        return snprintf(what, n, "sprite %d of state %s at (%d,%d)", i, z3_ow_state_name(s), l->sprites[i].x, l->sprites[i].y), true;
  }
  const z3_ow_list *items = id < Z3_OW_LIST_AREAS ? &ow->items[id] : NULL;
  for (int i = 0; items && i < items->count; i++)
    if (!inside(items->items[i].pos, w, h)) return snprintf(what, n, "item %d", i), true;
  for (int i = 0; i < ow->entrance_count; i++) {
    const z3_ow_entrance *e = &ow->entrances[i];
    if (z3_ow_is_listed_entrance(e) && e->area == id && !inside(e->pos, w, h))
      return snprintf(what, n, "entrance slot %d", i), true;
  }
  return false;
}

static z3_status check_group(z3_overworld *ow, int id, z3_ow_size size, const int screens[4], int n, z3_error *err) {
  bool wide = size == Z3_OW_LARGE || size == Z3_OW_WIDE, tall = size == Z3_OW_LARGE || size == Z3_OW_TALL;
  if ((wide && neighbour(id, 1, 0) < 0) || (tall && neighbour(id, 0, 1) < 0)) {
    return z3_error_set(err, Z3_E_INVALID, "area 0x%02X cannot be %s: the group would run past the %s edge of its world",
                        id, z3_ow_size_name(size), wide && neighbour(id, 1, 0) < 0 ? "east" : "south");
  }
  int old = ow->areas[id].parent;
  for (int k = 1; k < n; k++) {
    const z3_ow_area *s = &ow->areas[screens[k]];
    if (s->parent != old && s->size != Z3_OW_SMALL) {
      z3_error_set(err, Z3_E_INVALID, "area 0x%02X is part of the %s area 0x%02X", screens[k], z3_ow_size_name(s->size), s->parent);
      z3_error_hint(err, "set area 0x%02X's size to 0 (small) first", s->parent);
      return Z3_E_INVALID;
    }
    if (s->parent == screens[k] && screens[k] != old && own_records(ow, screens[k])) {
      z3_error_set(err, Z3_E_INVALID, "area 0x%02X has sprites, items, entrances or holes of its own; as a part of area 0x%02X "
                   "the game would never show them", screens[k], id);
      z3_error_hint(err, "move or remove them first ('overworld export --map 0x%02X' lists them)", screens[k]);
      return Z3_E_INVALID;
    }
  }
  char what[96]; /* the old parent keeps its lists: the new group's grid, or a small one when id is not it */
  int w = wide && old == id ? 64 : 32, h = tall && old == id ? 64 : 32;
  if (record_outside(ow, old, w, h, what, sizeof what)) {
    z3_error_set(err, Z3_E_INVALID, "area 0x%02X's %s lies outside the %dx%d tile16 grid it would have", old, what, w, h);
    z3_error_hint(err, "move it into the part that stays first");
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

/* Marks a screen and its four neighbours for the save. */
static void touch(z3_overworld *ow, int id) {
  static const int d[5][2] = {{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  for (int k = 0; k < 5; k++) {
    int n = neighbour(id, d[k][0], d[k][1]);
    if (n >= 0) ow->size_touched[n] = true;
  }
}

z3_status z3_ow_set_area_size(z3_overworld *ow, int id, z3_ow_size size, z3_error *err) {
  z3_status st = z3_ow_check_map(ow, id, err);
  if (st) return st;
  if (ow->zscustom < 3) {
    z3_error_set(err, Z3_E_INVALID, "area sizes are edited on ZSCustomOverworld v3 ROMs only (this ROM: %s)",
                 ow->zscustom ? "ZSCustomOverworld v1 or v2" : "vanilla layout");
    z3_error_hint(err, "ZScream and yaze change vanilla areas between small and large; z3ed does not yet");
    return Z3_E_INVALID;
  }
  if (id >= Z3_OW_AREA_COUNT) {
    return z3_error_set(err, Z3_E_INVALID, "area 0x%02X is a special-world tail map: v3's parent table (0x140998) has no entry "
                        "for it, so it stays small", id);
  }
  if ((unsigned)size > Z3_OW_TALL) return z3_error_set(err, Z3_E_INVALID, "size %d is not 0 small, 1 large, 2 wide or 3 tall", (int)size);
  int screens[4], n = z3_ow_size_offsets(size, screens);
  for (int k = 0; k < n; k++) screens[k] += id;
  st = check_group(ow, id, size, screens, n, err);
  if (st) return st;
  int old[4], old_n = z3_ow_group_screens(ow, ow->areas[id].parent, old);
  for (int k = 0; k < old_n; k++) {
    z3_ow_area *a = &ow->areas[old[k]];
    a->parent = (uint8_t)old[k], a->size = Z3_OW_SMALL, a->large = false;
    touch(ow, old[k]);
  }
  const z3_ow_area *p = &ow->areas[id];
  for (int k = 0; k < n; k++) {
    z3_ow_area *a = &ow->areas[screens[k]];
    if (k) { /* children repeat the parent's properties */
      a->gfx = p->gfx, a->palette = p->palette, a->message = p->message, a->custom = p->custom;
      memcpy(a->sprite_gfx, p->sprite_gfx, sizeof a->sprite_gfx);
      memcpy(a->sprite_palette, p->sprite_palette, sizeof a->sprite_palette);
      memcpy(a->music, p->music, sizeof a->music);
    }
    a->parent = (uint8_t)id, a->size = size, a->large = size == Z3_OW_LARGE;
    touch(ow, screens[k]);
  }
  snprintf(ow->sizes_why, sizeof ow->sizes_why, "area 0x%02X made %s", id, z3_ow_size_name(size));
  return Z3_OK;
}
