/*
 * The provider-neutral half of agent/llm: conversations, replies, clients
 * (defaults and the environment) and helpers the dialects share. The HTTP
 * side (timeouts, retries, error bodies) is in llm_http.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/llm_internal.h"

static const char *const provider_names[Z3_LLM_PROVIDER_COUNT] = {"ollama", "openai", "gemini",
                                                                  "anthropic", "replay"};

const char *z3_llm_provider_name(z3_llm_provider p) {
  return (unsigned)p < Z3_LLM_PROVIDER_COUNT ? provider_names[p] : "unknown";
}

bool z3_llm_provider_parse(const char *name, z3_llm_provider *out) {
  for (int i = 0; name && i < Z3_LLM_PROVIDER_COUNT; i++) {
    if (strcmp(name, provider_names[i]) == 0) {
      *out = (z3_llm_provider)i;
      return true;
    }
  }
  return false;
}

/* ---- messages and conversations -------------------------------------------- */

static void call_release(z3_llm_call *c) {
  z3_free(c->id);
  z3_free(c->name);
  json_decref(c->args);
  z3_free(c->args_text);
  z3_free(c->args_error);
  memset(c, 0, sizeof *c);
}

void z3_llm_msg_release(z3_llm_msg *m) {
  for (size_t i = 0; i < m->call_count; i++) call_release(&m->calls[i]);
  z3_free(m->calls);
  z3_free(m->text);
  z3_free(m->call_id);
  z3_free(m->tool_name);
  json_decref(m->raw);
  memset(m, 0, sizeof *m);
}

void z3_llm_conv_init(z3_llm_conv *c) { memset(c, 0, sizeof *c); }

void z3_llm_conv_release(z3_llm_conv *c) {
  for (size_t i = 0; i < c->count; i++) z3_llm_msg_release(&c->msgs[i]);
  z3_free(c->msgs);
  z3_free(c->system);
  z3_llm_conv_init(c);
}

z3_status z3_llm_conv_set_system(z3_llm_conv *c, const char *text, z3_error *err) {
  char *copy = text ? z3_strdup(text) : NULL;
  if (text && !copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_free(c->system);
  c->system = copy;
  return Z3_OK;
}

static z3_llm_msg *push_msg(z3_llm_conv *c, z3_error *err) {
  if (c->count == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 16;
    z3_llm_msg *grown = z3_realloc(c->msgs, cap * sizeof *grown);
    if (!grown) {
      z3_error_set(err, Z3_E_NOMEM, "out of memory");
      return NULL;
    }
    c->msgs = grown;
    c->cap = cap;
  }
  z3_llm_msg *m = &c->msgs[c->count];
  memset(m, 0, sizeof *m);
  return m;
}

z3_status z3_llm_conv_add_user(z3_llm_conv *c, const char *text, z3_error *err) {
  z3_llm_msg *m = push_msg(c, err);
  if (!m) return Z3_E_NOMEM;
  m->role = Z3_LLM_USER;
  if (!(m->text = z3_strdup(text ? text : ""))) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  c->count++;
  return Z3_OK;
}

z3_status z3_llm_conv_add_msg(z3_llm_conv *c, z3_llm_msg *src, z3_error *err) {
  z3_llm_msg *m = push_msg(c, err);
  if (!m) return Z3_E_NOMEM;
  *m = *src;
  memset(src, 0, sizeof *src);
  c->count++;
  return Z3_OK;
}

z3_status z3_llm_conv_add_assistant(z3_llm_conv *c, z3_llm_msg *src, z3_error *err) {
  src->role = Z3_LLM_ASSISTANT;
  return z3_llm_conv_add_msg(c, src, err);
}

z3_status z3_llm_conv_add_result(z3_llm_conv *c, const char *call_id, const char *tool,
                                 const char *text, bool is_error, z3_error *err) {
  z3_llm_msg *m = push_msg(c, err);
  if (!m) return Z3_E_NOMEM;
  m->role = Z3_LLM_TOOL;
  m->is_error = is_error;
  m->text = z3_strdup(text ? text : "");
  m->call_id = z3_strdup(call_id ? call_id : "");
  m->tool_name = z3_strdup(tool ? tool : "");
  if (!m->text || !m->call_id || !m->tool_name) {
    z3_llm_msg_release(m);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  c->count++;
  return Z3_OK;
}

void z3_llm_reply_release(z3_llm_reply *r) {
  z3_llm_msg_release(&r->msg);
  z3_free(r->stop_reason);
  memset(r, 0, sizeof *r);
}

/* ---- helpers for the dialects ------------------------------------------------ */

char *z3_llm__join(const char *base, const char *path) {
  size_t n = strlen(base);
  while (n > 0 && base[n - 1] == '/') n--;
  while (*path == '/') path++;
  return z3_strfmt("%.*s/%s", (int)n, base, path);
}

const char *z3_llm__str(const json_t *obj, const char *key) {
  return json_string_value(json_object_get(obj, key));
}

int64_t z3_llm__int(const json_t *v) { return json_is_integer(v) ? (int64_t)json_integer_value(v) : -1; }

const char *z3_llm__tool_name(const json_t *tool) {
  const char *s = z3_llm__str(tool, "name");
  return s ? s : "";
}

const char *z3_llm__tool_description(const json_t *tool) {
  const char *s = z3_llm__str(tool, "description");
  return s ? s : "";
}

json_t *z3_llm__tool_schema(const json_t *tool, z3_provider_dialect d) {
  const json_t *in = json_object_get(tool, "inputSchema");
  if (!json_is_object(in)) return json_pack("{s:s,s:{}}", "type", "object", "properties");
  return z3_tool_schema_for_provider(in, d);
}

json_t *z3_llm__function_tools(const json_t *tools, z3_provider_dialect d) {
  json_t *list = json_array();
  size_t i;
  json_t *t;
  json_array_foreach(tools, i, t) {
    json_array_append_new(list, json_pack("{s:s,s:{s:s,s:s,s:o}}", "type", "function", "function", "name",
                                          z3_llm__tool_name(t), "description", z3_llm__tool_description(t),
                                          "parameters", z3_llm__tool_schema(t, d)));
  }
  return list;
}

bool z3_llm__id_from_provider(const z3_llm_conv *conv, size_t i) {
  const char *id = conv->msgs[i].call_id;
  for (size_t k = i; k-- > 0;) {
    const z3_llm_msg *m = &conv->msgs[k];
    if (m->role != Z3_LLM_ASSISTANT) continue;
    for (size_t c = 0; c < m->call_count; c++)
      if (m->calls[c].id && strcmp(m->calls[c].id, id) == 0) return !m->calls[c].made_up_id;
    return true; /* results follow their own assistant turn */
  }
  return true;
}

json_t *z3_llm__call_args(const z3_llm_call *c) {
  return json_is_object(c->args) ? json_deep_copy(c->args) : json_object();
}

z3_status z3_llm__add_call(z3_llm_msg *m, const char *id, const char *name, json_t *args,
                           const char *args_text, const char *args_error, z3_error *err) {
  z3_llm_call *grown = z3_realloc(m->calls, (m->call_count + 1) * sizeof *grown);
  if (!grown) {
    json_decref(args);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  m->calls = grown;
  z3_llm_call *c = &m->calls[m->call_count++];
  memset(c, 0, sizeof *c);
  c->args = args;
  c->id = id && *id ? z3_strdup(id) : NULL;
  c->name = z3_strdup(name ? name : "");
  c->args_text = args_text ? z3_strdup(args_text) : NULL;
  c->args_error = args_error ? z3_strdup(args_error) : NULL;
  bool oom = (id && *id && !c->id) || !c->name || (args_text && !c->args_text) ||
             (args_error && !c->args_error);
  return oom ? z3_error_set(err, Z3_E_NOMEM, "out of memory") : Z3_OK;
}

z3_status z3_llm__add_text(z3_llm_msg *m, const char *text, z3_error *err) {
  if (!text || !*text) return Z3_OK;
  char *joined = m->text ? z3_strfmt("%s\n%s", m->text, text) : z3_strdup(text);
  if (!joined) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_free(m->text);
  m->text = joined;
  return Z3_OK;
}

json_t *z3_llm__result_json(const char *text) {
  json_t *v = text ? json_loads(text, JSON_REJECT_DUPLICATES, NULL) : NULL;
  if (v && !json_is_object(v)) {
    json_decref(v);
    v = NULL;
  }
  return v;
}

z3_status z3_llm__finish_reply(z3_llm_reply *out, const char *provider, z3_error *err) {
  z3_llm_msg *m = &out->msg;
  m->role = Z3_LLM_ASSISTANT;
  for (size_t i = 0; i < m->call_count; i++) {
    z3_llm_call *c = &m->calls[i];
    if (!c->name || !*c->name) {
      return z3_error_set(err, Z3_E_INVALID, "%s answered with a tool call that has no name (call %zu)",
                          provider, i + 1);
    }
    if (!c->id) {
      c->made_up_id = true;
      if (!(c->id = z3_strfmt("call_%zu", i + 1))) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    }
    if (!c->args && !c->args_error) {
      c->args_error = z3_strdup("the arguments are not a JSON object");
      if (!c->args_error) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    }
  }
  return Z3_OK;
}

void z3_llm__request_release(z3_llm_request *r) {
  z3_free(r->url);
  for (int i = 0; i < r->header_count; i++) z3_free(r->headers[i]);
  json_decref(r->body);
  memset(r, 0, sizeof *r);
}

z3_status z3_llm__header(z3_llm_request *r, z3_error *err, const char *fmt, ...) {
  if (r->header_count == Z3_LLM_MAX_HEADERS) return z3_error_set(err, Z3_E_INTERNAL, "too many headers");
  va_list ap;
  va_start(ap, fmt);
  char tmp[1024];
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof tmp) return z3_error_set(err, Z3_E_INVALID, "a header is too long");
  char *h = z3_strdup(tmp);
  if (!h) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  r->headers[r->header_count++] = h;
  return Z3_OK;
}

/* ---- clients ------------------------------------------------------------------ */

static const char *env(const char *name) {
  const char *v = getenv(name);
  return v && *v ? v : NULL;
}

static const char *first_env(const char *a, const char *b) { return env(a) ? env(a) : (b ? env(b) : NULL); }

static const char *default_model(z3_llm_provider p) {
  switch (p) {
    case Z3_LLM_OLLAMA: return "qwen3";
    case Z3_LLM_OPENAI: return "gpt-4.1-mini";
    case Z3_LLM_GEMINI: return "gemini-2.5-flash";
    case Z3_LLM_ANTHROPIC: return "claude-sonnet-4-5";
    case Z3_LLM_REPLAY: return "replay";
  }
  return "";
}

/* OLLAMA_HOST may be "host", "host:port" or a URL: no scheme means http and,
 * then, no port means 11434. */
static char *ollama_base(const char *host) {
  if (!host) return z3_strdup("http://127.0.0.1:11434");
  if (strstr(host, "://")) return z3_strdup(host);
  const char *colon = strrchr(host, ':');
  bool has_port = colon && !strchr(colon, ']') && strchr(host, ':') == colon;
  return z3_strfmt("http://%s%s", host, has_port ? "" : ":11434");
}

static char *base_url(const z3_llm_config *cfg) {
  if (cfg->base_url && *cfg->base_url) {
    return cfg->provider == Z3_LLM_OLLAMA ? ollama_base(cfg->base_url) : z3_strdup(cfg->base_url);
  }
  const char *v;
  switch (cfg->provider) {
    case Z3_LLM_OLLAMA: return ollama_base(env("OLLAMA_HOST"));
    case Z3_LLM_OPENAI: v = env("OPENAI_BASE_URL"); return z3_strdup(v ? v : "https://api.openai.com/v1");
    case Z3_LLM_GEMINI:
      v = first_env("GEMINI_BASE_URL", "GOOGLE_GEMINI_BASE_URL");
      return z3_strdup(v ? v : "https://generativelanguage.googleapis.com");
    case Z3_LLM_ANTHROPIC: v = env("ANTHROPIC_BASE_URL"); return z3_strdup(v ? v : "https://api.anthropic.com");
    case Z3_LLM_REPLAY: return z3_strdup("");
  }
  return NULL;
}

static const char *key_env(z3_llm_provider p, const char **names) {
  switch (p) {
    case Z3_LLM_OLLAMA: *names = "OLLAMA_API_KEY"; return env("OLLAMA_API_KEY");
    case Z3_LLM_OPENAI: *names = "OPENAI_API_KEY"; return env("OPENAI_API_KEY");
    case Z3_LLM_GEMINI: *names = "GEMINI_API_KEY or GOOGLE_API_KEY"; return first_env("GEMINI_API_KEY", "GOOGLE_API_KEY");
    case Z3_LLM_ANTHROPIC: *names = "ANTHROPIC_API_KEY"; return env("ANTHROPIC_API_KEY");
    case Z3_LLM_REPLAY: *names = ""; return NULL;
  }
  return NULL;
}

static double env_double(const char *name, double fallback) {
  const char *v = env(name);
  char *end;
  double d = v ? strtod(v, &end) : 0;
  return v && *end == '\0' && d > 0 ? d : fallback;
}

static long env_long(const char *name, long fallback) {
  const char *v = env(name);
  char *end;
  long n = v ? strtol(v, &end, 10) : 0;
  return v && *end == '\0' && n >= 0 ? n : fallback;
}

static void resolve_numbers(z3_llm *llm, const z3_llm_config *cfg) {
  llm->timeout_seconds = cfg->timeout_seconds > 0 ? cfg->timeout_seconds : env_double("Z3ED_LLM_TIMEOUT", 300);
  llm->connect_timeout_seconds = cfg->connect_timeout_seconds > 0 ? cfg->connect_timeout_seconds : 10;
  llm->max_retries = cfg->max_retries >= 0 ? cfg->max_retries : (int)env_long("Z3ED_LLM_RETRIES", 3);
  llm->retry_base_ms = cfg->retry_base_ms > 0 ? cfg->retry_base_ms : env_long("Z3ED_LLM_RETRY_BASE_MS", 500);
  llm->retry_max_wait_ms =
      cfg->retry_max_wait_ms > 0 ? cfg->retry_max_wait_ms : env_long("Z3ED_LLM_RETRY_MAX_WAIT_MS", 120000);
  llm->max_tokens = cfg->max_tokens > 0 ? cfg->max_tokens : 4096;
  llm->temperature_set = cfg->temperature_set;
  llm->temperature = cfg->temperature;
}

/* Hosted APIs refuse requests without a key: say so before sending anything. */
static z3_status resolve_key(z3_llm *llm, const z3_llm_config *cfg, z3_error *err) {
  const char *names = "";
  const char *from_env = key_env(cfg->provider, &names);
  const char *key = cfg->api_key && *cfg->api_key ? cfg->api_key : from_env;
  if (key && !(llm->api_key = z3_strdup(key))) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (cfg->provider == Z3_LLM_ANTHROPIC && !key && env("ANTHROPIC_AUTH_TOKEN")) {
    if (!(llm->auth_token = z3_strdup(env("ANTHROPIC_AUTH_TOKEN")))) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    return Z3_OK;
  }
  bool needs_key = cfg->provider == Z3_LLM_GEMINI || cfg->provider == Z3_LLM_ANTHROPIC ||
                   (cfg->provider == Z3_LLM_OPENAI && strstr(llm->base_url, "api.openai.com"));
  if (needs_key && !key) {
    z3_error_set(err, Z3_E_USAGE, "%s needs an API key", z3_llm_provider_name(cfg->provider));
    z3_error_hint(err, "set %s or give --api-key", names);
    return Z3_E_USAGE;
  }
  return Z3_OK;
}

z3_status z3_llm_open(z3_llm **out, const z3_llm_config *cfg, z3_error *err) {
  *out = NULL;
  if ((unsigned)cfg->provider >= Z3_LLM_PROVIDER_COUNT) return z3_error_set(err, Z3_E_USAGE, "unknown provider");
  z3_llm *llm = z3_calloc(1, sizeof *llm);
  if (!llm) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  llm->provider = cfg->provider;
  resolve_numbers(llm, cfg);
  const char *model = cfg->model && *cfg->model ? cfg->model : env("Z3ED_MODEL");
  llm->model = z3_strdup(model ? model : default_model(cfg->provider));
  llm->base_url = base_url(cfg);
  z3_status st = llm->model && llm->base_url ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK && cfg->provider == Z3_LLM_REPLAY) {
    if (!cfg->replay_path) {
      st = z3_error_set(err, Z3_E_USAGE, "the replay provider needs a script");
      z3_error_hint(err, "give --replay FILE.json (see examples/agent/)");
    }
    if (st == Z3_OK) st = z3_llm__replay_load(&llm->replay, cfg->replay_path, err);
    if (st == Z3_OK) llm->endpoint = z3_strdup(cfg->replay_path);
  } else if (st == Z3_OK) {
    st = resolve_key(llm, cfg, err);
    if (st == Z3_OK) llm->endpoint = z3_llm__endpoint(llm);
  }
  if (st == Z3_OK && !llm->endpoint) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st != Z3_OK) {
    z3_llm_close(llm);
    return st;
  }
  *out = llm;
  return Z3_OK;
}

void z3_llm_close(z3_llm *llm) {
  if (!llm) return;
  z3_free(llm->model);
  z3_free(llm->base_url);
  z3_free(llm->api_key);
  z3_free(llm->auth_token);
  z3_free(llm->endpoint);
  z3_llm__replay_free(llm->replay);
  z3_free(llm);
}

z3_llm_provider z3_llm_kind(const z3_llm *llm) { return llm->provider; }
const char *z3_llm_model(const z3_llm *llm) { return llm->model; }
const char *z3_llm_endpoint(const z3_llm *llm) { return llm->endpoint; }

static const z3_llm_dialect *dialect_of(z3_llm_provider p) {
  switch (p) {
    case Z3_LLM_OLLAMA: return &z3_llm_ollama;
    case Z3_LLM_OPENAI: return &z3_llm_openai;
    case Z3_LLM_GEMINI: return &z3_llm_gemini;
    case Z3_LLM_ANTHROPIC: return &z3_llm_anthropic;
    case Z3_LLM_REPLAY: return NULL;
  }
  return NULL;
}

/* Gemini and Anthropic versions live in the path; a base that already ends in
 * one is used as given. */
static bool ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), m = strlen(tail);
  while (n > 0 && s[n - 1] == '/') n--;
  return n >= m && strncmp(s + n - m, tail, m) == 0;
}

char *z3_llm__endpoint(const z3_llm *llm) {
  const char *b = llm->base_url;
  switch (llm->provider) {
    case Z3_LLM_OLLAMA: return z3_llm__join(b, "/api/chat");
    case Z3_LLM_OPENAI: return z3_llm__join(b, "/chat/completions");
    case Z3_LLM_ANTHROPIC: return z3_llm__join(b, ends_with(b, "/v1") ? "/messages" : "/v1/messages");
    case Z3_LLM_GEMINI: {
      const char *model = strncmp(llm->model, "models/", 7) == 0 ? llm->model + 7 : llm->model;
      bool versioned = ends_with(b, "/v1beta") || ends_with(b, "/v1") || ends_with(b, "/v1alpha");
      char *path = z3_strfmt("%s/models/%s:generateContent", versioned ? "" : "/v1beta", model);
      char *url = path ? z3_llm__join(b, path) : NULL;
      z3_free(path);
      return url;
    }
    case Z3_LLM_REPLAY: return NULL;
  }
  return NULL;
}

z3_status z3_llm_chat(z3_llm *llm, const z3_llm_conv *conv, const json_t *tools,
                      z3_llm_reply *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  out->input_tokens = out->output_tokens = -1;
  if (llm->provider == Z3_LLM_REPLAY) return z3_llm__replay_chat(llm->replay, conv, tools, out, err);
  const z3_llm_dialect *d = dialect_of(llm->provider);
  z3_llm_request req = {0};
  json_t *body = NULL;
  z3_status st = d->build(llm, conv, tools, &req, err);
  if (st == Z3_OK) st = z3_llm__post(llm, &req, &body, err);
  if (st == Z3_OK) st = d->parse(body, out, err);
  if (st == Z3_OK) st = z3_llm__finish_reply(out, d->name, err);
  if (st != Z3_OK) z3_llm_reply_release(out);
  json_decref(body);
  z3_llm__request_release(&req);
  return st;
}

z3_status z3_llm_parse_response(z3_llm_provider p, const char *body, size_t len,
                                z3_llm_reply *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  out->input_tokens = out->output_tokens = -1;
  const z3_llm_dialect *d = dialect_of(p);
  if (!d) return z3_error_set(err, Z3_E_USAGE, "%s has no response format", z3_llm_provider_name(p));
  json_error_t je;
  json_t *v = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
  if (!v) {
    return z3_error_set(err, Z3_E_INVALID, "%s answered with malformed JSON: %s (line %d, column %d)",
                        d->name, je.text, je.line, je.column);
  }
  z3_status st = d->parse(v, out, err);
  if (st == Z3_OK) st = z3_llm__finish_reply(out, d->name, err);
  if (st != Z3_OK) z3_llm_reply_release(out);
  json_decref(v);
  return st;
}
