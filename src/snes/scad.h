/*
 * SCAD ("S-CG-CAD") CGX character files (data reference §6): 1024 tiles of
 * 2bpp (0x4500 bytes in all), 4bpp (0x8500) or 8bpp (0x10100), followed by a
 * footer that starts with "NAK1989 S-CG-CAD", a version and a date, and (2/4bpp)
 * a one-byte-per-tile attribute table at footer + 0x100.
 */
#ifndef Z3_SNES_SCAD_H
#define Z3_SNES_SCAD_H

#include "base/base.h"
#include "snes/tile.h"

/* Writes ntiles (<= 1024) tiles of format f (2BPP, 4BPP or 8BPP) padded to
 * 1024 with zero tiles, and a footer with a fixed date (output is deterministic):
 * "NAK1989 S-CG-CAD", "Ver1.00 ", "000101  ", all other footer bytes 0. */
z3_status z3_cgx_write(z3_buf *out, z3_tile_format f, const uint8_t *tiles, size_t ntiles,
                       z3_error *err);
/* Detects the depth from the size, checks the footer magic, and returns the
 * 1024 tiles' bytes in tiles_out with *f set. */
z3_status z3_cgx_read(z3_buf *tiles_out, z3_tile_format *f, const uint8_t *data, size_t len,
                      z3_error *err);

/*
 * SCR screens (data reference §6): 0x2300 bytes, four 32x32 screens of
 * little-endian tilemap words (tile bits 0-9, palette 10-12, priority 13,
 * flips 14/15) for the top-left, top-right, bottom-left and bottom-right
 * quarters of a 64x64 map, then the footer at 0x2000 ("NAK1989 S-CG-CAD",
 * version, date; +0x42 tile size 0 = 8x8, 1 = 16x16; +0x45 colour half) and a
 * visibility bitmap at 0x2100-0x22FF. Its bit order differs between readers,
 * so we write every cell visible and read no cell as hidden.
 * Words here are in map order: word[y * 64 + x].
 */
enum { Z3_SCR_SIZE = 0x2300, Z3_SCR_SIDE = 64, Z3_SCR_WORDS = 64 * 64 };

typedef struct z3_scr {
  uint16_t words[Z3_SCR_WORDS];
  int color_half; /* 0 or 1: the colours start at 128 * color_half */
  bool tiles16;   /* 16x16 tiles: word tile t draws t, t+1, t+16, t+17 */
} z3_scr;

z3_status z3_scr_write(z3_buf *out, const z3_scr *scr, z3_error *err);
z3_status z3_scr_read(z3_scr *out, const uint8_t *data, size_t len, z3_error *err);

/* Draws the screen with CGX tiles (1024 of format f, 2BPP or 4BPP) into a
 * square of side 512 (8x8 tiles) or 1024 (16x16) indexed pixels: colour
 * 128 * half + palette * 16 (2bpp: * 4) + value, and 0 where the value is 0. */
z3_status z3_scad_render(const z3_scr *scr, z3_tile_format f, const uint8_t *tiles, uint8_t *pixels, uint32_t *side,
                         z3_error *err);

#endif
