/*
 * gui/doc: one open ROM in the editor, kept in memory.
 *
 * Every edit is a command from the table run on the document's ROM
 * (z3_cmd_run_on), so what the window does is what `z3ed` does: the same
 * handlers, checksum rule and change log. One command is one undo step: the
 * run of change-log entries it appended. Undo writes those entries' old bytes
 * back through z3_rom_write (so undo is itself in the log and the saved file
 * equals what the window shows); redo reverts that undo the same way.
 *
 * No GTK here: the editors and tests share it, and the bench times it alone.
 */
#ifndef Z3_GUI_DOC_H
#define Z3_GUI_DOC_H

#include <jansson.h>

#include "base/base.h"
#include "snes/rom.h"

typedef struct gui_step {
  size_t first, end;            /* rom->changes[first .. end) */
  char *label;                  /* "overworld set-tile", shown in the undo tooltip */
  unsigned state;               /* the document state this step leads to */
} gui_step;

typedef struct gui_step_stack {
  gui_step *items;
  size_t count, cap;
} gui_step_stack;

typedef struct gui_doc gui_doc;
typedef void (*gui_doc_listener)(gui_doc *doc, void *data);

struct gui_doc {
  z3_rom *rom;
  char *path;                   /* the file it was opened from and is saved to */
  gui_step_stack undo, redo;
  unsigned state, saved_state, next_state;
  gui_doc_listener listener;    /* called after every change of rom (edit, undo, redo) */
  void *listener_data;
};

z3_status gui_doc_open(gui_doc **out, const char *path, z3_error *err);
void gui_doc_free(gui_doc *doc);
/* Runs `resource action args...` (words as typed after `z3ed`, without
 * --rom; NULL-terminated) on the document. *result (may be NULL) receives the
 * command's result object (json_decref it). A command that changed bytes
 * becomes an undo step and clears redo. */
z3_status gui_doc_run(gui_doc *doc, json_t **result, z3_error *err, const char *resource,
                      const char *action, ...) __attribute__((sentinel));
/* The same with the words in an array (the command palette's input). */
z3_status gui_doc_run_argv(gui_doc *doc, int argc, const char *const *argv, json_t **result,
                           z3_error *err);
bool gui_doc_can_undo(const gui_doc *doc);
bool gui_doc_can_redo(const gui_doc *doc);
z3_status gui_doc_undo(gui_doc *doc, z3_error *err);
z3_status gui_doc_redo(gui_doc *doc, z3_error *err);
bool gui_doc_modified(const gui_doc *doc);
/* Writes the ROM over its file atomically, keeping FILE.bak, as the
 * dispatcher saves a command's ROM. */
z3_status gui_doc_save(gui_doc *doc, z3_error *err);
/* Reads the file again (something else wrote it: an accepted proposal). The
 * history starts over, since its steps describe the old image; refused while
 * there are unsaved changes. */
z3_status gui_doc_reload(gui_doc *doc, z3_error *err);
/* Base name of the path, for tab titles. */
const char *gui_doc_name(const gui_doc *doc);

#endif
