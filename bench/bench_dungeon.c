#include "bench.h"

void bench_dungeon(const bench_ctx *ctx) { (void)ctx; }
