/*
 * agent plan / run / chat: the command side of the model loop. The handlers
 * pick the provider, make the proposal and its session, run agent/loop.c and
 * fill the result. Only chat talks to the terminal while it runs, through the
 * small stdio section at the end (the loop itself takes callbacks).
 */
#define _DEFAULT_SOURCE /* getline, isatty */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent/llm.h"
#include "agent/proposal.h"
#include "agent/proposal_internal.h"
#include "agent/handlers_llm.h"

enum { MAX_RESULT_BYTES = 64 << 10, TITLE_MAX = 72, CHANGES_SHOWN = 20, MAX_CONVERSATION = 64 << 20 };

#define CONVERSATION_FILE "conversation.json"

/* ---- the model ----------------------------------------------------------------------- */

static const char *env(const char *name) {
  const char *v = getenv(name);
  return v && *v ? v : NULL;
}

/* --provider, else replay when a script is given, else $Z3ED_PROVIDER, else ollama. */
static z3_status pick_provider(const z3_cmd_ctx *ctx, z3_llm_provider *out, z3_error *err) {
  const char *name = z3_arg_str(ctx, "provider");
  const char *from = "--provider";
  if (!name && z3_arg_str(ctx, "replay")) name = "replay";
  if (!name && (name = env("Z3ED_PROVIDER"))) from = "Z3ED_PROVIDER";
  if (!name) name = "ollama";
  if (z3_llm_provider_parse(name, out)) return Z3_OK;
  z3_error_set(err, Z3_E_USAGE, "unknown provider '%s' in %s", name, from);
  z3_error_hint(err, "use ollama, openai, gemini, anthropic or replay");
  return Z3_E_USAGE;
}

static z3_status open_model(const z3_cmd_ctx *ctx, z3_llm **llm, z3_error *err) {
  z3_llm_config cfg = {.max_retries = -1};
  z3_status st = pick_provider(ctx, &cfg.provider, err);
  if (st) return st;
  cfg.model = z3_arg_str(ctx, "model");
  cfg.base_url = z3_arg_str(ctx, "base-url");
  cfg.api_key = z3_arg_str(ctx, "api-key");
  cfg.replay_path = z3_arg_str(ctx, "replay");
  if (z3_arg_given(ctx, "timeout")) cfg.timeout_seconds = (double)z3_arg_int(ctx, "timeout");
  if (cfg.provider != Z3_LLM_REPLAY && cfg.replay_path) {
    z3_error_set(err, Z3_E_USAGE, "--replay plays a script, but --provider is %s", z3_llm_provider_name(cfg.provider));
    z3_error_hint(err, "leave out --provider (or give --provider replay)");
    return Z3_E_USAGE;
  }
  return z3_llm_open(llm, &cfg, err);
}

static void describe_model(const z3_cmd_ctx *ctx, const z3_llm *llm) {
  json_object_set_new(ctx->result, "provider", json_string(z3_llm_provider_name(z3_llm_kind(llm))));
  json_object_set_new(ctx->result, "model", json_string(z3_llm_model(llm)));
  json_object_set_new(ctx->result, "rom", json_string(ctx->rom_path));
}

static z3_agent_limits limits_of(const z3_cmd_ctx *ctx) {
  z3_agent_limits l = {0};
  if (z3_command_arg(ctx->cmd, "max-steps")) {
    l.max_steps = (int)z3_arg_int(ctx, "max-steps");
    l.max_tool_calls = (int)z3_arg_int(ctx, "max-tool-calls");
    l.max_bytes_changed = (size_t)z3_arg_int(ctx, "max-bytes-changed");
  }
  return l;
}

/* Copies the report's members into the result, in the report's order. */
static void merge(json_t *result, const json_t *report) {
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)report, key, v) json_object_set(result, key, v);
}

/* ---- agent plan ------------------------------------------------------------------------- */

/* The plan as a replay script: turn 1 asks for the planned calls, turn 2
 * insists they all worked, so running a reviewed plan that fails halfway ends
 * with a check failure instead of a quiet success. */
static json_t *plan_script(const char *prompt, const json_t *report) {
  json_t *calls = json_array(), *ok = json_array();
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(report, "calls"), i, c) {
    json_t *args = json_object_get(c, "arguments");
    json_array_append_new(calls, json_pack("{s:O,s:O}", "name", json_object_get(c, "tool"), "arguments",
                                           json_is_object(args) ? args : json_object()));
    json_array_append_new(ok, json_pack("{s:O,s:b}", "tool", json_object_get(c, "tool"), "is_error", 0));
  }
  const json_t *answer = json_object_get(report, "answer");
  json_t *first = json_pack("{s:s,s:o}", "text", json_is_string(answer) ? json_string_value(answer) : "", "tool_calls", calls);
  json_t *second = json_pack("{s:{s:o},s:s}", "expect", "tool_results", ok, "text", "the reviewed plan ran");
  return json_pack("{s:s,s:s,s:[o,o]}", "format", "z3ed-replay/1", "description", prompt, "turns", first, second);
}

static z3_status save_plan(z3_cmd_ctx *ctx, const char *prompt, const json_t *report, z3_error *err) {
  json_t *script = plan_script(prompt, report);
  char *text = script ? json_dumps(script, JSON_INDENT(2)) : NULL;
  json_decref(script);
  if (!text) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  char *line = z3_strfmt("%s\n", text);
  free(text);
  z3_status st = line ? z3_cmd_write_file(ctx, z3_arg_str(ctx, "save"), line, strlen(line), err)
                      : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_free(line);
  return st;
}

z3_status cmd_agent_plan(z3_cmd_ctx *ctx, z3_error *err) {
  z3_llm *llm = NULL;
  z3_agent *agent = NULL;
  json_t *report = NULL;
  const char *prompt = z3_arg_str(ctx, "prompt");
  z3_status st = open_model(ctx, &llm, err);
  if (st == Z3_OK) {
    describe_model(ctx, llm);
    z3_agent_options o = {.llm = llm, .rom_path = ctx->rom_path, .tools = z3_arg_str(ctx, "tools")};
    st = z3_agent_new(&agent, &o, err);
  }
  if (st == Z3_OK) st = z3_agent_plan(agent, prompt, &report, err);
  if (st == Z3_OK) merge(ctx->result, report);
  if (st == Z3_OK && z3_arg_given(ctx, "save")) st = save_plan(ctx, prompt, report, err);
  json_decref(report);
  z3_agent_free(agent);
  z3_llm_close(llm);
  return st;
}

/* ---- agent run and chat ---------------------------------------------------------------- */

typedef struct run_state {
  z3_cmd_ctx *ctx;
  z3_llm *llm;
  z3_agent *agent;
  z3_registry *reg;
  z3_proposal proposal;
  bool has_proposal;
  bool continued;    /* --proposal-id: an earlier run's proposal, never archived here */
  json_t *history;   /* its conversation, or NULL */
  z3_tool_session session;
  char *audit;
  z3_error log_err;  /* the first call that could not be logged */
  FILE *events;      /* where a person watching sees the conversation, or NULL */
} run_state;

static void log_call(void *user, const char *tool, const json_t *args, const z3_tool_result *r) {
  run_state *rs = user;
  if (rs->has_proposal && rs->log_err.code == Z3_OK) z3_proposal_log_call(&rs->proposal, tool, args, r, &rs->log_err);
}

/* A person at a terminal reads the events as lines; any other front end (the
 * TUI's chat, MCP progress) gets the tool calls and notices as they happen
 * through the progress sink; the model's words come with the result. */
static void print_event(void *user, z3_agent_event kind, const char *text) {
  run_state *rs = user;
  static const char *const prefix[] = {"", "  > ", "  ! "};
  if (!rs->events) {
    if (kind != Z3_AGENT_TEXT) z3_cmd_progress("%s%s", kind == Z3_AGENT_CALL ? "tool " : "notice: ", text);
    return;
  }
  fprintf(rs->events, "%s%s\n", prefix[kind], text);
  fflush(rs->events);
}

/* ---- going on with a proposal's conversation ----------------------------------------- */

static char *conversation_path(const z3_proposal *p) { return z3_strfmt("%s/" CONVERSATION_FILE, p->sandbox_dir); }

/* The conversation an earlier run left in the proposal's folder; none is an empty history. */
static z3_status load_history(run_state *rs, z3_error *err) {
  char *path = conversation_path(&rs->proposal);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  if (z3_file_exists(path)) {
    z3_buf b;
    z3_buf_init(&b);
    json_error_t je;
    st = z3_file_read(&b, path, MAX_CONVERSATION, err);
    if (st == Z3_OK && !(rs->history = json_loadb((const char *)b.data, b.len, 0, &je)))
      st = z3_error_set(err, Z3_E_INVALID, "%s:%d:%d: %s", path, je.line, je.column, je.text);
    z3_buf_release(&b);
  }
  z3_free(path);
  return st;
}

/* Proposal --proposal-id, if it is open and was made from --rom. */
static z3_status continue_proposal(run_state *rs, int64_t id, z3_error *err) {
  z3_status st = z3_proposal_get(rs->reg, id, &rs->proposal, err);
  if (st) return st;
  rs->has_proposal = rs->continued = true;
  char *real = z3_prop__realpath(rs->ctx->rom_path, err);
  if (!real) return Z3_E_IO;
  bool same_rom = strcmp(real, rs->proposal.rom_path) == 0;
  z3_free(real);
  if (strcmp(rs->proposal.status, "open") != 0) {
    z3_error_set(err, Z3_E_INVALID, "proposal %lld is %s; only an open proposal can go on", (long long)id,
                 rs->proposal.status);
    z3_error_hint(err, "leave out --proposal-id to start a new proposal");
    return Z3_E_INVALID;
  }
  if (!same_rom) {
    z3_error_set(err, Z3_E_USAGE, "proposal %lld was made from %s, not from --rom %s", (long long)id,
                 rs->proposal.rom_path, rs->ctx->rom_path);
    z3_error_hint(err, "give --rom %s", rs->proposal.rom_path);
    return Z3_E_USAGE;
  }
  return load_history(rs, err);
}

/* Keeps the conversation beside the proposal's sandbox for the next --proposal-id. */
static z3_status save_history(run_state *rs, z3_error *err) {
  if (!rs->has_proposal || !rs->agent) return Z3_OK;
  json_t *conv = z3_agent_conversation(rs->agent);
  char *text = conv ? json_dumps(conv, JSON_INDENT(1)) : NULL;
  char *path = conversation_path(&rs->proposal);
  json_decref(conv);
  z3_status st = text && path ? z3_file_write_atomic(path, text, strlen(text), NULL, err)
                              : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  free(text);
  z3_free(path);
  return st;
}

static char *title_of(const z3_cmd_ctx *ctx, const char *prompt) {
  const char *t = z3_arg_str(ctx, "title");
  if (t) return z3_strdup(t);
  size_t n = strlen(prompt);
  return n > TITLE_MAX ? z3_strfmt("%.*s...", TITLE_MAX - 3, prompt) : z3_strdup(prompt);
}

static z3_status make_proposal(run_state *rs, const char *title, z3_error *err) {
  char *state = z3_state_dir();
  if (!state) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_registry_open(&rs->reg, state, err);
  if (st == Z3_OK && z3_command_arg(rs->ctx->cmd, "proposal-id") && z3_arg_given(rs->ctx, "proposal-id")) {
    st = continue_proposal(rs, (int64_t)z3_arg_int(rs->ctx, "proposal-id"), err);
  } else if (st == Z3_OK) {
    st = z3_proposal_create(rs->reg, rs->ctx->rom_path, title, &rs->proposal, err);
    rs->has_proposal = st == Z3_OK;
  }
  if (st == Z3_OK && !(rs->audit = z3_strfmt("%s/audit.jsonl", state))) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) z3_proposal_session(&rs->proposal, rs->audit, &rs->session);
  z3_free(state);
  return st;
}

static z3_status start(run_state *rs, z3_cmd_ctx *ctx, const char *prompt, z3_error *err) {
  rs->ctx = ctx;
  z3_error_init(&rs->log_err);
  z3_status st = open_model(ctx, &rs->llm, err);
  if (st) return st;
  describe_model(ctx, rs->llm);
  char *title = title_of(ctx, prompt ? prompt : "agent chat");
  if (!title) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (ctx->dry_run && z3_command_arg(ctx->cmd, "proposal-id") && z3_arg_given(ctx, "proposal-id")) {
    z3_free(title);
    z3_error_set(err, Z3_E_USAGE, "--dry-run makes no proposal, so it cannot go on with --proposal-id");
    return Z3_E_USAGE;
  }
  if (!ctx->dry_run) st = make_proposal(rs, title, err);
  else rs->session = (z3_tool_session){.agent = true, .default_rom = ctx->rom_path};
  z3_free(title);
  if (st) return st;
  rs->session.limits.max_output_bytes = MAX_RESULT_BYTES; /* keeps one result from flooding the context */
  z3_agent_options o = {.llm = rs->llm, .session = &rs->session, .rom_path = rs->session.default_rom,
                        .dry_run = ctx->dry_run, .limits = limits_of(ctx), .tools = z3_arg_str(ctx, "tools"),
                        .history = rs->history,
                        .hooks = {.user = rs, .on_call = log_call, .on_event = print_event}};
  return z3_agent_new(&rs->agent, &o, err);
}

static json_t *review_commands(const run_state *rs) {
  long long id = (long long)rs->proposal.id;
  json_t *list = json_array();
  char *lines[] = {z3_strfmt("z3ed agent proposal diff --proposal-id %lld", id),
                   z3_strfmt("z3ed agent proposal accept --proposal-id %lld --rom %s", id, rs->ctx->rom_path),
                   z3_strfmt("z3ed agent proposal reject --proposal-id %lld --reason other --note 'why'", id)};
  for (size_t i = 0; i < 3; i++) {
    if (lines[i]) json_array_append_new(list, json_string(lines[i]));
    z3_free(lines[i]);
  }
  return list;
}

static json_t *proposal_json(const run_state *rs) {
  if (!rs->has_proposal) return json_null();
  json_t *o = json_pack("{s:I,s:s,s:s,s:s}", "id", (json_int_t)rs->proposal.id, "title", rs->proposal.title,
                        "status", rs->proposal.status, "sandbox_rom", rs->proposal.sandbox_rom);
  z3_change_set set;
  if (o && z3_proposal_changes(&rs->proposal, &set, NULL) == Z3_OK) {
    json_object_set_new(o, "changes", z3_change_set_json(&set, CHANGES_SHOWN));
    z3_change_set_release(&set);
  }
  return o ? o : json_null();
}

/* Fills the result and explains a stop or failure in terms of the proposal. */
static z3_status finish(run_state *rs, z3_status st, z3_error *err) {
  json_t *result = rs->ctx->result;
  json_object_set_new(result, "proposal", proposal_json(rs));
  json_object_set_new(result, "review", rs->has_proposal ? review_commands(rs) : json_array());
  bool ran = rs->agent && z3_agent_tool_calls(rs->agent) > 0;
  z3_error save_err;
  z3_error_init(&save_err);
  z3_status saved = save_history(rs, &save_err);
  if (st != Z3_OK && st != Z3_E_CHECK && rs->has_proposal && !ran && !rs->continued) {
    z3_proposal_archive(rs->reg, rs->proposal.id, false, NULL); /* nothing ran: no empty proposal left behind */
    z3_error_hint(err, "no tool ran; the empty proposal %lld was archived", (long long)rs->proposal.id);
  } else if (st != Z3_OK && rs->has_proposal) {
    z3_error_hint(err, "proposal %lld holds what was done; see 'z3ed agent proposal diff --proposal-id %lld'",
                  (long long)rs->proposal.id, (long long)rs->proposal.id);
  }
  if (st == Z3_OK && rs->log_err.code != Z3_OK) {
    *err = rs->log_err; /* the calls ran, but the proposal's log is incomplete: say so */
    return rs->log_err.code;
  }
  if (st == Z3_OK && saved != Z3_OK) {
    *err = save_err; /* the edits are in the proposal, but the next --proposal-id would start afresh */
    return saved;
  }
  return st;
}

static void stop(run_state *rs) {
  z3_agent_free(rs->agent);
  z3_llm_close(rs->llm);
  if (rs->has_proposal) z3_proposal_release(&rs->proposal);
  json_decref(rs->history);
  z3_registry_close(rs->reg);
  z3_free(rs->audit);
}

z3_status cmd_agent_run(z3_cmd_ctx *ctx, z3_error *err) {
  const char *prompt = z3_arg_str(ctx, "prompt");
  if (!prompt && !z3_arg_given(ctx, "replay")) {
    z3_error_set(err, Z3_E_USAGE, "'agent run' needs --prompt");
    z3_error_hint(err, "--prompt 'what to do' (only a replay script can go without one)");
    return Z3_E_USAGE;
  }
  if (!prompt) prompt = "carry out the replay script";
  run_state rs = {0};
  rs.events = isatty(STDERR_FILENO) ? stderr : NULL; /* progress for a person at a terminal */
  z3_status st = start(&rs, ctx, prompt, err);
  json_t *report = NULL;
  if (st == Z3_OK) st = z3_agent_turn(rs.agent, prompt, &report, err);
  if (report) merge(ctx->result, report);
  json_decref(report);
  st = finish(&rs, st, err);
  stop(&rs);
  return st;
}

/* ---- chat's terminal side ------------------------------------------------------------------ */

typedef struct chat_input {
  bool prompt; /* show "> " before each line */
} chat_input;

static char *read_stdin_line(void *user) {
  const chat_input *in = user;
  if (in->prompt) {
    fputs("> ", stdout);
    fflush(stdout);
  }
  char *line = NULL;
  size_t cap = 0;
  if (getline(&line, &cap, stdin) < 0) {
    free(line);
    return NULL;
  }
  return line;
}

z3_status cmd_agent_chat(z3_cmd_ctx *ctx, z3_error *err) {
  run_state rs = {0};
  rs.events = ctx->format == Z3_FORMAT_TEXT ? stdout : stderr; /* stdout stays one document for machines */
  chat_input in = {.prompt = isatty(STDIN_FILENO) && ctx->format == Z3_FORMAT_TEXT};
  z3_status st = start(&rs, ctx, NULL, err);
  json_t *report = NULL;
  z3_agent_io io = {.user = &in, .read_line = read_stdin_line};
  if (st == Z3_OK) st = z3_agent_chat(rs.agent, &io, &report, err);
  if (report) merge(ctx->result, report);
  json_decref(report);
  st = finish(&rs, st, err);
  stop(&rs);
  return st;
}
