/* gui/message_view: what tests and the automation harness drive besides typing. */
#ifndef Z3_GUI_MESSAGE_VIEW_H
#define Z3_GUI_MESSAGE_VIEW_H

#include <gtk/gtk.h>

/* Selects message `id` in the list (its text goes into the editor). */
void gui_message_select(GtkWidget *editor, int id);
/* Writes the editor's text into the selected message with `message set`. */
bool gui_message_apply(GtkWidget *editor);

#endif
