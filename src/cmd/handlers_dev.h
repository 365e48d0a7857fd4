/* Handlers of the dev commands (table_dev.c); cmd/ only. */
#ifndef Z3_CMD_HANDLERS_DEV_H
#define Z3_CMD_HANDLERS_DEV_H

#include "cmd/cmd.h"

z3_status cmd_dev_cpu_conformance(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dev_spc_conformance(z3_cmd_ctx *ctx, z3_error *err);

#endif
