/*
 * SNES tile formats (data reference §3). Every format stores 8x8 tiles row by
 * row; within a byte bit 7 is the leftmost pixel; planes are interleaved in
 * pairs per row:
 *
 *   1bpp   8 bytes   [r] plane 0
 *   2bpp  16 bytes   [2r] p0  [2r+1] p1
 *   3bpp  24 bytes   [2r] p0  [2r+1] p1  [16+r] p2      (ALttP's storage format)
 *   4bpp  32 bytes   [2r] p0  [2r+1] p1  [16+2r] p2  [17+2r] p3
 *   8bpp  64 bytes   pairs at 0, 16, 32, 48
 *   mode7 64 bytes   linear, one byte per pixel, [8r + x]
 *
 * Sheets are laid out 16 tiles per row (128 pixels wide), as every editor does.
 * Pixels are one byte each (an index into a palette row).
 */
#ifndef Z3_SNES_TILE_H
#define Z3_SNES_TILE_H

#include "base/base.h"

typedef enum z3_tile_format {
  Z3_TILE_1BPP = 0,
  Z3_TILE_2BPP,
  Z3_TILE_3BPP,
  Z3_TILE_4BPP,
  Z3_TILE_8BPP,
  Z3_TILE_MODE7,
} z3_tile_format;
enum { Z3_TILE_FORMAT_COUNT = 6, Z3_SHEET_WIDTH = 128, Z3_TILES_PER_ROW = 16 };

size_t z3_tile_bytes(z3_tile_format f);      /* 8, 16, 24, 32, 64, 64 */
unsigned z3_tile_bpp(z3_tile_format f);      /* 1, 2, 3, 4, 8, 8 */
const char *z3_tile_format_name(z3_tile_format f); /* "1bpp" ... "mode7" */
bool z3_tile_format_parse(const char *name, z3_tile_format *out);

/* One tile: src holds z3_tile_bytes(f) bytes; pixels is 64 bytes, row-major. */
void z3_tile_decode(z3_tile_format f, const uint8_t *src, uint8_t pixels[64]);
/* Pixel values must be below 1 << bpp (higher bits are dropped). */
void z3_tile_encode(z3_tile_format f, const uint8_t pixels[64], uint8_t *dst);

/* Draws one decoded tile (64 pixels as z3_tile_decode gives them) at dst,
 * flipped as a BG map word asks; non-zero pixels get `base` added (the palette's
 * first colour). Colour 0 is written as 0, or, with `transparent`, leaves dst
 * as it was, so a layer drawn later shows what lies under it. */
void z3_tile_blit(const uint8_t pixels[64], bool hflip, bool vflip, unsigned base, bool transparent, uint8_t *dst,
                  size_t stride);

/* A sheet of ntiles tiles (a multiple of 16) to a 128-wide pixel image and back.
 * pixels holds 128 * (ntiles / 16) * 8 bytes. */
void z3_sheet_decode(z3_tile_format f, const uint8_t *data, size_t ntiles, uint8_t *pixels);
void z3_sheet_encode(z3_tile_format f, const uint8_t *pixels, size_t ntiles, uint8_t *data);

/* ALttP's 3bpp -> 4bpp expansion (§3.1): `high` sets plane 3 to p0|p1|p2 per
 * row (non-zero pixels gain 8), otherwise plane 3 is 0. dst gets ntiles * 32 bytes. */
void z3_tile_3bpp_to_4bpp(const uint8_t *src, size_t ntiles, bool high, uint8_t *dst);

#endif
