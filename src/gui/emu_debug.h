/* gui/emu_debug: the emulator's debugger panels (registers, memory, breakpoints). */
#ifndef Z3_GUI_EMU_DEBUG_H
#define Z3_GUI_EMU_DEBUG_H

#include <gtk/gtk.h>

#include "debug/debug.h"

typedef struct gui_emu_panel gui_emu_panel;

/* The panels over the session *dbg (the emulator view replaces it on Reset); after a run
 * the panel calls ran(ctx, stop) so the view shows the frame and pauses. */
gui_emu_panel *gui_emu_panel_new(z3_debug **dbg, void (*ran)(void *ctx, const z3_debug_stop *stop), void *ctx);
GtkWidget *gui_emu_panel_widget(gui_emu_panel *p);
/* Registers, memory and breakpoints read again from the session. */
void gui_emu_panel_refresh(gui_emu_panel *p);
void gui_emu_panel_free(gui_emu_panel *p);

/* An execution breakpoint at `address` ($BB:AAAA, 0xBBAAAA); removing takes the one there. */
bool gui_emu_panel_break_add(gui_emu_panel *p, const char *address, GString *why);
bool gui_emu_panel_break_remove(gui_emu_panel *p, const char *address, GString *why);
/* Runs until a breakpoint stops the console, at most GUI_EMU_BREAK_FRAMES frames. */
enum { GUI_EMU_BREAK_FRAMES = 600 };
bool gui_emu_panel_run_to_break(gui_emu_panel *p, z3_debug_stop *stop, GString *why);

#endif
