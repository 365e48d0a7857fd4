/*
 * PNG through libspng.
 *
 * Reading: libspng is told the largest width and height we accept and small
 * limits for ancillary chunks before it sees the file, so a hostile header
 * cannot make it allocate more than the image we agreed to. Indexed files are
 * decoded once to their raw indices (SPNG_FMT_PNG) and we build the RGBA
 * ourselves from PLTE and tRNS, so both views come from one decode.
 */
#include <spng.h>
#include <stdlib.h>
#include <string.h>

#include "base/png.h"

enum {
  DEFAULT_MAX_PIXELS = 16u << 20,
  CHUNK_LIMIT = 4u << 20,        /* one ancillary chunk (text, ICC profile, Exif...) */
  CHUNK_CACHE_LIMIT = 16u << 20, /* all of them together */
  SPNG_DIM_MAX = 0x7FFFFFFF,     /* the PNG format's own limit */
};

static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
/* IEND is always these 12 bytes: empty, so its CRC is a constant too. */
static const uint8_t iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};

void z3_image_release(z3_image *img) {
  if (!img) return;
  z3_free(img->rgba);
  z3_free(img->indices);
  memset(img, 0, sizeof *img);
}

/* libspng's codes in our words: the ones a user will meet get a plain message. */
static z3_status spng_fail(z3_error *err, const char *what, int code) {
  if (code == SPNG_EMEM) return z3_error_set(err, Z3_E_NOMEM, "out of memory: cannot %s png", what);
  if (code == SPNG_IO_EOF || code == SPNG_EOF || code == SPNG_IO_ERROR)
    return z3_error_set(err, Z3_E_INVALID, "png is truncated: the data ends before the image does");
  return z3_error_set(err, Z3_E_INVALID, "cannot %s png: %s", what, spng_strerror(code));
}

static uint32_t dim_limit(size_t max_pixels) {
  return max_pixels > SPNG_DIM_MAX ? SPNG_DIM_MAX : (uint32_t)max_pixels;
}

static z3_status open_decoder(spng_ctx **out, const uint8_t *data, size_t len, size_t max_pixels,
                              z3_error *err) {
  spng_ctx *ctx = spng_ctx_new(0);
  if (!ctx) return z3_error_set(err, Z3_E_NOMEM, "out of memory while reading png");
  *out = ctx;
  int rc = spng_set_image_limits(ctx, dim_limit(max_pixels), dim_limit(max_pixels));
  if (!rc) rc = spng_set_chunk_limits(ctx, CHUNK_LIMIT, CHUNK_CACHE_LIMIT);
  if (!rc) rc = spng_set_png_buffer(ctx, data, len);
  return rc ? spng_fail(err, "read", rc) : Z3_OK;
}

static z3_status check_header(spng_ctx *ctx, struct spng_ihdr *ihdr, size_t max_pixels,
                              z3_error *err) {
  int rc = spng_get_ihdr(ctx, ihdr);
  if (rc == SPNG_EUSER_WIDTH || rc == SPNG_EUSER_HEIGHT)
    return z3_error_set(err, Z3_E_INVALID, "png is too large: over %zu pixels", max_pixels);
  if (rc) return spng_fail(err, "read", rc);
  uint64_t pixels = (uint64_t)ihdr->width * ihdr->height;
  if (pixels == 0) return z3_error_set(err, Z3_E_INVALID, "png has no pixels");
  if (pixels > max_pixels)
    return z3_error_set(err, Z3_E_INVALID, "png is too large: %ux%u is over %zu pixels",
                        ihdr->width, ihdr->height, max_pixels);
  return Z3_OK;
}

/* Decodes in fmt into a fresh buffer, then reads the chunks after the image so
 * a file cut short after its last IDAT is refused as well. */
static z3_status decode(spng_ctx *ctx, int fmt, int flags, uint8_t **out, size_t *len,
                        z3_error *err) {
  int rc = spng_decoded_image_size(ctx, fmt, len);
  if (rc) return spng_fail(err, "read", rc);
  *out = z3_malloc(*len);
  if (!*out) return z3_error_set(err, Z3_E_NOMEM, "out of memory for a %zu-byte image", *len);
  rc = spng_decode_image(ctx, *out, *len, fmt, flags);
  if (!rc) rc = spng_decode_chunks(ctx);
  return rc ? spng_fail(err, "decode", rc) : Z3_OK;
}

static z3_status read_palette(spng_ctx *ctx, z3_image *img, z3_error *err) {
  struct spng_plte plte;
  int rc = spng_get_plte(ctx, &plte);
  if (rc == SPNG_ECHUNKAVAIL)
    return z3_error_set(err, Z3_E_INVALID, "indexed png has no palette (PLTE chunk)");
  if (rc) return spng_fail(err, "read", rc);
  struct spng_trns trns;
  if (spng_get_trns(ctx, &trns)) trns.n_type3_entries = 0; /* no tRNS: all opaque */
  for (uint32_t i = 0; i < plte.n_entries && i < 256; i++) {
    img->palette[i][0] = plte.entries[i].red;
    img->palette[i][1] = plte.entries[i].green;
    img->palette[i][2] = plte.entries[i].blue;
    img->palette[i][3] = i < trns.n_type3_entries ? trns.type3_alpha[i] : 255;
  }
  img->palette_len = (int)(plte.n_entries < 256 ? plte.n_entries : 256);
  return Z3_OK;
}

/* Raw rows of 1/2/4/8-bit indices (MSB first, each row starting on a byte) to
 * one byte per pixel, checked against the palette, plus the RGBA view. */
static z3_status expand_indices(z3_image *img, const uint8_t *raw, unsigned depth, z3_error *err) {
  size_t row_bytes = ((size_t)img->width * depth + 7) / 8;
  unsigned mask = (1u << depth) - 1, per_byte = 8 / depth;
  for (uint32_t y = 0; y < img->height; y++) {
    const uint8_t *row = raw + y * row_bytes;
    size_t at = (size_t)y * img->width;
    for (uint32_t x = 0; x < img->width; x++, at++) {
      unsigned shift = 8 - depth * (x % per_byte + 1);
      uint8_t v = (uint8_t)(row[x / per_byte] >> shift & mask);
      if (v >= img->palette_len)
        return z3_error_set(err, Z3_E_INVALID,
                            "png pixel (%u, %u) uses colour %u of a %d-colour palette", x, y, v,
                            img->palette_len);
      img->indices[at] = v;
      memcpy(img->rgba + 4 * at, img->palette[v], 4);
    }
  }
  return Z3_OK;
}

static z3_status read_indexed(spng_ctx *ctx, z3_image *img, unsigned depth, z3_error *err) {
  z3_status st = read_palette(ctx, img, err);
  uint8_t *raw = NULL;
  size_t raw_len;
  if (!st) st = decode(ctx, SPNG_FMT_PNG, 0, &raw, &raw_len, err);
  size_t n = (size_t)img->width * img->height;
  if (!st) {
    img->indices = z3_malloc(n);
    img->rgba = z3_malloc(n * 4);
    if (!img->indices || !img->rgba)
      st = z3_error_set(err, Z3_E_NOMEM, "out of memory for a %zu-pixel image", n);
  }
  if (!st) st = expand_indices(img, raw, depth, err);
  z3_free(raw);
  return st;
}

static z3_status read_any(spng_ctx *ctx, z3_image *img, z3_error *err) {
  size_t len;
  return decode(ctx, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS, &img->rgba, &len, err);
}

/* libspng stops at IEND's type and never reads its CRC, so a file missing its
 * last bytes still decodes; we want a cut file refused wherever the cut is.
 * Searching from the end finds IEND at once in an ordinary file and still
 * allows the trailing junk some tools leave after it. */
static z3_status check_iend(const uint8_t *data, size_t len, z3_error *err) {
  for (size_t i = len >= sizeof iend ? len - sizeof iend + 1 : 0; i-- > sizeof signature;)
    if (memcmp(data + i, iend, sizeof iend) == 0) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "png is truncated: it has no complete IEND chunk");
}

z3_status z3_png_read(z3_image *out, const uint8_t *data, size_t len, size_t max_pixels,
                      z3_error *err) {
  memset(out, 0, sizeof *out);
  if (!max_pixels) max_pixels = DEFAULT_MAX_PIXELS;
  if (len < sizeof signature || memcmp(data, signature, sizeof signature) != 0)
    return z3_error_set(err, Z3_E_INVALID, "not a png file: the png signature is missing");
  spng_ctx *ctx = NULL;
  z3_status st = open_decoder(&ctx, data, len, max_pixels, err);
  struct spng_ihdr ihdr;
  if (!st) st = check_header(ctx, &ihdr, max_pixels, err);
  if (!st) {
    out->width = ihdr.width;
    out->height = ihdr.height;
    if (ihdr.color_type == SPNG_COLOR_TYPE_INDEXED && ihdr.bit_depth <= 8)
      st = read_indexed(ctx, out, ihdr.bit_depth, err);
    else
      st = read_any(ctx, out, err);
  }
  if (!st) st = check_iend(data, len, err);
  spng_ctx_free(ctx);
  if (st) z3_image_release(out);
  return st;
}

/* ---- writing --------------------------------------------------------------- */

static z3_status check_indexed(uint32_t width, uint32_t height, const uint8_t *pixels,
                               int palette_len, z3_error *err) {
  if (!width || !height)
    return z3_error_set(err, Z3_E_INVALID, "cannot write a %ux%u png: it has no pixels", width,
                        height);
  if (width > SPNG_DIM_MAX || height > SPNG_DIM_MAX)
    return z3_error_set(err, Z3_E_INVALID, "cannot write a %ux%u png: too large", width, height);
  if (palette_len < 1 || palette_len > 256)
    return z3_error_set(err, Z3_E_INVALID, "png palette of %d colours: must be 1 to 256",
                        palette_len);
  size_t n = (size_t)width * height;
  for (size_t i = 0; i < n; i++)
    if (pixels[i] >= palette_len)
      return z3_error_set(err, Z3_E_INVALID,
                          "pixel (%zu, %zu) is colour %u, outside the %d-colour palette", i % width,
                          i / width, pixels[i], palette_len);
  return Z3_OK;
}

/* PLTE, and tRNS up to the last colour that is not opaque (PNG lets the
 * trailing opaque entries be left out). */
static int set_palette(spng_ctx *ctx, const uint8_t (*palette)[4], int palette_len) {
  struct spng_plte plte = {.n_entries = (uint32_t)palette_len};
  struct spng_trns trns = {0};
  for (int i = 0; i < palette_len; i++) {
    plte.entries[i] = (struct spng_plte_entry){palette[i][0], palette[i][1], palette[i][2], 255};
    trns.type3_alpha[i] = palette[i][3];
    if (palette[i][3] != 255) trns.n_type3_entries = (uint32_t)i + 1;
  }
  int rc = spng_set_plte(ctx, &plte);
  if (!rc && trns.n_type3_entries) rc = spng_set_trns(ctx, &trns);
  return rc;
}

static int encode_indexed(spng_ctx *ctx, uint32_t width, uint32_t height, const uint8_t *pixels,
                          const uint8_t (*palette)[4], int palette_len) {
  struct spng_ihdr ihdr = {
      .width = width, .height = height, .bit_depth = 8, .color_type = SPNG_COLOR_TYPE_INDEXED};
  int rc = spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
  if (!rc) rc = spng_set_ihdr(ctx, &ihdr);
  if (!rc) rc = set_palette(ctx, palette, palette_len);
  if (!rc)
    rc = spng_encode_image(ctx, pixels, (size_t)width * height, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
  return rc;
}

z3_status z3_png_write_indexed(z3_buf *out, uint32_t width, uint32_t height, const uint8_t *pixels,
                               const uint8_t (*palette)[4], int palette_len, z3_error *err) {
  out->len = 0;
  z3_status st = check_indexed(width, height, pixels, palette_len, err);
  if (st) return st;
  spng_ctx *ctx = spng_ctx_new(SPNG_CTX_ENCODER);
  if (!ctx) return z3_error_set(err, Z3_E_NOMEM, "out of memory while writing png");
  int rc = encode_indexed(ctx, width, height, pixels, palette, palette_len);
  size_t len = 0;
  void *png = rc ? NULL : spng_get_png_buffer(ctx, &len, &rc);
  if (rc)
    st = spng_fail(err, "write", rc);
  else
    st = z3_buf_append(out, png, len, err);
  free(png); /* allocated by libspng with the C library's malloc */
  spng_ctx_free(ctx);
  return st;
}

/* Truecolour, for pictures with more than 256 colours (emulator frames). */
z3_status z3_png_write_rgb(z3_buf *out, uint32_t width, uint32_t height, const uint8_t *rgb,
                           z3_error *err) {
  out->len = 0;
  if (!width || !height || width > SPNG_DIM_MAX || height > SPNG_DIM_MAX)
    return z3_error_set(err, Z3_E_INVALID, "cannot write a %ux%u png", width, height);
  spng_ctx *ctx = spng_ctx_new(SPNG_CTX_ENCODER);
  if (!ctx) return z3_error_set(err, Z3_E_NOMEM, "out of memory while writing png");
  struct spng_ihdr ihdr = {
      .width = width, .height = height, .bit_depth = 8, .color_type = SPNG_COLOR_TYPE_TRUECOLOR};
  int rc = spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
  if (!rc) rc = spng_set_ihdr(ctx, &ihdr);
  if (!rc)
    rc = spng_encode_image(ctx, rgb, (size_t)width * height * 3, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
  size_t len = 0;
  void *png = rc ? NULL : spng_get_png_buffer(ctx, &len, &rc);
  z3_status st = rc ? spng_fail(err, "write", rc) : z3_buf_append(out, png, len, err);
  free(png);
  spng_ctx_free(ctx);
  return st;
}
