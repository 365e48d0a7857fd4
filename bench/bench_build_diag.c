/*
 * The build-output parser on a 10,000-line log shaped like a real failing
 * build: make and compiler command lines, include chains, errors, warnings
 * with options and source excerpts, notes, fix-its, linker errors and a CMake
 * error, repeated with different files and lines. Every run's counts are
 * checked before any time is reported.
 */
#include <stdio.h>

#include "bench.h"
#include "devtools/diag.h"

enum { LINES = 10000, BLOCK_LINES = 20 };

/* One block of BLOCK_LINES lines: 2 errors, 2 warnings, 1 note, 1 linker error. */
static void add_block(z3_buf *b, int k) {
  z3_buf_printf(b, "[ %d%%] Building C object src/CMakeFiles/z3.dir/mod%d.c.o\n", k % 100, k);
  z3_buf_printf(b, "/usr/bin/cc -Wall -Wextra -Isrc -c src/mod%d.c -o mod%d.o\n", k, k);
  z3_buf_printf(b, "In file included from src/mod%d.c:3,\n                 from src/all.h:%d:\n", k, k % 50 + 1);
  z3_buf_printf(b, "src/mod%d.h: In function 'load_room_%d':\n", k, k);
  z3_buf_printf(b, "src/mod%d.h:%d:9: error: 'room_%d' undeclared (first use in this function)\n", k, k % 900 + 10, k);
  z3_buf_printf(b, "  %d |   return room_%d;\n      |         ^~~~~~\n", k % 900 + 10, k);
  z3_buf_printf(b, "src/mod%d.h:%d:9: note: each undeclared identifier is reported only once\n", k, k % 900 + 10);
  z3_buf_printf(b, "src/mod%d.c:%d:18: error: expected ';' before '}' token\n", k, k % 700 + 5);
  z3_buf_printf(b, "fix-it:\"src/mod%d.c\":{%d:18-%d:18}:\";\"\n", k, k % 700 + 5, k % 700 + 5);
  z3_buf_printf(b, "src/mod%d.c:%d:7: warning: unused variable 'tmp%d' [-Wunused-variable]\n", k, k % 300 + 2, k);
  z3_buf_printf(b, "   %d |   int tmp%d;\n      |       ^~~~\n", k % 300 + 2, k);
  z3_buf_printf(b, "src/mod%d.c:%d:1: warning: control reaches end of non-void function [-Wreturn-type]\n", k, k % 400 + 9);
  z3_buf_printf(b, "/usr/bin/ld: mod%d.o: in function `main':\n", k);
  z3_buf_printf(b, "mod%d.c:(.text+0x%x): undefined reference to `helper_%d'\n", k, k * 16, k);
  z3_buf_printf(b, "make[2]: *** [src/CMakeFiles/z3.dir/build.make:%d: mod%d.o] Error 1\n", k, k);
  z3_buf_printf(b, "cc1: all warnings being treated as errors\n");
  z3_buf_printf(b, "make[1]: Leaving directory '/build'\n");
}

void bench_build_diag(const bench_ctx *ctx) {
  const char *name = "diag_parse_10k_lines";
  if (!bench_selected(ctx, name)) return;
  z3_buf log;
  z3_buf_init(&log);
  for (int k = 0; k < LINES / BLOCK_LINES; k++) add_block(&log, k);
  double ms[BENCH_RUNS];
  json_int_t errors = 0, warnings = 0;
  for (int r = 0; r <= BENCH_RUNS; r++) {
    double t0 = bench_now_ms();
    json_t *d = z3_diag_parse((const char *)log.data, log.len);
    double t = bench_now_ms() - t0;
    errors = json_integer_value(json_object_get(d, "errors"));
    warnings = json_integer_value(json_object_get(d, "warnings"));
    json_decref(d);
    if (r > 0) ms[r - 1] = t; /* the first run warms up */
  }
  z3_buf_release(&log);
  if (errors != 3 * LINES / BLOCK_LINES || warnings != 2 * LINES / BLOCK_LINES) {
    bench_report_error(name, "the parser's counts do not match the generated log");
    return;
  }
  char extra[120];
  snprintf(extra, sizeof extra, ",\"lines\":%d,\"errors\":%jd,\"warnings\":%jd", LINES, (intmax_t)errors,
           (intmax_t)warnings);
  bench_report(name, ms, BENCH_RUNS, extra);
}
