/*
 * The dungeon editor under yaze's test window: objects dragged, resized, added and removed,
 * the layer toggles, the Chests and Doors layers (chest objects name their items from the
 * chest table as `dungeon list-chests` lists them; a door dragged along its wall is saved
 * byte for byte as `dungeon move-door` makes it) and the water fill zones.
 * Registered in gui_test.c's run list.
 */
#include <string.h>

#include "test.h"
#include "gui/dungeon_view.h"
#include "gui/gui.h"
#include "gui/gui_test.h"
#include "zelda3/dungeon_render.h"

static const char *selection_text(GtkWidget *dg) { return gtk_label_get_text(GTK_LABEL(named(dg, "dg-selection"))); }

/* Presses tile8 (tx, ty) of the room at 1x through the canvas's drag gesture and lets go
 * after (dx, dy) tiles. */
static void drag_tiles(GtkWidget *dg, int tx, int ty, int dx, int dy) {
  GtkGesture *drag = g_object_get_data(G_OBJECT(named(dg, "dg-room-view")), "drag");
  g_signal_emit_by_name(drag, "drag-begin", tx * 8 + 3.0, ty * 8 + 3.0);
  g_signal_emit_by_name(drag, "drag-end", dx * 8.0, dy * 8.0);
  gui_wait_idle(dg);
}

/* The `position` field of door `index` in `dungeon list-objects`. */
static json_int_t listed_door_position(int index) {
  char *args = z3_strfmt("dungeon list-objects --rom %s --room 0x012", work);
  json_t *listing = z3ed_json(args);
  json_t *door = json_array_get(json_object_get(listing, "doors"), (size_t)index);
  assert_non_null(door);
  json_int_t p = json_integer_value(json_object_get(door, "position"));
  json_decref(listing);
  z3_free(args);
  return p;
}

void dungeon_drags_an_object_and_toggles_layers(void **state) {
  (void)state;
  GtkWidget *dg = shown_editor("dungeon");
  char *before = z3_strfmt("%s/before-dungeon.sfc", tmp);
  copy_file(work, before);
  gui_dungeon_select_room(dg, 0x012);
  gui_wait_idle(dg);
  assert_string_equal(gtk_editable_get_text(GTK_EDITABLE(named(dg, "dg-room"))), "0x012");
  check_shot(named(dg, "dg-room-view"), "dungeon-room", 0);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(named(dg, "dg-bg2")), FALSE);
  check_shot(named(dg, "dg-room-view"), "dungeon-bg1", 0);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(named(dg, "dg-bg2")), TRUE);
  /* the chest (list 0, #4) sits at tile8 (14, 10): drag it 2 tiles right and 1 down */
  GtkGesture *drag = g_object_get_data(G_OBJECT(named(dg, "dg-room-view")), "drag");
  g_signal_emit_by_name(drag, "drag-begin", 14 * 8 + 3.0, 10 * 8 + 3.0);
  int list = -1, index = -1;
  assert_true(gui_dungeon_selected(dg, &list, &index));
  assert_int_equal(list, 0);
  assert_int_equal(index, 4);
  g_signal_emit_by_name(drag, "drag-end", 16.0, 8.0);
  gui_wait_idle(dg);
  assert_string_equal(title(), "work.sfc* - yaze");
  check_shot(dg, "dungeon", FONT_TOLERANCE);
  doc_shot("dungeon");
  save();
  assert_cli_agrees(before, "dungeon move-object --room 0x012 --layer 0 --index 4 --x 16 --y 11");
  char *args = z3_strfmt("dungeon list-objects --rom %s --room 0x012 --layer 0", work);
  json_t *listing = z3ed_json(args);
  json_t *chest = json_array_get(json_object_get(listing, "objects"), 4);
  assert_int_equal(json_integer_value(json_object_get(chest, "x")), 16);
  assert_int_equal(json_integer_value(json_object_get(chest, "y")), 11);
  json_decref(listing);
  z3_free(args);
  z3_free(before);
}

/* The object bar: resize, add and remove through its buttons, each saved as the CLI makes it. */
void dungeon_resizes_adds_and_removes_objects(void **state) {
  (void)state;
  GtkWidget *dg = shown_editor("dungeon");
  gui_dungeon_select_room(dg, 0x012);
  gui_wait_idle(dg);
  char *before = z3_strfmt("%s/before-objects.sfc", tmp);
  GtkGesture *drag = g_object_get_data(G_OBJECT(named(dg, "dg-room-view")), "drag");
  /* the north wall (list 0, #0, size 7) at tile8 (4, 2): shortened to 3 */
  copy_file(work, before);
  g_signal_emit_by_name(drag, "drag-begin", 4 * 8 + 3.0, 2 * 8 + 3.0);
  g_signal_emit_by_name(drag, "drag-end", 0.0, 0.0);
  int list = -1, index = -1;
  assert_true(gui_dungeon_selected(dg, &list, &index));
  assert_int_equal(list, 0), assert_int_equal(index, 0);
  assert_int_equal(gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(named(dg, "dg-size"))), 7);
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(named(dg, "dg-size")), 3);
  g_signal_emit_by_name(named(dg, "dg-resize"), "clicked");
  gui_wait_idle(dg);
  check_shot(named(dg, "dg-room-view"), "dungeon-resized", 0);
  save();
  assert_cli_agrees(before, "dungeon resize-object --room 0x012 --layer 0 --index 0 --size 3");
  /* a press on an empty floor cell, then Add with the id typed: a chest there, selected */
  copy_file(work, before);
  g_signal_emit_by_name(drag, "drag-begin", 30 * 8 + 3.0, 30 * 8 + 3.0);
  g_signal_emit_by_name(drag, "drag-end", 0.0, 0.0);
  gtk_editable_set_text(GTK_EDITABLE(named(dg, "dg-object-id")), "0xF99");
  g_signal_emit_by_name(named(dg, "dg-add"), "clicked");
  gui_wait_idle(dg);
  assert_true(gui_dungeon_selected(dg, &list, &index));
  assert_int_equal(list, 0), assert_int_equal(index, 6);
  check_shot(dg, "dungeon-objects", FONT_TOLERANCE);
  doc_shot("dungeon-objects");
  save();
  assert_cli_agrees(before, "dungeon add-object --room 0x012 --layer 0 --id 0xF99 --x 30 --y 30");
  /* the Sprites layer: room 0x012's Octorok (sprite 0, cell 10, 8) drawn as a red square */
  gtk_check_button_set_active(GTK_CHECK_BUTTON(named(dg, "dg-sprites")), TRUE);
  check_shot(named(dg, "dg-room-view"), "dungeon-sprites", 0);
  char *shot = z3_strfmt("%s/sprites-layer.png", tmp);
  z3_error err;
  z3_error_init(&err);
  assert_true(gui_snapshot_png(named(dg, "dg-room-view"), shot, &err));
  z3_image img = read_png(shot);
  const uint8_t *px = img.rgba + ((size_t)(8 * 16 + 8) * img.width + 10 * 16 + 8) * 4;
  assert_true(px[0] > 200 && px[1] < 60 && px[2] < 60);
  z3_image_release(&img);
  z3_free(shot);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(named(dg, "dg-sprites")), FALSE);
  /* Remove takes the selected (new) object away again */
  copy_file(work, before);
  g_signal_emit_by_name(named(dg, "dg-remove"), "clicked");
  gui_wait_idle(dg);
  assert_false(gui_dungeon_selected(dg, &list, &index));
  save();
  assert_cli_agrees(before, "dungeon remove-object --room 0x012 --layer 0 --index 6");
  z3_free(before);
}

/* Sample room 0x012: chest 0 (0xF99, moved to tile8 (16, 11) by the tests before) holds a
 * Key (0x24), chest 1 (the big chest 0xFB1 at (31, 10)) the Big Key (0x32), as `dungeon
 * list-chests --room 0x012` says; door 0 is a normal door on the north wall at position 0. */
void dungeon_shows_chests_and_moves_doors(void **state) {
  (void)state;
  gui_tab *tab = gui_window_current_tab(window);
  GtkWidget *dg = shown_editor("dungeon");
  gui_dungeon_select_room(dg, 0x012);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(named(dg, "dg-chests")), TRUE);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(named(dg, "dg-doors")), TRUE);
  gui_wait_idle(dg);
  drag_tiles(dg, 16, 11, 0, 0);
  assert_non_null(strstr(selection_text(dg), "chest 0: Key (0x24)"));
  drag_tiles(dg, 31, 10, 0, 0);
  assert_non_null(strstr(selection_text(dg), "chest 1: Big Key (0x32), big"));
  /* door 0 from position 0 to position 2 on the north wall: pressed inside its frame and
   * dropped where the game's position table puts position 2 */
  int x0, y0, x2, y2, index = -1;
  z3_room_door_tile(tab->doc->rom, 0, 0, &x0, &y0);
  z3_room_door_tile(tab->doc->rom, 0, 2, &x2, &y2);
  assert_int_not_equal(x0, x2);
  char *before = z3_strfmt("%s/before-door.sfc", tmp);
  copy_file(work, before);
  drag_tiles(dg, x0 + 1, y0 + 1, x2 - x0, y2 - y0);
  assert_true(gui_dungeon_selected_door(dg, &index));
  assert_int_equal(index, 0);
  assert_non_null(strstr(selection_text(dg), "door 0: normal (0x00), north wall, position 2"));
  check_shot(named(dg, "dg-room-view"), "dungeon-chests-doors", 0);
  save();
  assert_cli_agrees(before, "dungeon move-door --room 0x012 --index 0 --position 2");
  assert_int_equal(listed_door_position(0), 2);
  /* one undo step puts the door back (the tests after this one draw room 0x012) */
  gtk_widget_activate_action(window, "win.undo", NULL);
  gui_wait_idle(dg);
  save();
  assert_int_equal(listed_door_position(0), 0);
  /* the sample has no water-fill table: the Water layer cannot be turned on */
  assert_false(gtk_widget_get_sensitive(named(dg, "dg-water")));
  assert_int_equal(gui_dungeon_water_tiles(dg), -1);
  /* with doors hidden the same press reaches the objects again */
  gtk_check_button_set_active(GTK_CHECK_BUTTON(named(dg, "dg-doors")), FALSE);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(named(dg, "dg-chests")), FALSE);
  assert_false(gui_dungeon_select_at(dg, x2 + 1, y2 + 1) && gui_dungeon_selected_door(dg, &index));
  z3_free(before);
}

/* The sample grown to 2 MiB with ZScream's custom collision (room 0x012's list at $25:8450,
 * 0x128090 + 3 * 0x12) and the region 0x12E000 zero: yaze's empty water-fill table, the
 * fixture of tests/cli/cases/dungeon_water_fill.case. */
static char *water_fixture(void) {
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&data, work, Z3_ROM_MAX_SIZE, &err), &err);
  size_t size = 2u << 20;
  uint8_t *rom = z3_calloc(size, 1);
  memcpy(rom, data.data, data.len < size ? data.len : size);
  static const uint8_t pointer[] = {0x50, 0x84, 0x25}, list[] = {0xF0, 0xF0, 0x10, 0x02, 0x08, 0xFF, 0xFF};
  memcpy(rom + 0x128090 + 3 * 0x12, pointer, sizeof pointer);
  memcpy(rom + 0x128450, list, sizeof list);
  char *path = z3_strfmt("%s/water.sfc", tmp);
  assert_ok(z3_file_write_atomic(path, rom, size, &(z3_write_opts){0}, &err), &err);
  z3_free(rom);
  z3_buf_release(&data);
  return path;
}

/* The saved fixture equals what `z3ed ARGS --rom BEFORE` makes of it. */
static void assert_water_cli_agrees(const char *path, const char *before, const char *args) {
  char *cli = z3_strfmt("%s/water-cli.sfc", tmp);
  char *line = z3_strfmt("%s --rom %s --output %s", args, before, cli);
  json_decref(z3ed_json(line));
  z3_free(line);
  line = z3_strfmt("rom diff --from %s --to %s", cli, path);
  json_t *diff = z3ed_json(line);
  assert_true(json_is_true(json_object_get(diff, "identical")));
  json_decref(diff);
  z3_free(line);
  z3_free(cli);
}

/* Drags over room tiles (x0, y0)-(x1, y1) at 1x with the canvas's gesture. */
static void drag_room(GtkWidget *dg, int x0, int y0, int x1, int y1) {
  GtkGesture *drag = g_object_get_data(G_OBJECT(named(dg, "dg-room-view")), "drag");
  g_signal_emit_by_name(drag, "drag-begin", x0 * 8 + 3.0, y0 * 8 + 3.0);
  g_signal_emit_by_name(drag, "drag-end", (x1 - x0) * 8.0, (y1 - y0) * 8.0);
  gui_wait_idle(dg);
}

/* Last: it opens a tab of its own. A rectangle painted into room 0x012's zone, then one tile
 * erased, each saved as `dungeon set-water-fill` makes it. */
void dungeon_paints_water_fill_zones(void **state) {
  (void)state;
  char *path = water_fixture(), *before = z3_strfmt("%s/water-before.sfc", tmp);
  z3_error err;
  z3_error_init(&err);
  assert_true(gui_window_open(window, path, &err));
  GtkWidget *dg = shown_editor("dungeon");
  gui_dungeon_select_room(dg, 0x012);
  gui_wait_idle(dg);
  assert_true(gtk_widget_get_sensitive(named(dg, "dg-water")));
  assert_int_equal(gui_dungeon_water_tiles(dg), 0);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(named(dg, "dg-water")), TRUE);
  copy_file(path, before);
  drag_room(dg, 12, 21, 10, 20); /* corners in either order: 3 x 2 tiles */
  assert_int_equal(gui_dungeon_water_tiles(dg), 6);
  save();
  assert_water_cli_agrees(path, before, "dungeon set-water-fill --room 0x12 --tiles 10,20,3,2");
  check_shot(named(dg, "dg-room-view"), "dungeon-water", 0);
  copy_file(path, before);
  drag_room(dg, 11, 20, 11, 20); /* a press on a zone tile erases it */
  assert_int_equal(gui_dungeon_water_tiles(dg), 5);
  save();
  assert_water_cli_agrees(path, before, "dungeon set-water-fill --room 0x12 --tiles '10,20 12,20 10,21 11,21 12,21'");
  char *args = z3_strfmt("dungeon water-fill --rom %s --room 0x12", path);
  json_t *listing = z3ed_json(args);
  json_t *zone = json_array_get(json_object_get(listing, "zones"), 0);
  assert_int_equal(json_integer_value(json_object_get(zone, "count")), 5);
  assert_string_equal(json_string_value(json_object_get(zone, "mask")), "0x01"); /* the lowest free bit */
  json_decref(listing);
  z3_free(args), z3_free(path), z3_free(before);
}
