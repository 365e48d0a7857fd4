/*
 * SNES tile codecs. A row of 8 pixels is handled as one 64-bit word with one
 * pixel per byte lane (lane x = bits 8x..8x+7 = pixel x), so a plane byte
 * becomes a row with one table look-up and a row becomes a plane byte with one
 * multiply: no per-pixel work and no per-pixel calls in the sheet loops.
 */
#include <string.h>
#include <strings.h>

#include "snes/tile.h"

/* Lane x of SPREAD(b) holds bit 7 - x of b (bit 7 is the leftmost pixel). */
#define SPREAD(b)                                                                              \
  ((uint64_t)((b) >> 7 & 1) | (uint64_t)((b) >> 6 & 1) << 8 | (uint64_t)((b) >> 5 & 1) << 16 | \
   (uint64_t)((b) >> 4 & 1) << 24 | (uint64_t)((b) >> 3 & 1) << 32 |                           \
   (uint64_t)((b) >> 2 & 1) << 40 | (uint64_t)((b) >> 1 & 1) << 48 | (uint64_t)((b)&1) << 56)
#define SPREAD4(b) SPREAD(b), SPREAD((b) + 1), SPREAD((b) + 2), SPREAD((b) + 3)
#define SPREAD16(b) SPREAD4(b), SPREAD4((b) + 4), SPREAD4((b) + 8), SPREAD4((b) + 12)
#define SPREAD64(b) SPREAD16(b), SPREAD16((b) + 16), SPREAD16((b) + 32), SPREAD16((b) + 48)

static const uint64_t spread[256] = {SPREAD64(0), SPREAD64(64), SPREAD64(128), SPREAD64(192)};

#define LANE_LSB 0x0101010101010101ull

/* Bit 0 of each lane gathered into one byte, lane 0 at bit 7. Each lane x meets
 * multiplier term 9j with x + j = 7 at bit 63 - x; all other products land on
 * distinct bits below 56 or above 63, so nothing carries into the top byte. */
static inline uint8_t gather(uint64_t lanes) {
  return (uint8_t)((lanes * 0x8040201008040201ull) >> 56);
}

static inline uint64_t load_row(const uint8_t *p) {
  uint64_t v = 0;
  for (int x = 7; x >= 0; x--) v = v << 8 | p[x];
  return v;
}

static inline void store_row(uint8_t *p, uint64_t v) {
  for (int x = 0; x < 8; x++) p[x] = (uint8_t)(v >> (8 * x));
}

/* Where plane k of row r lives: base[k] + stride * r (3bpp's plane 2 has its
 * own stride of 1, see tile.h). */
typedef struct layout {
  unsigned bpp;
  uint8_t base[8];
  uint8_t stride[8];
} layout;

static const layout layouts[Z3_TILE_FORMAT_COUNT] = {
    [Z3_TILE_1BPP] = {1, {0}, {1}},
    [Z3_TILE_2BPP] = {2, {0, 1}, {2, 2}},
    [Z3_TILE_3BPP] = {3, {0, 1, 16}, {2, 2, 1}},
    [Z3_TILE_4BPP] = {4, {0, 1, 16, 17}, {2, 2, 2, 2}},
    [Z3_TILE_8BPP] = {8, {0, 1, 16, 17, 32, 33, 48, 49}, {2, 2, 2, 2, 2, 2, 2, 2}},
    [Z3_TILE_MODE7] = {8, {0}, {0}}, /* linear; handled apart */
};

static const size_t tile_bytes[Z3_TILE_FORMAT_COUNT] = {8, 16, 24, 32, 64, 64};
static const char *const format_names[Z3_TILE_FORMAT_COUNT] = {"1bpp", "2bpp", "3bpp",
                                                               "4bpp", "8bpp", "mode7"};

static bool valid(z3_tile_format f) { return (unsigned)f < Z3_TILE_FORMAT_COUNT; }

size_t z3_tile_bytes(z3_tile_format f) { return valid(f) ? tile_bytes[f] : 0; }

unsigned z3_tile_bpp(z3_tile_format f) { return valid(f) ? layouts[f].bpp : 0; }

const char *z3_tile_format_name(z3_tile_format f) { return valid(f) ? format_names[f] : "?"; }

bool z3_tile_format_parse(const char *name, z3_tile_format *out) {
  for (int f = 0; name && f < Z3_TILE_FORMAT_COUNT; f++) {
    if (strcasecmp(name, format_names[f]) == 0) {
      *out = (z3_tile_format)f;
      return true;
    }
  }
  return false;
}

/* One tile into an image whose rows are `stride` bytes apart. */
static inline void decode_tile(const layout *l, bool linear, const uint8_t *src, uint8_t *dst,
                               size_t stride) {
  for (unsigned r = 0; r < 8; r++, dst += stride) {
    if (linear) {
      memcpy(dst, src + 8 * r, 8);
      continue;
    }
    uint64_t row = 0;
    for (unsigned k = 0; k < l->bpp; k++) row |= spread[src[l->base[k] + l->stride[k] * r]] << k;
    store_row(dst, row);
  }
}

static inline void encode_tile(const layout *l, bool linear, const uint8_t *src, size_t stride,
                               uint8_t *dst) {
  for (unsigned r = 0; r < 8; r++, src += stride) {
    if (linear) {
      memcpy(dst + 8 * r, src, 8);
      continue;
    }
    uint64_t row = load_row(src);
    for (unsigned k = 0; k < l->bpp; k++)
      dst[l->base[k] + l->stride[k] * r] = gather(row >> k & LANE_LSB);
  }
}

void z3_tile_blit(const uint8_t pixels[64], bool hflip, bool vflip, unsigned base, bool transparent, uint8_t *dst,
                  size_t stride) {
  for (int y = 0; y < 8; y++) {
    const uint8_t *row = pixels + (vflip ? 7 - y : y) * 8;
    uint8_t *out = dst + (size_t)y * stride;
    for (int x = 0; x < 8; x++) {
      uint8_t v = row[hflip ? 7 - x : x];
      if (v) out[x] = (uint8_t)(base + v);
      else if (!transparent) out[x] = 0;
    }
  }
}

void z3_tile_decode(z3_tile_format f, const uint8_t *src, uint8_t pixels[64]) {
  if (!valid(f)) {
    memset(pixels, 0, 64);
    return;
  }
  decode_tile(&layouts[f], f == Z3_TILE_MODE7, src, pixels, 8);
}

void z3_tile_encode(z3_tile_format f, const uint8_t pixels[64], uint8_t *dst) {
  if (!valid(f)) return;
  encode_tile(&layouts[f], f == Z3_TILE_MODE7, pixels, 8, dst);
}

/* Tile t of a sheet sits at column t % 16, tile row t / 16. */
static size_t sheet_offset(size_t t) {
  return (t / Z3_TILES_PER_ROW) * 8 * Z3_SHEET_WIDTH + (t % Z3_TILES_PER_ROW) * 8;
}

void z3_sheet_decode(z3_tile_format f, const uint8_t *data, size_t ntiles, uint8_t *pixels) {
  if (!valid(f)) return;
  const layout *l = &layouts[f];
  bool linear = f == Z3_TILE_MODE7;
  size_t n = tile_bytes[f];
  for (size_t t = 0; t < ntiles; t++)
    decode_tile(l, linear, data + t * n, pixels + sheet_offset(t), Z3_SHEET_WIDTH);
}

void z3_sheet_encode(z3_tile_format f, const uint8_t *pixels, size_t ntiles, uint8_t *data) {
  if (!valid(f)) return;
  const layout *l = &layouts[f];
  bool linear = f == Z3_TILE_MODE7;
  size_t n = tile_bytes[f];
  for (size_t t = 0; t < ntiles; t++)
    encode_tile(l, linear, pixels + sheet_offset(t), Z3_SHEET_WIDTH, data + t * n);
}

void z3_tile_3bpp_to_4bpp(const uint8_t *src, size_t ntiles, bool high, uint8_t *dst) {
  for (size_t t = 0; t < ntiles; t++, src += 24, dst += 32) {
    memcpy(dst, src, 16); /* planes 0 and 1 keep their places */
    for (unsigned r = 0; r < 8; r++) {
      uint8_t p2 = src[16 + r];
      dst[16 + 2 * r] = p2;
      /* High: every pixel with any bit set gains plane 3, i.e. 8 is added. */
      dst[17 + 2 * r] = high ? (uint8_t)(src[2 * r] | src[2 * r + 1] | p2) : 0;
    }
  }
}
