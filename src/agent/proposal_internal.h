/* Helpers shared by the proposal files (registry, sandbox, changes, decide); agent/ only. */
#ifndef Z3_AGENT_PROPOSAL_INTERNAL_H
#define Z3_AGENT_PROPOSAL_INTERNAL_H

#include <sqlite3.h>

#include "agent/policy.h"
#include "agent/proposal.h"

struct z3_registry {
  sqlite3 *db;
  char *state_dir;
};

/* Transactions: BEGIN IMMEDIATE takes the write lock at once (waiting up to
 * the busy timeout), so a read-check-write sequence cannot interleave with
 * another process's. */
z3_status z3_reg__begin(z3_registry *r, z3_error *err);
z3_status z3_reg__commit(z3_registry *r, z3_error *err);
void z3_reg__rollback(z3_registry *r);
z3_status z3_reg__sql_error(z3_registry *r, const char *what, z3_error *err);
/* Appends to the proposal's history (inside the caller's transaction). */
z3_status z3_reg__event(z3_registry *r, int64_t id, const char *event, const char *detail,
                        z3_error *err);

/* One decision: moves id from status `from` to `to` and records who and why.
 * Z3_E_INVALID naming both statuses when the proposal is not in `from`. */
typedef struct z3_reg_decision {
  const char *to;
  const char *reviewer, *role, *reason, *note;
} z3_reg_decision;
z3_status z3_reg__decide(z3_registry *r, const z3_proposal *p, const char *const *from,
                         const z3_reg_decision *d, z3_error *err);

/* "2024-05-01T12:00:00Z" into out[32]. */
void z3_prop__now(char out[32]);
/* mkdir -p. */
z3_status z3_prop__mkdirs(const char *path, z3_error *err);
/* Canonical absolute path of an existing file; caller frees. */
char *z3_prop__realpath(const char *path, z3_error *err);
/* SHA-1 of a ROM image (copier header excluded), the way `rom info` reports it. */
void z3_prop__rom_sha1(const z3_rom *rom, char out[41]);
/* Appends one line to a file with a single write (O_APPEND keeps concurrent lines whole). */
z3_status z3_prop__append_line(const char *path, const char *line, z3_error *err);
/* Writes a JSON value atomically (pretty, trailing newline). */
z3_status z3_prop__write_json(const char *path, const json_t *value, z3_error *err);
/* Status names; "did you mean" style errors for the cmd layer. */
bool z3_prop__is_status(const char *s);

#endif

/* ---- applying (apply.c) ------------------------------------------------------ */

/* The exact runs of changed bytes inside the selected changes (a size change
 * as the bytes it adds or removes), and their count; *runs is the caller's. */
z3_status z3_prop__selected_runs(const z3_change_set *s, const size_t *sel, size_t n,
                                 z3_byte_range **runs, size_t *run_count, size_t *bytes,
                                 z3_error *err);
/* Ranges the real ROM changed since base.sfc that overlap selected changes
 * (changes already present in the real ROM do not count); JSON array. */
json_t *z3_prop__conflicts(const z3_change_set *s, const size_t *sel, size_t n, const z3_rom *real);
/* Writes the selected changes into real through its change log. */
z3_status z3_prop__apply(const z3_change_set *s, const size_t *sel, size_t n, int64_t id,
                         z3_rom *real, z3_error *err);
/* real->changes as JSON, with every byte (for accepted.json), or shortened (for reports). */
json_t *z3_prop__writes_json(const z3_rom *real, bool full);
/* Undoes accepted.json's writes on real; mismatches (bytes changed since) go
 * to *conflicts (a JSON array, empty when none). */
z3_status z3_prop__unapply(const json_t *accepted, int64_t id, z3_rom *real, json_t **conflicts,
                           z3_error *err);
