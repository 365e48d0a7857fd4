/*
 * SCAD CGX files (data reference §6). The size alone tells the depth, and the
 * footer magic tells a CGX from any other file of that size; nothing else in
 * the footer (colour bank, attributes) is needed to get the tiles out.
 */
#include <string.h>

#include "snes/scad.h"

enum { CGX_TILES = 1024 };

static const char magic[16] = "NAK1989 S-CG-CAD";
/* Version and date are fixed so the same tiles always give the same file. */
static const char version[8] = "Ver1.00 ";
static const char date[8] = "000101  ";

typedef struct cgx_kind {
  z3_tile_format format;
  size_t size;   /* whole file */
  size_t footer; /* offset of the footer = size of the tile data */
} cgx_kind;

/* 2/4bpp footers are 0x500 bytes (with the attribute table at +0x100); 8bpp's
 * is 0x100 (no attributes). */
static const cgx_kind kinds[] = {
    {Z3_TILE_2BPP, 0x4500, 0x4000},
    {Z3_TILE_4BPP, 0x8500, 0x8000},
    {Z3_TILE_8BPP, 0x10100, 0x10000},
};

static const cgx_kind *kind_for_format(z3_tile_format f) {
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (kinds[i].format == f) return &kinds[i];
  return NULL;
}

static const cgx_kind *kind_for_size(size_t len) {
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (kinds[i].size == len) return &kinds[i];
  return NULL;
}

z3_status z3_cgx_write(z3_buf *out, z3_tile_format f, const uint8_t *tiles, size_t ntiles,
                       z3_error *err) {
  out->len = 0;
  const cgx_kind *k = kind_for_format(f);
  if (!k)
    return z3_error_set(err, Z3_E_INVALID, "cgx files hold 2bpp, 4bpp or 8bpp tiles, not %s",
                        z3_tile_format_name(f));
  if (ntiles > CGX_TILES)
    return z3_error_set(err, Z3_E_INVALID, "a cgx file holds 1024 tiles, not %zu", ntiles);
  z3_status st = z3_buf_resize(out, k->size, err); /* zero: padding tiles, footer fields */
  if (st) return st;
  if (ntiles) memcpy(out->data, tiles, ntiles * z3_tile_bytes(f));
  uint8_t *footer = out->data + k->footer;
  memcpy(footer, magic, sizeof magic);
  memcpy(footer + 0x10, version, sizeof version);
  memcpy(footer + 0x18, date, sizeof date);
  return Z3_OK;
}

z3_status z3_cgx_read(z3_buf *tiles_out, z3_tile_format *f, const uint8_t *data, size_t len,
                      z3_error *err) {
  tiles_out->len = 0;
  const cgx_kind *k = kind_for_size(len);
  if (!k)
    return z3_error_set(err, Z3_E_INVALID,
                        "cgx file is %zu bytes (0x%zX); expected 0x4500 (2bpp), 0x8500 (4bpp) "
                        "or 0x10100 (8bpp)",
                        len, len);
  if (memcmp(data + k->footer, magic, sizeof magic) != 0)
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)k->footer,
                           "cgx file has no \"NAK1989 S-CG-CAD\" footer at 0x%zX", k->footer);
  z3_status st = z3_buf_append(tiles_out, data, k->footer, err);
  if (!st) *f = k->format;
  return st;
}
