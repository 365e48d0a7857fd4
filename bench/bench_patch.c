/*
 * Patch figures: create and apply, BPS and IPS, on the bench ROM and a copy
 * with 1% of its bytes changed at scattered places (a typical hack's shape).
 * Each created patch is applied and compared before any time is reported.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "snes/patch.h"

typedef z3_status (*create_fn)(z3_buf *out, const uint8_t *src, size_t src_len,
                               const uint8_t *dst, size_t dst_len, z3_error *err);
typedef z3_status (*apply_fn)(z3_buf *out, const uint8_t *src, size_t src_len,
                              const uint8_t *patch, size_t patch_len, z3_patch_stats *stats,
                              z3_error *err);

static z3_status create_bps(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *dst,
                            size_t dst_len, z3_error *err) {
  return z3_bps_create(out, src, src_len, dst, dst_len, NULL, NULL, err);
}

static z3_status create_ips(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *dst,
                            size_t dst_len, z3_error *err) {
  return z3_ips_create(out, src, src_len, dst, dst_len, NULL, err);
}

typedef struct patch_case {
  const char *format;
  create_fn create;
  apply_fn apply;
} patch_case;

/* Changes about one byte in a hundred: gaps of 1..199 bytes, each byte flipped. */
static z3_status make_target(z3_buf *dst, const z3_buf *rom, size_t *changed, z3_error *err) {
  z3_status st = z3_buf_copy(dst, rom->data, rom->len, err);
  if (st) return st;
  uint64_t x = 0x9E3779B97F4A7C15ull;
  *changed = 0;
  for (size_t i = 0;;) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    i += 1 + x % 199;
    if (i >= dst->len) break;
    dst->data[i] ^= (uint8_t)(1 + (x >> 32) % 255);
    (*changed)++;
  }
  return Z3_OK;
}

static bool selected_any(const bench_ctx *ctx, const patch_case *pc) {
  char c[64], a[64];
  snprintf(c, sizeof c, "%s_create_4mib_1pct", pc->format);
  snprintf(a, sizeof a, "%s_apply_4mib_1pct", pc->format);
  return bench_selected(ctx, c) || bench_selected(ctx, a);
}

static void time_create(const bench_ctx *ctx, const patch_case *pc, const z3_buf *dst,
                        z3_buf *patch, size_t changed) {
  char name[64], extra[128];
  snprintf(name, sizeof name, "%s_create_4mib_1pct", pc->format);
  double ms[BENCH_RUNS];
  z3_error err;
  for (int i = -1; i < BENCH_RUNS; i++) {
    z3_error_init(&err);
    double t0 = bench_now_ms();
    z3_status st = pc->create(patch, ctx->rom.data, ctx->rom.len, dst->data, dst->len, &err);
    double t1 = bench_now_ms();
    if (st) {
      bench_report_error(name, err.message);
      patch->len = 0;
      return;
    }
    if (i >= 0) ms[i] = t1 - t0;
  }
  if (!bench_selected(ctx, name)) return;
  snprintf(extra, sizeof extra, ",\"patch_bytes\":%zu,\"bytes_changed\":%zu", patch->len,
           changed);
  bench_report(name, ms, BENCH_RUNS, extra);
}

static void time_apply(const bench_ctx *ctx, const patch_case *pc, const z3_buf *dst,
                       const z3_buf *patch) {
  char name[64];
  snprintf(name, sizeof name, "%s_apply_4mib_1pct", pc->format);
  if (!bench_selected(ctx, name) || patch->len == 0) return;
  double ms[BENCH_RUNS];
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  for (int i = -1; i < BENCH_RUNS; i++) {
    z3_error_init(&err);
    double t0 = bench_now_ms();
    z3_status st =
        pc->apply(&out, ctx->rom.data, ctx->rom.len, patch->data, patch->len, NULL, &err);
    double t1 = bench_now_ms();
    bool same = !st && out.len == dst->len && memcmp(out.data, dst->data, dst->len) == 0;
    z3_buf_release(&out); /* a fresh buffer each run, as a caller would have */
    if (!same) {
      bench_report_error(name, st ? err.message : "applied patch does not reproduce the target");
      return;
    }
    if (i >= 0) ms[i] = t1 - t0;
  }
  bench_report(name, ms, BENCH_RUNS, NULL);
}

void bench_patches(const bench_ctx *ctx) {
  static const patch_case cases[] = {
      {"bps", create_bps, z3_bps_apply},
      {"ips", create_ips, z3_ips_apply},
  };
  z3_buf dst;
  z3_buf_init(&dst);
  z3_error err;
  z3_error_init(&err);
  size_t changed = 0;
  if (make_target(&dst, &ctx->rom, &changed, &err) != Z3_OK) {
    bench_report_error("patches", err.message);
    z3_buf_release(&dst);
    return;
  }
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (!selected_any(ctx, &cases[i])) continue;
    z3_buf patch;
    z3_buf_init(&patch);
    time_create(ctx, &cases[i], &dst, &patch, changed);
    time_apply(ctx, &cases[i], &dst, &patch);
    z3_buf_release(&patch);
  }
  z3_buf_release(&dst);
}
