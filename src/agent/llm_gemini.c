/*
 * Gemini generateContent: roles "user" and "model"; calls are functionCall
 * parts, results functionResponse parts in a user turn. The model's content
 * goes back exactly as received because it carries thought signatures that
 * Gemini 3 models insist on.
 */
#include <string.h>

#include "agent/llm_internal.h"

static json_t *model_content(const z3_llm_msg *m) {
  if (m->raw && m->raw_provider == Z3_LLM_GEMINI) return json_deep_copy(m->raw);
  json_t *parts = json_array();
  if (m->text && *m->text) json_array_append_new(parts, json_pack("{s:s}", "text", m->text));
  for (size_t i = 0; i < m->call_count; i++) {
    const z3_llm_call *c = &m->calls[i];
    json_t *fc = json_pack("{s:s,s:o}", "name", c->name, "args", z3_llm__call_args(c));
    if (!c->made_up_id) json_object_set_new(fc, "id", json_string(c->id));
    json_array_append_new(parts, json_pack("{s:o}", "functionCall", fc));
  }
  return json_pack("{s:s,s:o}", "role", "model", "parts", parts);
}

/* response must be an object: results under "output", failures under "error". */
static json_t *function_response(const z3_llm_conv *conv, size_t i) {
  const z3_llm_msg *m = &conv->msgs[i];
  json_t *value = z3_llm__result_json(m->text);
  if (!value) value = json_string(m->text);
  json_t *fr = json_pack("{s:s,s:{s:o}}", "name", m->tool_name, "response", m->is_error ? "error" : "output", value);
  if (z3_llm__id_from_provider(conv, i)) json_object_set_new(fr, "id", json_string(m->call_id));
  return json_pack("{s:o}", "functionResponse", fr);
}

/* Results and the user's next words share one user turn. */
static void add_user_part(json_t *contents, json_t *part) {
  json_t *last = json_array_get(contents, json_array_size(contents) - 1);
  const char *role = z3_llm__str(last, "role");
  if (!role || strcmp(role, "user") != 0) {
    last = json_pack("{s:s,s:[]}", "role", "user", "parts");
    json_array_append_new(contents, last);
  }
  json_array_append_new(json_object_get(last, "parts"), part);
}

static json_t *contents(const z3_llm_conv *conv) {
  json_t *list = json_array();
  for (size_t i = 0; i < conv->count; i++) {
    const z3_llm_msg *m = &conv->msgs[i];
    if (m->role == Z3_LLM_USER) {
      add_user_part(list, json_pack("{s:s}", "text", m->text));
    } else if (m->role == Z3_LLM_TOOL) {
      add_user_part(list, function_response(conv, i));
    } else if ((m->text && *m->text) || m->call_count || m->raw) { /* Gemini refuses empty parts */
      json_array_append_new(list, model_content(m));
    }
  }
  return list;
}

static json_t *declarations(const json_t *tools) {
  json_t *list = json_array();
  size_t i;
  json_t *t;
  json_array_foreach(tools, i, t) {
    json_t *d = json_pack("{s:s,s:s}", "name", z3_llm__tool_name(t), "description", z3_llm__tool_description(t));
    json_t *schema = z3_llm__tool_schema(t, Z3_DIALECT_GEMINI);
    /* An object schema without properties is a 400 there: leave parameters out. */
    if (json_object_size(json_object_get(schema, "properties"))) json_object_set_new(d, "parameters", schema);
    else json_decref(schema);
    json_array_append_new(list, d);
  }
  return json_pack("[{s:o}]", "functionDeclarations", list);
}

static z3_status build(const z3_llm *llm, const z3_llm_conv *conv, const json_t *tools,
                       z3_llm_request *req, z3_error *err) {
  req->url = z3_strdup(llm->endpoint);
  req->body = json_pack("{s:o,s:{s:i}}", "contents", contents(conv), "generationConfig", "maxOutputTokens",
                        llm->max_tokens);
  if (!req->url || !req->body) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (conv->system) {
    json_object_set_new(req->body, "systemInstruction", json_pack("{s:[{s:s}]}", "parts", "text", conv->system));
  }
  if (json_array_size(tools)) {
    json_object_set_new(req->body, "tools", declarations(tools));
    json_object_set_new(req->body, "toolConfig", json_pack("{s:{s:s}}", "functionCallingConfig", "mode", "AUTO"));
  }
  if (llm->temperature_set) {
    json_object_set_new(json_object_get(req->body, "generationConfig"), "temperature", json_real(llm->temperature));
  }
  return z3_llm__header(req, err, "x-goog-api-key: %s", llm->api_key ? llm->api_key : "");
}

static z3_status read_part(const json_t *part, z3_llm_msg *m, z3_error *err) {
  const json_t *fc = json_object_get(part, "functionCall");
  if (json_is_object(fc)) {
    const json_t *args = json_object_get(fc, "args");
    if (!args) return z3_llm__add_call(m, z3_llm__str(fc, "id"), z3_llm__str(fc, "name"), json_object(), NULL, NULL, err);
    return z3_llm__add_call(m, z3_llm__str(fc, "id"), z3_llm__str(fc, "name"),
                            json_is_object(args) ? json_deep_copy(args) : NULL, NULL,
                            json_is_object(args) ? NULL : "the arguments are not a JSON object", err);
  }
  if (json_is_true(json_object_get(part, "thought"))) return Z3_OK; /* reasoning, not the answer */
  return z3_llm__add_text(m, z3_llm__str(part, "text"), err);
}

static z3_status no_candidates(const json_t *body, z3_error *err) {
  const char *blocked = z3_llm__str(json_object_get(body, "promptFeedback"), "blockReason");
  if (blocked) return z3_error_set(err, Z3_E_INVALID, "gemini refused the prompt (blocked: %s)", blocked);
  return z3_error_set(err, Z3_E_INVALID, "gemini answered without candidates");
}

static z3_status parse(const json_t *body, z3_llm_reply *out, z3_error *err) {
  const json_t *cand = json_array_get(json_object_get(body, "candidates"), 0);
  if (!json_is_object(cand)) return no_candidates(body, err);
  const json_t *content = json_object_get(cand, "content");
  z3_status st = Z3_OK;
  size_t i;
  json_t *part;
  json_array_foreach(json_object_get(content, "parts"), i, part) {
    if (st == Z3_OK) st = read_part(part, &out->msg, err);
  }
  const char *reason = z3_llm__str(cand, "finishReason");
  if (st == Z3_OK && reason && !(out->stop_reason = z3_strdup(reason))) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  const json_t *usage = json_object_get(body, "usageMetadata");
  out->input_tokens = z3_llm__int(json_object_get(usage, "promptTokenCount"));
  out->output_tokens = z3_llm__int(json_object_get(usage, "candidatesTokenCount"));
  if (st == Z3_OK && json_array_size(json_object_get(content, "parts"))) {
    out->msg.raw = json_deep_copy(content);
    json_object_set_new(out->msg.raw, "role", json_string("model"));
    out->msg.raw_provider = Z3_LLM_GEMINI;
  }
  return st;
}

const z3_llm_dialect z3_llm_gemini = {"gemini", Z3_DIALECT_GEMINI, build, parse};
