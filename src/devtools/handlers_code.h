/* Handlers of the code commands (table_code.c). */
#ifndef Z3_DEVTOOLS_HANDLERS_CODE_H
#define Z3_DEVTOOLS_HANDLERS_CODE_H

#include "cmd/cmd.h"

z3_status cmd_code_index(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_code_find_symbol(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_code_members(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_code_callers(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_code_callees(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_code_includes(z3_cmd_ctx *ctx, z3_error *err);

#endif
