/*
 * tui/doc: the ROM the terminal UI edits, kept in memory.
 *
 * Every edit is a command from the table run on the open ROM (z3_cmd_run_on:
 * the handlers, checksum rule and errors of the CLI), so the change log holds
 * every byte. One command is one undo step: the change-log entries it appended.
 * Undo writes those entries' old bytes back through z3_rom_write (so undo is
 * in the log too and the saved file is what the screen shows); redo reverts
 * the undo the same way. Saving is the dispatcher's: atomic, FILE.bak kept.
 *
 * No curses here, so the unit tests drive it without a terminal.
 */
#ifndef Z3_TUI_DOC_H
#define Z3_TUI_DOC_H

#include <jansson.h>

#include "base/base.h"
#include "snes/rom.h"

typedef struct tui_step {
  size_t first, end;   /* rom->changes[first .. end) */
  unsigned state;      /* the document state this step leads to */
  char label[64];      /* "hex edit", "palette set-color" */
} tui_step;

typedef struct tui_steps {
  tui_step *items;
  size_t count, cap;
} tui_steps;

typedef struct tui_doc {
  z3_rom *rom;
  char *path;
  tui_steps undo, redo;
  unsigned state, saved_state, next_state;
  unsigned generation;  /* bumped on every change of the bytes: views recompute what they derive */
} tui_doc;

z3_status tui_doc_open(tui_doc **out, const char *path, z3_error *err);
void tui_doc_free(tui_doc *doc);
/* Runs a command (words as after `z3ed`, without --rom) on the open ROM.
 * *result (may be NULL) gets the command's result; json_decref it. */
z3_status tui_doc_run(tui_doc *doc, int argc, const char *const *argv, json_t **result, z3_error *err);
bool tui_doc_can_undo(const tui_doc *doc);
bool tui_doc_can_redo(const tui_doc *doc);
z3_status tui_doc_undo(tui_doc *doc, z3_error *err);
z3_status tui_doc_redo(tui_doc *doc, z3_error *err);
bool tui_doc_modified(const tui_doc *doc);
z3_status tui_doc_save(tui_doc *doc, z3_error *err);
/* Reads the file again (an accepted proposal wrote it); the history starts
 * over. Refused while there are unsaved edits. */
z3_status tui_doc_reload(tui_doc *doc, z3_error *err);
const char *tui_doc_name(const tui_doc *doc);

#endif
