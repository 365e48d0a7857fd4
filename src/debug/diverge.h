/*
 * debug/diverge: two builds of a program run side by side from the same
 * state with the same buttons, and the first point where they part: an
 * instruction whose address, registers or bytes differ, a CPU write of
 * another value or place, or memory (WRAM, VRAM, CGRAM, OAM, SRAM, APU RAM)
 * that differs without the CPU writing it (DMA, the APU).
 *
 * Frames are compared whole first (a hash of every instruction and CPU
 * write, then the memories); only a frame that differs is replayed
 * instruction by instruction, and a memory difference no instruction
 * explains is found by bisecting the frame's instructions.
 */
#ifndef Z3_DEBUG_DIVERGE_H
#define Z3_DEBUG_DIVERGE_H

#include <jansson.h>

#include "asm/symbols.h"
#include "emu/input_script.h"
#include "snes/rom.h"

typedef struct z3_diverge_opts {
  const char *state_path;   /* a savestate of either build, or NULL: power-on */
  z3_input_script *input;   /* buttons by frame, or NULL */
  uint64_t frames;          /* how far to compare */
  const z3_symbols *syms;   /* labels for the report, or NULL */
} z3_diverge_opts;

/* Fills out: diverged, frames_compared, instructions_compared, and when they
 * part, first (kind trace/write/memory, frame, scanline, instruction index,
 * what differs, each side's PC, registers and instruction) and context (the
 * last instructions both ran alike). */
z3_status z3_debug_diverge(const z3_rom *a, const z3_rom *b, const z3_diverge_opts *opts, json_t *out,
                           z3_error *err);

#endif
