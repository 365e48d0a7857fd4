/* agent proposal accept|reject|revert|archive, agent commit|revert, agent policy check. */
#include <stdio.h>
#include <string.h>

#include "agent/policy.h"
#include "agent/proposal.h"
#include "agent/handlers_proposal.h"

typedef struct decision_ctx {
  char *state;
  z3_registry *r;
  z3_policy policy;
  bool policy_loaded;
} decision_ctx;

static z3_status open_state(const z3_cmd_ctx *ctx, decision_ctx *d, z3_error *err) {
  memset(d, 0, sizeof *d);
  d->state = z3_cmd__state_dir(ctx);
  if (!d->state) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  return z3_registry_open_existing(&d->r, d->state, err);
}

static z3_status load_policy(decision_ctx *d, const char *given, z3_error *err) {
  char *path = given ? z3_strdup(given) : z3_policy_path(d->state);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (given && !z3_file_exists(path)) {
    z3_error_set(err, Z3_E_IO, "cannot open the policy '%s'", path);
    z3_free(path);
    return Z3_E_IO;
  }
  z3_status st = z3_policy_load(&d->policy, path, err);
  d->policy_loaded = st == Z3_OK;
  z3_free(path);
  return st;
}

static void close_state(decision_ctx *d) {
  if (d->policy_loaded) z3_policy_release(&d->policy);
  z3_registry_close(d->r);
  z3_free(d->state);
}

static z3_decide_opts options(const z3_cmd_ctx *ctx) {
  z3_decide_opts o = {
      .rom_path = ctx->rom_path,
      .dry_run = ctx->dry_run,
      .no_backup = ctx->no_backup,
      .reviewer = z3_arg_str(ctx, "reviewer"),
      .role = z3_arg_str(ctx, "role"),
  };
  if (z3_command_arg(ctx->cmd, "changes")) o.changes = z3_arg_str(ctx, "changes");
  if (z3_command_arg(ctx->cmd, "rebase")) o.rebase = z3_arg_bool(ctx, "rebase");
  return o;
}

/* The report goes into the result also when the library refused with Z3_E_CHECK. */
static void take_report(z3_cmd_ctx *ctx, json_t *report) {
  if (!report) return;
  json_object_update(ctx->result, report);
  json_decref(report);
}

z3_status cmd_agent_proposal_accept(z3_cmd_ctx *ctx, z3_error *err) {
  decision_ctx d;
  int64_t id = 0;
  json_t *report = NULL;
  z3_status st = open_state(ctx, &d, err);
  if (st == Z3_OK) st = z3_cmd__proposal_id(ctx, d.r, "open", true, &id, err);
  if (st == Z3_OK) st = load_policy(&d, NULL, err);
  z3_decide_opts o = options(ctx);
  o.policy = d.policy_loaded && d.policy.present ? &d.policy : NULL;
  if (st == Z3_OK) st = z3_proposal_accept(d.r, id, &o, &report, err);
  take_report(ctx, report);
  close_state(&d);
  return st;
}

z3_status cmd_agent_proposal_revert(z3_cmd_ctx *ctx, z3_error *err) {
  decision_ctx d;
  int64_t id = 0;
  json_t *report = NULL;
  z3_status st = open_state(ctx, &d, err);
  if (st == Z3_OK) st = z3_cmd__proposal_id(ctx, d.r, "accepted", true, &id, err);
  z3_decide_opts o = options(ctx);
  if (st == Z3_OK) st = z3_proposal_revert(d.r, id, &o, &report, err);
  take_report(ctx, report);
  close_state(&d);
  return st;
}

z3_status cmd_agent_proposal_reject(z3_cmd_ctx *ctx, z3_error *err) {
  decision_ctx d;
  int64_t id = z3_arg_int(ctx, "proposal-id");
  const char *reason = z3_arg_str(ctx, "reason"), *note = z3_arg_str(ctx, "note");
  z3_status st = open_state(ctx, &d, err);
  if (st == Z3_OK) st = z3_proposal_reject(d.r, id, reason, note, ctx->dry_run, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "id", json_integer(id));
    json_object_set_new(ctx->result, "status", json_string(ctx->dry_run ? "open" : "rejected"));
    json_object_set_new(ctx->result, "reason", json_string(reason));
    json_object_set_new(ctx->result, "note", note ? json_string(note) : json_null());
    json_object_set_new(ctx->result, "dry_run", json_boolean(ctx->dry_run));
  }
  close_state(&d);
  return st;
}

z3_status cmd_agent_proposal_archive(z3_cmd_ctx *ctx, z3_error *err) {
  decision_ctx d;
  int64_t id = z3_arg_int(ctx, "proposal-id");
  z3_proposal p = {0};
  z3_status st = open_state(ctx, &d, err);
  if (st == Z3_OK) st = z3_proposal_get(d.r, id, &p, err);
  if (st == Z3_OK) st = z3_proposal_archive(d.r, id, ctx->dry_run, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "id", json_integer(id));
    json_object_set_new(ctx->result, "status", json_string(ctx->dry_run ? p.status : "archived"));
    json_object_set_new(ctx->result, "previous_status", json_string(p.status));
    json_object_set_new(ctx->result, "dry_run", json_boolean(ctx->dry_run));
  }
  z3_proposal_release(&p);
  close_state(&d);
  return st;
}

/* No proposal to check (none open, or no registry yet): the policy file alone is checked. */
static z3_status policy_only(z3_cmd_ctx *ctx, decision_ctx *d, z3_error *err) {
  z3_status st = load_policy(d, z3_arg_str(ctx, "policy"), err);
  if (st) return st;
  json_object_set_new(ctx->result, "passed", json_true());
  json_object_set_new(ctx->result, "proposal_id", json_null());
  json_object_set_new(ctx->result, "rules", json_array());
  json_object_set_new(ctx->result, "reasons", json_array());
  json_object_set_new(ctx->result, "checks", json_array());
  json_object_set_new(ctx->result, "policy", z3_policy_json(&d->policy));
  json_object_set_new(ctx->result, "note", json_string(d->policy.present
      ? "no open proposal: the policy file is valid"
      : "no open proposal and no policy file: nothing is enforced"));
  return Z3_OK;
}

static z3_status check_one(z3_cmd_ctx *ctx, decision_ctx *d, int64_t id, z3_error *err) {
  z3_proposal p = {0};
  json_t *verdict = NULL;
  z3_status st = load_policy(d, z3_arg_str(ctx, "policy"), err);
  if (st == Z3_OK) st = z3_proposal_get(d->r, id, &p, err);
  z3_decide_opts o = options(ctx);
  o.policy = &d->policy;
  if (st == Z3_OK) st = z3_proposal_check_policy(&p, &o, &verdict, err);
  if (st == Z3_OK) {
    json_object_update(ctx->result, verdict);
    json_object_set_new(ctx->result, "proposal_id", json_integer(id));
    json_object_set_new(ctx->result, "policy", z3_policy_json(&d->policy));
    json_t *reasons = json_object_get(verdict, "reasons");
    if (!json_is_true(json_object_get(verdict, "passed"))) {
      z3_error_set(err, Z3_E_CHECK, "proposal %lld fails %zu rule%s of the policy: %s", (long long)id,
                   json_array_size(reasons), json_array_size(reasons) == 1 ? "" : "s",
                   json_string_value(json_array_get(reasons, 0)));
      st = Z3_E_CHECK;
    }
  }
  json_decref(verdict);
  z3_proposal_release(&p);
  return st;
}

z3_status cmd_agent_policy_check(z3_cmd_ctx *ctx, z3_error *err) {
  decision_ctx d;
  int64_t id = 0;
  z3_status st = open_state(ctx, &d, err);
  bool given = z3_arg_given(ctx, "proposal-id");
  if (st == Z3_OK) st = z3_cmd__proposal_id(ctx, d.r, "open", false, &id, err);
  if (st == Z3_E_NOT_FOUND && !given) { /* nothing open: check the file */
    z3_error_init(err);
    st = policy_only(ctx, &d, err);
  } else if (st == Z3_OK) {
    st = check_one(ctx, &d, id, err);
  }
  close_state(&d);
  return st;
}
