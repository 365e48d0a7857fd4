/* tui/draw: colours and the few drawing helpers the views share. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui/component.h"

enum { RGB_CACHE = 512 };

/* Colours we defined ourselves (truecolor terminals): rgb -> colour number. */
static struct {
  int rgb[RGB_CACHE], color[RGB_CACHE];
  int count;
} defined;

static bool can_define(void) { return has_colors() && can_change_color() && COLORS >= 256; }

void tui_colors_init(void) {
  defined.count = 0;
  if (!has_colors()) return;
  start_color();
  use_default_colors();
  init_pair(TUI_PAIR_TITLE, COLOR_BLACK, COLOR_CYAN);
  init_pair(TUI_PAIR_SELECTED, COLOR_BLACK, COLOR_YELLOW);
  init_pair(TUI_PAIR_DIM, COLOR_BLUE, -1);
  init_pair(TUI_PAIR_ERROR, COLOR_RED, -1);
  init_pair(TUI_PAIR_OK, COLOR_GREEN, -1);
}

static int cube_level(int v) { return v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40; }
static int cube_value(int level) { return level ? 55 + level * 40 : 0; }

/* xterm's 256: a 6x6x6 cube from 16 and a grey ramp from 232; take the closer. */
static int nearest_256(int r, int g, int b) {
  int lr = cube_level(r), lg = cube_level(g), lb = cube_level(b);
  int cr = cube_value(lr), cg = cube_value(lg), cb = cube_value(lb);
  int grey = (r + g + b) / 3, gi = grey > 238 ? 23 : grey < 8 ? 0 : (grey - 8) / 10;
  int gv = 8 + gi * 10;
  long dc = (long)(r - cr) * (r - cr) + (long)(g - cg) * (g - cg) + (long)(b - cb) * (b - cb);
  long dg = (long)(r - gv) * (r - gv) + (long)(g - gv) * (g - gv) + (long)(b - gv) * (b - gv);
  return dg < dc ? 232 + gi : 16 + 36 * lr + 6 * lg + lb;
}

static int nearest_8(int r, int g, int b) {
  return (r >= 128 ? COLOR_RED : 0) | (g >= 128 ? COLOR_GREEN : 0) | (b >= 128 ? COLOR_BLUE : 0);
}

static int define_color(int r, int g, int b) {
  int rgb = r << 16 | g << 8 | b;
  for (int i = 0; i < defined.count; i++)
    if (defined.rgb[i] == rgb) return defined.color[i];
  int slots = COLORS - 16 < RGB_CACHE ? COLORS - 16 : RGB_CACHE;
  if (defined.count >= slots) return nearest_256(r, g, b);
  int color = 16 + defined.count;
  if (init_extended_color(color, r * 1000 / 255, g * 1000 / 255, b * 1000 / 255) != OK) return nearest_256(r, g, b);
  defined.rgb[defined.count] = rgb, defined.color[defined.count] = color;
  defined.count++;
  return color;
}

int tui_color_rgb(int r, int g, int b) {
  if (!has_colors()) return -1;
  if (can_define()) return define_color(r, g, b);
  if (COLORS >= 256) return nearest_256(r, g, b);
  return nearest_8(r, g, b);
}

int tui_color_pair(int fg, int bg) {
  if (!has_colors()) return 0;
  int pair = alloc_pair(fg, bg);
  return pair < 0 ? 0 : pair;
}

void tui_half_block(WINDOW *win, int y, int x, int top, int bottom) {
  int pair = tui_color_pair(top, bottom);
  cchar_t cell;
  setcchar(&cell, L"\u2580", A_NORMAL, 0, &pair);
  mvwadd_wch(win, y, x, &cell);
}

void tui_print(WINDOW *win, int y, int x, attr_t attr, const char *fmt, ...) {
  char line[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  int room = getmaxx(win) - x;
  if (room <= 0 || y < 0 || y >= getmaxy(win)) return;
  wattron(win, attr);
  mvwaddnstr(win, y, x, line, room);
  wattroff(win, attr);
}

int tui_print_wrapped(WINDOW *win, int y, int x, attr_t attr, const char *text) {
  int room = getmaxx(win) - x;
  if (room <= 0) return y;
  while (*text && y < getmaxy(win)) {
    size_t n = strlen(text);
    if (n > (size_t)room) { /* break at the last space that fits, else mid-word */
      n = (size_t)room;
      while (n > 0 && text[n] != ' ') n--;
      if (n == 0) n = (size_t)room;
      while (n > 1 && ((unsigned char)text[n] & 0xC0) == 0x80) n--; /* not inside a UTF-8 character */
    }
    wattron(win, attr);
    mvwaddnstr(win, y++, x, text, (int)n);
    wattroff(win, attr);
    text += n;
    while (*text == ' ') text++;
  }
  return y;
}

void tui_bgr555_rgb(unsigned bgr, int *r, int *g, int *b) {
  int r5 = bgr & 31, g5 = bgr >> 5 & 31, b5 = bgr >> 10 & 31;
  *r = r5 << 3 | r5 >> 2, *g = g5 << 3 | g5 >> 2, *b = b5 << 3 | b5 >> 2;
}

char tui_shade(int r, int g, int b) {
  static const char ramp[] = " .:-=+*#%@";
  int luma = (r * 30 + g * 59 + b * 11) / 100;
  return ramp[luma * 9 / 255];
}
