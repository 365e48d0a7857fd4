/*
 * Fuzzes the build-output parser (devtools/diag.h): any bytes give a result
 * whose counts agree with its list and whose every string is valid UTF-8
 * (jansson refuses anything else, so a bad string would vanish from output).
 * Seeds in fuzz/corpora/build_diag/ are real GCC, Clang, ld, lld and CMake logs.
 */
#include <stdint.h>
#include <stdlib.h>

#include "devtools/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t count_notes(json_t *list) {
  size_t notes = 0, i;
  json_t *d;
  json_array_foreach(list, i, d) notes += json_array_size(json_object_get(d, "notes"));
  return notes;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 16) return 0;
  json_t *r = z3_diag_parse((const char *)data, size);
  if (!r) abort();
  json_t *list = json_object_get(r, "diagnostics");
  size_t top = (size_t)(json_integer_value(json_object_get(r, "errors")) +
                        json_integer_value(json_object_get(r, "warnings")));
  size_t notes = (size_t)json_integer_value(json_object_get(r, "notes"));
  size_t nested = count_notes(list);
  if (!json_is_array(list) || nested > notes || top + (notes - nested) != json_array_size(list)) abort();
  size_t i;
  json_t *d;
  json_array_foreach(list, i, d) {
    if (!json_is_string(json_object_get(d, "message")) || !json_is_string(json_object_get(d, "severity"))) abort();
  }
  char *text = json_dumps(r, 0);
  if (!text) abort();
  free(text);
  json_decref(r);
  return 0;
}
