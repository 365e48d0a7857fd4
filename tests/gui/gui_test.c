/*
 * yaze under Xvfb: open a copy of the sample ROM, edit through GTK's own
 * signals (the gestures' "pressed", the window's actions), save, and check
 * the file with the real z3ed (`rom diff`, `overworld get-tile`). Screenshots
 * are compared with the PNGs in tests/gui/ref: canvases pixel-exact, whole editors
 * within FONT_TOLERANCE (text antialiasing may differ between font builds).
 * YAZE_UPDATE_REFS=1 rewrites the references instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/png.h"
#include "gui/gui.h"
#include "gui/emu_view.h"
#include "gui/graphics_view.h"
#include "gui/message_view.h"
#include "gui/palette_view.h"
#include "zelda3/palettes.h"
#include "test.h"
#include "gui/gui_test.h"


char *tmp, *work;
GtkWidget *window;

json_t *z3ed_json(const char *args) {
  char *cmd = z3_strfmt("%s %s --format json", Z3_EXE, args);
  FILE *p = popen(cmd, "r");
  z3_free(cmd);
  assert_non_null(p);
  json_error_t jerr;
  json_t *out = json_loadf(p, 0, &jerr);
  pclose(p);
  if (!out) print_error("z3ed %s: no JSON: %s\n", args, jerr.text);
  assert_non_null(out);
  json_t *result = json_incref(json_object_get(out, "result"));
  json_decref(out);
  assert_non_null(result);
  return result;
}

z3_image read_png(const char *path) {
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  z3_image img = {0};
  assert_ok(z3_file_read(&data, path, 64u << 20, &err), &err);
  assert_ok(z3_png_read(&img, data.data, data.len, 0, &err), &err);
  z3_buf_release(&data);
  return img;
}

/* Screenshot of w compared with ref/NAME.png; max_share of pixels may differ. */
void check_shot(GtkWidget *w, const char *name, double max_share) {
  gui_wait_idle(w);
  char *ref = z3_strfmt("%s/tests/gui/ref/%s.png", Z3_SOURCE_DIR, name);
  char *got = z3_strfmt("%s/gui-%s.png", Z3_BINARY_DIR, name);
  z3_error err;
  z3_error_init(&err);
  bool update = getenv("YAZE_UPDATE_REFS") != NULL;
  assert_true(gui_snapshot_png(w, update ? ref : got, &err));
  if (!update) {
    z3_image a = read_png(ref), b = read_png(got);
    if (a.width != b.width || a.height != b.height) print_error("%s: %ux%u, reference %ux%u\n", got, b.width, b.height, a.width, a.height);
    assert_int_equal(a.width, b.width);
    assert_int_equal(a.height, b.height);
    size_t differ = 0, n = (size_t)a.width * a.height;
    for (size_t i = 0; i < n; i++) differ += memcmp(a.rgba + i * 4, b.rgba + i * 4, 4) != 0;
    if ((double)differ > max_share * (double)n) print_error("%s: %zu of %zu pixels differ from %s\n", got, differ, n, ref);
    assert_true((double)differ <= max_share * (double)n);
    z3_image_release(&a);
    z3_image_release(&b);
  }
  z3_free(ref);
  z3_free(got);
}

void copy_file(const char *from, const char *to) {
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&data, from, Z3_ROM_MAX_SIZE, &err), &err);
  assert_ok(z3_file_write_atomic(to, data.data, data.len, &(z3_write_opts){0}, &err), &err);
  z3_buf_release(&data);
}

/* The saved file equals what `z3ed ARGS --rom BEFORE` makes: the window and the CLI agree. */
void assert_cli_agrees(const char *before, const char *args) {
  char *cli = z3_strfmt("%s/cli.sfc", tmp);
  char *line = z3_strfmt("%s --rom %s --output %s", args, before, cli);
  json_decref(z3ed_json(line));
  z3_free(line);
  line = z3_strfmt("rom diff --from %s --to %s", cli, work);
  json_t *diff = z3ed_json(line);
  if (!json_is_true(json_object_get(diff, "identical"))) print_error("the window's save differs from 'z3ed %s'\n", args);
  assert_true(json_is_true(json_object_get(diff, "identical")));
  json_decref(diff);
  z3_free(line);
  z3_free(cli);
}

void save(void) {
  gtk_widget_activate_action(window, "win.save", NULL);
  gui_wait_idle(window);
}

/* The whole window (below the title bar) for docs/images: written, not compared. */
void doc_shot(const char *name) {
  char *path = z3_strfmt("%s/yaze-%s.png", Z3_BINARY_DIR, name);
  z3_error err;
  z3_error_init(&err);
  assert_true(gui_snapshot_png(gtk_window_get_child(GTK_WINDOW(window)), path, &err));
  z3_free(path);
}

const char *title(void) { return gtk_window_get_title(GTK_WINDOW(window)); }

void press(GtkWidget *w, double x, double y) {
  GtkGesture *click = g_object_get_data(G_OBJECT(w), "click");
  assert_non_null(click);
  g_signal_emit_by_name(click, "pressed", 1, x, y);
  gui_wait_idle(w);
}

GtkWidget *named(GtkWidget *root, const char *name) {
  if (strcmp(gtk_widget_get_name(root), name) == 0) return root;
  for (GtkWidget *c = gtk_widget_get_first_child(root); c; c = gtk_widget_get_next_sibling(c)) {
    GtkWidget *hit = named(c, name);
    if (hit) return hit;
  }
  return NULL;
}

GtkWidget *shown_editor(const char *name) {
  gui_tab *tab = gui_window_current_tab(window);
  GtkWidget *editor = gui_tab_editor(tab, name);
  gui_tab_show(tab, name);
  return editor;
}

static GtkWidget *page(const char *name) { return gtk_stack_get_child_by_name(GTK_STACK(named(window, "editors")), name); }

Z3_TEST(opens_the_sample_in_a_tab) {
  (void)state;
  gui_tab *tab = gui_window_current_tab(window);
  assert_non_null(tab);
  assert_string_equal(title(), "work.sfc - yaze");
  /* only the page shown is built at start-up; the others are empty until first shown */
  static const char *const later[] = {"dungeon", "graphics", "palettes", "messages", "emulator"};
  assert_non_null(gtk_widget_get_first_child(page("overworld")));
  assert_non_null(named(window, "ow-map"));
  for (size_t i = 0; i < G_N_ELEMENTS(later); i++) assert_null(gtk_widget_get_first_child(page(later[i])));
  assert_null(named(window, "pal-swatches"));
  gui_tab_show(tab, "palettes"); /* the sidebar's way: the stack's visible child */
  assert_non_null(named(page("palettes"), "pal-swatches"));
  assert_null(gtk_widget_get_first_child(page("messages")));
  assert_ptr_equal(gui_tab_editor(tab, "messages"), page("messages")); /* a lookup builds it too */
  assert_non_null(named(page("messages"), "msg-list"));
  gui_tab_show(tab, "overworld");
  /* the references were drawn with every page built, and the stack is as large as its largest page */
  gui_window_build_all(window);
  for (size_t i = 0; i < G_N_ELEMENTS(later); i++) assert_non_null(gtk_widget_get_first_child(page(later[i])));
  gui_wait_idle(window); /* the first paint, after which the recent-files entry is added */
  char *uri = g_filename_to_uri(work, NULL, NULL);
  assert_true(gtk_recent_manager_has_item(gtk_recent_manager_get_default(), uri)); /* recent files */
  g_free(uri);
}
static int z3ed_int(const char *args, const char *field) {
  json_t *r = z3ed_json(args);
  int v = (int)json_integer_value(json_object_get(r, field));
  json_decref(r);
  return v;
}

Z3_TEST(graphics_sets_a_pixel_exports_and_imports) {
  (void)state;
  GtkWidget *gfx = shown_editor("graphics");
  char *before = z3_strfmt("%s/before-graphics.sfc", tmp), *dir = z3_strfmt("%s/sheets", tmp);
  copy_file(work, before);
  char *get = z3_strfmt("gfx get-pixel --rom %s --sheet 0 --x 3 --y 4", work);
  int old = z3ed_int(get, "value"), pen = old == 5 ? 6 : 5;
  gui_graphics_select(gfx, 0, "ow_main:0");
  check_shot(named(gfx, "gfx-canvas"), "graphics-sheet", 0);
  assert_true(gui_graphics_export(gfx, dir));
  char *png = z3_strfmt("%s/sheet_00.png", dir);
  assert_true(z3_file_exists(png));
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(named(gfx, "gfx-pen")), pen);
  press(named(gfx, "gfx-canvas"), 3 * 4 + 2, 4 * 4 + 1); /* pixel (3, 4) at 4x */
  assert_string_equal(title(), "work.sfc* - yaze");
  check_shot(gfx, "graphics", FONT_TOLERANCE);
  doc_shot("graphics");
  save();
  char *args = z3_strfmt("gfx set-pixel --sheet 0 --x 3 --y 4 --value %d", pen);
  assert_cli_agrees(before, args);
  assert_true(gui_graphics_import(gfx, png)); /* the exported sheet brings the old pixel back */
  save();
  assert_int_equal(z3ed_int(get, "value"), old);
  z3_free(args);
  z3_free(png);
  z3_free(get);
  z3_free(dir);
  z3_free(before);
}

Z3_TEST(palettes_set_a_colour_exactly) {
  (void)state;
  GtkWidget *pal = shown_editor("palettes");
  char *before = z3_strfmt("%s/before-palette.sfc", tmp);
  copy_file(work, before);
  gui_palette_select(pal, "ow_main", 0, 0);
  press(named(pal, "pal-swatches"), 3 * 32 + 5, 5); /* colour 3 */
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(pal, "pal-info"))), "colour 3:"));
  gtk_editable_set_text(GTK_EDITABLE(named(pal, "pal-value")), "$1234");
  g_signal_emit_by_name(named(pal, "pal-apply"), "clicked");
  gui_wait_idle(pal);
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(pal, "pal-info"))), "colour 3: $1234")); /* reread from the ROM */
  check_shot(pal, "palettes", FONT_TOLERANCE);
  doc_shot("palettes");
  save();
  assert_cli_agrees(before, "palette set-color --group ow_main --index 0 --color 3 --value '$1234'");
  z3_free(before);
}

Z3_TEST(messages_search_edit_and_preview) {
  (void)state;
  GtkWidget *msg = shown_editor("messages");
  char *before = z3_strfmt("%s/before-messages.sfc", tmp);
  copy_file(work, before);
  GtkWidget *list = named(msg, "msg-list");
  gtk_editable_set_text(GTK_EDITABLE(named(msg, "msg-search")), "lighthouse keeper");
  g_signal_emit_by_name(named(msg, "msg-search"), "search-changed");
  gui_wait_idle(msg);
  assert_true(gtk_widget_get_child_visible(GTK_WIDGET(gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), 1))));
  assert_false(gtk_widget_get_child_visible(GTK_WIDGET(gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), 0))));
  gui_message_select(msg, 1);
  GtkTextBuffer *buf = gtk_text_view_get_buffer(GTK_TEXT_VIEW(named(msg, "msg-text")));
  gtk_text_buffer_set_text(buf, "The keeper thanks you.[2]Take this lamp.[K]", -1);
  g_signal_emit_by_name(named(msg, "msg-apply"), "clicked");
  gui_wait_idle(msg);
  assert_string_equal(title(), "work.sfc* - yaze");
  gtk_editable_set_text(GTK_EDITABLE(named(msg, "msg-search")), "");
  g_signal_emit_by_name(named(msg, "msg-search"), "search-changed");
  check_shot(msg, "messages", FONT_TOLERANCE);
  doc_shot("messages");
  save();
  assert_cli_agrees(before, "message set --id 1 --text 'The keeper thanks you.[2]Take this lamp.[K]'");
  z3_free(before);
}

Z3_TEST(command_palette_runs_table_commands_as_undo_steps) {
  (void)state;
  gtk_widget_activate_action(window, "win.commands", NULL);
  gui_wait_idle(window);
  GtkWidget *palette = NULL;
  GListModel *tops = gtk_window_get_toplevels();
  for (guint i = 0; i < g_list_model_get_n_items(tops) && !palette; i++) {
    GtkWidget *w = g_list_model_get_item(tops, i);
    if (strcmp(gtk_widget_get_name(w), "command-palette") == 0) palette = w;
    g_object_unref(w);
  }
  assert_non_null(palette);
  GtkWidget *entry = named(palette, "cmd-entry");
  gtk_editable_set_text(GTK_EDITABLE(entry), "overworld get-tile --map 0x00 --x 3 --y 4");
  g_signal_emit_by_name(entry, "activate");
  GtkTextBuffer *buf = gtk_text_view_get_buffer(GTK_TEXT_VIEW(named(palette, "cmd-result")));
  GtkTextIter a, b;
  gtk_text_buffer_get_bounds(buf, &a, &b);
  char *shown = gtk_text_buffer_get_text(buf, &a, &b, FALSE);
  assert_non_null(strstr(shown, "\"value\": \"0x0"));
  g_free(shown);
  assert_string_equal(title(), "work.sfc - yaze"); /* reading changes nothing */
  gtk_editable_set_text(GTK_EDITABLE(entry), "rom header set --title 'PALETTE RUN'");
  g_signal_emit_by_name(entry, "activate");
  gui_wait_idle(window);
  assert_string_equal(title(), "work.sfc* - yaze");
  z3_rom_header h;
  z3_rom_read_header(gui_window_current_tab(window)->doc->rom, &h);
  assert_memory_equal(h.title, "PALETTE RUN", 11);
  gtk_widget_activate_action(window, "win.undo", NULL);
  assert_string_equal(title(), "work.sfc - yaze");
  gtk_editable_set_text(GTK_EDITABLE(entry), "rom header set --region nowhere");
  assert_false(gui_command_palette_run(palette, gtk_editable_get_text(GTK_EDITABLE(entry))));
  gtk_window_destroy(GTK_WINDOW(palette));
}

/* The view's frames are the CLI's: four stepped frames equal `emu screenshot --frames 4`, pixel for pixel. */
Z3_TEST(emulator_steps_frames_like_the_cli_and_reads_keys) {
  (void)state;
  GtkWidget *emu = shown_editor("emulator");
  g_signal_emit_by_name(named(emu, "emu-reset"), "clicked");
  gui_emu_set_zoom(emu, 1);
  for (int i = 0; i < 4; i++) g_signal_emit_by_name(named(emu, "emu-step"), "clicked");
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(emu, "emu-info"))), "frame 4"));
  char *cli = z3_strfmt("%s/cli-frame.png", tmp), *mine = z3_strfmt("%s/gui-frame.png", tmp);
  char *args = z3_strfmt("emu screenshot --rom %s --frames 4 --out %s", work, cli);
  json_decref(z3ed_json(args));
  gui_wait_idle(emu);
  z3_error err;
  z3_error_init(&err);
  assert_true(gui_snapshot_png(named(emu, "emu-screen"), mine, &err));
  z3_image a = read_png(cli), b = read_png(mine);
  assert_int_equal(a.width, b.width);
  assert_int_equal(a.height, b.height);
  assert_memory_equal(a.rgba, b.rgba, (size_t)a.width * a.height * 4);
  z3_image_release(&a);
  z3_image_release(&b);
  GtkEventController *keys = g_object_get_data(G_OBJECT(named(emu, "emu-screen")), "keys");
  gboolean handled = FALSE;
  g_signal_emit_by_name(keys, "key-pressed", GDK_KEY_Return, 0, 0, &handled);
  assert_true(handled);
  assert_int_equal(gui_emu_pad(emu), 1u << 12); /* Start */
  g_signal_emit_by_name(keys, "key-released", GDK_KEY_Return, 0, 0);
  assert_int_equal(gui_emu_pad(emu), 0);
  /* Run: frames advance from the GLib timeout while the main loop runs; Pause stops them */
  GtkWidget *run = named(emu, "emu-run");
  gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(run), TRUE);
  while (!strstr(gtk_label_get_text(GTK_LABEL(named(emu, "emu-info"))), "frame 6")) g_main_context_iteration(NULL, TRUE);
  gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(run), FALSE);
  char *paused = g_strdup(gtk_label_get_text(GTK_LABEL(named(emu, "emu-info"))));
  gui_wait_idle(emu);
  assert_string_equal(gtk_label_get_text(GTK_LABEL(named(emu, "emu-info"))), paused);
  g_free(paused);
  g_signal_emit_by_name(named(emu, "emu-reset"), "clicked");
  for (int i = 0; i < 4; i++) gui_emu_step(emu);
  gui_emu_set_zoom(emu, 2);
  check_shot(emu, "emulator", FONT_TOLERANCE);
  doc_shot("emulator");
  z3_free(args);
  z3_free(cli);
  z3_free(mine);
}

/* A proposal made with the CLI in a sandbox; the drawer shows its changes and accepts one. */
Z3_TEST(proposal_drawer_accepts_one_change) {
  (void)state;
  gui_tab *tab = gui_window_current_tab(window);
  char *line = z3_strfmt("agent proposal create --rom %s --title 'two edits'", work);
  json_t *created = z3ed_json(line);
  const char *sandbox = json_string_value(json_object_get(created, "sandbox_rom"));
  assert_non_null(sandbox);
  char *edit1 = z3_strfmt("palette set-color --rom %s --group ow_main --index 0 --color 3 --value '$4321' --no-backup", sandbox);
  char *edit2 = z3_strfmt("rom header set --rom %s --title 'DRAWER TEST' --no-backup", sandbox);
  json_decref(z3ed_json(edit1));
  json_decref(z3ed_json(edit2));
  gtk_widget_activate_action(window, "win.proposals", NULL);
  gui_wait_idle(window);
  GtkWidget *drawer = named(window, "proposals");
  assert_true(gtk_revealer_get_reveal_child(GTK_REVEALER(named(window, "proposal-drawer"))));
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(drawer, "prop-info"))), "2 changes"));
  assert_non_null(named(drawer, "prop-before-after"));
  check_shot(drawer, "proposals", FONT_TOLERANCE);
  doc_shot("proposals");
  /* change 2 is the palette colour (changes are listed by offset: the header comes first) */
  GtkListBox *changes = GTK_LIST_BOX(named(drawer, "prop-changes"));
  gtk_list_box_select_row(changes, gtk_list_box_get_row_at_index(changes, 1));
  g_signal_emit_by_name(named(drawer, "prop-accept"), "clicked");
  gui_wait_idle(window);
  const z3_palette_group *g = z3_palette_group_find("ow_main");
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_palette_read(tab->doc->rom, g, 0, colors, &err), &err); /* the tab reloaded the file */
  assert_int_equal(colors[3], 0x4321);
  z3_rom_header h;
  z3_rom_read_header(tab->doc->rom, &h);
  assert_memory_not_equal(h.title, "DRAWER TEST", 11); /* change 1 was not accepted */
  char *get = z3_strfmt("palette get-color --rom %s --group ow_main --index 0 --color 3", work);
  json_t *color = z3ed_json(get);
  char *dumped = json_dumps(color, 0);
  assert_non_null(strstr(dumped, "4321"));
  free(dumped);
  gtk_widget_activate_action(window, "win.proposals", NULL);
  json_decref(color);
  json_decref(created);
  z3_free(get);
  z3_free(edit1);
  z3_free(edit2);
  z3_free(line);
}
static int setup(void **state) {
  (void)state;
  tmp = z3_test_tmpdir();
  work = z3_strfmt("%s/work.sfc", tmp);
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  if (z3_file_read(&data, Z3_SAMPLE, Z3_ROM_MAX_SIZE, &err) || z3_file_write_atomic(work, data.data, data.len, &(z3_write_opts){0}, &err)) {
    print_error("%s\n", err.message);
    return -1;
  }
  z3_buf_release(&data);
  char *home = z3_strfmt("%s/data", tmp);
  setenv("XDG_DATA_HOME", home, 1); /* recent files go here, not into the user's list */
  z3_free(home);
  home = z3_strfmt("%s/xdg-state", tmp);
  setenv("XDG_STATE_HOME", home, 1); /* savestate slots go here, not into the user's folder */
  z3_free(home);
  home = z3_strfmt("%s/state", tmp);
  setenv("Z3ED_HOME", home, 1); /* the proposal registry, for yaze and the z3ed it runs */
  z3_free(home);
  g_set_application_name("yaze");
  gtk_init();
  window = gui_window_new(NULL);
  gtk_window_set_default_size(GTK_WINDOW(window), 1100, 760);
  gtk_window_present(GTK_WINDOW(window));
  if (!gui_window_open(window, work, &err)) {
    print_error("%s\n", err.message);
    return -1;
  }
  gui_wait_idle(window);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  gtk_window_destroy(GTK_WINDOW(window));
  while (g_main_context_pending(NULL)) g_main_context_iteration(NULL, FALSE);
  z3_free(work);
  z3_free(tmp);
  return 0;
}

static const char *status_text(void) { return gtk_label_get_text(GTK_LABEL(named(window, "status"))); }

/* A colour of ow_main palette 0 as the file on disk has it. */
static bool disk_colour_is(int color, const char *hex) {
  char *get = z3_strfmt("palette get-color --rom %s --group ow_main --index 0 --color %d", work, color);
  json_t *got = z3ed_json(get);
  char *dumped = json_dumps(got, 0);
  bool same = strstr(dumped, hex) != NULL;
  free(dumped);
  json_decref(got);
  z3_free(get);
  return same;
}

/* A save after another process saved the file: refused, edits kept; Ctrl+Shift+M
 * merges them onto the file, and the next save holds both. */
Z3_TEST(save_after_an_outside_save_offers_a_merge) {
  (void)state;
  GtkWidget *pal = shown_editor("palettes");
  gui_palette_select(pal, "ow_main", 0, 0);
  press(named(pal, "pal-swatches"), 5 * 32 + 5, 5); /* colour 5 */
  gtk_editable_set_text(GTK_EDITABLE(named(pal, "pal-value")), "$0ABC");
  g_signal_emit_by_name(named(pal, "pal-apply"), "clicked");
  gui_wait_idle(pal);
  char *outside = z3_strfmt("palette set-color --rom %s --group ow_main --index 0 --color 6 --value '$0DEF'", work);
  json_decref(z3ed_json(outside));
  save();
  assert_non_null(strstr(status_text(), "was saved elsewhere since it was opened here"));
  assert_true(disk_colour_is(6, "$0DEF"));
  assert_false(disk_colour_is(5, "$0ABC"));
  gtk_widget_activate_action(window, "win.merge", NULL);
  gui_wait_idle(window);
  assert_non_null(strstr(status_text(), "merged onto the file on disk"));
  assert_string_equal(title(), "work.sfc* - yaze");
  save();
  assert_non_null(strstr(status_text(), "saved "));
  assert_true(disk_colour_is(5, "$0ABC"));
  assert_true(disk_colour_is(6, "$0DEF"));
  z3_free(outside);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(opens_the_sample_in_a_tab),
      cmocka_unit_test(overworld_paints_undoes_redoes_and_saves),
      cmocka_unit_test(right_click_picks_the_tile_under_the_pointer),
      cmocka_unit_test(overworld_fills_and_moves_a_selection),
      cmocka_unit_test(overworld_drags_markers),
      cmocka_unit_test(overworld_drags_exits_and_holes),
      cmocka_unit_test(dungeon_drags_an_object_and_toggles_layers),
      cmocka_unit_test(dungeon_resizes_adds_and_removes_objects),
      cmocka_unit_test(dungeon_shows_chests_and_moves_doors),
      cmocka_unit_test(graphics_sets_a_pixel_exports_and_imports),
      cmocka_unit_test(palettes_set_a_colour_exactly),
      cmocka_unit_test(messages_search_edit_and_preview),
      cmocka_unit_test(command_palette_runs_table_commands_as_undo_steps),
      cmocka_unit_test(emulator_steps_frames_like_the_cli_and_reads_keys),
      cmocka_unit_test(emulator_saves_and_loads_states),
      cmocka_unit_test(emulator_debugger_stops_at_a_breakpoint),
      cmocka_unit_test(proposal_drawer_accepts_one_change),
      cmocka_unit_test(proposal_drawer_draws_a_room_change),
      cmocka_unit_test(proposal_drawer_names_a_damaged_registry_and_lost_sandboxes),
      cmocka_unit_test(proposal_pictures_read_resource_names),
      cmocka_unit_test(save_after_an_outside_save_offers_a_merge),
      cmocka_unit_test(overworld_draws_wide_tall_and_tail_maps), /* last: it opens a tab of its own */
      cmocka_unit_test(dungeon_paints_water_fill_zones),            /* opens a tab of its own too */
      cmocka_unit_test(opening_a_rom_runs_off_the_ui_thread),       /* and another */
      cmocka_unit_test(an_empty_window_explains_a_failed_open),     /* a window of its own */
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
