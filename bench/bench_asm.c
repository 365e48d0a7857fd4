/*
 * Disassembler figures: instructions per second over a generated 1 MiB
 * stream of instructions with random operands (every opcode but the ones
 * that change M, X or E, so the stream stays aligned under 8-bit sizes):
 * decode with flag tracking alone, and decode plus a formatted listing line.
 */
#include <stdio.h>
#include <string.h>

#include "asm/disasm.h"
#include "bench.h"

enum { STREAM = 1u << 20, BASE = 0x800000 }; /* bank-aligned: operands that wrap in their bank stay inside */

typedef struct stream {
  uint8_t *bytes;
  size_t len;
} stream;

/* Flat: bank crossings do not matter for speed. */
static bool stream_read(void *user, uint32_t address, uint8_t *byte) {
  const stream *s = user;
  uint32_t i = address - BASE;
  if (address < BASE || i >= s->len) return false;
  *byte = s->bytes[i];
  return true;
}

static size_t generate(stream *s) {
  uint64_t x = 0x9E3779B97F4A7C15ull;
  size_t n = 0, count = 0;
  while (n + 4 <= s->len) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    uint8_t op = (uint8_t)x;
    if (op == 0xC2 || op == 0xE2 || op == 0x28 || op == 0xFB || op == 0x40) op = 0xEA; /* REP SEP PLP XCE RTI */
    s->bytes[n++] = op;
    int len = z3_asm_operand_length(z3_opcodes[op].mode, true, true);
    for (int i = 0; i < len; i++) s->bytes[n++] = (uint8_t)(x >> (8 + 8 * i));
    count++;
  }
  s->len = n;
  return count;
}

/* Decodes the whole stream linearly; returns instructions decoded. */
static size_t run(const stream *s, z3_buf *listing) {
  z3_disasm_state st;
  z3_disasm_state_init(&st, true, true, 0x80);
  uint32_t pc = BASE;
  size_t count = 0;
  z3_insn insn;
  while (pc - BASE < s->len && z3_disasm_next(stream_read, (void *)s, pc, &st, &insn, NULL)) {
    if (listing) {
      listing->len = 0;
      z3_disasm_format_line(&insn, NULL, listing, NULL);
    }
    count++;
    /* linear over banks: the stream is flat, not wrapped at $FFFF */
    pc += insn.length;
  }
  return count;
}

static void measure(const char *name, const stream *s, size_t expected, bool format) {
  double ms[BENCH_RUNS];
  z3_buf line;
  z3_buf_init(&line);
  size_t decoded = 0;
  for (int r = 0; r < BENCH_RUNS; r++) {
    double t0 = bench_now_ms();
    decoded = run(s, format ? &line : NULL);
    ms[r] = bench_now_ms() - t0;
  }
  z3_buf_release(&line);
  if (decoded != expected) {
    bench_report_error(name, "decoded a different number of instructions than were generated");
    return;
  }
  double median = bench_median(ms, BENCH_RUNS);
  char extra[128];
  snprintf(extra, sizeof extra, ",\"instructions\":%zu,\"instructions_per_s\":%.0f", decoded,
           median > 0 ? decoded / (median / 1000.0) : 0.0);
  bench_report(name, ms, BENCH_RUNS, extra);
}

void bench_disasm(const bench_ctx *ctx) {
  bool decode = bench_selected(ctx, "disasm_decode_1mib"), format = bench_selected(ctx, "disasm_format_1mib");
  if (!decode && !format) return;
  stream s = {z3_malloc(STREAM), STREAM};
  if (!s.bytes) {
    bench_report_error("disasm_decode_1mib", "out of memory");
    return;
  }
  size_t count = generate(&s);
  if (decode) measure("disasm_decode_1mib", &s, count, false);
  if (format) measure("disasm_format_1mib", &s, count, true);
  z3_free(s.bytes);
}
