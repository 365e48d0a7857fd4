/*
 * Fuzzes the dungeon map reader and writer (zelda3/dungeon_map.h) on the
 * 2 MiB sample ROM. Input: byte 0 picks vanilla or the expanded layout's
 * flag byte, then 3-byte records (spot, delta, value) write `value` at
 * spots[spot] + delta: the bank $0A tables (floor counts, boss rooms and
 * floors, both pointer tables) and the lists they point at. The reader must
 * load or fail with a message and an offset; loaded, every list lies inside
 * bank $0A, an unchanged write changes no byte but a boss floor word that
 * did not hold the boss room, and an edit of one square
 * (from the last two input bytes) either fails having written nothing or
 * reads back as written, every other square and palace as before (a list
 * left over the fixed tables must not be written there).
 *
 * Seeds in fuzz/corpora/dungeon_map/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/dungeon_map.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_buf template_rom;

static const size_t spots[] = {0x575D9, 0x56807, 0x56E79, 0x57605, 0x57BE4, 0x57621, 0x57700, 0x57C00, 0x57039};
enum { SPOTS = sizeof spots / sizeof spots[0] };

static void check_read(const z3_dmaps *m) {
  for (int i = 0; i < Z3_DMAP_PALACES; i++) {
    const z3_dmap_palace *p = &m->palaces[i];
    if (z3_dmap_floor_total(p) > Z3_DMAP_MAX_FLOORS) abort();
    if (p->rooms_pc < 0x50000 || p->rooms_pc + (size_t)z3_dmap_floor_total(p) * Z3_DMAP_SQUARES > 0x58000) abort();
    if (p->gfx_pc < 0x50000 || p->gfx_pc + z3_dmap_used_squares(p) > 0x58000) abort();
  }
}

/* Writing what was read changes nothing but the boss floor words, which are
 * rewritten when the stored floor does not hold the boss room. */
static void unchanged_write(z3_rom *rom, const z3_dmaps *m) {
  uint8_t *before = z3_malloc(rom->data.len);
  if (!before) abort();
  memcpy(before, rom->data.data, rom->data.len);
  z3_error err;
  z3_error_init(&err);
  if (z3_dmaps_write(rom, m, &err) == Z3_OK)
    for (size_t i = 0; i < rom->data.len; i++)
      if (before[i] != rom->data.data[i] && (i < 0x56E79 || i >= 0x56E79 + 2 * Z3_DMAP_PALACES)) abort();
  z3_free(before);
}

static bool same_palace(const z3_dmap_palace *x, const z3_dmap_palace *y) {
  return x->floors == y->floors && x->basements == y->basements && x->backdrop == y->backdrop &&
         x->boss_room == y->boss_room && memcmp(x->rooms, y->rooms, sizeof x->rooms) == 0 &&
         memcmp(x->gfx, y->gfx, sizeof x->gfx) == 0;
}

/* After the edit: palace `palace` reads as `want`, the others as `before`. */
static void check_others(const z3_dmaps *before, const z3_dmaps *again, int palace, const z3_dmap_palace *want) {
  for (int i = 0; i < Z3_DMAP_PALACES; i++) {
    if (!same_palace(i == palace ? want : &before->palaces[i], &again->palaces[i])) abort();
    if (i != palace && before->palaces[i].boss_floor_word != again->palaces[i].boss_floor_word) abort();
  }
}

static void edit_one_square(z3_rom *rom, z3_dmaps *m, uint8_t a, uint8_t b) {
  int palace = a % Z3_DMAP_PALACES;
  z3_dmap_palace *p = &m->palaces[palace];
  if (z3_dmap_floor_total(p) == 0) return;
  int f = (a >> 4) % z3_dmap_floor_total(p), s = b % Z3_DMAP_SQUARES;
  uint8_t room = (uint8_t)(b ^ a);
  z3_dmaps *before = z3_calloc(1, sizeof *before), *again = z3_calloc(1, sizeof *again);
  if (!before || !again) abort();
  z3_error err;
  z3_error_init(&err);
  if (z3_dmaps_read(rom, before, &err) != Z3_OK) abort(); /* the unchanged write kept it readable */
  p->rooms[f][s] = room, p->gfx[f][s] = (uint8_t)(a % Z3_DMAP_TEMPLATES);
  size_t changes = rom->change_count;
  if (z3_dmap_write(rom, m, palace, &err) != Z3_OK) {
    if (!err.message[0] || rom->change_count != changes) abort();
  } else {
    if (z3_dmaps_read(rom, again, &err) != Z3_OK) abort();
    z3_dmap_palace want = before->palaces[palace];
    want.rooms[f][s] = room;
    want.gfx[f][s] = room == Z3_DMAP_EMPTY ? 0xFF : p->gfx[f][s];
    check_others(before, again, palace, &want);
    check_read(again);
  }
  z3_free(before);
  z3_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  fuzz_sample_once(&template_rom, 0x200000);
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  if (z3_rom_from_memory(&rom, template_rom.data, template_rom.len, "fuzz", &err) != Z3_OK) return 0;
  if (data[0] & 1) rom->data.data[0x56652] = 0x20; /* the expanded layout's JSR */
  for (size_t i = 1; i + 3 <= size; i += 3) {
    size_t at = spots[data[i] % SPOTS] + data[i + 1];
    if (at < rom->data.len) rom->data.data[at] = data[i + 2];
  }
  z3_dmaps *m = z3_calloc(1, sizeof *m);
  if (!m) abort();
  if (z3_dmaps_read(rom, m, &err) == Z3_OK) {
    check_read(m);
    unchanged_write(rom, m);
    if (size >= 3) edit_one_square(rom, m, data[size - 2], data[size - 1]);
  } else if (!err.message[0] || err.offset < 0) {
    abort();
  }
  z3_free(m);
  z3_rom_free(rom);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  static const uint8_t vanilla[] = {0x00};
  static const uint8_t expanded[] = {0x01, 0, 0};
  static const uint8_t nine_floors[] = {0x00, 0, 4, 0x54};
  static const uint8_t pointer_in_wram[] = {0x00, 3, 7, 0x70};
  static const uint8_t boss_moved[] = {0x00, 2, 4, 0x00, 1, 4, 0x12};
  static const uint8_t new_square[] = {0x00, 0, 0, 0x21, 0x02, 0x00};
  write_seed(argv[1], "vanilla", vanilla, sizeof vanilla);
  write_seed(argv[1], "expanded", expanded, sizeof expanded);
  write_seed(argv[1], "nine-floors", nine_floors, sizeof nine_floors);
  write_seed(argv[1], "pointer-in-wram", pointer_in_wram, sizeof pointer_in_wram);
  write_seed(argv[1], "boss-moved", boss_moved, sizeof boss_moved);
  write_seed(argv[1], "new-square", new_square, sizeof new_square);
  return 0;
}
#endif
