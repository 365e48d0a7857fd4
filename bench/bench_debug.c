/*
 * The debugger's costs (issue 15's goals): frames per second of bench_emu's
 * CPU-bound program in a debug session with no breakpoints, with 100
 * execution breakpoints and 20 watchpoints that never hit, and with the
 * trace ring on; a session against a bare console; step-back of 1,000 steps
 * and last-write; and the round trip of a `step` request over a session's
 * socket (median and p99 of 1,000, connecting per request as the CLI does).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "debug/debug.h"
#include "debug/server.h"

enum { FRAMES = 600, IMAGE = 0x8000, ROUND_TRIPS = 1000 };

static z3_rom *bench_rom(z3_error *err) {
  uint8_t *img = malloc(IMAGE);
  z3_rom *rom = NULL;
  if (!img) return NULL;
  bench_emu_image(img);
  if (z3_rom_from_memory(&rom, img, IMAGE, "bench.sfc", err)) rom = NULL;
  free(img);
  return rom;
}

typedef enum setup { PLAIN, BREAKPOINTS, TRACE } setup;

static double run_session(const z3_rom *rom, setup how, z3_error *err) {
  z3_debug *dbg;
  z3_debug_opts opts = {.trace_size = how == TRACE ? 4096 : 0};
  if (z3_debug_open(&dbg, rom, &opts, err)) return -1;
  if (how == BREAKPOINTS) {
    for (uint32_t i = 0; i < 100; i++) /* code that never runs: bank $01 and $00:9000 on */
      z3_debug_break_add(dbg, Z3_BP_EXEC, 0x019000 + 7 * i, 0x019000 + 7 * i, NULL, 0, NULL, err);
    for (uint32_t i = 0; i < 20; i++) /* WRAM pages the program does not touch */
      z3_debug_break_add(dbg, i & 1 ? Z3_BP_WRITE : Z3_BP_READ, 0x7E8000 + 0x100 * i, 0x7E8000 + 0x100 * i, NULL, 0, NULL, err);
  }
  double t0 = bench_now_ms();
  z3_debug_stop stop = z3_debug_run_frames(dbg, FRAMES);
  double t = bench_now_ms() - t0;
  bool whole = stop.reason == Z3_DBG_FRAMES;
  z3_debug_free(dbg);
  return whole ? t : -1;
}

static void frames(const bench_ctx *ctx, const z3_rom *rom, const char *name, setup how) {
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS], plain[BENCH_RUNS];
  z3_error err;
  z3_error_init(&err);
  for (int r = -1; r < BENCH_RUNS; r++) { /* alternate, so load on the machine hits both alike */
    double a = run_session(rom, PLAIN, &err), b = run_session(rom, how, &err);
    if (a < 0 || b < 0) return bench_report_error(name, err.message[0] ? err.message : "a breakpoint stopped the run");
    if (r >= 0) plain[r] = a, ms[r] = b;
  }
  double base = bench_median(plain, BENCH_RUNS), med = bench_median(ms, BENCH_RUNS);
  char extra[160];
  snprintf(extra, sizeof extra, ",\"frames\":%d,\"fps\":%.0f,\"fps_no_breakpoints\":%.0f,\"slowdown_percent\":%.1f",
           FRAMES, FRAMES / (med / 1e3), FRAMES / (base / 1e3), (med / base - 1) * 100);
  bench_report(name, ms, BENCH_RUNS, extra);
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void round_trip(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "debug_step_round_trip";
  if (!bench_selected(ctx, name)) return;
  char path[64];
  snprintf(path, sizeof path, "/tmp/z3-bench-debug-%ld.sock", (long)getpid());
  int ready[2];
  if (pipe(ready) < 0) return bench_report_error(name, "pipe");
  pid_t pid = fork();
  if (pid == 0) {
    close(ready[0]);
    z3_error err;
    z3_error_init(&err);
    z3_debug *dbg;
    z3_debug_opts opts = {.trace_size = 4096};
    if (z3_debug_open(&dbg, rom, &opts, &err)) _exit(1);
    z3_debug_serve_opts serve = {path, 60, ready[1]};
    _exit(z3_debug_serve(dbg, &serve, &err) ? 1 : 0);
  }
  close(ready[1]);
  char line[8] = "";
  if (read(ready[0], line, sizeof line) <= 0) return bench_report_error(name, "the session did not start");
  close(ready[0]);
  static double us[ROUND_TRIPS];
  z3_error err;
  z3_error_init(&err);
  for (int i = 0; i < ROUND_TRIPS; i++) {
    json_t *params = json_pack("{s:i}", "count", 1), *result = NULL;
    double t0 = bench_now_ms();
    z3_status st = z3_debug_request(path, "step", params, &result, &err);
    us[i] = (bench_now_ms() - t0) * 1000;
    json_decref(params);
    json_decref(result);
    if (st) {
      kill(pid, SIGTERM);
      waitpid(pid, NULL, 0);
      return bench_report_error(name, err.message);
    }
  }
  json_t *result = NULL;
  z3_debug_request(path, "stop", NULL, &result, &err);
  json_decref(result);
  waitpid(pid, NULL, 0);
  qsort(us, ROUND_TRIPS, sizeof us[0], compare);
  double ms[1] = {us[ROUND_TRIPS / 2] / 1000};
  char extra[128];
  snprintf(extra, sizeof extra, ",\"requests\":%d,\"median_us\":%.0f,\"p99_us\":%.0f", ROUND_TRIPS,
           us[ROUND_TRIPS / 2], us[ROUND_TRIPS * 99 / 100]);
  bench_report(name, ms, 1, extra);
}

/* What a session costs a plain run (checkpoints every 10 frames, the hook
 * off): the same frames on a bare console and in a session. */
static void session_cost(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "debug_frames_session_vs_bare";
  if (!bench_selected(ctx, name)) return;
  double bare[BENCH_RUNS], ms[BENCH_RUNS];
  z3_error err;
  z3_error_init(&err);
  for (int r = -1; r < BENCH_RUNS; r++) {
    z3_snes *snes;
    if (z3_snes_create(&snes, rom, &err)) return bench_report_error(name, err.message);
    double t0 = bench_now_ms();
    z3_snes_run(snes, FRAMES, false, 0);
    double a = bench_now_ms() - t0;
    z3_snes_free(snes);
    double b = run_session(rom, PLAIN, &err);
    if (b < 0) return bench_report_error(name, err.message);
    if (r >= 0) bare[r] = a, ms[r] = b;
  }
  double base = bench_median(bare, BENCH_RUNS), med = bench_median(ms, BENCH_RUNS);
  char extra[128];
  snprintf(extra, sizeof extra, ",\"frames\":%d,\"fps\":%.0f,\"fps_bare\":%.0f,\"slowdown_percent\":%.1f", FRAMES,
           FRAMES / (med / 1e3), FRAMES / (base / 1e3), (med / base - 1) * 100);
  bench_report(name, ms, BENCH_RUNS, extra);
}

/* step-back of 1,000 steps and last-write, 30 frames into a session with the trace on. */
static void going_back(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "debug_step_back_1000";
  if (!bench_selected(ctx, name)) return;
  z3_error err;
  z3_error_init(&err);
  z3_debug *dbg;
  z3_debug_opts opts = {.trace_size = 4096};
  if (z3_debug_open(&dbg, rom, &opts, &err)) return bench_report_error(name, err.message);
  z3_debug_run_frames(dbg, 35);
  double back[BENCH_RUNS], lw[BENCH_RUNS];
  z3_status st = Z3_OK;
  for (int r = -1; r < BENCH_RUNS && !st; r++) {
    z3_debug_step(dbg, 5000);
    z3_debug_stop stop;
    double t0 = bench_now_ms();
    st = z3_debug_step_back(dbg, 1000, &stop, &err);
    double t1 = bench_now_ms();
    z3_last_write w;
    if (!st) st = z3_debug_last_write(dbg, 0x7E0000, &w, &err); /* the NMI counter */
    double t2 = bench_now_ms();
    if (!st && !w.found) st = z3_error_set(&err, Z3_E_INTERNAL, "last-write found no write of the NMI counter");
    if (r >= 0) back[r] = t1 - t0, lw[r] = t2 - t1;
  }
  z3_debug_free(dbg);
  if (st) return bench_report_error(name, err.message);
  char extra[64];
  snprintf(extra, sizeof extra, ",\"last_write_ms\":%.2f", bench_median(lw, BENCH_RUNS));
  bench_report(name, back, BENCH_RUNS, extra);
}

void bench_debug(const bench_ctx *ctx) {
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = bench_rom(&err);
  if (!rom) return bench_report_error("debug_frames", err.message);
  frames(ctx, rom, "debug_frames_100_breakpoints_20_watchpoints", BREAKPOINTS);
  frames(ctx, rom, "debug_frames_trace_on", TRACE);
  session_cost(ctx, rom);
  going_back(ctx, rom);
  round_trip(ctx, rom);
  z3_rom_free(rom);
}
