/*
 * Fuzzes the code index's own scanners (code index): C call sites, #include
 * lines and 65816 sources (asar and ca65) on the same bytes.
 * Checks: every call and include names something with a line inside the
 * text; every assembly tag has a name, a kind and an end not before its line.
 * Seeds in fuzz/corpora/code_scan/: the code-proj fixture's files.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "devtools/code.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_pairs(const json_t *pairs, json_int_t lines) {
  size_t i;
  const json_t *p;
  json_array_foreach(pairs, i, p) {
    const char *name = json_string_value(json_array_get(p, 0));
    json_int_t line = json_integer_value(json_array_get(p, 1));
    if (!name || !*name || line < 1 || line > lines) abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 18) return 0;
  const char *text = (const char *)data;
  json_int_t lines = 1;
  for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
  json_t *calls = z3_code_scan_calls(text, size);
  json_t *includes = z3_code_scan_includes(text, size);
  check_pairs(calls, lines);
  check_pairs(includes, lines);
  json_decref(calls);
  json_decref(includes);
  json_t *tags = json_array();
  calls = json_array();
  includes = json_array();
  z3_code_scan_asm(text, size, tags, calls, includes);
  check_pairs(calls, lines);
  check_pairs(includes, lines);
  size_t i;
  json_t *t;
  json_array_foreach(tags, i, t) {
    json_int_t line = json_integer_value(json_object_get(t, "line"));
    json_t *end = json_object_get(t, "end");
    if (!json_string_value(json_object_get(t, "name")) || !json_string_value(json_object_get(t, "kind"))) abort();
    if (end && json_integer_value(end) < line - 1) abort();
  }
  json_decref(tags);
  json_decref(calls);
  json_decref(includes);
  return 0;
}
