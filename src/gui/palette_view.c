/*
 * gui/palette_view: the palette editor. Every group of the palette table,
 * one palette's colours as swatches; a click selects a colour, which the
 * colour button and the exact BGR555 entry show. Apply runs `palette
 * set-color` with the entry's text ($7FFF, #RRGGBB or r,g,b, as the CLI reads it).
 */
#include <stdio.h>
#include <string.h>

#include "gui/canvas.h"
#include "gui/gui.h"
#include "gui/palette_view.h"
#include "snes/color.h"
#include "zelda3/palettes.h"

enum { SWATCH = 32, PER_ROW = 16 };

typedef struct pal_view {
  gui_tab *tab;
  GtkWidget *box, *group, *index, *swatches, *picker, *value, *info;
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  int count, selected;
} pal_view;

static pal_view *view_of(GtkWidget *editor) { return g_object_get_data(G_OBJECT(editor), "pal-view"); }

static const z3_palette_group *group_of(pal_view *v) {
  return &z3_palette_groups[gtk_drop_down_get_selected(GTK_DROP_DOWN(v->group))];
}

/* The selected colour into the entry ($7FFF), the colour button and the info line. */
static void show_selected(pal_view *v) {
  if (v->selected >= v->count) v->selected = 0;
  char hex[8] = "", text[96] = "";
  if (v->count) {
    uint16_t c = v->colors[v->selected];
    z3_rgb rgb = z3_color_to_rgb(c);
    z3_color_format_hex(c, hex);
    char snes[8];
    snprintf(snes, sizeof snes, "$%04X", c);
    gtk_editable_set_text(GTK_EDITABLE(v->value), snes);
    gtk_color_chooser_set_rgba(GTK_COLOR_CHOOSER(v->picker), &(GdkRGBA){rgb.r / 255.0f, rgb.g / 255.0f, rgb.b / 255.0f, 1});
    snprintf(text, sizeof text, "colour %d: %s = %s", v->selected, snes, hex);
  }
  gtk_label_set_text(GTK_LABEL(v->info), text);
  gtk_widget_queue_draw(v->swatches);
}

static void reload(pal_view *v) {
  const z3_palette_group *g = group_of(v);
  gtk_spin_button_set_range(GTK_SPIN_BUTTON(v->index), 0, g->count - 1);
  z3_error err;
  z3_error_init(&err);
  int index = gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(v->index));
  v->count = z3_palette_read(v->tab->doc->rom, g, index, v->colors, &err) == Z3_OK ? g->colors : 0;
  if (!v->count) v->tab->status(v->tab, err.message);
  int rows = (v->count + PER_ROW - 1) / PER_ROW;
  gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(v->swatches), PER_ROW * SWATCH);
  gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(v->swatches), (rows ? rows : 1) * SWATCH);
  show_selected(v);
}

static void draw(GtkDrawingArea *a, cairo_t *cr, int w, int h, gpointer data) {
  (void)a, (void)w, (void)h;
  pal_view *v = data;
  for (int i = 0; i < v->count; i++) {
    z3_rgb c = z3_color_to_rgb(v->colors[i]);
    cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0);
    cairo_rectangle(cr, (i % PER_ROW) * SWATCH, (i / PER_ROW) * SWATCH, SWATCH, SWATCH);
    cairo_fill(cr);
  }
  if (!v->count) return;
  cairo_set_line_width(cr, 2);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_rectangle(cr, (v->selected % PER_ROW) * SWATCH + 2, (v->selected / PER_ROW) * SWATCH + 2, SWATCH - 4, SWATCH - 4);
  cairo_stroke(cr);
  cairo_set_line_width(cr, 1);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_rectangle(cr, (v->selected % PER_ROW) * SWATCH + 0.5, (v->selected / PER_ROW) * SWATCH + 0.5, SWATCH - 1, SWATCH - 1);
  cairo_stroke(cr);
}

static void pressed(GtkGestureClick *g, int n, double x, double y, gpointer data) {
  (void)g, (void)n;
  pal_view *v = data;
  int i = (int)y / SWATCH * PER_ROW + (int)x / SWATCH;
  if (x < PER_ROW * SWATCH && i < v->count) v->selected = i, show_selected(v);
}

void gui_palette_select(GtkWidget *editor, const char *group, int index, int color) {
  pal_view *v = view_of(editor);
  for (size_t i = 0; i < z3_palette_group_count; i++)
    if (strcmp(z3_palette_groups[i].name, group) == 0) gtk_drop_down_set_selected(GTK_DROP_DOWN(v->group), (guint)i);
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(v->index), index);
  v->selected = color;
  show_selected(v);
}

bool gui_palette_apply(GtkWidget *editor, const char *value) {
  pal_view *v = view_of(editor);
  char index[8], color[8];
  snprintf(index, sizeof index, "%d", gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(v->index)));
  snprintf(color, sizeof color, "%d", v->selected);
  return gui_tab_run(v->tab, NULL, "palette", "set-color", "--group", group_of(v)->name, "--index", index, "--color",
                     color, "--value", value, NULL);
}

static void apply_clicked(GtkButton *b, gpointer data) {
  (void)b;
  pal_view *v = data;
  char *text = g_strdup(gtk_editable_get_text(GTK_EDITABLE(v->value)));
  gui_palette_apply(v->box, text);
  g_free(text);
}

/* A colour from the chooser becomes the entry's exact BGR555 value (5 bits a channel). */
static void picked(GtkColorButton *b, gpointer data) {
  pal_view *v = data;
  GdkRGBA c;
  gtk_color_chooser_get_rgba(GTK_COLOR_CHOOSER(b), &c);
  z3_rgb rgb = {(uint8_t)(c.red * 255 + 0.5), (uint8_t)(c.green * 255 + 0.5), (uint8_t)(c.blue * 255 + 0.5)};
  char snes[8];
  snprintf(snes, sizeof snes, "$%04X", z3_color_from_rgb(rgb));
  gtk_editable_set_text(GTK_EDITABLE(v->value), snes);
}

static void changed(GtkWidget *w, GParamSpec *p, gpointer data) {
  (void)w, (void)p;
  reload(data);
}

static void index_changed(GtkSpinButton *b, gpointer data) { changed(GTK_WIDGET(b), NULL, data); }

static GtkWidget *toolbar(pal_view *v) {
  GtkStringList *groups = gtk_string_list_new(NULL);
  for (size_t i = 0; i < z3_palette_group_count; i++) gtk_string_list_append(groups, z3_palette_groups[i].name);
  v->group = gtk_drop_down_new(G_LIST_MODEL(groups), NULL);
  gui_name(v->group, "pal-group", "Palette group");
  v->index = gtk_spin_button_new_with_range(0, 1, 1);
  gui_name(v->index, "pal-index", "Palette index");
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  v->picker = gtk_color_button_new(); /* GtkColorDialog is GTK 4.10; Debian 12 has 4.8 */
  G_GNUC_END_IGNORE_DEPRECATIONS
  gui_name(v->picker, "pal-picker", "Pick a colour");
  v->value = gtk_entry_new();
  gtk_editable_set_width_chars(GTK_EDITABLE(v->value), 9);
  gui_name(v->value, "pal-value", "Colour value: $7FFF (BGR555), #RRGGBB or r,g,b");
  GtkWidget *apply = gtk_button_new_with_label("Apply");
  gui_name(apply, "pal-apply", "Set the selected colour to the value");
  g_signal_connect(apply, "clicked", G_CALLBACK(apply_clicked), v);
  g_signal_connect(v->value, "activate", G_CALLBACK(apply_clicked), v);
  g_signal_connect(v->picker, "color-set", G_CALLBACK(picked), v);
  GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top(bar, 4);
  gtk_widget_set_margin_start(bar, 4);
  GtkWidget *items[] = {v->group, v->index, v->picker, v->value, apply};
  for (size_t i = 0; i < G_N_ELEMENTS(items); i++) gtk_box_append(GTK_BOX(bar), items[i]);
  return bar;
}

static GtkWidget *create(gui_tab *tab) {
  pal_view *v = g_new0(pal_view, 1);
  v->tab = tab;
  v->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gui_name(v->box, "palettes", "Palette editor");
  g_object_set_data_full(G_OBJECT(v->box), "pal-view", v, g_free);
  return v->box;
}

/* The widgets and the first picture, made when the page is first shown (gui_editor.build). */
static void build(GtkWidget *editor, gui_tab *tab) {
  pal_view *v = view_of(editor);
  (void)tab;
  gtk_box_append(GTK_BOX(v->box), toolbar(v));
  v->swatches = gui_canvas_new(draw, v, "pal-swatches", "Colours: click selects one");
  gtk_widget_set_halign(v->swatches, GTK_ALIGN_START);
  gtk_widget_set_margin_start(v->swatches, 4);
  gui_add_click(v->swatches, GDK_BUTTON_PRIMARY, "click", G_CALLBACK(pressed), v);
  v->info = gtk_label_new("");
  gtk_label_set_xalign(GTK_LABEL(v->info), 0);
  gtk_widget_set_margin_start(v->info, 4);
  gui_name(v->info, "pal-info", "Selected colour");
  gtk_box_append(GTK_BOX(v->box), v->swatches);
  gtk_box_append(GTK_BOX(v->box), v->info);
  g_signal_connect(v->group, "notify::selected", G_CALLBACK(changed), v);
  g_signal_connect(v->index, "value-changed", G_CALLBACK(index_changed), v);
  reload(v);
}

static void refresh(GtkWidget *editor, gui_tab *tab) {
  (void)tab;
  reload(view_of(editor));
}

const gui_editor gui_palette_editor = {.name = "palettes", .title = "Palettes", .create = create, .build = build, .refresh = refresh};
