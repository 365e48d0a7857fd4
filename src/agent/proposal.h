/*
 * agent/proposal: reviewable changes. A proposal is a sandbox folder (a copy
 * of the ROM, the change log, the command log, test results) plus a row in a
 * SQLite registry in the state folder ($Z3ED_HOME, else .z3ed/ in the current
 * folder). Agents act only inside sandboxes; only accepting a proposal touches
 * the real ROM.
 *
 * Layout of the state folder:
 *   registry.db               the registry (WAL mode: safe for several processes)
 *   policies/agent.yaml       rules checked before an accept (agent/policy.h)
 *   proposals/<id>/rom.sfc    the copy tools change
 *   proposals/<id>/base.sfc   the pristine copy diffs compare against
 *   proposals/<id>/proposal.json   id, title, target ROM, base SHA-1
 *   proposals/<id>/commands.jsonl  one line per tool call (z3_proposal_log_call)
 *   proposals/<id>/changes.jsonl   change-log entries of those calls: offset, length, reason
 *   proposals/<id>/tests.json      the last run of the policy's checks
 *   proposals/<id>/accepted.json   what accepting wrote to the real ROM (revert reads it)
 *
 * Statuses and the moves between them:
 *   open -> accepted | rejected | archived
 *   accepted -> reverted | archived
 *   rejected, reverted -> archived
 *
 * Ownership: z3_proposal fields are the caller's after a successful call;
 * z3_proposal_release frees them. A registry is closed with z3_registry_close.
 */
#ifndef Z3_AGENT_PROPOSAL_H
#define Z3_AGENT_PROPOSAL_H

#include <jansson.h>

#include "agent/tools.h"

struct z3_policy;

/* The state folder: $Z3ED_HOME, else ".z3ed". Caller frees. */
char *z3_state_dir(void);

typedef struct z3_registry z3_registry;
/* Opens (creating the folder and database when missing) the registry of state_dir. */
z3_status z3_registry_open(z3_registry **out, const char *state_dir, z3_error *err);
/* Opens an existing registry only: Z3_E_NOT_FOUND (and nothing created) when
 * state_dir holds none, so read-only commands leave no trace. */
z3_status z3_registry_open_existing(z3_registry **out, const char *state_dir, z3_error *err);
void z3_registry_close(z3_registry *r);
const char *z3_registry_state_dir(const z3_registry *r);

typedef struct z3_proposal {
  int64_t id;
  char *title;
  char *status;        /* "open", "accepted", "rejected", "reverted", "archived" */
  char *rom_path;      /* the real ROM the proposal would change */
  char *base_sha1;     /* SHA-1 of that ROM when the sandbox was made */
  char *sandbox_dir;   /* the proposal's folder */
  char *sandbox_rom;   /* its copy of the ROM, which tools may change */
  char *created_at;    /* ISO 8601 UTC */
  /* The last decision, or NULL. */
  char *decided_at;
  char *reviewer;
  char *role;
  char *reason;        /* reject tag (z3_reject_reasons) */
  char *note;
  char *previous_status; /* before archiving */
} z3_proposal;

void z3_proposal_release(z3_proposal *p);

/* Copies rom_path into a new sandbox and registers it as "open". */
z3_status z3_proposal_create(z3_registry *r, const char *rom_path, const char *title,
                             z3_proposal *out, z3_error *err);
z3_status z3_proposal_get(z3_registry *r, int64_t id, z3_proposal *out, z3_error *err);

/* Proposals with the given status (NULL: every status but "archived"; "all"), newest
 * first. *out is an array the caller frees with z3_proposal_list_release. */
z3_status z3_registry_list(z3_registry *r, const char *status, z3_proposal **out, size_t *count,
                           z3_error *err);
void z3_proposal_list_release(z3_proposal *list, size_t count);
/* Folders under state_dir/proposals that no row of r (NULL: no registry) names, sorted:
 * ones a create set aside as N.orphan-PID because its number was taken, or every
 * sandbox when the registry was lost or replaced. Listed by `agent proposal list`,
 * the TUI and yaze so that none is forgotten silently. Free with z3_folder_list_release. */
z3_status z3_registry_unregistered(const char *state_dir, z3_registry *r, char ***out, size_t *count,
                                   z3_error *err);
void z3_folder_list_release(char **list, size_t count);
/* The same as one sentence for a person ("2 folders under ... : 1, 1.orphan-77"), or
 * NULL when there are none. Caller frees. */
char *z3_registry_unregistered_text(const char *state_dir, z3_registry *r);
/* Id of the newest proposal with `status` whose target is rom_path (any ROM
 * when NULL); Z3_E_NOT_FOUND when there is none. */
z3_status z3_registry_latest(z3_registry *r, const char *status, const char *rom_path, int64_t *id,
                             z3_error *err);
/* The proposal's history: array of {at, event, detail}. */
z3_status z3_registry_history(z3_registry *r, int64_t id, json_t **out, z3_error *err);

/* A tool session confined to the proposal's sandbox (agent rules on, its ROM
 * as the default, the audit log in the state folder). Borrowed strings: valid
 * while p is. */
void z3_proposal_session(const z3_proposal *p, const char *audit_path, z3_tool_session *out);

/* Appends one tool call to the proposal's command log (sandbox/commands.jsonl);
 * the change-log entries of a call that wrote the sandbox ROM also go to
 * sandbox/changes.jsonl, so diffs can name what each range is. */
z3_status z3_proposal_log_call(const z3_proposal *p, const char *tool, const json_t *args,
                               const z3_tool_result *result, z3_error *err);

/* ---- what a proposal changes ------------------------------------------------ */

/* One change as diff shows it: a byte range of the sandbox ROM that differs
 * from base.sfc, inside one bank and one named resource. The header checksum
 * pair is left out: accepting recomputes it. */
typedef struct z3_prop_change {
  size_t index;          /* 1-based, the number --changes takes */
  size_t offset;         /* first differing byte (or the old size, for a resize) */
  size_t length;         /* up to the last differing byte; 0 for a resize */
  size_t bytes_changed;  /* differing bytes inside the range */
  bool resize;           /* the image grows or shrinks to new_size */
  const char *resource;  /* "palette ow_main:0 colour 3", "header title", or NULL */
  const char *source;    /* "recorded" (a tool call's change log), "layout", or NULL */
} z3_prop_change;

typedef struct z3_change_set {
  z3_rom *base, *rom;    /* base.sfc and rom.sfc */
  z3_prop_change *changes;
  size_t count;
  size_t bytes_changed;  /* differing bytes, a size change counted in full */
  size_t checksum_offset;/* the pair diffs leave out (4 bytes) */
  char **names;          /* storage behind the resource strings */
  size_t name_count;
} z3_change_set;

/* Compares the proposal's base.sfc and rom.sfc. */
z3_status z3_proposal_changes(const z3_proposal *p, z3_change_set *out, z3_error *err);
void z3_change_set_release(z3_change_set *s);
/* The set as JSON: changes (at most max_changes; 0 = all), banks, checksum. */
json_t *z3_change_set_json(const z3_change_set *s, size_t max_changes);
/* Parses "1,3,5-7" into indices checked against the set; *out is the caller's. */
z3_status z3_change_set_select(const z3_change_set *s, const char *list, size_t **out,
                               size_t *count, z3_error *err);

/* ---- decisions -------------------------------------------------------------- */

/* Reject tags, from the review feedback of the design (seed 000 §12.2). */
extern const char *const z3_reject_reasons[];

typedef struct z3_decide_opts {
  const char *rom_path;        /* the real ROM as the caller names it; must be the proposal's */
  const char *changes;         /* "1,3" for some changes; NULL = all */
  bool rebase;                 /* apply onto a ROM that changed since, when nothing overlaps */
  bool dry_run;                /* report only */
  bool no_backup;
  const char *reviewer, *role;
  const struct z3_policy *policy; /* rules to pass first; NULL = none */
} z3_decide_opts;

/*
 * Applies the proposal's changes to the real ROM (atomic write, FILE.bak
 * kept unless no_backup) and marks it accepted. Refuses, changing nothing:
 *  - a proposal that is not open;
 *  - a ROM whose SHA-1 differs from base_sha1, unless opts->rebase and none of
 *    the selected ranges changed there too (Z3_E_CHECK, conflicts listed);
 *  - a failing policy (Z3_E_CHECK, the verdict in the report).
 * *report (always set when a report exists, also on Z3_E_CHECK) is the caller's.
 */
z3_status z3_proposal_accept(z3_registry *r, int64_t id, const z3_decide_opts *opts,
                             json_t **report, z3_error *err);
/* Restores the bytes an accept replaced, refusing when any of them changed since. */
z3_status z3_proposal_revert(z3_registry *r, int64_t id, const z3_decide_opts *opts,
                             json_t **report, z3_error *err);
/* reason must be one of z3_reject_reasons; note may be NULL. */
z3_status z3_proposal_reject(z3_registry *r, int64_t id, const char *reason, const char *note,
                             bool dry_run, z3_error *err);
z3_status z3_proposal_archive(z3_registry *r, int64_t id, bool dry_run, z3_error *err);

/* Runs the policy against the proposal (the whole of it, or opts->changes) and
 * records the checks' results in sandbox/tests.json unless opts->dry_run.
 * *verdict: {passed, rules, reasons, checks}. */
z3_status z3_proposal_check_policy(const z3_proposal *p, const z3_decide_opts *opts,
                                   json_t **verdict, z3_error *err);

#endif
