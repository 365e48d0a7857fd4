/* Debug sessions owned by the MCP connection: a debug tool called without
 * `session` uses the connection's own, started on first use with the
 * server's ROM (the session proposal's sandbox when one is open) and
 * stopped when the server ends, so an agent needs no socket of its own. */
#include <string.h>

#include "server/mcp_internal.h"

enum { OWN_SESSION_IDLE_SECONDS = 3600 }; /* a crashed server's session still ends */

static bool takes_session(const z3_command *cmd) {
  return cmd && strcmp(cmd->resource, "debug") == 0 && z3_command_arg(cmd, "session");
}

static z3_status start_own(mcp_server *s, z3_tool_result *res) {
  const char *rom = s->has_proposal ? s->proposal.sandbox_rom : s->opts.rom_path;
  if (!rom) {
    z3_error_set(&res->error, Z3_E_USAGE, "no debug session: pass `session`, or start one with debug_start");
    z3_error_hint(&res->error, "serve with `z3ed mcp --rom ROM` and debug tools start a session of that ROM "
                               "for this connection on first use");
    return res->status = Z3_E_USAGE;
  }
  z3_tool_result started;
  json_t *args = json_pack("{s:s,s:i}", "rom", rom, "idle_timeout", OWN_SESSION_IDLE_SECONDS);
  mcp_run_tool(s, "debug_start", args, &started);
  json_decref(args);
  const char *path = json_string_value(json_object_get(started.result, "session"));
  if (started.status == Z3_OK && path) s->debug_session = z3_strdup(path);
  if (!s->debug_session) {
    res->error = started.error;
    res->status = started.status ? started.status : Z3_E_INTERNAL;
    if (!started.status) z3_error_set(&res->error, Z3_E_INTERNAL, "debug_start gave no session path");
  } else {
    mcp_log(s, NULL, MCP_NOTICE, NULL, "started debug session %s of %s for this connection", path, rom);
    z3_tool_result_release(&started);
  }
  return res->status;
}

z3_status mcp_debug_prepare(mcp_server *s, const char *tool, json_t *args, z3_tool_result *res) {
  const z3_command *cmd = z3_tool_find(tool);
  if (!takes_session(cmd) || json_object_get(args, "session")) return Z3_OK;
  if (strcmp(cmd->action, "stop") == 0 && !s->debug_session) return Z3_OK; /* the command says there is none */
  if (!s->debug_session && start_own(s, res)) return res->status;
  json_object_set_new(args, "session", json_string(s->debug_session));
  return Z3_OK;
}

void mcp_debug_finished(mcp_server *s, const char *tool, const json_t *args) {
  const char *used = json_string_value(json_object_get(args, "session"));
  if (!s->debug_session || !used || strcmp(used, s->debug_session) || strcmp(tool, "debug_stop")) return;
  z3_free(s->debug_session); /* stopped on request: the next debug call starts a new one */
  s->debug_session = NULL;
}

void mcp_debug_release(mcp_server *s) {
  if (!s->debug_session) return;
  z3_tool_result res;
  json_t *args = json_pack("{s:s}", "session", s->debug_session);
  mcp_run_tool(s, "debug_stop", args, &res);
  json_decref(args);
  z3_tool_result_release(&res);
  z3_free(s->debug_session);
  s->debug_session = NULL;
}
