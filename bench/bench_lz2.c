/*
 * LC_LZ2 figures: the codec on its own, over synthetic graphics-like data
 * (200 sheets of 0x600 bytes of 3bpp tiles: blank tiles, repeated tiles,
 * striped tiles, drawn shapes with correlated planes, a little noise), and on
 * one 64 KiB input, the largest a stream can hold. Every compressed stream is
 * decoded and compared before any time is reported. MB/s are 10^6 bytes of
 * uncompressed data per second.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "snes/lz2.h"

enum { SHEETS = 200, SHEET = 0x600, TILE = 24, BIG = 0x10000 };

typedef struct lz2_input {
  const char *label; /* "sheets", "64kib" */
  const uint8_t *data;
  size_t piece, count; /* compressed as count separate streams of piece bytes */
} lz2_input;

typedef struct lz2_packed {
  z3_buf bytes;         /* the streams back to back */
  size_t at[SHEETS + 1]; /* stream k is bytes[at[k] .. at[k+1]) */
} lz2_packed;

static uint32_t next(uint64_t *x) {
  *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
  return (uint32_t)(*x >> 16);
}

/* A 3bpp tile: rows of planes 0/1 interleaved, then plane 2's 8 rows. */
static void drawn_tile(uint8_t *t, uint64_t *x) {
  uint8_t mask = (uint8_t)next(x), ink[3] = {(uint8_t)next(x), (uint8_t)next(x), 0};
  ink[2] = next(x) & 1 ? 0 : (uint8_t)next(x);
  for (int row = 0; row < 8; row++) {
    if (next(x) % 3 == 0) mask = (uint8_t)(mask << 1 | mask >> 1 | (next(x) & 0x81));
    if (next(x) % 4 == 0) mask &= (uint8_t)next(x);
    t[2 * row] = mask & ink[0];
    t[2 * row + 1] = mask & ink[1];
    t[16 + row] = mask & ink[2];
  }
}

static void make_sheet(uint8_t *s, uint64_t *x) {
  for (size_t k = 0; k < SHEET / TILE; k++) {
    uint8_t *t = s + k * TILE;
    uint32_t pick = next(x) % 100;
    if (pick < 25) {
      memset(t, 0, TILE);
    } else if (pick < 45 && k > 0) {
      memcpy(t, s + (next(x) % k) * TILE, TILE);
    } else if (pick < 60) {
      uint8_t a = (uint8_t)next(x), b = (uint8_t)next(x);
      for (int i = 0; i < TILE; i++) t[i] = i & 1 ? b : a;
    } else if (pick < 90) {
      drawn_tile(t, x);
    } else {
      for (int i = 0; i < TILE; i++) t[i] = (uint8_t)next(x);
    }
  }
}

static z3_status compress_all(const lz2_input *in, z3_lz2_mode mode, lz2_packed *p,
                              z3_error *err) {
  p->bytes.len = 0;
  for (size_t k = 0; k < in->count; k++) {
    p->at[k] = p->bytes.len;
    z3_status st = z3_lz2_compress(&p->bytes, in->data + k * in->piece, in->piece,
                                   Z3_LZ2_GRAPHICS, mode, err);
    if (st) return st;
  }
  p->at[in->count] = p->bytes.len;
  return Z3_OK;
}

/* Decodes every stream into `out` (piece after piece); the caller compares. */
static z3_status decompress_all(const lz2_input *in, const lz2_packed *p, z3_buf *out,
                                z3_error *err) {
  out->len = 0;
  for (size_t k = 0; k < in->count; k++) {
    size_t used;
    z3_status st = z3_lz2_decompress(out, p->bytes.data + p->at[k], p->at[k + 1] - p->at[k],
                                     Z3_LZ2_GRAPHICS, in->piece, &used, err);
    if (st) return st;
    if (used != p->at[k + 1] - p->at[k])
      return z3_error_set(err, Z3_E_INTERNAL, "stream %zu ends early", k);
  }
  return Z3_OK;
}

static bool same_as_input(const lz2_input *in, const z3_buf *out) {
  size_t n = in->piece * in->count;
  return out->len == n && memcmp(out->data, in->data, n) == 0;
}

static void report(const char *name, const lz2_input *in, double *ms, size_t packed) {
  size_t n = in->piece * in->count;
  double median = bench_median(ms, BENCH_RUNS);
  char extra[160];
  snprintf(extra, sizeof extra,
           ",\"mb_per_s\":%.1f,\"input_bytes\":%zu,\"streams\":%zu,\"compressed_bytes\":%zu",
           median > 0 ? (double)n / 1e3 / median : 0.0, n, in->count, packed);
  bench_report(name, ms, BENCH_RUNS, extra);
}

/* Times one encoder; leaves its streams in p (checked by a decode) for the
 * decompression figure. */
static bool time_compress(const bench_ctx *ctx, const lz2_input *in, z3_lz2_mode mode,
                          lz2_packed *p, z3_buf *out) {
  char name[64];
  snprintf(name, sizeof name, "lz2_%s_%s", z3_lz2_mode_name(mode), in->label);
  double ms[BENCH_RUNS];
  z3_error err;
  for (int i = -1; i < BENCH_RUNS; i++) {
    z3_error_init(&err);
    double t0 = bench_now_ms();
    z3_status st = compress_all(in, mode, p, &err);
    double t1 = bench_now_ms();
    if (!st) st = decompress_all(in, p, out, &err);
    if (st || !same_as_input(in, out)) {
      bench_report_error(name, st ? err.message : "streams do not decode to the input");
      return false;
    }
    if (i >= 0) ms[i] = t1 - t0;
  }
  if (bench_selected(ctx, name)) report(name, in, ms, p->bytes.len);
  return true;
}

static void time_decompress(const bench_ctx *ctx, const lz2_input *in, const lz2_packed *p,
                            z3_buf *out) {
  char name[64];
  snprintf(name, sizeof name, "lz2_decompress_%s", in->label);
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  z3_error err;
  for (int i = -1; i < BENCH_RUNS; i++) {
    z3_error_init(&err);
    /* each run repeats the whole set enough times to be timed well */
    double t0 = bench_now_ms();
    z3_status st = Z3_OK;
    for (int rep = 0; rep < 20 && !st; rep++) st = decompress_all(in, p, out, &err);
    double t1 = bench_now_ms();
    if (st || !same_as_input(in, out)) {
      bench_report_error(name, st ? err.message : "streams do not decode to the input");
      return;
    }
    if (i >= 0) ms[i] = (t1 - t0) / 20;
  }
  report(name, in, ms, p->bytes.len);
}

static bool any_selected(const bench_ctx *ctx, const char *label) {
  static const char *const kinds[] = {"optimal", "greedy", "decompress"};
  for (size_t k = 0; k < 3; k++) {
    char name[64];
    snprintf(name, sizeof name, "lz2_%s_%s", kinds[k], label);
    if (bench_selected(ctx, name)) return true;
  }
  return false;
}

static void bench_input(const bench_ctx *ctx, const lz2_input *in) {
  if (!any_selected(ctx, in->label)) return;
  lz2_packed opt, fast;
  z3_buf_init(&opt.bytes);
  z3_buf_init(&fast.bytes);
  z3_buf out;
  z3_buf_init(&out);
  if (time_compress(ctx, in, Z3_LZ2_GREEDY, &fast, &out) &&
      time_compress(ctx, in, Z3_LZ2_OPTIMAL, &opt, &out))
    time_decompress(ctx, in, &opt, &out);
  z3_buf_release(&opt.bytes);
  z3_buf_release(&fast.bytes);
  z3_buf_release(&out);
}

void bench_lz2(const bench_ctx *ctx) {
  static uint8_t data[SHEETS * SHEET];
  uint64_t x = 0x0123456789ABCDEFull;
  for (size_t k = 0; k < SHEETS; k++) make_sheet(data + k * SHEET, &x);
  const lz2_input sheets = {"sheets", data, SHEET, SHEETS};
  const lz2_input big = {"64kib", data, BIG, 1};
  bench_input(ctx, &sheets);
  bench_input(ctx, &big);
}
