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

#endif
