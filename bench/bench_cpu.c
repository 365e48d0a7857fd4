/*
 * 65C816 core figures: emulated instructions per second on a mixed loop in a
 * flat 16 MiB memory (the bus is three plain function calls), first with no
 * hook, then with a hook attached that never stops (a debugger with no
 * breakpoints). The second report carries the ratio of the two speeds; the
 * goal is that the hook costs under 5%.
 *
 * The workload, in native mode: a 16-bit loop over 256 words (LDA long,X;
 * CLC; ADC #; STA abs,X; EOR dp; STA dp; JSR to a subroutine doing PHA, LDA
 * dp, ADC #, STA dp, PLA, RTS; INX INX; CPX #; BNE), then an 8-bit-A loop
 * over 256 bytes (LDA (dp),Y; ASL A; ORA #; STA abs,Y; INC dp; INY; CPY #;
 * BNE), REP, and around again.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "emu/cpu.h"

enum { INSTRUCTIONS = 20 * 1000 * 1000, ORIGIN = 0x8000 };

typedef struct flat_bus {
  uint8_t *mem;
} flat_bus;

static uint8_t flat_read(void *ctx, uint32_t addr) { return ((flat_bus *)ctx)->mem[addr]; }
static void flat_write(void *ctx, uint32_t addr, uint8_t v) { ((flat_bus *)ctx)->mem[addr] = v; }
static void flat_idle(void *ctx) { (void)ctx; }

static bool no_breakpoints(void *ctx, const z3_cpu *cpu) {
  (void)cpu;
  ++*(uint64_t *)ctx;
  return false;
}

/* A few lines of assembler: bytes at `at`, labels by address. */
typedef struct code {
  uint8_t *mem;
  uint32_t at;
} code;

static void emit(code *c, int n, ...) {
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) c->mem[c->at++] = (uint8_t)va_arg(ap, int);
  va_end(ap);
}
static void emit_branch(code *c, uint8_t op, uint32_t target) {
  emit(c, 2, op, (int)(uint8_t)(target - (c->at + 2)));
}

/* Returns the end of the program. */
static uint32_t assemble(uint8_t *mem) {
  code c = {mem, ORIGIN};
  mem[0xFFFC] = ORIGIN & 0xFF, mem[0xFFFD] = ORIGIN >> 8;
  mem[0x20] = 0x00, mem[0x21] = 0x40; /* ($20) points at $00:4000 */
  emit(&c, 4, 0x18, 0xFB, 0xC2, 0x30);        /* CLC; XCE; REP #$30 */
  uint32_t top = c.at;
  emit(&c, 3, 0xA2, 0x00, 0x00);              /* LDX #0 */
  uint32_t loop16 = c.at;
  emit(&c, 4, 0xBF, 0x00, 0x00, 0x7E);        /* LDA $7E0000,X */
  emit(&c, 1, 0x18);                          /* CLC */
  emit(&c, 3, 0x69, 0x34, 0x12);              /* ADC #$1234 */
  emit(&c, 3, 0x9D, 0x00, 0x20);              /* STA $2000,X */
  emit(&c, 2, 0x45, 0x10);                    /* EOR $10 */
  emit(&c, 2, 0x85, 0x10);                    /* STA $10 */
  uint32_t jsr = c.at;
  emit(&c, 3, 0x20, 0x00, 0x00);              /* JSR sub (patched) */
  emit(&c, 2, 0xE8, 0xE8);                    /* INX; INX */
  emit(&c, 3, 0xE0, 0x00, 0x02);              /* CPX #$0200 */
  emit_branch(&c, 0xD0, loop16);              /* BNE loop16 */
  emit(&c, 2, 0xE2, 0x20);                    /* SEP #$20 */
  emit(&c, 3, 0xA0, 0x00, 0x00);              /* LDY #0 */
  uint32_t loop8 = c.at;
  emit(&c, 2, 0xB1, 0x20);                    /* LDA ($20),Y */
  emit(&c, 1, 0x0A);                          /* ASL A */
  emit(&c, 2, 0x09, 0x01);                    /* ORA #$01 */
  emit(&c, 3, 0x99, 0x00, 0x30);              /* STA $3000,Y */
  emit(&c, 2, 0xE6, 0x12);                    /* INC $12 */
  emit(&c, 1, 0xC8);                          /* INY */
  emit(&c, 3, 0xC0, 0x00, 0x01);              /* CPY #$0100 */
  emit_branch(&c, 0xD0, loop8);               /* BNE loop8 */
  emit(&c, 2, 0xC2, 0x20);                    /* REP #$20 */
  emit_branch(&c, 0x80, top);                 /* BRA top */
  uint32_t sub = c.at;
  mem[jsr + 1] = (uint8_t)sub, mem[jsr + 2] = (uint8_t)(sub >> 8);
  emit(&c, 1, 0x48);                          /* PHA */
  emit(&c, 2, 0xA5, 0x14);                    /* LDA $14 */
  emit(&c, 3, 0x69, 0x01, 0x00);              /* ADC #1 */
  emit(&c, 2, 0x85, 0x14);                    /* STA $14 */
  emit(&c, 1, 0x68);                          /* PLA */
  emit(&c, 1, 0x60);                          /* RTS */
  return c.at;
}

/* One timed run; false when the program left its code (a core bug). */
static bool run_once(uint8_t *mem, uint32_t end, bool hooked, double *ms, uint64_t *hook_calls) {
  flat_bus bus = {mem};
  z3_cpu cpu;
  z3_cpu_init(&cpu, (z3_cpu_bus){&bus, flat_read, flat_write, flat_idle});
  z3_cpu_reset(&cpu);
  if (hooked) cpu.hook = no_breakpoints, cpu.hook_ctx = hook_calls;
  double t0 = bench_now_ms();
  z3_cpu_stop stop = z3_cpu_step(&cpu, INSTRUCTIONS);
  *ms = bench_now_ms() - t0;
  return stop == Z3_CPU_DONE && cpu.instructions == INSTRUCTIONS && cpu.r.pbr == 0 &&
         cpu.r.pc >= ORIGIN && cpu.r.pc < end;
}

static double per_second(double ms) { return INSTRUCTIONS / (ms / 1000.0); }

void bench_cpu(const bench_ctx *ctx) {
  bool plain = bench_selected(ctx, "cpu_instructions_no_hook");
  bool hooked = bench_selected(ctx, "cpu_instructions_hook");
  if (!plain && !hooked) return;
  uint8_t *mem = calloc(1, 1 << 24);
  if (!mem) {
    bench_report_error("cpu_instructions_no_hook", "out of memory");
    return;
  }
  for (uint32_t i = 0; i < 0x10000; i++) mem[0x7E0000 + i] = (uint8_t)(i * 7 + (i >> 8));
  uint32_t end = assemble(mem);
  double ms_plain[BENCH_RUNS], ms_hook[BENCH_RUNS];
  uint64_t hook_calls = 0;
  bool ok = true;
  /* Interleaved, so both see the same machine load. */
  for (int r = 0; r < BENCH_RUNS && ok; r++) {
    ok = run_once(mem, end, false, &ms_plain[r], &hook_calls) &&
         run_once(mem, end, true, &ms_hook[r], &hook_calls);
  }
  free(mem);
  if (!ok || hook_calls != (uint64_t)INSTRUCTIONS * BENCH_RUNS) {
    bench_report_error("cpu_instructions_no_hook", "the workload left its code: a core bug");
    return;
  }
  double plain_med = bench_median(ms_plain, BENCH_RUNS), hook_med = bench_median(ms_hook, BENCH_RUNS);
  char extra[320];
  snprintf(extra, sizeof extra,
           ",\"instructions\":%d,\"instructions_per_s\":%.0f,\"workload\":\"native-mode loop: 16-bit "
           "LDA long,X/ADC/STA abs,X/EOR dp/JSR-PHA-PLA-RTS/INX/CPX/BNE, 8-bit LDA (dp),Y/ASL/ORA/STA "
           "abs,Y/INC dp/INY/CPY/BNE; flat 16 MiB bus\"",
           INSTRUCTIONS, per_second(plain_med));
  if (plain) bench_report("cpu_instructions_no_hook", ms_plain, BENCH_RUNS, extra);
  snprintf(extra, sizeof extra,
           ",\"instructions\":%d,\"instructions_per_s\":%.0f,\"speed_vs_no_hook\":%.3f,"
           "\"hook\":\"attached, never stops (a debugger with no breakpoints)\"",
           INSTRUCTIONS, per_second(hook_med), plain_med / hook_med);
  if (hooked) bench_report("cpu_instructions_hook", ms_hook, BENCH_RUNS, extra);
}
