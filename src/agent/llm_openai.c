/*
 * OpenAI-compatible chat completions (OpenAI, llama.cpp server, vLLM, LM
 * Studio): tool arguments travel as JSON text, results as role "tool"
 * messages naming the call's id.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/llm_internal.h"

static json_t *assistant_message(const z3_llm_msg *m) {
  json_t *o = json_pack("{s:s,s:o}", "role", "assistant", "content", m->text ? json_string(m->text) : json_null());
  if (m->call_count == 0) return o;
  json_t *calls = json_array();
  for (size_t i = 0; i < m->call_count; i++) {
    const z3_llm_call *c = &m->calls[i];
    /* Arguments go back exactly as the model wrote them. */
    char *text = c->args_text || !c->args ? NULL : json_dumps(c->args, JSON_COMPACT);
    json_array_append_new(calls, json_pack("{s:s,s:s,s:{s:s,s:s}}", "id", c->id, "type", "function", "function",
                                           "name", c->name, "arguments", c->args_text ? c->args_text : text ? text : "{}"));
    free(text);
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
      json_array_append_new(list, json_pack("{s:s,s:s,s:s}", "role", "tool", "tool_call_id", m->call_id,
                                            "content", m->text));
    }
  }
  return list;
}

static z3_status build(const z3_llm *llm, const z3_llm_conv *conv, const json_t *tools,
                       z3_llm_request *req, z3_error *err) {
  req->url = z3_strdup(llm->endpoint);
  req->body = json_pack("{s:s,s:o}", "model", llm->model, "messages", messages(conv));
  if (!req->url || !req->body) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (json_array_size(tools)) {
    json_object_set_new(req->body, "tools", z3_llm__function_tools(tools, Z3_DIALECT_OPENAI));
    json_object_set_new(req->body, "tool_choice", json_string("auto"));
  }
  /* OpenAI's reasoning models need the new name; local servers know the old one. */
  bool hosted = strstr(llm->base_url, "api.openai.com") != NULL;
  json_object_set_new(req->body, hosted ? "max_completion_tokens" : "max_tokens", json_integer(llm->max_tokens));
  if (llm->temperature_set) json_object_set_new(req->body, "temperature", json_real(llm->temperature));
  /* Local servers often check no key; a placeholder keeps those that want the header happy. */
  return z3_llm__header(req, err, "Authorization: Bearer %s", llm->api_key ? llm->api_key : "no-key");
}

/* content: a string, null, or (some servers) an array of {type:"text", text} parts. */
static z3_status read_content(const json_t *content, z3_llm_msg *m, z3_error *err) {
  if (json_is_string(content)) return z3_llm__add_text(m, json_string_value(content), err);
  size_t i;
  json_t *part;
  json_array_foreach(content, i, part) {
    z3_status st = z3_llm__add_text(m, z3_llm__str(part, "text"), err);
    if (st) return st;
  }
  return Z3_OK;
}

static z3_status read_call(const json_t *id, const json_t *fn, z3_llm_msg *m, z3_error *err) {
  const json_t *a = json_object_get(fn, "arguments");
  const char *name = z3_llm__str(fn, "name");
  if (json_is_object(a)) return z3_llm__add_call(m, json_string_value(id), name, json_deep_copy(a), NULL, NULL, err);
  const char *text = json_string_value(a);
  if (!text) return z3_llm__add_call(m, json_string_value(id), name, NULL, NULL, "the arguments are missing", err);
  json_error_t je;
  json_t *args = *text ? json_loads(text, JSON_REJECT_DUPLICATES, &je) : json_object();
  char why[200] = "";
  if (!args) snprintf(why, sizeof why, "the arguments are not valid JSON: %s", je.text);
  else if (!json_is_object(args)) snprintf(why, sizeof why, "the arguments are not a JSON object");
  if (why[0]) {
    json_decref(args);
    args = NULL;
  }
  return z3_llm__add_call(m, json_string_value(id), name, args, text, why[0] ? why : NULL, err);
}

static z3_status parse(const json_t *body, z3_llm_reply *out, z3_error *err) {
  const json_t *choice = json_array_get(json_object_get(body, "choices"), 0);
  const json_t *msg = json_object_get(choice, "message");
  if (!json_is_object(msg)) return z3_error_set(err, Z3_E_INVALID, "openai answered without choices[0].message");
  z3_status st = read_content(json_object_get(msg, "content"), &out->msg, err);
  size_t i;
  json_t *call;
  json_array_foreach(json_object_get(msg, "tool_calls"), i, call) {
    if (st == Z3_OK) st = read_call(json_object_get(call, "id"), json_object_get(call, "function"), &out->msg, err);
  }
  const json_t *legacy = json_object_get(msg, "function_call"); /* the pre-tools form */
  if (st == Z3_OK && json_is_object(legacy)) st = read_call(NULL, legacy, &out->msg, err);
  const char *reason = z3_llm__str(choice, "finish_reason");
  if (st == Z3_OK && reason && !(out->stop_reason = z3_strdup(reason))) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  const json_t *usage = json_object_get(body, "usage");
  out->input_tokens = z3_llm__int(json_object_get(usage, "prompt_tokens"));
  out->output_tokens = z3_llm__int(json_object_get(usage, "completion_tokens"));
  return st;
}

const z3_llm_dialect z3_llm_openai = {"openai", Z3_DIALECT_OPENAI, build, parse};
