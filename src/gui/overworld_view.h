/* gui/overworld_view: what tests and the automation harness drive besides clicks. */
#ifndef Z3_GUI_OVERWORLD_VIEW_H
#define Z3_GUI_OVERWORLD_VIEW_H

#include <gtk/gtk.h>

/* Shows area (0x00-0x9F; a large area shows its parent) at zoom 1-4. */
void gui_overworld_select(GtkWidget *editor, int area, int zoom);
/* The tile16 a left click paints. */
void gui_overworld_pick(GtkWidget *editor, int tile16);
int gui_overworld_picked(GtkWidget *editor);
/* The area shown (a large area's parent). */
int gui_overworld_area(GtkWidget *editor);
/* Paints the picked tile16 at tile (x, y) of the area with `overworld set-tile`. */
bool gui_overworld_paint(GtkWidget *editor, int x, int y);

#endif
