/*
 * agent/llm: language models that call z3ed's tools, and the loop that lets
 * them.
 *
 * Providers (native tool calling, non-streaming, over libcurl):
 *   ollama     POST {OLLAMA_HOST}/api/chat
 *   openai     POST {OPENAI_BASE_URL}/chat/completions (llama.cpp, vLLM, LM Studio too)
 *   gemini     POST {GEMINI_BASE_URL}/v1beta/models/{model}:generateContent
 *   anthropic  POST {ANTHROPIC_BASE_URL}/v1/messages
 *   replay     no network: answers from a script file, in order, and can
 *              assert what z3ed sent (deterministic tests and demos)
 *
 * A conversation is kept in one provider-neutral shape (user text, assistant
 * text + tool calls, tool results) and converted at the edge. An assistant
 * turn also keeps the provider's own JSON so it goes back unchanged (Gemini's
 * thought signatures, Anthropic's thinking blocks).
 *
 * Requests time out, and 408/409/429/5xx/529 answers are retried with
 * exponential backoff, honouring retry-after-ms, Retry-After and Gemini's
 * RetryInfo, up to a cap on the total wait. Environment:
 *   Z3ED_LLM_TIMEOUT (s), Z3ED_LLM_RETRIES, Z3ED_LLM_RETRY_BASE_MS,
 *   Z3ED_LLM_RETRY_MAX_WAIT_MS, Z3ED_MODEL, plus each provider's usual
 *   variables (agent-protocols §3.f). Keys never appear in error messages.
 *
 * The library never prints: chat's I/O goes through callbacks.
 * Ownership: everything returned through `out` is the caller's.
 */
#ifndef Z3_AGENT_LLM_H
#define Z3_AGENT_LLM_H

#include <jansson.h>

#include "agent/tools.h"

typedef enum z3_llm_provider {
  Z3_LLM_OLLAMA = 0,
  Z3_LLM_OPENAI,
  Z3_LLM_GEMINI,
  Z3_LLM_ANTHROPIC,
  Z3_LLM_REPLAY,
} z3_llm_provider;

enum { Z3_LLM_PROVIDER_COUNT = 5 };

const char *z3_llm_provider_name(z3_llm_provider p);
/* "ollama", "openai", ... -> provider; false for an unknown name. */
bool z3_llm_provider_parse(const char *name, z3_llm_provider *out);

/* ---- conversations ------------------------------------------------------- */

typedef struct z3_llm_call {
  char *id;         /* the provider's id, or "call_<n>" when it gave none */
  char *name;
  json_t *args;     /* a JSON object; NULL when the model's arguments were not one */
  char *args_text;  /* the arguments as the provider sent them, when it sent text (openai) */
  char *args_error; /* why args is NULL; goes back to the model as the call's error */
  bool made_up_id;  /* the provider gave no id: z3ed named it "call_<n>" */
} z3_llm_call;

typedef enum z3_llm_role { Z3_LLM_USER = 0, Z3_LLM_ASSISTANT, Z3_LLM_TOOL } z3_llm_role;

typedef struct z3_llm_msg {
  z3_llm_role role;
  char *text;          /* user text; assistant text (NULL when none); tool result */
  z3_llm_call *calls;  /* assistant: the tool calls, in order */
  size_t call_count;
  char *call_id;       /* tool result: the call it answers */
  char *tool_name;     /* tool result: that call's tool */
  bool is_error;       /* tool result: the call failed; text says why */
  json_t *raw;         /* assistant: the provider's own message, or NULL */
  z3_llm_provider raw_provider;
} z3_llm_msg;

void z3_llm_msg_release(z3_llm_msg *m);

typedef struct z3_llm_conv {
  char *system;
  z3_llm_msg *msgs;
  size_t count, cap;
} z3_llm_conv;

void z3_llm_conv_init(z3_llm_conv *c);
void z3_llm_conv_release(z3_llm_conv *c);
z3_status z3_llm_conv_set_system(z3_llm_conv *c, const char *text, z3_error *err);
z3_status z3_llm_conv_add_user(z3_llm_conv *c, const char *text, z3_error *err);
/* Moves *m into the conversation (m is left empty). */
z3_status z3_llm_conv_add_assistant(z3_llm_conv *c, z3_llm_msg *m, z3_error *err);
/* Moves *m, of any role, into the conversation (m is left empty). */
z3_status z3_llm_conv_add_msg(z3_llm_conv *c, z3_llm_msg *m, z3_error *err);
/* The messages as {"format": "z3ed-conversation/1", "messages": [...]}, the
 * system prompt left out; and back, appending to c. Reading names the
 * message that is wrong. */
json_t *z3_llm_conv_to_json(const z3_llm_conv *c);
z3_status z3_llm_conv_from_json(const json_t *doc, z3_llm_conv *c, z3_error *err);
z3_status z3_llm_conv_add_result(z3_llm_conv *c, const char *call_id, const char *tool,
                                 const char *text, bool is_error, z3_error *err);

typedef struct z3_llm_reply {
  z3_llm_msg msg;        /* the assistant turn */
  char *stop_reason;     /* the provider's word for it ("stop", "tool_calls", "end_turn", "STOP") */
  int64_t input_tokens;  /* -1 when not reported */
  int64_t output_tokens;
} z3_llm_reply;

void z3_llm_reply_release(z3_llm_reply *r);

/* ---- clients --------------------------------------------------------------- */

typedef struct z3_llm_config {
  z3_llm_provider provider;
  const char *model;          /* NULL: $Z3ED_MODEL, then a default per provider */
  const char *base_url;       /* NULL: the provider's variable, then its default */
  const char *api_key;        /* NULL: the provider's variable */
  const char *replay_path;    /* the script of the replay provider */
  double timeout_seconds;     /* per request; 0: $Z3ED_LLM_TIMEOUT or 300 */
  double connect_timeout_seconds; /* 0: 10 */
  int max_retries;            /* < 0: $Z3ED_LLM_RETRIES or 3; 0 = no retry */
  long retry_base_ms;         /* 0: $Z3ED_LLM_RETRY_BASE_MS or 500 (doubles, at most 8 s) */
  long retry_max_wait_ms;     /* 0: $Z3ED_LLM_RETRY_MAX_WAIT_MS or 120000, total over retries */
  int max_tokens;             /* 0: 4096 */
  bool temperature_set;
  double temperature;
} z3_llm_config;

typedef struct z3_llm z3_llm;

/* Resolves defaults and the environment; loads the replay script. */
z3_status z3_llm_open(z3_llm **out, const z3_llm_config *cfg, z3_error *err);
void z3_llm_close(z3_llm *llm);
z3_llm_provider z3_llm_kind(const z3_llm *llm);
const char *z3_llm_model(const z3_llm *llm);
/* The URL requests go to (the replay script's path for replay). */
const char *z3_llm_endpoint(const z3_llm *llm);

/* The tools offered to models, in z3_tools_list's shape (name, description,
 * inputSchema). `tools` may be NULL for none. One request, retried per the
 * rules above; fills out with the model's answer. */
z3_status z3_llm_chat(z3_llm *llm, const z3_llm_conv *conv, const json_t *tools,
                      z3_llm_reply *out, z3_error *err);

/* Reads one successful response body of a provider (outside data: fuzzed). */
z3_status z3_llm_parse_response(z3_llm_provider p, const char *body, size_t len,
                                z3_llm_reply *out, z3_error *err);

/* ---- the agent loop ------------------------------------------------------- */

typedef struct z3_agent_limits {
  int max_steps;            /* model answers per user turn; 0: 8 */
  int max_tool_calls;       /* tool calls per user turn; 0: 32 */
  size_t max_bytes_changed; /* ROM bytes the whole session may change; 0: no limit */
} z3_agent_limits;

typedef enum z3_agent_event {
  Z3_AGENT_TEXT = 0, /* the model's text */
  Z3_AGENT_CALL,     /* a tool call and its outcome, one line */
  Z3_AGENT_NOTICE,   /* the loop stopped, a limit was reached */
} z3_agent_event;

typedef struct z3_agent_hooks {
  void *user;
  /* Every executed call (a run logs it in its proposal). NULL: none. */
  void (*on_call)(void *user, const char *tool, const json_t *args, const z3_tool_result *r);
  /* What a person following along would see. NULL: none. */
  void (*on_event)(void *user, z3_agent_event kind, const char *text);
} z3_agent_hooks;

typedef struct z3_agent_options {
  z3_llm *llm;                     /* borrowed */
  const z3_tool_session *session;  /* where calls run; NULL: plans only */
  const char *rom_path;            /* the ROM tools act on, named in the system prompt */
  bool dry_run;                    /* every call that takes dry_run gets dry_run: true */
  z3_agent_limits limits;
  const char *tools;               /* comma-separated tool names or resources; NULL: all */
  const char *system_prompt;       /* NULL: the built-in one */
  const json_t *history;           /* an earlier conversation to go on from (z3_llm_conv_to_json's shape), or NULL */
  z3_agent_hooks hooks;
} z3_agent_options;

typedef struct z3_agent z3_agent;

z3_status z3_agent_new(z3_agent **out, const z3_agent_options *o, z3_error *err);
void z3_agent_free(z3_agent *a);

/*
 * Asks the model once and lists the tool calls it wants, running none:
 * {"answer", "calls": [{"tool", "arguments", "command", "valid", "error"}]}.
 */
z3_status z3_agent_plan(z3_agent *a, const char *prompt, json_t **report, z3_error *err);

/*
 * One user turn: ask, run the calls, send the results back, until the model
 * answers without calls or a limit stops it. The report (always set, even on
 * failure) holds the answer, the calls and why it stopped. Returns Z3_E_CHECK
 * when a limit stopped the turn, with err saying which.
 */
z3_status z3_agent_turn(z3_agent *a, const char *prompt, json_t **report, z3_error *err);

typedef struct z3_agent_io {
  void *user;
  char *(*read_line)(void *user); /* the next user line (caller frees), NULL at the end */
} z3_agent_io;

/* Turns until read_line gives NULL or "/quit"; text goes out through the
 * hooks' on_event. The report sums the session. */
z3_status z3_agent_chat(z3_agent *a, const z3_agent_io *io, json_t **report, z3_error *err);

/* The conversation so far, system prompt left out (z3_llm_conv_to_json). */
json_t *z3_agent_conversation(const z3_agent *a);

/* Session totals: {"steps", "tool_calls", "bytes_changed", "usage", "calls": [...]}. */
json_t *z3_agent_totals(const z3_agent *a);
int z3_agent_tool_calls(const z3_agent *a);

/* The tools offered to models: every command of the table except the agent
 * resource's commands that change anything (the loops themselves, proposal
 * decisions, scripts), narrowed by a filter (names or resources, comma-separated). */
json_t *z3_agent_tools(const char *filter, z3_error *err);
/* A call as the command line a person would type. Caller frees. */
char *z3_agent_call_cmdline(const char *tool, const json_t *args, const char *default_rom);

#endif
