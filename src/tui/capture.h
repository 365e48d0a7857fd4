/* tui/capture: running a command from the screen without letting it print onto it. */
#ifndef Z3_TUI_CAPTURE_H
#define Z3_TUI_CAPTURE_H

#include "cmd/doc.h"
#include "tui/tree.h"

/* z3_doc_run with stdout and stderr going to a temporary file meanwhile;
 * what the command printed is added to *output (may be NULL) line by line. */
z3_status tui_run_captured(z3_doc *doc, int argc, const char *const *argv, json_t **result, tui_lines *output,
                           z3_error *err);

#endif
