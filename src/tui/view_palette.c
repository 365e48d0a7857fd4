/*
 * tui/view_palette: every palette group (zelda3/palettes), its palettes as
 * swatches in the terminal's colours, and a graphics sheet drawn in the
 * palette under the cursor. A colour is changed by running `palette
 * set-color` on the open ROM, so the values it takes (#RRGGBB, $7FFF, r,g,b)
 * and its errors are the CLI's; 0x7FFF is taken as $7FFF.
 */
#include <stdio.h>
#include <string.h>

#include "tui/component.h"
#include "zelda3/palettes.h"

enum { GROUP_COLS = 20, PER_ROW = 16, SWATCH = 3, PREVIEW_COLS = 64 };

typedef struct palette_view {
  int group, index, color;
  int sheet;
  tui_sheet preview;
} palette_view;

static const tui_key_help keys[] = {
    {"PgUp / PgDn", "previous / next group"}, {"- / +", "previous / next palette of the group"},
    {"arrows", "pick a colour"},             {"e / Enter", "edit the colour: #RRGGBB, $7FFF, 0x7FFF or r,g,b"},
    {"[ / ]", "previous / next sheet in the preview"}, {NULL, NULL},
};

static const z3_palette_group *group_of(const palette_view *p) { return &z3_palette_groups[p->group]; }

/* How many colours one row of the hardware palette takes from this group:
 * the preview maps a sheet's pixel values onto that many. */
static int row_size(const z3_palette_group *g) {
  if (g->includes_transparent) return g->colors % 16 == 0 ? 16 : g->colors;
  if (g->colors % 15 == 0) return 15;
  if (g->colors % 7 == 0) return 7;
  return g->colors < 15 ? g->colors : 15;
}

static void draw_groups(WINDOW *w, const palette_view *p) {
  int rows = getmaxy(w), first = p->group >= rows ? p->group - rows + 1 : 0;
  for (int i = first; i < (int)z3_palette_group_count && i - first < rows; i++)
    tui_print(w, i - first, 0, i == p->group ? COLOR_PAIR(TUI_PAIR_SELECTED) | A_BOLD : 0, " %-*s", GROUP_COLS - 2,
              z3_palette_groups[i].name);
}

static void swatch(WINDOW *w, int y, int x, uint16_t bgr, bool cursor) {
  int r, g, b;
  tui_bgr555_rgb(bgr, &r, &g, &b);
  int color = tui_color_rgb(r, g, b);
  if (color < 0) {
    tui_print(w, y, x, cursor ? A_REVERSE : 0, "%c%c%c", cursor ? '[' : ' ', tui_shade(r, g, b), cursor ? ']' : ' ');
    return;
  }
  int fg = r + g + b > 384 ? COLOR_BLACK : COLOR_WHITE;
  wattr_set(w, A_BOLD, 0, &(int){tui_color_pair(fg, color)});
  mvwaddstr(w, y, x, cursor ? "[ ]" : "   ");
  wattr_set(w, A_NORMAL, 0, &(int){0});
}

static int draw_swatches(WINDOW *w, const palette_view *p, const uint16_t *colors, int y) {
  const z3_palette_group *g = group_of(p);
  int x0 = GROUP_COLS + 1;
  for (int c = 0; c < g->colors; c++) {
    if (c % PER_ROW == 0) tui_print(w, y + c / PER_ROW, x0, COLOR_PAIR(TUI_PAIR_DIM), "%3d", c);
    swatch(w, y + c / PER_ROW, x0 + 4 + (c % PER_ROW) * SWATCH, colors[c], c == p->color);
  }
  return y + (g->colors + PER_ROW - 1) / PER_ROW;
}

static void draw_preview(WINDOW *w, palette_view *p, z3_doc *doc, const uint16_t *colors, int y) {
  const z3_palette_group *g = group_of(p);
  int x0 = GROUP_COLS + 1, rows = getmaxy(w) - y - 1, size = row_size(g);
  int base = p->color / size * size, term[16];
  char shades[16];
  for (int v = 0; v < 16; v++) {
    int c = base + (g->includes_transparent ? v : v - 1), r = 0, gr = 0, b = 0;
    if (v > 0 && c < g->colors && v < size + !g->includes_transparent) tui_bgr555_rgb(colors[c], &r, &gr, &b);
    term[v] = tui_color_rgb(r, gr, b), shades[v] = tui_shade(r, gr, b);
  }
  tui_print(w, y, x0, A_BOLD, "sheet 0x%02X in colours %d-%d (every 2nd pixel)", p->sheet, base, base + size - 1);
  if (rows < 1) return;
  if (!tui_sheet_load(&p->preview, doc, p->sheet)) {
    tui_print(w, y + 1, x0, COLOR_PAIR(TUI_PAIR_ERROR), "%s", p->preview.error);
    return;
  }
  tui_sheet_draw(w, &p->preview, y + 1, x0, rows, PREVIEW_COLS, 0, 0, 2, term, shades);
}

static void render(tui_view *v, WINDOW *w) {
  palette_view *p = v->state;
  z3_doc *doc = tui_app_doc(v->app);
  const z3_palette_group *g = group_of(p);
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  z3_error err;
  z3_error_init(&err);
  draw_groups(w, p);
  int x0 = GROUP_COLS + 1;
  tui_print(w, 0, x0, A_BOLD, "%s: %s", g->name, g->description);
  if (z3_palette_read(doc->rom, g, p->index, colors, &err)) {
    tui_print(w, 2, x0, COLOR_PAIR(TUI_PAIR_ERROR), "%s", err.message);
    return;
  }
  int r, gr, b;
  tui_bgr555_rgb(colors[p->color], &r, &gr, &b);
  tui_print(w, 1, x0, 0, "palette %d of %d, colour %d: $%04X #%02X%02X%02X", p->index, g->count, p->color, colors[p->color],
            r, gr, b);
  int y = draw_swatches(w, p, colors, 3);
  draw_preview(w, p, doc, colors, y + 1);
}

static void edit(tui_view *v, palette_view *p) {
  z3_doc *doc = tui_app_doc(v->app);
  char value[64] = "";
  if (!tui_app_prompt(v->app, "colour (#RRGGBB, $7FFF, 0x7FFF or r,g,b)", value, sizeof value) || !value[0]) return;
  if (value[0] == '0' && (value[1] == 'x' || value[1] == 'X')) memmove(value, value + 1, strlen(value)), value[0] = '$';
  char index[16], color[16];
  snprintf(index, sizeof index, "%d", p->index);
  snprintf(color, sizeof color, "%d", p->color);
  const char *words[] = {"palette", "set-color", "--group", group_of(p)->name, "--index", index,
                         "--color", color,        "--value", value};
  z3_error err;
  z3_error_init(&err);
  if (z3_doc_run(doc, 10, words, NULL, &err)) tui_app_message(v->app, "error: %s", err.message);
  else tui_app_message(v->app, "%s %d colour %d set to %s", group_of(p)->name, p->index, p->color, value);
}

static void pick_group(palette_view *p, int delta) {
  int n = (int)z3_palette_group_count;
  p->group = (p->group + delta + n) % n;
  p->index = 0, p->color = 0;
}

static void move_color(palette_view *p, int delta) {
  int c = p->color + delta, n = group_of(p)->colors;
  if (c >= 0 && c < n) p->color = c;
}

static bool handle_key(tui_view *v, int key) {
  palette_view *p = v->state;
  int count = group_of(p)->count, sheets = tui_sheet_count();
  switch (key) {
  case KEY_NPAGE: pick_group(p, 1); return true;
  case KEY_PPAGE: pick_group(p, -1); return true;
  case '+': case '=': p->index = (p->index + 1) % count; return true;
  case '-': p->index = (p->index + count - 1) % count; return true;
  case KEY_LEFT: move_color(p, -1); return true;
  case KEY_RIGHT: move_color(p, 1); return true;
  case KEY_UP: move_color(p, -PER_ROW); return true;
  case KEY_DOWN: move_color(p, PER_ROW); return true;
  case ']': p->sheet = (p->sheet + 1) % sheets; return true;
  case '[': p->sheet = (p->sheet + sheets - 1) % sheets; return true;
  case 'e': case '\n': case KEY_ENTER: edit(v, p); return true;
  default: return false;
  }
}

static void destroy(tui_view *v) {
  palette_view *p = v->state;
  if (p) tui_sheet_release(&p->preview);
  z3_free(p);
}

void tui_palette_view(tui_view *v, tui_app *app) {
  palette_view *p = z3_calloc(1, sizeof *p);
  if (p) tui_sheet_init(&p->preview);
  if (p) p->sheet = 0x10;
  *v = (tui_view){.name = "palette", .keys = keys, .app = app, .state = p,
                  .render = render, .handle_key = handle_key, .destroy = destroy};
}
