/* Handlers of the debug-tools commands (table_debug_tools.c). */
#ifndef Z3_DEVTOOLS_HANDLERS_DEBUG_TOOLS_H
#define Z3_DEVTOOLS_HANDLERS_DEBUG_TOOLS_H

#include "cmd/cmd.h"

z3_status cmd_debug_tools_crash(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_debug_tools_memory(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_debug_tools_perf(z3_cmd_ctx *ctx, z3_error *err);

#endif
