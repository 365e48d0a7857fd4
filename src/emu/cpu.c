/*
 * The 65C816's outer loop: reset, interrupt entry and the step / run_until
 * drivers. Opcodes are in cpu_ops_*.c, dispatched through z3_cpu_ops[].
 *
 * At every instruction boundary, in this order: a stopped CPU stays stopped;
 * a waiting CPU wakes on NMI, ABORT or the IRQ line (even with I set, in
 * which case it just goes on with the next instruction); then ABORT, NMI and
 * IRQ (when I is clear) are taken, in that priority, each entry counting as
 * one instruction; then run_until's target is checked, then the hook (unless
 * its filter leaves this PC out), then one instruction runs.
 */
#include <string.h>

#include "emu/cpu_internal.h"

void z3_cpu_init(z3_cpu *cpu, z3_cpu_bus bus) {
  memset(cpu, 0, sizeof *cpu);
  cpu->bus = bus;
  cpu->r.e = true;
  cpu->r.p = Z3_CPU_M | Z3_CPU_X | Z3_CPU_I;
  cpu->r.s = 0x01FF;
}

void z3_cpu_reset(z3_cpu *cpu) {
  z3_cpu_regs *r = &cpu->r;
  r->e = true;
  r->p = (uint8_t)((r->p | Z3_CPU_M | Z3_CPU_X | Z3_CPU_I) & ~Z3_CPU_D);
  r->d = 0;
  r->dbr = 0;
  r->pbr = 0;
  fix_widths(cpu);
  cpu->stopped = cpu->waiting = false;
  cpu->nmi_pending = cpu->abort_pending = false;
  /* Seven cycles as on the chip: five internal ones (its stack cycles are
   * reads we do not perform), then the vector. */
  for (int i = 0; i < 5; i++) io(cpu);
  r->pc = rd16(cpu, ea_bank0(0xFFFC));
}

void z3_cpu_nmi(z3_cpu *cpu) { cpu->nmi_pending = true; }
void z3_cpu_set_irq(z3_cpu *cpu, bool level) { cpu->irq_line = level; }
void z3_cpu_abort(z3_cpu *cpu) { cpu->abort_pending = true; }

void z3_cpu_interrupt(z3_cpu *c, uint16_t native_vector, uint16_t emu_vector, bool software) {
  if (!c->r.e) push8(c, c->r.pbr);
  push16(c, c->r.pc);
  uint8_t p = c->r.p;
  if (c->r.e && !software) p &= (uint8_t)~Z3_CPU_X; /* bit 4 is B: clear for hardware */
  push8(c, p);
  c->r.p = (uint8_t)((c->r.p | Z3_CPU_I) & ~Z3_CPU_D);
  c->r.pbr = 0;
  c->r.pc = rd16(c, ea_bank0(c->r.e ? emu_vector : native_vector));
}

/* A hardware interrupt: the opcode fetch it replaces, one internal cycle,
 * then the same sequence as BRK. */
static void enter_interrupt(z3_cpu *c, uint16_t native_vector, uint16_t emu_vector) {
  c->interrupts++;
  rd(c, pc24(c));
  io(c);
  z3_cpu_interrupt(c, native_vector, emu_vector, false);
}

typedef enum boundary { GO, ENTERED, HALT_STOPPED, HALT_WAITING } boundary;

static inline bool needs_attention(const z3_cpu *c) {
  return c->nmi_pending | c->abort_pending | c->waiting | c->stopped |
         (c->irq_line & !(c->r.p & Z3_CPU_I));
}

static boundary attend(z3_cpu *c) {
  if (c->stopped) return HALT_STOPPED;
  if (c->waiting) {
    if (!(c->nmi_pending || c->abort_pending || c->irq_line)) return HALT_WAITING;
    c->waiting = false;
  }
  if (c->abort_pending) {
    c->abort_pending = false;
    enter_interrupt(c, 0xFFE8, 0xFFF8);
    return ENTERED;
  }
  if (c->nmi_pending) {
    c->nmi_pending = false;
    enter_interrupt(c, 0xFFEA, 0xFFFA);
    return ENTERED;
  }
  if (c->irq_line && !(c->r.p & Z3_CPU_I)) {
    enter_interrupt(c, 0xFFEE, 0xFFFE);
    return ENTERED;
  }
  return GO;
}

static inline bool hook_wanted(const z3_cpu *c) {
  const uint8_t *filter = c->hook_filter;
  return !filter || (filter[c->r.pc >> 3] >> (c->r.pc & 7) & 1);
}

/* The shared loop; `until` is only looked at when check_until is true, so
 * each caller gets its own specialised copy. */
static inline z3_cpu_stop run(z3_cpu *c, uint64_t n, uint32_t until, bool check_until) {
  for (; n; n--) {
    if (CPU_UNLIKELY(needs_attention(c))) {
      boundary b = attend(c);
      if (b == HALT_STOPPED) return Z3_CPU_STOPPED;
      if (b == HALT_WAITING) return Z3_CPU_WAITING;
      if (b == ENTERED) continue;
    }
    if (check_until && pc24(c) == until) return Z3_CPU_UNTIL;
    if (CPU_UNLIKELY(c->hook != NULL) && hook_wanted(c) && c->hook(c->hook_ctx, c)) return Z3_CPU_HOOK;
    z3_cpu_regs before = c->r;
    uint8_t op = fetch8(c);
    z3_cpu_ops[op](c);
    c->instructions++;
    /* ABORT signalled by the bus during this instruction: it completes its
     * cycles but leaves the registers as they were, and the entry at the
     * next boundary pushes its address, so RTI runs it again. */
    if (CPU_UNLIKELY(c->abort_pending)) c->r = before;
  }
  return Z3_CPU_DONE;
}

z3_cpu_stop z3_cpu_step(z3_cpu *cpu, uint64_t n) { return run(cpu, n, 0, false); }

z3_cpu_stop z3_cpu_run_until(z3_cpu *cpu, uint32_t pc24_target, uint64_t max) {
  return run(cpu, max, pc24_target & 0xFFFFFF, true);
}
