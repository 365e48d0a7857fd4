#include "tui/component.h"
static void r(tui_view *v, WINDOW *w) { (void)v; tui_print(w, 0, 0, 0, "todo"); }
static bool k(tui_view *v, int key) { (void)v; (void)key; return false; }
void tui_tiles_view(tui_view *v, tui_app *app) { *v = (tui_view){.name = "tiles", .app = app, .render = r, .handle_key = k}; }
