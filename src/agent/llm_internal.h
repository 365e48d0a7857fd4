/* Shared by the llm*.c files only: the client, one request, provider entry points. */
#ifndef Z3_AGENT_LLM_INTERNAL_H
#define Z3_AGENT_LLM_INTERNAL_H

#include "agent/llm.h"

typedef struct z3_llm_replay z3_llm_replay;

struct z3_llm {
  z3_llm_provider provider;
  char *model;
  char *base_url;
  char *api_key;     /* never printed */
  char *auth_token;  /* anthropic: ANTHROPIC_AUTH_TOKEN, sent as a bearer token */
  char *endpoint;
  double timeout_seconds, connect_timeout_seconds;
  int max_retries;
  long retry_base_ms, retry_max_wait_ms;
  int max_tokens;
  bool temperature_set;
  double temperature;
  z3_llm_replay *replay;
};

enum { Z3_LLM_MAX_HEADERS = 8 };

/* One HTTP request as a provider builds it. */
typedef struct z3_llm_request {
  char *url;
  char *headers[Z3_LLM_MAX_HEADERS]; /* "Name: value" */
  int header_count;
  json_t *body;
} z3_llm_request;

void z3_llm__request_release(z3_llm_request *r);
z3_status z3_llm__header(z3_llm_request *r, z3_error *err, const char *fmt, ...) Z3_PRINTF(3, 4);

/* Builds the request of one turn; parses a 2xx body. */
typedef struct z3_llm_dialect {
  const char *name;
  z3_provider_dialect schema;
  z3_status (*build)(const z3_llm *llm, const z3_llm_conv *conv, const json_t *tools,
                     z3_llm_request *req, z3_error *err);
  z3_status (*parse)(const json_t *body, z3_llm_reply *out, z3_error *err);
} z3_llm_dialect;

extern const z3_llm_dialect z3_llm_ollama, z3_llm_openai, z3_llm_gemini, z3_llm_anthropic;

/* The default base URL and where the request of `llm` goes. Caller frees. */
char *z3_llm__endpoint(const z3_llm *llm);
/* Sends the request with timeouts and retries; *out is the parsed 2xx body. */
z3_status z3_llm__post(const z3_llm *llm, const z3_llm_request *req, json_t **out, z3_error *err);
/* The message inside an error body, whichever provider wrote it. Caller frees. */
char *z3_llm__error_text(const char *body, size_t len);
/* Gemini's google.rpc.RetryInfo delay in an error body, in ms; -1 when none. */
long z3_llm__retry_info_ms(const char *body, size_t len);

/* The response headers z3ed reads, each value trimmed, cut and with control bytes as '?'. */
typedef struct z3_llm_headers {
  char retry_after[64];    /* Retry-After: seconds or an HTTP date */
  char retry_after_ms[32]; /* retry-after-ms (OpenAI, Anthropic) */
  char request_id[96];     /* x-request-id or request-id, named in errors */
  char should_retry[8];    /* x-should-retry: "false" stops retries */
} z3_llm_headers;
/* One header line as libcurl gives it (CRLF included); a status line starts a new response. */
void z3_llm__header_line(z3_llm_headers *h, const char *line, size_t len);
/* How long the server asked to wait, in ms (at most a day), or -1: retry-after-ms,
 * Retry-After, then Gemini's RetryInfo in the body. */
long z3_llm__asked_delay_ms(const z3_llm_headers *h, const char *body, size_t body_len);

/* ---- helpers for the dialects --------------------------------------------- */

/* base + path without a doubled or missing '/'. Caller frees. */
char *z3_llm__join(const char *base, const char *path);
/* A tool's input schema cleaned for a dialect (new reference). */
json_t *z3_llm__tool_schema(const json_t *tool, z3_provider_dialect d);
/* [{"type":"function","function":{name, description, parameters}}] (openai, ollama). */
json_t *z3_llm__function_tools(const json_t *tools, z3_provider_dialect d);
const char *z3_llm__tool_name(const json_t *tool);
const char *z3_llm__tool_description(const json_t *tool);
/* Appends a call to an assistant message; args is stolen (NULL allowed with args_error). */
z3_status z3_llm__add_call(z3_llm_msg *m, const char *id, const char *name, json_t *args,
                           const char *args_text, const char *args_error, z3_error *err);
/* Appends text to an assistant message's text, a newline between pieces. */
z3_status z3_llm__add_text(z3_llm_msg *m, const char *text, z3_error *err);
/* The tool result's text as JSON when it is a JSON object, else NULL. */
json_t *z3_llm__result_json(const char *text);
/* Whether the call answered by tool result `i` of conv got its id from the
 * provider (false: z3ed made it up, and it must not be sent back as an id). */
bool z3_llm__id_from_provider(const z3_llm_conv *conv, size_t i);
/* Arguments of a call as an object to send back ({} when the model's were unusable). */
json_t *z3_llm__call_args(const z3_llm_call *c);
/* Fills ids the provider left out ("call_1", ...) and checks every call has a name. */
z3_status z3_llm__finish_reply(z3_llm_reply *out, const char *provider, z3_error *err);
/* Sets a number member when a value is given (json_t * that is an integer). */
int64_t z3_llm__int(const json_t *v);
/* The string at key, or NULL. */
const char *z3_llm__str(const json_t *obj, const char *key);

/* ---- replay ---------------------------------------------------------------- */

z3_status z3_llm__replay_load(z3_llm_replay **out, const char *path, z3_error *err);
/* Parses a script from memory (outside data: fuzzed). */
z3_status z3_llm__replay_parse(z3_llm_replay **out, const char *text, size_t len, const char *name,
                               z3_error *err);
void z3_llm__replay_free(z3_llm_replay *r);
z3_status z3_llm__replay_chat(z3_llm_replay *r, const z3_llm_conv *conv, const json_t *tools,
                              z3_llm_reply *out, z3_error *err);

#endif
