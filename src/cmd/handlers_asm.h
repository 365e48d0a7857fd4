/* Handlers of the asm commands (table_asm.c); cmd/ only. */
#ifndef Z3_CMD_HANDLERS_ASM_H
#define Z3_CMD_HANDLERS_ASM_H

#include "cmd/cmd.h"

z3_status cmd_asm_disassemble(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_asm_assemble(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_patch_asm(z3_cmd_ctx *ctx, z3_error *err);

#endif
