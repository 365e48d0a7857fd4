/*
 * Emulated frames per second of the headless SNES on a CPU-bound program,
 * in process and as a whole `z3ed emu run`.
 *
 * The workload (a 32 KiB LoROM built below): native mode, 16-bit registers,
 * NMI on; the main loop adds $1234 to each of 256 words of WRAM ($0200-$03FF:
 * LDA abs,X / CLC / ADC # / STA abs,X / INX / INX / CPX # / BNE) forever and
 * the NMI handler counts frames at $0000. Every cycle is a CPU cycle (no
 * WAI), so the figure is the CPU plus the bus and the timer. A run is 600
 * frames (10 emulated seconds); the NMI count is checked after each run.
 *
 * emu_frames_ppu_busy runs the same program with the picture on and the PPU
 * given the most work a frame can hold: VRAM, CGRAM and OAM filled with
 * noise, mode 1 with BG1-BG3 and sprites on both screens, both windows,
 * colour math on every layer, so fps against emu_frames_cpu_loop (drawn in
 * forced blank) is what the renderer costs.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "emu/savestate.h"
#include "emu/snes.h"

extern char **environ;

enum { FRAMES = 600, IMAGE = 0x8000, NMI_HANDLER = 0x8031, RTI_AT = 0x8034 };

static const uint8_t program[] = {
    0x78, 0x18, 0xFB,       /* 8000 SEI; CLC; XCE          native mode */
    0xC2, 0x30,             /* 8003 REP #$30               16-bit A, X, Y */
    0xA2, 0xFF, 0x1F, 0x9A, /* 8005 LDX #$1FFF; TXS */
    0x9C, 0x00, 0x00,       /* 8009 STZ $0000              NMI count */
    0x9C, 0x02, 0x00,       /* 800C STZ $0002              passes of the main loop */
    0xE2, 0x20, 0xA9, 0x80, /* 800F SEP #$20; LDA #$80 */
    0x8D, 0x00, 0x42,       /* 8013 STA $4200              NMI on */
    0xC2, 0x20,             /* 8016 REP #$20 */
    0xA2, 0x00, 0x00,       /* 8018 LDX #$0000 */
    0xBD, 0x00, 0x02,       /* 801B LDA $0200,X */
    0x18, 0x69, 0x34, 0x12, /* 801E CLC; ADC #$1234 */
    0x9D, 0x00, 0x02,       /* 8022 STA $0200,X */
    0xE8, 0xE8,             /* 8025 INX; INX */
    0xE0, 0x00, 0x02,       /* 8027 CPX #$0200 */
    0xD0, 0xEF,             /* 802A BNE $801B */
    0xEE, 0x02, 0x00,       /* 802C INC $0002 */
    0x80, 0xE7,             /* 802F BRA $8018 */
    0xEE, 0x00, 0x00,       /* 8031 INC $0000              the NMI handler */
    0x40,                   /* 8034 RTI */
};

static void put16(uint8_t *p, unsigned v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
}

void bench_emu_image(uint8_t *img) {
  memset(img, 0xFF, IMAGE);
  memcpy(img, program, sizeof program);
  uint8_t *h = img + 0x7FC0;
  memcpy(h, "Z3ED EMU BENCH       ", 21);
  h[0x15] = 0x20; /* LoROM, SlowROM */
  h[0x16] = 0x00;
  h[0x17] = 0x05; /* 32 KiB */
  h[0x18] = 0x00;
  h[0x19] = 0x01;
  put16(h + 0x1C, 0xFFFF);
  put16(h + 0x1E, 0x0000);
  for (int v = 0; v < 16; v++) put16(h + 0x20 + 2 * v, RTI_AT);
  put16(h + 0x2A, NMI_HANDLER); /* native NMI */
  put16(h + 0x3C, 0x8000);      /* reset */
}

static void in_process(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "emu_frames_cpu_loop";
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  uint64_t instructions = 0;
  for (int r = -1; r < BENCH_RUNS; r++) { /* run -1 warms up */
    z3_snes *snes;
    z3_error err;
    z3_error_init(&err);
    double t0 = bench_now_ms();
    if (z3_snes_create(&snes, rom, &err) != Z3_OK) return bench_report_error(name, err.message);
    z3_snes_run(snes, FRAMES, false, 0);
    double t1 = bench_now_ms();
    unsigned nmis = snes->wram[0] | snes->wram[1] << 8;
    instructions = snes->cpu.instructions;
    z3_snes_free(snes);
    if (nmis != FRAMES) return bench_report_error(name, "the program did not count one NMI per frame");
    if (r >= 0) ms[r] = t1 - t0;
  }
  double median = bench_median(ms, BENCH_RUNS);
  char extra[160];
  snprintf(extra, sizeof extra, ",\"frames\":%d,\"fps\":%.0f,\"instructions\":%llu,\"mips\":%.1f",
           FRAMES, FRAMES / (median / 1e3), (unsigned long long)instructions,
           (double)instructions / (median / 1e3) / 1e6);
  bench_report(name, ms, BENCH_RUNS, extra);
}

/* The busy PPU set-up, through the bus while the console is still in forced blank. */
static void busy_ppu(z3_snes *snes) {
  static const uint8_t regs[][2] = {
      {0x01, 0x02}, {0x05, 0x01}, {0x07, 0x40}, {0x08, 0x48}, {0x09, 0x50}, {0x0B, 0x20},
      {0x0C, 0x04}, {0x23, 0x33}, {0x24, 0x03}, {0x25, 0x33}, {0x26, 0x20}, {0x27, 0xA0},
      {0x28, 0x60}, {0x29, 0xF0}, {0x2A, 0x1B}, {0x2C, 0x17}, {0x2D, 0x17}, {0x2E, 0x03},
      {0x2F, 0x04}, {0x30, 0x12}, {0x31, 0x7F}, {0x32, 0xE4},
  };
  uint64_t noise = 0x9E3779B97F4A7C15ull;
  z3_snes_bus_write(snes, 0x2115, 0x80);
  z3_snes_bus_write(snes, 0x2116, 0);
  z3_snes_bus_write(snes, 0x2117, 0);
  for (unsigned i = 0; i < 0x8000; i++) {
    noise = noise * 6364136223846793005ull + 1442695040888963407ull;
    z3_snes_bus_write(snes, 0x2118, (uint8_t)(noise >> 33));
    z3_snes_bus_write(snes, 0x2119, (uint8_t)(noise >> 41));
  }
  z3_snes_bus_write(snes, 0x2121, 0);
  for (unsigned i = 0; i < 0x200; i++) z3_snes_bus_write(snes, 0x2122, (uint8_t)(i * 37 + 11));
  z3_snes_bus_write(snes, 0x2102, 0);
  z3_snes_bus_write(snes, 0x2103, 0);
  for (unsigned i = 0; i < 0x220; i++) z3_snes_bus_write(snes, 0x2104, (uint8_t)(i * 73 + 5));
  for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
    z3_snes_bus_write(snes, 0x2100 | regs[i][0], regs[i][1]);
  z3_snes_bus_write(snes, 0x2100, 0x0F);
}

static void ppu_busy(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "emu_frames_ppu_busy";
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  for (int r = -1; r < BENCH_RUNS; r++) {
    z3_snes *snes;
    z3_error err;
    z3_error_init(&err);
    if (z3_snes_create(&snes, rom, &err) != Z3_OK) return bench_report_error(name, err.message);
    busy_ppu(snes);
    double t0 = bench_now_ms();
    z3_snes_run(snes, FRAMES, false, 0);
    double t1 = bench_now_ms();
    uint64_t drawn = snes->ppu.render.frames_rendered;
    z3_snes_free(snes);
    if (drawn < FRAMES) return bench_report_error(name, "the PPU did not complete every frame");
    if (r >= 0) ms[r] = t1 - t0;
  }
  char extra[64];
  snprintf(extra, sizeof extra, ",\"frames\":%d,\"fps\":%.0f", FRAMES,
           FRAMES / (bench_median(ms, BENCH_RUNS) / 1e3));
  bench_report(name, ms, BENCH_RUNS, extra);
}

/* Savestate save and load (file form, compressed) and the raw capture and
 * restore step-back uses, on the busy-PPU console after a second of frames. */
static void savestates(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "emu_savestate";
  if (!bench_selected(ctx, name)) return;
  z3_snes *snes;
  z3_error err;
  z3_error_init(&err);
  if (z3_snes_create(&snes, rom, &err) != Z3_OK) return bench_report_error(name, err.message);
  busy_ppu(snes);
  z3_snes_run(snes, 60, false, 0);
  double save[BENCH_RUNS], load[BENCH_RUNS], capture[BENCH_RUNS], restore[BENCH_RUNS];
  size_t file_bytes = 0, raw_bytes = 0;
  z3_status st = Z3_OK;
  for (int r = -1; r < BENCH_RUNS && st == Z3_OK; r++) {
    z3_buf file, raw;
    z3_buf_init(&file);
    z3_buf_init(&raw);
    double t0 = bench_now_ms();
    st = z3_snes_state_save(snes, &file, &err);
    double t1 = bench_now_ms();
    if (!st) st = z3_snes_state_load(snes, file.data, file.len, "bench", 0, NULL, &err);
    double t2 = bench_now_ms();
    if (!st) st = z3_snes_state_capture(snes, &raw, &err);
    double t3 = bench_now_ms();
    if (!st) st = z3_snes_state_restore(snes, raw.data, raw.len, &err);
    double t4 = bench_now_ms();
    if (r >= 0) save[r] = t1 - t0, load[r] = t2 - t1, capture[r] = t3 - t2, restore[r] = t4 - t3;
    file_bytes = file.len, raw_bytes = raw.len;
    z3_buf_release(&file);
    z3_buf_release(&raw);
  }
  z3_snes_free(snes);
  if (st) return bench_report_error(name, err.message);
  char extra[256];
  snprintf(extra, sizeof extra,
           ",\"file_bytes\":%zu,\"raw_bytes\":%zu,\"load_ms\":%.3f,\"capture_ms\":%.3f,\"restore_ms\":%.3f",
           file_bytes, raw_bytes, bench_median(load, BENCH_RUNS), bench_median(capture, BENCH_RUNS),
           bench_median(restore, BENCH_RUNS));
  bench_report(name, save, BENCH_RUNS, extra); /* median_ms: saving to the file form */
}

static int spawn_quiet(char *const argv[]) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int status = -1;
  int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

static void as_process(const bench_ctx *ctx, const uint8_t *img) {
  const char *name = "emu_frames_cpu_loop_process";
  if (!bench_selected(ctx, name)) return;
  char dir[] = "/tmp/z3bench-emu.XXXXXX";
  if (!mkdtemp(dir)) return bench_report_error(name, "cannot make a temp folder");
  char *path = z3_strfmt("%s/loop.sfc", dir);
  z3_error err;
  z3_error_init(&err);
  if (!path || z3_file_write_atomic(path, img, IMAGE, NULL, &err) != Z3_OK) {
    z3_free(path);
    rmdir(dir);
    return bench_report_error(name, "cannot write the bench ROM");
  }
  char frames[16];
  snprintf(frames, sizeof frames, "%d", FRAMES);
  char *argv[] = {(char *)ctx->z3ed, "emu", "run", "--rom", path, "--frames", frames,
                  "--read", "wram:0:2", "--format", "json", NULL};
  double ms[BENCH_RUNS];
  int done = 0;
  for (int r = -1; r < BENCH_RUNS; r++) {
    double t0 = bench_now_ms();
    if (spawn_quiet(argv) != 0) {
      bench_report_error(name, "z3ed emu run failed");
      break;
    }
    if (r >= 0) ms[done++] = bench_now_ms() - t0;
  }
  unlink(path);
  rmdir(dir);
  z3_free(path);
  if (done < BENCH_RUNS) return;
  char extra[64];
  snprintf(extra, sizeof extra, ",\"frames\":%d,\"fps\":%.0f", FRAMES,
           FRAMES / (bench_median(ms, BENCH_RUNS) / 1e3));
  bench_report(name, ms, BENCH_RUNS, extra);
}

void bench_emu(const bench_ctx *ctx) {
  uint8_t *img = z3_malloc(IMAGE);
  z3_rom *rom = NULL;
  z3_error err;
  z3_error_init(&err);
  if (!img) return bench_report_error("emu_frames_cpu_loop", "out of memory");
  bench_emu_image(img);
  if (z3_rom_from_memory(&rom, img, IMAGE, "emu-bench.sfc", &err) != Z3_OK) {
    bench_report_error("emu_frames_cpu_loop", err.message);
  } else {
    in_process(ctx, rom);
    ppu_busy(ctx, rom);
    savestates(ctx, rom);
    as_process(ctx, img);
  }
  z3_rom_free(rom);
  z3_free(img);
}
