/*
 * 65C816 core figures: emulated instructions per second on a mixed loop in a
 * flat 16 MiB memory (the bus is three plain function calls), first with no
 * hook, with a hook called before every instruction that never stops, and
 * with that hook behind an empty breakpoint filter (how a debugger with no
 * breakpoints attaches), the three interleaved in slices of a million
 * instructions. The hooked reports carry their speed relative to no hook,
 * from the median wall times and from the thread's CPU time (steadier on a
 * shared machine); the goal is that a debugger with no breakpoints costs
 * under 5%.
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
#include <time.h>

#include "bench.h"
#include "emu/cpu.h"

enum { INSTRUCTIONS = 20 * 1000 * 1000, CHUNKS = 20, ORIGIN = 0x8000 };

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

/* The three ways the workload runs: no hook; a hook called before every
 * instruction; a hook behind an empty breakpoint filter (cpu->hook_filter),
 * which is how a debugger with no breakpoints attaches. */
enum { PLAIN, HOOKED, FILTERED, KINDS };
static const char *const kind_names[KINDS] = {"cpu_instructions_no_hook", "cpu_instructions_hook",
                                              "cpu_instructions_hook_filtered"};
static const uint8_t empty_filter[Z3_CPU_HOOK_FILTER_BYTES];

typedef struct runner {
  flat_bus bus;
  z3_cpu cpu;
  uint64_t hook_calls;
} runner;

static void runner_start(runner *r, uint8_t *mem, int kind) {
  r->bus.mem = mem;
  r->hook_calls = 0;
  z3_cpu_init(&r->cpu, (z3_cpu_bus){&r->bus, flat_read, flat_write, flat_idle});
  z3_cpu_reset(&r->cpu);
  if (kind != PLAIN) r->cpu.hook = no_breakpoints, r->cpu.hook_ctx = &r->hook_calls;
  if (kind == FILTERED) r->cpu.hook_filter = empty_filter;
}

static double thread_cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* Runs `n` more instructions and adds the wall time taken to *ms and the
 * thread's CPU time to *cpu_ms; false when the program left its code (a
 * core bug). */
static bool run_chunk(runner *r, uint32_t end, uint64_t n, double *ms, double *cpu_ms) {
  double t0 = bench_now_ms(), c0 = thread_cpu_ms();
  z3_cpu_stop stop = z3_cpu_step(&r->cpu, n);
  *ms += bench_now_ms() - t0;
  *cpu_ms += thread_cpu_ms() - c0;
  return stop == Z3_CPU_DONE && r->cpu.r.pbr == 0 && r->cpu.r.pc >= ORIGIN && r->cpu.r.pc < end;
}

/* One timed run of each kind: CHUNKS alternating slices, so a burst of load
 * on the machine hits all of them about equally. */
static bool run_round(uint8_t *mem, uint32_t end, double ms[KINDS], double cpu_ms[KINDS]) {
  runner r[KINDS];
  bool ok = true;
  for (int k = 0; k < KINDS; k++) runner_start(&r[k], mem, k), ms[k] = 0;
  for (int i = 0; i < CHUNKS && ok; i++) {
    for (int k = 0; k < KINDS && ok; k++) ok = run_chunk(&r[k], end, INSTRUCTIONS / CHUNKS, &ms[k], &cpu_ms[k]);
  }
  return ok && r[PLAIN].cpu.instructions == INSTRUCTIONS && r[HOOKED].hook_calls == INSTRUCTIONS &&
         r[FILTERED].hook_calls == 0;
}

static double per_second(double ms) { return INSTRUCTIONS / (ms / 1000.0); }

void bench_cpu(const bench_ctx *ctx) {
  bool wanted = false;
  for (int k = 0; k < KINDS; k++) wanted |= bench_selected(ctx, kind_names[k]);
  if (!wanted) return;
  uint8_t *mem = calloc(1, 1 << 24);
  if (!mem) {
    bench_report_error(kind_names[PLAIN], "out of memory");
    return;
  }
  for (uint32_t i = 0; i < 0x10000; i++) mem[0x7E0000 + i] = (uint8_t)(i * 7 + (i >> 8));
  uint32_t end = assemble(mem);
  double ms[KINDS][BENCH_RUNS], round_ms[KINDS], cpu_ms[KINDS] = {0};
  bool ok = true;
  for (int r = 0; r < BENCH_RUNS && ok; r++) {
    ok = run_round(mem, end, round_ms, cpu_ms);
    for (int k = 0; k < KINDS; k++) ms[k][r] = round_ms[k];
  }
  free(mem);
  if (!ok) {
    bench_report_error(kind_names[PLAIN], "the workload left its code: a core bug");
    return;
  }
  double median[KINDS];
  for (int k = 0; k < KINDS; k++) median[k] = bench_median(ms[k], BENCH_RUNS);
  for (int k = 0; k < KINDS; k++) {
    if (!bench_selected(ctx, kind_names[k])) continue;
    char extra[400];
    int n = snprintf(extra, sizeof extra, ",\"instructions\":%d,\"instructions_per_s\":%.0f",
                     INSTRUCTIONS, per_second(median[k]));
    if (k == PLAIN) {
      snprintf(extra + n, sizeof extra - (size_t)n,
               ",\"workload\":\"native-mode loop: 16-bit LDA long,X/ADC/STA abs,X/EOR dp/JSR-PHA-"
               "PLA-RTS/INX/CPX/BNE, 8-bit LDA (dp),Y/ASL/ORA/STA abs,Y/INC dp/INY/CPY/BNE; flat "
               "16 MiB bus\"");
    } else {
      snprintf(extra + n, sizeof extra - (size_t)n,
               ",\"speed_vs_no_hook\":%.3f,\"speed_vs_no_hook_cpu_time\":%.3f,\"hook\":\"%s\"",
               median[PLAIN] / median[k], cpu_ms[PLAIN] / cpu_ms[k],
               k == HOOKED ? "called before every instruction, never stops"
                           : "behind an empty breakpoint filter (a debugger with no breakpoints)");
    }
    bench_report(kind_names[k], ms[k], BENCH_RUNS, extra);
  }
}
