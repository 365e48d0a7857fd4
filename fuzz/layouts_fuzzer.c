/*
 * Fuzzes expanded-layout detection (zelda3/layouts.h) on the 2 MiB sample
 * ROM. Input: byte 0 picks the image size (1-64 LoROM banks of 32 KiB, or the
 * whole 2 MiB), then 3-byte records (spot, delta, value) write `value` at
 * spots[spot] + delta: the detection bytes and the pointer tables the
 * detector follows. Detection must stay inside the image, report each layout
 * at most once and in id order, with evidence inside the image. The overworld
 * model, which places its tile tables and entrance tables by what detection
 * finds, must load or fail with a message; loaded, its entrances fit the
 * table it found and an unchanged model saves nothing.
 *
 * Seeds in fuzz/corpora/layouts/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/layouts.h"
#include "zelda3/overworld.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_buf template_rom;

/* Where detection looks: flag bytes, the pointers it follows, their tables. */
static const size_t spots[] = {0x140145, 0x1423FF, 0x17D28, 0x1772E, 0xDB895, 0x7F000, 0x0B5DD,
                               0x77676,  0x128090, 0x128190, 0x128290, 0x56652, 0x0874C, 0xF8000,
                               0xF8100,  0xF8200,  0x7FC0,   0xDB35F,  0xDB55F,  0xDB75F};
enum { SPOTS = sizeof spots / sizeof spots[0] };

static void check(const z3_rom *rom, const z3_layouts *found) {
  if (found->count > Z3_LAYOUT_COUNT) abort();
  for (size_t i = 0; i < found->count; i++) {
    const z3_layout_hit *h = &found->hits[i];
    if (!z3_layout_info_of(h->layout)) abort();
    if (i && h->layout <= found->hits[i - 1].layout) abort();
    if ((h->size != 1 && h->size != 3 && h->size != 4) || h->offset + h->size > rom->data.len) abort();
    char text[96];
    z3_layout_hit_evidence(h, text, sizeof text);
    if (!text[0]) abort();
  }
}

/* The expanded flag decides the table: 256 shared slots and no hole table,
 * the hole bit taken out of the area; saving what was read writes nothing. */
static void check_entrances(z3_overworld *ow, z3_rom *rom) {
  bool expanded = rom->data.data[0xDB895] != 0xB8;
  if (ow->entrances_expanded != expanded) abort();
  if (ow->entrance_count != (expanded ? Z3_OW_ENTRANCE_EXPANDED_COUNT : Z3_OW_ENTRANCE_COUNT)) abort();
  if (ow->hole_count != (expanded ? 0 : Z3_OW_HOLE_COUNT)) abort();
  for (int i = 0; i < ow->entrance_count; i++)
    if ((expanded && (ow->entrances[i].area & 0x8000)) || (!expanded && ow->entrances[i].hole)) abort();
  z3_error err;
  z3_error_init(&err);
  size_t changes = rom->change_count;
  if (z3_ow_save(ow, rom, &err) != Z3_OK || rom->change_count != changes) abort();
}

static bool same(const z3_layouts *a, const z3_layouts *b) {
  if (a->count != b->count) return false;
  for (size_t i = 0; i < a->count; i++) {
    const z3_layout_hit *x = &a->hits[i], *y = &b->hits[i];
    if (x->layout != y->layout || x->offset != y->offset || x->found != y->found || x->size != y->size) return false;
  }
  return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  fuzz_sample_once(&template_rom, 0x200000);
  size_t len = data[0] < 64 ? ((size_t)data[0] + 1) * 0x8000 : template_rom.len;
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  if (z3_rom_from_memory(&rom, template_rom.data, len, "fuzz", &err) != Z3_OK) return 0;
  for (size_t i = 1; i + 3 <= size; i += 3) {
    size_t at = spots[data[i] % SPOTS] + data[i + 1];
    if (at < rom->data.len) rom->data.data[at] = data[i + 2];
  }
  z3_layouts scanned, reported;
  z3_layouts_scan(rom, &scanned);
  check(rom, &scanned);
  bool alttp = z3_layouts_detect(rom, &reported);
  if (alttp != z3_rom_title_is_alttp(rom)) abort();
  if (alttp ? !same(&scanned, &reported) : reported.count != 0) abort();
  z3_overworld *ow = NULL;
  if (z3_ow_load(&ow, rom, &err) == Z3_OK) {
    if (ow->tile16_pc + (size_t)ow->tile16_count * 8 > rom->data.len) abort();
    check_entrances(ow, rom);
    z3_ow_free(ow);
  } else if (!err.message[0] || ow) {
    abort();
  }
  z3_rom_free(rom);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  static const uint8_t vanilla[] = {0xFF};
  static const uint8_t short_file[] = {31, 2, 0, 0x3D};   /* 1 MiB, tile16 flagged */
  static const uint8_t zscustom[] = {0xFF, 0, 0, 3, 1, 0, 0xEA, 3, 0, 0x3E};
  /* room 0's object pointer to $27:8000, a collision pointer, moved headers */
  static const uint8_t pointers[] = {0xFF, 13, 0, 0x00, 13, 1, 0x80, 13, 2, 0x27, 8, 6, 0x50,
                                     8, 7, 0x84, 8, 8, 0x25, 6, 2, 0x22};
  static const uint8_t other_title[] = {0xFF, 16, 0, 'M', 2, 0, 0x3D};
  static const uint8_t tiles_expanded[] = {0xFF, 2, 0, 0x3D, 3, 0, 0x3E};
  static const uint8_t tiles_cut_short[] = {40, 2, 0, 0x3D, 3, 0, 0x3E};
  /* 256 entrances: the flag, slot 0 a hole in area 0x1B, slot 130 an entrance */
  static const uint8_t ow_entrances[] = {0xFF, 4, 0, 0xB3, 18, 1, 0x80, 18, 0, 0x1B, 17, 4, 0x42, 19, 130, 0x05};
  write_seed(argv[1], "vanilla", vanilla, sizeof vanilla);
  write_seed(argv[1], "short-file", short_file, sizeof short_file);
  write_seed(argv[1], "zscustom-v3", zscustom, sizeof zscustom);
  write_seed(argv[1], "pointers", pointers, sizeof pointers);
  write_seed(argv[1], "other-title", other_title, sizeof other_title);
  write_seed(argv[1], "tiles-expanded", tiles_expanded, sizeof tiles_expanded);
  write_seed(argv[1], "tiles-cut-short", tiles_cut_short, sizeof tiles_cut_short);
  write_seed(argv[1], "ow-entrances", ow_entrances, sizeof ow_entrances);
  return 0;
}
#endif
