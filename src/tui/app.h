/* tui/app: the application object, apart from the terminal, for tests. */
#ifndef Z3_TUI_APP_H
#define Z3_TUI_APP_H

#include "tui/component.h"

enum { TUI_MAX_VIEWS = 10 };

struct tui_app {
  z3_doc *doc;
  tui_view views[TUI_MAX_VIEWS];
  int view_count, current;
  int tab_end[TUI_MAX_VIEWS];   /* columns where each tab's title ends, for mouse clicks */
  WINDOW *body;                 /* between the tab bar and the status line */
  char message[256];
  bool message_is_error;
  bool quit;
};

/* Builds every view over doc (the app does not own doc). */
tui_app *tui_app_new(z3_doc *doc);
void tui_app_free(tui_app *app);
/* Offers a key to the current view, then to the app's own keys. */
void tui_app_key(tui_app *app, int key);
/* Draws the whole screen (or the refusal when it is too small). */
void tui_app_draw(tui_app *app);
/* The main loop on an initialised terminal; returns when the user quits. */
void tui_app_run(tui_app *app);

#endif
