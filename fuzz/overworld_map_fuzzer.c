/*
 * Fuzzes the overworld model's readers on the sample ROM: the input's first
 * byte picks what it replaces, the second an area, the rest is the data.
 *   0  area's compressed map32 streams (high at 0x58000, low half-way in)
 *   1  the sprite-list data region (pointers unchanged)
 *   2  the secret-item data region
 *   3  the tile32 quadrant tables (the start of all four)
 * Loading must succeed or fail with a message. What loads must save (every
 * list and the area's map marked dirty) and load again to the same model.
 *
 * Seeds in fuzz/corpora/overworld_map/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/overworld.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_buf template_rom;

static void put_long(uint8_t *p, size_t pc) {
  uint32_t a = (uint32_t)((pc >> 15) << 16 | 0x8000 | (pc & 0x7FFF));
  p[0] = (uint8_t)a, p[1] = (uint8_t)(a >> 8), p[2] = (uint8_t)(a >> 16);
}

static void plant(uint8_t *img, int target, int area, const uint8_t *p, size_t n) {
  static const size_t caps[4] = {0x7E70, Z3_OW_SPRITE_DATA_END - Z3_OW_SPRITE_DATA_PC,
                                 Z3_OW_ITEM_DATA_END - Z3_OW_ITEM_DATA_PC, 0x33F0};
  if (n > caps[target]) n = caps[target];
  switch (target) {
    case 0:
      memcpy(img + 0x58000, p, n);
      put_long(img + Z3_OW_MAP_HIGH_PTR_PC + (size_t)area * 3, 0x58000);
      put_long(img + Z3_OW_MAP_LOW_PTR_PC + (size_t)area * 3, 0x58000 + n / 2);
      break;
    case 1: memcpy(img + Z3_OW_SPRITE_DATA_PC, p, n); break;
    case 2: memcpy(img + Z3_OW_ITEM_DATA_PC, p, n); break;
    default:
      for (int q = 0; q < 4; q++) memcpy(img + z3_ow_tile32_pc[q], p, n);
      break;
  }
}

static bool same_lists(const z3_ow_list *a, const z3_ow_list *b) {
  return a->count == b->count && (a->count == 0 || memcmp(a->sprites, b->sprites, (size_t)a->count * 3) == 0);
}

static void check_same(const z3_overworld *a, const z3_overworld *b) {
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++)
    if (memcmp(a->areas[id].map32, b->areas[id].map32, sizeof a->areas[id].map32) != 0) abort();
  if (memcmp(a->tile32, b->tile32, Z3_OW_TILE32_COUNT * sizeof *a->tile32) != 0) abort();
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++)
      if (!same_lists(&a->sprites[s][i], &b->sprites[s][i])) abort();
  for (int i = 0; i < Z3_OW_LIST_AREAS; i++) {
    const z3_ow_list *x = &a->items[i], *y = &b->items[i];
    if (x->count != y->count) abort();
    for (int k = 0; k < x->count; k++)
      if (x->items[k].pos != y->items[k].pos || x->items[k].id != y->items[k].id) abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2) return 0;
  z3_rom *rom = fuzz_sample_rom(&template_rom, 0);
  z3_error err;
  z3_error_init(&err);
  int target = data[0] % 4, area = data[1] % Z3_OW_AREA_COUNT;
  plant(rom->data.data, target, area, data + 2, size - 2);
  z3_overworld *ow = NULL;
  if (z3_ow_load(&ow, rom, &err) != Z3_OK) {
    if (!err.message[0] || ow) abort();
    z3_rom_free(rom);
    return 0;
  }
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++) ow->sprites[s][i].dirty = true;
  for (int i = 0; i < Z3_OW_LIST_AREAS; i++) ow->items[i].dirty = true;
  ow->areas[area].map_dirty = ow->tile32_dirty = true;
  z3_status st = z3_ow_save(ow, rom, &err);
  if (st == Z3_OK) {
    z3_overworld *again = NULL;
    if (z3_ow_load(&again, rom, &err) != Z3_OK) abort();
    check_same(ow, again);
    z3_ow_free(again);
  } else if (!err.message[0]) {
    abort();
  }
  z3_ow_free(ow);
  z3_rom_free(rom);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

static void seed_region(const char *dir, const char *name, int target, int area, size_t pc, size_t n) {
  uint8_t *buf = malloc(n + 2);
  buf[0] = (uint8_t)target, buf[1] = (uint8_t)area;
  memcpy(buf + 2, template_rom.data + pc, n);
  write_seed(dir, name, buf, n + 2);
  free(buf);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  fuzz_sample_once(&template_rom, 0);
  /* area 0x2C's two streams, as they lie in the sample (high then low) */
  const uint8_t *d = template_rom.data;
  size_t hi = (size_t)d[Z3_OW_MAP_HIGH_PTR_PC + 0x2C * 3 + 2] * 0x8000 +
              ((d[Z3_OW_MAP_HIGH_PTR_PC + 0x2C * 3] | d[Z3_OW_MAP_HIGH_PTR_PC + 0x2C * 3 + 1] << 8) & 0x7FFF);
  seed_region(argv[1], "map-area-2c", 0, 0x2C, hi, 400);
  seed_region(argv[1], "map-truncated", 0, 0x05, hi, 9);
  seed_region(argv[1], "sprites", 1, 0, Z3_OW_SPRITE_DATA_PC, 64);
  seed_region(argv[1], "items", 2, 0, Z3_OW_ITEM_DATA_PC, 40);
  seed_region(argv[1], "tile32", 3, 0, z3_ow_tile32_pc[0], 96);
  static const uint8_t unterminated[] = {1, 0, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06};
  write_seed(argv[1], "sprites-unterminated", unterminated, sizeof unterminated);
  return 0;
}
#endif
