/*
 * cmd/doc: one ROM open for interactive editing, kept in memory; the model
 * behind yaze's tabs and the terminal UI.
 *
 * Every edit is a command from the table run on the document's ROM
 * (z3_cmd_run_on), so an editor does what `z3ed` does: the same handlers,
 * checksum rule, errors and change log. One command is one undo step: the run
 * of change-log entries it appended. Undo writes those entries' old bytes back
 * through z3_rom_write (so undo is itself in the log and the saved file equals
 * what the screen shows); redo reverts that undo the same way. A command that
 * fails has its partial writes reverted, as the CLI saves nothing of it.
 *
 * Front ends learn of changes either by a listener (GTK redraws on demand) or
 * by the generation counter (the terminal UI recomputes what it derives when
 * the number moved). No toolkit here, so unit tests drive it directly.
 */
#ifndef Z3_CMD_DOC_H
#define Z3_CMD_DOC_H

#include <jansson.h>

#include "base/base.h"
#include "snes/rom.h"

typedef struct z3_doc_step {
  size_t first, end;  /* rom->changes[first .. end) */
  unsigned state;     /* the document state this step leads to */
  char label[96];     /* "overworld set-tile", for undo menus and tooltips */
} z3_doc_step;

typedef struct z3_doc_steps {
  z3_doc_step *items;
  size_t count, cap;
} z3_doc_steps;

typedef struct z3_doc z3_doc;
typedef void (*z3_doc_listener)(z3_doc *doc, void *data);

struct z3_doc {
  z3_rom *rom;
  char *path;                 /* the file it was opened from and is saved to */
  z3_doc_steps undo, redo;
  unsigned state, saved_state, next_state;
  unsigned generation;        /* bumped on every change of the bytes or of the image */
  z3_doc_listener listener;   /* optional: called after every edit, undo, redo, save, reload */
  void *listener_data;
  /* The file as this document last read or wrote it: a save refuses to
   * replace a file another process saved since (an accepted proposal, a CLI
   * edit), and rom->changes from saved_changes on are the edits not on disk. */
  z3_file_stamp stamp;
  size_t saved_changes;
};

z3_status z3_doc_open(z3_doc **out, const char *path, z3_error *err);
void z3_doc_free(z3_doc *doc);
/* Runs a command (words as typed after `z3ed`, without --rom) on the open ROM.
 * *result (may be NULL) gets the command's result when it ran (Z3_OK, or
 * Z3_E_CHECK for a check that found problems); json_decref it. A command that
 * changed bytes becomes an undo step and clears redo. */
z3_status z3_doc_run(z3_doc *doc, int argc, const char *const *argv, json_t **result, z3_error *err);
bool z3_doc_can_undo(const z3_doc *doc);
bool z3_doc_can_redo(const z3_doc *doc);
/* The label of the step undo (or redo) would take back, or NULL. */
const char *z3_doc_next_label(const z3_doc *doc, bool undo);
z3_status z3_doc_undo(z3_doc *doc, z3_error *err);
z3_status z3_doc_redo(z3_doc *doc, z3_error *err);
bool z3_doc_modified(const z3_doc *doc);
/* Writes the ROM over its file atomically, keeping FILE.bak, as the
 * dispatcher saves a command's ROM. Refused (Z3_E_IO, nothing written, the
 * edits kept) when another process saved the file since this document read
 * or saved it; z3_doc_changed_on_disk then says so. */
z3_status z3_doc_save(z3_doc *doc, z3_error *err);
bool z3_doc_changed_on_disk(const z3_doc *doc);
/* Reads the file as it is now and puts the unsaved edits on top of it, the way
 * `agent proposal accept --rebase` does: refused, with the first offset named,
 * when a byte was changed both here and on disk, or when either side changed
 * the ROM's size. The merge is one undo step (undo shows the file as it is on
 * disk) and the document stays modified until saved. */
z3_status z3_doc_merge_from_disk(z3_doc *doc, z3_error *err);
/* Reads the file again (something else wrote it: an accepted proposal). The
 * history starts over, since its steps describe the old image; refused while
 * there are unsaved edits. */
z3_status z3_doc_reload(z3_doc *doc, z3_error *err);
/* Base name of the path, for tab titles. */
const char *z3_doc_name(const z3_doc *doc);

#endif
