/* gui/harness's parts: the server (harness.c), widgets (harness_widgets.c), actions and checks (harness_rpc.c). */
#ifndef Z3_GUI_HARNESS_INTERNAL_H
#define Z3_GUI_HARNESS_INTERNAL_H

#include <jansson.h>

#include "gui/gui.h"
#include "gui/harness.h"

enum {
  RPC_PARSE = -32700,
  RPC_INVALID_REQUEST = -32600,
  RPC_NO_METHOD = -32601,
  RPC_INVALID_PARAMS = -32602,
  RPC_FAILED = -32000,
  RPC_NO_WIDGET = -32001,
  RPC_RATE_LIMITED = -32002,
};

/* ---- widgets (harness_widgets.c) ---- */

/* "yaze/roms/.../ow-map": names joined by '/', an unnamed widget as its type and index among siblings "GtkBox[1]". */
char *gui_widget_path(GtkWidget *w);
/* The widget a target names (path, widget name, accessible label or visible text); NULL with
 * Z3_E_NOT_FOUND in err when none. */
GtkWidget *gui_find_widget(GtkWidget *root, const char *target, z3_error *err);
/* What the widget shows as text: a label's, an entry's, a drop-down's selected item, a text view's,
 * a button's label, a window's title; NULL when it shows none (g_free). */
char *gui_widget_text(GtkWidget *w);
/* The label a person or screen reader knows it by (tooltip, button or check label); NULL if none. */
char *gui_widget_label(GtkWidget *w);
/* One widget as JSON: path, name, role, label, text, visible, enabled, focused, bounds. */
json_t *gui_widget_json(GtkWidget *w, GtkWidget *root);
/* DiscoverWidgets: params window (a target under which to list), role (a role name), visible_only. */
z3_status gui_discover(GtkWidget *root, const json_t *params, json_t *result, z3_error *err);
const char *gui_widget_role(GtkWidget *w);

/* ---- actions and checks (harness_rpc.c) ---- */

z3_status gui_rpc_click(GtkWidget *window, const json_t *params, json_t *result, z3_error *err);
z3_status gui_rpc_type(GtkWidget *window, const json_t *params, json_t *result, z3_error *err);
z3_status gui_rpc_screenshot(GtkWidget *window, const json_t *params, json_t *result, z3_error *err);
z3_status gui_rpc_canvas_state(GtkWidget *window, const json_t *params, json_t *result, z3_error *err);
/* SimulateAction (harness_simulate.c): an editor-level action; result: outcome, side effects, the canvas state after. */
z3_status gui_rpc_simulate(GtkWidget *window, const json_t *params, json_t *result, z3_error *err);
/* One action's outcome ("success", "refused", "nothing there", ...) and, when set, the text
 * that stands for the status line (what the debugger panel or a savestate button says). */
typedef struct gui_sim {
  const char *outcome;
  GString *why;
} gui_sim;
/* params.KEY as an integer lo..hi (absent is fine unless required). */
z3_status gui_sim_int(const json_t *params, const char *key, int lo, int hi, bool required, int *out, z3_error *err);
/* The dungeon's and the emulator's actions (harness_simulate_more.c). */
z3_status gui_sim_dungeon(GtkWidget *ed, const char *action, const json_t *params, gui_sim *sim, z3_error *err);
z3_status gui_sim_emulator(GtkWidget *ed, const char *action, const json_t *params, gui_sim *sim, z3_error *err);
/* Evaluates params' condition once: sets result's passed, expected, actual. Errors: a malformed condition. */
z3_status gui_rpc_check(GtkWidget *window, const json_t *params, json_t *result, z3_error *err);

/* ---- the server's own calls (harness.c) ---- */

GtkWidget *gui_harness_window(gui_harness *h);
/* Runs one method that answers at once (not Wait, Shutdown or the test methods) as a request would. */
z3_status gui_harness_call(gui_harness *h, const char *method, const json_t *params, json_t *result, z3_error *err);

/* ---- queued tests, record and replay (harness_tests.c) ---- */

typedef struct gui_tests gui_tests;
gui_tests *gui_tests_new(gui_harness *h);
void gui_tests_free(gui_tests *t);
z3_status gui_tests_run(gui_tests *t, const json_t *params, json_t *result, z3_error *err);
z3_status gui_tests_replay(gui_tests *t, const json_t *params, json_t *result, z3_error *err);
z3_status gui_tests_status(gui_tests *t, const json_t *params, json_t *result, z3_error *err);
z3_status gui_tests_list(gui_tests *t, const json_t *params, json_t *result, z3_error *err);
z3_status gui_tests_results(gui_tests *t, const json_t *params, json_t *result, z3_error *err);
z3_status gui_tests_record_start(gui_tests *t, const json_t *params, json_t *result, z3_error *err);
z3_status gui_tests_record_stop(gui_tests *t, const json_t *params, json_t *result, z3_error *err);
/* A request served over the socket: noted in the recording when one is going and it is an action or a check. */
void gui_tests_note(gui_tests *t, const char *method, const json_t *params);

#endif
