/*
 * Code index figures (z3ed code index): z3ed's own src/ (copied to a temporary
 * folder, so the cache never lands in the tree), indexed from scratch (--full:
 * ctags and our scanners on every file) and refreshed with nothing changed
 * (every file reused by modification time). Needs ./src, as `make bench` has it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"

static bool index_once(const char *z3ed, const char *root, bool full) {
  char *cmd = z3_strfmt("'%s' code index --root '%s'%s > /dev/null 2>&1", z3ed, root, full ? " --full" : "");
  bool ok = cmd && system(cmd) == 0;
  free(cmd);
  return ok;
}

static void time_index(const bench_ctx *ctx, const char *name, const char *root, bool full) {
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  for (int i = -1; i < BENCH_RUNS; i++) { /* run -1 warms the page cache and makes the first index */
    double t0 = bench_now_ms();
    if (!index_once(ctx->z3ed, root, full)) {
      bench_report_error(name, "z3ed code index failed (is universal-ctags installed?)");
      return;
    }
    if (i >= 0) ms[i] = bench_now_ms() - t0;
  }
  bench_report(name, ms, BENCH_RUNS, "");
}

void bench_code(const bench_ctx *ctx) {
  if (!bench_selected(ctx, "code_index_own_tree_full") && !bench_selected(ctx, "code_index_own_tree_cached")) return;
  if (access("src", R_OK) != 0) {
    bench_report_error("code_index_own_tree_full", "run from the source tree: ./src is missing");
    return;
  }
  const char *tmp = getenv("TMPDIR");
  char *dir = z3_strfmt("%s/z3-bench-code.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  char *cmd = dir && mkdtemp(dir) ? z3_strfmt("cp -r src '%s/src'", dir) : NULL;
  char *root = dir ? z3_strfmt("%s/src", dir) : NULL;
  if (cmd && root && system(cmd) == 0) {
    time_index(ctx, "code_index_own_tree_full", root, true);
    time_index(ctx, "code_index_own_tree_cached", root, false);
  } else {
    bench_report_error("code_index_own_tree_full", "cannot copy src to a temporary folder");
  }
  free(cmd);
  cmd = dir ? z3_strfmt("rm -rf '%s'", dir) : NULL;
  if (cmd && system(cmd) != 0) fprintf(stderr, "z3-bench: cannot remove %s\n", dir);
  free(cmd);
  free(root);
  free(dir);
}
