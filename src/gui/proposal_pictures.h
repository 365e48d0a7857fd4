/* gui/proposal_pictures: before/after pictures of a proposal's changes for the drawer. */
#ifndef Z3_GUI_PROPOSAL_PICTURES_H
#define Z3_GUI_PROPOSAL_PICTURES_H

#include <gtk/gtk.h>

#include "snes/rom.h"

typedef enum gui_picture_kind { GUI_PIC_NONE, GUI_PIC_ROOM, GUI_PIC_AREA, GUI_PIC_SHEET, GUI_PIC_MESSAGE } gui_picture_kind;

/* The models of both ROMs, loaded as changes need them; the ROMs must outlive it. */
typedef struct gui_pictures gui_pictures;
gui_pictures *gui_pictures_new(const z3_rom *before, const z3_rom *after);
void gui_pictures_free(gui_pictures *p);

/* What a change's resource name ("room 0x012 object data", "sheet 0x10 data",
 * "area 0x1B map32 ...", "message 0x001 text changed") is a picture of, and its id. */
gui_picture_kind gui_picture_kind_of(const char *resource, long *id);

/* For a change named `resource` (NULL: placed by its first byte, `offset`):
 * a drawing area "prop-picture" (data "before" and "after": the two cairo
 * image surfaces at full size) or, for a message, a box "prop-text-diff" of
 * the old and new text; NULL when the resource names nothing drawable. */
GtkWidget *gui_pictures_for(gui_pictures *p, const char *resource, size_t offset);

/* "room 0x012", "area 0x02", "sheet 0x10" or "message 0x001": what the byte at offset of
 * either ROM belongs to by the byte map, for a change with no resource name; NULL when
 * nothing drawable; g_free it. */
char *gui_pictures_place(gui_pictures *p, size_t offset);

#endif
