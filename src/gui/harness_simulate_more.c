/*
 * gui/harness_simulate_more: SimulateAction's dungeon and emulator verbs, the
 * gestures that had only widget names before: a door dragged along its wall,
 * water-fill tiles painted or erased, savestate slots, and the debugger's
 * breakpoints, Run to break and memory view. Each goes through the function the
 * editor's own button or gesture calls, so the same command (or debug session
 * call) runs and the same status text appears.
 *
 *   dungeon:  select-room {room}, select-object {x, y}, move-selection {x, y},
 *             select-door {door}, move-door {position, [door]},
 *             paint-water / erase-water {x, y, [width], [height]}
 *   emulator: reset, step {[frames]}, save-state / load-state {slot},
 *             add-breakpoint / remove-breakpoint {address}, run-to-break, show-memory {address}
 */
#include <stdio.h>
#include <string.h>

#include "gui/dungeon_view.h"
#include "gui/emu_debug.h"
#include "gui/emu_view.h"
#include "gui/harness_internal.h"

z3_status gui_sim_int(const json_t *params, const char *key, int lo, int hi, bool required, int *out, z3_error *err) {
  const json_t *v = json_object_get(params, key);
  if (!v && !required) return Z3_OK;
  if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
    return z3_error_set(err, Z3_E_USAGE, "params.%s must be an integer from %d to %d", key, lo, hi);
  *out = (int)json_integer_value(v);
  return Z3_OK;
}

static z3_status door_action(GtkWidget *ed, bool select, const json_t *params, gui_sim *sim, z3_error *err) {
  int door = -1, position = 0;
  z3_status st = gui_sim_int(params, "door", 0, 15, select, &door, err);
  if (!st && !select) st = gui_sim_int(params, "position", 0, 11, true, &position, err);
  if (st) return st;
  if (door >= 0 && !gui_dungeon_select_door(ed, door)) sim->outcome = "nothing there";
  else if (!select && !gui_dungeon_selected_door(ed, &door)) sim->outcome = "nothing selected";
  else if (!select && !gui_dungeon_move_door(ed, position)) sim->outcome = "refused";
  return Z3_OK;
}

/* A rectangle of tiles of the room's 64x64 collision map into (or out of) its water-fill zone. */
static z3_status water_action(GtkWidget *ed, bool erase, const json_t *params, gui_sim *sim, z3_error *err) {
  int x = 0, y = 0, w = 1, h = 1;
  z3_status st = gui_sim_int(params, "x", 0, 63, true, &x, err);
  if (!st) st = gui_sim_int(params, "y", 0, 63, true, &y, err);
  if (!st) st = gui_sim_int(params, "width", 1, 64 - x, false, &w, err);
  if (!st) st = gui_sim_int(params, "height", 1, 64 - y, false, &h, err);
  if (st) return st;
  if (!gui_dungeon_water_paint(ed, x, y, x + w - 1, y + h - 1, erase)) sim->outcome = "refused";
  return Z3_OK;
}

z3_status gui_sim_dungeon(GtkWidget *ed, const char *action, const json_t *params, gui_sim *sim, z3_error *err) {
  int room = 0, x = 0, y = 0;
  if (!strcmp(action, "select-room")) {
    z3_status st = gui_sim_int(params, "room", 0, 0x127, true, &room, err);
    if (!st) gui_dungeon_select_room(ed, room);
    return st;
  }
  if (!strcmp(action, "select-door") || !strcmp(action, "move-door")) return door_action(ed, action[0] == 's', params, sim, err);
  if (!strcmp(action, "paint-water") || !strcmp(action, "erase-water")) return water_action(ed, action[0] == 'e', params, sim, err);
  bool select = !strcmp(action, "select-object"), move = !strcmp(action, "move-selection");
  if (!select && !move)
    return z3_error_set(err, Z3_E_USAGE,
                        "dungeon has no action '%s' (select-room, select-object, move-selection, select-door, move-door, "
                        "paint-water, erase-water)", action);
  z3_status st = gui_sim_int(params, "x", 0, 63, true, &x, err);
  if (!st) st = gui_sim_int(params, "y", 0, 63, true, &y, err);
  if (st) return st;
  int list, index;
  if (select && !gui_dungeon_select_at(ed, x, y)) sim->outcome = "nothing there";
  if (move && !gui_dungeon_selected(ed, &list, &index)) sim->outcome = "nothing selected";
  else if (move && !gui_dungeon_move_selected(ed, x, y)) sim->outcome = "refused";
  return Z3_OK;
}

/* An address as the panels take it: "$BB:AAAA", "0xBBAAAA" or a number, typed into `entry`. */
static z3_status address_param(GtkWidget *ed, const char *entry, const json_t *params, char *out, size_t cap, z3_error *err) {
  const json_t *v = json_object_get(params, "address");
  if (json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= 0xFFFFFF)
    snprintf(out, cap, "0x%06X", (unsigned)json_integer_value(v));
  else if (json_is_string(v))
    snprintf(out, cap, "%s", json_string_value(v));
  else
    return z3_error_set(err, Z3_E_USAGE, "params.address must be $BB:AAAA, 0xBBAAAA or a number up to 0xFFFFFF");
  z3_error miss;
  z3_error_init(&miss);
  GtkWidget *w = gui_find_widget(ed, entry, &miss);
  if (w) gtk_editable_set_text(GTK_EDITABLE(w), out); /* the box shows what was asked for, as after typing */
  return Z3_OK;
}

static z3_status state_action(GtkWidget *ed, bool save, const json_t *params, gui_sim *sim, z3_error *err) {
  int slot = 0;
  z3_status st = gui_sim_int(params, "slot", 1, 9, true, &slot, err);
  if (st) return st;
  z3_error miss;
  z3_error_init(&miss);
  GtkWidget *spin = gui_find_widget(ed, "emu-slot", &miss);
  if (spin) gtk_spin_button_set_value(GTK_SPIN_BUTTON(spin), slot);
  z3_error why;
  z3_error_init(&why);
  bool other_rom = false;
  if (!(save ? gui_emu_save_state(ed, slot, &why) : gui_emu_load_state(ed, slot, &other_rom, &why))) {
    sim->outcome = "refused";
    g_string_assign(sim->why, why.message);
  } else {
    char text[160];
    gui_emu_state_outcome(text, sizeof text, save, slot, other_rom); /* as the button says */
    g_string_assign(sim->why, text);
  }
  return Z3_OK;
}

static z3_status debugger_action(GtkWidget *ed, const char *action, const json_t *params, gui_sim *sim, z3_error *err) {
  gui_emu_panel *p = gui_emu_debugger(ed);
  char address[32];
  bool ok = true;
  if (!strcmp(action, "run-to-break")) {
    z3_debug_stop stop;
    memset(&stop, 0, sizeof stop);
    ok = gui_emu_panel_run_to_break(p, &stop, sim->why);
    if (!ok && !sim->why->len && stop.reason != Z3_DBG_BREAKPOINT) {
      g_string_printf(sim->why, "no breakpoint stopped the console in %d frames", GUI_EMU_BREAK_FRAMES);
      sim->outcome = "not reached";
    }
  } else {
    bool mem = !strcmp(action, "show-memory");
    z3_status st = address_param(ed, mem ? "emu-mem-addr" : "emu-bp-addr", params, address, sizeof address, err);
    if (st) return st;
    if (mem) gui_emu_panel_refresh(p);
    else ok = action[0] == 'a' ? gui_emu_panel_break_add(p, address, sim->why) : gui_emu_panel_break_remove(p, address, sim->why);
  }
  if (!ok && !strcmp(sim->outcome, "success")) sim->outcome = "refused";
  if (!ok && !sim->why->len) g_string_assign(sim->why, "no console: reset the emulator");
  return Z3_OK;
}

z3_status gui_sim_emulator(GtkWidget *ed, const char *action, const json_t *params, gui_sim *sim, z3_error *err) {
  int frames = 1;
  if (!strcmp(action, "reset")) {
    gui_emu_reset(ed);
    return Z3_OK;
  }
  if (!strcmp(action, "step")) {
    z3_status st = gui_sim_int(params, "frames", 1, 600, false, &frames, err);
    for (int i = 0; !st && i < frames; i++) gui_emu_step(ed);
    return st;
  }
  if (!strcmp(action, "save-state") || !strcmp(action, "load-state")) return state_action(ed, action[0] == 's', params, sim, err);
  if (!strcmp(action, "add-breakpoint") || !strcmp(action, "remove-breakpoint") || !strcmp(action, "run-to-break") ||
      !strcmp(action, "show-memory"))
    return debugger_action(ed, action, params, sim, err);
  return z3_error_set(err, Z3_E_USAGE,
                      "emulator has no action '%s' (reset, step, save-state, load-state, add-breakpoint, "
                      "remove-breakpoint, run-to-break, show-memory)", action);
}
