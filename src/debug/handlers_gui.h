/* Handlers of the gui commands (table_gui.c) and `test suite run` (table_suite.c). */
#ifndef Z3_DEBUG_HANDLERS_GUI_H
#define Z3_DEBUG_HANDLERS_GUI_H

#include "cmd/cmd.h"

/* Every gui action: the harness method of the same meaning (Ping, Click, ...). */
z3_status cmd_gui_remote(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gui_status(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_test_suite_run(z3_cmd_ctx *ctx, z3_error *err);

#endif
