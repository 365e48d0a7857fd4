/*
 * Setting a server up: options and their defaults, the state folder and the
 * audit log, the tool session (optionally inside an open proposal), the tool
 * list and the instructions the client gets.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "agent/proposal.h"
#include "server/mcp_internal.h"

static const char base_instructions[] =
    "z3ed reads, checks and edits SNES ROMs, with a model of The Legend of Zelda: A Link to the "
    "Past. Every tool is a z3ed command. Read-only tools run freely. A tool that needs a ROM uses "
    "the server's ROM when 'rom' is left out. Start with the resource z3ed://rom/state (or the "
    "tool rom_export_state). Paths are relative to the project folder. "
    "describe_tools without arguments gives the index of every tool (name, summary, safety) by "
    "toolset; with names it gives their full schemas, so you need not list everything.";

static bool make_dirs(const char *path) {
  char *p = z3_strdup(path);
  bool ok = p != NULL;
  for (char *c = p ? p + 1 : NULL; ok && c && *c; c++) {
    if (*c != '/') continue;
    *c = '\0';
    ok = mkdir(p, 0755) == 0 || errno == EEXIST;
    *c = '/';
  }
  ok = ok && (mkdir(p, 0755) == 0 || errno == EEXIST);
  z3_free(p);
  return ok;
}

/* With a default ROM, "rom" is optional for the client: say so in every schema. */
static void adjust_for_default_rom(json_t *tools, const char *rom) {
  size_t i;
  json_t *t;
  json_array_foreach(tools, i, t) {
    json_t *schema = json_object_get(t, "inputSchema");
    json_t *prop = json_object_get(json_object_get(schema, "properties"), "rom");
    json_t *required = json_object_get(schema, "required");
    if (!prop) continue;
    char *desc = z3_strfmt("%s; default: the server's ROM, %s", json_string_value(json_object_get(prop, "description")), rom);
    if (desc) json_object_set_new(prop, "description", json_string(desc));
    z3_free(desc);
    for (size_t k = json_array_size(required); k-- > 0;)
      if (strcmp(json_string_value(json_array_get(required, k)), "rom") == 0) json_array_remove(required, k);
    if (required && json_array_size(required) == 0) json_object_del(schema, "required");
  }
}

/* Every tool an agent may call, in table order. Commands for people only
 * (proposal decisions, scripts, the agent loops) and network ones would always
 * be refused in this session, so listing them would only invite failed calls;
 * the agent loop offers its models the same set. */
static json_t *offered_tools(void) {
  json_t *all = z3_tools_list(), *list = json_array();
  for (size_t i = 0; i < z3_command_count && i < json_array_size(all); i++)
    if (z3_tool_offered_to_agents(&z3_commands[i])) json_array_append(list, json_array_get(all, i));
  json_decref(all);
  return list;
}

/* describe_tools first, so the first page always says how to reach the rest. */
static json_t *listed_tools(const json_t *tools, const char *toolsets) {
  json_t *list = json_array(), *t;
  json_array_append_new(list, z3_describe_tools_tool());
  size_t i;
  json_array_foreach(tools, i, t) {
    const z3_command *c = z3_tool_find(json_string_value(json_object_get(t, "name")));
    if (c && z3_toolsets_include(toolsets, c)) json_array_append(list, t);
  }
  return list;
}

/* Session ids only need to be unguessable enough not to collide between sessions. */
static void random_hex(char *out, size_t size) {
  unsigned char bytes[16] = {0};
  FILE *f = fopen("/dev/urandom", "rb");
  size_t got = f ? fread(bytes, 1, sizeof bytes, f) : 0;
  if (f) fclose(f);
  if (got != sizeof bytes) { /* no urandom: time and address still differ between sessions */
    uint64_t x = (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)out;
    for (size_t i = 0; i < sizeof bytes; i++) x = x * 6364136223846793005u + 1442695040888963407u, bytes[i] = (unsigned char)(x >> 56);
  }
  for (size_t i = 0; i < sizeof bytes && 2 * i + 2 < size; i++) snprintf(out + 2 * i, 3, "%02x", bytes[i]);
}

static z3_status default_runner(void *ctx, const z3_tool_session *s, const char *name, const json_t *args,
                                z3_tool_result *out) {
  (void)ctx;
  return z3_tool_call(s, name, args, out);
}

/* The state folder (proposals live there too) and the audit log in it. */
static bool setup_state(mcp_server *s) {
  s->state_dir = s->opts.state_dir ? z3_strdup(s->opts.state_dir) : z3_state_dir();
  if (!s->state_dir) return false;
  if (s->opts.no_audit) return true;
  if (!make_dirs(s->state_dir)) {
    fprintf(s->diag, "z3ed mcp: error: cannot create the state folder '%s': %s\n", s->state_dir, strerror(errno));
    return false;
  }
  s->audit_path = z3_strfmt("%s/audit.jsonl", s->state_dir);
  return s->audit_path != NULL;
}

static int startup_error(mcp_server *s, int code, const z3_error *err) {
  fprintf(s->diag, "z3ed mcp: error: %s\n", err->message);
  if (err->hint[0]) fprintf(s->diag, "hint: %s\n", err->hint);
  return code;
}

/* --proposal: the session is the proposal's, confined to its sandbox, whose
 * ROM becomes the server's; every call is logged in the proposal. */
static int open_proposal(mcp_server *s) {
  z3_error err;
  z3_error_init(&err);
  z3_registry *reg = NULL;
  if (s->opts.rom_path) {
    z3_error_set(&err, Z3_E_USAGE, "--rom and --proposal exclude each other: a proposal brings its own ROM");
    return startup_error(s, 2, &err);
  }
  z3_status st = z3_registry_open_existing(&reg, s->state_dir, &err);
  if (st == Z3_OK) st = z3_proposal_get(reg, s->opts.proposal_id, &s->proposal, &err);
  z3_registry_close(reg);
  if (st != Z3_OK) return startup_error(s, 3, &err);
  s->has_proposal = true;
  if (strcmp(s->proposal.status, "open") != 0) {
    z3_error_set(&err, Z3_E_USAGE, "proposal %lld is %s; only an open proposal can be worked on",
                 (long long)s->proposal.id, s->proposal.status);
    z3_error_hint(&err, "z3ed agent proposal create --rom ROM --title TITLE makes a new one");
    return startup_error(s, 2, &err);
  }
  z3_proposal_session(&s->proposal, s->audit_path, &s->session);
  s->opts.rom_path = s->proposal.sandbox_rom;
  return 0;
}

static char *instructions_for(const mcp_server *s) {
  if (s->session_proposals)
    return z3_strfmt("%s Tools that change the ROM work on a sandbox copy: the first such call opens a proposal "
                     "(or resumes this ROM's open session proposal), and each result names it, its changes and "
                     "how a person accepts it in z3ed; the ROM itself is never written by this session. Use "
                     "dry_run: true to preview a change first.", base_instructions);
  if (!s->has_proposal)
    return z3_strfmt("%s Tools that would change a ROM or write a file are refused in this session "
                     "(no proposal sandbox); pass dry_run: true to preview their change set instead.",
                     base_instructions);
  return z3_strfmt("%s This session works inside proposal %lld, \"%s\": tools that change a ROM change "
                   "its sandbox copy (%s), which a person reviews and accepts; nothing may be written "
                   "outside the sandbox folder. Use dry_run: true to preview a change first.",
                   base_instructions, (long long)s->proposal.id, s->proposal.title, s->proposal.sandbox_rom);
}

static void fill_defaults(mcp_server *s, FILE *out, const z3_mcp_options *opts) {
  if (opts) s->opts = *opts;
  s->out = out;
  s->diag = s->opts.diag ? s->opts.diag : stderr;
  if (s->opts.max_seconds <= 0) s->opts.max_seconds = 60;
  if (!s->opts.max_output_bytes) s->opts.max_output_bytes = 1u << 20;
  if (s->opts.progress_interval <= 0) s->opts.progress_interval = 1;
  s->inline_calls = !s->opts.run_tool && !s->opts.synchronous; /* a test's runner may block on purpose */
  s->session_proposals = !s->opts.run_tool && !s->opts.read_only && !s->opts.no_audit;
  if (!s->opts.run_tool) s->opts.run_tool = default_runner;
  if (!s->opts.tools_page_size) s->opts.tools_page_size = 64;
  s->log_level = MCP_WARNING; /* until the client picks one: only what matters */
  s->diag_level = MCP_WARNING;
}

int mcp_server_init(mcp_server *s, FILE *out, const z3_mcp_options *opts) {
  memset(s, 0, sizeof *s);
  pthread_mutex_init(&s->out_lock, NULL);
  pthread_mutex_init(&s->lock, NULL);
  pthread_cond_init(&s->wake, NULL);
  pthread_cond_init(&s->finished, NULL);
  fill_defaults(s, out, opts);
  z3_error err;
  z3_error_init(&err);
  if (s->opts.toolsets && z3_toolsets_check(s->opts.toolsets, &err) != Z3_OK) return startup_error(s, 2, &err);
  if (s->opts.log_level && !mcp_parse_level(s->opts.log_level, &s->diag_level)) {
    fprintf(s->diag, "z3ed mcp: error: unknown log level '%s'\n"
                     "hint: use debug, info, notice, warning, error, critical, alert or emergency\n", s->opts.log_level);
    return 2;
  }
  if (!setup_state(s)) return 3;
  /* The client is an agent: safety rules on, no network, no sandbox unless a proposal's. */
  s->session = (z3_tool_session){.agent = true, .default_rom = s->opts.rom_path, .audit_path = s->audit_path,
                                  .cancel = &s->cancel_running, .allow_processes = s->opts.allow_processes};
  int rc = s->opts.proposal_id > 0 ? open_proposal(s) : 0;
  if (rc != 0) return rc;
  s->session_proposals = s->session_proposals && s->opts.rom_path && !s->has_proposal;
  if (s->session_proposals && !(s->real_rom = z3_strdup(s->opts.rom_path))) return 3;
  random_hex(s->session_id, sizeof s->session_id);
  s->session.session_id = s->session_id;
  s->session.limits = (z3_tool_limits){.max_seconds = s->opts.max_seconds, .max_output_bytes = s->opts.max_output_bytes};
  s->instructions = instructions_for(s);
  s->tools = offered_tools();
  if (s->opts.rom_path) adjust_for_default_rom(s->tools, s->opts.rom_path);
  s->listed = listed_tools(s->tools, s->opts.toolsets);
  s->seconds_by_tool = json_object();
  return s->instructions ? 0 : 3;
}

void mcp_server_release(mcp_server *s) {
  mcp_debug_release(s);
  json_decref(s->tools);
  json_decref(s->listed);
  json_decref(s->seconds_by_tool);
  mcp_session_release(s);
  z3_free(s->instructions);
  z3_free(s->audit_path);
  z3_free(s->state_dir);
  if (s->has_proposal) z3_proposal_release(&s->proposal);
  pthread_cond_destroy(&s->wake);
  pthread_cond_destroy(&s->finished);
  pthread_mutex_destroy(&s->lock);
  pthread_mutex_destroy(&s->out_lock);
}

void mcp_log_to_proposal(mcp_server *s, mcp_job *job) {
  if (!s->has_proposal) return;
  z3_error err;
  z3_error_init(&err);
  if (z3_proposal_log_call(&s->proposal, job->label, json_object_get(job->req.params, "arguments"), &job->result,
                           &err) != Z3_OK)
    mcp_log(s, &job->req, MCP_WARNING, NULL, "cannot log %s in proposal %lld: %s", job->label,
            (long long)s->proposal.id, err.message);
}
