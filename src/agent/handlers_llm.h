/* Handlers of the agent loop commands (table_llm.c); agent/ only. */
#ifndef Z3_AGENT_HANDLERS_LLM_H
#define Z3_AGENT_HANDLERS_LLM_H

#include "cmd/cmd.h"

z3_status cmd_agent_plan(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_run(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_chat(z3_cmd_ctx *ctx, z3_error *err);

#endif
