/* gui/shot: a widget drawn by GTK's own renderer into a PNG, and waiting for the UI to settle. */
#include <string.h>

#include "base/png.h"
#include "gui/gui.h"

void gui_wait_idle(GtkWidget *w) {
  while (g_main_context_pending(NULL)) g_main_context_iteration(NULL, FALSE);
  gtk_test_widget_wait_for_draw(w);
  while (g_main_context_pending(NULL)) g_main_context_iteration(NULL, FALSE);
}

/* The texture as 8-bit RGB (GDK_MEMORY_DEFAULT is premultiplied B,G,R,A in memory; our widgets are opaque). */
static uint8_t *texture_rgb(GdkTexture *t, int w, int h) {
  size_t stride = (size_t)w * 4;
  uint8_t *bgra = g_malloc(stride * (size_t)h), *rgb = g_malloc((size_t)w * (size_t)h * 3);
  gdk_texture_download(t, bgra, stride);
  for (size_t i = 0; i < (size_t)w * (size_t)h; i++) {
    rgb[i * 3] = bgra[i * 4 + 2], rgb[i * 3 + 1] = bgra[i * 4 + 1], rgb[i * 3 + 2] = bgra[i * 4];
  }
  g_free(bgra);
  return rgb;
}

bool gui_snapshot_png(GtkWidget *w, const char *path, z3_error *err) {
  int width = gtk_widget_get_width(w), height = gtk_widget_get_height(w);
  GtkNative *native = gtk_widget_get_native(w);
  if (width <= 0 || height <= 0 || !native) return z3_error_set(err, Z3_E_INVALID, "widget '%s' is not on screen", gtk_widget_get_name(w)), false;
  GdkPaintable *paintable = gtk_widget_paintable_new(w);
  GtkSnapshot *snap = gtk_snapshot_new();
  gtk_snapshot_append_color(snap, &(GdkRGBA){1, 1, 1, 1}, &GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height));
  gdk_paintable_snapshot(paintable, snap, width, height);
  GskRenderNode *node = gtk_snapshot_free_to_node(snap);
  GdkTexture *tex = gsk_renderer_render_texture(gtk_native_get_renderer(native), node,
                                                &GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height));
  uint8_t *rgb = texture_rgb(tex, width, height);
  z3_buf png;
  z3_buf_init(&png);
  z3_status st = z3_png_write_rgb(&png, (uint32_t)width, (uint32_t)height, rgb, err);
  if (st == Z3_OK) st = z3_file_write_atomic(path, png.data, png.len, &(z3_write_opts){0}, err);
  z3_buf_release(&png);
  g_free(rgb);
  g_object_unref(tex);
  gsk_render_node_unref(node);
  g_object_unref(paintable);
  return st == Z3_OK;
}
