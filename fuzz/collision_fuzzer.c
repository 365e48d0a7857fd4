/*
 * Fuzzes ZScream's custom collision (zelda3/collision.h), reading every input twice.
 *  1. As one list: any bytes parse or fail with a message; a parsed list
 *     re-encodes to a list that parses to the same tiles and is no longer
 *     than the bound.
 *  2. As a collision bank on the 2 MiB sample: byte 0 gives 1-8 room
 *     pointers, each 3 bytes (room, then an offset into the list area, so
 *     lists may share or overlap bytes), then a byte gives 0-15 edits, each 4
 *     bytes (room, x with bit 7 to clear, y, value); the rest is written at
 *     0x128450. A bank that loads, edited and saved, loads again with every
 *     room's tiles as they were and the edits made: an edit never reaches
 *     another room's list. A bank that does not load, or a save without room,
 *     fails with a message.
 *
 * Seeds in fuzz/corpora/collision/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/collision.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { LIST_AREA = Z3_COLLISION_DATA_END - Z3_COLLISION_DATA_PC };

static void check_list(const uint8_t *data, size_t size) {
  static int16_t tiles[Z3_COLLISION_TILES], again[Z3_COLLISION_TILES];
  static uint8_t out[Z3_COLLISION_TILES * 5 + 2];
  z3_error err;
  z3_error_init(&err);
  size_t used = 0;
  if (z3_collision_parse(data, size, tiles, &used, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return;
  }
  if (used > size || used < 2) abort();
  size_t n = z3_collision_encode(tiles, out);
  if (n > sizeof out) abort();
  if (n == 0) {
    for (size_t i = 0; i < Z3_COLLISION_TILES; i++)
      if (tiles[i] != Z3_COLLISION_NONE) abort();
    return;
  }
  if (z3_collision_parse(out, n, again, &used, &err) != Z3_OK || used != n) abort();
  if (memcmp(tiles, again, sizeof tiles) != 0) abort();
}

typedef struct bank_input {
  const uint8_t *p, *end;
} bank_input;

static int next_byte(bank_input *in) { return in->p < in->end ? *in->p++ : 0; }

/* The sample with the input's pointers and list bytes in the collision bank. */
static z3_rom *bank_rom(bank_input *in) {
  static z3_buf template_rom;
  z3_rom *rom = fuzz_sample_rom(&template_rom, 2u << 20);
  uint8_t *bytes = rom->data.data;
  memset(bytes + Z3_COLLISION_PTR_PC, 0, Z3_COLLISION_DATA_END - Z3_COLLISION_PTR_PC);
  int pointers = next_byte(in) % 8 + 1;
  for (int i = 0; i < pointers; i++) {
    int room = next_byte(in) % Z3_COLLISION_ROOMS, lo = next_byte(in), hi = next_byte(in);
    fuzz_put_pointer(rom, Z3_COLLISION_PTR_PC + 3 * (size_t)room, Z3_COLLISION_DATA_PC + (size_t)(hi << 8 | lo) % LIST_AREA);
  }
  return rom;
}

static void check_bank(const uint8_t *data, size_t size) {
  static int16_t expected[Z3_COLLISION_ROOMS][Z3_COLLISION_TILES];
  bank_input in = {data, data + size};
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = bank_rom(&in);
  int edits = next_byte(&in) % 16;
  const uint8_t *edit = in.p;
  in.p += (size_t)edits * 4 < (size_t)(in.end - in.p) ? (size_t)edits * 4 : (size_t)(in.end - in.p);
  size_t rest = (size_t)(in.end - in.p) < LIST_AREA ? (size_t)(in.end - in.p) : LIST_AREA;
  memcpy(rom->data.data + Z3_COLLISION_DATA_PC, in.p, rest);
  z3_collision *c = NULL;
  if (z3_collision_load(rom, &c, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    z3_rom_free(rom);
    return;
  }
  for (int r = 0; r < Z3_COLLISION_ROOMS; r++) memcpy(expected[r], c->rooms[r].tiles, sizeof expected[r]);
  for (int k = 0; k < edits && edit + 4 * k + 4 <= in.p; k++) {
    const uint8_t *e = edit + 4 * k;
    int room = e[0] % Z3_COLLISION_ROOMS, x = e[1] & 63, y = e[2] & 63, value = e[1] & 0x80 ? Z3_COLLISION_NONE : e[3];
    if (z3_collision_set(c, room, x, y, value, &err) != Z3_OK) abort(); /* it loaded with a pointer: installed */
    expected[room][y * Z3_COLLISION_SIDE + x] = (int16_t)value;
  }
  z3_collision *again = NULL;
  if (z3_collision_save(c, rom, &err) != Z3_OK) {
    if (!err.message[0]) abort();
  } else {
    if (z3_collision_load(rom, &again, &err) != Z3_OK) abort();
    for (int r = 0; r < Z3_COLLISION_ROOMS; r++)
      if (memcmp(expected[r], again->rooms[r].tiles, sizeof expected[r]) != 0) abort();
  }
  z3_collision_free(again);
  z3_collision_free(c);
  z3_rom_free(rom);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  check_list(data, size);
  check_bank(data, size);
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
  /* banks: rooms 1 and 2, then 1 edit, then the lists. Room 2's list is the tail of room 1's
   * (another tool's ROM); clearing room 1's single tile must not empty room 2. */
  static const uint8_t overlap[] = {1, 1, 0, 0, 2, 6, 0, 1, 1, 0x85, 0, 0,
                                    0, 0, 2, 1, 1, 2, 0xF0, 0xF0, 5, 0, 3, 0xFF, 0xFF};
  /* both rooms at one list (ZScream shares equal lists): room 1 gets a new value for its tile,
   * as long as the list was, and must move out rather than change room 2 */
  static const uint8_t shared[] = {1, 1, 0, 0, 2, 0, 0, 1, 1, 5, 0, 9, 0xF0, 0xF0, 5, 0, 3, 0xFF, 0xFF};
  /* two lists side by side; room 1 grows past its bytes and is written after the last list */
  static const uint8_t grow[] = {1, 1, 0, 0, 2, 7, 0, 2, 1, 10, 10, 1, 1, 11, 10, 2,
                                 0xF0, 0xF0, 5, 0, 3, 0xFF, 0xFF, 0xF0, 0xF0, 6, 0, 4, 0xFF, 0xFF};
  write_seed(argv[1], "bank-overlap", overlap, sizeof overlap);
  write_seed(argv[1], "bank-shared", shared, sizeof shared);
  write_seed(argv[1], "bank-grow", grow, sizeof grow);
  return 0;
}
#endif
