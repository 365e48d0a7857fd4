/* gui/canvas: indexed pictures from libz3 drawn by cairo, and click gestures tests can reach. */
#ifndef Z3_GUI_CANVAS_H
#define Z3_GUI_CANVAS_H

#include <gtk/gtk.h>
#include <stdint.h>

/* width x height indices into palette (RGBA; entries past palette_len draw black) as an opaque surface. */
cairo_surface_t *gui_surface_indexed(const uint8_t *pixels, uint32_t width, uint32_t height,
                                     const uint8_t (*palette)[4], int palette_len);
/* Paints s at (0, 0) scaled by zoom, pixels kept square (nearest neighbour). */
void gui_paint_scaled(cairo_t *cr, cairo_surface_t *s, int zoom);
/* A click gesture for one button (0 = any) on w, kept as w's data `key` so
 * tests and the automation harness can emit its "pressed". */
GtkGesture *gui_add_click(GtkWidget *w, unsigned button, const char *key, GCallback pressed, gpointer data);
/* A drawing area named `name` with an accessible label and draw function. */
GtkWidget *gui_canvas_new(GtkDrawingAreaDrawFunc draw, gpointer data, const char *name, const char *label);

#endif
