/* Repacking the compressed graphics region; see z3_gfx_repack in gfx.h. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/gfx.h"
#include "zelda3/gfx_internal.h"

enum { REGION_SIZE = Z3_GFX_REGION_END_PC - Z3_GFX_COMPRESSED_PC };

/* One compressed stream and the sheets that point at it. */
typedef struct stream {
  size_t offset, size, new_offset;
  int order;         /* highest sheet index using it: vanilla packs aliases at their owner */
  uint32_t address;  /* the pointer every user holds now */
} stream;

static bool in_region(size_t pc, size_t size) {
  return pc >= Z3_GFX_COMPRESSED_PC && pc + size <= Z3_GFX_REGION_END_PC;
}

static int by_order(const void *a, const void *b) {
  return ((const stream *)a)->order - ((const stream *)b)->order;
}

/* The distinct streams of the compressed sheets, in packing order. */
static z3_status collect(const z3_rom *rom, stream *out, int *count, z3_error *err) {
  *count = 0;
  for (int i = 0; i < Z3_SHEET_COUNT; i++) {
    if (z3_sheet_kind_of(i) == Z3_SHEET_UNCOMPRESSED_3BPP) continue;
    z3_sheet_info info;
    z3_status st = z3_gfx_sheet_read(rom, i, &info, NULL, err);
    if (st) return st;
    int j = 0;
    while (j < *count && out[j].address != info.address) j++;
    if (j == *count) out[(*count)++] = (stream){info.offset, info.stored_size, 0, i, info.address};
    else out[j].order = i;
  }
  qsort(out, (size_t)*count, sizeof *out, by_order);
  return Z3_OK;
}

static size_t count_unreferenced(const z3_rom *rom, const stream *s, int n) {
  uint8_t *used = z3_calloc(REGION_SIZE, 1);
  if (!used) return 0;
  for (int i = 0; i < n; i++)
    if (in_region(s[i].offset, s[i].size)) memset(used + (s[i].offset - Z3_GFX_COMPRESSED_PC), 1, s[i].size);
  size_t count = 0;
  for (size_t i = 0; i < REGION_SIZE; i++)
    count += !used[i] && rom->data.data[Z3_GFX_COMPRESSED_PC + i] != 0xFF;
  z3_free(used);
  return count;
}

/* Every sheet follows its stream. Sheets are matched by the pointers they had
 * before any was rewritten: a stream's new place can be another stream's old
 * address, and matching on the tables as they change would move that other
 * stream's sheets too. */
static z3_status set_pointers(z3_rom *rom, const stream *s, int n, z3_repack_result *res, z3_error *err) {
  z3_gfx_tables t;
  z3_status st = z3_gfx_find_tables(rom, &t, err);
  uint32_t before[Z3_SHEET_COUNT];
  for (int i = 0; st == Z3_OK && i < Z3_SHEET_COUNT; i++) before[i] = z3_gfx__pointer(rom, &t, i);
  for (int k = 0; k < n && st == Z3_OK; k++) {
    uint32_t addr;
    st = z3_rom_to_snes(rom, s[k].new_offset, &addr, err);
    for (int i = 0; st == Z3_OK && i < Z3_SHEET_COUNT; i++) {
      if (before[i] != s[k].address || before[i] == addr) continue;
      st = z3_gfx__set_pointer(rom, &t, i, addr, " (repacked)", err);
      res->sheets_moved++;
    }
  }
  return st;
}

/* The new region image, built from copies: streams may overlap their old places. */
static z3_status layout(const z3_rom *rom, stream *s, int n, uint8_t *image, z3_repack_result *res,
                        z3_error *err) {
  size_t at = 0;
  for (int i = 0; i < n; i++) {
    if (at + s[i].size > REGION_SIZE) {
      size_t total = at;
      for (int j = i; j < n; j++) total += s[j].size;
      z3_error_set(err, Z3_E_INVALID, "the compressed sheets take %zu bytes; the graphics region "
                   "(PC 0x%X-0x%X) holds %u", total, Z3_GFX_COMPRESSED_PC, Z3_GFX_REGION_END_PC - 1,
                   (unsigned)REGION_SIZE);
      z3_error_hint(err, "sheets that moved to free space can stay there: do not repack");
      return Z3_E_INVALID;
    }
    memcpy(image + at, rom->data.data + s[i].offset, s[i].size);
    s[i].new_offset = Z3_GFX_COMPRESSED_PC + at;
    at += s[i].size;
  }
  memset(image + at, 0xFF, REGION_SIZE - at);
  res->bytes_used = at;
  res->bytes_free = REGION_SIZE - at;
  return Z3_OK;
}

/* Streams that came back from free space leave $FF behind, unless the
 * region itself now covers that place. */
static z3_status free_old_places(z3_rom *rom, const stream *s, int n, z3_repack_result *res, z3_error *err) {
  z3_status st = Z3_OK;
  for (int i = 0; i < n && st == Z3_OK; i++) {
    if (in_region(s[i].offset, s[i].size)) continue;
    res->brought_back++;
    uint8_t *ff = z3_malloc(s[i].size);
    if (!ff) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    memset(ff, 0xFF, s[i].size);
    st = z3_rom_write_changed(rom, s[i].offset, ff, s[i].size, SIZE_MAX, "old graphics data freed (repacked)", err);
    z3_free(ff);
  }
  return st;
}

z3_status z3_gfx_repack(z3_rom *rom, z3_repack_result *res, z3_error *err) {
  memset(res, 0, sizeof *res);
  if (rom->data.len < Z3_GFX_REGION_END_PC) {
    return z3_error_set(err, Z3_E_INVALID, "the ROM is too small to hold ALttP's graphics region");
  }
  stream *s = z3_calloc(Z3_SHEET_COUNT, sizeof *s);
  uint8_t *image = z3_malloc(REGION_SIZE);
  int n = 0;
  z3_status st = s && image ? collect(rom, s, &n, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = layout(rom, s, n, image, res, err);
  if (st == Z3_OK) {
    res->streams = n;
    res->unreferenced = count_unreferenced(rom, s, n);
    st = z3_rom_write_changed(rom, Z3_GFX_COMPRESSED_PC, image, REGION_SIZE, SIZE_MAX, "graphics region repacked", err);
  }
  if (st == Z3_OK) st = set_pointers(rom, s, n, res, err);
  if (st == Z3_OK) st = free_old_places(rom, s, n, res, err);
  z3_free(image);
  z3_free(s);
  return st;
}
