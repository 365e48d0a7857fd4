/* Handler of `agent describe` (table_agent.c); agent/ only. */
#ifndef Z3_AGENT_HANDLERS_AGENT_H
#define Z3_AGENT_HANDLERS_AGENT_H

#include "cmd/cmd.h"

z3_status cmd_agent_describe(z3_cmd_ctx *ctx, z3_error *err);

#endif
