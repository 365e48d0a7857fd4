/*
 * APU figures:
 *   apu_spc700_instructions  the SPC700 core alone on a flat 64 KiB bus (three
 *                            plain calls per cycle): instructions per second
 *                            on a loop of loads, stores, ALU, MUL, 16-bit add,
 *                            indexed stores and branches;
 *   apu_dsp_samples          the S-DSP alone: stereo samples per second with
 *                            all eight voices playing looped BRR at different
 *                            pitches, ADSR, and echo with an 8-tap FIR on;
 *   apu_realtime             the whole APU (SPC700 running that loop through
 *                            the $F0-$FF bus, timers, DSP as above): emulated
 *                            seconds per second of host time.
 * The hardware runs 1.024 million cycles and 32,000 samples per second; the
 * realtime factors say how far above that the emulation is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "emu/apu.h"

enum {
  SPC_INSTRUCTIONS = 10 * 1000 * 1000,
  DSP_SAMPLES = 320000, /* ten emulated seconds */
  APU_CYCLES = 5 * 1024000,
  CODE = 0x0200,
  DIR_PAGE = 0x04,
  SAMPLE = 0x0500,
};

/* The loop the SPC700 benches run, at CODE; ends with BRA back to its start. */
static void put_loop(uint8_t *ram) {
  static const uint8_t body[] = {
      0xBC,             /* INC A */
      0xC4, 0x10,       /* MOV $10,A */
      0x84, 0x10,       /* ADC A,$10 */
      0x8D, 0x05,       /* MOV Y,#5 */
      0xCF,             /* MUL YA */
      0xAB, 0x11,       /* INC $11 */
      0x3D,             /* INC X */
      0xD5, 0x00, 0x03, /* MOV $0300+X,A */
      0x7A, 0x10,       /* ADDW YA,$10 */
      0xD0, 0x02,       /* BNE +2 */
      0x00, 0x00,       /* NOP, NOP */
  };
  memcpy(ram + CODE, body, sizeof body);
  ram[CODE + sizeof body] = 0x2F; /* BRA CODE */
  ram[CODE + sizeof body + 1] = (uint8_t)(-(int)(sizeof body + 2));
}

static uint8_t flat_read(void *ctx, uint16_t addr) { return ((uint8_t *)ctx)[addr]; }
static void flat_write(void *ctx, uint16_t addr, uint8_t v) { ((uint8_t *)ctx)[addr] = v; }
static void flat_idle(void *ctx) { (void)ctx; }

static void bench_spc700(const bench_ctx *ctx) {
  const char *name = "apu_spc700_instructions";
  if (!bench_selected(ctx, name)) return;
  uint8_t *ram = calloc(1, 0x10000);
  if (!ram) return bench_report_error(name, "out of memory");
  put_loop(ram);
  double ms[BENCH_RUNS];
  uint64_t cycles = 0;
  for (int r = -1; r < BENCH_RUNS; r++) {
    z3_spc700 spc;
    z3_spc700_init(&spc, (z3_spc700_bus){ram, flat_read, flat_write, flat_idle});
    spc.r.pc = CODE;
    double t0 = bench_now_ms();
    for (int i = 0; i < SPC_INSTRUCTIONS; i++) z3_spc700_step(&spc);
    if (r >= 0) ms[r] = bench_now_ms() - t0;
    cycles = spc.cycles;
  }
  free(ram);
  double median = bench_median(ms, BENCH_RUNS);
  char extra[200];
  snprintf(extra, sizeof extra, ",\"instructions\":%d,\"mips\":%.1f,\"realtime_factor\":%.1f",
           SPC_INSTRUCTIONS, SPC_INSTRUCTIONS / (median / 1e3) / 1e6,
           (double)cycles / (median / 1e3) / 1024000.0);
  bench_report(name, ms, BENCH_RUNS, extra);
}

/* Eight voices on one looped square-wave block, echo on. */
static void setup_dsp(z3_dsp *dsp, uint8_t *ram) {
  static const uint8_t block[9] = {0xB3, 0x77, 0x77, 0x77, 0x77, 0x99, 0x99, 0x99, 0x99};
  memcpy(ram + SAMPLE, block, sizeof block);
  for (int i = 0; i < 4; i++) ram[DIR_PAGE * 0x100 + i] = (uint8_t)(i & 1 ? SAMPLE >> 8 : SAMPLE);
  static const uint8_t global[][2] = {
      {0x6C, 0x00}, {0x0C, 0x60}, {0x1C, 0x60}, {0x2C, 0x40}, {0x3C, 0x40}, {0x0D, 0x30},
      {0x4D, 0xFF}, {0x5D, DIR_PAGE}, {0x6D, 0x80}, {0x7D, 0x02}, {0x0F, 0x40}, {0x1F, 0x20},
      {0x2F, 0x10}, {0x3F, 0x08}, {0x4F, 0x04}, {0x5F, 0x02}, {0x6F, 0x01}, {0x7F, 0x01},
  };
  for (size_t i = 0; i < sizeof global / sizeof global[0]; i++) z3_dsp_write(dsp, global[i][0], global[i][1]);
  for (int v = 0; v < 8; v++) {
    uint8_t base = (uint8_t)(v << 4);
    z3_dsp_write(dsp, base | 0, 0x30), z3_dsp_write(dsp, base | 1, 0x30);
    z3_dsp_write(dsp, base | 2, (uint8_t)(v * 37)), z3_dsp_write(dsp, base | 3, (uint8_t)(4 + v));
    z3_dsp_write(dsp, base | 5, 0xCF), z3_dsp_write(dsp, base | 6, 0x80 | v);
  }
  z3_dsp_write(dsp, 0x4C, 0xFF);
}

static void bench_dsp(const bench_ctx *ctx) {
  const char *name = "apu_dsp_samples";
  if (!bench_selected(ctx, name)) return;
  uint8_t *ram = calloc(1, 0x10000);
  z3_dsp *dsp = calloc(1, sizeof *dsp);
  if (!ram || !dsp) {
    free(ram), free(dsp);
    return bench_report_error(name, "out of memory");
  }
  double ms[BENCH_RUNS];
  int64_t checksum = 0;
  for (int r = -1; r < BENCH_RUNS; r++) {
    memset(ram, 0, 0x10000);
    z3_dsp_power_on(dsp, ram);
    setup_dsp(dsp, ram);
    double t0 = bench_now_ms();
    for (int i = 0; i < DSP_SAMPLES; i++) {
      int16_t s[2];
      z3_dsp_sample(dsp, s);
      checksum += s[0] + 2 * s[1];
    }
    if (r >= 0) ms[r] = bench_now_ms() - t0;
  }
  free(ram);
  free(dsp);
  double median = bench_median(ms, BENCH_RUNS);
  char extra[200];
  snprintf(extra, sizeof extra, ",\"samples\":%d,\"samples_per_s\":%.0f,\"realtime_factor\":%.1f,\"checksum\":%lld",
           DSP_SAMPLES, DSP_SAMPLES / (median / 1e3), DSP_SAMPLES / (median / 1e3) / 32000.0,
           (long long)checksum);
  bench_report(name, ms, BENCH_RUNS, extra);
}

static void bench_whole_apu(const bench_ctx *ctx) {
  const char *name = "apu_realtime";
  if (!bench_selected(ctx, name)) return;
  z3_apu *apu = calloc(1, sizeof *apu);
  if (!apu) return bench_report_error(name, "out of memory");
  double ms[BENCH_RUNS];
  for (int r = -1; r < BENCH_RUNS; r++) {
    z3_apu_power_on(apu);
    put_loop(apu->ram);
    setup_dsp(&apu->dsp, apu->ram);
    apu->ipl = Z3_IPL_OFF;
    apu->spc.r.pc = CODE;
    double t0 = bench_now_ms();
    z3_apu_run_to(apu, APU_CYCLES);
    if (r >= 0) ms[r] = bench_now_ms() - t0;
  }
  uint64_t instructions = apu->spc.instructions, samples = apu->dsp.samples;
  z3_apu_release(apu);
  free(apu);
  double median = bench_median(ms, BENCH_RUNS);
  char extra[200];
  snprintf(extra, sizeof extra,
           ",\"emulated_s\":%.1f,\"realtime_factor\":%.1f,\"spc700_instructions\":%llu,\"dsp_samples\":%llu",
           APU_CYCLES / 1024000.0, APU_CYCLES / 1024000.0 / (median / 1e3),
           (unsigned long long)instructions, (unsigned long long)samples);
  bench_report(name, ms, BENCH_RUNS, extra);
}

void bench_apu(const bench_ctx *ctx) {
  bench_spc700(ctx);
  bench_dsp(ctx);
  bench_whole_apu(ctx);
}
