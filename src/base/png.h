/*
 * PNG through libspng: indexed images for graphics, RGB(A) for reading any PNG
 * a person hands us.
 *
 * Ownership: z3_image is caller-owned; z3_image_release frees its arrays.
 */
#ifndef Z3_BASE_PNG_H
#define Z3_BASE_PNG_H

#include "base/base.h"

typedef struct z3_image {
  uint32_t width, height;
  uint8_t *rgba;          /* width * height * 4, always filled by z3_png_read */
  uint8_t *indices;       /* width * height, when the PNG was indexed (else NULL) */
  uint8_t palette[256][4];/* RGBA, when indexed */
  int palette_len;        /* 0 when not indexed */
} z3_image;

void z3_image_release(z3_image *img);

/* Decodes a PNG of at most max_pixels pixels (0 = 16M). Errors name what is
 * wrong (not a PNG, truncated, too large) with Z3_E_INVALID; the file must be
 * whole up to its IEND chunk, and indexed pixels must lie inside the palette.
 * On failure *out holds nothing (all NULL / 0). */
z3_status z3_png_read(z3_image *out, const uint8_t *data, size_t len, size_t max_pixels,
                      z3_error *err);
/* Writes an 8-bit indexed PNG: pixels are width*height indices into palette
 * (palette_len entries of RGBA; entries with alpha < 255 go into tRNS). The
 * output replaces out's contents and depends only on the arguments. */
z3_status z3_png_write_indexed(z3_buf *out, uint32_t width, uint32_t height,
                               const uint8_t *pixels, const uint8_t (*palette)[4],
                               int palette_len, z3_error *err);
/* Writes an 8-bit RGB PNG from width*height*3 bytes (R, G, B per pixel). */
z3_status z3_png_write_rgb(z3_buf *out, uint32_t width, uint32_t height, const uint8_t *rgb,
                           z3_error *err);

#endif
