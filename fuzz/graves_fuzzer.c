/*
 * Fuzzes the gravestone reader and mover (zelda3/overworld_graves.c) on the
 * sample ROM. Input: 3-byte records (offset low, offset high, value) poke the
 * gravestone tables and the three code operands; the last 4 bytes pick a
 * grave, a tile16 place in area 0x14 and what it reveals. The tables must
 * read or fail with a message. A move is refused with a message and nothing
 * written, or it reads back: the grave where it was put, every placed grave
 * found by the game's row-then-column search, rows never repeated.
 *
 * Seeds in fuzz/corpora/graves/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/overworld_secrets.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_buf template_rom;

/* The tables and the operands (opcode and word) the reader looks at. */
static const struct { size_t from, size; } spans[] = {{Z3_GRAVES_PC, Z3_GRAVES_BYTES}, {0x49A3F, 3}, {0x46DD8, 10}};

static void poke(uint8_t *img, const uint8_t *rec) {
  size_t at = (size_t)(rec[0] | rec[1] << 8) % (Z3_GRAVES_BYTES + 13), k = 0;
  while (at >= spans[k].size) at -= spans[k++].size;
  img[spans[k].from + at] = rec[2];
}

static unsigned word(const uint8_t *d, size_t at) { return d[at] | d[at + 1] << 8; }

/* The game's search from below grave i's stone, by raw bytes. */
static bool findable(const uint8_t *d, const z3_grave *v, int i) {
  for (int r = 7; r >= 0; r--) {
    if (word(d, Z3_GRAVES_PC + 2 * (size_t)r) != v->y + 16u) continue;
    for (int at = d[0x499E0 + r]; at < d[0x499E0 + r + 1]; at += 2) {
      unsigned x = word(d, 0x4994A + (size_t)at);
      if (x < v->x + 8u && x + 15 >= v->x + 8u) return at == 2 * i;
    }
    return false;
  }
  return false;
}

/* The moved grave is where it was put and the game finds it; rows in use
 * are distinct (other graves keep whatever rows the fuzzed tables gave them). */
static void check_after(const z3_rom *rom, int moved, int x, int y) {
  z3_graves g;
  z3_error err;
  z3_error_init(&err);
  if (z3_graves_read(rom, &g, &err) != Z3_OK) abort();
  if (moved < 0 || moved >= g.count || g.graves[moved].x != x || g.graves[moved].y != y) abort();
  if (!findable(rom->data.data, &g.graves[moved], moved)) abort();
  for (int r = 0; r < Z3_GRAVE_LINES; r++)
    for (int q = 0; q < r; q++)
      if (g.row_start[r] < g.row_start[r + 1] && g.row_start[q] < g.row_start[q + 1] && g.rows[r] == g.rows[q]) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4) return 0;
  z3_rom *rom = fuzz_sample_rom(&template_rom, 0);
  z3_error err;
  z3_error_init(&err);
  for (size_t i = 0; i + 3 <= size - 4; i += 3) poke(rom->data.data, data + i);
  z3_graves g;
  if (z3_graves_read(rom, &g, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    z3_rom_free(rom);
    return 0;
  }
  const uint8_t *last = data + size - 4;
  static const int reveals[4] = {0, Z3_GRAVE_SKULL, Z3_GRAVE_STAIRS, Z3_GRAVE_HOLE};
  int index = last[0] % 16, x = 0x800 + 16 * (last[1] % 34), y = 0x400 + 16 * (last[2] % 34), moved = -1;
  uint8_t before[Z3_GRAVES_BYTES];
  memcpy(before, rom->data.data + Z3_GRAVES_PC, sizeof before);
  if (z3_graves_set(rom, index, x, y, reveals[last[3] % 4], 0x14, &moved, &err) != Z3_OK) {
    if (!err.message[0] || memcmp(before, rom->data.data + Z3_GRAVES_PC, sizeof before) != 0) abort();
  } else {
    check_after(rom, moved, x, y);
  }
  z3_rom_free(rom);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  static const uint8_t move[] = {1, 20, 12, 0};                       /* grave 1 to another row */
  static const uint8_t hole[] = {0, 2, 24, 3};                        /* refused: grave 4 has the hole */
  static const uint8_t new_row[] = {7, 4, 30, 1};                     /* an unplaced grave on a new row */
  static const uint8_t broken[] = {0xA7, 0, 3, 0, 1, 1, 1};           /* a row offset made odd */
  static const uint8_t no_code[] = {0xAF, 0, 0xEA, 0xB2, 0, 0, 5, 3, 3, 2}; /* dash opcode gone, stairs moved */
  write_seed(argv[1], "move", move, sizeof move);
  write_seed(argv[1], "hole-refused", hole, sizeof hole);
  write_seed(argv[1], "new-row", new_row, sizeof new_row);
  write_seed(argv[1], "broken-row", broken, sizeof broken);
  write_seed(argv[1], "no-code", no_code, sizeof no_code);
  return 0;
}
#endif
