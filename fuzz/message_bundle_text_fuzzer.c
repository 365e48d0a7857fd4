/*
 * Fuzzes `message import`'s text bundle reader and the apply behind it (see
 * message_bundle.h for what is checked).
 *
 * Seeds in fuzz/corpora/message_bundle_text/: the sample's whole export
 * ('z3ed message export --format text'), and small bundles written by hand:
 * line breaks and comments inside messages, CRLF, a dictionary section, and
 * a few refusals.
 */
#include "message_bundle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  check_bundle(data, size, z3_text_bundle_read_text, z3_text_bundle_write_text);
  return 0;
}
