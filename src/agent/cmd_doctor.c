/*
 * doctor <scope> [--fix]: the findings of zelda3/doctor, and with --fix a
 * proposal holding one tool call per repair.
 *
 * The repairs run on the proposal's sandbox ROM through z3_tool_call, as an
 * agent's calls would, and are logged in its command and change logs, so
 * `agent proposal diff` names each change by its command's reason and a
 * person accepts them one by one. The real ROM is never written here.
 * Header repairs (the checksum) run last, so the checksum they store covers
 * every other repair.
 */
#include <stdio.h>
#include <string.h>

#include "agent/handlers_doctor.h"
#include "agent/handlers_proposal.h"
#include "agent/proposal.h"
#include "zelda3/doctor.h"

static int scope_of(const z3_cmd_ctx *ctx) {
  for (int i = 0; z3_doctor_scope_names[i]; i++)
    if (strcmp(ctx->cmd->action, z3_doctor_scope_names[i]) == 0) return i;
  return Z3_DOCTOR_ROM;
}

static bool header_repair(const z3_finding *f) { return strncmp(f->kind->id, "header.", 7) == 0; }

/* "z3ed dungeon remove-sprite --room 18 --index 16" for people to read. */
static char *command_line(const json_t *command) {
  const char *tool = json_string_value(json_object_get(command, "tool"));
  const z3_command *cmd = tool ? z3_tool_find(tool) : NULL;
  z3_tool_argv argv = {0};
  if (!cmd || z3_tool_argv_build(&argv, cmd, json_object_get(command, "args"), NULL, NULL) != Z3_OK) {
    z3_tool_argv_release(&argv);
    return z3_strdup(tool ? tool : "?");
  }
  z3_buf line;
  z3_buf_init(&line);
  z3_buf_append(&line, "z3ed", 4, NULL);
  for (int i = 0; i < argv.count; i++) {
    z3_buf_append(&line, " ", 1, NULL);
    z3_buf_append(&line, argv.words[i], strlen(argv.words[i]), NULL);
  }
  z3_buf_append(&line, "", 1, NULL);
  z3_tool_argv_release(&argv);
  return (char *)line.data;
}

/* Each finding's repair commands as command lines, beside its JSON. */
static json_t *findings_json(const z3_rom *rom, const z3_doctor_report *rep) {
  json_t *list = json_array();
  for (size_t i = 0; i < rep->count; i++) {
    json_t *o = z3_finding_json(rom, &rep->items[i]);
    json_t *lines = json_array();
    size_t k;
    json_t *c;
    json_array_foreach(json_object_get(o, "commands"), k, c) {
      char *line = command_line(c);
      json_array_append_new(lines, json_string(line ? line : ""));
      z3_free(line);
    }
    json_object_set_new(o, "command_lines", lines);
    json_array_append_new(list, o);
  }
  return list;
}

/* ---- --fix ------------------------------------------------------------------- */

typedef struct fixer {
  const z3_proposal *p;
  z3_tool_session session;
  json_t *repairs;
  json_t *out;
} fixer;

static z3_status run_command(fixer *fx, const json_t *command, json_t *entry, z3_error *err) {
  const char *tool = json_string_value(json_object_get(command, "tool"));
  z3_tool_result res = {0};
  z3_tool_call(&fx->session, tool, json_object_get(command, "args"), &res);
  z3_status st = z3_proposal_log_call(fx->p, tool, json_object_get(command, "args"), &res, err);
  json_t *done = json_object_get(entry, "commands_run");
  json_array_append_new(done, json_pack("{s:s,s:s,s:s?}", "tool", tool, "status", z3_status_name(res.status), "message",
                                        res.status == Z3_OK ? NULL : res.error.message));
  if (res.status != Z3_OK) json_object_set_new(entry, "applied", json_false());
  json_t *ranges = json_object_get(entry, "ranges"), *changes = json_object_get(res.result, "changes");
  if (res.status == Z3_OK && json_is_array(changes)) json_array_extend(ranges, changes);
  z3_tool_result_release(&res);
  return st;
}

static z3_status run_repair(fixer *fx, const z3_finding *f, size_t index, z3_error *err) {
  json_t *entry = json_pack("{s:I,s:s,s:s,s:o?,s:s,s:b,s:[],s:[]}", "finding", (json_int_t)index + 1, "kind",
                            f->kind->id, "structure", f->structure, "id", f->id >= 0 ? json_integer(f->id) : NULL,
                            "repair", f->kind->repair, "applied", 1, "commands_run", "ranges");
  json_array_append_new(fx->repairs, entry);
  z3_status st = Z3_OK;
  size_t k;
  json_t *c;
  json_array_foreach(f->repair, k, c) {
    if (st == Z3_OK) st = run_command(fx, c, entry, err);
  }
  return st;
}

static z3_status run_repairs(fixer *fx, const z3_doctor_report *rep, z3_error *err) {
  z3_status st = Z3_OK;
  for (int pass = 0; pass < 2 && st == Z3_OK; pass++) {
    for (size_t i = 0; i < rep->count && st == Z3_OK; i++) {
      const z3_finding *f = &rep->items[i];
      if (f->repair && header_repair(f) == (pass == 1)) st = run_repair(fx, f, i, err);
    }
  }
  return st;
}

static bool touches(const json_t *ranges, const z3_prop_change *c) {
  size_t k;
  json_t *r;
  json_array_foreach(ranges, k, r) {
    json_int_t at = json_integer_value(json_object_get(r, "offset"));
    json_int_t len = json_integer_value(json_object_get(r, "length"));
    if (at < (json_int_t)(c->offset + (c->length ? c->length : 1)) && (json_int_t)c->offset < at + len) return true;
  }
  return false;
}

/* Which of the diff's changes each repair made (its commands' change logs),
 * so a person accepts one repair with `accept --changes` and those numbers. */
static z3_status number_changes(fixer *fx, z3_error *err) {
  z3_change_set set;
  z3_status st = z3_proposal_changes(fx->p, &set, err);
  if (st) return st;
  size_t i;
  json_t *entry;
  json_array_foreach(fx->repairs, i, entry) {
    json_t *numbers = json_array();
    for (size_t c = 0; c < set.count; c++)
      if (touches(json_object_get(entry, "ranges"), &set.changes[c]))
        json_array_append_new(numbers, json_integer((json_int_t)set.changes[c].index));
    json_object_set_new(entry, "changes", numbers);
    json_object_del(entry, "ranges");
  }
  json_object_set_new(fx->out, "change_count", json_integer((json_int_t)set.count));
  z3_change_set_release(&set);
  return Z3_OK;
}

static char *proposal_title(const z3_cmd_ctx *ctx, const z3_doctor_report *rep) {
  return z3_strfmt("doctor %s: %d repair%s", ctx->cmd->action, rep->repairable, rep->repairable == 1 ? "" : "s");
}

static z3_status make_proposal(z3_cmd_ctx *ctx, const z3_doctor_report *rep, json_t *out, z3_error *err) {
  char *state = z3_cmd__state_dir(ctx);
  char *title = proposal_title(ctx, rep);
  char *audit = state ? z3_strfmt("%s/audit.jsonl", state) : NULL;
  if (!state || !title || !audit) {
    z3_free(state), z3_free(title), z3_free(audit);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  z3_registry *r = NULL;
  z3_proposal p = {0};
  fixer fx = {.p = &p, .repairs = json_array(), .out = out};
  z3_status st = z3_registry_open(&r, state, err);
  if (st == Z3_OK) st = z3_proposal_create(r, ctx->rom_path, title, &p, err);
  if (st == Z3_OK) {
    z3_proposal_session(&p, audit, &fx.session);
    st = run_repairs(&fx, rep, err);
    if (st == Z3_OK) st = number_changes(&fx, err);
    json_object_set_new(out, "id", json_integer(p.id));
    json_object_set_new(out, "title", json_string(title));
    json_object_set_new(out, "sandbox_rom", json_string(p.sandbox_rom));
  }
  json_object_set_new(out, "repairs", fx.repairs);
  z3_proposal_release(&p);
  z3_registry_close(r);
  z3_free(state), z3_free(title), z3_free(audit);
  return st;
}

/* The proposal --fix made (null without --fix, or with nothing to repair). */
static z3_status fix(z3_cmd_ctx *ctx, const z3_doctor_report *rep, z3_error *err) {
  if (!z3_arg_bool(ctx, "fix") || rep->repairable == 0 || ctx->dry_run) {
    json_object_set_new(ctx->result, "proposal", json_null());
    return Z3_OK;
  }
  json_t *out = json_object();
  json_object_set_new(ctx->result, "proposal", out);
  return make_proposal(ctx, rep, out, err);
}

z3_status cmd_doctor(z3_cmd_ctx *ctx, z3_error *err) {
  z3_doctor_report rep;
  z3_status st = z3_doctor_run(ctx->rom, (z3_doctor_scope)scope_of(ctx), &rep, err);
  if (st) return st;
  json_object_set_new(ctx->result, "scope", json_string(ctx->cmd->action));
  json_object_set_new(ctx->result, "clean", json_boolean(rep.errors == 0 && rep.warnings == 0));
  json_object_set_new(ctx->result, "errors", json_integer(rep.errors));
  json_object_set_new(ctx->result, "warnings", json_integer(rep.warnings));
  json_object_set_new(ctx->result, "infos", json_integer(rep.infos));
  json_object_set_new(ctx->result, "repairable", json_integer(rep.repairable));
  json_object_set_new(ctx->result, "findings", findings_json(ctx->rom, &rep));
  json_object_set_new(ctx->result, "dry_run", json_boolean(ctx->dry_run));
  st = fix(ctx, &rep, err);
  int errors = rep.errors;
  z3_doctor_report_release(&rep);
  if (st) return st;
  if (errors) {
    z3_error_set(err, Z3_E_CHECK, "'%s' has %d error finding%s", ctx->rom_path, errors, errors == 1 ? "" : "s");
    if (!z3_arg_bool(ctx, "fix")) z3_error_hint(err, "--fix proposes the repairs that are safe; see docs/doctor.md");
    return Z3_E_CHECK;
  }
  return Z3_OK;
}
