/*
 * Ollama's native /api/chat: arguments are JSON objects, results are role
 * "tool" messages with tool_name (older servers match by name and order) and
 * tool_call_id (0.12.10 and later). Streaming is on by default there, so the
 * request says "stream": false.
 */
#include <stdio.h>
#include <string.h>

#include "agent/llm_internal.h"

static json_t *assistant_message(const z3_llm_msg *m) {
  if (m->raw && m->raw_provider == Z3_LLM_OLLAMA) return json_deep_copy(m->raw); /* as received */
  json_t *o = json_pack("{s:s,s:s}", "role", "assistant", "content", m->text ? m->text : "");
  if (m->call_count == 0) return o;
  json_t *calls = json_array();
  for (size_t i = 0; i < m->call_count; i++) {
    const z3_llm_call *c = &m->calls[i];
    json_t *call = json_pack("{s:{s:s,s:o}}", "function", "name", c->name, "arguments", z3_llm__call_args(c));
    if (!c->made_up_id) json_object_set_new(call, "id", json_string(c->id));
    json_array_append_new(calls, call);
  }
  json_object_set_new(o, "tool_calls", calls);
  return o;
}

static json_t *messages(const z3_llm_conv *conv) {
  json_t *list = json_array();
  if (conv->system) json_array_append_new(list, json_pack("{s:s,s:s}", "role", "system", "content", conv->system));
  for (size_t i = 0; i < conv->count; i++) {
    const z3_llm_msg *m = &conv->msgs[i];
    if (m->role == Z3_LLM_USER) {
      json_array_append_new(list, json_pack("{s:s,s:s}", "role", "user", "content", m->text));
    } else if (m->role == Z3_LLM_ASSISTANT) {
      json_array_append_new(list, assistant_message(m));
    } else {
      json_t *r = json_pack("{s:s,s:s,s:s}", "role", "tool", "tool_name", m->tool_name, "content", m->text);
      if (z3_llm__id_from_provider(conv, i)) json_object_set_new(r, "tool_call_id", json_string(m->call_id));
      json_array_append_new(list, r);
    }
  }
  return list;
}

static z3_status build(const z3_llm *llm, const z3_llm_conv *conv, const json_t *tools,
                       z3_llm_request *req, z3_error *err) {
  req->url = z3_strdup(llm->endpoint);
  req->body = json_pack("{s:s,s:o,s:b,s:{s:i}}", "model", llm->model, "messages", messages(conv), "stream", 0,
                        "options", "num_predict", llm->max_tokens);
  if (!req->url || !req->body) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (json_array_size(tools)) json_object_set_new(req->body, "tools", z3_llm__function_tools(tools, Z3_DIALECT_OLLAMA));
  if (llm->temperature_set) {
    json_object_set_new(json_object_get(req->body, "options"), "temperature", json_real(llm->temperature));
  }
  return llm->api_key ? z3_llm__header(req, err, "Authorization: Bearer %s", llm->api_key) : Z3_OK;
}

static z3_status read_call(const json_t *call, z3_llm_msg *m, z3_error *err) {
  const json_t *fn = json_object_get(call, "function");
  const char *id = z3_llm__str(call, "id"), *name = z3_llm__str(fn, "name");
  const json_t *a = json_object_get(fn, "arguments");
  if (json_is_object(a)) return z3_llm__add_call(m, id, name, json_deep_copy(a), NULL, NULL, err);
  json_t *parsed = json_is_string(a) ? json_loads(json_string_value(a), JSON_REJECT_DUPLICATES, NULL) : NULL;
  if (json_is_object(parsed)) return z3_llm__add_call(m, id, name, parsed, json_string_value(a), NULL, err);
  json_decref(parsed);
  return z3_llm__add_call(m, id, name, NULL, NULL, "the arguments are not a JSON object", err);
}

static z3_status parse(const json_t *body, z3_llm_reply *out, z3_error *err) {
  const json_t *msg = json_object_get(body, "message");
  if (!json_is_object(msg)) return z3_error_set(err, Z3_E_INVALID, "ollama answered without a message");
  z3_status st = z3_llm__add_text(&out->msg, z3_llm__str(msg, "content"), err);
  size_t i;
  json_t *call;
  json_array_foreach(json_object_get(msg, "tool_calls"), i, call) {
    if (st == Z3_OK) st = read_call(call, &out->msg, err);
  }
  const char *reason = z3_llm__str(body, "done_reason");
  if (st == Z3_OK && reason && !(out->stop_reason = z3_strdup(reason))) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  out->input_tokens = z3_llm__int(json_object_get(body, "prompt_eval_count"));
  out->output_tokens = z3_llm__int(json_object_get(body, "eval_count"));
  if (st == Z3_OK) {
    out->msg.raw = json_deep_copy(msg);
    out->msg.raw_provider = Z3_LLM_OLLAMA;
  }
  return st;
}

const z3_llm_dialect z3_llm_ollama = {"ollama", Z3_DIALECT_OLLAMA, build, parse};
