/* gui/emu_view: what tests and the automation harness drive besides buttons and keys. */
#ifndef Z3_GUI_EMU_VIEW_H
#define Z3_GUI_EMU_VIEW_H

#include <gtk/gtk.h>
#include <stdint.h>

#include "base/base.h"

/* Runs one frame and shows it. */
void gui_emu_step(GtkWidget *editor);
/* A fresh console from the document's ROM as it is now. */
void gui_emu_reset(GtkWidget *editor);
/* Buttons held on pad 1 (z3_snes_set_pad's bit order). */
uint16_t gui_emu_pad(GtkWidget *editor);
/* The slot file of savestate `slot`: $XDG_STATE_HOME/yaze/states/ROMNAME.SLOT.state (g_free it). */
char *gui_emu_state_path(GtkWidget *editor, int slot);
/* Writes the console's state there (as `emu run --save-state`), or loads it back.
 * A slot saved before the ROM's latest edits loads too (*other_rom, may be NULL,
 * says so): the console goes on with the ROM as the last Reset took it. */
bool gui_emu_save_state(GtkWidget *editor, int slot, z3_error *err);
bool gui_emu_load_state(GtkWidget *editor, int slot, bool *other_rom, z3_error *err);
/* What the status line says after a load or save of `slot`. */
void gui_emu_state_outcome(char *text, size_t size, bool save, int slot, bool other_rom);
/* The debugger panels beside the screen (gui/emu_debug.h). */
typedef struct gui_emu_panel gui_emu_panel;
gui_emu_panel *gui_emu_debugger(GtkWidget *editor);
/* Screen scale 1-4. */
void gui_emu_set_zoom(GtkWidget *editor, int zoom);

#endif
