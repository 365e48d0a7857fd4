/*
 * The proposal drawer's pictures (proposal_pictures.c) under yaze's test window: the
 * resource names it reads, and a room change drawn before and after, checked pixel by
 * pixel against the dungeon editor's render. Registered in gui_test.c's run list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "agent/proposal.h"
#include "gui/canvas.h"
#include "gui/gui.h"
#include "gui/gui_test.h"
#include "gui/jobs.h"
#include "gui/proposal_pictures.h"
#include "zelda3/dungeon_render.h"

/* Change-log reasons as the writers word them (dungeon_save.c, overworld.c, text_save.c,
 * agent/changes.c) name what the drawer draws. */
void proposal_pictures_read_resource_names(void **state) {
  (void)state;
  static const struct { const char *name; gui_picture_kind kind; long id; } cases[] = {
      {"room 0x012 object data (moved)", GUI_PIC_ROOM, 0x12},
      {"area 0x1B tile16 (5,5) set from 0x004 to 0x010: area 0x1B low-byte map32 stream recompressed", GUI_PIC_AREA, 0x1B},
      {"sheet 0x10 data", GUI_PIC_SHEET, 0x10},
      {"message 0x001 text changed (5 → 7 bytes)", GUI_PIC_MESSAGE, 1},
      {"palette ow_main:0 colour 3", GUI_PIC_NONE, 0},
      {"header title", GUI_PIC_NONE, 0},
      {"chest table (edited)", GUI_PIC_NONE, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    long id = -1;
    assert_int_equal(gui_picture_kind_of(cases[i].name, &id), cases[i].kind);
    if (cases[i].kind != GUI_PIC_NONE) assert_int_equal(id, cases[i].id);
  }
  assert_int_equal(gui_picture_kind_of(NULL, &(long){0}), GUI_PIC_NONE);
}

/* Chooses proposal `id` in the drawer: its entry "#ID title" in the drop-down. The main loop
 * does not run, so its pictures are still being drawn on return. */
static void choose_proposal(GtkWidget *drawer, json_int_t id) {
  GtkDropDown *list = GTK_DROP_DOWN(named(drawer, "prop-list"));
  GListModel *m = gtk_drop_down_get_model(list);
  char *prefix = z3_strfmt("#%lld ", (long long)id);
  guint found = GTK_INVALID_LIST_POSITION;
  for (guint i = 0; i < g_list_model_get_n_items(m); i++)
    if (g_str_has_prefix(gtk_string_list_get_string(GTK_STRING_LIST(m), i), prefix)) found = i;
  assert_int_not_equal(found, GTK_INVALID_LIST_POSITION);
  if (gtk_drop_down_get_selected(list) == found) gtk_drop_down_set_selected(list, GTK_INVALID_LIST_POSITION); /* so it lists again */
  gtk_drop_down_set_selected(list, found);
  z3_free(prefix);
}

/* Until the window's jobs are done and their results applied; how many iterations that took. */
static int drawn_after(void) {
  int n = iterations_until_done();
  gui_wait_idle(window);
  return n;
}

static int count_named(GtkWidget *root, const char *name) {
  int n = strcmp(gtk_widget_get_name(root), name) == 0;
  for (GtkWidget *c = gtk_widget_get_first_child(root); c; c = gtk_widget_get_next_sibling(c)) n += count_named(c, name);
  return n;
}

/* Pixels of two same-sized RGB24 surfaces that differ, counted inside box (x0, y0, x1, y1) and outside all boxes. */
static void count_differences(cairo_surface_t *a, cairo_surface_t *b, const int boxes[][4], int nbox, int *inside,
                              int *outside) {
  int w = cairo_image_surface_get_width(a), h = cairo_image_surface_get_height(a), stride = cairo_image_surface_get_stride(a);
  const uint8_t *pa = cairo_image_surface_get_data(a), *pb = cairo_image_surface_get_data(b);
  for (int k = 0; k < nbox; k++) inside[k] = 0;
  *outside = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      if (memcmp(pa + y * stride + x * 4, pb + y * stride + x * 4, 3) == 0) continue;
      bool in = false;
      for (int k = 0; k < nbox; k++)
        if (x >= boxes[k][0] && x < boxes[k][2] && y >= boxes[k][1] && y < boxes[k][3]) inside[k]++, in = true;
      *outside += !in;
    }
}

/* A proposal that moves the brazier of room 0x012: the drawer draws the room from the base
 * and from the sandbox, the "before" is the room as the editor's ROM draws it, and the two
 * differ at the brazier's old place and its new one and nowhere else. */
void proposal_drawer_draws_a_room_change(void **state) {
  (void)state;
  gui_tab *tab = gui_window_current_tab(window);
  char *line = z3_strfmt("agent proposal create --rom %s --title 'move the brazier'", work);
  json_t *created = z3ed_json(line);
  const char *sandbox = json_string_value(json_object_get(created, "sandbox_rom"));
  char *edit = z3_strfmt("dungeon move-object --rom %s --room 0x012 --layer 0 --index 3 --x 20 --y 40 --no-backup", sandbox);
  json_decref(z3ed_json(edit));
  gtk_widget_activate_action(window, "win.proposals", NULL);
  drawn_after(); /* the proposal first in the list drawn */
  GtkWidget *drawer = named(window, "proposals");
  json_int_t id = json_integer_value(json_object_get(created, "id"));
  choose_proposal(drawer, id);
  /* answered at once: the row with a placeholder, the pictures drawn by a background job */
  assert_int_equal(count_named(drawer, "prop-picture-pending"), 1);
  assert_null(named(drawer, "prop-picture"));
  assert_int_equal(gui_jobs_running(window), 1);
  assert_true(drawn_after() > 0); /* the main loop ran while they were drawn */
  assert_int_equal(count_named(drawer, "prop-picture-pending"), 0);
  assert_int_equal(count_named(drawer, "prop-picture"), 1);
  /* a result for a listing that was replaced meanwhile is dropped: reading the registry again
   * and choosing the proposal once more leave one picture, whichever job ends last */
  gui_proposals_refresh(drawer);
  choose_proposal(drawer, id);
  choose_proposal(drawer, id);
  drawn_after();
  assert_int_equal(count_named(drawer, "prop-picture-pending"), 0);
  assert_int_equal(count_named(drawer, "prop-picture"), 1);
  assert_null(strstr(gtk_label_get_text(GTK_LABEL(named(window, "status"))), "dropped")); /* the user's own doing */
  const char *info = gtk_label_get_text(GTK_LABEL(named(drawer, "prop-info")));
  assert_string_equal(info + strlen(info) - strlen(", 1 change"), ", 1 change"); /* one, not "1 changes" */
  GtkWidget *pic = named(drawer, "prop-picture");
  assert_non_null(pic);
  /* the CLI edit logged no reason: the row is named by the byte map */
  GtkWidget *row_title = gtk_widget_get_first_child(gtk_widget_get_first_child(gtk_widget_get_parent(pic)));
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(row_title)), "#1 room 0x012 ("));
  cairo_surface_t *before = g_object_get_data(G_OBJECT(pic), "before"), *after = g_object_get_data(G_OBJECT(pic), "after");
  assert_int_equal(cairo_image_surface_get_width(before), Z3_ROOM_PIXELS);
  assert_int_equal(cairo_image_surface_get_width(after), Z3_ROOM_PIXELS);
  /* before: what the dungeon editor draws of the tab's ROM (the proposal's base) */
  z3_dungeon *d = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dungeon_load(tab->doc->rom, &d, &err), &err);
  z3_room_image *img = malloc(sizeof *img);
  assert_ok(z3_room_render(tab->doc->rom, d, 0x012, Z3_RENDER_ALL, img, &err), &err);
  cairo_surface_t *mine = gui_surface_indexed(img->pixels, Z3_ROOM_PIXELS, Z3_ROOM_PIXELS, (const uint8_t(*)[4])img->palette,
                                              Z3_ROOM_RENDER_COLORS);
  int bw = 2, bh = 2;
  z3_room_object_block(d->rooms[0x012].objects[0][3].id, &bw, &bh);
  int boxes[2][4] = {{44 * 8, 14 * 8, (44 + bw) * 8, (14 + bh) * 8}, {20 * 8, 40 * 8, (20 + bw) * 8, (40 + bh) * 8}};
  int inside[2], outside;
  count_differences(before, mine, boxes, 2, inside, &outside);
  assert_int_equal(inside[0] + inside[1] + outside, 0);
  count_differences(before, after, boxes, 2, inside, &outside);
  if (!inside[0] || !inside[1] || outside)
    print_error("differences: %d at the old place, %d at the new, %d elsewhere\n", inside[0], inside[1], outside);
  assert_true(inside[0] > 0 && inside[1] > 0);
  assert_int_equal(outside, 0);
  check_shot(pic, "proposal-room", 0);
  check_shot(drawer, "proposals-room", FONT_TOLERANCE);
  gui_tab_show(tab, "dungeon"); /* the README picture: the room beside its proposal */
  gui_wait_idle(window);
  doc_shot("proposals-room");
  assert_true(gui_proposals_reject(drawer, "other", "test done"));
  gtk_widget_activate_action(window, "win.proposals", NULL);
  cairo_surface_destroy(mine);
  free(img);
  z3_dungeon_free(d);
  json_decref(created);
  z3_free(edit);
  z3_free(line);
}

/* A registry the drawer cannot read is named in the status line, not shown as an empty list;
 * a sandbox folder the registry does not name (set aside, or a lost registry's) is listed. */
void proposal_drawer_names_a_damaged_registry_and_lost_sandboxes(void **state) {
  (void)state;
  char *dir = z3_state_dir(), *db = z3_strfmt("%s/registry.db", dir), *saved = z3_strfmt("%s/registry.saved", dir);
  char *damage = z3_strfmt("cp '%s' '%s' && head -c 4096 '%s' > '%s'", db, saved, saved, db);
  assert_int_equal(system(damage), 0);
  GtkWidget *drawer = named(window, "proposals");
  char *orphan = z3_strfmt("%s/proposals/7.orphan-4242", dir);
  assert_int_equal(mkdir(orphan, 0755), 0);
  gui_proposals_refresh(drawer);
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(named(window, "status"))), "registry.db' is damaged"));
  /* a damaged registry names no sandbox, so none is called unregistered */
  assert_false(gtk_widget_get_visible(named(drawer, "prop-unregistered")));
  assert_int_equal(rename(saved, db), 0);
  gui_proposals_refresh(drawer);
  GtkWidget *folders = named(drawer, "prop-unregistered");
  assert_true(gtk_widget_get_visible(folders));
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(folders)), "1 folder under"));
  assert_non_null(strstr(gtk_label_get_text(GTK_LABEL(folders)), ": 7.orphan-4242"));
  assert_int_equal(rmdir(orphan), 0);
  gui_proposals_refresh(drawer);
  assert_false(gtk_widget_get_visible(folders));
  z3_free(orphan);
  z3_free(damage);
  z3_free(saved);
  z3_free(db);
  z3_free(dir);
}
