/*
 * Our console against a peer in the same run (issue 14): emulated frames per
 * second, picture and sound on, of z3ed's SNES and of Debian's
 * bsnes-mercury performance core (through tests/oracle's libretro front end,
 * which reports the time spent inside the core's retro_run), on the same
 * ROMs: bench_emu's CPU-bound loop and our PPU and APU test programs.
 * Both sides are timed without loading: ours around z3_snes_run, theirs
 * around retro_run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "emu/snes.h"

enum { FRAMES = 600, IMAGE = 0x8000 };

/* Our frames per second on the ROM at path (median of BENCH_RUNS). */
static double ours(const char *path, z3_error *err) {
  z3_rom *rom;
  if (z3_rom_load(&rom, path, err)) return -1;
  double ms[BENCH_RUNS];
  for (int r = 0; r < BENCH_RUNS; r++) {
    z3_snes *snes;
    if (z3_snes_create(&snes, rom, err)) {
      z3_rom_free(rom);
      return -1;
    }
    snes->apu.recording = true; /* sound kept, as the peer's front end keeps it */
    double t0 = bench_now_ms();
    z3_snes_run(snes, FRAMES, false, 0);
    ms[r] = bench_now_ms() - t0;
    z3_snes_free(snes);
  }
  z3_rom_free(rom);
  return FRAMES / (bench_median(ms, BENCH_RUNS) / 1e3);
}

/* The peer's, from the front end's run_seconds (median of BENCH_RUNS). */
static double theirs(const char *path) {
  double s[BENCH_RUNS];
  for (int r = 0; r < BENCH_RUNS; r++) {
    char *cmd = z3_strfmt("'%s' --core '%s' --rom '%s' --frames %d 2>/dev/null", Z3_ORACLE, Z3_ORACLE_FAST_CORE,
                          path, FRAMES);
    FILE *p = cmd ? popen(cmd, "r") : NULL;
    z3_free(cmd);
    if (!p) return -1;
    char line[512] = "";
    size_t n = fread(line, 1, sizeof line - 1, p);
    line[n] = '\0';
    if (pclose(p) != 0) return -1;
    const char *at = strstr(line, "\"run_seconds\": ");
    if (!at || sscanf(at, "\"run_seconds\": %lf", &s[r]) != 1 || s[r] <= 0) return -1;
  }
  return FRAMES / bench_median(s, BENCH_RUNS);
}

static void compare(const bench_ctx *ctx, const char *name, const char *path) {
  if (!bench_selected(ctx, name)) return;
  z3_error err;
  z3_error_init(&err);
  double a = ours(path, &err);
  if (a < 0) return bench_report_error(name, err.message);
  double b = theirs(path);
  if (b < 0) return bench_report_error(name, "the bsnes-mercury front end (tests/oracle) did not run");
  double ms[1] = {FRAMES / a * 1e3};
  char extra[160];
  snprintf(extra, sizeof extra, ",\"frames\":%d,\"fps\":%.0f,\"fps_bsnes_mercury_performance\":%.0f,\"ratio\":%.2f",
           FRAMES, a, b, a / b);
  bench_report(name, ms, 1, extra);
}

void bench_peer(const bench_ctx *ctx) {
  char path[] = "/tmp/z3bench-peer-XXXXXX";
  int fd = mkstemp(path);
  uint8_t *img = z3_malloc(IMAGE);
  if (fd < 0 || !img) {
    if (fd >= 0) close(fd), unlink(path);
    z3_free(img);
    return bench_report_error("emu_vs_bsnes", "cannot write the bench ROM");
  }
  bench_emu_image(img);
  bool written = write(fd, img, IMAGE) == IMAGE;
  close(fd);
  z3_free(img);
  if (written) compare(ctx, "emu_vs_bsnes_cpu_loop", path);
  unlink(path);
  compare(ctx, "emu_vs_bsnes_ppu_mode7", Z3_PROGRAMS "mode7.sfc");
  compare(ctx, "emu_vs_bsnes_ppu_sprites", Z3_PROGRAMS "sprites.sfc");
  compare(ctx, "emu_vs_bsnes_apu_dsp", Z3_PROGRAMS "apu_dsp.sfc");
}
