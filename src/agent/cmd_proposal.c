/* agent proposal create|list|show|diff, agent list|diff: making and reading proposals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/proposal.h"
#include "agent/handlers_proposal.h"

char *z3_cmd__state_dir(const z3_cmd_ctx *ctx) {
  const char *given = z3_arg_str(ctx, "state-dir");
  return given ? z3_strdup(given) : z3_state_dir();
}

z3_status z3_cmd__proposal_id(const z3_cmd_ctx *ctx, z3_registry *r, const char *status,
                              bool rom_filter, int64_t *id, z3_error *err) {
  if (z3_arg_given(ctx, "proposal-id")) {
    *id = z3_arg_int(ctx, "proposal-id");
    return Z3_OK;
  }
  return z3_registry_latest(r, status, rom_filter ? ctx->rom_path : NULL, id, err);
}

/* Reading commands open an existing registry only, so they never create a state folder. */
static z3_status open_existing(const z3_cmd_ctx *ctx, z3_registry **r, z3_error *err) {
  char *state = z3_cmd__state_dir(ctx);
  z3_status st = state ? z3_registry_open_existing(r, state, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_free(state);
  return st;
}

static void set_str(json_t *o, const char *key, const char *value) {
  json_object_set_new(o, key, value ? json_string(value) : json_null());
}

static json_t *summary_json(const z3_proposal *p) {
  json_t *o = json_object();
  json_object_set_new(o, "id", json_integer(p->id));
  set_str(o, "title", p->title);
  set_str(o, "status", p->status);
  set_str(o, "created_at", p->created_at);
  set_str(o, "rom_path", p->rom_path);
  set_str(o, "sandbox_rom", p->sandbox_rom);
  set_str(o, "decided_at", p->decided_at);
  return o;
}

static void fill_proposal(json_t *o, const z3_proposal *p) {
  json_object_set_new(o, "id", json_integer(p->id));
  set_str(o, "title", p->title);
  set_str(o, "status", p->status);
  set_str(o, "rom_path", p->rom_path);
  set_str(o, "base_sha1", p->base_sha1);
  set_str(o, "sandbox_dir", p->sandbox_dir);
  set_str(o, "sandbox_rom", p->sandbox_rom);
  set_str(o, "created_at", p->created_at);
}

z3_status cmd_agent_proposal_create(z3_cmd_ctx *ctx, z3_error *err) {
  char *state = z3_cmd__state_dir(ctx);
  const char *title = z3_arg_str(ctx, "title");
  if (!state) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  json_object_set_new(ctx->result, "dry_run", json_boolean(ctx->dry_run));
  if (ctx->dry_run) { /* the ROM was loaded and checked; say where the sandbox would go */
    json_object_set_new(ctx->result, "id", json_null());
    set_str(ctx->result, "title", title);
    set_str(ctx->result, "rom_path", ctx->rom_path);
    char *where = z3_strfmt("%s/proposals/", state);
    set_str(ctx->result, "sandbox_dir", where);
    z3_free(where);
    z3_free(state);
    return Z3_OK;
  }
  z3_registry *r = NULL;
  z3_proposal p = {0};
  z3_status st = z3_registry_open(&r, state, err);
  if (st == Z3_OK) st = z3_proposal_create(r, ctx->rom_path, title, &p, err);
  if (st == Z3_OK) fill_proposal(ctx->result, &p);
  z3_proposal_release(&p);
  z3_registry_close(r);
  z3_free(state);
  return st;
}

z3_status cmd_agent_proposal_list(z3_cmd_ctx *ctx, z3_error *err) {
  z3_registry *r = NULL;
  z3_status st = open_existing(ctx, &r, err);
  json_t *list = json_array(), *unregistered = json_array();
  json_object_set_new(ctx->result, "count", json_integer(0));
  json_object_set_new(ctx->result, "proposals", list);
  json_object_set_new(ctx->result, "unregistered", unregistered);
  if (st == Z3_E_NOT_FOUND) z3_error_init(err), st = Z3_OK; /* no registry: nothing created */
  z3_proposal *all = NULL;
  size_t n = 0;
  if (st == Z3_OK && r) st = z3_registry_list(r, z3_arg_str(ctx, "status"), &all, &n, err);
  for (size_t i = 0; st == Z3_OK && i < n; i++) json_array_append_new(list, summary_json(&all[i]));
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)n));
  z3_proposal_list_release(all, n);
  char *state = st == Z3_OK ? z3_cmd__state_dir(ctx) : NULL;
  char **folders = NULL;
  size_t folder_count = 0;
  if (state) st = z3_registry_unregistered(state, r, &folders, &folder_count, err);
  for (size_t i = 0; i < folder_count; i++) json_array_append_new(unregistered, json_string(folders[i]));
  z3_folder_list_release(folders, folder_count);
  z3_free(state);
  z3_registry_close(r);
  return st;
}

static json_int_t count_lines(const char *dir, const char *name) {
  char *path = z3_strfmt("%s/%s", dir, name);
  z3_buf b;
  z3_buf_init(&b);
  json_int_t n = 0;
  if (path && z3_file_read(&b, path, 256u << 20, NULL) == Z3_OK) {
    for (size_t i = 0; i < b.len; i++) n += b.data[i] == '\n';
  }
  z3_buf_release(&b);
  z3_free(path);
  return n;
}

static json_t *load_json(const char *dir, const char *name) {
  char *path = z3_strfmt("%s/%s", dir, name);
  json_t *v = path && z3_file_exists(path) ? json_load_file(path, 0, NULL) : NULL;
  z3_free(path);
  return v;
}

/* accepted.json without its full byte lists: when, hashes, which changes. */
static json_t *accepted_summary(const z3_proposal *p) {
  json_t *a = load_json(p->sandbox_dir, "accepted.json");
  if (!a) return json_null();
  json_t *o = json_object();
  const char *keep[] = {"time", "sha1_before", "sha1_after", "changes", "rebased"};
  for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++) {
    json_t *v = json_object_get(a, keep[i]);
    if (v) json_object_set(o, keep[i], v);
  }
  json_object_set_new(o, "writes", json_integer((json_int_t)json_array_size(json_object_get(a, "writes"))));
  json_decref(a);
  return o;
}

z3_status cmd_agent_proposal_show(z3_cmd_ctx *ctx, z3_error *err) {
  z3_registry *r = NULL;
  z3_proposal p = {0};
  json_t *history = NULL;
  z3_status st = open_existing(ctx, &r, err);
  if (st == Z3_OK) st = z3_proposal_get(r, z3_arg_int(ctx, "proposal-id"), &p, err);
  if (st == Z3_OK) st = z3_registry_history(r, p.id, &history, err);
  if (st == Z3_OK) {
    fill_proposal(ctx->result, &p);
    json_t *d = json_object();
    set_str(d, "decided_at", p.decided_at);
    set_str(d, "reviewer", p.reviewer);
    set_str(d, "role", p.role);
    set_str(d, "reason", p.reason);
    set_str(d, "note", p.note);
    if (p.previous_status) set_str(d, "previous_status", p.previous_status);
    json_object_set_new(ctx->result, "decision", d);
    json_object_set_new(ctx->result, "history", history);
    json_object_set_new(ctx->result, "commands", json_integer(count_lines(p.sandbox_dir, "commands.jsonl")));
    json_object_set_new(ctx->result, "recorded_changes", json_integer(count_lines(p.sandbox_dir, "changes.jsonl")));
    json_t *tests = load_json(p.sandbox_dir, "tests.json");
    json_object_set_new(ctx->result, "tests", tests ? tests : json_null());
    json_object_set_new(ctx->result, "accepted", accepted_summary(&p));
  }
  z3_proposal_release(&p);
  z3_registry_close(r);
  return st;
}

z3_status cmd_agent_proposal_diff(z3_cmd_ctx *ctx, z3_error *err) {
  z3_registry *r = NULL;
  z3_proposal p = {0};
  z3_change_set set = {0};
  int64_t id = 0;
  z3_status st = open_existing(ctx, &r, err);
  if (st == Z3_OK) st = z3_cmd__proposal_id(ctx, r, "open", false, &id, err);
  if (st == Z3_OK) st = z3_proposal_get(r, id, &p, err);
  if (st == Z3_OK) st = z3_proposal_changes(&p, &set, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "id", json_integer(p.id));
    set_str(ctx->result, "title", p.title);
    set_str(ctx->result, "status", p.status);
    set_str(ctx->result, "rom_path", p.rom_path);
    json_t *diff = z3_change_set_json(&set, (size_t)z3_arg_int(ctx, "max-changes"));
    json_object_update(ctx->result, diff);
    json_decref(diff);
  }
  z3_change_set_release(&set);
  z3_proposal_release(&p);
  z3_registry_close(r);
  return st;
}
