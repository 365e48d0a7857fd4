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
  gui_tab *tab = gui_window_current_tab(window);
  GtkWidget *emu = gui_tab_editor(tab, "emulator");
  gui_tab_show(tab, "emulator");
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
  /* an empty slot: refused with the path named, the console as it was */
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(named(emu, "emu-slot")), 9);
  g_signal_emit_by_name(named(emu, "emu-load-state"), "clicked");
  assert_non_null(strstr(info(emu), "frame 32"));
  z3_image_release(&saved), z3_image_release(&loaded), z3_image_release(&mine), z3_image_release(&theirs);
  g_free(path), g_free(want_dir);
  z3_free(cli), z3_free(args);
  gui_emu_set_zoom(emu, 2);
}
