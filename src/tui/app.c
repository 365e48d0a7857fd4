/* tui/app: tabs, status line, prompts, help and the keys every view shares. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tui/app.h"
#include "tui/term.h"

enum { KEY_CTRL_P = 16, KEY_CTRL_R = 18, KEY_ESC = 27 };

static const tui_key_help global_keys[] = {
    {"Tab / S-Tab", "next / previous tab"}, {"1-9", "tab by number (where the view does not type)"},
    {"Ctrl-P", "command palette"},          {"? / F1", "this help"},
    {"u", "undo the last edit"},            {"U / Ctrl-R", "redo"},
    {"w", "save (atomic, keeps FILE.bak)"}, {"q", "quit (asks when there are unsaved edits)"},
    {"mouse", "a click on a tab shows it"},
    {NULL, NULL},
};

z3_doc *tui_app_doc(tui_app *app) { return app->doc; }

void tui_app_message(tui_app *app, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(app->message, sizeof app->message, fmt, ap);
  va_end(ap);
  app->message_is_error = strncmp(app->message, "error", 5) == 0;
}

tui_app *tui_app_new(z3_doc *doc) {
  tui_app *app = z3_calloc(1, sizeof *app);
  if (!app) return NULL;
  app->doc = doc;
  void (*const makers[])(tui_view *, tui_app *) = {tui_dashboard_view, tui_hex_view, tui_palette_view,
                                                   tui_tiles_view, tui_rooms_view,   tui_areas_view,
                                                   tui_proposals_view, tui_chat_view,  tui_commands_view};
  bool built = true;
  for (size_t i = 0; i < sizeof makers / sizeof makers[0]; i++) {
    makers[i](&app->views[app->view_count++], app);
    built &= app->views[app->view_count - 1].state != NULL;
  }
  if (!built) {
    tui_app_free(app);
    return NULL;
  }
  return app;
}

void tui_app_free(tui_app *app) {
  if (!app) return;
  for (int i = 0; i < app->view_count; i++)
    if (app->views[i].destroy) app->views[i].destroy(&app->views[i]);
  if (app->body) delwin(app->body);
  z3_free(app);
}

tui_view *tui_app_find(tui_app *app, const char *name) {
  for (int i = 0; i < app->view_count; i++)
    if (strcmp(app->views[i].name, name) == 0) return &app->views[i];
  return NULL;
}

bool tui_app_show(tui_app *app, const char *name) {
  tui_view *v = tui_app_find(app, name);
  if (v) app->current = (int)(v - app->views);
  return v != NULL;
}

/* Tabs as " N name "; when they do not all fit, the others shrink to 4 letters. */
static void draw_tabs(tui_app *app) {
  move(0, 0);
  clrtoeol();
  int full = 0;
  for (int i = 0; i < app->view_count; i++) full += (int)strlen(app->views[i].name) + 5;
  int x = 0;
  for (int i = 0; i < app->view_count && x < COLS; i++) {
    bool current = i == app->current;
    int len = current || full <= COLS ? (int)strlen(app->views[i].name) : 4;
    attr_t attr = current ? COLOR_PAIR(TUI_PAIR_TITLE) | A_BOLD : A_NORMAL;
    attron(attr);
    mvprintw(0, x, " %d %.*s ", i + 1, len, app->views[i].name);
    attroff(attr);
    x = getcurx(stdscr) + (full <= COLS);
    app->tab_end[i] = x;
  }
}

static void draw_status(tui_app *app) {
  move(LINES - 1, 0);
  clrtoeol();
  z3_doc *doc = app->doc;
  attron(A_REVERSE);
  mvprintw(LINES - 1, 0, " %s%s ", z3_doc_name(doc), z3_doc_modified(doc) ? " [modified]" : "");
  attroff(A_REVERSE);
  attr_t attr = app->message_is_error ? COLOR_PAIR(TUI_PAIR_ERROR) | A_BOLD : A_NORMAL;
  int x = getcurx(stdscr) + 1;
  attron(attr);
  mvaddnstr(LINES - 1, x, app->message[0] ? app->message : "? help  Tab views  Ctrl-P commands  q quit", COLS - x);
  attroff(attr);
}

static void ensure_body(tui_app *app) {
  int h = LINES - 2, w = COLS;
  if (app->body && getmaxy(app->body) == h && getmaxx(app->body) == w) return;
  if (app->body) delwin(app->body);
  app->body = newwin(h, w, 1, 0);
  for (int i = 0; i < app->view_count; i++)
    if (app->views[i].resize) app->views[i].resize(&app->views[i], h, w);
}

void tui_app_draw(tui_app *app) {
  if (!tui_term_big_enough()) {
    tui_term_draw_refusal();
    return;
  }
  ensure_body(app);
  erase();
  draw_tabs(app);
  draw_status(app);
  wnoutrefresh(stdscr);
  werase(app->body);
  tui_view *v = &app->views[app->current];
  v->render(v, app->body);
  wnoutrefresh(app->body);
  doupdate();
}

enum { CTRL_U = 0x15 };

bool tui_app_prompt(tui_app *app, const char *label, char *text, size_t cap) {
  size_t len = strlen(text);
  curs_set(1);
  for (;;) {
    move(LINES - 1, 0);
    clrtoeol();
    mvprintw(LINES - 1, 0, "%s: %s", label, text);
    refresh();
    int key = getch();
    if (key == KEY_RESIZE) {
      tui_app_draw(app);
    } else if (key == '\n' || key == KEY_ENTER || key == '\r') {
      curs_set(0);
      return true;
    } else if (key == KEY_ESC) {
      curs_set(0);
      return false;
    } else if ((key == KEY_BACKSPACE || key == 127 || key == 8) && len > 0) {
      text[--len] = '\0';
    } else if (key == CTRL_U) { /* clears the line, as readline does */
      text[len = 0] = '\0';
    } else if (key >= 32 && key < 127 && len + 1 < cap) {
      text[len++] = (char)key, text[len] = '\0';
    }
  }
}

static void draw_help_lines(WINDOW *w, int *y, const char *title, const tui_key_help *keys) {
  tui_print(w, (*y)++, 2, A_BOLD, "%s", title);
  for (const tui_key_help *k = keys; k && k->key; k++) tui_print(w, (*y)++, 4, A_NORMAL, "%-14s %s", k->key, k->what);
  (*y)++;
}

static void show_help(tui_app *app) {
  tui_view *v = &app->views[app->current];
  WINDOW *w = newwin(LINES - 2, COLS, 1, 0);
  if (!w) return;
  int y = 1;
  char title[64];
  snprintf(title, sizeof title, "%s keys", v->name);
  draw_help_lines(w, &y, title, v->keys);
  draw_help_lines(w, &y, "everywhere", global_keys);
  box(w, 0, 0);
  tui_print(w, 0, 2, A_BOLD, " help: any key closes ");
  wrefresh(w);
  getch();
  delwin(w);
}

static bool confirm(tui_app *app, const char *question) {
  move(LINES - 1, 0);
  clrtoeol();
  attron(A_BOLD);
  mvaddnstr(LINES - 1, 0, question, COLS);
  attroff(A_BOLD);
  refresh();
  for (;;) {
    int key = getch();
    if (key == 'y' || key == 'Y') return true;
    if (key == 'n' || key == 'N' || key == KEY_ESC) return false;
    if (key == KEY_RESIZE) tui_app_draw(app);
  }
}

static void try_quit(tui_app *app) {
  if (z3_doc_modified(app->doc)) {
    char q[200];
    snprintf(q, sizeof q, "%s has unsaved edits. Quit without saving? (y/n)", z3_doc_name(app->doc));
    if (!confirm(app, q)) {
      tui_app_message(app, "not quitting; w saves");
      return;
    }
  }
  app->quit = true;
}

/* Another process saved the file since it was read here: offer to put these
 * edits on top of it; the next w then saves both. */
static void offer_merge(tui_app *app) {
  char q[200];
  snprintf(q, sizeof q, "%s was saved elsewhere since it was opened. Merge your edits onto it? (y/n)",
           z3_doc_name(app->doc));
  if (!confirm(app, q)) {
    tui_app_message(app, "not saved; your edits are kept (u undoes them)");
    return;
  }
  z3_error err;
  z3_error_init(&err);
  if (z3_doc_merge_from_disk(app->doc, &err)) tui_app_message(app, "error: %s", err.message);
  else tui_app_message(app, "merged onto the file on disk; w saves, u takes the merge back");
}

static void save(tui_app *app) {
  z3_error err;
  z3_error_init(&err);
  if (z3_doc_save(app->doc, &err) == Z3_OK)
    tui_app_message(app, "saved %s (previous file kept as %s.bak)", app->doc->path, z3_doc_name(app->doc));
  else if (z3_doc_changed_on_disk(app->doc)) offer_merge(app);
  else tui_app_message(app, "error: %s", err.message);
}

static void undo_redo(tui_app *app, bool undo) {
  z3_error err;
  z3_error_init(&err);
  const char *next = z3_doc_next_label(app->doc, undo);
  char label[sizeof app->doc->undo.items[0].label];
  snprintf(label, sizeof label, "%s", next ? next : "");
  z3_status st = undo ? z3_doc_undo(app->doc, &err) : z3_doc_redo(app->doc, &err);
  if (st) tui_app_message(app, "error: %s", err.message);
  else tui_app_message(app, "%s: %s", undo ? "undone" : "redone", label);
}

/* A click on the tab bar picks that tab; other clicks are not used yet. */
static void click(tui_app *app) {
  MEVENT ev;
  if (getmouse(&ev) != OK || ev.y != 0) return;
  for (int i = 0; i < app->view_count; i++)
    if (ev.x < app->tab_end[i]) {
      app->current = i;
      return;
    }
}

static bool global_key(tui_app *app, int key) {
  switch (key) {
  case KEY_MOUSE: click(app); return true;
  case '\t': app->current = (app->current + 1) % app->view_count; return true;
  case KEY_BTAB: app->current = (app->current + app->view_count - 1) % app->view_count; return true;
  case KEY_F(1): show_help(app); return true;
  case KEY_CTRL_P:
    if (tui_app_show(app, "commands")) app->views[app->current].handle_key(&app->views[app->current], key);
    return true;
  default: return false;
  }
}

static void app_key(tui_app *app, int key) {
  switch (key) {
  case '?': show_help(app); break;
  case 'q': try_quit(app); break;
  case 'w': save(app); break;
  case 'u': undo_redo(app, true); break;
  case 'U':
  case KEY_CTRL_R: undo_redo(app, false); break;
  default:
    if (key >= '1' && key < '1' + app->view_count) app->current = key - '1';
  }
}

void tui_app_key(tui_app *app, int key) {
  app->message[0] = '\0';
  if (global_key(app, key)) return;
  tui_view *v = &app->views[app->current];
  if (!v->handle_key(v, key)) app_key(app, key);
}

void tui_app_run(tui_app *app) {
  while (!app->quit) {
    tui_app_draw(app);
    int key = getch();
    if (key == KEY_RESIZE || key == ERR) continue;
    if (!tui_term_big_enough()) {
      if (key == 'q') try_quit(app);
      continue;
    }
    tui_app_key(app, key);
  }
}
