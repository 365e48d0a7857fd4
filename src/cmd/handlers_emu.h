/* Handlers of the emu commands (table_emu.c); cmd/ only. */
#ifndef Z3_CMD_HANDLERS_EMU_H
#define Z3_CMD_HANDLERS_EMU_H

#include "cmd/cmd.h"

z3_status cmd_emu_run(z3_cmd_ctx *ctx, z3_error *err);

#endif
