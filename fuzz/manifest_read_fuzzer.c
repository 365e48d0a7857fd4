/*
 * Fuzzes the manifest reader: the manifest a BPS patch carries as metadata.
 *  1. The input is a BPS patch; its patch CRC is repaired so mutations reach
 *     the header and the metadata, which is read back as a manifest.
 *  2. The input is also read as manifest text directly.
 * A manifest that passes the checks is rendered as text (which trusts the
 * checked shape: a missing check would crash here), and written out as JSON
 * it parses again to the same document; one that fails says why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "snes/patch.h"
#include "zelda3/manifest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void read_manifest(const char *text, size_t len) {
  json_t *m = NULL, *again = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_manifest_parse(text, len, &m, &err) != Z3_OK) {
    if (!err.message[0] || m) abort();
    return;
  }
  char *s = z3_manifest_text(m);
  if (!s) abort();
  z3_free(s);
  /* What passed the checks, written out as `patch manifest --json` does, passes them again. */
  char *dumped = json_dumps(m, JSON_COMPACT);
  if (!dumped || z3_manifest_parse(dumped, strlen(dumped), &again, &err) != Z3_OK || !json_equal(m, again)) abort();
  free(dumped);
  json_decref(again);
  json_decref(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  read_manifest((const char *)data, size);
  if (size < 16 || size > (1u << 20)) return 0;
  uint8_t *patch = malloc(size);
  if (!patch) return 0;
  memcpy(patch, data, size);
  uint32_t crc = z3_crc32(patch, size - 4);
  for (int i = 0; i < 4; i++) patch[size - 4 + (size_t)i] = (uint8_t)(crc >> (8 * i));
  size_t at = 0, n = 0;
  z3_error err;
  z3_error_init(&err);
  if (z3_bps_metadata(patch, size, &at, &n, &err) == Z3_OK && at + n <= size) read_manifest((const char *)patch + at, n);
  free(patch);
  return 0;
}
