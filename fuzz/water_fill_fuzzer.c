/*
 * Fuzzes yaze's water-fill table reader and the --tiles text (zelda3/water_fill.h).
 * The first byte picks the parser. A table that parses encodes to a region that
 * parses to the same zones; a tile list that parses is sorted, without repeats,
 * inside the 64x64 map and at most 255 long. Failures carry a message.
 *
 * Seeds in fuzz/corpora/water_fill/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/water_fill.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_table(const uint8_t *data, size_t size) {
  static z3_water_table t, again;
  static uint8_t region[Z3_WATER_REGION_SIZE];
  z3_error err;
  z3_error_init(&err);
  if (size > Z3_WATER_REGION_SIZE) size = Z3_WATER_REGION_SIZE;
  if (z3_water_parse(data, size, &t, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return;
  }
  z3_water_encode(&t, region);
  if (z3_water_parse(region, sizeof region, &again, &err) != Z3_OK || again.count != t.count) abort();
  for (int k = 0; k < t.count; k++) {
    const z3_water_zone *z = z3_water_find(&again, t.zones[k].room);
    if (!z || z->mask != t.zones[k].mask || z->count != t.zones[k].count) abort();
    if (memcmp(z->offsets, t.zones[k].offsets, (size_t)z->count * sizeof z->offsets[0]) != 0) abort();
  }
}

static void check_tiles(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return;
  memcpy(text, data, size);
  text[size] = '\0';
  uint16_t offsets[Z3_WATER_MAX_TILES];
  int n = -1;
  z3_error err;
  z3_error_init(&err);
  if (z3_water_parse_tiles(text, offsets, &n, &err) != Z3_OK) {
    if (!err.message[0]) abort();
  } else {
    if (n < 0 || n > Z3_WATER_MAX_TILES) abort();
    for (int i = 0; i < n; i++)
      if (offsets[i] >= Z3_WATER_SIDE * Z3_WATER_SIDE || (i && offsets[i] <= offsets[i - 1])) abort();
  }
  free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  if (data[0] & 1) check_tiles(data + 1, size - 1);
  else check_table(data + 1, size - 1);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  /* mode byte 0, then two zones: room 0x25 bit 1 with 2 tiles, room 0x27 bit 0 with 1 */
  static const uint8_t table[] = {0, 2, 0x25, 0x02, 0x09, 0x00, 0x27, 0x01, 0x0E, 0x00,
                                  2, 0x0A, 0x05, 0x0B, 0x05, 1, 0xFF, 0x0F};
  static const uint8_t empty[] = {0, 0, 0, 0, 0};
  static const uint8_t not_table[] = {0, 0xFF, 0xFF};
  static const char tiles[] = "\x01" "10,20,8,4 30,31;0x3F,0";
  static const char bad_tiles[] = "\x01" "10,20,8 64,1";
  write_seed(argv[1], "table", table, sizeof table);
  write_seed(argv[1], "empty", empty, sizeof empty);
  write_seed(argv[1], "not-a-table", not_table, sizeof not_table);
  write_seed(argv[1], "tiles", (const uint8_t *)tiles, sizeof tiles - 1);
  write_seed(argv[1], "bad-tiles", (const uint8_t *)bad_tiles, sizeof bad_tiles - 1);
  return 0;
}
#endif
