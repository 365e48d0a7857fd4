/*
 * tui/component: the interface every view implements, and what the app
 * offers them. A view draws itself into the window it is given (the area
 * between the tab bar and the status line), takes the keys it understands
 * and returns false for the rest, which the app then handles (tabs, save,
 * undo, quit, help). Nothing in the app names a particular view.
 */
#ifndef Z3_TUI_COMPONENT_H
#define Z3_TUI_COMPONENT_H

#include <curses.h>
#include <stdbool.h>

#include "cmd/doc.h"

typedef struct tui_app tui_app;

/* One line of a view's help: the key and what it does. */
typedef struct tui_key_help {
  const char *key, *what;
} tui_key_help;

typedef struct tui_view {
  const char *name;              /* tab title and --tab value */
  const tui_key_help *keys;      /* ended by {NULL, NULL} */
  void *state;                   /* the view's own */
  tui_app *app;
  void (*render)(struct tui_view *v, WINDOW *win);
  bool (*handle_key)(struct tui_view *v, int key);
  void (*resize)(struct tui_view *v, int h, int w);   /* may be NULL */
  void (*destroy)(struct tui_view *v);                /* frees state; may be NULL */
} tui_view;

/* Constructors: each fills *v over the app's document. */
void tui_dashboard_view(tui_view *v, tui_app *app);
void tui_hex_view(tui_view *v, tui_app *app);
void tui_palette_view(tui_view *v, tui_app *app);
void tui_commands_view(tui_view *v, tui_app *app);
void tui_tiles_view(tui_view *v, tui_app *app);
void tui_rooms_view(tui_view *v, tui_app *app);
void tui_areas_view(tui_view *v, tui_app *app);
void tui_proposals_view(tui_view *v, tui_app *app);
void tui_chat_view(tui_view *v, tui_app *app);

/* ---- services of the app ---------------------------------------------- */
z3_doc *tui_app_doc(tui_app *app);
/* A line on the status bar until the next key ("saved", an error). */
void tui_app_message(tui_app *app, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Asks for a line of text on the status bar; false when cancelled (Esc).
 * `text` holds the initial value and receives the answer. */
bool tui_app_prompt(tui_app *app, const char *label, char *text, size_t cap);
/* Shows the command palette's form for `resource action` with one argument
 * filled in (the thing a browser has selected). */
void tui_app_open_command(tui_app *app, const char *resource, const char *action, const char *arg, const char *value);
/* The view with this name, or NULL. */
tui_view *tui_app_find(tui_app *app, const char *name);
/* Switches to the tab with this name; false when there is none. */
bool tui_app_show(tui_app *app, const char *name);

/* ---- drawing helpers (draw.c) ----------------------------------------- */
enum { TUI_PAIR_TITLE = 1, TUI_PAIR_SELECTED, TUI_PAIR_DIM, TUI_PAIR_ERROR, TUI_PAIR_OK, TUI_PAIR_COUNT };
void tui_colors_init(void);
/* A terminal colour for an RGB value: an exact one when the terminal lets
 * us define colours, else the nearest of 256 or of 8; -1 without colour. */
int tui_color_rgb(int r, int g, int b);
/* A pair for fg/bg terminal colours (-1 for defaults); 0 when none is left. */
int tui_color_pair(int fg, int bg);
/* The upper half of a cell in `top`, the lower in `bottom` (terminal colours). */
void tui_half_block(WINDOW *win, int y, int x, int top, int bottom);
/* Text cut at the window's width, in an attribute. */
void tui_print(WINDOW *win, int y, int x, attr_t attr, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Text wrapped at spaces to the window's width from column x on; returns the
 * row after its last line. For messages too long to cut, such as errors. */
int tui_print_wrapped(WINDOW *win, int y, int x, attr_t attr, const char *text);
/* BGR555 to 8-bit RGB as `palette get` shows it (v << 3 | v >> 2: 31 is 255). */
void tui_bgr555_rgb(unsigned bgr, int *r, int *g, int *b);
/* A shade character for an RGB value on terminals without colour. */
char tui_shade(int r, int g, int b);

/* ---- a graphics sheet's pixels, cached per document state (sheet.c) ---- */
typedef struct tui_sheet {
  int index;                   /* -1: none loaded */
  unsigned generation;
  z3_buf pixels;               /* 128 wide, one byte a pixel */
  int width, height, tiles;
  char error[128];
} tui_sheet;
void tui_sheet_init(tui_sheet *s);
void tui_sheet_release(tui_sheet *s);
/* Loads sheet `index` unless it is already loaded for this document state. */
bool tui_sheet_load(tui_sheet *s, const z3_doc *doc, int index);
int tui_sheet_count(void);
/* Draws the sheet's pixels from (px, py) in half-blocks, every `step`th pixel,
 * into cols x rows cells at (y, x); colors[p] is a terminal colour for pixel
 * value p, or shades[p] a character when the terminal has none. */
void tui_sheet_draw(WINDOW *w, const tui_sheet *s, int y, int x, int rows, int cols, int px, int py, int step,
                    const int colors[16], const char shades[16]);

#endif
