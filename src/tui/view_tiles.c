/*
 * tui/view_tiles: one graphics sheet at full size in half-blocks (two pixels
 * a cell), a tile cursor with the tile's index and where its bytes are, which
 * blocksets or sprite sets load the sheet (so where its tiles are used), and
 * a palette to draw it in (grey levels until one is picked).
 */
#include <stdio.h>
#include <string.h>

#include "tui/component.h"
#include "zelda3/blockset.h"
#include "zelda3/gfx.h"
#include "zelda3/palettes.h"

enum { LIST_COLS = 14, TILE = 8, TILES_PER_ROW = 16 };

typedef struct tiles_view {
  int sheet, tile;
  tui_sheet pixels;
  const z3_palette_group *group;   /* NULL: grey levels */
  int palette, first_color;
} tiles_view;

static const tui_key_help keys[] = {
    {"arrows", "pick a tile"}, {"PgUp / PgDn, [ ]", "previous / next sheet"},
    {"p", "draw in a palette: GROUP INDEX [FIRST-COLOUR], empty for grey"}, {NULL, NULL},
};

static void draw_list(WINDOW *w, const tiles_view *t) {
  int rows = getmaxy(w), first = t->sheet >= rows / 2 ? t->sheet - rows / 2 : 0;
  for (int r = 0; r < rows && first + r < tui_sheet_count(); r++) {
    int i = first + r;
    tui_print(w, r, 0, i == t->sheet ? COLOR_PAIR(TUI_PAIR_SELECTED) | A_BOLD : 0, " sheet 0x%02X ", i);
  }
}

static void terminal_colors(const tiles_view *t, const z3_doc *doc, int colors[16], char shades[16]) {
  uint16_t pal[Z3_PALETTE_MAX_COLORS];
  bool have = t->group && z3_palette_read(doc->rom, t->group, t->palette, pal, NULL) == Z3_OK;
  for (int v = 0; v < 16; v++) {
    int r = v * 255 / 7, g = r, b = r, c = t->first_color + v - 1;
    if (r > 255) r = g = b = 255;
    if (have) r = g = b = 0;
    if (have && v > 0 && c < t->group->colors) tui_bgr555_rgb(pal[c], &r, &g, &b);
    colors[v] = tui_color_rgb(r, g, b), shades[v] = tui_shade(r, g, b);
  }
}

static void draw_info(WINDOW *w, const tiles_view *t, const z3_doc *doc, int y) {
  int x = LIST_COLS + 1;
  z3_sheet_info info;
  if (z3_gfx_sheet_read(doc->rom, t->sheet, &info, NULL, NULL) != Z3_OK) return;
  char addr[10];
  z3_snes_format_address(info.address, addr);
  size_t bytes_per_tile = info.format == Z3_TILE_3BPP ? 24 : 16;
  tui_print(w, y, x, A_BOLD, "sheet 0x%02X tile %d (0x%02X) of %d: bytes 0x%03zx-0x%03zx of the sheet", t->sheet, t->tile,
            t->tile, t->pixels.tiles, (size_t)t->tile * bytes_per_tile, (size_t)(t->tile + 1) * bytes_per_tile - 1);
  tui_print(w, y + 1, x, 0, "%s at %s (PC 0x%06zx), %zu bytes stored%s", z3_sheet_kind_name(info.kind), addr, info.offset,
            info.stored_size, info.alias_of >= 0 ? ", shares its data" : "");
  if (t->group) tui_print(w, y + 2, x, COLOR_PAIR(TUI_PAIR_DIM), "palette %s %d from colour %d", t->group->name, t->palette, t->first_color);
  else tui_print(w, y + 2, x, COLOR_PAIR(TUI_PAIR_DIM), "grey levels (p picks a palette)");
}

/* Appends " 0xNN" for each table entry of n sheets per set that names `want`. */
static size_t list_sets(const z3_rom *rom, int want, unsigned count, int per_set,
                        z3_status (*read)(const z3_rom *, unsigned, uint8_t *, z3_error *), char *out, size_t at,
                        size_t size) {
  for (unsigned i = 0; i < count && at + 6 < size; i++) {
    uint8_t sheets[8];
    if (read(rom, i, sheets, NULL) != Z3_OK) continue;
    for (int k = 0; k < per_set; k++)
      if (sheets[k] == want) {
        at += (size_t)snprintf(out + at, size - at, " 0x%02X", i);
        break;
      }
  }
  return at;
}

/* Which scenes load the sheet: BG sheets through main and aux blocksets, sprite
 * sheets (sprite-local numbers from 0x73) through sprite sets. */
static void draw_users(WINDOW *w, const tiles_view *t, const z3_doc *doc, int y, int x) {
  char text[512];
  size_t at = 0;
  if (t->sheet < Z3_BG_SHEET_COUNT) {
    at = (size_t)snprintf(text, sizeof text, "loaded by main blocksets");
    at = list_sets(doc->rom, t->sheet, Z3_BLOCKSET_MAIN_COUNT, 8, z3_blockset_main, text, at, sizeof text);
    at += (size_t)snprintf(text + at, sizeof text - at, "; aux");
    list_sets(doc->rom, t->sheet, Z3_BLOCKSET_AUX_COUNT, 4, z3_blockset_aux, text, at, sizeof text);
  } else {
    at = (size_t)snprintf(text, sizeof text, "loaded by sprite sets");
    list_sets(doc->rom, t->sheet - Z3_BG_SHEET_COUNT, Z3_SPRITESET_COUNT, 4, z3_spriteset, text, at, sizeof text);
  }
  int room = getmaxx(w) - x;
  tui_print(w, y, x, COLOR_PAIR(TUI_PAIR_DIM), "%.*s", room > 0 ? room : 0, text);
}

static void render(tui_view *v, WINDOW *w) {
  tiles_view *t = v->state;
  z3_doc *doc = tui_app_doc(v->app);
  draw_list(w, t);
  int x = LIST_COLS + 2, rows = getmaxy(w) - 5, cols = getmaxx(w) - x; /* 4 lines below: info, users */
  if (!tui_sheet_load(&t->pixels, doc, t->sheet)) {
    tui_print(w, 0, x, COLOR_PAIR(TUI_PAIR_ERROR), "sheet 0x%02X: %s", t->sheet, t->pixels.error);
    return;
  }
  if (t->tile >= t->pixels.tiles) t->tile = t->pixels.tiles ? t->pixels.tiles - 1 : 0;
  int tx = t->tile % TILES_PER_ROW * TILE, ty = t->tile / TILES_PER_ROW * TILE;
  int px = tx + TILE > cols ? (tx + TILE - cols + TILE - 1) / TILE * TILE : 0;
  int py = ty + TILE > rows * 2 ? (ty + TILE - rows * 2 + TILE - 1) / TILE * TILE : 0;
  int colors[16];
  char shades[16];
  terminal_colors(t, doc, colors, shades);
  tui_sheet_draw(w, &t->pixels, 1, x, rows - 1, cols, px, py, 1, colors, shades);
  tui_print(w, 0, x + tx - px, A_BOLD, "vvvvvvvv");
  for (int r = 0; r < TILE / 2; r++) tui_print(w, 1 + (ty - py) / 2 + r, x - 1, A_BOLD, ">");
  draw_info(w, t, doc, rows + 1);
  draw_users(w, t, doc, rows + 4, LIST_COLS + 1);
}

static void pick_palette(tui_view *v, tiles_view *t) {
  char text[64] = "";
  if (!tui_app_prompt(v->app, "palette (GROUP INDEX [FIRST-COLOUR], empty: grey)", text, sizeof text)) return;
  char name[40] = "";
  int index = 0, first = 0;
  int n = sscanf(text, "%39s %d %d", name, &index, &first);
  if (n <= 0) {
    t->group = NULL;
    return;
  }
  const z3_palette_group *g = z3_palette_group_find(name);
  z3_error err;
  z3_error_init(&err);
  if (!g) {
    const char *near = z3_palette_group_suggest(name);
    tui_app_message(v->app, "error: no palette group '%s'%s%s%s", name, near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
    return;
  }
  if (z3_palette_check(g, index, first, &err)) {
    tui_app_message(v->app, "error: %s", err.message);
    return;
  }
  t->group = g, t->palette = index, t->first_color = first;
}

static void move_tile(tiles_view *t, int delta) {
  int tile = t->tile + delta;
  if (tile >= 0 && tile < t->pixels.tiles) t->tile = tile;
}

static bool handle_key(tui_view *v, int key) {
  tiles_view *t = v->state;
  int n = tui_sheet_count();
  switch (key) {
  case KEY_LEFT: move_tile(t, -1); return true;
  case KEY_RIGHT: move_tile(t, 1); return true;
  case KEY_UP: move_tile(t, -TILES_PER_ROW); return true;
  case KEY_DOWN: move_tile(t, TILES_PER_ROW); return true;
  case KEY_NPAGE: case ']': t->sheet = (t->sheet + 1) % n, t->tile = 0; return true;
  case KEY_PPAGE: case '[': t->sheet = (t->sheet + n - 1) % n, t->tile = 0; return true;
  case 'p': pick_palette(v, t); return true;
  default: return false;
  }
}

static void destroy(tui_view *v) {
  tiles_view *t = v->state;
  if (t) tui_sheet_release(&t->pixels);
  z3_free(t);
}

void tui_tiles_view(tui_view *v, tui_app *app) {
  tiles_view *t = z3_calloc(1, sizeof *t);
  if (t) tui_sheet_init(&t->pixels);
  *v = (tui_view){.name = "tiles", .keys = keys, .app = app, .state = t,
                  .render = render, .handle_key = handle_key, .destroy = destroy};
}
