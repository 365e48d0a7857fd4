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

static void put_footer(uint8_t *footer) {
  memcpy(footer, magic, sizeof magic);
  memcpy(footer + 0x10, version, sizeof version);
  memcpy(footer + 0x18, date, sizeof date);
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
  put_footer(out->data + k->footer);
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

/* ---- SCR ------------------------------------------------------------------ */

enum { SCR_FOOTER = 0x2000, SCR_VISIBLE = 0x2100 };

/* The byte offset in the file of map cell (x, y): screens TL, TR, BL, BR of 32x32. */
static size_t scr_offset(int x, int y) {
  int screen = (y / 32) * 2 + x / 32;
  return (size_t)screen * 0x800 + (size_t)((y % 32) * 32 + x % 32) * 2;
}

z3_status z3_scr_write(z3_buf *out, const z3_scr *scr, z3_error *err) {
  out->len = 0;
  z3_status st = z3_buf_resize(out, Z3_SCR_SIZE, err);
  if (st) return st;
  memset(out->data, 0, Z3_SCR_SIZE);
  for (int y = 0; y < Z3_SCR_SIDE; y++)
    for (int x = 0; x < Z3_SCR_SIDE; x++) {
      uint16_t w = scr->words[y * Z3_SCR_SIDE + x];
      size_t at = scr_offset(x, y);
      out->data[at] = (uint8_t)w, out->data[at + 1] = (uint8_t)(w >> 8);
    }
  put_footer(out->data + SCR_FOOTER);
  out->data[SCR_FOOTER + 0x42] = scr->tiles16 ? 1 : 0;
  out->data[SCR_FOOTER + 0x45] = (uint8_t)(scr->color_half & 1);
  memset(out->data + SCR_VISIBLE, 0xFF, Z3_SCR_SIZE - SCR_VISIBLE);
  return Z3_OK;
}

z3_status z3_scr_read(z3_scr *out, const uint8_t *data, size_t len, z3_error *err) {
  if (len != Z3_SCR_SIZE)
    return z3_error_set(err, Z3_E_INVALID, "scr file is %zu bytes (0x%zX); a SCAD screen is 0x2300", len, len);
  if (memcmp(data + SCR_FOOTER, magic, sizeof magic) != 0)
    return z3_error_set_at(err, Z3_E_INVALID, SCR_FOOTER, "scr file has no \"NAK1989 S-CG-CAD\" footer at 0x2000");
  uint8_t size = data[SCR_FOOTER + 0x42], half = data[SCR_FOOTER + 0x45];
  if (size > 1)
    return z3_error_set_at(err, Z3_E_INVALID, SCR_FOOTER + 0x42, "scr tile size byte at 0x2042 is %u; 0 (8x8) or 1 (16x16)", size);
  if (half > 1)
    return z3_error_set_at(err, Z3_E_INVALID, SCR_FOOTER + 0x45, "scr colour half at 0x2045 is %u; 0 or 1", half);
  for (int y = 0; y < Z3_SCR_SIDE; y++)
    for (int x = 0; x < Z3_SCR_SIDE; x++) {
      size_t at = scr_offset(x, y);
      out->words[y * Z3_SCR_SIDE + x] = (uint16_t)(data[at] | data[at + 1] << 8);
    }
  out->tiles16 = size == 1, out->color_half = half;
  return Z3_OK;
}

static void draw_tile(z3_tile_format f, const uint8_t *tiles, unsigned tile, unsigned base, bool hflip, bool vflip,
                      uint8_t *dst, uint32_t stride) {
  uint8_t px[64];
  z3_tile_decode(f, tiles + (size_t)(tile % CGX_TILES) * z3_tile_bytes(f), px);
  z3_tile_blit(px, hflip, vflip, base, false, dst, stride);
}

z3_status z3_scad_render(const z3_scr *scr, z3_tile_format f, const uint8_t *tiles, uint8_t *pixels, uint32_t *side,
                         z3_error *err) {
  if (f != Z3_TILE_2BPP && f != Z3_TILE_4BPP)
    return z3_error_set(err, Z3_E_INVALID, "screens are drawn from 2bpp or 4bpp cgx tiles, not %s", z3_tile_format_name(f));
  int cell = scr->tiles16 ? 16 : 8;
  *side = (uint32_t)(Z3_SCR_SIDE * cell);
  unsigned colors = f == Z3_TILE_2BPP ? 4 : 16;
  for (int i = 0; i < Z3_SCR_WORDS; i++) {
    uint16_t w = scr->words[i];
    bool hflip = w & 0x4000, vflip = w & 0x8000;
    unsigned tile = w & 0x3FF, base = 128u * (unsigned)scr->color_half + ((w >> 10) & 7) * colors;
    uint8_t *cell_px = pixels + (size_t)(i / Z3_SCR_SIDE) * cell * *side + (size_t)(i % Z3_SCR_SIDE) * cell;
    for (int k = 0; k < (scr->tiles16 ? 4 : 1); k++) {
      int dx = k & 1, dy = k >> 1; /* a flipped 16x16 tile also swaps its quarters */
      unsigned t = scr->tiles16 ? tile + (unsigned)((hflip ? 1 - dx : dx) + 16 * (vflip ? 1 - dy : dy)) : tile;
      draw_tile(f, tiles, t, base, hflip, vflip, cell_px + (size_t)dy * 8 * *side + (size_t)dx * 8, *side);
    }
  }
  return Z3_OK;
}
