/*
 * Fuzzes the conversation reader (agent/llm_conv.c). The file sits in a
 * proposal's folder, where other programs can write, and `agent run
 * --proposal-id` reads it back. Input is JSON text; a document that reads
 * must write out and read back to the same document, and one that does not
 * read must say which message (or that it is no conversation at all).
 *
 * Seeds in fuzz/corpora/conversation/ were written by hand from the format.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agent/llm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static json_t *read_back(const json_t *doc) {
  z3_llm_conv c;
  z3_llm_conv_init(&c);
  json_t *out = NULL;
  if (z3_llm_conv_from_json(doc, &c, NULL) == Z3_OK) out = z3_llm_conv_to_json(&c);
  z3_llm_conv_release(&c);
  return out;
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
  }
  z3_llm_conv_release(&c);
  json_decref(doc);
  return 0;
}
