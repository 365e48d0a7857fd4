/* ALttP graphics sheets: locate, decompress, decode, and write back; see gfx.h. */
#include <stdio.h>
#include <string.h>

#include "snes/lz2.h"
#include "zelda3/gfx.h"
#include "zelda3/gfx_internal.h"

const char *z3_sheet_kind_name(z3_sheet_kind k) {
  switch (k) {
    case Z3_SHEET_COMPRESSED_3BPP: return "compressed-3bpp";
    case Z3_SHEET_UNCOMPRESSED_3BPP: return "uncompressed-3bpp";
    case Z3_SHEET_COMPRESSED_2BPP: return "compressed-2bpp";
  }
  return "unknown";
}

z3_sheet_kind z3_sheet_kind_of(int index) {
  if (index >= 0x73 && index <= 0x7E) return Z3_SHEET_UNCOMPRESSED_3BPP;
  if (index == 0x71 || index == 0x72 || index >= 0xDA) return Z3_SHEET_COMPRESSED_2BPP;
  return Z3_SHEET_COMPRESSED_3BPP;
}

size_t z3_sheet_size_of(int index) {
  return z3_sheet_kind_of(index) == Z3_SHEET_COMPRESSED_2BPP ? Z3_SHEET_2BPP_SIZE
                                                              : Z3_SHEET_3BPP_SIZE;
}

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

/* Each operand is the 16-bit address (bank $00) of one table. */
static z3_status table_from_operand(const z3_rom *rom, size_t operand_pc, size_t *out,
                                    z3_error *err) {
  if (operand_pc + 2 > rom->data.len) {
    return z3_error_set(err, Z3_E_INVALID, "the ROM is too small to hold ALttP's graphics code");
  }
  uint16_t addr = rd16(rom->data.data + operand_pc);
  size_t pc;
  if (z3_rom_to_pc(rom, addr, &pc, NULL) != Z3_OK || pc + Z3_SHEET_COUNT > rom->data.len) {
    z3_error_set_at(err, Z3_E_INVALID, (int64_t)operand_pc,
                    "the graphics pointer table operand at offset 0x%zx ($%04X) does not point "
                    "into ROM bank $00", operand_pc, addr);
    z3_error_hint(err, "is this an ALttP ROM (or one made by z3-mksample)?");
    return Z3_E_INVALID;
  }
  *out = pc;
  return Z3_OK;
}

z3_status z3_gfx_find_tables(const z3_rom *rom, z3_gfx_tables *out, z3_error *err) {
  z3_status st = table_from_operand(rom, Z3_GFX_OPERAND_BANK_PC, &out->bank, err);
  if (st == Z3_OK) st = table_from_operand(rom, Z3_GFX_OPERAND_HIGH_PC, &out->high, err);
  if (st == Z3_OK) st = table_from_operand(rom, Z3_GFX_OPERAND_LOW_PC, &out->low, err);
  return st;
}

uint32_t z3_gfx__pointer(const z3_rom *rom, const z3_gfx_tables *t, int sheet) {
  const uint8_t *d = rom->data.data;
  return (uint32_t)d[t->bank + sheet] << 16 | (uint32_t)d[t->high + sheet] << 8 | d[t->low + sheet];
}

z3_status z3_gfx__set_pointer(z3_rom *rom, const z3_gfx_tables *t, int sheet, uint32_t addr, const char *why,
                              z3_error *err) {
  char reason[64];
  snprintf(reason, sizeof reason, "sheet 0x%02X pointer%s", sheet, why);
  uint8_t b = (uint8_t)(addr >> 16), h = (uint8_t)(addr >> 8), l = (uint8_t)addr;
  z3_status st = z3_rom_write(rom, t->bank + (size_t)sheet, &b, 1, reason, err);
  if (st == Z3_OK) st = z3_rom_write(rom, t->high + (size_t)sheet, &h, 1, reason, err);
  if (st == Z3_OK) st = z3_rom_write(rom, t->low + (size_t)sheet, &l, 1, reason, err);
  return st;
}

static z3_status check_index(int index, z3_error *err) {
  if (index >= 0 && index < Z3_SHEET_COUNT) return Z3_OK;
  z3_error_set(err, Z3_E_NOT_FOUND, "there is no graphics sheet %d (0x%X)", index, (unsigned)index);
  z3_error_hint(err, "sheets are numbered 0 to 222 (0x00-0xDE)");
  return Z3_E_NOT_FOUND;
}

static int find_alias(const z3_rom *rom, const z3_gfx_tables *t, int index) {
  uint32_t mine = z3_gfx__pointer(rom, t, index);
  for (int i = 0; i < Z3_SHEET_COUNT; i++)
    if (i != index && z3_gfx__pointer(rom, t, i) == mine) return i;
  return -1;
}

/* Reads the data at info->offset into data (may be NULL), filling sizes. */
static z3_status read_data(const z3_rom *rom, z3_sheet_info *info, z3_buf *data, z3_error *err) {
  const uint8_t *src = rom->data.data + info->offset;
  size_t avail = rom->data.len - info->offset;
  if (info->kind == Z3_SHEET_UNCOMPRESSED_3BPP) {
    if (avail < info->size) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)info->offset,
                             "sheet 0x%02X at offset 0x%zx runs past the end of the ROM",
                             info->index, info->offset);
    }
    info->stored_size = info->decoded_size = info->size;
    return data ? z3_buf_append(data, src, info->size, err) : Z3_OK;
  }
  z3_buf tmp;
  z3_buf_init(&tmp);
  z3_status st = z3_lz2_decompress(&tmp, src, avail, Z3_LZ2_GRAPHICS, Z3_LZ2_MAX_OUTPUT,
                                   &info->stored_size, err);
  if (st) {
    z3_error_hint(err, "sheet 0x%02X's stream at offset 0x%zx is corrupt", info->index, info->offset);
    if (err && err->offset >= 0) err->offset += (int64_t)info->offset;
  } else {
    info->decoded_size = tmp.len;
    if (data) st = z3_buf_append(data, tmp.data, tmp.len, err);
  }
  z3_buf_release(&tmp);
  return st;
}

z3_status z3_gfx_sheet_read(const z3_rom *rom, int index, z3_sheet_info *info, z3_buf *data,
                            z3_error *err) {
  z3_gfx_tables t;
  z3_status st = check_index(index, err);
  if (st == Z3_OK) st = z3_gfx_find_tables(rom, &t, err);
  if (st) return st;
  memset(info, 0, sizeof *info);
  info->index = index;
  info->kind = z3_sheet_kind_of(index);
  info->format = info->kind == Z3_SHEET_COMPRESSED_2BPP ? Z3_TILE_2BPP : Z3_TILE_3BPP;
  info->size = z3_sheet_size_of(index);
  info->tiles = (int)(info->size / z3_tile_bytes(info->format));
  info->address = z3_gfx__pointer(rom, &t, index);
  info->alias_of = find_alias(rom, &t, index);
  st = z3_rom_to_pc(rom, info->address, &info->offset, err);
  if (st) {
    z3_error_hint(err, "sheet 0x%02X's pointer is broken", index);
    return st;
  }
  return read_data(rom, info, data, err);
}

z3_status z3_gfx_sheet_pixels(const z3_rom *rom, int index, z3_buf *pixels, z3_sheet_info *info,
                              z3_error *err) {
  z3_buf raw;
  z3_buf_init(&raw);
  z3_status st = z3_gfx_sheet_read(rom, index, info, &raw, err);
  /* A stream that decodes short is shown padded with blank tiles; `gfx list` flags it. */
  if (st == Z3_OK) st = z3_buf_resize(&raw, info->size, err);
  if (st == Z3_OK) st = z3_buf_resize(pixels, (size_t)info->tiles * 64, err);
  if (st == Z3_OK) z3_sheet_decode(info->format, raw.data, (size_t)info->tiles, pixels->data);
  z3_buf_release(&raw);
  return st;
}

z3_status z3_gfx_sheet_set_pixels(z3_rom *rom, int index, const uint8_t *pixels, size_t len,
                                  z3_sheet_write_result *res, z3_error *err) {
  z3_status st = check_index(index, err);
  if (st) return st;
  z3_tile_format f = z3_sheet_kind_of(index) == Z3_SHEET_COMPRESSED_2BPP ? Z3_TILE_2BPP : Z3_TILE_3BPP;
  size_t size = z3_sheet_size_of(index), tiles = size / z3_tile_bytes(f);
  if (len != tiles * 64) {
    return z3_error_set(err, Z3_E_INVALID, "sheet 0x%02X needs %zu pixels (128x%zu), got %zu",
                        index, tiles * 64, tiles / 2, len);
  }
  uint8_t *raw = z3_malloc(size);
  if (!raw) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_sheet_encode(f, pixels, tiles, raw);
  st = z3_gfx_sheet_write(rom, index, raw, size, res, err);
  z3_free(raw);
  return st;
}

/* Points `index` and every sheet sharing its old data at new_pc. */
static z3_status repoint(z3_rom *rom, int index, uint32_t old_ptr, size_t new_pc,
                         z3_sheet_write_result *res, z3_error *err) {
  z3_gfx_tables t;
  uint32_t addr;
  z3_status st = z3_gfx_find_tables(rom, &t, err);
  if (st == Z3_OK) st = z3_rom_to_snes(rom, new_pc, &addr, err);
  for (int i = 0; st == Z3_OK && i < Z3_SHEET_COUNT; i++) {
    if (z3_gfx__pointer(rom, &t, i) != old_ptr) continue;
    st = z3_gfx__set_pointer(rom, &t, i, addr, "", err);
    if (i != index) res->aliases_updated++;
  }
  return st;
}

static z3_status write_compressed(z3_rom *rom, const z3_sheet_info *old, const z3_buf *packed,
                                  z3_sheet_write_result *res, z3_error *err) {
  char reason[64];
  snprintf(reason, sizeof reason, "sheet 0x%02X data", old->index);
  res->new_stored_size = packed->len;
  if (packed->len <= old->stored_size) {
    res->new_offset = old->offset;
    return z3_rom_write(rom, old->offset, packed->data, packed->len, reason, err);
  }
  size_t at;
  z3_status st = z3_rom_find_free(rom, packed->len, &at, err);
  if (st) {
    z3_error_hint(err, "sheet 0x%02X needs %zu bytes, %zu more than its old place; "
                       "'z3ed rom expand --size 2MiB' makes room", old->index, packed->len,
                  packed->len - old->stored_size);
    return st;
  }
  res->moved = true;
  res->new_offset = at;
  st = z3_rom_write(rom, at, packed->data, packed->len, reason, err);
  return st ? st : repoint(rom, old->index, old->address, at, res, err);
}

z3_status z3_gfx_sheet_write(z3_rom *rom, int index, const uint8_t *data, size_t len,
                             z3_sheet_write_result *res, z3_error *err) {
  z3_sheet_write_result local;
  if (!res) res = &local;
  memset(res, 0, sizeof *res);
  z3_sheet_info old;
  z3_buf current;
  z3_buf_init(&current);
  z3_status st = z3_gfx_sheet_read(rom, index, &old, &current, err);
  /* A stream that decodes short is compared as exported: padded with zeros. */
  if (st == Z3_OK && current.len < len) st = z3_buf_resize(&current, len, err);
  bool unchanged = st == Z3_OK && current.len == len && memcmp(current.data, data, len) == 0;
  z3_buf_release(&current);
  if (st) return st;
  if (len != old.size) {
    return z3_error_set(err, Z3_E_INVALID, "sheet 0x%02X holds %zu bytes, got %zu", index,
                        old.size, len);
  }
  res->old_offset = res->new_offset = old.offset;
  res->old_stored_size = res->new_stored_size = old.stored_size;
  /* Same pixels: keep the bytes that are there (a re-encoding would differ
   * from Nintendo's and make an unchanged sheet look edited). */
  if (unchanged) return Z3_OK;
  if (old.kind == Z3_SHEET_UNCOMPRESSED_3BPP) {
    char reason[64];
    snprintf(reason, sizeof reason, "sheet 0x%02X data", index);
    res->new_stored_size = len;
    return z3_rom_write(rom, old.offset, data, len, reason, err);
  }
  z3_buf packed;
  z3_buf_init(&packed);
  st = z3_lz2_compress(&packed, data, len, Z3_LZ2_GRAPHICS, Z3_LZ2_OPTIMAL, err);
  if (st == Z3_OK) st = write_compressed(rom, &old, &packed, res, err);
  z3_buf_release(&packed);
  return st;
}
