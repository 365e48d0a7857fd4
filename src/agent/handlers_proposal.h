/* Handlers of the proposal and policy commands (table_proposal.c); agent/ only. */
#ifndef Z3_AGENT_HANDLERS_PROPOSAL_H
#define Z3_AGENT_HANDLERS_PROPOSAL_H

#include "cmd/cmd.h"

z3_status cmd_agent_proposal_create(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_proposal_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_proposal_show(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_proposal_diff(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_proposal_accept(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_proposal_reject(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_proposal_revert(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_proposal_archive(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_agent_policy_check(z3_cmd_ctx *ctx, z3_error *err);

/* Shared by cmd_proposal*.c: the state folder (--state-dir, $Z3ED_HOME, .z3ed;
 * caller frees) and the proposal a command is about (--proposal-id, else the
 * newest with `status`, for --rom when rom_filter). */
struct z3_registry;
char *z3_cmd__state_dir(const z3_cmd_ctx *ctx);
z3_status z3_cmd__proposal_id(const z3_cmd_ctx *ctx, struct z3_registry *r, const char *status,
                              bool rom_filter, int64_t *id, z3_error *err);

#endif
