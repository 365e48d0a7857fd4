/*
 * agent/proposal: reviewable changes. A proposal is a sandbox folder (a copy
 * of the ROM, the change log, the command log, test results) plus a row in a
 * SQLite registry in the state folder ($Z3ED_HOME, else .z3ed/ in the current
 * folder). Agents act only inside sandboxes; only accepting a proposal touches
 * the real ROM.
 *
 * Ownership: z3_proposal fields are the caller's after a successful call;
 * z3_proposal_release frees them. A registry is closed with z3_registry_close.
 */
#ifndef Z3_AGENT_PROPOSAL_H
#define Z3_AGENT_PROPOSAL_H

#include <jansson.h>

#include "agent/tools.h"

/* The state folder: $Z3ED_HOME, else ".z3ed". Caller frees. */
char *z3_state_dir(void);

typedef struct z3_registry z3_registry;
/* Opens (creating the folder and database when missing) the registry of state_dir. */
z3_status z3_registry_open(z3_registry **out, const char *state_dir, z3_error *err);
void z3_registry_close(z3_registry *r);

typedef struct z3_proposal {
  int64_t id;
  char *title;
  char *status;        /* "open", "accepted", "rejected", "reverted", "archived" */
  char *rom_path;      /* the real ROM the proposal would change */
  char *base_sha1;     /* SHA-1 of that ROM when the sandbox was made */
  char *sandbox_dir;   /* the proposal's folder */
  char *sandbox_rom;   /* its copy of the ROM, which tools may change */
  char *created_at;    /* ISO 8601 UTC */
} z3_proposal;

void z3_proposal_release(z3_proposal *p);

/* Copies rom_path into a new sandbox and registers it as "open". */
z3_status z3_proposal_create(z3_registry *r, const char *rom_path, const char *title,
                             z3_proposal *out, z3_error *err);
z3_status z3_proposal_get(z3_registry *r, int64_t id, z3_proposal *out, z3_error *err);

/* A tool session confined to the proposal's sandbox (agent rules on, its ROM
 * as the default, the audit log in the state folder). Borrowed strings: valid
 * while p is. */
void z3_proposal_session(const z3_proposal *p, const char *audit_path, z3_tool_session *out);

/* Appends one tool call to the proposal's command log (sandbox/commands.jsonl). */
z3_status z3_proposal_log_call(const z3_proposal *p, const char *tool, const json_t *args,
                               const z3_tool_result *result, z3_error *err);

#endif
