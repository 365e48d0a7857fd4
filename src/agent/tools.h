/*
 * agent/tools: every command of the table as a tool for agents, MCP clients
 * and LLM providers.
 *
 * Names are "<resource>_<action>" with every other character turned into "_"
 * (rom_info, rom_header_set, gfx_get_pixel): ^[a-z][a-z0-9_]{0,63}$, valid for
 * MCP and for every provider. Argument names are the flag names with "-"
 * turned into "_" (max_ranges, dry_run).
 *
 * Schemas come from the table and use only the portable subset of JSON Schema
 * (type, properties, required, description, enum of strings, items, minimum,
 * maximum). The MCP copy adds "additionalProperties": false; provider copies
 * are made with z3_tool_schema_for_provider.
 *
 * Safety is enforced, not just declared. In an agent session:
 *   read-only         runs freely (in-process, see z3_tool_runs_in_process)
 *   mutates-rom       only when every file it writes (the ROM, --output, --out)
 *   writes-files      lies inside the proposal's sandbox folder
 *   runs-emulator     runs freely (it changes nothing on disk)
 *   network           refused unless the session allows it
 * Refusals are Z3_E_USAGE errors that say which rule and which path.
 *
 * Ownership: schemas and lists are new jansson references (json_decref).
 */
#ifndef Z3_AGENT_TOOLS_H
#define Z3_AGENT_TOOLS_H

#include <jansson.h>

#include <stdatomic.h>

#include "cmd/cmd.h"

typedef struct z3_tool_limits {
  double max_seconds;           /* 0 = no limit; otherwise a call that may write or run long
                                   runs in a child process (z3_tool_runs_in_process) */
  size_t max_output_bytes;      /* 0 = no limit; size of the result serialized as JSON */
  size_t max_rom_bytes_changed; /* 0 = no limit; checked before anything is saved */
} z3_tool_limits;

typedef struct z3_tool_session {
  bool agent;                   /* enforce the safety rules above */
  const char *sandbox_dir;      /* the proposal's folder, or NULL */
  bool allow_network;
  bool allow_processes;         /* tools whose safety is runs-processes (builds, debuggers) */
  const char *default_rom;      /* used when a tool that needs a ROM is called without "rom" */
  const char *audit_path;       /* JSONL audit log; NULL for none */
  z3_tool_limits limits;
  /* When set, the call runs in a child process that is stopped as soon as
   * *cancel becomes true (an MCP client's notifications/cancelled). A stopped
   * call replaces no file: writes happen only at its end. */
  const atomic_bool *cancel;
  /* Who made the calls, for the audit log (an MCP client's name and its
   * session id); NULL when not known. */
  const char *client;
  const char *session_id;
} z3_tool_session;

/* The tool name of a command and back. */
const z3_command *z3_tool_find(const char *name);

/* {"type":"object","properties":{...},"required":[...]} from the arguments. */
json_t *z3_tool_input_schema(const z3_command *cmd);
/* {"type":"object","properties":{...}} from the returned fields; values may be
 * null, so each property allows its type or null (MCP only). */
json_t *z3_tool_output_schema(const z3_command *cmd);
/* MCP annotations from the safety class: readOnlyHint, destructiveHint,
 * idempotentHint, openWorldHint. */
json_t *z3_tool_annotations(const z3_command *cmd);
/* Every tool as an MCP Tool object (name, title, description, inputSchema,
 * outputSchema, annotations), in table order. */
json_t *z3_tools_list(void);

/* Commands for people only and network ones are never offered to agents: the
 * dispatcher would refuse them anyway, so listing them only invites failed calls. */
bool z3_tool_offered_to_agents(const z3_command *cmd);

/*
 * Compact discovery. Offering every schema costs tens of thousands of tokens
 * per model request, so agents get an index (name, one-line summary, safety
 * class, grouped into toolsets: one per resource) and fetch the full schemas
 * of the tools they need with the meta tool describe_tools.
 */
#define Z3_DESCRIBE_TOOLS "describe_tools"
/* True when `name` is a toolset (a resource with at least one offered tool). */
bool z3_toolset_exists(const char *name);
/* Checks a comma-separated toolset list; Z3_E_USAGE naming the first unknown word. */
z3_status z3_toolsets_check(const char *list, z3_error *err);
/* True when the command's toolset is in the comma-separated list (NULL/empty: all). */
bool z3_toolsets_include(const char *list, const z3_command *cmd);
/* {"toolsets":[{"name","tools":[{"name","summary","safety"}]}]} of the offered
 * tools whose toolset is in `list` (NULL: all); runs-processes tools only when
 * `processes` (a session that refuses them should not pay for their lines). */
json_t *z3_tools_index(const char *list, bool processes);
/* The same index as compact text for a system prompt, one line per toolset:
 * "palette: palette_get (read-only) show a palette; ...". Caller frees. */
char *z3_tools_index_text(const char *list, bool processes);
/* The describe_tools tool itself (name, title, description, inputSchema, annotations). */
json_t *z3_describe_tools_tool(void);
/*
 * Runs describe_tools against `tools` (an array of full tool objects, by
 * name): args {"names":[...]} and/or {"toolset":"..."} -> *out = {"tools":[...]};
 * no arguments -> *out = the index. Unknown names are Z3_E_NOT_FOUND with a
 * "did you mean" hint.
 */
z3_status z3_tools_describe(const json_t *tools, const json_t *args, json_t **out, z3_error *err);

typedef enum z3_provider_dialect {
  Z3_DIALECT_MCP = 0,
  Z3_DIALECT_OPENAI,
  Z3_DIALECT_ANTHROPIC,
  Z3_DIALECT_GEMINI,
  Z3_DIALECT_OLLAMA,
} z3_provider_dialect;
/* A copy of an input schema with the keywords that provider rejects removed. */
json_t *z3_tool_schema_for_provider(const json_t *schema, z3_provider_dialect d);

/* A call as the words the CLI parser takes: resource, action words, then
 * "--flag value" per JSON argument ("--rom default_rom" added when the tool
 * takes --rom and args lack it). z3_tool_call validates through exactly this;
 * the agent loop uses it to show and pre-check planned calls. */
enum { Z3_TOOL_MAX_WORDS = 2 * Z3_MAX_ARGS + 8 };
typedef struct z3_tool_argv {
  char *words[Z3_TOOL_MAX_WORDS];
  int count;
} z3_tool_argv;
z3_status z3_tool_argv_build(z3_tool_argv *out, const z3_command *cmd, const json_t *args,
                             const char *default_rom, z3_error *err);
void z3_tool_argv_release(z3_tool_argv *a);

typedef struct z3_tool_result {
  z3_status status;             /* Z3_OK; Z3_E_CHECK with a result; or an error */
  json_t *result;               /* the command's result object, or NULL */
  z3_error error;
  double seconds;
} z3_tool_result;

/*
 * Validates `args` (a JSON object, may be NULL) against the command, applies
 * the session's safety rules and limits, runs the command and fills out.
 * Returns out->status. Unknown tool: Z3_E_NOT_FOUND. Every call, refused or
 * not, appends one line to the session's audit log.
 */
z3_status z3_tool_call(const z3_tool_session *s, const char *name, const json_t *args,
                       z3_tool_result *out);
/* Fast calls: a read-only command, or one that only forwards to a debug
 * session (Z3_CMD_FORWARDS), not marked Z3_CMD_RUNS_LONG runs in the caller's
 * process even when a time limit or cancel flag is set (it cannot write, and
 * forking costs more than it does); the output limit still applies.
 * Everything else runs in a child process the limit can stop. */
bool z3_tool_runs_in_process(const z3_command *cmd);
void z3_tool_result_release(z3_tool_result *r);

#endif
