/*
 * The agent loop: the model asks for tool calls, z3ed runs them through the
 * same dispatcher as the CLI and MCP (z3_tool_call, in the caller's session),
 * and the results go back until the model answers without calls or a limit
 * stops it. Plans ask once and run nothing; chat is turns read through a
 * callback. Nothing here prints.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/llm.h"

enum { DEFAULT_MAX_STEPS = 8, DEFAULT_MAX_TOOL_CALLS = 32, MAX_ROM = 64 << 20 };

struct z3_agent {
  z3_agent_options o;
  z3_tool_session session;  /* a copy: the byte budget is set per call */
  bool has_session;
  z3_llm_conv conv;
  json_t *all;              /* every tool the model may call, with full schemas */
  json_t *tools;            /* what each request offers: all, or (compact) describe_tools and
                               the schemas the model asked for */
  bool compact;             /* no --tools filter: the index is in the system prompt */
  z3_buf baseline;          /* the ROM before the first call, for the byte budget */
  bool budget_active;
  size_t bytes_changed;
  int steps, tool_calls;
  int64_t input_tokens, output_tokens;
  json_t *calls;            /* every call of the session */
};

/* ---- tools offered -------------------------------------------------------------- */


static bool filter_has(const char *filter, const char *word) {
  size_t n = strlen(word);
  for (const char *p = filter; *p;) {
    while (*p == ',' || *p == ' ') p++;
    size_t len = strcspn(p, ", ");
    if (len == n && strncmp(p, word, n) == 0) return true;
    p += len;
  }
  return false;
}

/* Every word of the filter must name a tool or a resource: a typo would
 * otherwise silently hide tools from the model. */
static z3_status check_filter(const char *filter, z3_error *err) {
  for (const char *p = filter; *p;) {
    while (*p == ',' || *p == ' ') p++;
    size_t len = strcspn(p, ", ");
    if (!len) break;
    char word[96];
    snprintf(word, sizeof word, "%.*s", (int)(len < 95 ? len : 95), p);
    if (!z3_tool_find(word) && !z3_resource_exists(word)) {
      z3_error_set(err, Z3_E_USAGE, "--tools names '%s', which is neither a tool nor a resource", word);
      const char *near = z3_suggest_resource(word);
      if (near) z3_error_hint(err, "did you mean '%s'?", near);
      else z3_error_hint(err, "tool names are like rom_info; 'z3ed agent describe' lists them");
      return Z3_E_USAGE;
    }
    p += len;
  }
  return Z3_OK;
}

json_t *z3_agent_tools(const char *filter, z3_error *err) {
  if (filter && *filter && check_filter(filter, err)) return NULL;
  json_t *all = z3_tools_list(), *list = json_array();
  for (size_t i = 0; i < z3_command_count && i < json_array_size(all); i++) {
    const z3_command *c = &z3_commands[i];
    json_t *t = json_array_get(all, i);
    const char *name = json_string_value(json_object_get(t, "name"));
    if (!z3_tool_offered_to_agents(c) || !name) continue;
    if (filter && *filter && !filter_has(filter, name) && !filter_has(filter, c->resource)) continue;
    json_array_append_new(list, json_pack("{s:s,s:O,s:O}", "name", name, "description",
                                          json_object_get(t, "description"), "inputSchema",
                                          json_object_get(t, "inputSchema")));
  }
  json_decref(all);
  return list;
}

static bool in_list(const json_t *list, const char *name) {
  size_t i;
  json_t *t;
  json_array_foreach(list, i, t) {
    if (strcmp(json_string_value(json_object_get(t, "name")), name) == 0) return true;
  }
  return false;
}

/* Any tool of the index may be called, described or not: its arguments are checked as usual. */
static bool offered(const z3_agent *a, const char *name) { return in_list(a->all, name); }

/* The model-facing shape of describe_tools (name, description, inputSchema). */
static json_t *describe_tool_for_models(void) {
  json_t *t = z3_describe_tools_tool();
  json_t *out = json_pack("{s:O,s:O,s:O}", "name", json_object_get(t, "name"), "description",
                          json_object_get(t, "description"), "inputSchema", json_object_get(t, "inputSchema"));
  json_decref(t);
  return out;
}

/* Compact discovery: the first request carries the index and one tool; the
 * schemas the model asks for are added to every later request. */
static z3_status offer_tools(z3_agent *a, z3_error *err) {
  a->all = z3_agent_tools(a->o.tools, err);
  if (!a->all) return Z3_E_USAGE;
  a->compact = !a->o.tools || !*a->o.tools;
  a->tools = a->compact ? json_array() : json_incref(a->all);
  if (a->compact) json_array_append_new(a->tools, describe_tool_for_models());
  return Z3_OK;
}

/* ---- a call as a command line ---------------------------------------------------- */

char *z3_agent_call_cmdline(const char *tool, const json_t *args, const char *default_rom) {
  const z3_command *cmd = z3_tool_find(tool);
  z3_tool_argv ws = {0};
  if (!cmd || z3_tool_argv_build(&ws, cmd, args, default_rom, NULL) != Z3_OK) {
    z3_tool_argv_release(&ws);
    char *a = args ? json_dumps(args, JSON_COMPACT) : NULL;
    char *line = z3_strfmt("%s %s", tool, a ? a : "{}");
    free(a);
    return line;
  }
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "z3ed");
  for (int i = 0; i < ws.count; i++) {
    z3_buf_printf(&b, " ");
    z3_buf_shell_word(&b, ws.words[i]);
  }
  z3_tool_argv_release(&ws);
  return z3_buf_take_string(&b);
}

/* A planned call is checked exactly as the CLI would check it, without running. */
static z3_status check_call(const z3_agent *a, const char *tool, const json_t *args, z3_error *err) {
  const z3_command *cmd = z3_tool_find(tool);
  if (!cmd || !offered(a, tool)) {
    z3_error_set(err, Z3_E_NOT_FOUND, "no tool '%s' is offered", tool);
    return Z3_E_NOT_FOUND;
  }
  z3_tool_argv ws = {0};
  z3_status st = z3_tool_argv_build(&ws, cmd, args, a->o.rom_path, err);
  if (st == Z3_OK) {
    z3_cmd_ctx ctx;
    st = z3_cmd_parse(&ctx, ws.count, ws.words, err);
    z3_cmd_ctx_release(&ctx);
  }
  z3_tool_argv_release(&ws);
  return st;
}

/* ---- the agent --------------------------------------------------------------------- */

/* Without a session that allows processes, builds and debuggers would be refused. */
static bool may_run_processes(const z3_agent *a) { return a->has_session && a->session.allow_processes; }

static char *index_section(const z3_agent *a) {
  if (!a->compact) return z3_strdup("");
  char *index = z3_tools_index_text(NULL, may_run_processes(a));
  char *text = z3_strfmt("\n\nTools by toolset (name, safety when not read-only, summary). Before calling one, get "
                         "its arguments with describe_tools {\"names\": [...]} (several at once); they are then "
                         "offered to you as tools.\n%s", index ? index : "");
  z3_free(index);
  return text;
}

static char *base_prompt(const z3_agent_options *o, bool has_session) {
  const char *how = !has_session
                        ? "Nothing runs now (only describe_tools is answered): answer with every tool call the task "
                          "needs, all in one answer, in order. A person reviews them before anything is run."
                    : o->dry_run
                        ? "Calls run for real but in dry-run mode: you see what a change would do, nothing is "
                          "written. Results come back to you; continue until the task is done."
                        : "Your changes go to a sandbox copy of the ROM (a proposal) that a person reviews and "
                          "accepts; the real ROM is never touched. Results come back to you; continue until the "
                          "task is done.";
  return z3_strfmt(
      "You are z3ed's agent. You change a The Legend of Zelda: A Link to the Past (SNES) ROM only through the "
      "tools given, which are z3ed's commands. The ROM is '%s'; leave out the \"rom\" argument and the tools use it. "
      "%s Read before you write when unsure, use as few calls as the task needs, and when it is done answer with a "
      "short summary of what changed, without calling tools.",
      o->rom_path ? o->rom_path : "(none)", how);
}

/* A caller's own prompt gets the index too: without it the model knows no tool names. */
static char *system_prompt(const z3_agent *a) {
  char *base = a->o.system_prompt ? z3_strdup(a->o.system_prompt) : base_prompt(&a->o, a->has_session);
  char *index = index_section(a);
  char *prompt = base && index ? z3_strfmt("%s%s", base, index) : NULL;
  z3_free(base);
  z3_free(index);
  return prompt;
}

static z3_status load_baseline(z3_agent *a, z3_error *err) {
  a->budget_active = a->o.limits.max_bytes_changed > 0 && a->has_session && !a->o.dry_run &&
                     a->session.default_rom;
  return a->budget_active ? z3_file_read(&a->baseline, a->session.default_rom, MAX_ROM, err) : Z3_OK;
}

/* An earlier conversation goes on: its messages follow the new system prompt,
 * and in compact mode the schemas of the tools it called are offered again,
 * so the model's next calls of them need no second describe_tools. */
static z3_status restore(z3_agent *a, z3_error *err) {
  if (!a->o.history) return Z3_OK;
  z3_status st = z3_llm_conv_from_json(a->o.history, &a->conv, err);
  for (size_t i = 0; st == Z3_OK && a->compact && i < a->conv.count; i++) {
    const z3_llm_msg *m = &a->conv.msgs[i];
    for (size_t k = 0; k < m->call_count; k++) {
      const char *name = m->calls[k].name;
      size_t j;
      json_t *t;
      json_array_foreach(a->all, j, t) {
        if (strcmp(json_string_value(json_object_get(t, "name")), name) == 0 && !in_list(a->tools, name))
          json_array_append(a->tools, t);
      }
    }
  }
  return st;
}

json_t *z3_agent_conversation(const z3_agent *a) { return z3_llm_conv_to_json(&a->conv); }

z3_status z3_agent_new(z3_agent **out, const z3_agent_options *o, z3_error *err) {
  *out = NULL;
  if (!o->llm) return z3_error_set(err, Z3_E_USAGE, "the agent needs a model");
  z3_agent *a = z3_calloc(1, sizeof *a);
  if (!a) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  a->o = *o;
  if (a->o.limits.max_steps <= 0) a->o.limits.max_steps = DEFAULT_MAX_STEPS;
  if (a->o.limits.max_tool_calls <= 0) a->o.limits.max_tool_calls = DEFAULT_MAX_TOOL_CALLS;
  a->has_session = o->session != NULL;
  if (o->session) a->session = *o->session;
  z3_llm_conv_init(&a->conv);
  z3_buf_init(&a->baseline);
  a->calls = json_array();
  z3_status st = offer_tools(a, err);
  char *prompt = st ? NULL : system_prompt(a);
  if (st == Z3_OK && (!prompt || !a->calls)) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_llm_conv_set_system(&a->conv, prompt, err);
  if (st == Z3_OK) st = restore(a, err);
  if (st == Z3_OK) st = load_baseline(a, err);
  z3_free(prompt);
  if (st != Z3_OK) {
    z3_agent_free(a);
    return st;
  }
  *out = a;
  return Z3_OK;
}

void z3_agent_free(z3_agent *a) {
  if (!a) return;
  z3_llm_conv_release(&a->conv);
  json_decref(a->tools);
  json_decref(a->all);
  json_decref(a->calls);
  z3_buf_release(&a->baseline);
  z3_free(a);
}

static void emit(const z3_agent *a, z3_agent_event kind, const char *text) {
  if (a->o.hooks.on_event && text && *text) a->o.hooks.on_event(a->o.hooks.user, kind, text);
}

static void count_usage(z3_agent *a, const z3_llm_reply *r) {
  if (r->input_tokens > 0) a->input_tokens += r->input_tokens;
  if (r->output_tokens > 0) a->output_tokens += r->output_tokens;
}

/* ---- running one call ---------------------------------------------------------------- */

/* Bytes of the session's ROM that differ from how it was before the first call. */
static size_t measure_changes(const z3_agent *a) {
  z3_buf now;
  z3_buf_init(&now);
  size_t n = 0;
  if (z3_file_read(&now, a->session.default_rom, MAX_ROM, NULL) == Z3_OK) {
    size_t common = now.len < a->baseline.len ? now.len : a->baseline.len;
    for (size_t i = 0; i < common; i++) n += now.data[i] != a->baseline.data[i];
    n += (now.len > a->baseline.len ? now.len - a->baseline.len : a->baseline.len - now.len);
  }
  z3_buf_release(&now);
  return n;
}

static char *result_text(const z3_tool_result *r) {
  if (r->status == Z3_OK || (r->status == Z3_E_CHECK && r->result)) {
    char *json = r->result ? json_dumps(r->result, JSON_COMPACT) : NULL;
    char *text = z3_strdup(json ? json : "{}");
    free(json);
    return text;
  }
  if (r->error.hint[0]) return z3_strfmt("error (%s): %s; hint: %s", z3_status_name(r->status), r->error.message, r->error.hint);
  return z3_strfmt("error (%s): %s", z3_status_name(r->status), r->error.message);
}

typedef struct outcome {
  char *text;      /* what goes back to the model */
  bool is_error;
  const char *stop; /* set when this call ends the turn */
} outcome;

/* The arguments a call runs with: forced dry runs, and no FILE.bak beside a
 * sandbox ROM (the proposal's base copy already is the backup). */
static json_t *call_args(const z3_agent *a, const z3_command *cmd, const json_t *args) {
  json_t *copy = json_deep_copy(args);
  if (a->o.dry_run && z3_command_arg(cmd, "dry-run")) json_object_set_new(copy, "dry_run", json_true());
  if (a->session.sandbox_dir && z3_command_arg(cmd, "no-backup")) json_object_set_new(copy, "no_backup", json_true());
  return copy;
}

static void execute(z3_agent *a, const z3_command *cmd, const char *tool, const json_t *args, json_t *entry,
                    outcome *out) {
  bool mutates = (cmd->flags & Z3_CMD_MUTATES_ROM) != 0;
  size_t max = a->o.limits.max_bytes_changed;
  if (a->budget_active && mutates && a->bytes_changed >= max) {
    out->text = z3_strfmt("error (usage): not run: this session already changed %zu ROM bytes, its --max-bytes-changed limit",
                          a->bytes_changed);
    out->is_error = true;
    out->stop = "budget";
    return;
  }
  a->session.limits.max_rom_bytes_changed = a->budget_active ? max - a->bytes_changed : 0;
  z3_tool_result r;
  z3_tool_call(&a->session, tool, args, &r);
  if (a->o.hooks.on_call) a->o.hooks.on_call(a->o.hooks.user, tool, args, &r);
  if (a->budget_active && mutates && r.status == Z3_OK) a->bytes_changed = measure_changes(a);
  /* The dispatcher refuses an over-budget edit before saving ("... its limit is N"). */
  bool refused_by_budget = a->budget_active && mutates && r.status == Z3_E_USAGE && strstr(r.error.message, "its limit is");
  if (refused_by_budget) out->stop = "budget";
  out->text = result_text(&r);
  out->is_error = !(r.status == Z3_OK || (r.status == Z3_E_CHECK && r.result));
  json_object_set_new(entry, "ok", json_boolean(!out->is_error));
  json_object_set_new(entry, "error", out->is_error ? json_string(r.error.message) : json_null());
  json_t *changed = r.result ? json_object_get(r.result, "bytes_changed") : NULL;
  json_object_set_new(entry, "bytes_changed", changed ? json_incref(changed) : json_integer(0));
  z3_tool_result_release(&r);
}

/* describe_tools: the schemas asked for join the tools of every later request,
 * so the answer only names them (sending them twice would cost twice). */
static void describe(z3_agent *a, const z3_llm_call *c, outcome *out) {
  json_t *found = NULL;
  z3_error e;
  z3_error_init(&e);
  if (c->args_error) z3_error_set(&e, Z3_E_USAGE, "%s", c->args_error);
  else z3_tools_describe(a->all, c->args, &found, &e);
  json_t *tools = json_object_get(found, "tools"), *t;
  size_t i;
  json_t *names = json_array();
  json_array_foreach(tools, i, t) {
    const char *name = json_string_value(json_object_get(t, "name"));
    if (!in_list(a->tools, name)) json_array_append(a->tools, t);
    json_array_append_new(names, json_string(name));
  }
  if (e.code) {
    out->text = e.hint[0] ? z3_strfmt("error (%s): %s; hint: %s", z3_status_name(e.code), e.message, e.hint)
                          : z3_strfmt("error (%s): %s", z3_status_name(e.code), e.message);
    out->is_error = true;
  } else if (tools) {
    char *list = json_dumps(names, JSON_COMPACT);
    out->text = z3_strfmt("{\"described\":%s,\"note\":\"their full schemas are now in your tool list\"}", list ? list : "[]");
    free(list);
  } else {
    out->text = z3_tools_index_text(NULL, may_run_processes(a));
  }
  json_decref(names);
  json_decref(found);
  char *line = z3_strfmt("%s -> %s", Z3_DESCRIBE_TOOLS, out->is_error ? out->text : "ok");
  emit(a, Z3_AGENT_CALL, line);
  z3_free(line);
}

/* Runs one call (or says why not) and records it. */
static void run_call(z3_agent *a, const z3_llm_call *c, outcome *out) {
  memset(out, 0, sizeof *out);
  if (strcmp(c->name, Z3_DESCRIBE_TOOLS) == 0) {
    describe(a, c, out);
    return;
  }
  json_t *entry = json_pack("{s:s,s:O}", "tool", c->name, "arguments", c->args ? c->args : json_null());
  const z3_command *cmd = z3_tool_find(c->name);
  if (c->args_error) {
    out->text = z3_strfmt("error (usage): %s; the call was not run", c->args_error);
  } else if (!cmd || !offered(a, c->name)) {
    out->text = z3_strfmt("error (not_found): no tool '%s' is offered in this session", c->name);
  } else {
    json_t *args = call_args(a, cmd, c->args);
    json_object_set(entry, "arguments", args);
    execute(a, cmd, c->name, args, entry, out);
    json_decref(args);
  }
  if (!json_object_get(entry, "ok")) {
    out->is_error = true;
    json_object_set_new(entry, "ok", json_false());
    json_object_set_new(entry, "error", json_string(out->text ? out->text : ""));
  }
  char *shown = json_dumps(json_object_get(entry, "arguments"), JSON_COMPACT | JSON_ENCODE_ANY);
  char *line = z3_strfmt("%s %s -> %s", c->name, shown ? shown : "", out->is_error ? (out->text ? out->text : "error") : "ok");
  free(shown);
  emit(a, Z3_AGENT_CALL, line);
  z3_free(line);
  json_array_append_new(a->calls, entry);
}

/* ---- turns ------------------------------------------------------------------------------ */

static z3_status ask(z3_agent *a, z3_llm_reply *reply, z3_error *err) {
  z3_status st = z3_llm_chat(a->o.llm, &a->conv, a->tools, reply, err);
  if (st) return st;
  a->steps++;
  count_usage(a, reply);
  emit(a, Z3_AGENT_TEXT, reply->msg.text);
  return Z3_OK;
}

/* Token counts, or null when the provider reported none (replay). */
static json_t *usage_json(const z3_agent *a) {
  if (a->input_tokens == 0 && a->output_tokens == 0) return json_null();
  return json_pack("{s:I,s:I}", "input_tokens", (json_int_t)a->input_tokens, "output_tokens",
                   (json_int_t)a->output_tokens);
}

typedef struct turn_state {
  int steps, calls;
  bool finished;
  char *answer;
  char stop[256];
} turn_state;

/* Answers every call of the assistant turn at conv index idx: run, or "not
 * run" once a limit has stopped the turn (providers refuse a call left without
 * a result). */
static z3_status answer_calls(z3_agent *a, size_t idx, turn_state *t, z3_error *err) {
  z3_status st = Z3_OK;
  for (size_t i = 0; st == Z3_OK && i < a->conv.msgs[idx].call_count; i++) {
    const z3_llm_call *c = &a->conv.msgs[idx].calls[i];
    outcome out = {0};
    bool meta = strcmp(c->name, Z3_DESCRIBE_TOOLS) == 0; /* reads z3ed's own lists: not a tool call */
    if (!meta && !t->stop[0] && t->calls == a->o.limits.max_tool_calls) {
      snprintf(t->stop, sizeof t->stop, "stopped: --max-tool-calls (%d) reached; the model asked for more in one turn",
               a->o.limits.max_tool_calls);
    }
    if (t->stop[0]) {
      out.text = z3_strfmt("error (usage): not run: %s", t->stop);
      out.is_error = true;
    } else {
      run_call(a, c, &out);
      t->calls += !meta;
      a->tool_calls += !meta;
    }
    if (out.stop && !t->stop[0]) {
      snprintf(t->stop, sizeof t->stop, "stopped: --max-bytes-changed (%zu) reached; the proposal may change no more ROM bytes",
               a->o.limits.max_bytes_changed);
    }
    char *id = z3_strdup(c->id), *name = z3_strdup(c->name); /* c moves when the conversation grows */
    st = id && name && out.text ? z3_llm_conv_add_result(&a->conv, id, name, out.text, out.is_error, err)
                                : z3_error_set(err, Z3_E_NOMEM, "out of memory");
    z3_free(id);
    z3_free(name);
    z3_free(out.text);
  }
  return st;
}

static z3_status one_step(z3_agent *a, turn_state *t, z3_error *err) {
  if (t->steps == a->o.limits.max_steps) {
    snprintf(t->stop, sizeof t->stop, "stopped: --max-steps (%d) reached before the model finished",
             a->o.limits.max_steps);
    return Z3_OK;
  }
  z3_llm_reply reply;
  z3_status st = ask(a, &reply, err);
  if (st) return st;
  t->steps++;
  if (reply.msg.text) {
    z3_free(t->answer);
    t->answer = z3_strdup(reply.msg.text);
  }
  size_t idx = a->conv.count;
  st = z3_llm_conv_add_assistant(&a->conv, &reply.msg, err);
  z3_llm_reply_release(&reply);
  if (st) return st;
  if (a->conv.msgs[idx].call_count == 0) {
    t->finished = true;
    return Z3_OK;
  }
  return answer_calls(a, idx, t, err);
}

static json_t *slice(const json_t *list, size_t from) {
  json_t *out = json_array();
  for (size_t i = from; i < json_array_size(list); i++) json_array_append(out, json_array_get(list, i));
  return out;
}

z3_status z3_agent_turn(z3_agent *a, const char *prompt, json_t **report, z3_error *err) {
  size_t first_call = json_array_size(a->calls);
  turn_state t = {0};
  z3_status st = z3_llm_conv_add_user(&a->conv, prompt, err);
  while (st == Z3_OK && !t.finished && !t.stop[0]) st = one_step(a, &t, err);
  *report = json_pack("{s:o,s:b,s:o,s:i,s:i,s:I,s:o,s:o}", "answer", t.answer ? json_string(t.answer) : json_null(),
                      "finished", t.finished, "stopped", t.stop[0] ? json_string(t.stop) : json_null(), "steps", t.steps,
                      "tool_calls", t.calls, "bytes_changed", (json_int_t)a->bytes_changed, "calls",
                      slice(a->calls, first_call), "usage", usage_json(a));
  z3_free(t.answer);
  if (st == Z3_OK && t.stop[0]) {
    z3_error_set(err, Z3_E_CHECK, "%s", t.stop);
    z3_error_hint(err, "raise the limit, or give the model a smaller task");
    return Z3_E_CHECK;
  }
  return st;
}

/* ---- plans ------------------------------------------------------------------------------ */

static json_t *planned_call(const z3_agent *a, const z3_llm_call *c) {
  z3_error e;
  z3_error_init(&e);
  if (c->args_error) z3_error_set(&e, Z3_E_USAGE, "%s", c->args_error);
  else check_call(a, c->name, c->args, &e);
  char *line = z3_agent_call_cmdline(c->name, c->args, a->o.rom_path);
  json_t *o = json_pack("{s:s,s:O,s:s,s:b,s:o}", "tool", c->name, "arguments", c->args ? c->args : json_null(),
                        "command", line ? line : "", "valid", e.code == Z3_OK, "error",
                        e.code ? json_string(e.message) : json_null());
  z3_free(line);
  return o;
}

static bool only_describes(const z3_llm_msg *m) {
  for (size_t i = 0; i < m->call_count; i++)
    if (strcmp(m->calls[i].name, Z3_DESCRIBE_TOOLS) != 0) return false;
  return m->call_count > 0;
}

/* Answers an answer's describe_tools calls and asks again (nothing else runs),
 * until the model plans real calls or the step limit is reached. */
static z3_status ask_past_describes(z3_agent *a, z3_llm_reply *reply, z3_error *err) {
  z3_status st = ask(a, reply, err);
  turn_state t = {0};
  while (st == Z3_OK && only_describes(&reply->msg) && a->steps < a->o.limits.max_steps) {
    size_t idx = a->conv.count;
    st = z3_llm_conv_add_assistant(&a->conv, &reply->msg, err);
    z3_llm_reply_release(reply);
    if (st == Z3_OK) st = answer_calls(a, idx, &t, err);
    if (st == Z3_OK) st = ask(a, reply, err);
  }
  return st;
}

z3_status z3_agent_plan(z3_agent *a, const char *prompt, json_t **report, z3_error *err) {
  *report = NULL;
  z3_status st = z3_llm_conv_add_user(&a->conv, prompt, err);
  z3_llm_reply reply;
  if (st == Z3_OK) st = ask_past_describes(a, &reply, err);
  if (st) return st;
  json_t *calls = json_array();
  for (size_t i = 0; i < reply.msg.call_count; i++) json_array_append_new(calls, planned_call(a, &reply.msg.calls[i]));
  *report = json_pack("{s:o,s:o,s:o}", "answer", reply.msg.text ? json_string(reply.msg.text) : json_null(), "calls",
                      calls, "usage", usage_json(a));
  st = z3_llm_conv_add_assistant(&a->conv, &reply.msg, err);
  z3_llm_reply_release(&reply);
  return st;
}

/* ---- chat -------------------------------------------------------------------------------- */

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n > 0 && strchr(" \t\r\n", s[n - 1])) s[--n] = '\0';
  return s;
}

int z3_agent_tool_calls(const z3_agent *a) { return a->tool_calls; }

json_t *z3_agent_totals(const z3_agent *a) {
  return json_pack("{s:i,s:i,s:I,s:o,s:O}", "steps", a->steps, "tool_calls", a->tool_calls, "bytes_changed",
                   (json_int_t)a->bytes_changed, "usage", usage_json(a), "calls", a->calls);
}

z3_status z3_agent_chat(z3_agent *a, const z3_agent_io *io, json_t **report, z3_error *err) {
  int turns = 0, failed = 0;
  z3_status fatal = Z3_OK;
  for (char *line; fatal == Z3_OK && (line = io->read_line(io->user));) {
    char *text = trim(line);
    bool quit = strcmp(text, "/quit") == 0 || strcmp(text, "/exit") == 0;
    if (*text && !quit) {
      json_t *r = NULL;
      z3_error e;
      z3_error_init(&e);
      z3_status st = z3_agent_turn(a, text, &r, &e);
      json_decref(r);
      turns++;
      failed += st != Z3_OK;
      if (st != Z3_OK) emit(a, Z3_AGENT_NOTICE, e.message); /* the person may try again */
      if (st == Z3_E_NOMEM || st == Z3_E_INTERNAL) fatal = z3_error_set(err, st, "%s", e.message);
    }
    free(line);
    if (quit) break;
  }
  *report = z3_agent_totals(a);
  json_object_set_new(*report, "turns", json_integer(turns));
  json_object_set_new(*report, "failed_turns", json_integer(failed));
  if (fatal) return fatal;
  if (failed) {
    z3_error_set(err, Z3_E_CHECK, "%d of %d turns did not finish", failed, turns);
    return Z3_E_CHECK;
  }
  return Z3_OK;
}
