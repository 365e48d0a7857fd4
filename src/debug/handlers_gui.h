/* Handlers of the gui commands (table_gui.c) and `test suite run` (table_suite.c). */
#ifndef Z3_DEBUG_HANDLERS_GUI_H
#define Z3_DEBUG_HANDLERS_GUI_H

#include "cmd/cmd.h"

/* Every gui action: the harness method of the same meaning (Ping, Click, ...). */
z3_status cmd_gui_remote(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gui_status(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_test_suite_run(z3_cmd_ctx *ctx, z3_error *err);
/* gui record, gui replay, gui test-results (cmd_gui_tests.c): more than one request each. */
z3_status cmd_gui_record(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gui_replay(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gui_test_results(z3_cmd_ctx *ctx, z3_error *err);

/* Shared by cmd_gui.c and cmd_gui_tests.c: --socket or $YAZE_HARNESS; a connection to it; the
 * command's arguments as a method's parameters (paths made absolute, --out as path). */
const char *gui_socket_path(const z3_cmd_ctx *ctx, z3_error *err);
z3_status gui_connect(const char *path, int *fd, z3_error *err);
json_t *gui_params_of(const z3_cmd_ctx *ctx, z3_error *err);

#endif
