/*
 * gui: yaze, the GTK 4 editor, a thin shell over libz3.
 *
 * A window holds a notebook of tabs, one per open ROM (z3_doc). A tab is a
 * sidebar of editors over a stack; every editor is a widget made by its
 * gui_editor entry and refreshed when the document changes. Editors read
 * through the library's model functions and change the ROM only with
 * z3_doc_run (a command from the table), so undo, saving and the CLI agree
 * with what the window shows.
 *
 * Every control has a widget name (gtk_widget_set_name) and an accessible
 * label: the automation harness addresses widgets by them, and the tests do.
 */
#ifndef Z3_GUI_GUI_H
#define Z3_GUI_GUI_H

#include <gtk/gtk.h>

#include "cmd/doc.h"

typedef struct gui_tab gui_tab;

typedef struct gui_editor {
  const char *name;             /* widget name and stack page name: "overworld" */
  const char *title;            /* sidebar label: "Overworld" */
  /* The page's own widget (named `name`, its view attached), with no content yet: cheap, so
   * opening a ROM makes every page but builds only the one shown (docs/gui.md, start-up). */
  GtkWidget *(*create)(gui_tab *tab);
  /* Fills the page: its controls and first picture. Called once, when the page is first shown,
   * looked up with gui_tab_editor, or the harness walks the widgets (gui_window_build_all). */
  void (*build)(GtkWidget *editor, gui_tab *tab);
  /* Redraws from the document after any change (edit, undo, redo, save). */
  void (*refresh)(GtkWidget *editor, gui_tab *tab);
} gui_editor;

extern const gui_editor gui_overworld_editor;
extern const gui_editor gui_dungeon_editor;
extern const gui_editor gui_graphics_editor;
extern const gui_editor gui_palette_editor;
extern const gui_editor gui_message_editor;
extern const gui_editor gui_emu_editor;

struct gui_tab {
  z3_doc *doc;
  GtkWidget *page;              /* the notebook page: sidebar + stack */
  GtkWidget *stack;
  GtkWidget *window;
  GtkWidget *drawer;            /* the proposal drawer (a GtkRevealer) */
  /* Shows a message in the window's status line (errors of a command). */
  void (*status)(gui_tab *tab, const char *text);
};

/* A window with no ROM open; actions win.open, win.save, win.undo, win.redo. */
GtkWidget *gui_window_new(GtkApplication *app);
/* Opens a ROM in a new tab and shows it; false with err filled when it cannot be read. */
bool gui_window_open(GtkWidget *window, const char *path, z3_error *err);
/* The same off the UI thread (the file dialog's way): the status bar shows "opening NAME"
 * with a spinner, and the tab appears when the ROM is read; a failure goes to the status line. */
void gui_window_open_async(GtkWidget *window, const char *path);
/* The same, then done(window, NULL or the error's message, data) on the main loop once the tab
 * is there or the open failed (yaze's command line: the harness and --quit-after-first-frame
 * wait for it). */
typedef void (*gui_opened_fn)(GtkWidget *window, const char *error, void *data);
void gui_window_open_then(GtkWidget *window, const char *path, gui_opened_fn done, void *data);
gui_tab *gui_window_current_tab(GtkWidget *window);
/* Runs fn(data) once from an idle after the window's first paint (at once when it has painted
 * already): start-up work the first frame does not need. free(data) afterwards, or when the
 * window goes before its first paint. */
void gui_after_first_frame(GtkWidget *window, GSourceFunc fn, gpointer data, GDestroyNotify free);
/* Whether `tab` is still one of the window's tabs (a background job's result is for it). */
bool gui_window_has_tab(GtkWidget *window, gui_tab *tab);
/* The status bar's spinner and progress bar ("what 12/160"), shown while busy (gui/jobs.c). */
void gui_window_progress(GtkWidget *window, bool busy, double fraction, const char *text);
/* The editor widget named `name` in the tab (e.g. "overworld"), built if it was not yet; NULL
 * when none. */
GtkWidget *gui_tab_editor(gui_tab *tab, const char *name);
/* Builds every page of every tab of the window not built yet (the harness, before it looks
 * widgets up, so what it finds does not depend on which pages were shown). */
void gui_window_build_all(GtkWidget *window);
/* Shows the editor named `name`. */
void gui_tab_show(gui_tab *tab, const char *name);
/* Runs a command on the tab's document; on failure the status line shows the error. */
bool gui_tab_run(gui_tab *tab, json_t **result, const char *resource, const char *action, ...)
    __attribute__((sentinel));

/* The command palette (win.commands, Ctrl+Shift+P): every ROM command of the table. */
GtkWidget *gui_command_palette_open(GtkWidget *window);
/* Runs `line` (words as after `z3ed`, without --rom) on the current tab; the result shows in the palette. */
bool gui_command_palette_run(GtkWidget *palette, const char *line);

/* The proposal drawer's content (proposal_drawer.c); win.proposals shows or hides it. */
GtkWidget *gui_proposals_new(gui_tab *tab);
/* Reads the registry again (open proposals, the selected one's changes). */
void gui_proposals_refresh(GtkWidget *drawer);
/* Accepts changes "1,3" (NULL: all) of the selected proposal into the tab's ROM file, then
 * reloads the tab; refused while the tab has unsaved changes. */
bool gui_proposals_accept(GtkWidget *drawer, const char *changes);
bool gui_proposals_reject(GtkWidget *drawer, const char *reason, const char *note);

/* Sets widget name, accessible label and tooltip in one call. */
void gui_name(GtkWidget *w, const char *name, const char *label);
/* The label gui_name gave w (its tooltip), NULL when none. */
const char *gui_label(GtkWidget *w);

/* Draws `w` as it is on screen into an RGB PNG (screenshots for tests and docs). */
bool gui_snapshot_png(GtkWidget *w, const char *path, z3_error *err);
/* Runs the main loop until nothing is pending and w has been drawn. */
void gui_wait_idle(GtkWidget *w);

#endif
