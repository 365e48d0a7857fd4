/*
 * gui/harness_simulate: SimulateAction (seed 003 section 4.2), editor-level actions.
 *
 * An agent says what a person means ("paint tile16 0x123 at 5,7 of area 0x1B",
 * "select the object at 10,12 of room 0x104 and move it to 20,12") instead of
 * where to click. Each action goes through the same view functions the
 * canvas's gestures call, so through the same z3ed commands, undo entries and
 * redraws, and the answer is the editor's canvas state afterwards with what
 * changed listed as side effects.
 *
 *   overworld: select-area {area, zoom}, pick-tile {tile16}, paint / fill {x, y, [area], [tile16]},
 *              select-tiles {x, y, width, height}, move-selection {x, y} (the cells left get the tile16),
 *              select-marker {x, y} or {kind, index}, move-marker {x, y} (sprites of the ow-state state,
 *              items, entrances, exits, holes), render-all (every area off the UI thread)
 *   dungeon and emulator: harness_simulate_more.c
 */
#include <string.h>

#include "gui/dungeon_view.h"
#include "gui/harness_internal.h"
#include "gui/overworld_view.h"

/* Markers: the Markers tool is chosen (as a person would), then the marker on cell x, y picked or
 * the picked one moved there. */
static const char *const marker_kinds[] = {"sprite", "item", "entrance", "exit", "hole"}; /* gui_marker_kind's order */

/* select-marker's {kind, index}: the marker of that kind and list index or slot, wherever it is
 * (an exit may share its cell with the entrance it leads out of). */
static z3_status marker_of(GtkWidget *ed, const json_t *params, const char **outcome, z3_error *err) {
  const char *name = json_string_value(json_object_get(params, "kind"));
  int kind = -1, index = 0;
  for (int k = 0; name && k < (int)G_N_ELEMENTS(marker_kinds); k++)
    if (!strcmp(name, marker_kinds[k])) kind = k;
  if (kind < 0) return z3_error_set(err, Z3_E_USAGE, "params.kind must be sprite, item, entrance, exit or hole");
  z3_status st = gui_sim_int(params, "index", 0, 511, true, &index, err);
  if (st) return st;
  gui_overworld_set_tool(ed, GUI_OW_MARKERS);
  if (!gui_overworld_select_marker_of(ed, kind, index)) *outcome = "nothing there";
  return Z3_OK;
}

static z3_status marker_action(GtkWidget *ed, bool pick, const json_t *params, const char **outcome, z3_error *err) {
  int x = 0, y = 0, kind, index, mx, my;
  if (pick && json_object_get(params, "kind")) return marker_of(ed, params, outcome, err);
  z3_status st = gui_sim_int(params, "x", 0, 63, true, &x, err);
  if (!st) st = gui_sim_int(params, "y", 0, 63, true, &y, err);
  if (st) return st;
  gui_overworld_set_tool(ed, GUI_OW_MARKERS);
  if (pick && !gui_overworld_select_marker(ed, x, y)) *outcome = "nothing there";
  else if (!pick && !gui_overworld_marker(ed, &kind, &index, &mx, &my)) *outcome = "nothing selected";
  else if (!pick && !gui_overworld_move_marker(ed, x, y)) *outcome = "refused";
  return Z3_OK;
}

static z3_status overworld_action(GtkWidget *ed, const char *action, const json_t *params, const char **outcome, z3_error *err) {
  int area = gui_overworld_area(ed), zoom = 1, tile16 = gui_overworld_picked(ed), x = 0, y = 0;
  z3_status st = gui_sim_int(params, "area", 0, 0xBF, !strcmp(action, "select-area"), &area, err);
  if (!st) st = gui_sim_int(params, "zoom", 1, 4, false, &zoom, err);
  if (!st) st = gui_sim_int(params, "tile16", 0, 0xFFF, !strcmp(action, "pick-tile"), &tile16, err);
  if (st) return st;
  if (json_object_get(params, "area") || !strcmp(action, "select-area")) gui_overworld_select(ed, area, zoom);
  if (json_object_get(params, "tile16")) gui_overworld_pick(ed, tile16);
  if (!strcmp(action, "select-area") || !strcmp(action, "pick-tile")) return Z3_OK;
  if (!strcmp(action, "render-all")) { /* answers at once; GetCanvasState's jobs follow it */
    gui_overworld_prerender(ed, gui_overworld_tab(ed));
    *outcome = "started";
    return Z3_OK;
  }
  bool paint = !strcmp(action, "paint"), fill = !strcmp(action, "fill"), sel = !strcmp(action, "select-tiles");
  bool pick_marker = !strcmp(action, "select-marker"), move_marker = !strcmp(action, "move-marker");
  if (!paint && !fill && !sel && !pick_marker && !move_marker && strcmp(action, "move-selection") != 0)
    return z3_error_set(err, Z3_E_USAGE,
                        "overworld has no action '%s' (select-area, pick-tile, paint, fill, select-tiles, move-selection, "
                        "select-marker, move-marker, render-all)", action);
  if (pick_marker || move_marker) return marker_action(ed, pick_marker, params, outcome, err);
  int w = 0, h = 0;
  st = gui_sim_int(params, "x", 0, 63, true, &x, err);
  if (!st) st = gui_sim_int(params, "y", 0, 63, true, &y, err);
  if (!st && sel) st = gui_sim_int(params, "width", 1, 64, true, &w, err);
  if (!st && sel) st = gui_sim_int(params, "height", 1, 64, true, &h, err);
  if (st) return st;
  if (sel) gui_overworld_select_tiles(ed, x, y, w, h);
  else if (!paint && !fill && !gui_overworld_selection(ed, &w, &h, &w, &h)) *outcome = "nothing selected";
  else if (!(paint ? gui_overworld_paint(ed, x, y) : fill ? gui_overworld_fill(ed, x, y) : gui_overworld_move_selection(ed, x, y)))
    *outcome = "refused";
  return Z3_OK;
}

/* What differs between two canvas states, as "key: before -> after". */
static json_t *side_effects(const json_t *before, const json_t *after) {
  json_t *list = json_array();
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)after, key, v) {
    const json_t *old = json_object_get(before, key);
    if (old && json_equal(old, v)) continue;
    char *a = old ? json_dumps(old, JSON_ENCODE_ANY | JSON_COMPACT) : NULL, *b = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
    char *line = g_strdup_printf("%s: %s -> %s", key, a ? a : "none", b ? b : "?");
    json_array_append_new(list, json_string(line));
    g_free(line);
    free(a), free(b);
  }
  return list;
}

z3_status gui_rpc_simulate(GtkWidget *window, const json_t *params, json_t *result, z3_error *err) {
  const char *editor = json_string_value(json_object_get(params, "editor"));
  const char *action = json_string_value(json_object_get(params, "action"));
  if (!editor || (strcmp(editor, "overworld") && strcmp(editor, "dungeon") && strcmp(editor, "emulator")))
    return z3_error_set(err, Z3_E_USAGE, "params.editor must be overworld, dungeon or emulator");
  if (!action) return z3_error_set(err, Z3_E_USAGE, "params.action is required");
  gui_tab *tab = gui_window_current_tab(window);
  if (!tab) return z3_error_set(err, Z3_E_INVALID, "no ROM is open");
  GtkWidget *ed = gui_tab_editor(tab, editor);
  json_t *state_params = json_pack("{s:s}", "editor", editor), *before = json_object();
  gui_rpc_canvas_state(window, state_params, before, err);
  gui_tab_show(tab, editor); /* as a person would: the editor in front */
  gui_sim sim = {"success", g_string_new(NULL)};
  z3_status st = !strcmp(editor, "overworld") ? overworld_action(ed, action, params, &sim.outcome, err)
                 : !strcmp(editor, "dungeon")  ? gui_sim_dungeon(ed, action, params, &sim, err)
                                               : gui_sim_emulator(ed, action, params, &sim, err);
  json_t *after = json_object();
  if (!st) st = gui_rpc_canvas_state(window, state_params, after, err);
  if (!st) {
    char *status = NULL;
    z3_error miss;
    z3_error_init(&miss);
    GtkWidget *bar = gui_find_widget(window, "status", &miss);
    if (sim.why->len) status = g_strdup(sim.why->str);
    else if (bar) status = gui_widget_text(bar);
    json_object_set_new(result, "editor", json_string(editor));
    json_object_set_new(result, "action", json_string(action));
    json_object_set_new(result, "result", json_string(sim.outcome));
    if (status) json_object_set_new(result, "status", json_string(status));
    json_object_set_new(result, "side_effects", side_effects(before, after));
    json_object_set(result, "state", after);
    g_free(status);
  }
  g_string_free(sim.why, TRUE);
  json_decref(after);
  json_decref(before);
  json_decref(state_params);
  return st;
}
