/*
 * Fuzzes yaze's water-fill table reader and the --tiles text (zelda3/water_fill.h).
 * The first byte picks the mode (odd: tiles; 0 mod 4: table; 2 mod 4: set). A table
 * that parses encodes to a region that parses to the same zones; a tile list that
 * parses is sorted, without repeats, inside the 64x64 map and at most 255 long.
 * Set: room, mask and 0-31 tile words (any value) from the input are set on a table
 * of the input's last bytes; a set that is taken encodes to a region that parses to
 * the zones the table then holds (so a save always loads again). With bit 2 of the
 * first byte also on a ROM: the 2 MiB sample with custom collision (room 0's list in
 * its bank, room 1's, when the room byte is odd, ending where the region starts) and the table
 * in the region loads as parsed, saves the set and loads it again, the collision
 * untouched. Failures carry a message.
 *
 * Seeds in fuzz/corpora/water_fill/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/collision.h"
#include "zelda3/water_fill.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_zones(const z3_water_table *a, const z3_water_table *b) {
  if (a->count != b->count) abort();
  for (int k = 0; k < a->count; k++) {
    const z3_water_zone *z = z3_water_find(b, a->zones[k].room);
    if (!z || z->mask != a->zones[k].mask || z->count != a->zones[k].count) abort();
    if (memcmp(z->offsets, a->zones[k].offsets, (size_t)z->count * sizeof z->offsets[0]) != 0) abort();
  }
}

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
  if (z3_water_parse(region, sizeof region, &again, &err) != Z3_OK) abort();
  same_zones(&t, &again);
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

static void put_list(z3_rom *rom, int room, size_t pc) {
  fuzz_put_pointer(rom, Z3_COLLISION_PTR_PC + 3 * (size_t)room, pc);
  rom->data.data[pc] = rom->data.data[pc + 1] = 0xFF; /* an empty list */
}

static bool no_tiles(const z3_collision *c, int room) {
  for (int i = 0; i < Z3_COLLISION_TILES; i++)
    if (c->rooms[room].tiles[i] != Z3_COLLISION_NONE) return false;
  return true;
}

/* The table t parsed from region, on a ROM, before and after the set that made `want`. */
static void check_rom(const uint8_t region[Z3_WATER_REGION_SIZE], int room, int mask, const uint16_t *offsets, int n,
                      const z3_water_table *parsed) {
  static z3_buf template_rom;
  static z3_water_table t, again;
  z3_rom *rom = fuzz_sample_rom(&template_rom, 2u << 20);
  memset(rom->data.data + Z3_COLLISION_PTR_PC, 0, 3 * Z3_COLLISION_ROOMS);
  put_list(rom, 0, Z3_COLLISION_DATA_PC);
  if (room & 1) put_list(rom, 1, Z3_WATER_TABLE_PC - 2); /* ends where the region starts */
  memcpy(rom->data.data + Z3_WATER_TABLE_PC, region, Z3_WATER_REGION_SIZE);
  z3_error err;
  z3_error_init(&err);
  if (z3_water_load(rom, &t, &err) != Z3_OK || !t.present) abort();
  same_zones(parsed, &t);
  if (z3_water_set(&t, room, mask, offsets, n, &err) != Z3_OK) abort(); /* taken on the same table in memory */
  if (z3_water_save(&t, rom, &err) != Z3_OK || z3_water_load(rom, &again, &err) != Z3_OK) abort();
  same_zones(&t, &again);
  z3_collision *c = NULL;
  if (z3_collision_load(rom, &c, &err) != Z3_OK || !no_tiles(c, 0) || !no_tiles(c, 1)) abort();
  z3_collision_free(c);
  z3_rom_free(rom);
}

static void check_set(const uint8_t *data, size_t size, bool on_rom) {
  static z3_water_table t, again;
  static uint8_t region[Z3_WATER_REGION_SIZE];
  if (size < 3) return;
  int room = data[0], mask = data[1], n = data[2] % 32;
  if (size < 3 + 2 * (size_t)n) return;
  uint16_t offsets[32];
  for (int i = 0; i < n; i++) offsets[i] = (uint16_t)(data[3 + 2 * i] | data[4 + 2 * i] << 8);
  const uint8_t *table = data + 3 + 2 * n;
  size_t len = size - 3 - 2 * (size_t)n;
  z3_error err;
  z3_error_init(&err);
  memset(region, 0, sizeof region);
  memcpy(region, table, len < sizeof region ? len : sizeof region);
  if (z3_water_parse(region, sizeof region, &t, &err) != Z3_OK) return;
  static z3_water_table parsed;
  static uint8_t original[Z3_WATER_REGION_SIZE];
  parsed = t;
  memcpy(original, region, sizeof original);
  if (z3_water_set(&t, room, mask, offsets, n, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return;
  }
  z3_water_encode(&t, region);
  if (z3_water_parse(region, sizeof region, &again, &err) != Z3_OK) abort();
  same_zones(&t, &again);
  if (on_rom) check_rom(original, room, mask, offsets, n, &parsed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  if (data[0] & 1) check_tiles(data + 1, size - 1);
  else if (data[0] & 2) check_set(data + 1, size - 1, data[0] & 4);
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
  /* set room 0x30 (mask 0: the lowest free bit) to tiles 5 and 4200 (off the map) on the table above */
  static const uint8_t set_off_map[] = {2, 0x30, 0, 2, 5, 0, 0x68, 0x10, 2, 0x25, 0x02, 0x09, 0x00, 0x27,
                                        0x01, 0x0E, 0x00, 2, 0x0A, 0x05, 0x0B, 0x05, 1, 0xFF, 0x0F};
  /* replace room 0x25's zone, keeping its bit */
  static const uint8_t set_replace[] = {2, 0x25, 0, 3, 1, 0, 2, 0, 1, 0, 2, 0x25, 0x02, 0x09, 0x00, 0x27,
                                        0x01, 0x0E, 0x00, 2, 0x0A, 0x05, 0x0B, 0x05, 1, 0xFF, 0x0F};
  write_seed(argv[1], "set-off-map", set_off_map, sizeof set_off_map);
  write_seed(argv[1], "set-replace", set_replace, sizeof set_replace);
  /* the same replace on the ROM (room 0x25 is odd: room 1's collision list ends at the region) */
  uint8_t on_rom[sizeof set_replace];
  memcpy(on_rom, set_replace, sizeof on_rom);
  on_rom[0] = 6;
  write_seed(argv[1], "set-replace-on-rom", on_rom, sizeof on_rom);
  return 0;
}
#endif
