/*
 * Anthropic Messages: calls are tool_use blocks; every one of them must be
 * answered by a tool_result block in the very next user message, results
 * first and any text after them. max_tokens is required.
 */
#include <string.h>

#include "agent/llm_internal.h"

static json_t *assistant_message(const z3_llm_msg *m) {
  if (m->raw && m->raw_provider == Z3_LLM_ANTHROPIC) return json_deep_copy(m->raw); /* thinking blocks included */
  json_t *blocks = json_array();
  if (m->text && *m->text) json_array_append_new(blocks, json_pack("{s:s,s:s}", "type", "text", "text", m->text));
  for (size_t i = 0; i < m->call_count; i++) {
    const z3_llm_call *c = &m->calls[i];
    json_array_append_new(blocks, json_pack("{s:s,s:s,s:s,s:o}", "type", "tool_use", "id", c->id, "name", c->name,
                                            "input", z3_llm__call_args(c)));
  }
  return json_pack("{s:s,s:o}", "role", "assistant", "content", blocks);
}

static void add_user_block(json_t *messages, json_t *block) {
  json_t *last = json_array_get(messages, json_array_size(messages) - 1);
  const char *role = z3_llm__str(last, "role");
  if (!role || strcmp(role, "user") != 0) {
    last = json_pack("{s:s,s:[]}", "role", "user", "content");
    json_array_append_new(messages, last);
  }
  json_array_append_new(json_object_get(last, "content"), block);
}

static json_t *messages(const z3_llm_conv *conv) {
  json_t *list = json_array();
  for (size_t i = 0; i < conv->count; i++) {
    const z3_llm_msg *m = &conv->msgs[i];
    if (m->role == Z3_LLM_USER) {
      add_user_block(list, json_pack("{s:s,s:s}", "type", "text", "text", m->text));
    } else if (m->role == Z3_LLM_TOOL) {
      json_t *r = json_pack("{s:s,s:s,s:s}", "type", "tool_result", "tool_use_id", m->call_id, "content", m->text);
      if (m->is_error) json_object_set_new(r, "is_error", json_true());
      add_user_block(list, r);
    } else if ((m->text && *m->text) || m->call_count || m->raw) { /* empty content is a 400 */
      json_array_append_new(list, assistant_message(m));
    }
  }
  return list;
}

static json_t *tool_list(const json_t *tools) {
  json_t *list = json_array();
  size_t i;
  json_t *t;
  json_array_foreach(tools, i, t) {
    json_array_append_new(list, json_pack("{s:s,s:s,s:o}", "name", z3_llm__tool_name(t), "description",
                                          z3_llm__tool_description(t), "input_schema",
                                          z3_llm__tool_schema(t, Z3_DIALECT_ANTHROPIC)));
  }
  return list;
}

static z3_status build(const z3_llm *llm, const z3_llm_conv *conv, const json_t *tools,
                       z3_llm_request *req, z3_error *err) {
  req->url = z3_strdup(llm->endpoint);
  req->body = json_pack("{s:s,s:i,s:o}", "model", llm->model, "max_tokens", llm->max_tokens, "messages",
                        messages(conv));
  if (!req->url || !req->body) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (conv->system) json_object_set_new(req->body, "system", json_string(conv->system));
  if (json_array_size(tools)) {
    json_object_set_new(req->body, "tools", tool_list(tools));
    json_object_set_new(req->body, "tool_choice", json_pack("{s:s}", "type", "auto"));
  }
  if (llm->temperature_set) json_object_set_new(req->body, "temperature", json_real(llm->temperature));
  z3_status st = z3_llm__header(req, err, "anthropic-version: 2023-06-01");
  if (st == Z3_OK && llm->auth_token) st = z3_llm__header(req, err, "Authorization: Bearer %s", llm->auth_token);
  else if (st == Z3_OK) st = z3_llm__header(req, err, "x-api-key: %s", llm->api_key ? llm->api_key : "");
  return st;
}

static z3_status read_block(const json_t *b, z3_llm_msg *m, z3_error *err) {
  const char *type = z3_llm__str(b, "type");
  if (type && strcmp(type, "text") == 0) return z3_llm__add_text(m, z3_llm__str(b, "text"), err);
  if (!type || strcmp(type, "tool_use") != 0) return Z3_OK; /* thinking and others stay in raw */
  const json_t *input = json_object_get(b, "input");
  return z3_llm__add_call(m, z3_llm__str(b, "id"), z3_llm__str(b, "name"),
                          json_is_object(input) ? json_deep_copy(input) : NULL, NULL,
                          json_is_object(input) ? NULL : "the input is not a JSON object", err);
}

static z3_status parse(const json_t *body, z3_llm_reply *out, z3_error *err) {
  const json_t *content = json_object_get(body, "content");
  if (!json_is_array(content)) return z3_error_set(err, Z3_E_INVALID, "anthropic answered without content");
  z3_status st = Z3_OK;
  size_t i;
  json_t *b;
  json_array_foreach(content, i, b) {
    if (st == Z3_OK) st = read_block(b, &out->msg, err);
  }
  const char *reason = z3_llm__str(body, "stop_reason");
  if (st == Z3_OK && reason && !(out->stop_reason = z3_strdup(reason))) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  const json_t *usage = json_object_get(body, "usage");
  out->input_tokens = z3_llm__int(json_object_get(usage, "input_tokens"));
  out->output_tokens = z3_llm__int(json_object_get(usage, "output_tokens"));
  if (st == Z3_OK && json_array_size(content)) {
    out->msg.raw = json_pack("{s:s,s:O}", "role", "assistant", "content", content);
    out->msg.raw_provider = Z3_LLM_ANTHROPIC;
  }
  return st;
}

const z3_llm_dialect z3_llm_anthropic = {"anthropic", Z3_DIALECT_ANTHROPIC, build, parse};
