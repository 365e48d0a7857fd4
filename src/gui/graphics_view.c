/*
 * gui/graphics_view: the graphics editor. One of the 223 sheets at 4x with
 * the pixel values shown in a grey ramp or a palette's colours (as `gfx
 * export --palette` shows them); a click sets the pen's value with `gfx
 * set-pixel`; Export and Import run `gfx export` and `gfx import` (PNG).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui/canvas.h"
#include "gui/graphics_view.h"
#include "gui/gui.h"
#include "snes/color.h"
#include "zelda3/gfx.h"
#include "zelda3/palettes.h"

enum { SHEETS = 223, ZOOM = 4, MAX_LEVELS = 8 };

typedef struct gfx_view {
  gui_tab *tab;
  GtkWidget *box, *sheet, *group, *index, *pen, *canvas;
  cairo_surface_t *picture;
  int sheet_id, height;
  char palette[64];             /* "" = grey, else GROUP:INDEX */
} gfx_view;

static gfx_view *view_of(GtkWidget *editor) { return g_object_get_data(G_OBJECT(editor), "gfx-view"); }

/* Pixel value -> colour the way `gfx export` maps them: 0 transparent (drawn as the backdrop). */
static bool value_colors(gfx_view *v, int levels, uint8_t rgba[MAX_LEVELS][4], z3_error *err) {
  uint16_t snes[MAX_LEVELS] = {0};
  for (int i = 0; i < levels; i++) {
    unsigned g = (unsigned)(i * 31 / (levels - 1));
    snes[i] = (uint16_t)(g | g << 5 | g << 10);
  }
  if (v->palette[0]) {
    char name[64];
    snprintf(name, sizeof name, "%s", v->palette);
    char *colon = strchr(name, ':');
    if (colon) *colon = '\0';
    const z3_palette_group *g = z3_palette_group_find(name);
    uint16_t colors[Z3_PALETTE_MAX_COLORS];
    int first = g && g->includes_transparent ? 0 : 1;
    if (!g || !colon || z3_palette_read(v->tab->doc->rom, g, atoi(colon + 1), colors, err) != Z3_OK) return false;
    if (g->colors + first < levels) {
      z3_error_set(err, Z3_E_INVALID, "palette %s has too few colours for this sheet", v->palette);
      return false;
    }
    for (int i = 1; i < levels; i++) snes[i] = colors[i - first];
  }
  for (int i = 0; i < levels; i++) {
    z3_rgb c = z3_color_to_rgb(snes[i]);
    rgba[i][0] = c.r, rgba[i][1] = c.g, rgba[i][2] = c.b, rgba[i][3] = 255;
  }
  rgba[0][0] = rgba[0][1] = rgba[0][2] = 0x30; /* transparent */
  return true;
}

static void redraw(gfx_view *v) {
  if (v->picture) cairo_surface_destroy(v->picture);
  v->picture = NULL;
  z3_buf pixels;
  z3_buf_init(&pixels);
  z3_sheet_info info;
  z3_error err;
  z3_error_init(&err);
  uint8_t rgba[MAX_LEVELS][4];
  if (z3_gfx_sheet_pixels(v->tab->doc->rom, v->sheet_id, &pixels, &info, &err) == Z3_OK &&
      value_colors(v, info.format == Z3_TILE_2BPP ? 4 : 8, rgba, &err)) {
    v->height = (int)(pixels.len / 128);
    v->picture = gui_surface_indexed(pixels.data, 128, (uint32_t)v->height, (const uint8_t(*)[4])rgba, MAX_LEVELS);
  } else {
    v->height = 0;
    v->tab->status(v->tab, err.message);
  }
  z3_buf_release(&pixels);
  gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(v->canvas), 128 * ZOOM);
  gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(v->canvas), (v->height ? v->height : 32) * ZOOM);
  gtk_widget_queue_draw(v->canvas);
}

static void draw(GtkDrawingArea *a, cairo_t *cr, int w, int h, gpointer data) {
  (void)a, (void)w, (void)h;
  gui_paint_scaled(cr, ((gfx_view *)data)->picture, ZOOM);
}

bool gui_graphics_set_pixel(GtkWidget *editor, int x, int y) {
  gfx_view *v = view_of(editor);
  char sheet[8], xs[8], ys[8], value[8];
  snprintf(sheet, sizeof sheet, "%d", v->sheet_id);
  snprintf(xs, sizeof xs, "%d", x);
  snprintf(ys, sizeof ys, "%d", y);
  snprintf(value, sizeof value, "%d", gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(v->pen)));
  return gui_tab_run(v->tab, NULL, "gfx", "set-pixel", "--sheet", sheet, "--x", xs, "--y", ys, "--value", value, NULL);
}

static void pressed(GtkGestureClick *g, int n, double px, double py, gpointer data) {
  (void)g, (void)n;
  gfx_view *v = data;
  int x = (int)px / ZOOM, y = (int)py / ZOOM;
  if (x < 128 && y < v->height) gui_graphics_set_pixel(v->box, x, y);
}

bool gui_graphics_export(GtkWidget *editor, const char *dir) {
  gfx_view *v = view_of(editor);
  char sheet[8];
  snprintf(sheet, sizeof sheet, "%d", v->sheet_id);
  if (v->palette[0])
    return gui_tab_run(v->tab, NULL, "gfx", "export", "--sheet", sheet, "--out", dir, "--palette", v->palette, NULL);
  return gui_tab_run(v->tab, NULL, "gfx", "export", "--sheet", sheet, "--out", dir, NULL);
}

bool gui_graphics_import(GtkWidget *editor, const char *png) {
  gfx_view *v = view_of(editor);
  char sheet[8];
  snprintf(sheet, sizeof sheet, "%d", v->sheet_id);
  if (v->palette[0])
    return gui_tab_run(v->tab, NULL, "gfx", "import", "--sheet", sheet, "--in", png, "--palette", v->palette, NULL);
  return gui_tab_run(v->tab, NULL, "gfx", "import", "--sheet", sheet, "--in", png, NULL);
}

void gui_graphics_select(GtkWidget *editor, int sheet, const char *palette) {
  gfx_view *v = view_of(editor);
  guint group = 0;
  int index = 0;
  if (palette) {
    char name[64];
    snprintf(name, sizeof name, "%s", palette);
    char *colon = strchr(name, ':');
    if (colon) *colon = '\0', index = atoi(colon + 1);
    for (size_t i = 0; i < z3_palette_group_count; i++)
      if (strcmp(z3_palette_groups[i].name, name) == 0) group = (guint)i + 1;
  }
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(v->index), index);
  gtk_drop_down_set_selected(GTK_DROP_DOWN(v->group), group);
  gtk_drop_down_set_selected(GTK_DROP_DOWN(v->sheet), (guint)sheet);
}

static void options_changed(GtkWidget *w, GParamSpec *p, gpointer data) {
  (void)w, (void)p;
  gfx_view *v = data;
  v->sheet_id = (int)gtk_drop_down_get_selected(GTK_DROP_DOWN(v->sheet));
  guint g = gtk_drop_down_get_selected(GTK_DROP_DOWN(v->group));
  const z3_palette_group *group = g ? &z3_palette_groups[g - 1] : NULL;
  if (group) gtk_spin_button_set_range(GTK_SPIN_BUTTON(v->index), 0, group->count - 1);
  int index = gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(v->index));
  if (group) snprintf(v->palette, sizeof v->palette, "%s:%d", group->name, index);
  else v->palette[0] = '\0';
  gtk_widget_set_sensitive(v->index, group != NULL);
  redraw(v);
}

static void index_changed(GtkSpinButton *b, gpointer data) {
  options_changed(GTK_WIDGET(b), NULL, data);
}

/* The folder or file chooser of Export / Import; the command runs on "accept". */
static void chosen(GtkNativeDialog *d, int response, gpointer data) {
  gfx_view *v = data;
  bool import = gtk_file_chooser_get_action(GTK_FILE_CHOOSER(d)) == GTK_FILE_CHOOSER_ACTION_OPEN;
  GFile *file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file(GTK_FILE_CHOOSER(d)) : NULL;
  char *path = file ? g_file_get_path(file) : NULL;
  if (path && import) gui_graphics_import(v->box, path);
  else if (path) gui_graphics_export(v->box, path);
  g_free(path);
  if (file) g_object_unref(file);
  g_object_unref(d);
}

static void choose(GtkButton *b, gpointer data) {
  gfx_view *v = data;
  bool import = strcmp(gtk_widget_get_name(GTK_WIDGET(b)), "gfx-import") == 0;
  GtkFileChooserNative *d = gtk_file_chooser_native_new(
      import ? "Import sheet PNG" : "Export sheet PNG into folder", GTK_WINDOW(v->tab->window),
      import ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, import ? "_Import" : "_Export", "_Cancel");
  g_signal_connect(d, "response", G_CALLBACK(chosen), v);
  gtk_native_dialog_show(GTK_NATIVE_DIALOG(d));
}

static GtkWidget *button(const char *text, const char *name, const char *label, gfx_view *v) {
  GtkWidget *b = gtk_button_new_with_label(text);
  gui_name(b, name, label);
  g_signal_connect(b, "clicked", G_CALLBACK(choose), v);
  return b;
}

static GtkWidget *toolbar(gfx_view *v) {
  GtkStringList *sheets = gtk_string_list_new(NULL), *groups = gtk_string_list_new(NULL);
  for (int i = 0; i < SHEETS; i++) {
    char text[48];
    snprintf(text, sizeof text, "sheet 0x%02X %s", i, z3_sheet_kind_name(z3_sheet_kind_of(i)));
    gtk_string_list_append(sheets, text);
  }
  gtk_string_list_append(groups, "grey ramp");
  for (size_t i = 0; i < z3_palette_group_count; i++) gtk_string_list_append(groups, z3_palette_groups[i].name);
  v->sheet = gtk_drop_down_new(G_LIST_MODEL(sheets), NULL);
  gui_name(v->sheet, "gfx-sheet", "Sheet");
  v->group = gtk_drop_down_new(G_LIST_MODEL(groups), NULL);
  gui_name(v->group, "gfx-palette-group", "Palette group");
  v->index = gtk_spin_button_new_with_range(0, 0, 1);
  gui_name(v->index, "gfx-palette-index", "Palette index");
  gtk_widget_set_sensitive(v->index, FALSE);
  v->pen = gtk_spin_button_new_with_range(0, 7, 1);
  gui_name(v->pen, "gfx-pen", "Pixel value a click sets");
  GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top(bar, 4);
  gtk_widget_set_margin_start(bar, 4);
  GtkWidget *items[] = {v->sheet, v->group, v->index, gtk_label_new("pen"), v->pen,
                        button("Export PNG", "gfx-export", "Export the sheet as PNG", v),
                        button("Import PNG", "gfx-import", "Replace the sheet from a PNG", v)};
  for (size_t i = 0; i < G_N_ELEMENTS(items); i++) gtk_box_append(GTK_BOX(bar), items[i]);
  return bar;
}

static void free_view(gpointer data) {
  gfx_view *v = data;
  if (v->picture) cairo_surface_destroy(v->picture);
  g_free(v);
}

static GtkWidget *create(gui_tab *tab) {
  gfx_view *v = g_new0(gfx_view, 1);
  v->tab = tab;
  v->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  gui_name(v->box, "graphics", "Graphics editor");
  g_object_set_data_full(G_OBJECT(v->box), "gfx-view", v, free_view);
  return v->box;
}

/* The widgets and the first picture, made when the page is first shown (gui_editor.build). */
static void build(GtkWidget *editor, gui_tab *tab) {
  gfx_view *v = view_of(editor);
  (void)tab;
  gtk_box_append(GTK_BOX(v->box), toolbar(v));
  v->canvas = gui_canvas_new(draw, v, "gfx-canvas", "Sheet pixels: click sets the pen's value");
  gtk_widget_set_halign(v->canvas, GTK_ALIGN_START);
  gtk_widget_set_valign(v->canvas, GTK_ALIGN_START);
  gui_add_click(v->canvas, GDK_BUTTON_PRIMARY, "click", G_CALLBACK(pressed), v);
  GtkWidget *scroll = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroll), v->canvas);
  gtk_widget_set_vexpand(scroll, TRUE);
  gtk_box_append(GTK_BOX(v->box), scroll);
  g_signal_connect(v->sheet, "notify::selected", G_CALLBACK(options_changed), v);
  g_signal_connect(v->group, "notify::selected", G_CALLBACK(options_changed), v);
  g_signal_connect(v->index, "value-changed", G_CALLBACK(index_changed), v);
  redraw(v);
}

static void refresh(GtkWidget *editor, gui_tab *tab) {
  (void)tab;
  redraw(view_of(editor));
}

const gui_editor gui_graphics_editor = {.name = "graphics", .title = "Graphics", .create = create, .build = build, .refresh = refresh};
