/*
 * gui/dungeon_view: the dungeon editor. The room drawn as `dungeon render`
 * draws it (z3_room_render), BG1 and BG2 toggled, and its objects selected by
 * a press on their first block and moved by dragging, each move one
 * `dungeon move-object`. An object bar under the toolbar resizes the
 * selected object (`dungeon resize-object`), removes it (`remove-object`)
 * and adds an object of a typed id where the room was last pressed
 * (`add-object`, on the selected object's list, else list 0). Chests and doors
 * have layers of their own (dungeon_marks.c): chests framed, their item named
 * when one is selected; doors framed, picked before objects, and dragged
 * along their wall (`dungeon move-door`). On a ROM with yaze's water-fill
 * table the Water layer shows the room's zone and a press or a drag paints
 * or erases its tiles instead of picking objects (dungeon_water.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui/canvas.h"
#include "gui/dungeon_marks.h"
#include "gui/dungeon_view.h"
#include "gui/dungeon_water.h"
#include "gui/gui.h"
#include "zelda3/dungeon_render.h"

typedef struct dg_view {
  gui_tab *tab;
  GtkWidget *box, *room, *bg1, *bg2, *sprites, *chests, *doors, *water_check, *zoom, *canvas, *selection, *size, *new_id;
  z3_dungeon *model;
  z3_water_table *water;        /* present false on ROMs without yaze's table */
  cairo_surface_t *picture;
  int room_id, zoom_factor;
  int sel_list, sel_index;      /* -1 = nothing selected */
  int sel_door;                 /* a door's index, -1 = none (a door and an object never both) */
  double drag_x, drag_y;
  int press_x, press_y;         /* tile8 of the last press: where Add puts an object */
} dg_view;

static dg_view *view_of(GtkWidget *editor) { return g_object_get_data(G_OBJECT(editor), "dg-view"); }

static const z3_room_object *selected(const dg_view *v) {
  if (!v->model || v->sel_list < 0) return NULL;
  const z3_room *r = &v->model->rooms[v->room_id];
  return (size_t)v->sel_index < r->object_count[v->sel_list] ? &r->objects[v->sel_list][v->sel_index] : NULL;
}

static bool door_selected(const dg_view *v) {
  return v->model && v->sel_door >= 0 && (size_t)v->sel_door < v->model->rooms[v->room_id].door_count;
}

static bool shown(GtkWidget *check) { return gtk_check_button_get_active(GTK_CHECK_BUTTON(check)); }

static void show_selection(dg_view *v) {
  const z3_room_object *o = selected(v);
  char text[240];
  int chest;
  if (o) {
    const char *name = z3_object_name(o->id);
    int n = snprintf(text, sizeof text, "list %d #%d: %s (0x%03X) at %d,%d", v->sel_list, v->sel_index,
                     name ? name : "?", o->id, o->x, o->y);
    if (gui_chest_number(&v->model->rooms[v->room_id], v->sel_list, v->sel_index, &chest) && n > 0 &&
        (size_t)n < sizeof text - 2) {
      text[n] = ';', text[n + 1] = ' ';
      gui_chest_describe(v->model, v->room_id, chest, text + n + 2, sizeof text - (size_t)n - 2);
    }
    if (v->size) gtk_spin_button_set_value(GTK_SPIN_BUTTON(v->size), o->size);
  } else if (door_selected(v)) {
    gui_door_describe(&v->model->rooms[v->room_id], (size_t)v->sel_door, text, sizeof text);
  } else {
    snprintf(text, sizeof text, "no object selected");
  }
  gtk_label_set_text(GTK_LABEL(v->selection), text);
  gtk_widget_queue_draw(v->canvas);
}

static void redraw(dg_view *v) {
  if (v->picture) cairo_surface_destroy(v->picture);
  v->picture = NULL;
  z3_room_image *img = g_malloc(sizeof *img);
  z3_error err;
  z3_error_init(&err);
  unsigned layers = (gtk_check_button_get_active(GTK_CHECK_BUTTON(v->bg1)) ? Z3_RENDER_BG1 : 0) |
                    (gtk_check_button_get_active(GTK_CHECK_BUTTON(v->bg2)) ? Z3_RENDER_BG2 : 0);
  if (!layers) memset(img, 0, sizeof *img);
  if (v->model && (!layers || z3_room_render(v->tab->doc->rom, v->model, v->room_id, (z3_room_layers)layers, img, &err) == Z3_OK))
    v->picture = gui_surface_indexed(img->pixels, Z3_ROOM_PIXELS, Z3_ROOM_PIXELS, (const uint8_t(*)[4])img->palette,
                                     layers ? Z3_ROOM_RENDER_COLORS : 0);
  else if (v->model)
    v->tab->status(v->tab, err.message);
  g_free(img);
  gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(v->canvas), Z3_ROOM_PIXELS * v->zoom_factor);
  gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(v->canvas), Z3_ROOM_PIXELS * v->zoom_factor);
  show_selection(v);
}

/* The water-fill table, where the ROM has one; the Water toggle only then. */
static void load_water(dg_view *v) {
  z3_error err;
  z3_error_init(&err);
  if (z3_water_load(v->tab->doc->rom, v->water, &err) != Z3_OK) {
    memset(v->water, 0, sizeof *v->water);
    g_strlcpy(v->water->why_absent, err.message, sizeof v->water->why_absent); /* cut to fit */
  }
  gtk_widget_set_sensitive(v->water_check, v->water->present);
  if (!v->water->present) gtk_check_button_set_active(GTK_CHECK_BUTTON(v->water_check), FALSE);
}

/* Reads the rooms again from the document (after any edit, undo or redo). */
static void reload(dg_view *v) {
  z3_dungeon_free(v->model);
  v->model = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_dungeon_load(v->tab->doc->rom, &v->model, &err) != Z3_OK) v->tab->status(v->tab, err.message);
  load_water(v);
  if (!selected(v)) v->sel_list = -1;
  if (!door_selected(v)) v->sel_door = -1;
  redraw(v);
}

/* The room's sprites as squares on their 16x16 cells (the renderer draws tiles, not sprites):
 * red for a sprite, purple for an overlord, a white dot for one that drops a key. */
static void draw_sprites(const dg_view *v, cairo_t *cr) {
  const z3_room *r = &v->model->rooms[v->room_id];
  double z = v->zoom_factor;
  for (size_t i = 0; i < r->sprite_count; i++) {
    const z3_room_sprite *sp = &r->sprites[i];
    bool overlord = (sp->subtype & 7) == 7;
    cairo_set_source_rgb(cr, overlord ? 0.6 : 0.9, 0.1, overlord ? 0.8 : 0.1);
    cairo_rectangle(cr, (sp->x * 16 + 3) * z, (sp->y * 16 + 3) * z, 10 * z, 10 * z);
    cairo_fill(cr);
    if (!sp->key_drop) continue;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, (sp->x * 16 + 7) * z, (sp->y * 16 + 7) * z, 2 * z, 2 * z);
    cairo_fill(cr);
  }
}

static void draw(GtkDrawingArea *a, cairo_t *cr, int w, int h, gpointer data) {
  (void)a, (void)w, (void)h;
  dg_view *v = data;
  gui_paint_scaled(cr, v->picture, v->zoom_factor);
  if (v->model && shown(v->sprites)) draw_sprites(v, cr);
  if (v->model && shown(v->chests)) gui_dungeon_draw_chests(cr, &v->model->rooms[v->room_id], v->zoom_factor);
  if (v->model && shown(v->doors))
    gui_dungeon_draw_doors(cr, v->tab->doc->rom, &v->model->rooms[v->room_id], v->zoom_factor, v->sel_door);
  if (shown(v->water_check)) gui_water_draw(cr, v->water, v->room_id, v->zoom_factor);
  const z3_room_object *o = selected(v);
  if (!o) return;
  int bw = 2, bh = 2;
  z3_room_object_block(o->id, &bw, &bh);
  cairo_scale(cr, v->zoom_factor, v->zoom_factor);
  cairo_set_source_rgb(cr, 1, 1, 0);
  cairo_set_line_width(cr, 1);
  cairo_rectangle(cr, o->x * 8 + 0.5, o->y * 8 + 0.5, (bw > 1 ? bw : 2) * 8 - 1, (bh > 1 ? bh : 2) * 8 - 1);
  cairo_stroke(cr);
}

/* The object drawn last whose first block covers tile8 (tx, ty): lists in drawing order. */
static bool hit(const dg_view *v, int tx, int ty, int *list, int *index) {
  bool found = false;
  const z3_room *r = &v->model->rooms[v->room_id];
  static const int order[] = {1, 0, 2}; /* BG2 under BG1 */
  for (int k = 0; k < 3; k++) {
    int l = order[k];
    for (size_t i = 0; i < r->object_count[l]; i++) {
      const z3_room_object *o = &r->objects[l][i];
      int bw = 2, bh = 2;
      z3_room_object_block(o->id, &bw, &bh);
      if (bw < 2) bw = 2;
      if (bh < 2) bh = 2;
      if (tx >= o->x && tx < o->x + bw && ty >= o->y && ty < o->y + bh) *list = l, *index = (int)i, found = true;
    }
  }
  return found;
}

/* A door, when doors are shown, is picked before the objects under it: it sits on the wall. */
bool gui_dungeon_select_at(GtkWidget *editor, int tx, int ty) {
  dg_view *v = view_of(editor);
  v->sel_list = -1;
  v->sel_door = v->model && shown(v->doors) ? gui_door_at(v->tab->doc->rom, &v->model->rooms[v->room_id], tx, ty) : -1;
  bool found = v->sel_door >= 0 || (v->model && hit(v, tx, ty, &v->sel_list, &v->sel_index));
  show_selection(v);
  return found;
}

bool gui_dungeon_move_selected(GtkWidget *editor, int tx, int ty) {
  dg_view *v = view_of(editor);
  const z3_room_object *o = selected(v);
  if (!o || tx < 0 || ty < 0 || tx > 63 || ty > 63) return false;
  if (o->x == tx && o->y == ty) return true;
  char room[8], list[4], index[8], xs[4], ys[4];
  snprintf(room, sizeof room, "0x%03X", v->room_id);
  snprintf(list, sizeof list, "%d", v->sel_list);
  snprintf(index, sizeof index, "%d", v->sel_index);
  snprintf(xs, sizeof xs, "%d", tx);
  snprintf(ys, sizeof ys, "%d", ty);
  return gui_tab_run(v->tab, NULL, "dungeon", "move-object", "--room", room, "--layer", list, "--index", index, "--x", xs,
                     "--y", ys, NULL);
}

bool gui_dungeon_water_edit(GtkWidget *editor, int x0, int y0, int x1, int y1) {
  dg_view *v = view_of(editor);
  return gui_water_edit(v->tab, v->water, v->room_id, x0, y0, x1, y1);
}

bool gui_dungeon_water_paint(GtkWidget *editor, int x0, int y0, int x1, int y1, bool erase) {
  dg_view *v = view_of(editor);
  if (v->water->present) gtk_check_button_set_active(GTK_CHECK_BUTTON(v->water_check), TRUE); /* as a person would */
  return gui_water_apply(v->tab, v->water, v->room_id, x0, y0, x1, y1, erase);
}

int gui_dungeon_water_tiles(GtkWidget *editor) {
  dg_view *v = view_of(editor);
  if (!v->water->present) return -1;
  const z3_water_zone *z = z3_water_find(v->water, v->room_id);
  return z ? z->count : 0;
}

bool gui_dungeon_selected_door(GtkWidget *editor, int *index) {
  dg_view *v = view_of(editor);
  *index = v->sel_door;
  return door_selected(v);
}

bool gui_dungeon_select_door(GtkWidget *editor, int index) {
  dg_view *v = view_of(editor);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(v->doors), TRUE); /* a door is picked with the layer shown */
  v->sel_list = -1;
  v->sel_door = index;
  if (!door_selected(v)) v->sel_door = -1;
  show_selection(v);
  return v->sel_door >= 0;
}

bool gui_dungeon_move_door(GtkWidget *editor, int position) {
  dg_view *v = view_of(editor);
  if (!door_selected(v)) return false;
  if ((int)(v->model->rooms[v->room_id].doors[v->sel_door].b0 >> 4) == position) return true;
  char room[8], index[8], pos[8];
  snprintf(room, sizeof room, "0x%03X", v->room_id);
  snprintf(index, sizeof index, "%d", v->sel_door);
  snprintf(pos, sizeof pos, "%d", position);
  return gui_tab_run(v->tab, NULL, "dungeon", "move-door", "--room", room, "--index", index, "--position", pos, NULL);
}

/* `dungeon ACTION --room R --layer L [--index I] [NAME VALUE]...` on the shown room. */
static bool run_object(dg_view *v, const char *action, int layer, int index, const char *k1, int v1, const char *k2,
                       int v2, const char *k3, int v3) {
  char room[8], list[4], idx[8], a[8], b[8], c[8];
  snprintf(room, sizeof room, "0x%03X", v->room_id);
  snprintf(list, sizeof list, "%d", layer);
  snprintf(idx, sizeof idx, "%d", index);
  snprintf(a, sizeof a, "%d", v1), snprintf(b, sizeof b, "%d", v2), snprintf(c, sizeof c, "%d", v3);
  if (index < 0) /* add-object: no index */
    return gui_tab_run(v->tab, NULL, "dungeon", action, "--room", room, "--layer", list, k1, a, k2, b, k3, c, NULL);
  return gui_tab_run(v->tab, NULL, "dungeon", action, "--room", room, "--layer", list, "--index", idx, k1 ? k1 : NULL,
                     a, NULL);
}

bool gui_dungeon_resize_selected(GtkWidget *editor, int size) {
  dg_view *v = view_of(editor);
  const z3_room_object *o = selected(v);
  return o && run_object(v, "resize-object", v->sel_list, v->sel_index, "--size", size, NULL, 0, NULL, 0);
}

bool gui_dungeon_remove_selected(GtkWidget *editor) {
  dg_view *v = view_of(editor);
  if (!selected(v) || !run_object(v, "remove-object", v->sel_list, v->sel_index, NULL, 0, NULL, 0, NULL, 0)) return false;
  v->sel_list = -1;
  show_selection(v);
  return true;
}

bool gui_dungeon_add_object(GtkWidget *editor, int id, int tx, int ty) {
  dg_view *v = view_of(editor);
  int list = selected(v) ? v->sel_list : 0;
  if (!run_object(v, "add-object", list, -1, "--id", id, "--x", tx, "--y", ty)) return false;
  v->sel_list = list; /* the new object is the list's last */
  v->sel_index = (int)v->model->rooms[v->room_id].object_count[list] - 1;
  show_selection(v);
  return true;
}

static void resize_clicked(GtkButton *b, gpointer data) {
  (void)b;
  dg_view *v = data;
  if (!gui_dungeon_resize_selected(v->box, gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(v->size))))
    if (!selected(v)) v->tab->status(v->tab, "select an object first");
}

static void remove_clicked(GtkButton *b, gpointer data) {
  (void)b;
  dg_view *v = data;
  if (!selected(v)) v->tab->status(v->tab, "select an object first");
  else gui_dungeon_remove_selected(v->box);
}

static void add_clicked(GtkButton *b, gpointer data) {
  (void)b;
  dg_view *v = data;
  char *end = NULL;
  const char *text = gtk_editable_get_text(GTK_EDITABLE(v->new_id));
  long id = strtol(text, &end, 0);
  if (!end || *end || end == text || id < 0 || id > 0xFFF) v->tab->status(v->tab, "the object id is a number such as 0xF99");
  else gui_dungeon_add_object(v->box, (int)id, v->press_x, v->press_y);
}

static GtkWidget *button(const char *text, const char *name, const char *label, GCallback cb, dg_view *v) {
  GtkWidget *b = gtk_button_new_with_label(text);
  gui_name(b, name, label);
  g_signal_connect(b, "clicked", cb, v);
  return b;
}

/* Size, Remove, and Add with an id: what the drag gesture cannot say. */
static GtkWidget *object_bar(dg_view *v) {
  GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start(bar, 4);
  v->size = gtk_spin_button_new_with_range(0, 15, 1);
  gui_name(v->size, "dg-size", "Size of the selected object (subtype 1: 0-15)");
  v->new_id = gtk_entry_new();
  gtk_editable_set_text(GTK_EDITABLE(v->new_id), "0xF99");
  gtk_editable_set_width_chars(GTK_EDITABLE(v->new_id), 6);
  gui_name(v->new_id, "dg-object-id", "Id of the object Add puts where the room was last pressed");
  GtkWidget *items[] = {gtk_label_new("Size"), v->size,
                        button("Set size", "dg-resize", "Set the selected object's size", G_CALLBACK(resize_clicked), v),
                        button("Remove", "dg-remove", "Remove the selected object", G_CALLBACK(remove_clicked), v),
                        v->new_id, button("Add", "dg-add", "Add an object of that id where the room was last pressed",
                                          G_CALLBACK(add_clicked), v)};
  for (size_t i = 0; i < G_N_ELEMENTS(items); i++) gtk_box_append(GTK_BOX(bar), items[i]);
  return bar;
}

bool gui_dungeon_selected(GtkWidget *editor, int *list, int *index) {
  dg_view *v = view_of(editor);
  *list = v->sel_list, *index = v->sel_index;
  return selected(v) != NULL;
}

static void drag_begin(GtkGestureDrag *g, double x, double y, gpointer data) {
  (void)g;
  dg_view *v = data;
  v->drag_x = x, v->drag_y = y;
  v->press_x = (int)(x / v->zoom_factor) / 8, v->press_y = (int)(y / v->zoom_factor) / 8;
  if (shown(v->water_check)) return; /* the drag paints water: nothing is picked */
  gui_dungeon_select_at(v->box, (int)(x / v->zoom_factor) / 8, (int)(y / v->zoom_factor) / 8);
}

/* The object keeps its offset from the pointer: it moves by whole tiles of the drag. */
static void drag_end(GtkGestureDrag *g, double dx, double dy, gpointer data) {
  (void)g;
  dg_view *v = data;
  int mx = (int)((v->drag_x + dx) / v->zoom_factor) / 8 - (int)(v->drag_x / v->zoom_factor) / 8;
  int my = (int)((v->drag_y + dy) / v->zoom_factor) / 8 - (int)(v->drag_y / v->zoom_factor) / 8;
  if (shown(v->water_check)) {
    gui_dungeon_water_edit(v->box, v->press_x, v->press_y, v->press_x + mx, v->press_y + my);
    return;
  }
  if (door_selected(v)) {
    const z3_room *r = &v->model->rooms[v->room_id];
    gui_dungeon_move_door(v->box, gui_door_position_after(v->tab->doc->rom, r, (size_t)v->sel_door, mx, my));
    return;
  }
  const z3_room_object *o = selected(v);
  if (o) gui_dungeon_move_selected(v->box, o->x + mx, o->y + my);
}

void gui_dungeon_select_room(GtkWidget *editor, int room) {
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(view_of(editor)->room), room);
}

static void room_changed(GtkSpinButton *b, gpointer data) {
  dg_view *v = data;
  v->room_id = gtk_spin_button_get_value_as_int(b);
  v->sel_list = v->sel_door = -1;
  redraw(v);
}

static void option_changed(GtkWidget *w, gpointer data) {
  (void)w;
  dg_view *v = data;
  v->zoom_factor = (int)gtk_drop_down_get_selected(GTK_DROP_DOWN(v->zoom)) + 1;
  redraw(v);
}

/* Room ids read in hex, as every command prints them. */
static gboolean room_output(GtkSpinButton *b, gpointer data) {
  (void)data;
  char text[8];
  snprintf(text, sizeof text, "0x%03X", gtk_spin_button_get_value_as_int(b));
  /* GTK 4.8 drops text set on the spin button itself inside "output": set its entry's */
  gtk_editable_set_text(gtk_editable_get_delegate(GTK_EDITABLE(b)), text);
  return TRUE;
}

static int room_input(GtkSpinButton *b, double *value, gpointer data) {
  (void)data;
  char *end = NULL;
  long n = strtol(gtk_editable_get_text(GTK_EDITABLE(b)), &end, 0);
  if (!end || *end) return GTK_INPUT_ERROR;
  *value = (double)n;
  return TRUE;
}

static GtkWidget *check(const char *text, const char *name, const char *label) {
  GtkWidget *c = gtk_check_button_new_with_label(text);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(c), TRUE);
  gui_name(c, name, label);
  return c;
}

static GtkWidget *toolbar(dg_view *v) {
  GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top(bar, 4);
  gtk_widget_set_margin_start(bar, 4);
  v->room = gtk_spin_button_new_with_range(0, Z3_ROOM_COUNT - 1, 1);
  gtk_editable_set_width_chars(GTK_EDITABLE(v->room), 6);
  gui_name(v->room, "dg-room", "Room");
  g_signal_connect(v->room, "output", G_CALLBACK(room_output), v);
  g_signal_connect(v->room, "input", G_CALLBACK(room_input), v);
  v->bg1 = check("BG1", "dg-bg1", "Show BG1 (lists 0 and 2, doors)");
  v->bg2 = check("BG2", "dg-bg2", "Show BG2 (list 1)");
  v->sprites = check("Sprites", "dg-sprites", "Show the room's sprites as squares (red, overlords purple)");
  gtk_check_button_set_active(GTK_CHECK_BUTTON(v->sprites), FALSE);
  v->chests = check("Chests", "dg-chests", "Frame the room's chests (the panel names a selected chest's item)");
  gtk_check_button_set_active(GTK_CHECK_BUTTON(v->chests), FALSE);
  v->doors = check("Doors", "dg-doors", "Frame the room's doors; press one to select it, drag it along its wall");
  gtk_check_button_set_active(GTK_CHECK_BUTTON(v->doors), FALSE);
  v->water_check = check("Water", "dg-water",
                         "Show the room's water-fill zone; press or drag to paint tiles, starting on one erases");
  gtk_check_button_set_active(GTK_CHECK_BUTTON(v->water_check), FALSE);
  v->zoom = gtk_drop_down_new_from_strings((const char *const[]){"1x", "2x", "3x", "4x", NULL});
  gui_name(v->zoom, "dg-zoom", "Zoom");
  v->selection = gtk_label_new("");
  gui_name(v->selection, "dg-selection", "Selected object");
  GtkWidget *items[] = {v->room, v->bg1, v->bg2, v->sprites, v->chests, v->doors, v->water_check, v->zoom, v->selection};
  for (size_t i = 0; i < G_N_ELEMENTS(items); i++) gtk_box_append(GTK_BOX(bar), items[i]);
  return bar;
}

static void free_view(gpointer data) {
  dg_view *v = data;
  if (v->picture) cairo_surface_destroy(v->picture);
  z3_dungeon_free(v->model);
  g_free(v->water);
  g_free(v);
}

/* The first room with objects, so a new window shows something. */
static int first_room(const z3_dungeon *d) {
  for (int i = 0; d && i < Z3_ROOM_COUNT; i++)
    if (d->rooms[i].object_count[0] + d->rooms[i].object_count[1] + d->rooms[i].object_count[2]) return i;
  return 0;
}

static GtkWidget *create(gui_tab *tab) {
  dg_view *v = g_new0(dg_view, 1);
  v->tab = tab;
  v->zoom_factor = 1;
  v->sel_list = v->sel_door = -1;
  v->water = g_new0(z3_water_table, 1);
  v->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  gui_name(v->box, "dungeon", "Dungeon editor");
  g_object_set_data_full(G_OBJECT(v->box), "dg-view", v, free_view);
  return v->box;
}

/* The widgets and the first picture, made when the page is first shown (gui_editor.build). */
static void build(GtkWidget *editor, gui_tab *tab) {
  dg_view *v = view_of(editor);
  gtk_box_append(GTK_BOX(v->box), toolbar(v));
  gtk_box_append(GTK_BOX(v->box), object_bar(v));
  v->canvas = gui_canvas_new(draw, v, "dg-room-view", "Room: press an object to select it, drag to move it");
  gtk_widget_set_halign(v->canvas, GTK_ALIGN_START);
  gtk_widget_set_valign(v->canvas, GTK_ALIGN_START);
  GtkGesture *drag = gtk_gesture_drag_new();
  g_object_set_data(G_OBJECT(v->canvas), "drag", drag);
  g_signal_connect(drag, "drag-begin", G_CALLBACK(drag_begin), v);
  g_signal_connect(drag, "drag-end", G_CALLBACK(drag_end), v);
  gtk_widget_add_controller(v->canvas, GTK_EVENT_CONTROLLER(drag));
  GtkWidget *scroll = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroll), v->canvas);
  gui_name(scroll, "dg-room-scroll", "Room");
  gtk_widget_set_vexpand(scroll, TRUE);
  gtk_box_append(GTK_BOX(v->box), scroll);
  z3_error err;
  z3_error_init(&err);
  if (z3_dungeon_load(tab->doc->rom, &v->model, &err) != Z3_OK) tab->status(tab, err.message);
  load_water(v);
  v->room_id = first_room(v->model);
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(v->room), v->room_id);
  g_signal_connect(v->room, "value-changed", G_CALLBACK(room_changed), v);
  g_signal_connect(v->bg1, "toggled", G_CALLBACK(option_changed), v);
  g_signal_connect(v->bg2, "toggled", G_CALLBACK(option_changed), v);
  g_signal_connect(v->sprites, "toggled", G_CALLBACK(option_changed), v);
  g_signal_connect(v->chests, "toggled", G_CALLBACK(option_changed), v);
  g_signal_connect(v->doors, "toggled", G_CALLBACK(option_changed), v);
  g_signal_connect(v->water_check, "toggled", G_CALLBACK(option_changed), v);
  g_signal_connect(v->zoom, "notify::selected", G_CALLBACK(option_changed), v);
  redraw(v);
}

static void refresh(GtkWidget *editor, gui_tab *tab) {
  (void)tab;
  reload(view_of(editor));
}

const gui_editor gui_dungeon_editor = {.name = "dungeon", .title = "Dungeon", .create = create, .build = build, .refresh = refresh};
