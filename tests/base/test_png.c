/* PNG: our indexed writer against our reader for every palette size, files
 * made with libspng directly (RGB, gray, 16-bit, 1/2/4-bit indexed), and
 * every kind of damaged input. */
#include <spng.h>
#include <stdlib.h>
#include <string.h>

#include "base/png.h"
#include "test.h"

static z3_image read_ok(const uint8_t *data, size_t len) {
  z3_image img;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_png_read(&img, data, len, 0, &err), &err);
  return img;
}

static z3_error read_fails(const uint8_t *data, size_t len, size_t max_pixels, const char *needle) {
  z3_image img;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_png_read(&img, data, len, max_pixels, &err);
  if (st != Z3_E_INVALID) print_error("status %d, message: %s\n", st, err.message);
  assert_int_equal(st, Z3_E_INVALID);
  assert_null(img.rgba);
  assert_null(img.indices);
  if (needle && !strstr(err.message, needle))
    fail_msg("message \"%s\" lacks \"%s\"", err.message, needle);
  assert_true(err.message[0] != '\0');
  return err;
}

static void write_ok(z3_buf *out, uint32_t w, uint32_t h, const uint8_t *px,
                     const uint8_t (*pal)[4], int n) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_png_write_indexed(out, w, h, px, pal, n, &err), &err);
}

static bool has_chunk(const z3_buf *png, const char *type) {
  for (size_t i = 8; i + 8 <= png->len;) {
    uint32_t len = (uint32_t)png->data[i] << 24 | png->data[i + 1] << 16 | png->data[i + 2] << 8 |
                   png->data[i + 3];
    if (memcmp(png->data + i + 4, type, 4) == 0) return true;
    i += 12 + (size_t)len;
  }
  return false;
}

/* Palettes of every size 1..256, with transparent and half-transparent
 * entries when the size allows, through write -> read. */
Z3_TEST(test_indexed_roundtrip_every_palette_size) {
  (void)state;
  enum { W = 19, H = 7 };
  uint8_t px[W * H], pal[256][4];
  uint64_t seed = 5;
  for (int n = 1; n <= 256; n++) {
    z3_test_fill_random(&pal[0][0], sizeof pal, (uint64_t)n);
    for (int i = 0; i < n; i++) pal[i][3] = i % 5 == 1 ? 0 : i % 7 == 2 ? 128 : 255;
    for (int i = 0; i < W * H; i++) px[i] = (uint8_t)(z3_test_rand(&seed) % (uint64_t)n);
    px[0] = (uint8_t)(n - 1); /* the last entry is always used */
    z3_buf png;
    z3_buf_init(&png);
    write_ok(&png, W, H, px, (const uint8_t(*)[4])pal, n);
    bool any_alpha = n > 1;
    assert_int_equal(has_chunk(&png, "tRNS"), any_alpha);
    z3_image img = read_ok(png.data, png.len);
    assert_int_equal(img.width, W);
    assert_int_equal(img.height, H);
    assert_int_equal(img.palette_len, n);
    assert_non_null(img.indices);
    assert_memory_equal(img.indices, px, sizeof px);
    assert_memory_equal(img.palette, pal, (size_t)n * 4);
    for (int i = 0; i < W * H; i++) assert_memory_equal(img.rgba + 4 * i, pal[px[i]], 4);
    z3_image_release(&img);
    assert_null(img.rgba);
    z3_buf_release(&png);
  }
}

Z3_TEST(test_write_is_deterministic) {
  (void)state;
  uint8_t px[64 * 8], pal[16][4];
  z3_test_fill_random(&pal[0][0], sizeof pal, 1);
  for (size_t i = 0; i < sizeof px; i++) px[i] = (uint8_t)(i * 7 % 16);
  z3_buf a, b;
  z3_buf_init(&a);
  z3_buf_init(&b);
  write_ok(&a, 64, 8, px, (const uint8_t(*)[4])pal, 16);
  write_ok(&b, 64, 8, px, (const uint8_t(*)[4])pal, 16);
  assert_int_equal(a.len, b.len);
  assert_memory_equal(a.data, b.data, a.len);
  write_ok(&a, 64, 8, px, (const uint8_t(*)[4])pal, 16); /* out is replaced, not appended */
  assert_int_equal(a.len, b.len);
  z3_buf_release(&a);
  z3_buf_release(&b);
}

Z3_TEST(test_write_rejects) {
  (void)state;
  uint8_t px[4] = {0, 1, 2, 3}, pal[4][4] = {{0}};
  z3_buf out;
  z3_buf_init(&out);
  struct {
    uint32_t w, h;
    int n;
    const char *needle;
  } cases[] = {
      {0, 2, 4, "no pixels"},
      {2, 0, 4, "no pixels"},
      {2, 2, 0, "palette of 0"},
      {2, 2, 257, "palette of 257"},
      {2, 2, 3, "pixel (1, 1) is colour 3"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_error err;
    z3_error_init(&err);
    assert_int_equal(z3_png_write_indexed(&out, cases[i].w, cases[i].h, px,
                                          (const uint8_t(*)[4])pal, cases[i].n, &err),
                     Z3_E_INVALID);
    if (!strstr(err.message, cases[i].needle)) fail_msg("message: %s", err.message);
  }
  z3_buf_release(&out);
}

/* ---- files from libspng directly ------------------------------------------- */

typedef struct spng_file {
  uint8_t *data;
  size_t len;
} spng_file;

static spng_file spng_make(uint32_t w, uint32_t h, uint8_t depth, uint8_t type, const void *img,
                           size_t img_len, const struct spng_plte *plte) {
  spng_ctx *ctx = spng_ctx_new(SPNG_CTX_ENCODER);
  assert_non_null(ctx);
  struct spng_ihdr ihdr = {.width = w, .height = h, .bit_depth = depth, .color_type = type};
  assert_int_equal(spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1), 0);
  assert_int_equal(spng_set_ihdr(ctx, &ihdr), 0);
  if (plte) assert_int_equal(spng_set_plte(ctx, (struct spng_plte *)plte), 0);
  int rc = spng_encode_image(ctx, img, img_len, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
  if (rc) fail_msg("spng_encode_image: %s", spng_strerror(rc));
  spng_file f;
  f.data = spng_get_png_buffer(ctx, &f.len, &rc);
  assert_int_equal(rc, 0);
  spng_ctx_free(ctx);
  return f;
}

Z3_TEST(test_read_rgb) {
  (void)state;
  enum { W = 5, H = 3 };
  uint8_t rgb[W * H * 3];
  for (int i = 0; i < W * H * 3; i++) rgb[i] = (uint8_t)(i * 17);
  spng_file f = spng_make(W, H, 8, SPNG_COLOR_TYPE_TRUECOLOR, rgb, sizeof rgb, NULL);
  z3_image img = read_ok(f.data, f.len);
  assert_int_equal(img.width, W);
  assert_int_equal(img.height, H);
  assert_null(img.indices);
  assert_int_equal(img.palette_len, 0);
  for (int i = 0; i < W * H; i++) {
    assert_memory_equal(img.rgba + 4 * i, rgb + 3 * i, 3);
    assert_int_equal(img.rgba[4 * i + 3], 255);
  }
  z3_image_release(&img);
  free(f.data);
}

/* An RGB write reads back as the same pixels, opaque; no pixels is refused. */
Z3_TEST(test_write_rgb_roundtrip) {
  (void)state;
  enum { W = 7, H = 4 };
  uint8_t rgb[W * H * 3];
  for (int i = 0; i < W * H * 3; i++) rgb[i] = (uint8_t)(i * 29 + 3);
  z3_buf png;
  z3_buf_init(&png);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_png_write_rgb(&png, W, H, rgb, &err), &err);
  z3_image img = read_ok(png.data, png.len);
  assert_int_equal(img.width, W);
  assert_int_equal(img.height, H);
  for (int i = 0; i < W * H; i++) {
    assert_memory_equal(img.rgba + 4 * i, rgb + 3 * i, 3);
    assert_int_equal(img.rgba[4 * i + 3], 255);
  }
  z3_image_release(&img);
  assert_int_equal(z3_png_write_rgb(&png, 0, H, rgb, &err), Z3_E_INVALID);
  assert_int_equal(png.len, 0);
  z3_buf_release(&png);
}

Z3_TEST(test_read_gray_and_16bit_rgba) {
  (void)state;
  uint8_t gray[6] = {0, 50, 100, 150, 200, 255};
  spng_file f = spng_make(3, 2, 8, SPNG_COLOR_TYPE_GRAYSCALE, gray, sizeof gray, NULL);
  z3_image img = read_ok(f.data, f.len);
  for (int i = 0; i < 6; i++) {
    uint8_t want[4] = {gray[i], gray[i], gray[i], 255};
    assert_memory_equal(img.rgba + 4 * i, want, 4);
  }
  z3_image_release(&img);
  free(f.data);

  /* 16-bit samples as PNG stores them (big-endian); high == low byte, so any
   * sane 16 -> 8 reduction gives that byte. */
  uint8_t rgba16[2 * 4 * 2];
  static const uint8_t v[8] = {0x12, 0x34, 0x56, 0xFF, 0x00, 0xAB, 0xCD, 0x80};
  for (int i = 0; i < 8; i++) rgba16[2 * i] = rgba16[2 * i + 1] = v[i];
  f = spng_make(2, 1, 16, SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, rgba16, sizeof rgba16, NULL);
  img = read_ok(f.data, f.len);
  assert_memory_equal(img.rgba, v, 8);
  assert_null(img.indices);
  z3_image_release(&img);
  free(f.data);
}

/* Packed 1/2/4-bit indexed rows (MSB first, rows padded to a byte). */
Z3_TEST(test_read_low_depth_indexed) {
  (void)state;
  enum { W = 11, H = 3 };
  static const uint8_t depths[] = {1, 2, 4};
  for (size_t d = 0; d < 3; d++) {
    unsigned depth = depths[d], n = 1u << depth;
    struct spng_plte plte = {.n_entries = n};
    for (unsigned i = 0; i < n; i++)
      plte.entries[i] = (struct spng_plte_entry){(uint8_t)(i * 10), (uint8_t)(i * 20), 7, 255};
    size_t row = (W * depth + 7) / 8;
    uint8_t packed[3 * 6] = {0}, want[W * H];
    for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
        uint8_t v = (uint8_t)((x * 3 + y) % n);
        want[y * W + x] = v;
        unsigned bit = x * depth;
        packed[y * row + bit / 8] |= (uint8_t)(v << (8 - depth - bit % 8));
      }
    spng_file f = spng_make(W, H, (uint8_t)depth, SPNG_COLOR_TYPE_INDEXED, packed, row * H, &plte);
    z3_image img = read_ok(f.data, f.len);
    assert_int_equal(img.palette_len, n);
    assert_memory_equal(img.indices, want, sizeof want);
    for (int i = 0; i < W * H; i++) {
      uint8_t rgba[4] = {(uint8_t)(want[i] * 10), (uint8_t)(want[i] * 20), 7, 255};
      assert_memory_equal(img.rgba + 4 * i, rgba, 4);
    }
    z3_image_release(&img);
    free(f.data);
  }
}

/* An index past the end of PLTE is an error in PNG; we say which pixel. */
Z3_TEST(test_read_index_outside_palette) {
  (void)state;
  struct spng_plte plte = {.n_entries = 2};
  uint8_t px[4] = {0, 1, 1, 2}; /* one past the end */
  spng_file f = spng_make(2, 2, 8, SPNG_COLOR_TYPE_INDEXED, px, sizeof px, &plte);
  read_fails(f.data, f.len, 0, "pixel (1, 1) uses colour 2 of a 2-colour palette");
  free(f.data);
}

/* ---- damaged input --------------------------------------------------------- */

static z3_buf small_png(void) {
  uint8_t px[16 * 4], pal[3][4] = {{1, 2, 3, 255}, {4, 5, 6, 0}, {7, 8, 9, 200}};
  for (size_t i = 0; i < sizeof px; i++) px[i] = (uint8_t)(i % 3);
  z3_buf png;
  z3_buf_init(&png);
  write_ok(&png, 16, 4, px, (const uint8_t(*)[4])pal, 3);
  return png;
}

Z3_TEST(test_rejects_not_png) {
  (void)state;
  read_fails((const uint8_t *)"", 0, 0, "not a png");
  read_fails((const uint8_t *)"GIF89a..", 8, 0, "not a png");
  read_fails((const uint8_t *)"\x89PNG\r\n\x1a", 7, 0, "not a png");
}

/* Every prefix of a valid file is refused, including the one that stops
 * just before IEND, and nothing leaks (ASan would say). */
Z3_TEST(test_rejects_every_truncation) {
  (void)state;
  z3_buf png = small_png();
  for (size_t n = 0; n < png.len; n++) {
    uint8_t *copy = malloc(n ? n : 1); /* exact size, so ASan sees over-reads */
    memcpy(copy, png.data, n);
    read_fails(copy, n, 0, NULL);
    free(copy);
  }
  read_fails(png.data, png.len - 12, 0, "truncated");       /* IEND cut off */
  read_fails(png.data, png.len - 1, 0, "no complete IEND"); /* libspng alone takes this */
  z3_buf_release(&png);
}

/* Some tools leave bytes after IEND; the image is whole, so it is read. */
Z3_TEST(test_bytes_after_iend) {
  (void)state;
  z3_buf png = small_png();
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_buf_append(&png, "junk", 4, &err), &err);
  z3_image img = read_ok(png.data, png.len);
  assert_int_equal(img.width, 16);
  z3_image_release(&img);
  z3_buf_release(&png);
}

Z3_TEST(test_rejects_corruption) {
  (void)state;
  z3_buf png = small_png();
  /* Byte 8 + 8 + 5 is IHDR's colour type; byte 30 is in IHDR's CRC. */
  png.data[30] ^= 0xFF;
  read_fails(png.data, png.len, 0, "cannot read png");
  png.data[30] ^= 0xFF;
  png.data[png.len - 20] ^= 0x55; /* inside IDAT */
  read_fails(png.data, png.len, 0, NULL);
  z3_buf_release(&png);
}

/* Chunks after the image are read too: an unknown critical chunk between the
 * last IDAT and IEND makes the file one we must not pretend to understand. */
Z3_TEST(test_rejects_critical_chunk_after_image) {
  (void)state;
  z3_buf png = small_png(), bad;
  z3_buf_init(&bad);
  z3_error err;
  z3_error_init(&err);
  uint8_t chunk[12] = {0, 0, 0, 0, 'Q', 'u', 'U', 'x'};
  uint32_t crc = z3_crc32(chunk + 4, 4);
  for (int i = 0; i < 4; i++) chunk[8 + i] = (uint8_t)(crc >> (24 - 8 * i));
  assert_ok(z3_buf_append(&bad, png.data, png.len - 12, &err), &err);
  assert_ok(z3_buf_append(&bad, chunk, sizeof chunk, &err), &err);
  assert_ok(z3_buf_append(&bad, png.data + png.len - 12, 12, &err), &err);
  read_fails(bad.data, bad.len, 0, "cannot decode png");
  z3_buf_release(&bad);
  z3_buf_release(&png);
}

Z3_TEST(test_rejects_too_large) {
  (void)state;
  z3_buf png = small_png(); /* 16x4 = 64 pixels */
  read_fails(png.data, png.len, 63, "too large");
  read_fails(png.data, png.len, 15, "too large"); /* caught by libspng's width limit */
  z3_image img;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_png_read(&img, png.data, png.len, 64, &err), &err);
  z3_image_release(&img);
  z3_buf_release(&png);
}

/* Allocation failures at each step come back as NOMEM with nothing held. */
Z3_TEST(test_read_out_of_memory) {
  (void)state;
  z3_buf png = small_png();
  for (int n = 1; n <= 3; n++) {
    z3_image img;
    z3_error err;
    z3_error_init(&err);
    z3_fault_alloc_after(n);
    z3_status st = z3_png_read(&img, png.data, png.len, 0, &err);
    z3_fault_alloc_after(0);
    assert_int_equal(st, Z3_E_NOMEM);
    assert_null(img.rgba);
    assert_null(img.indices);
  }
  z3_buf_release(&png);
}

Z3_RUN(cmocka_unit_test(test_indexed_roundtrip_every_palette_size),
       cmocka_unit_test(test_write_is_deterministic), cmocka_unit_test(test_write_rejects),
       cmocka_unit_test(test_read_rgb), cmocka_unit_test(test_write_rgb_roundtrip), cmocka_unit_test(test_read_gray_and_16bit_rgba),
       cmocka_unit_test(test_read_low_depth_indexed),
       cmocka_unit_test(test_read_index_outside_palette), cmocka_unit_test(test_rejects_not_png),
       cmocka_unit_test(test_rejects_every_truncation), cmocka_unit_test(test_bytes_after_iend),
       cmocka_unit_test(test_rejects_corruption),
       cmocka_unit_test(test_rejects_critical_chunk_after_image),
       cmocka_unit_test(test_rejects_too_large), cmocka_unit_test(test_read_out_of_memory))
