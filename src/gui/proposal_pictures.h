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

/* What a change looks like, as data a worker thread can make (gui_pictures_render) and the
 * main loop turns into widgets (gui_picture_widget). */
typedef struct gui_picture {
  gui_picture_kind kind;            /* GUI_PIC_NONE: nothing to draw (the bytes stay the view) */
  cairo_surface_t *before, *after;  /* a room, area or sheet, at full size */
  char *text_before, *text_after;   /* a message */
  char *place;                      /* a change with no resource name: "room 0x012", "area 0x02",
                                     * "sheet 0x10" or "message 0x001" by the byte map, else NULL */
} gui_picture;

/* For a change named `resource` (NULL: placed by its first byte, `offset`, with the byte map
 * of either ROM). Touches only p and its ROMs: a worker thread may call it on ROMs of its own. */
void gui_pictures_render(gui_pictures *p, const char *resource, size_t offset, gui_picture *out);
/* On the main loop: a drawing area "prop-picture" (data "before" and "after": the two surfaces)
 * or, for a message, a box "prop-text-diff" of the old and new text; NULL when nothing is drawn.
 * Takes the surfaces or texts out of pic. */
GtkWidget *gui_picture_widget(gui_picture *pic);
/* Frees what is left in pic. */
void gui_picture_release(gui_picture *pic);

#endif
