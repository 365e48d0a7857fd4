/* Graphics figures over the sample ROM's 223 sheets (the real layout, our data):
 * decompress all, compress all in both modes, export all to PNG (in memory and
 * as a whole `z3ed gfx export` process). */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "base/png.h"
#include "bench.h"
#include "snes/lz2.h"
#include "zelda3/gfx.h"
#include "zelda3/sample.h"

extern char **environ;

typedef struct sheets {
  z3_rom *rom;
  z3_buf raw[Z3_SHEET_COUNT];
  size_t stored_total, raw_total;
} sheets;

static bool load(sheets *s) {
  memset(s, 0, sizeof *s);
  z3_error err;
  z3_error_init(&err);
  bool ok = z3_sample_rom(&s->rom, NULL, &err) == Z3_OK;
  for (int i = 0; ok && i < Z3_SHEET_COUNT; i++) {
    z3_sheet_info info;
    z3_buf_init(&s->raw[i]);
    ok = z3_gfx_sheet_read(s->rom, i, &info, &s->raw[i], &err) == Z3_OK;
    s->stored_total += info.stored_size;
    s->raw_total += s->raw[i].len;
  }
  if (!ok) bench_report_error("gfx", err.message);
  return ok;
}

static void unload(sheets *s) {
  for (int i = 0; i < Z3_SHEET_COUNT; i++) z3_buf_release(&s->raw[i]);
  z3_rom_free(s->rom);
}

static void decompress_all(const bench_ctx *ctx, const sheets *s) {
  const char *name = "gfx_decompress_all_sheets";
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  z3_buf out;
  z3_buf_init(&out);
  for (int r = 0; r < BENCH_RUNS; r++) {
    double t0 = bench_now_ms();
    for (int i = 0; i < Z3_SHEET_COUNT; i++) {
      z3_sheet_info info;
      out.len = 0;
      if (z3_gfx_sheet_read(s->rom, i, &info, &out, NULL) != Z3_OK) abort();
    }
    ms[r] = bench_now_ms() - t0;
  }
  z3_buf_release(&out);
  char extra[96];
  snprintf(extra, sizeof extra, ",\"sheets\":%d,\"bytes_out\":%zu", Z3_SHEET_COUNT, s->raw_total);
  bench_report(name, ms, BENCH_RUNS, extra);
}

static void compress_all(const bench_ctx *ctx, const sheets *s, z3_lz2_mode mode, const char *name) {
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  size_t total = 0;
  z3_buf out;
  z3_buf_init(&out);
  for (int r = 0; r < BENCH_RUNS; r++) {
    total = 0;
    double t0 = bench_now_ms();
    for (int i = 0; i < Z3_SHEET_COUNT; i++) {
      if (z3_sheet_kind_of(i) == Z3_SHEET_UNCOMPRESSED_3BPP) continue;
      out.len = 0; /* the encoder appends */
      if (z3_lz2_compress(&out, s->raw[i].data, s->raw[i].len, Z3_LZ2_GRAPHICS, mode, NULL)) abort();
      total += out.len;
    }
    ms[r] = bench_now_ms() - t0;
  }
  z3_buf_release(&out);
  char extra[128];
  snprintf(extra, sizeof extra, ",\"compressed_bytes\":%zu,\"in_rom_bytes\":%zu", total, s->stored_total - 12 * 0x600);
  bench_report(name, ms, BENCH_RUNS, extra);
}

static void export_png(const bench_ctx *ctx, const sheets *s) {
  const char *name = "gfx_export_all_png";
  if (!bench_selected(ctx, name)) return;
  static const uint8_t grey[8][4] = {{0, 0, 0, 0}, {36, 36, 36, 255}, {73, 73, 73, 255}, {109, 109, 109, 255},
                                     {146, 146, 146, 255}, {182, 182, 182, 255}, {219, 219, 219, 255}, {255, 255, 255, 255}};
  double ms[BENCH_RUNS];
  size_t bytes = 0;
  z3_buf px, png;
  z3_buf_init(&px);
  z3_buf_init(&png);
  for (int r = 0; r < BENCH_RUNS; r++) {
    bytes = 0;
    double t0 = bench_now_ms();
    for (int i = 0; i < Z3_SHEET_COUNT; i++) {
      z3_sheet_info info;
      if (z3_gfx_sheet_pixels(s->rom, i, &px, &info, NULL) ||
          z3_png_write_indexed(&png, Z3_SHEET_WIDTH, (uint32_t)info.tiles / 2, px.data, grey,
                               info.format == Z3_TILE_2BPP ? 4 : 8, NULL)) abort();
      bytes += png.len;
    }
    ms[r] = bench_now_ms() - t0;
  }
  z3_buf_release(&px);
  z3_buf_release(&png);
  char extra[64];
  snprintf(extra, sizeof extra, ",\"png_bytes\":%zu", bytes);
  bench_report(name, ms, BENCH_RUNS, extra);
}

/* The whole command a person runs: `z3ed gfx export --sheet all` into a temp folder. */
static void export_process(const bench_ctx *ctx, const sheets *s) {
  const char *name = "gfx_export_all_png_process";
  if (!bench_selected(ctx, name)) return;
  char dir[] = "/tmp/z3bench.XXXXXX";
  if (!mkdtemp(dir)) return bench_report_error(name, "cannot make a temp folder");
  char *rom = z3_strfmt("%s/sample.sfc", dir), *out = z3_strfmt("%s/sheets", dir);
  if (!rom || !out || z3_rom_save(s->rom, rom, NULL, NULL) != Z3_OK) {
    z3_free(rom);
    z3_free(out);
    return bench_report_error(name, "cannot write the sample ROM");
  }
  double ms[BENCH_RUNS];
  int done = 0;
  for (int r = 0; r < BENCH_RUNS; r++, done++) {
    char *argv[] = {(char *)ctx->z3ed, "gfx", "export", "--rom", rom, "--sheet", "all",
                    "--out", out, "--quiet", "--no-backup", NULL};
    pid_t pid;
    int status = -1;
    double t0 = bench_now_ms();
    if (posix_spawn(&pid, ctx->z3ed, NULL, NULL, argv, environ) != 0 || waitpid(pid, &status, 0) < 0 ||
        !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      bench_report_error(name, "z3ed gfx export failed");
      break;
    }
    ms[r] = bench_now_ms() - t0;
  }
  char *rm = z3_strfmt("rm -rf '%s'", dir);
  if (rm && system(rm) != 0) fprintf(stderr, "could not remove %s\n", dir);
  z3_free(rm);
  z3_free(rom);
  z3_free(out);
  if (done == BENCH_RUNS) bench_report(name, ms, BENCH_RUNS, ",\"sheets\":223");
}

void bench_gfx(const bench_ctx *ctx) {
  sheets s;
  if (!load(&s)) return;
  decompress_all(ctx, &s);
  compress_all(ctx, &s, Z3_LZ2_OPTIMAL, "gfx_compress_all_sheets_optimal");
  compress_all(ctx, &s, Z3_LZ2_GREEDY, "gfx_compress_all_sheets_greedy");
  export_png(ctx, &s);
  export_process(ctx, &s);
  unload(&s);
}
