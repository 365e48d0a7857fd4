/*
 * WDC 65C816 core. It knows nothing of the console: every memory access goes
 * through the bus callbacks (24-bit addresses), one call per bus cycle, and
 * internal operation cycles call `idle`, so the SNES bus can charge its own
 * master-clock cost per access and a flat 16 MiB test memory can record the
 * cycle list. One state struct, no allocation while running.
 *
 * Owner of the implementation: src/emu/cpu*.c. Users: src/emu/snes*.c (the
 * console), the conformance runner, the debugger (later).
 */
#ifndef Z3_EMU_CPU_H
#define Z3_EMU_CPU_H

#include <stdbool.h>
#include <stdint.h>

/* Processor status bits. In emulation mode M and X read as 1 and bit 4 is B. */
enum {
  Z3_CPU_C = 0x01, Z3_CPU_Z = 0x02, Z3_CPU_I = 0x04, Z3_CPU_D = 0x08,
  Z3_CPU_X = 0x10, Z3_CPU_M = 0x20, Z3_CPU_V = 0x40, Z3_CPU_N = 0x80,
};

typedef struct z3_cpu_bus {
  void *ctx;
  uint8_t (*read)(void *ctx, uint32_t addr);
  void (*write)(void *ctx, uint32_t addr, uint8_t value);
  /* An internal operation cycle (no bus access the program can see). */
  void (*idle)(void *ctx);
} z3_cpu_bus;

typedef struct z3_cpu_regs {
  uint16_t a, x, y, s, d, pc;
  uint8_t dbr, pbr, p;
  bool e; /* emulation mode */
} z3_cpu_regs;

typedef struct z3_cpu z3_cpu;

/* Called before every instruction when set; returning true stops step/run
 * before that instruction executes (a breakpoint). */
typedef bool (*z3_cpu_hook)(void *ctx, const z3_cpu *cpu);

struct z3_cpu {
  z3_cpu_regs r;
  z3_cpu_bus bus;
  uint64_t cycles;       /* bus reads + writes + idle cycles since init */
  uint64_t instructions; /* instructions completed since init */
  uint64_t interrupts;   /* hardware interrupt entries (ABORT, NMI, IRQ) since init */
  bool nmi_pending;      /* edge latched by z3_cpu_nmi, taken at the next boundary */
  bool irq_line;         /* level: taken at a boundary while I is clear */
  bool abort_pending;
  bool waiting;          /* WAI: until NMI or IRQ (IRQ wakes even with I set) */
  bool stopped;          /* STP: until reset */
  z3_cpu_hook hook;
  void *hook_ctx;
  /* Optional, with the hook: a bitmap of Z3_CPU_HOOK_FILTER_BYTES bytes where
   * bit n (byte n / 8, bit n % 8) stands for program counter n in every bank.
   * When set, the hook is called only before instructions whose PC has its
   * bit set, so a debugger with few or no breakpoints costs next to nothing
   * (the hook still decides: banks share bits). NULL: before every
   * instruction. The bitmap belongs to the caller. */
  const uint8_t *hook_filter;
};

enum { Z3_CPU_HOOK_FILTER_BYTES = 0x10000 / 8 };

/* Clears the whole state (emulation mode, no hook, counters at 0) without a
 * bus access; z3_cpu_reset then loads PC from the reset vector. */
void z3_cpu_init(z3_cpu *cpu, z3_cpu_bus bus);
/* Power-on / reset: emulation mode, I set, D clear, S in page 1, PC from $00:FFFC. */
void z3_cpu_reset(z3_cpu *cpu);
void z3_cpu_nmi(z3_cpu *cpu);
void z3_cpu_set_irq(z3_cpu *cpu, bool level);
/* ABORT. Called from a bus callback while an instruction runs, that
 * instruction finishes its cycles but leaves the registers as they were, and
 * the ABORT entry at the next boundary pushes its address (RTI re-runs it);
 * called between instructions, the entry comes before the next one. */
void z3_cpu_abort(z3_cpu *cpu);

/* At each instruction boundary: a stopped CPU returns Z3_CPU_STOPPED and a
 * waiting one Z3_CPU_WAITING, both without spending cycles (the caller lets
 * time pass, e.g. runs the rest of the console, and raises an interrupt);
 * WAI wakes on NMI, ABORT or the IRQ line, with I set too (then it just goes
 * on); ABORT, NMI and IRQ (I clear) are taken in that order, each entry
 * counting as one instruction of `n`; then run_until's target, then the
 * hook (see hook_filter), then one instruction. */
/* Why step/run returned. */
typedef enum z3_cpu_stop {
  Z3_CPU_DONE = 0,   /* the requested count was executed */
  Z3_CPU_HOOK,       /* the hook asked to stop; the instruction at PC has not run */
  Z3_CPU_STOPPED,    /* STP executed */
  Z3_CPU_WAITING,    /* WAI with no interrupt to wake it */
  Z3_CPU_UNTIL,      /* run_until reached its program counter */
} z3_cpu_stop;

/* Executes up to n instructions (an interrupt entry counts as one). */
z3_cpu_stop z3_cpu_step(z3_cpu *cpu, uint64_t n);
/* Runs until the 24-bit program counter (PBR:PC) equals `pc24` before an
 * instruction, or `max` instructions have run. */
z3_cpu_stop z3_cpu_run_until(z3_cpu *cpu, uint32_t pc24, uint64_t max);

#endif
