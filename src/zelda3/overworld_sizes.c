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
 *
 * Vanilla-layout ROMs and ZSCustomOverworld v1/v2 (which keep the vanilla
 * tables) know small and large only, in the tables of world reference §2.2:
 * one 64-entry parent table for both worlds, size bytes in three encodings
 * (0x1788D, 0x12844, 0x12884, 0x4C635), and the same scroll words in 64-entry
 * tables. The seam rule above agrees with the values yaze's SaveLargeMaps
 * writes for the vanilla tables next to a large area (0xF060, 0xF040, 0x17C0,
 * 0x0FC0 beside its lower or right screens); it is used for both layouts.
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

/* Where a layout keeps its per-screen scroll words: v3's 160-entry tables, or
 * the vanilla 64-entry ones (world reference §2.2) both worlds share. */
typedef struct layout_tables {
  size_t by_screen, stride; /* the four OverworldScreenTilemapChangeByScreen tables */
  size_t pos_y, pos_x, target_north, target_west;
} layout_tables;
static const layout_tables v3_tables = {V3_BY_SCREEN_PC, V3_WORD_TABLE, V3_POS_Y_PC, V3_POS_X_PC,
                                        V3_TARGET_NORTH_PC, V3_TARGET_WEST_PC};
static const layout_tables vanilla_tables = {0x12634u, 0x80u, 0x128C4u, 0x12944u, 0x13EE2u, 0x13F62u};

/* Vanilla size tables (world reference §2.2): 0x1788D has LW and DW copies,
 * 0x4C635 three 64-byte copies (LW, DW, SW). */
#define VANILLA_SIZE_FLAG_PC 0x12844u /* 0x20 large, 0x00 small */
#define VANILLA_SIZE_HIGH_PC 0x12884u /* 0x03 large, 0x01 small */
#define VANILLA_SIZE_LOAD_PC 0x4C635u /* 0x04 large, 0x02 small */

static int world_start(int id) { return id & ~0x3F; }
static int world_end(int id) { return id < 0x80 ? (id | 0x3F) + 1 : Z3_OW_AREA_COUNT; }

/* Column and row of a screen inside its group (0 or 1 each). */
static void place_in_group(const uint8_t *parent, int id, int *col, int *row) {
  int rel = id - parent[id];
  *col = rel & 1, *row = rel >> 3;
}

/* The screen next to id, or -1 at the world's edge. */
static int neighbour(int id, int dx, int dy) {
  int x = (id & 7) + dx, n = id + dx + 8 * dy;
  if (x < 0 || x > 7 || n < world_start(id) || n >= world_end(id)) return -1;
  return n;
}

void z3_ow_seam_words(const uint8_t *parent, const uint8_t *size, int id, uint16_t out[4]) {
  bool two_wide = size[id] == Z3_OW_LARGE || size[id] == Z3_OW_WIDE;
  bool two_tall = size[id] == Z3_OW_LARGE || size[id] == Z3_OW_TALL;
  int col, row, ncol, nrow;
  place_in_group(parent, id, &col, &row);
  int west = col == 0 ? neighbour(id, -1, 0) : -1, east = col == two_wide ? neighbour(id, 1, 0) : -1;
  int north = row == 0 ? neighbour(id, 0, -1) : -1, south = row == two_tall ? neighbour(id, 0, 1) : -1;
  out[0] = (uint16_t)(0x0060 + 0x1000 * row);
  out[1] = (uint16_t)((two_wide ? 0x0080 : 0x0040) + 0x1000 * row);
  out[2] = (uint16_t)(0x1800 + 0x40 * col);
  out[3] = (uint16_t)((two_tall ? 0x2000 : 0x1000) + 0x40 * col);
  if (west >= 0) place_in_group(parent, west, &ncol, &nrow), out[0] = (uint16_t)(out[0] - 0x1000 * nrow);
  if (east >= 0) place_in_group(parent, east, &ncol, &nrow), out[1] = (uint16_t)(out[1] - 0x1000 * nrow);
  if (north >= 0) place_in_group(parent, north, &ncol, &nrow), out[2] = (uint16_t)(out[2] - 0x40 * ncol);
  if (south >= 0) place_in_group(parent, south, &ncol, &nrow), out[3] = (uint16_t)(out[3] - 0x40 * ncol);
}

/* The model's parents and sizes as two arrays (the seam rule's input). */
typedef struct layout_view {
  uint8_t parent[Z3_OW_AREA_MAX], size[Z3_OW_AREA_MAX];
} layout_view;

static void view_layout(const z3_overworld *ow, layout_view *v) {
  for (int id = 0; id < Z3_OW_AREA_MAX; id++)
    v->parent[id] = ow->areas[id].parent, v->size[id] = (uint8_t)ow->areas[id].size;
}

static z3_status put_word(z3_rom *rom, size_t table, int id, unsigned value, const char *why, z3_error *err) {
  uint8_t b[2] = {(uint8_t)value, (uint8_t)(value >> 8)};
  return z3_ow__write_diff(rom, table + 2 * (size_t)id, b, 2, why, err);
}

static z3_status put_byte(z3_rom *rom, size_t pc, unsigned value, const char *why, z3_error *err) {
  uint8_t b = (uint8_t)value;
  return z3_ow__write_diff(rom, pc, &b, 1, why, err);
}

/* One screen's seam words and, with `all`, its transition positions and targets. */
static z3_status save_scroll(const layout_view *v, const layout_tables *t, z3_rom *rom, int id, bool all,
                             const char *why, z3_error *err) {
  uint16_t by[4];
  z3_ow_seam_words(v->parent, v->size, id, by);
  z3_status st = Z3_OK;
  for (int k = 0; st == Z3_OK && k < 4; k++) st = put_word(rom, t->by_screen + (size_t)k * t->stride, id, by[k], why, err);
  if (!all) return st;
  int px = (v->parent[id] & 0x3F) & 7, py = (v->parent[id] & 0x3F) >> 3;
  if (st == Z3_OK) st = put_word(rom, t->pos_y, id, (unsigned)(py * 0x200), why, err);
  if (st == Z3_OK) st = put_word(rom, t->pos_x, id, (unsigned)(px * 0x200), why, err);
  if (st == Z3_OK) st = put_word(rom, t->target_north, id, (unsigned)(py * 0x200 - 0xE0) & 0xFFFF, why, err);
  if (st == Z3_OK) st = put_word(rom, t->target_west, id, (unsigned)(px * 0x200 - 0x100) & 0xFFFF, why, err);
  return st;
}

/* v3: one screen's parent, size enum and scroll words. */
static z3_status save_v3_screen(const layout_view *v, z3_rom *rom, int id, const char *why, z3_error *err) {
  z3_status st = put_byte(rom, Z3_OW_V3_PARENT_PC + (size_t)id, v->parent[id], why, err);
  if (st == Z3_OK) st = put_byte(rom, Z3_OW_SIZE_PC + (size_t)id, v->size[id], why, err);
  return st == Z3_OK ? save_scroll(v, &v3_tables, rom, id, true, why, err) : st;
}

/* Vanilla layout, light-world screen `id` (the dark world shares its entry):
 * a screen whose group changed gets every size table; a neighbour only its
 * seam words, so vanilla quirks elsewhere (0x4C635 for 0x0A, 0x0F) stay. */
static z3_status save_vanilla_screen(const layout_view *v, z3_rom *rom, int id, bool changed, const char *why,
                                     z3_error *err) {
  bool large = v->size[id] == Z3_OW_LARGE;
  z3_status st = Z3_OK;
  if (changed) {
    st = put_byte(rom, Z3_OW_PARENT_PC + (size_t)id, v->parent[id], why, err);
    for (int w = 0; st == Z3_OK && w < 2; w++) st = put_byte(rom, Z3_OW_SIZE_PC + (size_t)(w * 0x40 + id), large ? 0x00 : 0x01, why, err);
    if (st == Z3_OK) st = put_byte(rom, VANILLA_SIZE_FLAG_PC + (size_t)id, large ? 0x20 : 0x00, why, err);
    if (st == Z3_OK) st = put_byte(rom, VANILLA_SIZE_HIGH_PC + (size_t)id, large ? 0x03 : 0x01, why, err);
    for (int w = 0; st == Z3_OK && w < 3; w++) st = put_byte(rom, VANILLA_SIZE_LOAD_PC + (size_t)(w * 0x40 + id), large ? 0x04 : 0x02, why, err);
  }
  return st == Z3_OK ? save_scroll(v, &vanilla_tables, rom, id, changed, why, err) : st;
}

z3_status z3_ow__save_sizes(z3_overworld *ow, z3_rom *rom, z3_error *err) {
  bool any = false;
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) any = any || ow->size_touched[id];
  if (!any) return Z3_OK;
  layout_view v;
  view_layout(ow, &v);
  z3_status st = Z3_OK;
  for (int id = 0; st == Z3_OK && id < Z3_OW_AREA_COUNT; id++) {
    if (ow->zscustom >= 3) {
      if (ow->size_touched[id]) st = save_v3_screen(&v, rom, id, ow->sizes_why, err);
    } else if (id < 0x40 && (ow->size_touched[id] || ow->size_touched[id + 0x40])) {
      st = save_vanilla_screen(&v, rom, id, ow->size_changed[id] || ow->size_changed[id + 0x40], ow->sizes_why, err);
    }
  }
  if (st == Z3_OK) memset(ow->size_touched, 0, sizeof ow->size_touched), memset(ow->size_changed, 0, sizeof ow->size_changed);
  return st;
}

static void visit_scroll(const layout_tables *t, int id, z3_ow_entry_visit visit, void *user) {
  size_t at[8] = {t->by_screen, t->by_screen + t->stride, t->by_screen + 2 * t->stride, t->by_screen + 3 * t->stride,
                  t->pos_y, t->pos_x, t->target_north, t->target_west};
  for (int k = 0; k < 8; k++) visit(user, id, Z3_OW_ENTRY_TRANSITION, k, at[k] + 2 * (size_t)id, 2);
}

/* Parents, sizes and scroll words as the model reads and the size edit
 * writes them: v3's tables for the 160 maps, else the vanilla parent table
 * (light world, which the dark world shares), size bytes (0x1788D for
 * 0x00-0x7F; 0x12844, 0x12884 and 0x4C635's copies as size slots 1-3) and
 * the 64-entry scroll tables, named by light-world area. */
void z3_ow__layout_places(const z3_overworld *ow, z3_ow_entry_visit visit, void *user) {
  bool v3 = ow->zscustom >= 3;
  for (int id = 0; id < (v3 ? Z3_OW_AREA_COUNT : Z3_OW_LIST_AREAS); id++) {
    if (v3) visit(user, id, Z3_OW_ENTRY_PARENT, 0, Z3_OW_V3_PARENT_PC + (size_t)id, 1);
    else if (id < 0x40) visit(user, id, Z3_OW_ENTRY_PARENT, 0, Z3_OW_PARENT_PC + (size_t)id, 1);
    visit(user, id, Z3_OW_ENTRY_SIZE, 0, Z3_OW_SIZE_PC + (size_t)id, 1);
    if (v3) visit_scroll(&v3_tables, id, visit, user);
    if (v3 || id >= 0x40) continue;
    visit(user, id, Z3_OW_ENTRY_SIZE, 1, VANILLA_SIZE_FLAG_PC + (size_t)id, 1);
    visit(user, id, Z3_OW_ENTRY_SIZE, 2, VANILLA_SIZE_HIGH_PC + (size_t)id, 1);
    for (int w = 0; w < 3; w++) visit(user, id, Z3_OW_ENTRY_SIZE, 3, VANILLA_SIZE_LOAD_PC + (size_t)(w * 0x40 + id), 1);
    visit_scroll(&vanilla_tables, id, visit, user);
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

/* Marks a screen and its four neighbours for the save (the screen itself as changed). */
static void touch(z3_overworld *ow, int id) {
  static const int d[5][2] = {{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  ow->size_changed[id] = true;
  for (int k = 0; k < 5; k++) {
    int n = neighbour(id, d[k][0], d[k][1]);
    if (n >= 0) ow->size_touched[n] = true;
  }
}

/* The screens of a group of `size` with top-left id; returns how many. */
static int group_of(int id, z3_ow_size size, int screens[4]) {
  int n = z3_ow_size_offsets(size, screens);
  for (int k = 0; k < n; k++) screens[k] += id;
  return n;
}

/* Dissolves id's current group and makes id the parent of `size` (checked). */
static void apply_group(z3_overworld *ow, int id, z3_ow_size size) {
  int screens[4], n = group_of(id, size, screens);
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
}

/* Vanilla layout and ZSCustomOverworld v1/v2 (which keep the vanilla size
 * tables): small or large only, and the light world's parent table serves
 * the dark world too (DW parent = LW parent + 0x40), so an area and its twin
 * in the other world change together. The special world's layout is code. */
static z3_status set_vanilla_size(z3_overworld *ow, int id, z3_ow_size size, z3_error *err) {
  const char *layout = ow->zscustom ? "ZSCustomOverworld v1/v2" : "vanilla-layout";
  if (id >= 0x80) {
    z3_error_set(err, Z3_E_INVALID, "area 0x%02X is in the special world, whose layout the game hard-codes "
                 "(Zora's Domain 0x81 is its only large area); sizes are not edited there on a %s ROM", id, layout);
    z3_error_hint(err, "change light- or dark-world areas (0x00-0x7F)");
    return Z3_E_INVALID;
  }
  if (size == Z3_OW_WIDE || size == Z3_OW_TALL) {
    z3_error_set(err, Z3_E_INVALID, "area 0x%02X cannot be %s on a %s ROM: its size tables know small and large only",
                 id, z3_ow_size_name(size), layout);
    z3_error_hint(err, "use 0 (small) or 1 (large); wide and tall areas need ZSCustomOverworld v3 (applied with ZScream)");
    return Z3_E_INVALID;
  }
  int twins[2] = {id & 0x3F, (id & 0x3F) | 0x40};
  for (int w = 0; w < 2; w++) {
    int screens[4], n = group_of(twins[w], size, screens);
    z3_status st = check_group(ow, twins[w], size, screens, n, err);
    if (st) return st;
  }
  for (int w = 0; w < 2; w++) apply_group(ow, twins[w], size);
  snprintf(ow->sizes_why, sizeof ow->sizes_why, "areas 0x%02X and 0x%02X made %s", twins[0], twins[1], z3_ow_size_name(size));
  return Z3_OK;
}

z3_status z3_ow_set_area_size(z3_overworld *ow, int id, z3_ow_size size, z3_error *err) {
  z3_status st = z3_ow_check_map(ow, id, err);
  if (st) return st;
  if ((unsigned)size > Z3_OW_TALL) return z3_error_set(err, Z3_E_INVALID, "size %d is not 0 small, 1 large, 2 wide or 3 tall", (int)size);
  if (ow->zscustom < 3) return set_vanilla_size(ow, id, size, err);
  if (id >= Z3_OW_AREA_COUNT) {
    return z3_error_set(err, Z3_E_INVALID, "area 0x%02X is a special-world tail map: v3's parent table (0x140998) has no entry "
                        "for it, so it stays small", id);
  }
  int screens[4], n = group_of(id, size, screens);
  st = check_group(ow, id, size, screens, n, err);
  if (st) return st;
  apply_group(ow, id, size);
  snprintf(ow->sizes_why, sizeof ow->sizes_why, "area 0x%02X made %s", id, z3_ow_size_name(size));
  return Z3_OK;
}
