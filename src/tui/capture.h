/* tui/capture: running a command from the screen without letting it print onto it. */
#ifndef Z3_TUI_CAPTURE_H
#define Z3_TUI_CAPTURE_H

#include "cmd/doc.h"
#include "tui/tree.h"

/* z3_doc_run with stdout and stderr going to a temporary file meanwhile;
 * what the command printed is added to *output (may be NULL) line by line. */
z3_status tui_run_captured(z3_doc *doc, int argc, const char *const *argv, json_t **result, tui_lines *output,
                           z3_error *err);

/* The same, with the progress lines the command reports (z3_cmd_progress: an
 * agent's tool calls as it makes them) handed to on_line while it runs, with
 * the terminal given back meanwhile so on_line may draw. */
typedef void (*tui_line_fn)(const char *line, void *data);
z3_status tui_run_live(z3_doc *doc, int argc, const char *const *argv, json_t **result, tui_line_fn on_line,
                       void *data, z3_error *err);

#endif
