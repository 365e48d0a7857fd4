/* gui/canvas: see canvas.h. */
#include "gui/canvas.h"
#include "gui/gui.h"

cairo_surface_t *gui_surface_indexed(const uint8_t *pixels, uint32_t width, uint32_t height,
                                     const uint8_t (*palette)[4], int palette_len) {
  /* The palette as cairo's pixels once, so each pixel is one load: the tile16 picker alone is
   * about a million pixels, converted while the first frame waits. */
  uint32_t argb[256];
  for (int i = 0; i < 256; i++) {
    const uint8_t *c = i < palette_len ? palette[i] : (const uint8_t[4]){0, 0, 0, 255};
    argb[i] = 0xFF000000u | (uint32_t)c[0] << 16 | (uint32_t)c[1] << 8 | c[2];
  }
  cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)width, (int)height);
  cairo_surface_flush(s);
  uint8_t *data = cairo_image_surface_get_data(s);
  int stride = cairo_image_surface_get_stride(s);
  for (uint32_t y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * (size_t)stride);
    const uint8_t *src = pixels + (size_t)y * width;
    for (uint32_t x = 0; x < width; x++) row[x] = argb[src[x]];
  }
  cairo_surface_mark_dirty(s);
  return s;
}

void gui_paint_scaled(cairo_t *cr, cairo_surface_t *s, int zoom) {
  if (!s) return;
  cairo_save(cr);
  cairo_scale(cr, zoom, zoom);
  cairo_set_source_surface(cr, s, 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
  cairo_paint(cr);
  cairo_restore(cr);
}

GtkGesture *gui_add_click(GtkWidget *w, unsigned button, const char *key, GCallback pressed, gpointer data) {
  GtkGesture *click = gtk_gesture_click_new();
  gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), button);
  g_object_set_data(G_OBJECT(w), key, click);
  g_signal_connect(click, "pressed", pressed, data);
  gtk_widget_add_controller(w, GTK_EVENT_CONTROLLER(click));
  return click;
}

GtkWidget *gui_canvas_new(GtkDrawingAreaDrawFunc draw, gpointer data, const char *name, const char *label) {
  GtkWidget *a = gtk_drawing_area_new();
  gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(a), draw, data, NULL);
  gui_name(a, name, label);
  return a;
}
