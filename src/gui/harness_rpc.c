/* gui/harness_rpc: Click, Type, the conditions of Wait and Assert, Screenshot, GetCanvasState. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui/dungeon_view.h"
#include "gui/emu_view.h"
#include "gui/harness_internal.h"
#include "gui/jobs.h"
#include "gui/overworld_view.h"

static const char *str_param(const json_t *params, const char *key) { return json_string_value(json_object_get(params, key)); }

static z3_status wrong_type(const char *key, const char *what, z3_error *err) {
  return z3_error_set(err, Z3_E_USAGE, "params.%s must be %s", key, what);
}

static z3_status number_param(const json_t *params, const char *key, double *out, z3_error *err) {
  const json_t *v = json_object_get(params, key);
  if (!json_is_number(v)) return wrong_type(key, "a number", err);
  *out = json_number_value(v);
  return Z3_OK;
}

/* The widget params.target names; with none, the focused one when allow_focus. */
static GtkWidget *target_of(GtkWidget *window, const json_t *params, bool allow_focus, z3_error *err) {
  const json_t *t = json_object_get(params, "target");
  if (t && !json_is_string(t)) return wrong_type("target", "a string", err), NULL;
  if (t) return gui_find_widget(window, json_string_value(t), err);
  GtkWidget *focus = allow_focus ? gtk_root_get_focus(GTK_ROOT(window)) : NULL;
  if (!focus) z3_error_set(err, Z3_E_USAGE, allow_focus ? "no params.target and no widget has the focus" : "params.target is required");
  return focus;
}

static z3_status usable(GtkWidget *w, z3_error *err) {
  char *path = gui_widget_path(w);
  z3_status st = Z3_OK;
  if (!gtk_widget_get_mapped(w)) st = z3_error_set(err, Z3_E_INVALID, "widget '%s' is not visible", path);
  else if (!gtk_widget_is_sensitive(w)) st = z3_error_set(err, Z3_E_INVALID, "widget '%s' is disabled", path);
  g_free(path);
  return st;
}

static void done(json_t *result, GtkWidget *w, const char *how) {
  char *path = w ? gui_widget_path(w) : NULL;
  if (path) json_object_set_new(result, "path", json_string(path));
  json_object_set_new(result, "did", json_string(how));
  g_free(path);
}

/* ---- Click ---- */

static z3_status click_canvas(GtkWidget *w, const json_t *params, json_t *result, z3_error *err) {
  double x = 0, y = 0;
  z3_status st = number_param(params, "x", &x, err);
  if (!st) st = number_param(params, "y", &y, err);
  if (st) return st;
  const char *button = str_param(params, "button");
  const char *key = !button || strcmp(button, "left") == 0 ? "click" : strcmp(button, "right") == 0 ? "pick" : NULL;
  if (!key) return wrong_type("button", "\"left\" or \"right\"", err);
  GtkGesture *g = g_object_get_data(G_OBJECT(w), key);
  GtkGesture *drag = g_object_get_data(G_OBJECT(w), "drag");
  if (!g && !drag) return z3_error_set(err, Z3_E_INVALID, "'%s' takes no %s click", gtk_widget_get_name(w), button ? button : "left");
  if (g) {
    g_signal_emit_by_name(g, "pressed", 1, x, y);
    g_signal_emit_by_name(g, "released", 1, x, y);
  } else { /* a canvas that selects on press and moves on drag: a press is a drag of no distance */
    g_signal_emit_by_name(drag, "drag-begin", x, y);
    g_signal_emit_by_name(drag, "drag-end", 0.0, 0.0);
  }
  done(result, w, "canvas-click");
  return Z3_OK;
}

static z3_status drag_canvas(GtkWidget *w, const json_t *params, json_t *result, z3_error *err) {
  const json_t *to = json_object_get(params, "to");
  double x = 0, y = 0, tx = 0, ty = 0;
  z3_status st = number_param(params, "x", &x, err);
  if (!st) st = number_param(params, "y", &y, err);
  if (!st) st = number_param(to, "x", &tx, err);
  if (!st) st = number_param(to, "y", &ty, err);
  if (st) return z3_error_hint(err, "a drag is {x, y, to: {x, y}} in the canvas's pixels"), st;
  GtkGesture *drag = g_object_get_data(G_OBJECT(w), "drag");
  if (!drag) return z3_error_set(err, Z3_E_INVALID, "'%s' cannot be dragged", gtk_widget_get_name(w));
  g_signal_emit_by_name(drag, "drag-begin", x, y);
  g_signal_emit_by_name(drag, "drag-end", tx - x, ty - y);
  done(result, w, "canvas-drag");
  return Z3_OK;
}

static z3_status click_action(GtkWidget *window, const char *action, json_t *result, z3_error *err) {
  if (!gtk_widget_activate_action(window, action, NULL))
    return z3_error_set(err, Z3_E_NOT_FOUND, "no action '%s' (win.open, win.save, win.merge, win.undo, win.redo, win.commands, win.proposals)", action);
  done(result, NULL, "action");
  json_object_set_new(result, "action", json_string(action));
  return Z3_OK;
}

/* An editor page of the tab's stack: the sidebar entry of that name. */
static bool show_page(GtkWidget *w) {
  GtkWidget *parent = gtk_widget_get_parent(w);
  if (!parent || !GTK_IS_STACK(parent)) return false;
  gtk_stack_set_visible_child(GTK_STACK(parent), w);
  return true;
}

static z3_status click_editor(GtkWidget *window, const char *name, json_t *result, z3_error *err) {
  gui_tab *tab = gui_window_current_tab(window);
  if (!tab) return z3_error_set(err, Z3_E_INVALID, "no ROM is open");
  GtkWidget *page = gui_tab_editor(tab, name);
  if (!page) return z3_error_set(err, Z3_E_NOT_FOUND, "no editor '%s' (overworld, dungeon, graphics, palettes, messages, emulator)", name);
  gui_tab_show(tab, name);
  done(result, page, "editor");
  return Z3_OK;
}

z3_status gui_rpc_click(GtkWidget *window, const json_t *params, json_t *result, z3_error *err) {
  if (str_param(params, "action")) return click_action(window, str_param(params, "action"), result, err);
  if (str_param(params, "editor")) return click_editor(window, str_param(params, "editor"), result, err);
  GtkWidget *w = target_of(window, params, false, err);
  if (!w) return err->code;
  if (show_page(w)) return done(result, w, "editor"), Z3_OK;
  z3_status st = usable(w, err);
  if (st) return st;
  if (json_object_get(params, "to")) return drag_canvas(w, params, result, err);
  if (json_object_get(params, "x") || GTK_IS_DRAWING_AREA(w)) return click_canvas(w, params, result, err);
  if (GTK_IS_NOTEBOOK(w)) {
    const json_t *page = json_object_get(params, "page");
    if (!json_is_integer(page) || json_integer_value(page) < 0 || json_integer_value(page) >= gtk_notebook_get_n_pages(GTK_NOTEBOOK(w)))
      return wrong_type("page", "the index of an open tab", err);
    gtk_notebook_set_current_page(GTK_NOTEBOOK(w), (int)json_integer_value(page));
    return done(result, w, "tab"), Z3_OK;
  }
  /* "clicked" at once: a button's activate signal animates a press and clicks 250 ms later */
  if (GTK_IS_CHECK_BUTTON(w)) {
    gtk_check_button_set_active(GTK_CHECK_BUTTON(w), !gtk_check_button_get_active(GTK_CHECK_BUTTON(w)));
    return done(result, w, "toggle"), Z3_OK;
  }
  if (GTK_IS_BUTTON(w)) {
    g_signal_emit_by_name(w, "clicked");
    return done(result, w, "click"), Z3_OK;
  }
  if (!gtk_widget_activate(w)) return z3_error_set(err, Z3_E_INVALID, "'%s' (%s) cannot be clicked", gtk_widget_get_name(w), G_OBJECT_TYPE_NAME(w));
  done(result, w, "activate");
  return Z3_OK;
}

/* ---- Type ---- */

static bool select_item(GtkDropDown *d, const char *text) {
  GListModel *m = gtk_drop_down_get_model(d);
  size_t len = strlen(text);
  for (guint i = 0; m && i < g_list_model_get_n_items(m); i++) {
    GObject *item = g_list_model_get_item(m, i);
    const char *s = GTK_IS_STRING_OBJECT(item) ? gtk_string_object_get_string(GTK_STRING_OBJECT(item)) : "";
    bool hit = strncmp(s, text, len) == 0 && (s[len] == 0 || s[len] == ' ');
    g_object_unref(item);
    if (hit) {
      gtk_drop_down_set_selected(d, i);
      return true;
    }
  }
  return false;
}

static z3_status type_text(GtkWidget *w, const char *text, z3_error *err) {
  if (GTK_IS_DROP_DOWN(w)) {
    if (!select_item(GTK_DROP_DOWN(w), text)) return z3_error_set(err, Z3_E_NOT_FOUND, "'%s' has no item '%s'", gtk_widget_get_name(w), text);
  } else if (GTK_IS_EDITABLE(w)) {
    gtk_editable_set_text(GTK_EDITABLE(w), text);
    if (GTK_IS_SPIN_BUTTON(w)) gtk_spin_button_update(GTK_SPIN_BUTTON(w));
  } else if (GTK_IS_TEXT_VIEW(w)) {
    gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(w)), text, -1);
  } else {
    return z3_error_set(err, Z3_E_INVALID, "'%s' (%s) takes no text", gtk_widget_get_name(w), G_OBJECT_TYPE_NAME(w));
  }
  return Z3_OK;
}

/* "ctrl+shift+z" as GTK's "<Control><Shift>z". */
static bool parse_chord(const char *chord, guint *key, GdkModifierType *mods) {
  GString *accel = g_string_new(NULL);
  char **parts = g_strsplit(chord, "+", -1);
  guint n = g_strv_length(parts);
  for (guint i = 0; i + 1 < n; i++) {
    const char *m = parts[i];
    g_string_append(accel, !g_ascii_strcasecmp(m, "ctrl") || !g_ascii_strcasecmp(m, "control") ? "<Control>"
                           : !g_ascii_strcasecmp(m, "shift")                                  ? "<Shift>"
                           : !g_ascii_strcasecmp(m, "alt")                                    ? "<Alt>"
                                                                                              : "<Bad>");
  }
  if (n) g_string_append(accel, !g_ascii_strcasecmp(parts[n - 1], "enter") ? "Return" : parts[n - 1]);
  bool ok = n && !strstr(accel->str, "<Bad>") && gtk_accelerator_parse(accel->str, key, mods) && *key;
  g_strfreev(parts);
  g_string_free(accel, TRUE);
  return ok;
}

/* A shortcut of w or its ancestors' shortcut controllers bound to exactly this key. */
static bool run_shortcut(GtkWidget *w, guint key, GdkModifierType mods) {
  for (; w; w = gtk_widget_get_parent(w)) {
    GListModel *controllers = gtk_widget_observe_controllers(w);
    bool ran = false;
    for (guint i = 0; !ran && i < g_list_model_get_n_items(controllers); i++) {
      GObject *c = g_list_model_get_item(controllers, i);
      if (GTK_IS_SHORTCUT_CONTROLLER(c))
        for (guint k = 0; !ran && k < g_list_model_get_n_items(G_LIST_MODEL(c)); k++) {
          GtkShortcut *s = g_list_model_get_item(G_LIST_MODEL(c), k);
          GtkShortcutTrigger *t = gtk_shortcut_get_trigger(s);
          if (GTK_IS_KEYVAL_TRIGGER(t) && gtk_keyval_trigger_get_keyval(GTK_KEYVAL_TRIGGER(t)) == gdk_keyval_to_lower(key) &&
              gtk_keyval_trigger_get_modifiers(GTK_KEYVAL_TRIGGER(t)) == mods)
            ran = gtk_shortcut_action_activate(gtk_shortcut_get_action(s), 0, w, NULL);
          g_object_unref(s);
        }
      g_object_unref(c);
    }
    g_object_unref(controllers);
    if (ran) return true;
  }
  return false;
}

static z3_status type_chord(GtkWidget *window, GtkWidget *w, const char *chord, z3_error *err) {
  guint key;
  GdkModifierType mods;
  if (!parse_chord(chord, &key, &mods))
    return z3_error_set(err, Z3_E_USAGE, "params.keys '%s' is not a key chord", chord),
           z3_error_hint(err, "modifiers ctrl, shift, alt joined by '+' to a key name: ctrl+z, ctrl+shift+p, Return, Left"), Z3_E_USAGE;
  GtkEventController *keys = w ? g_object_get_data(G_OBJECT(w), "keys") : NULL;
  if (keys) { /* a canvas that plays with the keyboard (the emulator) */
    gboolean handled = FALSE;
    g_signal_emit_by_name(keys, "key-pressed", key, 0, mods, &handled);
    g_signal_emit_by_name(keys, "key-released", key, 0, mods);
    return Z3_OK;
  }
  if (run_shortcut(w ? w : window, key, mods) || (w != window && run_shortcut(window, key, mods))) return Z3_OK;
  if (w && key == GDK_KEY_Return && !mods && gtk_widget_activate(w)) return Z3_OK;
  return z3_error_set(err, Z3_E_NOT_FOUND, "no shortcut '%s' where the focus is", chord);
}

z3_status gui_rpc_type(GtkWidget *window, const json_t *params, json_t *result, z3_error *err) {
  const char *text = str_param(params, "text"), *keys = str_param(params, "keys");
  if (!text && !keys) return z3_error_set(err, Z3_E_USAGE, "params.text or params.keys is required");
  const json_t *enter = json_object_get(params, "enter");
  GtkWidget *w = json_object_get(params, "target") || text ? target_of(window, params, true, err) : gtk_root_get_focus(GTK_ROOT(window));
  if (!w && (text || json_object_get(params, "target"))) return err->code;
  z3_status st = w && (text || json_object_get(params, "target")) ? usable(w, err) : Z3_OK;
  if (!st && w && json_object_get(params, "target")) gtk_widget_grab_focus(w);
  if (!st && text) st = type_text(w, text, err);
  if (!st && keys) st = type_chord(window, w, keys, err);
  if (!st && json_is_true(enter) && w) { /* an entry's "activate" is its own signal; its inner text only forwards it */
    if (GTK_IS_ENTRY(w)) g_signal_emit_by_name(w, "activate");
    else gtk_widget_activate(w);
  }
  if (!st) done(result, w, text ? "text" : "keys");
  return st;
}

/* ---- conditions ---- */

static json_t *rom_value(GtkWidget *window, const json_t *params, int size, z3_error *err) {
  gui_tab *tab = gui_window_current_tab(window);
  const json_t *a = json_object_get(params, "address");
  json_int_t addr = json_is_integer(a) ? json_integer_value(a) : json_is_string(a) ? strtoll(json_string_value(a), NULL, 0) : -1;
  if (!tab) return z3_error_set(err, Z3_E_INVALID, "no ROM is open"), NULL;
  if (addr < 0 || (size_t)addr + (size_t)size > tab->doc->rom->data.len)
    return z3_error_set(err, Z3_E_USAGE, "params.address must be a file offset inside the ROM (0 to 0x%zX)", tab->doc->rom->data.len - (size_t)size), NULL;
  const uint8_t *p = tab->doc->rom->data.data + addr;
  return json_integer(size == 1 ? p[0] : p[0] | p[1] << 8);
}

/* The actual value a condition looks at; NULL with err when it cannot be read. */
static json_t *actual_of(GtkWidget *window, const char *cond, const json_t *params, z3_error *err) {
  if (!strcmp(cond, "rom-byte") || !strcmp(cond, "rom-word")) return rom_value(window, params, cond[4] == 'b' ? 1 : 2, err);
  if (!strcmp(cond, "rom-crc32")) {
    gui_tab *tab = gui_window_current_tab(window);
    if (!tab) return z3_error_set(err, Z3_E_INVALID, "no ROM is open"), NULL;
    char text[16];
    snprintf(text, sizeof text, "0x%08X", z3_crc32(tab->doc->rom->data.data, tab->doc->rom->data.len));
    return json_string(text);
  }
  if (!strcmp(cond, "modified") || !strcmp(cond, "undo-depth")) {
    gui_tab *tab = gui_window_current_tab(window);
    if (!tab) return z3_error_set(err, Z3_E_INVALID, "no ROM is open"), NULL;
    return cond[0] == 'm' ? json_boolean(z3_doc_modified(tab->doc)) : json_integer((json_int_t)tab->doc->undo.count);
  }
  z3_error miss;
  z3_error_init(&miss);
  const json_t *t = json_object_get(params, "target");
  if (!json_is_string(t)) return wrong_type("target", "a string", err), NULL;
  GtkWidget *w = gui_find_widget(window, json_string_value(t), &miss);
  if (!strcmp(cond, "exists")) return json_boolean(w != NULL);
  if (!w) return *err = miss, NULL;
  if (!strcmp(cond, "visible")) return json_boolean(gtk_widget_get_mapped(w));
  if (!strcmp(cond, "enabled")) return json_boolean(gtk_widget_is_sensitive(w));
  if (!strcmp(cond, "focused")) return json_boolean(gtk_widget_has_focus(w) || gtk_widget_is_ancestor(gtk_root_get_focus(GTK_ROOT(window)), w));
  if (!strcmp(cond, "active")) {
    if (GTK_IS_CHECK_BUTTON(w)) return json_boolean(gtk_check_button_get_active(GTK_CHECK_BUTTON(w)));
    if (GTK_IS_TOGGLE_BUTTON(w)) return json_boolean(gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(w)));
    return z3_error_set(err, Z3_E_INVALID, "'%s' cannot be active or not", gtk_widget_get_name(w)), NULL;
  }
  char *text = gui_widget_text(w);
  json_t *v = text ? json_string(text) : json_null();
  g_free(text);
  return v;
}

static const char *const conditions[] = {"exists", "visible", "enabled", "focused", "active", "text", "contains",
                                         "rom-byte", "rom-word", "rom-crc32", "modified", "undo-depth", NULL};

static bool boolean_condition(const char *c) {
  return !strcmp(c, "exists") || !strcmp(c, "visible") || !strcmp(c, "enabled") || !strcmp(c, "focused") ||
         !strcmp(c, "active") || !strcmp(c, "modified");
}

z3_status gui_rpc_check(GtkWidget *window, const json_t *params, json_t *result, z3_error *err) {
  const char *cond = str_param(params, "condition");
  size_t i = 0;
  while (cond && conditions[i] && strcmp(conditions[i], cond) != 0) i++;
  if (!cond || !conditions[i])
    return z3_error_set(err, Z3_E_USAGE, "params.condition must be one of exists, visible, enabled, focused, active, "
                                         "text, contains, rom-byte, rom-word, rom-crc32, modified, undo-depth");
  const json_t *expected = json_object_get(params, "equals");
  if (!expected && !boolean_condition(cond)) return z3_error_set(err, Z3_E_USAGE, "condition %s needs params.equals", cond);
  if (expected && boolean_condition(cond) && !json_is_boolean(expected)) return wrong_type("equals", "true or false", err);
  if (expected && !strcmp(cond, "contains") && !json_is_string(expected)) return wrong_type("equals", "a string", err);
  json_t *want = expected ? json_incref((json_t *)expected) : json_true();
  json_t *actual = actual_of(window, cond, params, err);
  if (!actual) return json_decref(want), err->code;
  bool passed = !strcmp(cond, "contains") ? json_is_string(actual) && strstr(json_string_value(actual), json_string_value(want))
                                          : json_equal(actual, want);
  json_object_set_new(result, "passed", json_boolean(passed));
  json_object_set_new(result, "condition", json_string(cond));
  json_object_set_new(result, "expected", want);
  json_object_set_new(result, "actual", actual);
  return Z3_OK;
}

/* ---- Screenshot, GetCanvasState ---- */

z3_status gui_rpc_screenshot(GtkWidget *window, const json_t *params, json_t *result, z3_error *err) {
  const char *path = str_param(params, "path");
  if (!path || path[0] != '/') return wrong_type("path", "an absolute path to a .png", err);
  GtkWidget *w = json_object_get(params, "target") ? target_of(window, params, false, err) : window;
  if (!w) return err->code;
  if (!gui_snapshot_png(w, path, err)) return err->code;
  char *wp = gui_widget_path(w);
  json_object_set_new(result, "path", json_string(path));
  json_object_set_new(result, "widget", json_string(wp));
  json_object_set_new(result, "width", json_integer(gtk_widget_get_width(w)));
  json_object_set_new(result, "height", json_integer(gtk_widget_get_height(w)));
  g_free(wp);
  return Z3_OK;
}

static void add_text(json_t *o, const char *key, GtkWidget *editor, const char *name) {
  z3_error err;
  z3_error_init(&err);
  GtkWidget *w = gui_find_widget(editor, name, &err);
  char *text = w ? gui_widget_text(w) : NULL;
  if (text) json_object_set_new(o, key, json_string(text));
  g_free(text);
}

static void viewport(json_t *o, GtkWidget *canvas) {
  GtkWidget *s = canvas ? gtk_widget_get_ancestor(canvas, GTK_TYPE_SCROLLED_WINDOW) : NULL;
  if (!s) return;
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(s));
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(s));
  json_object_set_new(o, "viewport", json_pack("{s:i,s:i,s:i,s:i}", "x", (int)gtk_adjustment_get_value(h), "y", (int)gtk_adjustment_get_value(v),
                                               "width", (int)gtk_adjustment_get_page_size(h), "height", (int)gtk_adjustment_get_page_size(v)));
}

static void editor_state(json_t *o, const char *name, GtkWidget *ed) {
  z3_error err;
  z3_error_init(&err);
  if (!strcmp(name, "overworld")) {
    json_object_set_new(o, "area", json_integer(gui_overworld_area(ed)));
    static const char *tools[] = {"paint", "fill", "select", "markers"};
    json_object_set_new(o, "tool", json_string(tools[gui_overworld_tool(ed) % 4]));
    json_t *sel = json_pack("{s:i}", "tile16", gui_overworld_picked(ed));
    int x, y, w, h;
    if (gui_overworld_selection(ed, &x, &y, &w, &h))
      json_object_set_new(sel, "tiles", json_pack("{s:i,s:i,s:i,s:i}", "x", x, "y", y, "width", w, "height", h));
    int kind;
    static const char *kinds[] = {"sprite", "item", "entrance", "exit", "hole"};
    if (gui_overworld_marker(ed, &kind, &w, &x, &y))
      json_object_set_new(sel, "marker", json_pack("{s:s,s:i,s:i,s:i}", "kind", kinds[kind % 5], "index", w, "x", x, "y", y));
    json_object_set_new(o, "selection", sel);
    json_object_set_new(o, "cached_areas", json_integer(gui_overworld_cached(ed)));
    add_text(o, "zoom", ed, "ow-zoom");
    viewport(o, gui_find_widget(ed, "ow-map", &err));
  } else if (!strcmp(name, "dungeon")) {
    int list, index;
    add_text(o, "room", ed, "dg-room");
    add_text(o, "zoom", ed, "dg-zoom");
    json_object_set_new(o, "tool", json_string("select-move"));
    if (gui_dungeon_selected(ed, &list, &index)) json_object_set_new(o, "selection", json_pack("{s:i,s:i}", "list", list, "index", index));
    if (gui_dungeon_selected_door(ed, &index)) json_object_set_new(o, "selection", json_pack("{s:i}", "door", index));
    int water = gui_dungeon_water_tiles(ed);
    if (water >= 0) json_object_set_new(o, "water_tiles", json_integer(water));
    viewport(o, gui_find_widget(ed, "dg-room-view", &err));
  } else if (!strcmp(name, "graphics")) {
    add_text(o, "sheet", ed, "gfx-sheet");
    add_text(o, "pen", ed, "gfx-pen");
    json_object_set_new(o, "tool", json_string("pen"));
    viewport(o, gui_find_widget(ed, "gfx-canvas", &err));
  } else if (!strcmp(name, "palettes")) {
    add_text(o, "group", ed, "pal-group");
    add_text(o, "index", ed, "pal-index");
    add_text(o, "selection", ed, "pal-info");
  } else if (!strcmp(name, "messages")) {
    add_text(o, "search", ed, "msg-search");
  } else if (!strcmp(name, "emulator")) {
    add_text(o, "info", ed, "emu-info");
    add_text(o, "slot", ed, "emu-slot");
    add_text(o, "registers", ed, "emu-regs");
    add_text(o, "memory_address", ed, "emu-mem-addr");
    add_text(o, "memory", ed, "emu-mem");
    add_text(o, "breakpoints", ed, "emu-bp-list");
    json_object_set_new(o, "pad", json_integer(gui_emu_pad(ed)));
  }
}

z3_status gui_rpc_canvas_state(GtkWidget *window, const json_t *params, json_t *result, z3_error *err) {
  gui_tab *tab = gui_window_current_tab(window);
  if (!tab) return z3_error_set(err, Z3_E_INVALID, "no ROM is open");
  const char *name = str_param(params, "editor");
  if (!name) name = gtk_stack_get_visible_child_name(GTK_STACK(tab->stack));
  GtkWidget *ed = name ? gui_tab_editor(tab, name) : NULL;
  if (!ed) return z3_error_set(err, Z3_E_NOT_FOUND, "no editor '%s' (overworld, dungeon, graphics, palettes, messages, emulator)", name ? name : "");
  json_object_set_new(result, "editor", json_string(name));
  json_object_set_new(result, "rom", json_string(tab->doc->path));
  json_object_set_new(result, "modified", json_boolean(z3_doc_modified(tab->doc)));
  json_object_set_new(result, "undo_depth", json_integer((json_int_t)tab->doc->undo.count));
  json_object_set_new(result, "redo_depth", json_integer((json_int_t)tab->doc->redo.count));
  char crc[16];
  snprintf(crc, sizeof crc, "0x%08X", z3_crc32(tab->doc->rom->data.data, tab->doc->rom->data.len));
  json_object_set_new(result, "rom_crc32", json_string(crc));
  editor_state(result, name, ed);
  json_object_set_new(result, "jobs", gui_jobs_json(window)); /* background work still running */
  return Z3_OK;
}
