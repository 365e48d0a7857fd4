/* tui/sheet: a graphics sheet's pixels for the palette preview and the tile
 * viewer, read through zelda3/gfx (what `gfx export` draws) and drawn with
 * half-blocks: one cell is two pixels stacked. */
#include <stdio.h>
#include <string.h>

#include "tui/component.h"
#include "zelda3/gfx.h"

void tui_sheet_init(tui_sheet *s) {
  memset(s, 0, sizeof *s);
  s->index = -1;
  z3_buf_init(&s->pixels);
}

void tui_sheet_release(tui_sheet *s) { z3_buf_release(&s->pixels); }

int tui_sheet_count(void) { return Z3_SHEET_COUNT; }

bool tui_sheet_load(tui_sheet *s, const z3_doc *doc, int index) {
  if (s->index == index && s->generation == doc->generation) return s->error[0] == '\0';
  z3_buf_release(&s->pixels);
  z3_sheet_info info;
  z3_error err;
  z3_error_init(&err);
  s->index = index, s->generation = doc->generation, s->error[0] = '\0';
  s->width = s->height = s->tiles = 0;
  if (z3_gfx_sheet_pixels(doc->rom, index, &s->pixels, &info, &err)) {
    snprintf(s->error, sizeof s->error, "%.120s", err.message);
    return false;
  }
  s->width = 128, s->height = (int)(s->pixels.len / 128), s->tiles = info.tiles;
  return true;
}

static int pixel(const tui_sheet *s, int x, int y) {
  if (x < 0 || y < 0 || x >= s->width || y >= s->height) return 0;
  return s->pixels.data[(size_t)y * 128 + (size_t)x] & 15;
}

void tui_sheet_draw(WINDOW *w, const tui_sheet *s, int y, int x, int rows, int cols, int px, int py, int step,
                    const int colors[16], const char shades[16]) {
  for (int r = 0; r < rows; r++) {
    for (int c = 0; c < cols; c++) {
      int sx = px + c * step, top_y = py + r * 2 * step;
      if (sx >= s->width || top_y >= s->height) continue;
      int top = pixel(s, sx, top_y), bottom = pixel(s, sx, top_y + step);
      if (has_colors()) tui_half_block(w, y + r, x + c, colors[top], colors[bottom]);
      else mvwaddch(w, y + r, x + c, (chtype)(unsigned char)shades[top > bottom ? top : bottom]);
    }
  }
}
