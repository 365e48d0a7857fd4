/*
 * A conversation as a JSON document, so a later `agent run --proposal-id`
 * can go on where an earlier run stopped. The system prompt is not kept: each
 * run builds its own (the tool index may have changed). A provider's own
 * message (`raw`) is kept with its provider's name, because Anthropic and
 * Gemini want their thinking blocks and signatures sent back unchanged.
 *
 * The file lives in the proposal's folder, which other programs can write,
 * so reading it checks every field and names the message that is wrong.
 */
#include <string.h>

#include "agent/llm_internal.h"

#define CONV_FORMAT "z3ed-conversation/1"

static const char *const role_names[] = {"user", "assistant", "tool"};

static json_t *call_json(const z3_llm_call *c) {
  json_t *o = json_pack("{s:s,s:s,s:b}", "id", c->id ? c->id : "", "name", c->name ? c->name : "", "made_up_id",
                        c->made_up_id);
  if (!o) return NULL;
  if (c->args) json_object_set(o, "arguments", c->args);
  if (c->args_text) json_object_set_new(o, "arguments_text", json_string(c->args_text));
  if (c->args_error) json_object_set_new(o, "arguments_error", json_string(c->args_error));
  return o;
}

static json_t *msg_json(const z3_llm_msg *m) {
  json_t *o = json_pack("{s:s}", "role", role_names[m->role]);
  if (!o) return NULL;
  if (m->text) json_object_set_new(o, "text", json_string(m->text));
  if (m->role == Z3_LLM_ASSISTANT) {
    json_t *calls = json_array();
    for (size_t i = 0; i < m->call_count; i++) json_array_append_new(calls, call_json(&m->calls[i]));
    json_object_set_new(o, "calls", calls);
    if (m->raw) {
      json_object_set(o, "raw", m->raw);
      json_object_set_new(o, "raw_provider", json_string(z3_llm_provider_name(m->raw_provider)));
    }
  } else if (m->role == Z3_LLM_TOOL) {
    json_object_set_new(o, "call_id", json_string(m->call_id ? m->call_id : ""));
    json_object_set_new(o, "tool", json_string(m->tool_name ? m->tool_name : ""));
    json_object_set_new(o, "is_error", json_boolean(m->is_error));
  }
  return o;
}

json_t *z3_llm_conv_to_json(const z3_llm_conv *c) {
  json_t *msgs = json_array();
  for (size_t i = 0; msgs && i < c->count; i++) json_array_append_new(msgs, msg_json(&c->msgs[i]));
  return json_pack("{s:s,s:o*}", "format", CONV_FORMAT, "messages", msgs);
}

/* ---- reading ----------------------------------------------------------------- */

typedef struct reader {
  size_t index; /* the message being read, for errors */
  z3_error *err;
} reader;

static z3_status bad(const reader *r, const char *what) {
  z3_error_set(r->err, Z3_E_INVALID, "conversation message %zu: %s", r->index, what);
  z3_error_hint(r->err, "the conversation file was not written by this z3ed; start a new conversation");
  return Z3_E_INVALID;
}

/* A string member copied into *out; NULL when absent and optional. */
static z3_status text_of(const reader *r, const json_t *o, const char *key, bool required, char **out) {
  const json_t *v = json_object_get(o, key);
  *out = NULL;
  if (!v && !required) return Z3_OK;
  if (!json_is_string(v)) {
    char what[80];
    snprintf(what, sizeof what, "\"%s\" must be a string", key);
    return bad(r, what);
  }
  if (!(*out = z3_strdup(json_string_value(v)))) return z3_error_set(r->err, Z3_E_NOMEM, "out of memory");
  return Z3_OK;
}

static z3_status read_call(const reader *r, const json_t *o, z3_llm_call *c) {
  if (!json_is_object(o)) return bad(r, "each call must be an object");
  z3_status st = text_of(r, o, "id", true, &c->id);
  if (!st) st = text_of(r, o, "name", true, &c->name);
  if (!st) st = text_of(r, o, "arguments_text", false, &c->args_text);
  if (!st) st = text_of(r, o, "arguments_error", false, &c->args_error);
  const json_t *args = json_object_get(o, "arguments");
  if (!st && args && !json_is_object(args)) st = bad(r, "a call's \"arguments\" must be an object");
  if (!st && args) c->args = json_deep_copy(args);
  c->made_up_id = json_is_true(json_object_get(o, "made_up_id"));
  return st;
}

static z3_status read_assistant(const reader *r, const json_t *o, z3_llm_msg *m) {
  const json_t *calls = json_object_get(o, "calls");
  if (calls && !json_is_array(calls)) return bad(r, "\"calls\" must be an array");
  size_t n = json_array_size(calls);
  if (n && !(m->calls = z3_calloc(n, sizeof *m->calls))) return z3_error_set(r->err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  for (size_t i = 0; i < n && !st; i++, m->call_count++) st = read_call(r, json_array_get(calls, i), &m->calls[i]);
  const json_t *raw = json_object_get(o, "raw");
  if (st || !raw) return st;
  const char *provider = json_string_value(json_object_get(o, "raw_provider"));
  if (!json_is_object(raw) || !provider || !z3_llm_provider_parse(provider, &m->raw_provider))
    return bad(r, "\"raw\" must be an object with a known \"raw_provider\"");
  m->raw = json_deep_copy(raw);
  return Z3_OK;
}

static z3_status read_msg(const reader *r, const json_t *o, z3_llm_msg *m) {
  if (!json_is_object(o)) return bad(r, "must be an object");
  const char *role = json_string_value(json_object_get(o, "role"));
  int k = 0;
  while (k < 3 && !(role && strcmp(role, role_names[k]) == 0)) k++;
  if (k == 3) return bad(r, "\"role\" must be user, assistant or tool");
  m->role = (z3_llm_role)k;
  z3_status st = text_of(r, o, "text", m->role != Z3_LLM_ASSISTANT, &m->text);
  if (st) return st;
  if (m->role == Z3_LLM_ASSISTANT) return read_assistant(r, o, m);
  if (m->role == Z3_LLM_TOOL) {
    st = text_of(r, o, "call_id", true, &m->call_id);
    if (!st) st = text_of(r, o, "tool", true, &m->tool_name);
    m->is_error = json_is_true(json_object_get(o, "is_error"));
  }
  return st;
}

z3_status z3_llm_conv_from_json(const json_t *doc, z3_llm_conv *c, z3_error *err) {
  const char *format = json_string_value(json_object_get(doc, "format"));
  const json_t *msgs = json_object_get(doc, "messages");
  if (!format || strcmp(format, CONV_FORMAT) != 0 || !json_is_array(msgs)) {
    z3_error_set(err, Z3_E_INVALID, "not a conversation: expected {\"format\": \"" CONV_FORMAT "\", \"messages\": [...]}");
    return Z3_E_INVALID;
  }
  z3_status st = Z3_OK;
  for (size_t i = 0; i < json_array_size(msgs) && !st; i++) {
    reader r = {.index = i, .err = err};
    z3_llm_msg m = {0};
    st = read_msg(&r, json_array_get(msgs, i), &m);
    if (!st) st = z3_llm_conv_add_msg(c, &m, err);
    z3_llm_msg_release(&m);
  }
  return st;
}
