/*
 * Fuzzes the PNG reader and the indexed writer.
 *  1. The input is a PNG. A read that succeeds must hold what it claims
 *     (dimensions within the limit, every index inside the palette, RGBA
 *     equal to palette[index]); a read that fails must say why.
 *  2. An indexed image that was read is written back and read again: indices
 *     and palette must survive exactly.
 *  3. The input's bytes also describe a small indexed image (size, palette,
 *     pixels), which must survive write -> read, and its colours written as
 *     an RGB PNG (screenshots) read back as those colours, opaque.
 *
 * The seeds in fuzz/corpora/png_read/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/png.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_PIXELS = 1 << 20, ROUNDTRIP_MAX = 1 << 16 };

static void check_image(const z3_image *img) {
  size_t n = (size_t)img->width * img->height;
  if (!n || n > MAX_PIXELS || !img->rgba) abort();
  if (!img->indices) {
    if (img->palette_len != 0) abort();
    return;
  }
  if (img->palette_len < 1 || img->palette_len > 256) abort();
  for (size_t i = 0; i < n; i++) {
    if (img->indices[i] >= img->palette_len) abort();
    if (memcmp(img->rgba + 4 * i, img->palette[img->indices[i]], 4) != 0) abort();
  }
}

/* write -> read of an indexed image must give it back. */
static void roundtrip(uint32_t w, uint32_t h, const uint8_t *px, const uint8_t (*pal)[4], int n) {
  z3_buf png;
  z3_buf_init(&png);
  z3_error err;
  z3_error_init(&err);
  if (z3_png_write_indexed(&png, w, h, px, pal, n, &err) != Z3_OK) abort();
  z3_image back;
  if (z3_png_read(&back, png.data, png.len, MAX_PIXELS, &err) != Z3_OK) abort();
  size_t count = (size_t)w * h;
  if (back.width != w || back.height != h || back.palette_len != n || !back.indices) abort();
  if (memcmp(back.indices, px, count) != 0) abort();
  if (memcmp(back.palette, pal, (size_t)n * 4) != 0) abort();
  z3_image_release(&back);
  z3_buf_release(&png);
}

static void read_png(const uint8_t *data, size_t size) {
  z3_image img;
  z3_error err;
  z3_error_init(&err);
  if (z3_png_read(&img, data, size, MAX_PIXELS, &err) != Z3_OK) {
    if (!err.message[0] || img.rgba || img.indices) abort();
    return;
  }
  check_image(&img);
  if (img.indices && (size_t)img.width * img.height <= ROUNDTRIP_MAX)
    roundtrip(img.width, img.height, img.indices, (const uint8_t(*)[4])img.palette,
              img.palette_len);
  z3_image_release(&img);
}

static void rgb_roundtrip(uint32_t w, uint32_t h, const uint8_t *px, const uint8_t (*pal)[4]) {
  size_t count = (size_t)w * h;
  uint8_t *rgb = malloc(count * 3);
  if (!rgb) return;
  for (size_t i = 0; i < count; i++) memcpy(rgb + 3 * i, pal[px[i]], 3);
  z3_buf png;
  z3_buf_init(&png);
  z3_error err;
  z3_error_init(&err);
  z3_image back;
  if (z3_png_write_rgb(&png, w, h, rgb, &err) != Z3_OK || z3_png_read(&back, png.data, png.len, MAX_PIXELS, &err) != Z3_OK)
    abort();
  if (back.width != w || back.height != h) abort();
  for (size_t i = 0; i < count; i++)
    if (memcmp(back.rgba + 4 * i, rgb + 3 * i, 3) != 0 || back.rgba[4 * i + 3] != 0xFF) abort();
  z3_image_release(&back);
  z3_buf_release(&png);
  free(rgb);
}

/* Bytes 0-2: width, height, palette size; then palette and pixels, cycling
 * through the input. */
static void synthesised(const uint8_t *data, size_t size) {
  if (size < 4) return;
  uint32_t w = 1 + data[0] % 64, h = 1 + data[1] % 64;
  int n = 1 + data[2];
  uint8_t pal[256][4];
  size_t at = 3;
  for (int i = 0; i < n; i++)
    for (int c = 0; c < 4; c++) pal[i][c] = data[at++ % size];
  uint8_t *px = malloc((size_t)w * h);
  if (!px) return;
  for (size_t i = 0; i < (size_t)w * h; i++) px[i] = (uint8_t)(data[at++ % size] % n);
  roundtrip(w, h, px, (const uint8_t(*)[4])pal, n);
  rgb_roundtrip(w, h, px, (const uint8_t(*)[4])pal);
  free(px);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  read_png(data, size);
  synthesised(data, size);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"
#include <spng.h>


static void seed_indexed(const char *dir, const char *name, uint32_t w, uint32_t h, int n) {
  uint8_t pal[256][4], *px = malloc((size_t)w * h);
  if (!px) abort();
  for (int i = 0; i < n; i++) {
    pal[i][0] = (uint8_t)(i * 8), pal[i][1] = (uint8_t)(255 - i), pal[i][2] = (uint8_t)(i * 3);
    pal[i][3] = i == 0 ? 0 : i == 1 ? 128 : 255;
  }
  for (size_t i = 0; i < (size_t)w * h; i++) px[i] = (uint8_t)((i * 7 + i / w) % (size_t)n);
  z3_buf png;
  z3_buf_init(&png);
  z3_error err;
  z3_error_init(&err);
  if (z3_png_write_indexed(&png, w, h, px, (const uint8_t(*)[4])pal, n, &err) != Z3_OK) abort();
  write_seed(dir, name, png.data, png.len);
  char *cut = z3_strfmt("%s-truncated", name);
  write_seed(dir, cut, png.data, png.len / 2);
  z3_free(cut);
  z3_buf_release(&png);
  free(px);
}

/* Non-indexed kinds our writer does not make, straight from libspng. */
static void seed_spng(const char *dir, const char *name, uint32_t w, uint32_t h, uint8_t depth,
                      uint8_t type, size_t bytes_per_row) {
  uint8_t img[1024];
  for (size_t i = 0; i < sizeof img; i++) img[i] = (uint8_t)(i * 37);
  spng_ctx *ctx = spng_ctx_new(SPNG_CTX_ENCODER);
  struct spng_ihdr ihdr = {.width = w, .height = h, .bit_depth = depth, .color_type = type};
  struct spng_plte plte = {.n_entries = 2};
  int rc = spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
  if (!rc) rc = spng_set_ihdr(ctx, &ihdr);
  if (!rc && type == SPNG_COLOR_TYPE_INDEXED) rc = spng_set_plte(ctx, &plte);
  if (!rc) rc = spng_encode_image(ctx, img, bytes_per_row * h, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
  size_t len = 0;
  void *png = rc ? NULL : spng_get_png_buffer(ctx, &len, &rc);
  if (rc) abort();
  write_seed(dir, name, png, len);
  free(png);
  spng_ctx_free(ctx);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  seed_indexed(argv[1], "indexed-2", 8, 8, 2);
  seed_indexed(argv[1], "indexed-16", 32, 8, 16);
  seed_indexed(argv[1], "indexed-256", 16, 16, 256);
  seed_spng(argv[1], "rgb8", 7, 5, 8, SPNG_COLOR_TYPE_TRUECOLOR, 21);
  seed_spng(argv[1], "rgba16", 4, 4, 16, SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, 32);
  seed_spng(argv[1], "gray4", 9, 3, 4, SPNG_COLOR_TYPE_GRAYSCALE, 5);
  seed_spng(argv[1], "gray-alpha8", 6, 6, 8, SPNG_COLOR_TYPE_GRAYSCALE_ALPHA, 12);
  seed_spng(argv[1], "indexed-1bit", 12, 4, 1, SPNG_COLOR_TYPE_INDEXED, 2);
  return 0;
}
#endif
