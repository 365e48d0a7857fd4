/* Handlers of the script commands and `agent learn` (table_script.c); agent/ only. */
#ifndef Z3_AGENT_HANDLERS_SCRIPT_H
#define Z3_AGENT_HANDLERS_SCRIPT_H

#include "cmd/cmd.h"

z3_status cmd_agent_learn(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_script_run(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_script_show(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_script_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_script_record_start(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_script_record_stop(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_script_record_status(z3_cmd_ctx *ctx, z3_error *err);

#endif
