/*
 * Fuzzes the overworld's ZSCustomOverworld readers (zelda3/overworld_props.c
 * and v3's parent and size tables in overworld.c) on the 2 MiB sample turned
 * into ZSCustomOverworld by the test generator. Input: byte 0 picks the
 * version (1, 2, 3+, or 3 with the special-world tail maps, their blank
 * streams real or the patch's endless zero runs by bit 2), then 4-byte records (table, offset low, offset high,
 * value) write `value` into one of the tables the patch keeps. The model must
 * load or fail with a message; what loads saves nothing when re-saved as is,
 * an edited backdrop colour reads back, and a size edit (area and size from
 * the last input byte) is refused with a message or saves and reads back, the
 * group's grid covering its screens; with the tail maps a tile of map 0xA0
 * plus the last byte saves and reads back. The ROM map's entries of every
 * area lie inside the image, and the colour and size edits change no byte
 * outside the entries the map names for them.
 *
 * Seeds in fuzz/corpora/zscustom/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/overworld.h"
#include "fuzz_sample.h"
#include "../tests/zelda3/layout_gen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_buf template_rom;

/* The tables: per-area values, v3 parents and sizes, messages, palettes, sprite pointers. */
static const struct { size_t from, size; } tables[] = {
    {0x140000, 0x980}, {0x140998, 160}, {0x1788D, 160}, {0x1417F8, 0x140}, {0x4C635, 0xC0}, {0x141438, 0x3C0},
    {0x142400, 0x480}, {0x180000, 0x100}, /* the tail maps' pointer tables and blank streams */
};
enum { TABLES = sizeof tables / sizeof tables[0] };

/* The ROM map's per-area entries (z3_ow_entry_places): each lies inside the
 * image and has a name; `covered` marks the bytes of entries in `mask`. */
typedef struct places {
  const z3_rom *rom;
  unsigned mask;
  uint8_t *covered;
} places;

static void visit_place(void *user, int area, z3_ow_entry entry, int n, size_t pc, size_t width) {
  places *p = user;
  char name[64];
  z3_ow_entry_name(entry, n, name, sizeof name);
  if (area < 0 || !name[0] || width == 0 || pc + width > p->rom->data.len) abort();
  if (p->mask & 1u << entry) memset(p->covered + pc, 1, width);
}

/* Saving `ow` changes only bytes of its entries in `mask` (so `rom map`
 * names every byte an area edit writes). */
static z3_status save_within(z3_overworld *ow, z3_rom *rom, unsigned mask, z3_error *err) {
  uint8_t *before = z3_malloc(rom->data.len), *covered = z3_calloc(rom->data.len, 1);
  if (!before || !covered) abort();
  memcpy(before, rom->data.data, rom->data.len);
  places p = {rom, mask, covered};
  z3_ow_entry_places(ow, visit_place, &p);
  z3_status st = z3_ow_save(ow, rom, err);
  /* Blocks first: a byte loop over 2 MiB under coverage instrumentation took
   * two fifths of every run. */
  enum { BLOCK = 4096 };
  for (size_t at = 0; st == Z3_OK && at < rom->data.len; at += BLOCK) {
    size_t end = at + BLOCK < rom->data.len ? at + BLOCK : rom->data.len;
    if (memcmp(before + at, rom->data.data + at, end - at) == 0) continue;
    for (size_t i = at; i < end; i++)
      if (before[i] != rom->data.data[i] && !covered[i]) abort();
  }
  z3_free(before);
  z3_free(covered);
  return st;
}

static int bg_field(void) {
  for (int i = 0; z3_ow_area_fields[i]; i++)
    if (strcmp(z3_ow_area_fields[i], "bg-color") == 0) return i;
  abort();
}

static void edit_and_reread(z3_overworld *ow, z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  long old = 0, got = -1;
  if (z3_ow_get_area_field(ow, 0x00, bg_field(), &old, &err) != Z3_OK) abort();
  long value = (old + 1) & 0x7FFF;
  if (z3_ow_set_area_field(ow, 0x00, bg_field(), value, &err) != Z3_OK) abort();
  if (save_within(ow, rom, 1u << Z3_OW_ENTRY_BG_COLOR, &err) != Z3_OK) return; /* no room: refused with a message */
  z3_overworld *again = NULL;
  if (z3_ow_load(&again, rom, &err) != Z3_OK) abort();
  if (z3_ow_get_area_field(again, 0x00, bg_field(), &got, &err) != Z3_OK || got != value) abort();
  z3_ow_free(again);
}

static int size_field(void) {
  for (int i = 0; z3_ow_area_fields[i]; i++)
    if (strcmp(z3_ow_area_fields[i], "size") == 0) return i;
  abort();
}

static void resize_and_reread(z3_overworld *ow, z3_rom *rom, int id, int size) {
  z3_error err;
  z3_error_init(&err);
  if (z3_ow_set_area_field(ow, id, size_field(), size, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return;
  }
  unsigned layout = 1u << Z3_OW_ENTRY_PARENT | 1u << Z3_OW_ENTRY_SIZE | 1u << Z3_OW_ENTRY_TRANSITION;
  if (save_within(ow, rom, layout, &err) != Z3_OK) abort();
  z3_overworld *again = NULL;
  long got = -1;
  if (z3_ow_load(&again, rom, &err) != Z3_OK) abort();
  if (z3_ow_get_area_field(again, id, size_field(), &got, &err) != Z3_OK || got != size) abort();
  int screens[4], n = z3_ow_group_screens(again, id, screens), w, h;
  z3_ow_area_grid(again, id, &w, &h);
  if (n * 32 * 32 != w * h) abort();
  z3_ow_free(again);
}

static void tail_edit_and_reread(z3_overworld *ow, z3_rom *rom, int id) {
  z3_error err;
  z3_error_init(&err);
  uint16_t value = (uint16_t)(id & 0xFF), got = 0xFFFF;
  if (z3_ow_set_tile16(ow, id, 1, 2, value, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return;
  }
  if (z3_ow_save(ow, rom, &err) != Z3_OK) return; /* no room: refused with a message */
  z3_overworld *again = NULL;
  if (z3_ow_load(&again, rom, &err) != Z3_OK) abort();
  if (z3_ow_get_tile16(again, id, 1, 2, &got, &err) != Z3_OK || got != value) abort();
  z3_ow_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  fuzz_sample_once(&template_rom, 0x200000);
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  if (z3_rom_from_memory(&rom, template_rom.data, template_rom.len, "fuzz", &err) != Z3_OK) abort();
  static const z3_layout_id versions[3] = {Z3_LAYOUT_ZSCUSTOM_V1, Z3_LAYOUT_ZSCUSTOM_V2, Z3_LAYOUT_ZSCUSTOM_V3};
  if (data[0] % 4 == 3) gen_sw_tail_maps(rom->data.data, data[0] & 4);
  else gen_layout(rom->data.data, versions[data[0] % 4]);
  for (size_t i = 1; i + 4 <= size; i += 4) {
    size_t t = data[i] % TABLES, at = tables[t].from + (size_t)(data[i + 1] | data[i + 2] << 8) % tables[t].size;
    rom->data.data[at] = data[i + 3];
  }
  z3_overworld *ow = NULL;
  if (z3_ow_load(&ow, rom, &err) != Z3_OK) {
    if (!err.message[0] || ow) abort();
    z3_rom_free(rom);
    return 0;
  }
  for (int id = 0; id < ow->area_count; id++) ow->areas[id].props_dirty = true;
  size_t changes = rom->change_count;
  if (z3_ow_save(ow, rom, &err) != Z3_OK || rom->change_count != changes) abort();
  edit_and_reread(ow, rom);
  uint8_t last = data[size - 1];
  if (ow->area_count > Z3_OW_AREA_COUNT) tail_edit_and_reread(ow, rom, Z3_OW_AREA_COUNT + last % 32);
  resize_and_reread(ow, rom, last % Z3_OW_AREA_COUNT, (last >> 6) & 3);
  z3_ow_free(ow);
  z3_rom_free(rom);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  static const uint8_t v1[] = {0};
  static const uint8_t v2_values[] = {1, 0, 0x58, 0, 0x12, 0, 0x59, 0, 0x7F, 0, 0x00, 0x02, 0x07};
  static const uint8_t v3[] = {2};
  static const uint8_t v3_wide[] = {2, 2, 0x30, 0, 2};
  static const uint8_t v3_tail[] = {3, 0x05};
  static const uint8_t v3_tail_runaway[] = {7, 6, 0x10, 0, 0x00, 0x25};
  static const uint8_t v3_wide_pair[] = {2, 1, 0x29, 0, 0x28, 2, 0x28, 0, 2, 2, 0x29, 0, 2, 0x80 | 0x2C};
  static const uint8_t v3_bad_parent[] = {2, 1, 0x05, 0, 0x04, 1, 0x10, 0, 0xFF};
  static const uint8_t v3_sprite_pointer[] = {2, 5, 0x80, 0, 0x00, 5, 0x81, 0, 0x00};
  write_seed(argv[1], "v1", v1, sizeof v1);
  write_seed(argv[1], "v2-values", v2_values, sizeof v2_values);
  write_seed(argv[1], "v3", v3, sizeof v3);
  write_seed(argv[1], "v3-wide", v3_wide, sizeof v3_wide);
  write_seed(argv[1], "v3-wide-pair", v3_wide_pair, sizeof v3_wide_pair);
  write_seed(argv[1], "v3-tail", v3_tail, sizeof v3_tail);
  write_seed(argv[1], "v3-tail-runaway", v3_tail_runaway, sizeof v3_tail_runaway);
  write_seed(argv[1], "v3-bad-parent", v3_bad_parent, sizeof v3_bad_parent);
  write_seed(argv[1], "v3-sprite-pointer", v3_sprite_pointer, sizeof v3_sprite_pointer);
  return 0;
}
#endif
