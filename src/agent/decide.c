/*
 * Decisions on proposals: accept, revert, reject, archive, and the policy
 * check that gates an accept.
 *
 * Accept and revert hold the registry's write lock from re-reading the status
 * until the decision is committed, so two people accepting the same proposal
 * (or accepting two proposals into one ROM) take turns. The real ROM is saved
 * before the registry is updated: if the commit then fails, the ROM holds the
 * proposal while the registry still says open, and a second accept --rebase
 * sees the bytes already there and finishes the job.
 */
#include <stdio.h>
#include <string.h>

#include "agent/proposal_internal.h"

const char *const z3_reject_reasons[] = {"incorrect-palette", "misplaced-sprite",
                                         "regression-detected", "other", NULL};

static const char *const from_open[] = {"open", NULL};
static const char *const from_accepted[] = {"accepted", NULL};
static const char *const from_any[] = {"open", "accepted", "rejected", "reverted", NULL};

/* The caller names the ROM to change; it must be the one the proposal was made from. */
static z3_status check_target(const z3_proposal *p, const char *rom_path, z3_error *err) {
  if (!rom_path) {
    z3_error_set(err, Z3_E_USAGE, "name the ROM to change with --rom");
    z3_error_hint(err, "proposal %lld was made from '%s'", (long long)p->id, p->rom_path);
    return Z3_E_USAGE;
  }
  char *real = z3_prop__realpath(rom_path, err);
  if (!real) return Z3_E_IO;
  bool same = strcmp(real, p->rom_path) == 0;
  z3_free(real);
  if (same) return Z3_OK;
  if (z3_file_exists(p->rom_path)) {
    z3_error_set(err, Z3_E_USAGE, "proposal %lld changes '%s', not '%s'", (long long)p->id, p->rom_path, rom_path);
    z3_error_hint(err, "pass --rom %s", p->rom_path);
    return Z3_E_USAGE;
  }
  /* "pass --rom X" would send the user to a file that is gone */
  z3_error_set(err, Z3_E_USAGE, "proposal %lld changes '%s', which is gone, not '%s'", (long long)p->id,
               p->rom_path, rom_path);
  z3_error_hint(err, "if '%s' is that ROM moved, put it back at '%s' for this command, then move it again",
                rom_path, p->rom_path);
  return Z3_E_USAGE;
}

static z3_status expect_status(const z3_proposal *p, const char *want, const char *verb, z3_error *err) {
  if (strcmp(p->status, want) == 0) return Z3_OK;
  z3_error_set(err, Z3_E_INVALID, "proposal %lld is %s; only %s proposals can be %s", (long long)p->id,
               p->status, want, verb);
  if (strcmp(p->status, "open") == 0) z3_error_hint(err, "accept it first with 'z3ed agent proposal accept'");
  else z3_error_hint(err, "see 'z3ed agent proposal show --proposal-id %lld'; a new proposal starts with 'agent proposal create'",
                     (long long)p->id);
  return Z3_E_INVALID;
}

static z3_status select_changes(const z3_change_set *set, const z3_proposal *p, const char *list,
                                size_t **sel, size_t *n, z3_error *err) {
  if (!set->count) {
    z3_error_set(err, Z3_E_INVALID, "proposal %lld changes nothing", (long long)p->id);
    z3_error_hint(err, "reject or archive it instead");
    return Z3_E_INVALID;
  }
  if (list) return z3_change_set_select(set, list, sel, n, err);
  *sel = z3_malloc(set->count * sizeof **sel);
  if (!*sel) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (size_t i = 0; i < set->count; i++) (*sel)[i] = i + 1;
  *n = set->count;
  return Z3_OK;
}

/* A change in the grown tail cannot land without the size change. */
static z3_status check_tail(const z3_change_set *set, const size_t *sel, size_t n, z3_error *err) {
  size_t resize = 0, old = set->base->data.len;
  bool picked = false;
  for (size_t i = 0; i < set->count; i++) if (set->changes[i].resize) resize = set->changes[i].index;
  for (size_t k = 0; k < n; k++) picked |= sel[k] == resize;
  for (size_t k = 0; k < n && resize && !picked; k++) {
    if (set->changes[sel[k] - 1].offset >= old) {
      z3_error_set(err, Z3_E_USAGE, "change %zu lies past the end of the %zu-byte ROM", sel[k], old);
      z3_error_hint(err, "select change %zu (the size change) too", resize);
      return Z3_E_USAGE;
    }
  }
  return Z3_OK;
}

static z3_status write_tests(const z3_proposal *p, const json_t *verdict, z3_error *err) {
  char when[32];
  z3_prop__now(when);
  json_t *doc = json_pack("{s:s,s:O,s:O,s:O}", "time", when, "passed", json_object_get(verdict, "passed"),
                          "checks", json_object_get(verdict, "checks"), "rules", json_object_get(verdict, "rules"));
  char *path = z3_strfmt("%s/tests.json", p->sandbox_dir);
  z3_status st = doc && path ? z3_prop__write_json(path, doc, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  json_decref(doc);
  z3_free(path);
  return st;
}

static z3_status evaluate(const z3_proposal *p, const z3_change_set *set, const size_t *sel, size_t n,
                          const z3_decide_opts *o, json_t **verdict, z3_error *err) {
  z3_byte_range *runs = NULL;
  size_t run_count = 0, bytes = 0;
  z3_status st = z3_prop__selected_runs(set, sel, n, &runs, &run_count, &bytes, err);
  z3_policy_subject subject = {.rom = set->rom, .ranges = runs, .range_count = run_count,
                               .bytes_changed = bytes, .sandbox_dir = p->sandbox_dir,
                               .sandbox_rom = p->sandbox_rom, .reviewer = o->reviewer, .role = o->role};
  if (st == Z3_OK) st = z3_policy_evaluate(o->policy, &subject, verdict, err);
  if (st == Z3_OK && !o->dry_run) st = write_tests(p, *verdict, err);
  z3_free(runs);
  return st;
}

z3_status z3_proposal_check_policy(const z3_proposal *p, const z3_decide_opts *o, json_t **verdict,
                                   z3_error *err) {
  *verdict = NULL;
  z3_change_set set;
  size_t *sel = NULL, n = 0;
  z3_status st = z3_proposal_changes(p, &set, err);
  if (st) return st;
  if (o->changes) st = z3_change_set_select(&set, o->changes, &sel, &n, err);
  else if (set.count) st = select_changes(&set, p, NULL, &sel, &n, err);
  if (st == Z3_OK) st = evaluate(p, &set, sel, n, o, verdict, err);
  z3_free(sel);
  z3_change_set_release(&set);
  return st;
}

/* ---- accept ------------------------------------------------------------------- */

typedef struct accept_job {
  z3_registry *r;
  z3_proposal p;
  const z3_decide_opts *o;
  z3_change_set set;
  size_t *sel, n;
  z3_rom *real;
  z3_file_stamp stamp; /* the real ROM as it was read */
  json_t *report;
} accept_job;

static json_t *indices_json(const size_t *sel, size_t n) {
  json_t *a = json_array();
  for (size_t k = 0; k < n; k++) json_array_append_new(a, json_integer((json_int_t)sel[k]));
  return a;
}

static z3_status policy_gate(accept_job *j, z3_error *err) {
  if (!j->o->policy) return Z3_OK;
  json_t *verdict = NULL;
  z3_status st = evaluate(&j->p, &j->set, j->sel, j->n, j->o, &verdict, err);
  if (st) return st;
  json_object_set_new(j->report, "policy", verdict);
  if (json_is_true(json_object_get(verdict, "passed"))) return Z3_OK;
  json_t *reasons = json_object_get(verdict, "reasons");
  z3_error_set(err, Z3_E_CHECK, "the policy refuses proposal %lld: %s%s", (long long)j->p.id,
               json_string_value(json_array_get(reasons, 0)),
               json_array_size(reasons) > 1 ? " (and more: see the report)" : "");
  z3_error_hint(err, "'z3ed agent policy check --proposal-id %lld' lists every rule", (long long)j->p.id);
  return Z3_E_CHECK;
}

/* Base unchanged: apply. Changed: only with rebase, and only without overlaps. */
static z3_status check_base(accept_job *j, const char *sha1, z3_error *err) {
  bool stale = strcmp(sha1, j->p.base_sha1) != 0;
  json_object_set_new(j->report, "rebased", json_boolean(stale));
  if (!stale) return Z3_OK;
  if (!j->o->rebase) {
    z3_error_set(err, Z3_E_INVALID, "'%s' changed since proposal %lld was made (SHA-1 %.12s, was %.12s)",
                 j->p.rom_path, (long long)j->p.id, sha1, j->p.base_sha1);
    z3_error_hint(err, "--rebase applies the proposal onto the ROM as it is now when their changes do not overlap");
    return Z3_E_INVALID;
  }
  json_t *conflicts = z3_prop__conflicts(&j->set, j->sel, j->n, j->real);
  json_object_set_new(j->report, "conflicts", conflicts);
  if (!json_array_size(conflicts)) return Z3_OK;
  char where[256] = "";
  for (size_t i = 0; i < json_array_size(conflicts) && i < 4; i++) {
    json_t *c = json_array_get(conflicts, i);
    const char *res = json_string_value(json_object_get(c, "resource"));
    size_t used = strlen(where);
    snprintf(where + used, sizeof where - used, "%schange %lld at %s%s%s%s", i ? ", " : "",
             (long long)json_integer_value(json_object_get(c, "change")),
             json_string_value(json_object_get(c, "address")) ? json_string_value(json_object_get(c, "address")) : "?",
             res ? " (" : "", res ? res : "", res ? ")" : "");
  }
  z3_error_set(err, Z3_E_CHECK, "cannot rebase proposal %lld: the ROM changed where it does: %s%s",
               (long long)j->p.id, where, json_array_size(conflicts) > 4 ? ", ..." : "");
  z3_error_hint(err, "accept the other changes with --changes, or make a new proposal from the current ROM");
  return Z3_E_CHECK;
}

static z3_status save_and_record(accept_job *j, const char *before, z3_error *err) {
  /* The registry's lock orders accepts and reverts; the stamp keeps any other
   * process's save of the ROM from vanishing under ours. */
  z3_write_opts wo = {.backup = !j->o->no_backup, .unchanged_since = &j->stamp};
  z3_status st = z3_rom_save(j->real, j->p.rom_path, &wo, err);
  if (st) return st;
  json_object_set_new(j->report, "written", json_string(j->p.rom_path));
  char *bak = wo.backup ? z3_file_backup_name(j->p.rom_path) : NULL;
  json_object_set_new(j->report, "backup", bak ? json_string(bak) : json_null());
  z3_free(bak);
  char after[41], when[32];
  z3_prop__rom_sha1(j->real, after);
  z3_prop__now(when);
  json_object_set_new(j->report, "sha1_after", json_string(after));
  json_t *record = json_pack("{s:I,s:s,s:s,s:s,s:s,s:o,s:O,s:o}", "proposal", (json_int_t)j->p.id,
                             "rom_path", j->p.rom_path, "time", when, "sha1_before", before, "sha1_after",
                             after, "changes", indices_json(j->sel, j->n), "rebased",
                             json_object_get(j->report, "rebased"), "writes", z3_prop__writes_json(j->real, true));
  char *path = z3_strfmt("%s/accepted.json", j->p.sandbox_dir);
  st = record && path ? z3_prop__write_json(path, record, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  json_decref(record);
  z3_free(path);
  z3_reg_decision d = {.to = "accepted", .reviewer = j->o->reviewer, .role = j->o->role};
  if (st == Z3_OK) st = z3_reg__decide(j->r, &j->p, from_open, &d, err);
  if (st == Z3_OK) st = z3_reg__commit(j->r, err);
  if (st) z3_error_hint(err, "the ROM was written; 'agent proposal accept --rebase' finishes recording it");
  return st;
}

/* Under the write lock: the ROM as it is now, the changes onto it, then save. */
static z3_status apply_locked(accept_job *j, z3_error *err) {
  z3_proposal now;
  z3_status st = z3_proposal_get(j->r, j->p.id, &now, err);
  if (st == Z3_OK) st = expect_status(&now, "open", "accepted", err);
  z3_proposal_release(&now);
  if (st == Z3_OK) z3_file_stamp_take(j->p.rom_path, &j->stamp);
  if (st == Z3_OK) st = z3_rom_load(&j->real, j->p.rom_path, err);
  if (st) return st;
  char before[41];
  z3_prop__rom_sha1(j->real, before);
  json_object_set_new(j->report, "sha1_before", json_string(before));
  st = check_base(j, before, err);
  bool valid = z3_rom_checksum_ok(j->real) || z3_rom_checksum_ok(j->set.rom);
  if (st == Z3_OK) st = z3_prop__apply(&j->set, j->sel, j->n, j->p.id, j->real, err);
  if (st == Z3_OK && valid && !z3_rom_checksum_ok(j->real)) st = z3_rom_fix_checksum(j->real, err);
  if (st) return st;
  json_object_set_new(j->report, "bytes_changed", json_integer((json_int_t)z3_rom_bytes_changed(j->real)));
  json_object_set_new(j->report, "changes", z3_prop__writes_json(j->real, false));
  if (j->o->dry_run) return Z3_OK;
  st = save_and_record(j, before, err);
  if (st == Z3_OK) json_object_set_new(j->report, "status", json_string("accepted"));
  return st;
}

z3_status z3_proposal_accept(z3_registry *r, int64_t id, const z3_decide_opts *o, json_t **report,
                             z3_error *err) {
  accept_job j = {.r = r, .o = o, .report = json_object()};
  *report = NULL;
  if (!j.report) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_proposal_get(r, id, &j.p, err);
  if (st == Z3_OK) st = expect_status(&j.p, "open", "accepted", err);
  if (st == Z3_OK) st = check_target(&j.p, o->rom_path, err);
  if (st == Z3_OK) st = z3_proposal_changes(&j.p, &j.set, err);
  if (st == Z3_OK) st = select_changes(&j.set, &j.p, o->changes, &j.sel, &j.n, err);
  if (st == Z3_OK) st = check_tail(&j.set, j.sel, j.n, err);
  if (st == Z3_OK) {
    json_object_set_new(j.report, "id", json_integer(id));
    json_object_set_new(j.report, "status", json_string("open"));
    json_object_set_new(j.report, "rom", json_string(j.p.rom_path));
    json_object_set_new(j.report, "applied", indices_json(j.sel, j.n));
    json_object_set_new(j.report, "dry_run", json_boolean(o->dry_run));
    json_object_set_new(j.report, "written", json_null());
    json_object_set_new(j.report, "policy", json_null());
    st = policy_gate(&j, err);
  }
  if (st == Z3_OK) st = z3_reg__begin(r, err);
  if (st == Z3_OK) st = apply_locked(&j, err);
  z3_reg__rollback(r); /* a dry run, or a failure: nothing recorded */
  if (st == Z3_OK || st == Z3_E_CHECK) *report = j.report;
  else json_decref(j.report);
  z3_rom_free(j.real);
  z3_free(j.sel);
  z3_change_set_release(&j.set);
  z3_proposal_release(&j.p);
  return st;
}

/* ---- revert, reject, archive ------------------------------------------------------ */

static z3_status revert_locked(z3_registry *r, const z3_proposal *p, const z3_decide_opts *o,
                               const json_t *accepted, json_t *report, z3_error *err) {
  z3_proposal now;
  z3_status st = z3_proposal_get(r, p->id, &now, err);
  if (st == Z3_OK) st = expect_status(&now, "accepted", "reverted", err);
  z3_proposal_release(&now);
  z3_rom *real = NULL;
  z3_file_stamp stamp;
  z3_file_stamp_take(p->rom_path, &stamp);
  if (st == Z3_OK) st = z3_rom_load(&real, p->rom_path, err);
  bool valid = real && z3_rom_checksum_ok(real);
  json_t *conflicts = NULL;
  if (st == Z3_OK) st = z3_prop__unapply(accepted, p->id, real, &conflicts, err);
  if (st == Z3_OK && json_array_size(conflicts)) {
    json_object_set(report, "conflicts", conflicts);
    json_t *c = json_array_get(conflicts, 0);
    z3_error_set(err, Z3_E_CHECK, "cannot revert proposal %lld: %zu of its writes changed since, first at %s (%s)",
                 (long long)p->id, json_array_size(conflicts), json_string_value(json_object_get(c, "address")),
                 json_string_value(json_object_get(c, "reason")));
    z3_error_hint(err, "the ROM was not touched; restore those bytes by hand or from a backup");
    st = Z3_E_CHECK;
  }
  json_decref(conflicts);
  if (st == Z3_OK && valid && !z3_rom_checksum_ok(real)) st = z3_rom_fix_checksum(real, err);
  if (st == Z3_OK) {
    json_object_set_new(report, "bytes_changed", json_integer((json_int_t)z3_rom_bytes_changed(real)));
    json_object_set_new(report, "changes", z3_prop__writes_json(real, false));
  }
  z3_write_opts wo = {.backup = !o->no_backup, .unchanged_since = &stamp};
  if (st == Z3_OK && !o->dry_run) st = z3_rom_save(real, p->rom_path, &wo, err);
  z3_reg_decision d = {.to = "reverted", .reviewer = o->reviewer, .role = o->role};
  if (st == Z3_OK && !o->dry_run) {
    json_object_set_new(report, "written", json_string(p->rom_path));
    char *bak = wo.backup ? z3_file_backup_name(p->rom_path) : NULL;
    json_object_set_new(report, "backup", bak ? json_string(bak) : json_null());
    z3_free(bak);
    st = z3_reg__decide(r, p, from_accepted, &d, err);
    if (st == Z3_OK) st = z3_reg__commit(r, err);
    if (st == Z3_OK) json_object_set_new(report, "status", json_string("reverted"));
  }
  z3_rom_free(real);
  return st;
}

static z3_status read_accepted(const z3_proposal *p, json_t **out, z3_error *err) {
  char *path = z3_strfmt("%s/accepted.json", p->sandbox_dir);
  json_error_t je;
  *out = path ? json_load_file(path, 0, &je) : NULL;
  z3_status st = Z3_OK;
  if (!*out) {
    st = z3_error_set(err, Z3_E_IO, "cannot read '%s': %s", path ? path : "accepted.json", path ? je.text : "out of memory");
    z3_error_hint(err, "the record of what accepting wrote is gone, so the accept cannot be undone safely");
  }
  z3_free(path);
  return st;
}

z3_status z3_proposal_revert(z3_registry *r, int64_t id, const z3_decide_opts *o, json_t **report,
                             z3_error *err) {
  *report = NULL;
  z3_proposal p;
  json_t *accepted = NULL, *rep = json_object();
  if (!rep) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_proposal_get(r, id, &p, err);
  if (st == Z3_OK) st = expect_status(&p, "accepted", "reverted", err);
  if (st == Z3_OK) st = check_target(&p, o->rom_path, err);
  if (st == Z3_OK) st = read_accepted(&p, &accepted, err);
  if (st == Z3_OK) {
    json_object_set_new(rep, "id", json_integer(id));
    json_object_set_new(rep, "status", json_string("accepted"));
    json_object_set_new(rep, "rom", json_string(p.rom_path));
    json_object_set_new(rep, "dry_run", json_boolean(o->dry_run));
    json_object_set_new(rep, "written", json_null());
    st = z3_reg__begin(r, err);
  }
  if (st == Z3_OK) st = revert_locked(r, &p, o, accepted, rep, err);
  z3_reg__rollback(r);
  if (st == Z3_OK || st == Z3_E_CHECK) *report = rep;
  else json_decref(rep);
  json_decref(accepted);
  z3_proposal_release(&p);
  return st;
}

static z3_status decide_simple(z3_registry *r, int64_t id, const char *const *from,
                               const z3_reg_decision *d, bool dry_run, z3_error *err) {
  z3_proposal p;
  z3_status st = z3_proposal_get(r, id, &p, err);
  if (st == Z3_OK) st = z3_reg__begin(r, err);
  if (st == Z3_OK) st = z3_reg__decide(r, &p, from, d, err);
  if (st == Z3_OK && !dry_run) st = z3_reg__commit(r, err);
  z3_reg__rollback(r);
  z3_proposal_release(&p);
  return st;
}

z3_status z3_proposal_reject(z3_registry *r, int64_t id, const char *reason, const char *note,
                             bool dry_run, z3_error *err) {
  bool known = false;
  for (const char *const *t = z3_reject_reasons; reason && *t; t++) known |= strcmp(*t, reason) == 0;
  if (!known) {
    z3_error_set(err, Z3_E_USAGE, "'%s' is not a reject reason", reason ? reason : "");
    z3_error_hint(err, "use incorrect-palette, misplaced-sprite, regression-detected or other");
    return Z3_E_USAGE;
  }
  if (strcmp(reason, "other") == 0 && (!note || !note[0])) {
    z3_error_set(err, Z3_E_USAGE, "the reason 'other' needs a --note saying what was wrong");
    return Z3_E_USAGE;
  }
  z3_reg_decision d = {.to = "rejected", .reason = reason, .note = note};
  return decide_simple(r, id, from_open, &d, dry_run, err);
}

z3_status z3_proposal_archive(z3_registry *r, int64_t id, bool dry_run, z3_error *err) {
  z3_reg_decision d = {.to = "archived"};
  return decide_simple(r, id, from_any, &d, dry_run, err);
}
