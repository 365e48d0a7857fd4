/*
 * The overworld's markers under yaze's test window (sprites, items, entrances, exits and
 * holes): picked and dragged with the Markers tool, each move saved and compared byte for
 * byte with the CLI command, and moved exits and holes read back with the list command. Registered in gui_test.c's run list.
 */
#include <string.h>

#include "test.h"
#include "gui/gui.h"
#include "gui/gui_test.h"
#include "gui/overworld_markers.h"
#include "gui/overworld_view.h"

/* Drags the marker on cell (x, y) of the map by (dx, dy) cells, saves, and compares with `z3ed ARGS`. */
static void drag_marker(GtkWidget *ow, int x, int y, int dx, int dy, int kind, const char *args) {
  char *before = z3_strfmt("%s/before-marker.sfc", tmp);
  copy_file(work, before);
  GtkGesture *drag = g_object_get_data(G_OBJECT(named(ow, "ow-map")), "drag");
  g_signal_emit_by_name(drag, "drag-begin", x * 16 + 4.0, y * 16 + 4.0);
  int k, index, mx, my;
  assert_true(gui_overworld_marker(ow, &k, &index, &mx, &my));
  assert_int_equal(k, kind), assert_int_equal(mx, x), assert_int_equal(my, y);
  g_signal_emit_by_name(drag, "drag-end", dx * 16.0, dy * 16.0);
  gui_wait_idle(ow);
  assert_true(gui_overworld_marker(ow, &k, &index, &mx, &my)); /* the selection follows the marker */
  assert_int_equal(mx, x + dx), assert_int_equal(my, y + dy);
  save();
  assert_cli_agrees(before, args);
  z3_free(before);
}

/* The Markers tool on Lumberjacks (0x02): the sample's guard, secret item and entrance are
 * picked (the panel shows the guard's fields) and dragged, each move what the CLI makes. */
void overworld_drags_markers(void **state) {
  (void)state;
  GtkWidget *ow = shown_editor("overworld");
  gui_overworld_select(ow, 0x02, 1);
  gtk_drop_down_set_selected(GTK_DROP_DOWN(named(ow, "ow-tool")), GUI_OW_MARKERS);
  gui_wait_idle(ow);
  drag_marker(ow, 6, 5, 2, 1, GUI_MARK_SPRITE, "overworld move-sprite --map 0x02 --state 0 --index 0 --x 8 --y 6");
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(ow, "ow-marker-info"))), "Blue Guard at 8,6"));
  drag_marker(ow, 4, 20, 0, 1, GUI_MARK_ITEM, "overworld move-item --map 0x02 --index 0 --x 4 --y 21");
  drag_marker(ow, 20, 8, 1, 0, GUI_MARK_ENTRANCE, "overworld set-entrance --slot 3 --map 0x02 --x 21 --y 8 --entrance 0x03");
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(ow, "ow-marker-info"))), "entrance slot 3"));
  check_shot(named(ow, "ow-map"), "overworld-markers", 0);
  assert_false(gui_overworld_select_marker(ow, 0, 0)); /* an empty cell selects nothing */
  gtk_drop_down_set_selected(GTK_DROP_DOWN(named(ow, "ow-tool")), GUI_OW_PAINT);
  gui_overworld_select(ow, 0x00, 1);
}

/* Field `key` of the record with slot `slot` and (if given) kind `kind` in `list`. */
static json_int_t field_of(json_t *list, int slot, const char *kind, const char *key) {
  size_t i;
  json_t *o;
  json_array_foreach(list, i, o) {
    if (json_integer_value(json_object_get(o, "slot")) != slot) continue;
    if (kind && strcmp(json_string_value(json_object_get(o, "kind")), kind) != 0) continue;
    return json_integer_value(json_object_get(o, key));
  }
  fail_msg("slot %d not listed", slot);
  return -1;
}

/* The sample's area 0x1B (a large area, origin pixel (1536, 1536) in its world) holds exit
 * slot 1 (room 0x012, Link at pixel 2016,1984, i.e. (480, 448) in the area: cell (30, 28),
 * on top of entrance slot 1) and hole slot 1 at cell (40, 44). */
void overworld_drags_exits_and_holes(void **state) {
  (void)state;
  GtkWidget *ow = shown_editor("overworld");
  gui_overworld_select(ow, 0x1B, 1);
  gtk_drop_down_set_selected(GTK_DROP_DOWN(named(ow, "ow-tool")), GUI_OW_MARKERS);
  gui_wait_idle(ow);
  GtkWidget *info = named(ow, "ow-marker-info");
  /* two cells right and one down keeps the pixel inside the cell: 480+32, 448+16 */
  drag_marker(ow, 30, 28, 2, 1, GUI_MARK_EXIT, "overworld set-exit --slot 1 --room 0x012 --map 0x1B --x 512 --y 464");
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(info)), "exit slot 1: from room 0x012"));
  char *args = z3_strfmt("overworld list-exits --rom %s --map 0x1B", work);
  json_t *exits = z3ed_json(args);
  assert_int_equal(field_of(json_object_get(exits, "exits"), 1, NULL, "link_x"), 1536 + 512);
  assert_int_equal(field_of(json_object_get(exits, "exits"), 1, NULL, "link_y"), 1536 + 464);
  json_decref(exits);
  z3_free(args);
  /* with the exit gone from (30, 28), the entrance under it is what a press there picks */
  int kind, index, x, y;
  assert_true(gui_overworld_select_marker(ow, 30, 28));
  assert_true(gui_overworld_marker(ow, &kind, &index, &x, &y));
  assert_int_equal(kind, GUI_MARK_ENTRANCE), assert_int_equal(index, 1);
  drag_marker(ow, 40, 44, -1, 2, GUI_MARK_HOLE,
              "overworld set-entrance --hole --slot 1 --map 0x1B --x 39 --y 46 --entrance 0x05");
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(info)), "hole slot 1: entrance 0x05 at 39,46"));
  args = z3_strfmt("overworld list-entrances --rom %s --map 0x1B", work);
  json_t *places = z3ed_json(args);
  assert_int_equal(field_of(json_object_get(places, "list"), 1, "hole", "x"), 39);
  assert_int_equal(field_of(json_object_get(places, "list"), 1, "hole", "y"), 46);
  json_decref(places);
  z3_free(args);
  /* green exit at (32, 29) beside the blue entrance at (30, 28), the black hole at (39, 46) */
  check_shot(named(ow, "ow-map"), "overworld-exits-holes", 0);
  gtk_drop_down_set_selected(GTK_DROP_DOWN(named(ow, "ow-tool")), GUI_OW_PAINT);
  gui_overworld_select(ow, 0x00, 1);
}
