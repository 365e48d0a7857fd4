/*
 * PLACEHOLDER until the 65816 core (src/emu/cpu*.c, branch `cpu`) is merged;
 * this file is deleted in that merge. It only resets (reads the vector) and
 * stops at once, so the bus can be built and unit-tested without a CPU.
 */
#include <string.h>

#include "emu/cpu.h"

void z3_cpu_init(z3_cpu *cpu, z3_cpu_bus bus) {
  memset(cpu, 0, sizeof *cpu);
  cpu->bus = bus;
}

void z3_cpu_reset(z3_cpu *cpu) {
  cpu->r = (z3_cpu_regs){.s = 0x01FF, .p = 0x34, .e = true};
  uint8_t lo = cpu->bus.read(cpu->bus.ctx, 0xFFFC);
  uint8_t hi = cpu->bus.read(cpu->bus.ctx, 0xFFFD);
  cpu->r.pc = (uint16_t)(lo | hi << 8);
  cpu->stopped = false;
}

void z3_cpu_nmi(z3_cpu *cpu) { cpu->nmi_pending = true; }
void z3_cpu_set_irq(z3_cpu *cpu, bool level) { cpu->irq_line = level; }
void z3_cpu_abort(z3_cpu *cpu) { cpu->abort_pending = true; }

z3_cpu_stop z3_cpu_step(z3_cpu *cpu, uint64_t n) {
  (void)n;
  cpu->stopped = true;
  return Z3_CPU_STOPPED;
}

z3_cpu_stop z3_cpu_run_until(z3_cpu *cpu, uint32_t pc24, uint64_t max) {
  (void)pc24;
  (void)max;
  return z3_cpu_step(cpu, 1);
}
