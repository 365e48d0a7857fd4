/*
 * Fuzzes the conversation reader (agent/llm_conv.c). The file sits in a
 * proposal's folder, where other programs can write, and `agent run
 * --proposal-id` reads it back. Input is JSON text; a document that reads
 * must write out and read back to the same document, and one that does not
 * read must say which message (or that it is no conversation at all).
 * A conversation that reads is then built into each provider's request, as
 * `agent run` sends it: built, or refused with a reason; for OpenAI and Ollama
 * every message is one entry of "messages", none dropped.
 *
 * Seeds in fuzz/corpora/conversation/ were written by hand from the format.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agent/llm_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static json_t *read_back(const json_t *doc) {
  z3_llm_conv c;
  z3_llm_conv_init(&c);
  json_t *out = NULL;
  if (z3_llm_conv_from_json(doc, &c, NULL) == Z3_OK) out = z3_llm_conv_to_json(&c);
  z3_llm_conv_release(&c);
  return out;
}

static void build_for(const z3_llm_dialect *d, z3_llm_provider p, const z3_llm_conv *c) {
  z3_llm_config cfg = {.provider = p, .model = "m", .base_url = "http://127.0.0.1:9", .api_key = "k"};
  z3_llm *llm;
  z3_error err;
  z3_error_init(&err);
  if (z3_llm_open(&llm, &cfg, &err) != Z3_OK) abort();
  z3_llm_request req = {0};
  if (d->build(llm, c, NULL, &req, &err) != Z3_OK) {
    if (!err.message[0]) abort();
  } else if (!req.body) {
    abort();
  } else if (p == Z3_LLM_OPENAI || p == Z3_LLM_OLLAMA) {
    if (json_array_size(json_object_get(req.body, "messages")) != c->count) abort();
  }
  z3_llm__request_release(&req);
  z3_llm_close(llm);
}

static void build_each(const z3_llm_conv *c) {
  build_for(&z3_llm_openai, Z3_LLM_OPENAI, c);
  build_for(&z3_llm_ollama, Z3_LLM_OLLAMA, c);
  build_for(&z3_llm_anthropic, Z3_LLM_ANTHROPIC, c);
  build_for(&z3_llm_gemini, Z3_LLM_GEMINI, c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  json_t *doc = json_loadb((const char *)data, size, 0, NULL);
  if (!doc) return 0;
  z3_llm_conv c;
  z3_llm_conv_init(&c);
  z3_error err;
  z3_error_init(&err);
  if (z3_llm_conv_from_json(doc, &c, &err) != Z3_OK) {
    if (!strstr(err.message, "conversation message ") && !strstr(err.message, "not a conversation")) abort();
  } else {
    json_t *once = z3_llm_conv_to_json(&c), *twice = once ? read_back(once) : NULL;
    if (!once || !twice || !json_equal(once, twice)) abort();
    if (json_array_size(json_object_get(once, "messages")) != c.count) abort();
    json_decref(once);
    json_decref(twice);
    build_each(&c);
  }
  z3_llm_conv_release(&c);
  json_decref(doc);
  return 0;
}
