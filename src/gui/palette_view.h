/* gui/palette_view: what tests and the automation harness drive besides clicks. */
#ifndef Z3_GUI_PALETTE_VIEW_H
#define Z3_GUI_PALETTE_VIEW_H

#include <gtk/gtk.h>

/* Shows palette `index` of `group` ("ow_main") with colour `color` selected. */
void gui_palette_select(GtkWidget *editor, const char *group, int index, int color);
/* Sets the selected colour with `palette set-color --value VALUE`. */
bool gui_palette_apply(GtkWidget *editor, const char *value);

#endif
