/*
 * Palette files, for `palette export|import`:
 *   json  {"colors": ["#RRGGBB", ...], "snes": ["$7FFF", ...]} (reading takes either list)
 *   jasc  JASC-PAL text: "JASC-PAL", "0100", count, then "R G B" lines
 *   col   SCAD .COL: 256 BGR555 words (0x200 bytes), or 0x400 with the SCAD footer
 *   png   a swatch: 16x16-pixel squares, 16 per row, indexed
 * Colours are BGR555 words throughout; conversions as in color.h.
 *
 * Details a caller may rely on:
 *  - json is written with "snes" as exact words; reading prefers "snes" when
 *    both lists are there, and also takes a bare array of colour strings.
 *  - jasc is written with CRLF line ends; reading takes LF or CRLF, trailing
 *    blanks, a UTF-8 BOM and an optional fourth (alpha) column, ignored.
 *  - col is written as 0x200 bytes; a 0x400-byte file must carry the footer.
 *  - png swatches are 256 pixels wide; squares after the last colour are
 *    fully transparent. Reading takes any image whose sides are multiples of
 *    16, samples each square's centre pixel left to right, top to bottom, and
 *    drops trailing squares whose centre is fully transparent.
 * On failure *n is 0.
 */
#ifndef Z3_SNES_PALFILE_H
#define Z3_SNES_PALFILE_H

#include "base/base.h"

typedef enum z3_palfile_format {
  Z3_PALFILE_JSON = 0,
  Z3_PALFILE_JASC,
  Z3_PALFILE_COL,
  Z3_PALFILE_PNG,
} z3_palfile_format;

const char *z3_palfile_format_name(z3_palfile_format f); /* "json", "jasc", "col", "png" */
bool z3_palfile_format_parse(const char *name, z3_palfile_format *out);
/* From the extension: .json, .pal, .col, .png. */
bool z3_palfile_format_from_path(const char *path, z3_palfile_format *out);

/* n colours (1..256). COL files always hold 256 (the rest written as 0). */
z3_status z3_palfile_write(z3_buf *out, z3_palfile_format f, const uint16_t *colors, size_t n,
                           z3_error *err);
/* Reads up to max colours into colors, *n = how many the file holds (COL: 256).
 * Malformed files are Z3_E_INVALID with the line or byte offset named. */
z3_status z3_palfile_read(uint16_t *colors, size_t max, size_t *n, z3_palfile_format f,
                          const uint8_t *data, size_t len, z3_error *err);

#endif
