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

/* With the Doors layer shown a press on a door selects it (gui_dungeon_select_at); its index. */
bool gui_dungeon_selected_door(GtkWidget *editor, int *index);
/* Shows the Doors layer and selects door `index` of the room; false when it has no such door. */
bool gui_dungeon_select_door(GtkWidget *editor, int index);
/* Moves the selected door to `position` (0-11) on its wall with `dungeon move-door`. */
bool gui_dungeon_move_door(GtkWidget *editor, int position);

/* Water layer: paints the tile rectangle (x0, y0)-(x1, y1) into the room's water-fill zone,
 * or erases it when (x0, y0) is a zone tile (`dungeon set-water-fill`). */
bool gui_dungeon_water_edit(GtkWidget *editor, int x0, int y0, int x1, int y1);
/* The same with the Water layer shown and paint or erase chosen by the caller. */
bool gui_dungeon_water_paint(GtkWidget *editor, int x0, int y0, int x1, int y1, bool erase);
/* Tiles of the shown room's zone; -1 when the ROM has no water-fill table. */
int gui_dungeon_water_tiles(GtkWidget *editor);

/* The selected object's size (`dungeon resize-object`), its removal (`remove-object`). */
bool gui_dungeon_resize_selected(GtkWidget *editor, int size);
bool gui_dungeon_remove_selected(GtkWidget *editor);
/* Adds object `id` at tile8 (tx, ty) on the selected object's list (else list 0) and selects it. */
bool gui_dungeon_add_object(GtkWidget *editor, int id, int tx, int ty);

#endif
