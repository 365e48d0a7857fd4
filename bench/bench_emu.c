#include "bench.h"

void bench_emu(const bench_ctx *ctx) { (void)ctx; }
