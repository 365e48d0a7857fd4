/*
 * The overworld editor under yaze's test window: painting with undo and redo, the right
 * click's pick, fill and select-and-move, and ZSCustomOverworld's wide, tall and tail
 * areas; each edit saved and compared byte for byte with the CLI command that makes it.
 * Registered in gui_test.c's run list.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "gui/gui.h"
#include "gui/gui_test.h"
#include "gui/overworld_view.h"
#include "zelda3/layout_gen.h"
#include "zelda3/overworld.h"

/* The tile16 at (x, y) of area 0x00 as the document's ROM has it now. */
static int doc_tile(gui_tab *tab, int x, int y) {
  z3_overworld *ow = NULL;
  z3_error err;
  z3_error_init(&err);
  uint16_t t = 0;
  assert_ok(z3_ow_load(&ow, tab->doc->rom, &err), &err);
  assert_ok(z3_ow_get_tile16(ow, 0x00, x, y, &t, &err), &err);
  z3_ow_free(ow);
  return t;
}

void overworld_paints_undoes_redoes_and_saves(void **state) {
  (void)state;
  gui_tab *tab = gui_window_current_tab(window);
  GtkWidget *ow = shown_editor("overworld");
  gui_overworld_select(ow, 0x00, 2);
  gui_wait_idle(ow);
  check_shot(named(ow, "ow-map"), "overworld-map", 0);
  int before = doc_tile(tab, 3, 4), want = before == 0x25 ? 0x26 : 0x25;
  /* pick tile16 `want` in the picker (8 columns of 16 px at 2x) and paint it at tile (3, 4) at 2x */
  press(named(ow, "ow-tile16"), (want % 8) * 32 + 9, (want / 8) * 32 + 9);
  assert_int_equal(gui_overworld_picked(ow), want);
  press(named(ow, "ow-map"), 3 * 32 + 7, 4 * 32 + 30);
  if (doc_tile(tab, 3, 4) != want) print_error("status: %s\n", gtk_label_get_text(GTK_LABEL(named(window, "status"))));
  assert_int_equal(doc_tile(tab, 3, 4), want);
  assert_string_equal(title(), "work.sfc* - yaze");
  gtk_widget_activate_action(window, "win.undo", NULL);
  assert_int_equal(doc_tile(tab, 3, 4), before);
  assert_string_equal(title(), "work.sfc - yaze");
  gtk_widget_activate_action(window, "win.redo", NULL);
  assert_int_equal(doc_tile(tab, 3, 4), want);
  check_shot(ow, "overworld", FONT_TOLERANCE);
  doc_shot("overworld");
  save();
  assert_string_equal(title(), "work.sfc - yaze");

  char *bak = z3_strfmt("%s.bak", work);
  assert_true(z3_file_exists(bak));
  char *args = z3_strfmt("overworld set-tile --map 0x00 --x 3 --y 4 --value 0x%X", want);
  assert_cli_agrees(Z3_SAMPLE, args);
  z3_free(args);
  args = z3_strfmt("overworld get-tile --rom %s --map 0x00 --x 3 --y 4", work);
  json_t *tile = z3ed_json(args);
  assert_int_equal(strtol(json_string_value(json_object_get(tile, "value")), NULL, 0), want);
  json_decref(tile);
  z3_free(args);
  z3_free(bak);
}

/* The tile16 at (x, y) of area 0x02 in the saved file, read by the real z3ed. */
static int file_tile_02(int x, int y) {
  char *args = z3_strfmt("overworld get-tile --rom %s --map 0x02 --x %d --y %d", work, x, y);
  json_t *r = z3ed_json(args);
  int v = (int)strtol(json_string_value(json_object_get(r, "value")), NULL, 16);
  json_decref(r);
  z3_free(args);
  return v;
}

/* Fill and select-and-move through the ow-tool drop-down and the map's click and drag
 * gestures: each is one undo step and saves what the same z3ed command makes. */
void overworld_fills_and_moves_a_selection(void **state) {
  (void)state;
  gui_tab *tab = gui_window_current_tab(window);
  GtkWidget *ow = shown_editor("overworld");
  gui_overworld_select(ow, 0x02, 1);
  gui_wait_idle(ow);
  GtkWidget *map = named(ow, "ow-map");
  char *before = z3_strfmt("%s/before-fill.sfc", tmp);
  copy_file(work, before);
  /* (4, 2) and (5, 2) of Lumberjacks are both tile16 0x000 in the sample: one region */
  assert_int_equal(file_tile_02(4, 2), 0x000);
  assert_int_equal(file_tile_02(5, 2), 0x000);
  gtk_drop_down_set_selected(GTK_DROP_DOWN(named(ow, "ow-tool")), GUI_OW_FILL);
  gui_overworld_pick(ow, 0x124);
  size_t depth = tab->doc->undo.count;
  press(map, 4 * 16 + 5.0, 2 * 16 + 5.0);
  assert_int_equal(tab->doc->undo.count, depth + 1);
  save();
  assert_cli_agrees(before, "overworld fill-tiles --map 0x02 --x 4 --y 2 --value 0x124");
  assert_int_equal(file_tile_02(5, 2), 0x124);
  /* Select: drag (4, 2) to (5, 3) selects 2x2; a drag from inside moves it 3 cells right */
  copy_file(work, before);
  gtk_drop_down_set_selected(GTK_DROP_DOWN(named(ow, "ow-tool")), GUI_OW_SELECT);
  gui_overworld_pick(ow, 0x010);
  GtkGesture *drag = g_object_get_data(G_OBJECT(map), "drag");
  assert_non_null(drag);
  g_signal_emit_by_name(drag, "drag-begin", 4 * 16 + 3.0, 2 * 16 + 3.0);
  g_signal_emit_by_name(drag, "drag-end", 16.0, 16.0);
  int x, y, w, h;
  assert_true(gui_overworld_selection(ow, &x, &y, &w, &h));
  assert_int_equal(x, 4), assert_int_equal(y, 2), assert_int_equal(w, 2), assert_int_equal(h, 2);
  assert_int_equal(tab->doc->undo.count, depth + 1); /* selecting changes nothing */
  g_signal_emit_by_name(drag, "drag-begin", 5 * 16 + 8.0, 3 * 16 + 8.0);
  g_signal_emit_by_name(drag, "drag-end", 3 * 16.0, 0.0);
  gui_wait_idle(ow);
  assert_int_equal(tab->doc->undo.count, depth + 2);
  assert_true(gui_overworld_selection(ow, &x, &y, &w, &h));
  assert_int_equal(x, 7), assert_int_equal(y, 2);
  check_shot(map, "overworld-moved", 0);
  save();
  assert_cli_agrees(before, "overworld move-tiles --map 0x02 --x 4 --y 2 --width 2 --height 2 --to-x 7 --to-y 2 --fill 0x010");
  assert_int_equal(file_tile_02(7, 2), 0x124);
  assert_int_equal(file_tile_02(4, 2), 0x010);
  gtk_drop_down_set_selected(GTK_DROP_DOWN(named(ow, "ow-tool")), GUI_OW_PAINT);
  gui_overworld_select(ow, 0x00, 1);
  z3_free(before);
}

void right_click_picks_the_tile_under_the_pointer(void **state) {
  (void)state;
  gui_tab *tab = gui_window_current_tab(window);
  GtkWidget *ow = gui_tab_editor(tab, "overworld");
  gui_overworld_pick(ow, 0);
  GtkGesture *pick = g_object_get_data(G_OBJECT(named(ow, "ow-map")), "pick");
  assert_non_null(pick);
  g_signal_emit_by_name(pick, "pressed", 1, 10 * 32 + 3.0, 7 * 32 + 3.0); /* tile (10, 7) at 2x */
  assert_int_equal(gui_overworld_picked(ow), doc_tile(tab, 10, 7));
  assert_int_not_equal(doc_tile(tab, 10, 7), 0);
}

/* ZSCustomOverworld v3 with a wide (0x28-0x29) and a tall (0x2A over 0x32)
 * area and the tail maps, in a tab of its own: areas draw at their real size,
 * clicks outside a wide area's two screens paint nothing, tails are listed. */
void overworld_draws_wide_tall_and_tail_maps(void **state) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = z3_test_sample_rom(0x200000, Z3_MAP_LOROM);
  gen_v3_wide_tall(rom->data.data);
  gen_sw_tail_maps(rom->data.data, false);
  /* the sample's 0x28-0x2A are plain grass: a diagonal of varied tile16 along each group's
   * long axis makes the references show both screens, in place */
  z3_overworld *model = NULL;
  assert_ok(z3_ow_load(&model, rom, &err), &err);
  for (int i = 0; i < 64; i++) {
    assert_ok(z3_ow_set_tile16(model, GEN_WIDE, i, i / 2, (uint16_t)(0x10 + i * 5), &err), &err);
    assert_ok(z3_ow_set_tile16(model, GEN_TALL, i / 2, i, (uint16_t)(0x10 + i * 5), &err), &err);
  }
  assert_ok(z3_ow_save(model, rom, &err), &err);
  z3_ow_free(model);
  char *path = z3_strfmt("%s/v3.sfc", tmp);
  assert_ok(z3_file_write_atomic(path, rom->data.data, rom->data.len, &(z3_write_opts){0}, &err), &err);
  z3_rom_free(rom);
  assert_true(gui_window_open(window, path, &err));
  gui_wait_idle(window);
  gui_tab *tab = gui_window_current_tab(window);
  GtkWidget *ow = shown_editor("overworld");
  gui_overworld_select(ow, GEN_WIDE, 1);
  gui_wait_idle(ow);
  GtkWidget *map = named(ow, "ow-map");
  assert_int_equal(gtk_widget_get_width(map), 1024);
  assert_int_equal(gtk_widget_get_height(map), 512);
  check_shot(map, "overworld-wide", 0);
  press(map, 40 * 16 + 3, 40 * 16 + 3); /* below the wide area's two screens: nothing to paint */
  assert_string_equal(title(), "v3.sfc - yaze");
  uint16_t before = 0, after = 0;
  assert_ok(z3_ow_load(&model, tab->doc->rom, &err), &err);
  assert_ok(z3_ow_get_tile16(model, GEN_WIDE, 40, 5, &before, &err), &err);
  z3_ow_free(model);
  gui_overworld_pick(ow, before == 0x25 ? 0x26 : 0x25);
  press(map, 40 * 16 + 3, 5 * 16 + 3);  /* the right screen of the group */
  assert_string_equal(title(), "v3.sfc* - yaze");
  assert_ok(z3_ow_load(&model, tab->doc->rom, &err), &err);
  assert_ok(z3_ow_get_tile16(model, GEN_WIDE, 40, 5, &after, &err), &err);
  z3_ow_free(model);
  assert_int_equal(after, before == 0x25 ? 0x26 : 0x25);
  gui_overworld_select(ow, GEN_TALL, 1);
  gui_wait_idle(ow);
  assert_int_equal(gtk_widget_get_width(map), 512);
  assert_int_equal(gtk_widget_get_height(map), 1024);
  check_shot(map, "overworld-tall", 0);
  GListModel *areas = gtk_drop_down_get_model(GTK_DROP_DOWN(named(ow, "ow-area")));
  assert_non_null(strstr(gtk_string_list_get_string(GTK_STRING_LIST(areas), GEN_TALL), "(tall)"));
  assert_non_null(strstr(gtk_string_list_get_string(GTK_STRING_LIST(areas), GEN_TALL + 8), "part of 0x2A"));
  gui_overworld_select(ow, 0xA5, 1);
  gui_wait_idle(ow);
  areas = gtk_drop_down_get_model(GTK_DROP_DOWN(named(ow, "ow-area")));
  assert_int_equal(g_list_model_get_n_items(areas), 64);
  assert_int_equal(gui_overworld_area(ow), 0xA5);
  assert_int_equal(gtk_widget_get_width(map), 512);
  z3_free(path);
}
