/* Handlers of the debug commands (table_debug.c). */
#ifndef Z3_DEBUG_HANDLERS_DEBUG_H
#define Z3_DEBUG_HANDLERS_DEBUG_H

#include "cmd/cmd.h"

z3_status cmd_debug_start(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_debug_serve(z3_cmd_ctx *ctx, z3_error *err);
/* Every other action: the request of the same name to the session. */
z3_status cmd_debug_remote(z3_cmd_ctx *ctx, z3_error *err);
/* cmd_diverge.c: runs locally, two consoles. */
z3_status cmd_debug_diverge(z3_cmd_ctx *ctx, z3_error *err);

#endif
