/*
 * Sony SPC700 core (the S-SMP of the SNES APU). Like the 65C816 core it knows
 * nothing of the console: every bus cycle goes through the callbacks, one
 * call per cycle, so the APU can charge time and run the DSP per cycle and a
 * flat 64 KiB test memory can record the cycle list.
 *
 * Cycles follow the SingleStepTests SPC700 vectors
 * (../shared/testdata/spc700): a cycle the vectors list as a read whose byte
 * is unknown (the dummy read of the byte after a one-byte opcode) or as
 * "wait" is an `idle` call here; every other cycle is a read or a write of
 * the listed address. `cycles` counts all three.
 *
 * SLEEP and STOP halt the core: their first step spends the seven cycles the
 * vectors list, and every later step of a halted core spends two idle cycles
 * (nothing wakes it but z3_spc700_reset).
 *
 * Owner: src/emu/spc700*.c. Users: src/emu/apu.c, the conformance runner.
 */
#ifndef Z3_EMU_SPC700_H
#define Z3_EMU_SPC700_H

#include <stdbool.h>
#include <stdint.h>

/* PSW bits: N V P B H I Z C. */
enum {
  Z3_SPC_C = 0x01, Z3_SPC_Z = 0x02, Z3_SPC_I = 0x04, Z3_SPC_H = 0x08,
  Z3_SPC_B = 0x10, Z3_SPC_P = 0x20, Z3_SPC_V = 0x40, Z3_SPC_N = 0x80,
};

typedef struct z3_spc700_bus {
  void *ctx;
  uint8_t (*read)(void *ctx, uint16_t addr);
  void (*write)(void *ctx, uint16_t addr, uint8_t value);
  void (*idle)(void *ctx); /* a cycle without a visible access */
} z3_spc700_bus;

typedef struct z3_spc700_regs {
  uint8_t a, x, y, sp, psw;
  uint16_t pc;
} z3_spc700_regs;

typedef struct z3_spc700 {
  z3_spc700_regs r;
  z3_spc700_bus bus;
  uint64_t cycles;       /* reads + writes + idle cycles since init */
  uint64_t instructions; /* instructions completed since init */
  bool halted;           /* SLEEP or STOP executed */
} z3_spc700;

/* Zeroes the state (registers 0, not halted) and keeps `bus`; no bus access. */
void z3_spc700_init(z3_spc700 *spc, z3_spc700_bus bus);
/* Reset: PC from the vector at $FFFE (read through the bus), SP $EF, PSW $02,
 * not halted. */
void z3_spc700_reset(z3_spc700 *spc);
/* One instruction, or two idle cycles when halted. */
void z3_spc700_step(z3_spc700 *spc);

#endif
