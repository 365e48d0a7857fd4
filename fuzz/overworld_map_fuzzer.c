/*
 * Fuzzes the overworld model's readers on the sample ROM: the input's first
 * byte picks what it replaces, the second an area, the rest is the data.
 *   0  area's compressed map32 streams (high at 0x58000, low half-way in)
 *   1  the sprite-list data region (pointers unchanged)
 *   2  the secret-item data region
 *   3  the tile32 quadrant tables (the start of all four)
 * With bit 2 of the first byte set, the third byte counts (mod 17) edits of 6
 * bytes that follow it (op, area, x, y, value), made after loading: op % 3 is
 * 0 to set a tile16 (choosing or defining a tile32), 1 a tile32, 2 a tile8 of
 * a tile16's definition (id: the value, quadrant: the area byte, tile8: x and
 * y, its palette out of range by the area byte's top bit); the rest is the
 * planted data. Every tile16 of every screen must then read as
 * before but for what the edits set (a tile32 redefined while another cell
 * uses it would show), and read so again after saving (streams that grow are
 * placed anew) and loading.
 * Loading must succeed or fail with a message. What loads must save (every
 * list and the area's map marked dirty) and load again to the same model.
 * With the first byte's top five bits 10001 (0x88-0x8F: rare in inputs made
 * for the modes above, as this one is slow), every screen's map is refilled
 * with scattered tile32s (from the area byte) that compress badly: the
 * streams outgrow the map banks, so saving must find free space outside them
 * (the 2 MiB sample's expanded area when the area byte is odd, else the
 * 1 MiB sample's vanilla free blocks) or refuse, naming it.
 * With the first byte's top four bits 0101 (0x50-0x5F) the tile tables are
 * ZScream's expanded ones (tests/zelda3/layout_gen.h; the area byte's top two
 * bits pick tile16 (01), tile32 (10) or both): on the 2 MiB sample everything
 * above holds for them as for the vanilla tables; with bit 3 set the sample is
 * the 1 MiB one carrying only the layouts' detection bytes, and loading must
 * refuse, saying the tables run past the image's end.
 *
 * Seeds in fuzz/corpora/overworld_map/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/overworld.h"
#include "fuzz_sample.h"
#include "../tests/zelda3/layout_gen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_buf template_rom, big_template;

/* The sample's LoROM address of pc (img is the bare template, before a z3_rom holds it). */
static void put_long(uint8_t *p, size_t pc) { fuzz_put_long(p, (uint32_t)((pc >> 15) << 16 | 0x8000 | (pc & 0x7FFF))); }

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
  if (a->tile16_count != b->tile16_count ||
      memcmp(a->tile16, b->tile16, (size_t)a->tile16_count * sizeof *a->tile16) != 0)
    abort();
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

/* ZScream's expanded tile tables (`which`: bit 0 tile16, bit 1 tile32), whole on a
 * 2 MiB image, or only the bytes that show them on a 1 MiB one (cut short). */
static void expand_tiles(uint8_t *d, size_t len, int which) {
  bool whole = len >= 0x200000;
  if (which & 1) {
    if (whole) gen_tile16(d);
    else gen_tile16_marks(d);
  }
  if (which & 2) {
    if (whole) gen_tile32(d);
    else gen_tile32_marks(d);
  }
}

/* The tile16s every screen shows: [screen][cell][quadrant], 0xFFFF for an undefined tile32. */
typedef uint16_t screen_tiles[256][4];

static screen_tiles *tiles_now(const z3_overworld *ow) {
  screen_tiles *t = malloc(sizeof *t * (size_t)ow->area_count);
  if (!t) abort();
  /* Whole tile32s at a time: a per-quadrant loop under coverage instrumentation
   * was a fifth of each run. */
  static const z3_ow_tile32 undefined = {0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF};
  for (int s = 0; s < ow->area_count; s++)
    for (int c = 0; c < 256; c++) {
      uint16_t t32 = ow->areas[s].map32[c];
      memcpy(t[s][c], t32 < ow->tile32_count ? ow->tile32[t32] : undefined, sizeof undefined);
    }
  return t;
}

/* The screen and cell of tile32 (x, y) in area id's grid: a large area's grid
 * spans screens id, id+1, id+8 and id+9. */
static void screen_cell(int id, int x, int y, int *screen, int *cell) {
  *screen = id + x / 16 + 8 * (y / 16);
  *cell = (y % 16) * 16 + x % 16;
}

/* One edit of 6 bytes; what it sets goes into want. */
static void edit(z3_overworld *ow, const uint8_t e[6], screen_tiles *want) {
  z3_error err;
  z3_error_init(&err);
  int id = e[1] % Z3_OW_AREA_COUNT, x = e[2] % 66, y = e[3] % 66, screen, cell;
  unsigned v = (unsigned)(e[4] | e[5] << 8);
  if (e[0] % 3 == 2) { /* a tile16's definition: the table is saved, the grids keep their ids */
    z3_ow_tile8 t = z3_ow_tile8_decode((uint16_t)(e[2] | e[3] << 8));
    if (e[1] & 0x80) t.palette += 8;
    if (z3_ow_set_tile16_entry(ow, (int)(v % (unsigned)(ow->tile16_count + 2)), e[1] % 5, t, &err) && !err.message[0])
      abort();
    return;
  }
  if (e[0] % 3 == 0) {
    uint16_t value = (uint16_t)(v % (unsigned)(ow->tile16_count + 4));
    z3_status st = z3_ow_set_tile16(ow, id, x, y, value, &err);
    if (st != Z3_OK) {
      if (!err.message[0]) abort();
      return;
    }
    screen_cell(id, x / 2, y / 2, &screen, &cell);
    want[screen][cell][(y & 1) * 2 + (x & 1)] = value;
  } else {
    uint16_t value = (uint16_t)(v % (unsigned)(ow->tile32_count + 4));
    z3_status st = z3_ow_set_tile32(ow, id, x / 2, y / 2, value, &err);
    if (st != Z3_OK) {
      if (!err.message[0]) abort();
      return;
    }
    screen_cell(id, x / 2, y / 2, &screen, &cell);
    memcpy(want[screen][cell], ow->tile32[value], sizeof want[screen][cell]);
  }
}

/* Every screen's cells refilled with tile32s a small generator scatters. */
static void crowd_maps(z3_overworld *ow, unsigned seed, screen_tiles *want) {
  uint32_t x = seed * 2654435761u + 1;
  for (int s = 0; s < ow->area_count; s++) {
    for (int c = 0; c < 256; c++) {
      x ^= x << 13, x ^= x >> 17, x ^= x << 5;
      uint16_t v = (uint16_t)(x % (uint32_t)ow->tile32_count);
      ow->areas[s].map32[c] = v;
      memcpy(want[s][c], ow->tile32[v], sizeof want[s][c]);
    }
    ow->areas[s].map_dirty = true;
  }
}

static void check_tiles(const z3_overworld *ow, screen_tiles *want) {
  screen_tiles *now = tiles_now(ow);
  if (memcmp(now, want, sizeof *now * (size_t)ow->area_count) != 0) abort();
  free(now);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 3) return 0;
  bool crowd = (data[0] & 0xF8) == 0x88, expanded = (data[0] & 0xF0) == 0x50, cut = expanded && data[0] & 8;
  bool big = (crowd && data[1] & 1) || (expanded && !cut);
  z3_rom *rom = big ? fuzz_sample_rom(&big_template, 2u << 20) : fuzz_sample_rom(&template_rom, 0);
  if (expanded) expand_tiles(rom->data.data, rom->data.len, data[1] >> 6 ? data[1] >> 6 : 3);
  z3_error err;
  z3_error_init(&err);
  int target = data[0] % 4, area = data[1] % Z3_OW_AREA_COUNT;
  size_t edits = data[0] & 4 ? data[2] % 17 : 0, skip = data[0] & 4 ? 3 : 2;
  if (skip + edits * 6 > size) edits = (size - skip) / 6;
  const uint8_t *edit_bytes = data + skip;
  skip += edits * 6;
  plant(rom->data.data, target, area, data + skip, size - skip);
  z3_overworld *ow = NULL;
  if (z3_ow_load(&ow, rom, &err) != Z3_OK) {
    if (!err.message[0] || ow) abort();
    if (cut && !strstr(err.message, "past the end")) abort();
    z3_rom_free(rom);
    return 0;
  }
  if (cut) abort();
  screen_tiles *want = tiles_now(ow);
  for (size_t i = 0; i < edits; i++) edit(ow, edit_bytes + 6 * i, want);
  if (crowd) crowd_maps(ow, data[1], want);
  check_tiles(ow, want);
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++) ow->sprites[s][i].dirty = true;
  for (int i = 0; i < Z3_OW_LIST_AREAS; i++) ow->items[i].dirty = true;
  ow->areas[area].map_dirty = ow->tile32_dirty = true;
  z3_status st = z3_ow_save(ow, rom, &err);
  if (st == Z3_OK) {
    z3_overworld *again = NULL;
    if (z3_ow_load(&again, rom, &err) != Z3_OK) abort();
    check_same(ow, again);
    check_tiles(again, want);
    z3_ow_free(again);
  } else if (!err.message[0]) {
    abort();
  }
  free(want);
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
  static const uint8_t crowded[] = {0x88 | 1, 0x11, 0xFF}; /* the first sprite list emptied (0xFF ends it) */
  static const uint8_t crowded_small[] = {0x88 | 1, 0x10, 0xFF};
  write_seed(argv[1], "crowded-maps", crowded, sizeof crowded);
  write_seed(argv[1], "crowded-maps-1mib", crowded_small, sizeof crowded_small);
  seed_region(argv[1], "tile32", 3, 0, z3_ow_tile32_pc[0], 96);
  static const uint8_t unterminated[] = {1, 0, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06};
  write_seed(argv[1], "sprites-unterminated", unterminated, sizeof unterminated);
  /* edits, nothing planted: tile16s of small and large areas (new combinations need
   * tile32 slots), a tile32 set, one past the table, one outside the grid */
  static const uint8_t edits[] = {5, 0, 6,
                                  0, 0x00, 3, 4, 0x21, 0x00,   1, 0x2C, 6, 7, 0x10, 0x00,
                                  2, 0x2C, 6, 7, 0x99, 0x01,   0, 0x1B, 40, 50, 0x05, 0x00,
                                  4, 0x80, 1, 1, 0xFF, 0xFF,   0, 0x05, 65, 2, 0x01, 0x00};
  write_seed(argv[1], "edits-tiles", edits, sizeof edits);
  /* the same edits on the expanded tables (both), and each table alone cut short */
  uint8_t expanded_edits[sizeof edits];
  memcpy(expanded_edits, edits, sizeof edits);
  expanded_edits[0] = 0x50 | 5;
  write_seed(argv[1], "expanded-edits-tiles", expanded_edits, sizeof expanded_edits);
  /* tile16 0xE00's first tile8 word set to 0x0000: ZScream's "expanded dungeon entrances" flag */
  static const uint8_t entrance_flag[] = {5, 0, 1, 2, 0, 0x00, 0x00, 0x00, 0x0E};
  write_seed(argv[1], "tile16-entrance-flag", entrance_flag, sizeof entrance_flag);
  static const uint8_t cut16[] = {0x58, 0x40, 0}, cut32[] = {0x58, 0x80, 0};
  write_seed(argv[1], "expanded-tile16-1mib", cut16, sizeof cut16);
  write_seed(argv[1], "expanded-tile32-1mib", cut32, sizeof cut32);
  return 0;
}
#endif
