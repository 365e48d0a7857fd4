/* gui/overworld_view: what tests and the automation harness drive besides clicks. */
#ifndef Z3_GUI_OVERWORLD_VIEW_H
#define Z3_GUI_OVERWORLD_VIEW_H

#include <gtk/gtk.h>

#include "gui/gui.h"
#include "zelda3/overworld.h"

/* Shows area (0x00-0x9F; a large area shows its parent) at zoom 1-4. */
void gui_overworld_select(GtkWidget *editor, int area, int zoom);
/* The tile16 a left click paints. */
void gui_overworld_pick(GtkWidget *editor, int tile16);
int gui_overworld_picked(GtkWidget *editor);
/* The area shown (a large area's parent). */
int gui_overworld_area(GtkWidget *editor);
/* Paints the picked tile16 at tile (x, y) of the area with `overworld set-tile`. */
bool gui_overworld_paint(GtkWidget *editor, int x, int y);

/* The left button's tool (the ow-tool drop-down). */
typedef enum gui_ow_tool { GUI_OW_PAINT, GUI_OW_FILL, GUI_OW_SELECT, GUI_OW_MARKERS } gui_ow_tool;
void gui_overworld_set_tool(GtkWidget *editor, gui_ow_tool tool);
gui_ow_tool gui_overworld_tool(GtkWidget *editor);
/* Flood-fills the region of tile (x, y) with the picked tile16 (`overworld fill-tiles`). */
bool gui_overworld_fill(GtkWidget *editor, int x, int y);
/* The Select tool's rectangle of tile16 cells (w or h 0: none); false when there is none. */
void gui_overworld_select_tiles(GtkWidget *editor, int x, int y, int w, int h);
bool gui_overworld_selection(GtkWidget *editor, int *x, int *y, int *w, int *h);
/* Moves the selected cells so the first is at (x, y), the cells left behind become the
 * picked tile16 (`overworld move-tiles --fill`); the selection follows. */
bool gui_overworld_move_selection(GtkWidget *editor, int x, int y);

/* Markers (sprites of the ow-state game state, items, entrances): selects the one on cell
 * (x, y), false when none; the selected one's kind (gui_marker_kind), index and cell; moves
 * it to cell (x, y) with move-sprite / move-item / set-entrance. */
bool gui_overworld_select_marker(GtkWidget *editor, int x, int y);
/* The marker of kind `kind` (gui_marker_kind) and list index or slot `index` in the area; false when none. */
bool gui_overworld_select_marker_of(GtkWidget *editor, int kind, int index);
bool gui_overworld_marker(GtkWidget *editor, int *kind, int *index, int *x, int *y);
bool gui_overworld_move_marker(GtkWidget *editor, int x, int y);

/* Background renders (overworld_prerender.c): takes area `area`'s picture, drawn from the bytes
 * the document has now (img is emptied); later shows of that area use it until the ROM changes. */
void gui_overworld_adopt(GtkWidget *editor, int area, z3_ow_image *img);
gui_tab *gui_overworld_tab(GtkWidget *editor);
/* Areas whose picture is cached for the ROM as it is now. */
int gui_overworld_cached(GtkWidget *editor);
/* Renders every area on a worker thread from a copy of the ROM (gui/jobs.h), progress in the
 * status bar; the pictures are adopted when it ends unless the ROM changed meanwhile. */
void gui_overworld_prerender(GtkWidget *editor, gui_tab *tab);

#endif
