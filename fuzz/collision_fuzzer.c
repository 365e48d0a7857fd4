/*
 * Fuzzes the custom collision list parser (zelda3/collision.h): any bytes
 * parse or fail with a message; a parsed list re-encodes to a list that
 * parses to the same tiles and is no longer than the bound.
 *
 * Seeds in fuzz/corpora/collision/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/collision.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int16_t tiles[Z3_COLLISION_TILES], again[Z3_COLLISION_TILES];
  static uint8_t out[Z3_COLLISION_TILES * 5 + 2];
  z3_error err;
  z3_error_init(&err);
  size_t used = 0;
  if (z3_collision_parse(data, size, tiles, &used, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return 0;
  }
  if (used > size || used < 2) abort();
  size_t n = z3_collision_encode(tiles, out);
  if (n > sizeof out) abort();
  if (n == 0) {
    for (size_t i = 0; i < Z3_COLLISION_TILES; i++)
      if (tiles[i] != Z3_COLLISION_NONE) abort();
    return 0;
  }
  if (z3_collision_parse(out, n, again, &used, &err) != Z3_OK || used != n) abort();
  if (memcmp(tiles, again, sizeof tiles) != 0) abort();
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  static const uint8_t single[] = {0xF0, 0xF0, 0x10, 0x02, 0x08, 0xFF, 0xFF};
  static const uint8_t rectangle[] = {0x43, 0x00, 2, 2, 0x10, 0x11, 0x12, 0x13, 0xF0, 0xF0, 0x05, 0x01, 0x22, 0xFF, 0xFF};
  static const uint8_t empty[] = {0xFF, 0xFF};
  static const uint8_t cut[] = {0x00, 0x00, 64, 64, 1};
  write_seed(argv[1], "single", single, sizeof single);
  write_seed(argv[1], "rectangle", rectangle, sizeof rectangle);
  write_seed(argv[1], "empty", empty, sizeof empty);
  write_seed(argv[1], "cut-short", cut, sizeof cut);
  return 0;
}
#endif
