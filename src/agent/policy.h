/*
 * agent/policy: rules a proposal must pass before it is accepted, read from
 * <state folder>/policies/agent.yaml (seed 000 §12.3).
 *
 *   # every key is optional; a missing file means no rules
 *   version: 1
 *   max_bytes_changed: 4096          # bytes that differ, a size change counted in full
 *   forbidden_ranges:                # no changed byte may fall in these
 *     - $00:8000-$00:FFFF            # SNES addresses (a "$" or ":" says so), inclusive
 *     - 0x7FC0-0x7FFF                # file offsets without a copier header, inclusive
 *     - snes: $0E:8000-$0E:FFFF      # the long form, with a reason shown on refusal
 *       reason: dungeon code
 *     - pc: 0x100000
 *   required_checks:                 # commands run on the proposal's ROM; all must pass
 *     - rom validate
 *     - rom validate --strict
 *   reviewer_roles: [maintainer]     # accepting needs --reviewer NAME --role ROLE, ROLE listed
 *   reviewers:                       # optional: the role each reviewer has
 *     ana: maintainer
 *   allow_processes: true            # agents working in a proposal's sandbox may run tools
 *                                    # that start programs (builds, debuggers); default false
 *
 * The automatic checksum update of an accept is exempt from forbidden ranges.
 * Checks must be read-only commands; they run as tools in an agent session
 * confined to the sandbox, with the sandbox ROM as --rom.
 *
 * Errors name the line and the key ("line 4: forbidden_ranges[1]: ..."), and
 * unknown keys are refused (with the closest known key), so a typo never
 * silently disables a rule.
 *
 * Ownership: z3_policy_release frees what z3_policy_load/parse filled.
 */
#ifndef Z3_AGENT_POLICY_H
#define Z3_AGENT_POLICY_H

#include <jansson.h>

#include "snes/rom.h"

enum { Z3_POLICY_MAX_FILE = 1 << 20, Z3_POLICY_MAX_ITEMS = 1024 };

typedef struct z3_policy_range {
  bool snes;            /* lo/hi are SNES addresses; else file offsets */
  uint32_t lo, hi;      /* inclusive */
  char *text;           /* as written */
  char *reason;         /* or NULL */
  int line;
} z3_policy_range;

typedef struct z3_policy_check {
  char *command;        /* as written: "rom validate --strict" */
  char *tool;           /* rom_validate */
  json_t *args;         /* the tool's arguments (no rom: the sandbox's is used) */
  int line;
} z3_policy_check;

typedef struct z3_policy_reviewer {
  char *name, *role;
} z3_policy_reviewer;

typedef struct z3_policy {
  char *path;           /* where it was read from, or NULL */
  bool present;         /* a file was found */
  int64_t max_bytes_changed; /* -1 = no limit */
  int max_bytes_line;
  z3_policy_range *ranges;
  size_t range_count;
  z3_policy_check *checks;
  size_t check_count;
  char **roles;
  size_t role_count;
  int roles_line;
  z3_policy_reviewer *reviewers;
  size_t reviewer_count;
  bool allow_processes;
} z3_policy;

/* Whether the policy of state_dir lets proposal sessions run runs-processes
 * tools; false when it does not say so or cannot be read (deciding the
 * proposal reports a broken policy). */
bool z3_policy_allows_processes(const char *state_dir);
/* <state_dir>/policies/agent.yaml; caller frees. */
char *z3_policy_path(const char *state_dir);
/* Reads path; a missing file gives an empty policy (present = false). */
z3_status z3_policy_load(z3_policy *out, const char *path, z3_error *err);
/* Parses YAML text; `name` is used in messages. */
z3_status z3_policy_parse(z3_policy *out, const char *text, size_t len, const char *name,
                          z3_error *err);
void z3_policy_release(z3_policy *p);
/* The rules as JSON, for `agent policy check` and reports. */
json_t *z3_policy_json(const z3_policy *p);

/* What a verdict is about. */
typedef struct z3_byte_range {
  size_t offset, length;
} z3_byte_range;

typedef struct z3_policy_subject {
  const z3_rom *rom;            /* the proposal's ROM: its mapping places SNES ranges */
  const z3_byte_range *ranges;  /* every changed byte, as runs */
  size_t range_count;
  size_t bytes_changed;
  const char *sandbox_dir;      /* checks run confined here ... */
  const char *sandbox_rom;      /* ... on this ROM */
  const char *reviewer, *role;  /* NULL when not given */
} z3_policy_subject;

/*
 * Evaluates every rule (all of them, so a refusal lists every reason) into
 * *verdict: {"passed": bool, "rules": [{rule, passed, detail, line}],
 * "reasons": [text of each failure], "checks": [{command, passed, status,
 * message, seconds}]}. Returns Z3_OK whether or not the rules pass; an error
 * only when evaluating failed.
 */
z3_status z3_policy_evaluate(const z3_policy *p, const z3_policy_subject *s, json_t **verdict,
                             z3_error *err);

#endif
