/* z3-bench: shared helpers. Every figure is printed as one JSON line. */
#ifndef Z3_BENCH_H
#define Z3_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/base.h"

enum { BENCH_RUNS = 5 };

typedef struct bench_ctx {
  const char *z3ed;     /* path of the z3ed binary to spawn */
  const char *only;     /* run only benches whose name starts with this; NULL for all */
  const char *rom_path; /* the 4 MiB ROM on disk */
  z3_buf rom;           /* ...and in memory */
} bench_ctx;

double bench_now_ms(void);
/* Sorts v in place and returns its median. */
double bench_median(double *v, size_t n);
bool bench_selected(const bench_ctx *ctx, const char *name);
/* Prints {"bench":name,"median_ms":..,"min_ms":..,"runs":n<extra>} where extra
 * is either empty or starts with a comma. */
void bench_report(const char *name, double *ms, size_t runs, const char *extra);
void bench_report_error(const char *name, const char *message);

/* bench_code.c: `code index` of z3ed's own src/, from scratch and refreshed with nothing changed. */
void bench_code(const bench_ctx *ctx);
/* bench_manifest.c: a patch manifest of two 2 MiB ROMs (the sample and a hack of it). */
void bench_manifest(const bench_ctx *ctx);
/* ... and a three-way merge of two hacks of it. */
void bench_merge(const bench_ctx *ctx);
/* bench_patch.c: BPS and IPS create/apply on the ROM with 1% of bytes changed. */
void bench_patches(const bench_ctx *ctx);
/* bench_lz2.c: LC_LZ2 compress (optimal, greedy) and decompress on synthetic sheets. */
void bench_lz2(const bench_ctx *ctx);

/* bench_gfx.c: all 223 sheets of the sample ROM: decompress, compress (both
 * modes), export to PNG in memory and as a whole z3ed process. */
void bench_gfx(const bench_ctx *ctx);

/* bench_overworld.c, bench_dungeon.c: load and save the world model, render every area / room. */
void bench_overworld(const bench_ctx *ctx);
void bench_dungeon(const bench_ctx *ctx);
/* bench_doctor.c: every check of `doctor rom` on the sample, in memory and as a process. */
void bench_doctor(const bench_ctx *ctx);
/* bench_text.c: decode and re-encode all messages of the sample ROM. */
void bench_text(const bench_ctx *ctx);
/* bench_cpu.c: emulated 65816 instructions per second, with and without a debugger hook. */
void bench_cpu(const bench_ctx *ctx);
/* bench_emu.c: emulated frames per second of `emu run` on a CPU-bound program. */
void bench_emu(const bench_ctx *ctx);
/* The CPU-bound program bench_emu runs, as a 32 KiB LoROM image (0x8000 bytes):
 * NMI on, the NMI count at $0000, 600 frames per run. */
void bench_emu_image(uint8_t *img);
/* bench_debug.c: the cost of breakpoints, watchpoints and tracking, and a step
 * request's round trip over a session socket. */
void bench_debug(const bench_ctx *ctx);
/* bench_apu.c: SPC700 instructions per second, DSP samples per second, the whole APU's
 * speed against real time. */
void bench_apu(const bench_ctx *ctx);
/* bench_music.c: `music play` rendering (walk and S-DSP) against real time. */
void bench_music(const bench_ctx *ctx);
/* bench_tui.c: `z3ed tui` start-up to its first frame, and one hex-view redraw. */
void bench_tui(const bench_ctx *ctx);
/* bench_peer.c: our frames per second against bsnes-mercury's performance core, same ROMs, same run. */
void bench_peer(const bench_ctx *ctx);
/* bench_asm.c: disassembled instructions per second. */
void bench_disasm(const bench_ctx *ctx);
/* bench_assemble.c: a generated 5,000-line asar patch assembled in memory. */
void bench_assemble(const bench_ctx *ctx);
/* bench_agent.c: estimated model input tokens of the tunic task through the agent loop. */
void bench_agent_tokens(const bench_ctx *ctx);
/* bench_mcp.c: 1,000 rom_info calls on a warm z3ed mcp, median and 99th percentile. */
void bench_mcp(const bench_ctx *ctx);
/* bench_gui.c: 1,000 Pings to `yaze --harness` over one connection, median and 99th percentile. */
void bench_gui(const bench_ctx *ctx);
/* bench_build_diag.c: the build-output parser on a 10,000-line log. */
void bench_build_diag(const bench_ctx *ctx);

#endif
