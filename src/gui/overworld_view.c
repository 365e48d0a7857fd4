/*
 * gui/overworld_view: the overworld editor. The chosen area drawn at 1x-4x
 * (z3_ow_render, what `overworld render` draws), a world switch and an area
 * chooser, and a tile16 picker drawn with the area's blocksets. A left click
 * on the map paints the picked tile16 with `overworld set-tile`; a right
 * click picks the tile16 under the pointer.
 *
 * Areas are drawn at their real size: 512x512 small, 1024x1024 large, and
 * ZSCustomOverworld v3's wide (1024x512) and tall (512x1024) groups; the
 * chooser names each group's size, and the special world lists the tail maps
 * 0xA0-0xBF when the ROM has them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui/canvas.h"
#include "gui/gui.h"
#include "gui/overworld_markers.h"
#include "gui/overworld_view.h"
#include "zelda3/overworld.h"

enum { PICKER_COLUMNS = 8, PICKER_ZOOM = 2, AREAS_PER_WORLD = 64 };

static const int world_first[] = {0x00, 0x40, 0x80};
static const int world_count[] = {64, 64, 32};
enum { SPECIAL_WORLD = 2 };

typedef struct ow_view {
  gui_tab *tab;
  GtkWidget *box, *world, *area, *zoom, *tool, *state, *canvas, *picker, *picked_label, *marker_info;
  z3_overworld *ow;
  cairo_surface_t *map, *tiles;
  int area_id;                  /* the area drawn: a large area's parent */
  int zoom_factor;
  int tile16;                   /* the picked tile16 */
  bool filling;                 /* the area list is being rebuilt: ignore its signals */
  int sel_x, sel_y, sel_w, sel_h; /* the Select tool's rectangle in tile16 cells; sel_w 0 = none */
  double drag_x, drag_y;        /* where the drag began, in canvas pixels */
  gui_marker markers[GUI_MARKERS_MAX], marker; /* the area's, and the selected one */
  size_t marker_count;
  bool has_marker;
  z3_ow_image cache[Z3_OW_AREA_MAX]; /* areas rendered in the background (gui_overworld_adopt) */
  unsigned cache_generation;         /* the document generation they were drawn from */
} ow_view;

static ow_view *view_of(GtkWidget *editor) { return g_object_get_data(G_OBJECT(editor), "ow-view"); }
static void collect_markers(ow_view *v); /* reload() refreshes them with the model */

static cairo_surface_t *surface_from(const z3_ow_image *img) {
  return gui_surface_indexed(img->pixels, img->width, img->height, (const uint8_t(*)[4])img->palette, 128);
}

static void drop_surfaces(ow_view *v) {
  if (v->map) cairo_surface_destroy(v->map);
  if (v->tiles) cairo_surface_destroy(v->tiles);
  v->map = v->tiles = NULL;
}

static void drop_cache(ow_view *v) {
  for (int i = 0; i < Z3_OW_AREA_MAX; i++) z3_ow_image_release(&v->cache[i]);
}

/* Reloads the model from the ROM and redraws the area and the picker; an area rendered in the
 * background from these very bytes is taken from the cache instead of drawn again. */
static void reload(ow_view *v) {
  drop_surfaces(v);
  z3_ow_free(v->ow);
  v->ow = NULL;
  z3_error err;
  z3_error_init(&err);
  z3_ow_image img = {0}, sheet = {0};
  if (v->cache_generation != v->tab->doc->generation) drop_cache(v); /* drawn from other bytes */
  z3_status st = z3_ow_load(&v->ow, v->tab->doc->rom, &err);
  if (st == Z3_OK) v->area_id = v->ow->areas[v->area_id].parent;
  const z3_ow_image *cached = st == Z3_OK && v->cache[v->area_id].pixels ? &v->cache[v->area_id] : NULL;
  if (st == Z3_OK && !cached) st = z3_ow_render(v->ow, v->tab->doc->rom, v->area_id, &img, &err);
  if (cached) img = *cached; /* borrowed: not released below */
  if (st == Z3_OK) st = z3_ow_render_tile16s(v->ow, v->tab->doc->rom, v->area_id, PICKER_COLUMNS, &sheet, &err);
  if (st == Z3_OK) collect_markers(v);
  if (st == Z3_OK) {
    v->map = surface_from(&img);
    v->tiles = surface_from(&sheet);
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(v->canvas), (int)img.width * v->zoom_factor);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(v->canvas), (int)img.height * v->zoom_factor);
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(v->picker), (int)sheet.width * PICKER_ZOOM);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(v->picker), (int)sheet.height * PICKER_ZOOM);
  } else {
    v->tab->status(v->tab, err.message);
  }
  if (!cached) z3_ow_image_release(&img);
  z3_ow_image_release(&sheet);
  gtk_widget_queue_draw(v->canvas);
  gtk_widget_queue_draw(v->picker);
}

void gui_overworld_adopt(GtkWidget *editor, int area, z3_ow_image *img) {
  ow_view *v = view_of(editor);
  if (v->cache_generation != v->tab->doc->generation) drop_cache(v);
  v->cache_generation = v->tab->doc->generation;
  if (area < 0 || area >= Z3_OW_AREA_MAX) return z3_ow_image_release(img);
  z3_ow_image_release(&v->cache[area]);
  v->cache[area] = *img;
  *img = (z3_ow_image){0};
}

gui_tab *gui_overworld_tab(GtkWidget *editor) { return view_of(editor)->tab; }

int gui_overworld_cached(GtkWidget *editor) {
  ow_view *v = view_of(editor);
  int n = 0;
  for (int i = 0; v->cache_generation == v->tab->doc->generation && i < Z3_OW_AREA_MAX; i++) n += v->cache[i].pixels != NULL;
  return n;
}

static void draw_map(GtkDrawingArea *a, cairo_t *cr, int w, int h, gpointer data) {
  (void)a, (void)w, (void)h;
  ow_view *v = data;
  gui_paint_scaled(cr, v->map, v->zoom_factor);
  if (gui_overworld_tool(v->box) == GUI_OW_MARKERS)
    gui_markers_draw(cr, v->markers, v->marker_count, v->zoom_factor, v->has_marker ? &v->marker : NULL);
  if (!v->sel_w) return;
  double z = 16.0 * v->zoom_factor;
  cairo_set_source_rgb(cr, 1, 1, 0);
  cairo_set_line_width(cr, 1);
  cairo_rectangle(cr, v->sel_x * z + 0.5, v->sel_y * z + 0.5, v->sel_w * z - 1, v->sel_h * z - 1);
  cairo_stroke(cr);
}

static void draw_picker(GtkDrawingArea *a, cairo_t *cr, int w, int h, gpointer data) {
  (void)a, (void)w, (void)h;
  ow_view *v = data;
  gui_paint_scaled(cr, v->tiles, PICKER_ZOOM);
  cairo_scale(cr, PICKER_ZOOM, PICKER_ZOOM);
  cairo_set_source_rgb(cr, 1, 1, 0);
  cairo_set_line_width(cr, 1.0 / PICKER_ZOOM);
  cairo_rectangle(cr, (v->tile16 % PICKER_COLUMNS) * 16 + 0.25, (v->tile16 / PICKER_COLUMNS) * 16 + 0.25, 15.5, 15.5);
  cairo_stroke(cr);
}

static void show_picked(ow_view *v) {
  char text[64];
  snprintf(text, sizeof text, "tile16 0x%03X", v->tile16);
  gtk_label_set_text(GTK_LABEL(v->picked_label), text);
  gtk_widget_queue_draw(v->picker);
}

void gui_overworld_pick(GtkWidget *editor, int tile16) {
  ow_view *v = view_of(editor);
  if (!v->ow || tile16 < 0 || tile16 >= v->ow->tile16_count) return;
  v->tile16 = tile16;
  show_picked(v);
}

int gui_overworld_picked(GtkWidget *editor) { return view_of(editor)->tile16; }
int gui_overworld_area(GtkWidget *editor) { return view_of(editor)->area_id; }

static int state_of(ow_view *v) { return v->state ? (int)gtk_drop_down_get_selected(GTK_DROP_DOWN(v->state)) : 0; }

/* The markers again from the model (after a load, a state change or a move); the selection
 * follows its marker by kind and index. */
static void collect_markers(ow_view *v) {
  v->marker_count = gui_markers_of(v->ow, v->area_id, state_of(v), v->markers, GUI_MARKERS_MAX);
  bool kept = false;
  for (size_t i = 0; v->has_marker && i < v->marker_count; i++)
    if (v->markers[i].kind == v->marker.kind && v->markers[i].index == v->marker.index) v->marker = v->markers[i], kept = true;
  v->has_marker = kept;
  char text[160] = "no marker selected";
  if (kept) gui_marker_describe(&v->marker, state_of(v), text, sizeof text);
  if (v->marker_info) gtk_label_set_text(GTK_LABEL(v->marker_info), text);
}

bool gui_overworld_select_marker(GtkWidget *editor, int x, int y) {
  ow_view *v = view_of(editor);
  v->has_marker = gui_marker_at(v->markers, v->marker_count, x, y, &v->marker);
  collect_markers(v);
  gtk_widget_queue_draw(v->canvas);
  return v->has_marker;
}

bool gui_overworld_select_marker_of(GtkWidget *editor, int kind, int index) {
  ow_view *v = view_of(editor);
  v->has_marker = false;
  for (size_t i = 0; i < v->marker_count && !v->has_marker; i++)
    if ((int)v->markers[i].kind == kind && v->markers[i].index == index) v->marker = v->markers[i], v->has_marker = true;
  collect_markers(v);
  gtk_widget_queue_draw(v->canvas);
  return v->has_marker;
}

bool gui_overworld_marker(GtkWidget *editor, int *kind, int *index, int *x, int *y) {
  ow_view *v = view_of(editor);
  *kind = (int)v->marker.kind, *index = v->marker.index, *x = v->marker.x, *y = v->marker.y;
  return v->has_marker;
}

bool gui_overworld_move_marker(GtkWidget *editor, int x, int y) {
  ow_view *v = view_of(editor);
  if (!v->has_marker) return false;
  if (v->marker.x == x && v->marker.y == y) return true;
  return gui_marker_move(v->tab, v->area_id, state_of(v), &v->marker, x, y);
}

/* set-tile or fill-tiles of the picked tile16 at (x, y). */
static bool run_at(ow_view *v, const char *action, int x, int y) {
  char map[8], xs[8], ys[8], value[8];
  snprintf(map, sizeof map, "0x%02X", v->area_id);
  snprintf(xs, sizeof xs, "%d", x);
  snprintf(ys, sizeof ys, "%d", y);
  snprintf(value, sizeof value, "0x%03X", v->tile16);
  return gui_tab_run(v->tab, NULL, "overworld", action, "--map", map, "--x", xs, "--y", ys, "--value", value, NULL);
}

bool gui_overworld_paint(GtkWidget *editor, int x, int y) { return run_at(view_of(editor), "set-tile", x, y); }
bool gui_overworld_fill(GtkWidget *editor, int x, int y) { return run_at(view_of(editor), "fill-tiles", x, y); }

void gui_overworld_set_tool(GtkWidget *editor, gui_ow_tool tool) {
  gtk_drop_down_set_selected(GTK_DROP_DOWN(view_of(editor)->tool), (guint)tool);
}

gui_ow_tool gui_overworld_tool(GtkWidget *editor) {
  return (gui_ow_tool)gtk_drop_down_get_selected(GTK_DROP_DOWN(view_of(editor)->tool));
}

void gui_overworld_select_tiles(GtkWidget *editor, int x, int y, int w, int h) {
  ow_view *v = view_of(editor);
  v->sel_x = x, v->sel_y = y, v->sel_w = w > 0 && h > 0 ? w : 0, v->sel_h = h;
  gtk_widget_queue_draw(v->canvas);
}

bool gui_overworld_selection(GtkWidget *editor, int *x, int *y, int *w, int *h) {
  ow_view *v = view_of(editor);
  *x = v->sel_x, *y = v->sel_y, *w = v->sel_w, *h = v->sel_h;
  return v->sel_w > 0;
}

/* The selection's cells moved so its first is (x, y); the selection follows them. */
bool gui_overworld_move_selection(GtkWidget *editor, int x, int y) {
  ow_view *v = view_of(editor);
  if (!v->sel_w) return false;
  char map[8], n[6][8], fill[8];
  int values[6] = {v->sel_x, v->sel_y, v->sel_w, v->sel_h, x, y};
  snprintf(map, sizeof map, "0x%02X", v->area_id);
  for (int i = 0; i < 6; i++) snprintf(n[i], sizeof n[i], "%d", values[i]);
  snprintf(fill, sizeof fill, "0x%03X", v->tile16);
  bool ok = gui_tab_run(v->tab, NULL, "overworld", "move-tiles", "--map", map, "--x", n[0], "--y", n[1], "--width", n[2],
                        "--height", n[3], "--to-x", n[4], "--to-y", n[5], "--fill", fill, NULL);
  if (ok) gui_overworld_select_tiles(editor, x, y, v->sel_w, v->sel_h);
  return ok;
}

static bool map_cell(ow_view *v, double px, double py, int *x, int *y) {
  if (!v->ow) return false;
  int width, height; /* a wide or tall group is 64 tile16 on one axis only */
  z3_ow_area_grid(v->ow, v->area_id, &width, &height);
  *x = (int)(px / v->zoom_factor) / 16, *y = (int)(py / v->zoom_factor) / 16;
  return px >= 0 && py >= 0 && *x < width && *y < height;
}

static void map_pressed(GtkGestureClick *g, int n, double px, double py, gpointer data) {
  (void)g, (void)n;
  ow_view *v = data;
  int x, y;
  gui_ow_tool tool = gui_overworld_tool(v->box);
  if (tool >= GUI_OW_SELECT || !map_cell(v, px, py, &x, &y)) return; /* Select and Markers work by dragging */
  if (tool == GUI_OW_FILL) gui_overworld_fill(v->box, x, y);
  else gui_overworld_paint(v->box, x, y);
}

static void drag_begin(GtkGestureDrag *g, double x, double y, gpointer data) {
  (void)g;
  ow_view *v = data;
  v->drag_x = x, v->drag_y = y;
  int cx, cy;
  if (gui_overworld_tool(v->box) == GUI_OW_MARKERS && map_cell(v, x, y, &cx, &cy)) gui_overworld_select_marker(v->box, cx, cy);
}

/* Select tool: a drag from inside the selection moves its cells by whole cells of the
 * drag; any other drag selects the cells between its two ends. */
static void drag_end(GtkGestureDrag *g, double dx, double dy, gpointer data) {
  (void)g;
  ow_view *v = data;
  int x0, y0, x1, y1;
  if (gui_overworld_tool(v->box) == GUI_OW_MARKERS && v->has_marker && map_cell(v, v->drag_x, v->drag_y, &x0, &y0) &&
      map_cell(v, v->drag_x + dx, v->drag_y + dy, &x1, &y1)) {
    gui_overworld_move_marker(v->box, v->marker.x + x1 - x0, v->marker.y + y1 - y0);
    return;
  }
  if (gui_overworld_tool(v->box) != GUI_OW_SELECT || !map_cell(v, v->drag_x, v->drag_y, &x0, &y0) ||
      !map_cell(v, v->drag_x + dx, v->drag_y + dy, &x1, &y1))
    return;
  bool inside = v->sel_w && x0 >= v->sel_x && x0 < v->sel_x + v->sel_w && y0 >= v->sel_y && y0 < v->sel_y + v->sel_h;
  if (inside && (x1 != x0 || y1 != y0)) gui_overworld_move_selection(v->box, v->sel_x + x1 - x0, v->sel_y + y1 - y0);
  else if (!inside)
    gui_overworld_select_tiles(v->box, x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, abs(x1 - x0) + 1, abs(y1 - y0) + 1);
}

/* Secondary button: the tile16 under the pointer becomes the picked one. */
static void map_pick_pressed(GtkGestureClick *g, int n, double px, double py, gpointer data) {
  (void)g, (void)n;
  ow_view *v = data;
  int x, y;
  uint16_t t = 0;
  z3_error err;
  z3_error_init(&err);
  if (map_cell(v, px, py, &x, &y) && z3_ow_get_tile16(v->ow, v->area_id, x, y, &t, &err) == Z3_OK)
    gui_overworld_pick(v->box, t);
}

static void picker_pressed(GtkGestureClick *g, int n, double px, double py, gpointer data) {
  (void)g, (void)n;
  ow_view *v = data;
  int col = (int)(px / PICKER_ZOOM) / 16, row = (int)(py / PICKER_ZOOM) / 16;
  if (col < PICKER_COLUMNS) gui_overworld_pick(v->box, row * PICKER_COLUMNS + col);
}

/* Areas of world w: the special world has 64 with the tail-map patch. */
static int areas_in(const z3_overworld *ow, int w) {
  return w == SPECIAL_WORLD && ow ? ow->area_count - world_first[w] : world_count[w];
}

/* "0x00 Lost Woods (large)"; a group's other screens say whose part they are. */
static void area_text(const z3_overworld *ow, int id, char *out, size_t cap) {
  int n = snprintf(out, cap, "0x%02X %s", id, z3_ow_area_name(id));
  if (!ow || n < 0 || (size_t)n >= cap) return;
  const z3_ow_area *a = &ow->areas[id];
  if (a->parent != id) snprintf(out + n, cap - (size_t)n, " (part of 0x%02X)", a->parent);
  else if (a->size != Z3_OW_SMALL) snprintf(out + n, cap - (size_t)n, " (%s)", z3_ow_size_name(a->size));
}

/* The area list of the chosen world: "0x00 Lost Woods (large)" ... */
static void fill_areas(ow_view *v) {
  int w = (int)gtk_drop_down_get_selected(GTK_DROP_DOWN(v->world)), count = areas_in(v->ow, w);
  GtkStringList *list = gtk_string_list_new(NULL);
  for (int i = 0; i < count; i++) {
    char text[128];
    area_text(v->ow, world_first[w] + i, text, sizeof text);
    gtk_string_list_append(list, text);
  }
  v->filling = true;
  gtk_drop_down_set_model(GTK_DROP_DOWN(v->area), G_LIST_MODEL(list));
  g_object_unref(list);
  int sel = v->area_id - world_first[w];
  gtk_drop_down_set_selected(GTK_DROP_DOWN(v->area), sel >= 0 && sel < count ? (guint)sel : 0);
  v->filling = false;
}

static void world_changed(GObject *o, GParamSpec *p, gpointer data) {
  (void)o, (void)p;
  ow_view *v = data;
  int w = (int)gtk_drop_down_get_selected(GTK_DROP_DOWN(v->world));
  v->area_id = world_first[w] + (v->area_id & 0x3F) % areas_in(v->ow, w);
  v->sel_w = 0, v->has_marker = false;
  fill_areas(v);
  reload(v);
}

static void area_changed(GObject *o, GParamSpec *p, gpointer data) {
  (void)o, (void)p;
  ow_view *v = data;
  if (v->filling) return;
  int w = (int)gtk_drop_down_get_selected(GTK_DROP_DOWN(v->world));
  v->area_id = world_first[w] + (int)gtk_drop_down_get_selected(GTK_DROP_DOWN(v->area));
  v->sel_w = 0, v->has_marker = false; /* cells and markers of another area */
  reload(v);
}

static void zoom_changed(GObject *o, GParamSpec *p, gpointer data) {
  (void)o, (void)p;
  ow_view *v = data;
  v->zoom_factor = (int)gtk_drop_down_get_selected(GTK_DROP_DOWN(v->zoom)) + 1;
  reload(v);
}

/* The tool or the game state changed: the markers shown (and whose sprites) change. */
static void markers_changed(GObject *o, GParamSpec *p, gpointer data) {
  (void)o, (void)p;
  ow_view *v = data;
  collect_markers(v);
  gtk_widget_queue_draw(v->canvas);
}

void gui_overworld_select(GtkWidget *editor, int area, int zoom) {
  ow_view *v = view_of(editor);
  int w = area >= 0x80 ? 2 : area >= 0x40 ? 1 : 0;
  v->area_id = area;
  v->zoom_factor = zoom;
  gtk_drop_down_set_selected(GTK_DROP_DOWN(v->zoom), (guint)(zoom - 1)); /* each reloads once */
  gtk_drop_down_set_selected(GTK_DROP_DOWN(v->world), (guint)w);
  gtk_drop_down_set_selected(GTK_DROP_DOWN(v->area), (guint)(area - world_first[w]));
}

/* The chooser shows the loaded model's areas: rebuilt after the first load. */
static void load_and_list(ow_view *v) {
  reload(v);
  fill_areas(v);
}

static void free_view(gpointer data) {
  ow_view *v = data;
  drop_surfaces(v);
  drop_cache(v);
  z3_ow_free(v->ow);
  g_free(v);
}

static GtkWidget *drop_down(const char *const *items, const char *name, const char *label) {
  GtkWidget *d = gtk_drop_down_new_from_strings(items);
  gui_name(d, name, label);
  return d;
}

static GtkWidget *scrolled(GtkWidget *child, const char *name, const char *label) {
  GtkWidget *s = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(s), child);
  gui_name(s, name, label);
  return s;
}

static GtkWidget *canvas(ow_view *v, GtkDrawingAreaDrawFunc draw, GCallback pressed, const char *name,
                         const char *label) {
  GtkWidget *a = gui_canvas_new(draw, v, name, label);
  gtk_widget_set_halign(a, GTK_ALIGN_START);
  gtk_widget_set_valign(a, GTK_ALIGN_START);
  gui_add_click(a, GDK_BUTTON_PRIMARY, "click", pressed, v);
  return a;
}

static GtkWidget *toolbar(ow_view *v) {
  GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top(bar, 4);
  gtk_widget_set_margin_start(bar, 4);
  v->world = drop_down((const char *const[]){"Light World", "Dark World", "Special", NULL}, "ow-world", "World");
  v->area = drop_down((const char *const[]){"", NULL}, "ow-area", "Area");
  v->zoom = drop_down((const char *const[]){"1x", "2x", "3x", "4x", NULL}, "ow-zoom", "Zoom");
  v->tool = drop_down((const char *const[]){"Paint", "Fill", "Select", "Markers", NULL}, "ow-tool",
                      "Left-click tool: paint a cell, fill a region, select and drag cells, or pick and drag markers");
  v->state = drop_down((const char *const[]){"Beginning", "Zelda", "Agahnim", NULL}, "ow-state",
                       "Game state whose sprites the markers show");
  v->picked_label = gtk_label_new("");
  gui_name(v->picked_label, "ow-picked", "Picked tile16");
  gtk_box_append(GTK_BOX(bar), v->world);
  gtk_box_append(GTK_BOX(bar), v->area);
  gtk_box_append(GTK_BOX(bar), v->zoom);
  gtk_box_append(GTK_BOX(bar), v->tool);
  gtk_box_append(GTK_BOX(bar), v->state);
  gtk_box_append(GTK_BOX(bar), v->picked_label);
  return bar;
}

static GtkWidget *create(gui_tab *tab) {
  ow_view *v = g_new0(ow_view, 1);
  v->tab = tab;
  v->zoom_factor = 1;
  v->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  gui_name(v->box, "overworld", "Overworld editor");
  g_object_set_data_full(G_OBJECT(v->box), "ow-view", v, free_view);
  return v->box;
}

/* The widgets and the first picture, made when the page is first shown (gui_editor.build). */
static void build(GtkWidget *editor, gui_tab *tab) {
  ow_view *v = view_of(editor);
  (void)tab;
  gtk_box_append(GTK_BOX(v->box), toolbar(v));
  v->canvas = canvas(v, draw_map, G_CALLBACK(map_pressed), "ow-map", "Area map: click paints, right click picks");
  gui_add_click(v->canvas, GDK_BUTTON_SECONDARY, "pick", G_CALLBACK(map_pick_pressed), v);
  GtkGesture *drag = gtk_gesture_drag_new(); /* the Select tool's; kept as data "drag" for tests */
  g_object_set_data(G_OBJECT(v->canvas), "drag", drag);
  g_signal_connect(drag, "drag-begin", G_CALLBACK(drag_begin), v);
  g_signal_connect(drag, "drag-end", G_CALLBACK(drag_end), v);
  gtk_widget_add_controller(v->canvas, GTK_EVENT_CONTROLLER(drag));
  v->picker = canvas(v, draw_picker, G_CALLBACK(picker_pressed), "ow-tile16", "Tile16 picker");
  GtkWidget *map = scrolled(v->canvas, "ow-map-scroll", "Area map");
  gtk_widget_set_hexpand(map, TRUE);
  gtk_widget_set_vexpand(map, TRUE);
  GtkWidget *pick = scrolled(v->picker, "ow-tile16-scroll", "Tile16 picker");
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(pick), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request(pick, PICKER_COLUMNS * 16 * PICKER_ZOOM + 16, -1);
  GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4), *side = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  v->marker_info = gtk_label_new("no marker selected");
  gtk_label_set_wrap(GTK_LABEL(v->marker_info), TRUE);
  gtk_label_set_max_width_chars(GTK_LABEL(v->marker_info), 24);
  gui_name(v->marker_info, "ow-marker-info", "The selected marker's fields");
  gtk_widget_set_vexpand(pick, TRUE);
  gtk_box_append(GTK_BOX(side), pick);
  gtk_box_append(GTK_BOX(side), v->marker_info);
  gtk_box_append(GTK_BOX(row), map);
  gtk_box_append(GTK_BOX(row), side);
  gtk_box_append(GTK_BOX(v->box), row);
  g_signal_connect(v->world, "notify::selected", G_CALLBACK(world_changed), v);
  g_signal_connect(v->area, "notify::selected", G_CALLBACK(area_changed), v);
  g_signal_connect(v->zoom, "notify::selected", G_CALLBACK(zoom_changed), v);
  g_signal_connect(v->tool, "notify::selected", G_CALLBACK(markers_changed), v);
  g_signal_connect(v->state, "notify::selected", G_CALLBACK(markers_changed), v);
  load_and_list(v);
  show_picked(v);
}

static void refresh(GtkWidget *editor, gui_tab *tab) {
  (void)tab;
  load_and_list(view_of(editor)); /* a size edit renames the chooser's entries */
}

const gui_editor gui_overworld_editor = {
    .name = "overworld", .title = "Overworld", .create = create, .build = build, .refresh = refresh};
