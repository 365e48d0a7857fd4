/*
 * Fuzzes `message import`'s JSON bundle reader and the apply behind it (see
 * message_bundle.h for what is checked).
 *
 * Seeds in fuzz/corpora/message_bundle_json/: the sample's whole export
 * ('z3ed message export --format json'), and small bundles written by hand:
 * a partial one, a dictionary edit, and a few refusals.
 */
#include "message_bundle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  check_bundle(data, size, z3_text_bundle_read_json, z3_text_bundle_write_json);
  return 0;
}
