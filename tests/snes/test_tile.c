/* Tile codecs: hand-written tiles for each layout, random round trips for
 * every format, sheet placement and ALttP's 3bpp -> 4bpp expansion. */
#include <string.h>

#include "snes/tile.h"
#include "test.h"

/* A slow, obviously-correct reference: plane k of row r at the byte tile.h
 * names, bit 7 - x for pixel x. The codec under test must agree with it. */
static size_t ref_plane_offset(z3_tile_format f, unsigned k, unsigned r) {
  if (f == Z3_TILE_1BPP) return r;
  if (f == Z3_TILE_3BPP && k == 2) return 16 + r;
  return 16 * (k / 2) + 2 * r + (k & 1);
}

static void ref_encode(z3_tile_format f, const uint8_t px[64], uint8_t *dst) {
  memset(dst, 0, z3_tile_bytes(f));
  if (f == Z3_TILE_MODE7) {
    memcpy(dst, px, 64);
    return;
  }
  for (unsigned r = 0; r < 8; r++)
    for (unsigned x = 0; x < 8; x++)
      for (unsigned k = 0; k < z3_tile_bpp(f); k++)
        if (px[8 * r + x] >> k & 1) dst[ref_plane_offset(f, k, r)] |= (uint8_t)(0x80 >> x);
}

static void random_pixels(uint8_t px[64], unsigned bpp, uint64_t *seed) {
  for (int i = 0; i < 64; i++) px[i] = (uint8_t)(z3_test_rand(seed) & ((1u << bpp) - 1));
}

Z3_TEST(test_sizes_and_names) {
  (void)state;
  static const size_t bytes[] = {8, 16, 24, 32, 64, 64};
  static const unsigned bpp[] = {1, 2, 3, 4, 8, 8};
  static const char *names[] = {"1bpp", "2bpp", "3bpp", "4bpp", "8bpp", "mode7"};
  for (int f = 0; f < Z3_TILE_FORMAT_COUNT; f++) {
    assert_int_equal(z3_tile_bytes((z3_tile_format)f), bytes[f]);
    assert_int_equal(z3_tile_bpp((z3_tile_format)f), bpp[f]);
    assert_string_equal(z3_tile_format_name((z3_tile_format)f), names[f]);
    z3_tile_format got;
    assert_true(z3_tile_format_parse(names[f], &got));
    assert_int_equal(got, f);
  }
  z3_tile_format got;
  assert_true(z3_tile_format_parse("4BPP", &got));
  assert_int_equal(got, Z3_TILE_4BPP);
  assert_false(z3_tile_format_parse("5bpp", &got));
  assert_false(z3_tile_format_parse("", &got));
}

/* 2bpp checkerboard: plane 0 = 0xAA/0x55 alternating, plane 1 = 0xFF on even
 * rows, so even rows read 3,2,3,2... and odd rows 0,1,0,1... */
Z3_TEST(test_decode_2bpp_known) {
  (void)state;
  uint8_t src[16];
  for (int r = 0; r < 8; r++) {
    src[2 * r] = r % 2 ? 0x55 : 0xAA;
    src[2 * r + 1] = r % 2 ? 0x00 : 0xFF;
  }
  uint8_t px[64];
  z3_tile_decode(Z3_TILE_2BPP, src, px);
  for (int r = 0; r < 8; r++)
    for (int x = 0; x < 8; x++) {
      uint8_t want = r % 2 ? (x % 2 ? 1 : 0) : (x % 2 ? 2 : 3);
      assert_int_equal(px[8 * r + x], want);
    }
}

/* 3bpp diagonal: pixel (r, r) = 5 (planes 0 and 2), pixel (7 - r, r) = 2
 * (plane 1), the rest 0. Plane 2 lives in bytes 16..23, one per row. */
Z3_TEST(test_decode_3bpp_known) {
  (void)state;
  uint8_t src[24] = {0};
  for (int r = 0; r < 8; r++) {
    src[2 * r] = (uint8_t)(0x80 >> r);
    src[2 * r + 1] = (uint8_t)(0x80 >> (7 - r));
    src[16 + r] = (uint8_t)(0x80 >> r);
  }
  uint8_t px[64];
  z3_tile_decode(Z3_TILE_3BPP, src, px);
  for (int r = 0; r < 8; r++)
    for (int x = 0; x < 8; x++) {
      uint8_t want = (x == r ? 5 : 0) | (x == 7 - r ? 2 : 0);
      assert_int_equal(px[8 * r + x], want);
    }
  uint8_t back[24];
  z3_tile_encode(Z3_TILE_3BPP, px, back);
  assert_memory_equal(back, src, 24);
}

/* One set bit per plane, each in a different place, checks plane order. */
Z3_TEST(test_decode_plane_order) {
  (void)state;
  for (int f = Z3_TILE_1BPP; f <= Z3_TILE_8BPP; f++) {
    unsigned bpp = z3_tile_bpp((z3_tile_format)f);
    for (unsigned k = 0; k < bpp; k++) {
      uint8_t src[64] = {0}, px[64];
      src[ref_plane_offset((z3_tile_format)f, k, 3)] = 0x01; /* row 3, pixel 7 */
      z3_tile_decode((z3_tile_format)f, src, px);
      for (int i = 0; i < 64; i++) assert_int_equal(px[i], i == 31 ? 1u << k : 0);
    }
  }
}

Z3_TEST(test_mode7_is_linear) {
  (void)state;
  uint8_t src[64], px[64], back[64];
  for (int i = 0; i < 64; i++) src[i] = (uint8_t)(i * 7 + 3);
  z3_tile_decode(Z3_TILE_MODE7, src, px);
  assert_memory_equal(px, src, 64);
  z3_tile_encode(Z3_TILE_MODE7, px, back);
  assert_memory_equal(back, src, 64);
}

/* Random pixels through encode -> decode for every format, and the encoder
 * against the reference layout. */
Z3_TEST(test_roundtrip_every_format) {
  (void)state;
  uint64_t seed = 17;
  for (int f = 0; f < Z3_TILE_FORMAT_COUNT; f++) {
    for (int n = 0; n < 2000; n++) {
      uint8_t px[64], enc[64], ref[64], dec[64];
      random_pixels(px, z3_tile_bpp((z3_tile_format)f), &seed);
      z3_tile_encode((z3_tile_format)f, px, enc);
      ref_encode((z3_tile_format)f, px, ref);
      assert_memory_equal(enc, ref, z3_tile_bytes((z3_tile_format)f));
      z3_tile_decode((z3_tile_format)f, enc, dec);
      assert_memory_equal(dec, px, 64);
    }
  }
}

/* Random bytes -> decode -> encode gives the bytes back (every byte of every
 * format is a plane bit, so the codec is a bijection). */
Z3_TEST(test_bytes_roundtrip) {
  (void)state;
  for (int f = 0; f < Z3_TILE_FORMAT_COUNT; f++) {
    for (uint64_t s = 0; s < 500; s++) {
      uint8_t src[64], px[64], back[64];
      z3_test_fill_random(src, sizeof src, s * 31 + (uint64_t)f);
      z3_tile_decode((z3_tile_format)f, src, px);
      z3_tile_encode((z3_tile_format)f, px, back);
      assert_memory_equal(back, src, z3_tile_bytes((z3_tile_format)f));
    }
  }
}

Z3_TEST(test_encode_drops_high_bits) {
  (void)state;
  uint8_t px[64], enc[16], dec[64];
  for (int i = 0; i < 64; i++) px[i] = (uint8_t)(0xFC | (i & 3)); /* high bits set */
  z3_tile_encode(Z3_TILE_2BPP, px, enc);
  z3_tile_decode(Z3_TILE_2BPP, enc, dec);
  for (int i = 0; i < 64; i++) assert_int_equal(dec[i], i & 3);
}

/* Tile t of a sheet sits at ((t % 16) * 8, (t / 16) * 8): tile 17 at (8, 8). */
Z3_TEST(test_sheet_layout) {
  (void)state;
  enum { TILES = 64 };
  uint8_t data[TILES * 32] = {0};
  uint8_t tile17[64];
  for (int i = 0; i < 64; i++) tile17[i] = (uint8_t)(1 + i % 15);
  z3_tile_encode(Z3_TILE_4BPP, tile17, data + 17 * 32);
  uint8_t sheet[128 * 32];
  memset(sheet, 0xEE, sizeof sheet);
  z3_sheet_decode(Z3_TILE_4BPP, data, TILES, sheet);
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 128; x++) {
      bool inside = x >= 8 && x < 16 && y >= 8 && y < 16;
      uint8_t want = inside ? tile17[(y - 8) * 8 + (x - 8)] : 0;
      assert_int_equal(sheet[y * 128 + x], want);
    }
}

Z3_TEST(test_sheet_roundtrip_every_format) {
  (void)state;
  enum { TILES = 64, PIXELS = 128 * (TILES / 16) * 8 };
  static uint8_t sheet[PIXELS], back[PIXELS], data[TILES * 64], tile[64];
  uint64_t seed = 99;
  for (int f = 0; f < Z3_TILE_FORMAT_COUNT; f++) {
    unsigned bpp = z3_tile_bpp((z3_tile_format)f);
    for (size_t i = 0; i < PIXELS; i++)
      sheet[i] = (uint8_t)(z3_test_rand(&seed) & ((1u << bpp) - 1));
    z3_sheet_encode((z3_tile_format)f, sheet, TILES, data);
    /* Each tile's bytes equal the single-tile encoder's on its 8x8 block. */
    for (size_t t = 0; t < TILES; t++) {
      uint8_t px[64];
      for (int r = 0; r < 8; r++)
        memcpy(px + 8 * r, sheet + ((t / 16) * 8 + (size_t)r) * 128 + (t % 16) * 8, 8);
      z3_tile_encode((z3_tile_format)f, px, tile);
      assert_memory_equal(tile, data + t * z3_tile_bytes((z3_tile_format)f),
                          z3_tile_bytes((z3_tile_format)f));
    }
    z3_sheet_decode((z3_tile_format)f, data, TILES, back);
    assert_memory_equal(back, sheet, PIXELS);
  }
}

/* One 3bpp tile with pixel values 0..7 along each row: low keeps them, high
 * adds 8 to every non-zero pixel and leaves 0 alone. */
Z3_TEST(test_3bpp_to_4bpp) {
  (void)state;
  uint8_t px[64], src[2 * 24], dst[2 * 32], dec[64];
  for (int i = 0; i < 64; i++) px[i] = (uint8_t)((i + i / 8) % 8);
  z3_tile_encode(Z3_TILE_3BPP, px, src);
  z3_tile_encode(Z3_TILE_3BPP, px, src + 24);
  for (int high = 0; high < 2; high++) {
    z3_tile_3bpp_to_4bpp(src, 2, high, dst);
    for (int t = 0; t < 2; t++) {
      z3_tile_decode(Z3_TILE_4BPP, dst + 32 * t, dec);
      for (int i = 0; i < 64; i++) assert_int_equal(dec[i], high && px[i] ? px[i] + 8 : px[i]);
      assert_memory_equal(dst + 32 * t, src + 24 * t, 16); /* planes 0/1 unchanged */
    }
  }
  /* Row 0 is 0,1,...,7: p0 = 0x55, p1 = 0x33, p2 = 0x0F; high plane 3 = 0x7F. */
  z3_tile_3bpp_to_4bpp(src, 1, true, dst);
  assert_int_equal(dst[0], 0x55);
  assert_int_equal(dst[1], 0x33);
  assert_int_equal(dst[16], 0x0F);
  assert_int_equal(dst[17], 0x7F);
  z3_tile_3bpp_to_4bpp(src, 1, false, dst);
  assert_int_equal(dst[17], 0x00);
}

/* A tile of colours 1-15 in turn, except its top-left pixel, colour 0. */
static void numbered_tile(uint8_t px[64]) {
  for (int i = 0; i < 64; i++) px[i] = (uint8_t)(i == 0 ? 0 : 1 + i % 15);
}

static void test_blit_flips_base_and_transparency(void **state) {
  (void)state;
  uint8_t px[64], dst[16 * 8];
  numbered_tile(px);
  for (int flips = 0; flips < 4; flips++) {
    bool h = flips & 1, v = flips & 2;
    memset(dst, 0xEE, sizeof dst);
    z3_tile_blit(px, h, v, 32, false, dst + 8, 16);
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
        uint8_t src = px[(v ? 7 - y : y) * 8 + (h ? 7 - x : x)];
        assert_int_equal(dst[y * 16 + 8 + x], src ? 32 + src : 0);
        assert_int_equal(dst[y * 16 + x], 0xEE); /* the neighbour cell is untouched */
      }
  }
  memset(dst, 0x77, sizeof dst);
  z3_tile_blit(px, true, true, 0, true, dst, 16);
  assert_int_equal(dst[7 * 16 + 7], 0x77); /* colour 0 (flipped to the far corner) shows what lay under */
  assert_int_equal(dst[0], px[63]);
}

Z3_RUN(cmocka_unit_test(test_sizes_and_names), cmocka_unit_test(test_decode_2bpp_known),
       cmocka_unit_test(test_decode_3bpp_known), cmocka_unit_test(test_decode_plane_order),
       cmocka_unit_test(test_mode7_is_linear), cmocka_unit_test(test_roundtrip_every_format),
       cmocka_unit_test(test_bytes_roundtrip), cmocka_unit_test(test_encode_drops_high_bits),
       cmocka_unit_test(test_sheet_layout), cmocka_unit_test(test_sheet_roundtrip_every_format),
       cmocka_unit_test(test_3bpp_to_4bpp), cmocka_unit_test(test_blit_flips_base_and_transparency))
