/* gui/graphics_view: what tests and the automation harness drive besides clicks. */
#ifndef Z3_GUI_GRAPHICS_VIEW_H
#define Z3_GUI_GRAPHICS_VIEW_H

#include <gtk/gtk.h>

/* Shows sheet 0-222 in palette "GROUP:INDEX" (NULL: the grey ramp). */
void gui_graphics_select(GtkWidget *editor, int sheet, const char *palette);
/* Sets pixel (x, y) of the sheet to the pen's value with `gfx set-pixel`. */
bool gui_graphics_set_pixel(GtkWidget *editor, int x, int y);
/* `gfx export` of the sheet into dir (sheet_XX.png), `gfx import` from a PNG. */
bool gui_graphics_export(GtkWidget *editor, const char *dir);
bool gui_graphics_import(GtkWidget *editor, const char *png);

#endif
