/*
 * Assembler figure: a generated 5,000-line asar patch (defines, a macro,
 * global and sub labels, forward and backward branches, anonymous labels,
 * long and absolute operands, data tables) assembled in memory, org only, so
 * the passes until labels settle are what is timed.
 */
#include <stdio.h>
#include <string.h>

#include "asm/assembler.h"
#include "bench.h"

enum { LINES = 5000, BLOCK = 25 }; /* each routine is BLOCK lines */

static void generate(z3_buf *out) {
  z3_buf_printf(out, "lorom\n!ram = $7E0100\nmacro bump(addr)\n  inc <addr>\nendmacro\norg $208000\n");
  int lines = 6, r = 0;
  for (; lines + 2 < LINES; r++, lines += BLOCK) {
    z3_buf_printf(out,
                  "Routine%d:\n  php\n  rep #$30\n  ldx.w #$0010\n.loop:\n  lda.l Table%d,x\n  sta !ram,x\n"
                  "  %%bump($10)\n  dex\n  dex\n  bpl .loop\n  sep #$20\n  lda $12\n  beq +\n  jsl Routine%d\n"
                  "+ lda.w #$1234\n  cmp #$10\n  bne ++\n++ plp\n  rtl\nTable%d:\n  dw $0001, $0203, $0405\n"
                  "  db $10, $20, $30\n  dl Routine%d\n  dw Table%d\n",
                  r, r, r + 1, r, r, r);
  }
  z3_buf_printf(out, "Routine%d:\n  rtl\n", r);
}

void bench_assemble(const bench_ctx *ctx) {
  const char *name = "asm_assemble_5000_lines";
  if (!bench_selected(ctx, name)) return;
  z3_buf text;
  z3_buf_init(&text);
  generate(&text);
  z3_asm_options o = {.mapping = Z3_MAP_LOROM};
  double ms[BENCH_RUNS];
  int lines = 0, passes = 0;
  size_t bytes = 0;
  for (int r = 0; r < BENCH_RUNS + 1; r++) {
    z3_asm_result res;
    z3_asm_result_init(&res);
    z3_error err;
    z3_error_init(&err);
    double t0 = bench_now_ms();
    z3_status st = z3_asm_assemble("bench.asm", (const char *)text.data, text.len, &o, &res, &err);
    double t = bench_now_ms() - t0;
    if (st) {
      bench_report_error(name, err.message);
      z3_buf_release(&text);
      return;
    }
    if (r > 0) ms[r - 1] = t; /* the first run warms up */
    lines = res.lines, passes = res.passes, bytes = res.bytes.len;
    z3_asm_result_release(&res);
  }
  z3_buf_release(&text);
  if (lines < LINES) {
    bench_report_error(name, "the generated patch is shorter than 5,000 lines");
    return;
  }
  double median = bench_median(ms, BENCH_RUNS);
  char extra[160];
  snprintf(extra, sizeof extra, ",\"lines\":%d,\"passes\":%d,\"bytes\":%zu,\"lines_per_s\":%.0f", lines, passes,
           bytes, median > 0 ? lines * passes / (median / 1000.0) : 0.0);
  bench_report(name, ms, BENCH_RUNS, extra);
}
