#include "bench.h"

void bench_cpu(const bench_ctx *ctx) { (void)ctx; }
