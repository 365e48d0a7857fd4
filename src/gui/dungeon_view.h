/* gui/dungeon_view: what tests and the automation harness drive besides pointer gestures. */
#ifndef Z3_GUI_DUNGEON_VIEW_H
#define Z3_GUI_DUNGEON_VIEW_H

#include <gtk/gtk.h>

void gui_dungeon_select_room(GtkWidget *editor, int room);
/* Selects the topmost object whose first block covers tile8 (tx, ty); false when none does. */
bool gui_dungeon_select_at(GtkWidget *editor, int tx, int ty);
/* The selection as object list and index; false when nothing is selected. */
bool gui_dungeon_selected(GtkWidget *editor, int *list, int *index);
/* Moves the selected object to tile8 (tx, ty) with `dungeon move-object`. */
bool gui_dungeon_move_selected(GtkWidget *editor, int tx, int ty);

#endif
