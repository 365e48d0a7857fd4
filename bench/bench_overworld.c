#include "bench.h"

void bench_overworld(const bench_ctx *ctx) { (void)ctx; }
