#include "bench.h"

void bench_disasm(const bench_ctx *ctx) { (void)ctx; }
