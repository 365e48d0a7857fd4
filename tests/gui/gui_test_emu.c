/*
 * The emulator's savestates under yaze's test window: a state saved to a slot comes back
 * frame and pixels alike, and the slot file is the CLI's format: `emu run --load-state`
 * continues from it to the same picture the window shows. Registered in gui_test.c.
 */
#include <string.h>

#include "test.h"
#include "gui/emu_view.h"
#include "gui/gui.h"
#include "gui/gui_test.h"

static const char *info(GtkWidget *emu) { return gtk_label_get_text(GTK_LABEL(named(emu, "emu-info"))); }

/* The emulator screen (at 1x) as a PNG's pixels. */
static z3_image screen(GtkWidget *emu, const char *name) {
  char *path = z3_strfmt("%s/%s.png", tmp, name);
  z3_error err;
  z3_error_init(&err);
  gui_wait_idle(emu);
  assert_true(gui_snapshot_png(named(emu, "emu-screen"), path, &err));
  z3_image img = read_png(path);
  z3_free(path);
  return img;
}

static void assert_same_image(const z3_image *a, const z3_image *b) {
  assert_int_equal(a->width, b->width);
  assert_int_equal(a->height, b->height);
  assert_memory_equal(a->rgba, b->rgba, (size_t)a->width * a->height * 4);
}

void emulator_saves_and_loads_states(void **state) {
  (void)state;
  GtkWidget *emu = shown_editor("emulator");
  g_signal_emit_by_name(named(emu, "emu-reset"), "clicked");
  gui_emu_set_zoom(emu, 1);
  for (int i = 0; i < 30; i++) gui_emu_step(emu);
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(named(emu, "emu-slot")), 3);
  g_signal_emit_by_name(named(emu, "emu-save-state"), "clicked");
  char *path = gui_emu_state_path(emu, 3);
  char *want_dir = g_build_filename(g_get_user_state_dir(), "yaze", "states", NULL);
  assert_true(g_str_has_prefix(path, want_dir)); /* the user's state folder, not the ROM's */
  assert_true(g_file_test(path, G_FILE_TEST_IS_REGULAR));
  z3_image saved = screen(emu, "state-saved");
  for (int i = 0; i < 5; i++) gui_emu_step(emu);
  assert_non_null(strstr(info(emu), "frame 35"));
  g_signal_emit_by_name(named(emu, "emu-load-state"), "clicked");
  assert_non_null(strstr(info(emu), "frame 30"));
  z3_image loaded = screen(emu, "state-loaded");
  assert_same_image(&saved, &loaded);
  /* the CLI continues from the slot file: two more frames, the same picture as the window's */
  for (int i = 0; i < 2; i++) gui_emu_step(emu);
  z3_image mine = screen(emu, "state-continued");
  char *cli = z3_strfmt("%s/state-cli.png", tmp);
  char *args = z3_strfmt("emu run --rom %s --load-state %s --frames 2 --screenshot %s", work, path, cli);
  json_decref(z3ed_json(args));
  z3_image theirs = read_png(cli);
  assert_same_image(&mine, &theirs);
  /* an edit, then Reset (the console takes the edited ROM): the slot saved before the edit
   * still loads, as a hacker tests an edit, and the status line says it was another version */
  gui_tab *tab = gui_window_current_tab(window);
  json_t *res = NULL;
  assert_true(gui_tab_run(tab, &res, "palette", "set-color", "--group", "ow_main", "--index", "0", "--color", "7",
                          "--value", "$1234", NULL));
  json_decref(res);
  g_signal_emit_by_name(named(emu, "emu-reset"), "clicked");
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(named(emu, "emu-slot")), 3);
  g_signal_emit_by_name(named(emu, "emu-load-state"), "clicked");
  assert_non_null(strstr(info(emu), "frame 30"));
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(window, "status"))), "another version of this ROM"));
  gtk_widget_activate_action(window, "win.undo", NULL);
  g_signal_emit_by_name(named(emu, "emu-reset"), "clicked");
  g_signal_emit_by_name(named(emu, "emu-load-state"), "clicked");
  assert_string_equal(gtk_label_get_text(GTK_LABEL(named(window, "status"))), "state loaded from slot 3");
  for (int i = 0; i < 2; i++) gui_emu_step(emu);
  /* an empty slot: refused with the path named, the console as it was */
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(named(emu, "emu-slot")), 9);
  g_signal_emit_by_name(named(emu, "emu-load-state"), "clicked");
  assert_non_null(strstr(info(emu), "frame 32"));
  z3_image_release(&saved), z3_image_release(&loaded), z3_image_release(&mine), z3_image_release(&theirs);
  g_free(path), g_free(want_dir);
  z3_free(cli), z3_free(args);
  gui_emu_set_zoom(emu, 2);
}

/* `z3ed emu run ARGS`'s result, on the window's ROM. */
static json_t *cli_run(const char *args) {
  char *line = z3_strfmt("emu run --rom %s %s", work, args);
  json_t *r = z3ed_json(line);
  z3_free(line);
  assert_non_null(r);
  return r;
}

/* The panels: an execution breakpoint stops Run to break where `emu run --until-pc` stops
 * (same registers), the memory view shows what `--read` reads, removing the breakpoint
 * leaves Run to break nothing to run to. */
void emulator_debugger_stops_at_a_breakpoint(void **state) {
  (void)state;
  GtkWidget *emu = shown_editor("emulator");
  g_signal_emit_by_name(named(emu, "emu-reset"), "clicked");
  gtk_editable_set_text(GTK_EDITABLE(named(emu, "emu-bp-addr")), "$00:800F");
  g_signal_emit_by_name(named(emu, "emu-bp-add"), "clicked");
  const char *list = gtk_label_get_text(GTK_LABEL(named(emu, "emu-bp-list")));
  assert_non_null(strstr(list, "#1 exec $00:800F  hits 0"));
  gtk_editable_set_text(GTK_EDITABLE(named(emu, "emu-mem-addr")), "$00:8000");
  g_signal_emit_by_name(named(emu, "emu-bp-run"), "clicked");
  json_t *cli = cli_run("--until-pc 0x00800F --frames 10 --read bus:0x008000:16");
  json_t *regs = json_object_get(cli, "registers");
  char want[96];
  snprintf(want, sizeof want, "PC %s  A %s  X %s  Y %s", json_string_value(json_object_get(regs, "pc")),
           json_string_value(json_object_get(regs, "a")), json_string_value(json_object_get(regs, "x")),
           json_string_value(json_object_get(regs, "y")));
  const char *shown = gtk_label_get_text(GTK_LABEL(named(emu, "emu-regs")));
  if (!strstr(shown, want)) print_error("registers '%s', the CLI's '%s'\n", shown, want);
  assert_non_null(strstr(shown, want));
  /* the first memory row: "$00:8000  B0 B1 ..." against --read's hex */
  const char *hex = json_string_value(json_object_get(json_array_get(json_object_get(cli, "reads"), 0), "hex"));
  GString *row = g_string_new("$00:8000 ");
  for (size_t i = 0; i + 1 < strlen(hex); i += 2) g_string_append_printf(row, " %c%c", g_ascii_toupper(hex[i]), g_ascii_toupper(hex[i + 1]));
  assert_true(g_str_has_prefix(gtk_label_get_text(GTK_LABEL(named(emu, "emu-mem"))), row->str));
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(emu, "emu-bp-list"))), "hits 1"));
  g_signal_emit_by_name(named(emu, "emu-bp-remove"), "clicked");
  assert_string_equal(gtk_label_get_text(GTK_LABEL(named(emu, "emu-bp-list"))), "no breakpoints");
  g_signal_emit_by_name(named(emu, "emu-bp-run"), "clicked");
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(emu, "emu-bp-list"))), "no breakpoints: add one first"));
  g_string_free(row, TRUE);
  json_decref(cli);
  g_signal_emit_by_name(named(emu, "emu-reset"), "clicked");
}
