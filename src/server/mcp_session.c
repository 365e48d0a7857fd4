/*
 * Session proposals: an MCP client given `--rom R` (and no --proposal) edits
 * at once, in a sandbox. The first call that would change R opens a proposal
 * of R (or resumes the newest open one an earlier session made), the session
 * moves into its sandbox, and calls naming R use the sandbox copy from then
 * on. Every writing call's result says which proposal, what it changes so far
 * and how a person accepts it; accepting stays a person's command.
 */
#define _DEFAULT_SOURCE /* realpath */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "server/mcp_internal.h"

#define SESSION_TITLE "MCP session"

static bool same_file(const char *a, const char *b) {
  char ra[PATH_MAX], rb[PATH_MAX];
  return a && b && realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

/* A call that changes the real ROM in place: the kind that needs a sandbox. */
static bool changes_real_rom(const mcp_server *s, const z3_command *cmd, const json_t *args) {
  if (!(cmd->flags & Z3_CMD_MUTATES_ROM) || json_is_true(json_object_get(args, "dry_run")) ||
      json_object_get(args, "output"))
    return false;
  const char *rom = json_string_value(json_object_get(args, "rom"));
  return !rom || same_file(rom, s->real_rom);
}

/* The newest open proposal an MCP session made for the same ROM. */
static z3_status resume(mcp_server *s, z3_registry *reg, bool *found, z3_error *err) {
  z3_proposal *list = NULL;
  size_t n = 0;
  *found = false;
  z3_status st = z3_registry_list(reg, "open", &list, &n, err);
  for (size_t i = 0; st == Z3_OK && i < n && !*found; i++) {
    if (strncmp(list[i].title, SESSION_TITLE, strlen(SESSION_TITLE)) != 0 || !same_file(list[i].rom_path, s->real_rom))
      continue;
    st = z3_proposal_get(reg, list[i].id, &s->proposal, err);
    *found = st == Z3_OK;
  }
  z3_proposal_list_release(list, n);
  return st;
}

static z3_status open_proposal(mcp_server *s, z3_error *err) {
  z3_registry *reg = NULL;
  z3_status st = z3_registry_open(&reg, s->state_dir, err);
  bool found = false;
  if (st == Z3_OK) st = resume(s, reg, &found, err);
  pthread_mutex_lock(&s->lock);
  char *title = z3_strfmt(SESSION_TITLE " of %s", s->client_name ? s->client_name : "an MCP client");
  pthread_mutex_unlock(&s->lock);
  if (st == Z3_OK && !found) st = z3_proposal_create(reg, s->real_rom, title ? title : SESSION_TITLE, &s->proposal, err);
  z3_free(title);
  z3_registry_close(reg);
  if (st != Z3_OK) return st;
  z3_tool_session kept = s->session;
  z3_proposal_session(&s->proposal, s->audit_path, &s->session);
  s->session.cancel = kept.cancel;
  s->session.limits = kept.limits;
  s->session.client = kept.client;
  s->session.session_id = kept.session_id;
  s->has_proposal = s->session_opened = true;
  mcp_log(s, NULL, MCP_NOTICE, NULL, "%s proposal %lld for %s; its sandbox is %s", found ? "resumed" : "opened",
          (long long)s->proposal.id, s->real_rom, s->proposal.sandbox_rom);
  return Z3_OK;
}

json_t *mcp_session_prepare(mcp_server *s, mcp_job *job) {
  json_t *given = json_object_get(job->req.params, "arguments");
  json_t *args = json_is_object(given) ? json_deep_copy(given) : json_object();
  const z3_command *cmd = z3_tool_find(job->label);
  if (!s->session_proposals || !cmd) return args;
  if (!s->has_proposal && changes_real_rom(s, cmd, args)) {
    z3_error err;
    z3_error_init(&err);
    if (open_proposal(s, &err) != Z3_OK) {
      job->result.status = z3_error_set(&job->result.error, err.code, "cannot open a session proposal: %s", err.message);
      z3_error_hint(&job->result.error, "%s", err.hint[0] ? err.hint : "check the state folder (.z3ed or $Z3ED_HOME)");
      json_decref(args);
      return NULL;
    }
  }
  if (!s->session_opened) return args;
  const char *rom = json_string_value(json_object_get(args, "rom"));
  if (rom && same_file(rom, s->real_rom)) json_object_set_new(args, "rom", json_string(s->proposal.sandbox_rom));
  /* the proposal's base copy is the backup: no FILE.bak beside the sandbox ROM */
  if ((cmd->flags & Z3_CMD_MUTATES_ROM) && z3_command_arg(cmd, "no-backup") && !json_object_get(args, "output"))
    json_object_set_new(args, "no_backup", json_true());
  return args;
}

void mcp_session_annotate(mcp_server *s, const char *tool, json_t *call_result) {
  const z3_command *cmd = z3_tool_find(tool);
  if (!s->session_opened || !cmd || !(cmd->flags & Z3_CMD_MUTATES_ROM)) return;
  z3_change_set set;
  z3_error err;
  z3_error_init(&err);
  json_t *diff = z3_proposal_changes(&s->proposal, &set, &err) == Z3_OK ? z3_change_set_json(&set, 10) : NULL;
  if (diff) z3_change_set_release(&set);
  char *accept = z3_strfmt("z3ed agent proposal accept --proposal-id %lld --rom %s", (long long)s->proposal.id,
                           s->real_rom);
  char *review = z3_strfmt("z3ed agent proposal diff --proposal-id %lld", (long long)s->proposal.id);
  json_t *info = json_pack("{s:{s:I,s:s,s:s,s:s},s:o,s:s,s:s,s:s}", "proposal", "id", (json_int_t)s->proposal.id,
                           "title", s->proposal.title, "status", "open", "sandbox_rom", s->proposal.sandbox_rom, "diff",
                           diff ? diff : json_null(), "review", review ? review : "", "accept", accept ? accept : "",
                           "note", "this change is in the proposal's sandbox; the ROM itself changes only when a "
                           "person accepts it in z3ed");
  z3_free(accept);
  z3_free(review);
  if (!info) return;
  char *text = json_dumps(info, JSON_COMPACT);
  json_t *block = json_pack("{s:s,s:s}", "type", "text", "text", text ? text : "");
  free(text);
  json_array_append_new(json_object_get(call_result, "content"), block);
  json_t *meta = json_object_get(call_result, "_meta");
  if (!meta) json_object_set_new(call_result, "_meta", meta = json_object());
  json_object_set_new(meta, "z3ed/proposal", info);
}

void mcp_session_release(mcp_server *s) {
  z3_free(s->real_rom);
  z3_free(s->client_name);
}
