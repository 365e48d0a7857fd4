/*
 * What the vector sets do not pin: reset, hardware interrupts and their
 * stack frames per mode, priorities, WAI and STP, the hook, run_until, and
 * the cycle counts of instructions outside the SingleStepTests slice (from
 * the WDC W65C816S datasheet's cycle table).
 */
#include <stdlib.h>
#include <string.h>

#include "emu/cpu.h"
#include "test.h"

typedef struct machine {
  uint8_t *mem; /* flat 16 MiB */
  z3_cpu cpu;
  unsigned reads, writes, idles;
} machine;

static uint8_t m_read(void *ctx, uint32_t addr) {
  machine *m = ctx;
  m->reads++;
  return m->mem[addr];
}
static void m_write(void *ctx, uint32_t addr, uint8_t v) {
  machine *m = ctx;
  m->writes++;
  m->mem[addr] = v;
}
static void m_idle(void *ctx) { ((machine *)ctx)->idles++; }

static void poke16(machine *m, uint32_t addr, uint16_t v) {
  m->mem[addr] = (uint8_t)v;
  m->mem[addr + 1] = (uint8_t)(v >> 8);
}

/* A machine whose vectors all point at distinct handlers (each an STP), and
 * whose reset vector points at $8000. */
static machine *machine_new(void) {
  machine *m = calloc(1, sizeof *m);
  assert_non_null(m);
  m->mem = calloc(1, 1 << 24);
  assert_non_null(m->mem);
  static const uint16_t vectors[] = {0xFFE4, 0xFFE6, 0xFFE8, 0xFFEA, 0xFFEE,
                                     0xFFF4, 0xFFF8, 0xFFFA, 0xFFFE};
  for (size_t i = 0; i < sizeof vectors / sizeof *vectors; i++) {
    uint16_t handler = (uint16_t)(0x9000 + i * 0x10);
    poke16(m, vectors[i], handler);
    m->mem[handler] = 0xDB; /* STP */
  }
  poke16(m, 0xFFFC, 0x8000);
  z3_cpu_init(&m->cpu, (z3_cpu_bus){m, m_read, m_write, m_idle});
  z3_cpu_reset(&m->cpu);
  return m;
}
static void machine_free(machine *m) {
  free(m->mem);
  free(m);
}

static void load(machine *m, uint32_t addr, const uint8_t *bytes, size_t n) {
  memcpy(m->mem + addr, bytes, n);
}
#define LOAD(m, addr, ...)                                                                       \
  load(m, addr, (const uint8_t[]){__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__}))

/* CLC; XCE; REP #$30: native mode, 16-bit registers. */
static void go_native(machine *m) {
  LOAD(m, 0x8000, 0x18, 0xFB, 0xC2, 0x30);
  assert_int_equal(z3_cpu_step(&m->cpu, 3), Z3_CPU_DONE);
}

Z3_TEST(reset_state) {
  (void)state;
  machine *m = machine_new();
  const z3_cpu_regs *r = &m->cpu.r;
  assert_true(r->e);
  assert_int_equal(r->pc, 0x8000);
  assert_int_equal(r->pbr, 0);
  assert_int_equal(r->d, 0);
  assert_int_equal(r->s >> 8, 0x01);
  assert_int_equal(r->p & (Z3_CPU_I | Z3_CPU_M | Z3_CPU_X | Z3_CPU_D), Z3_CPU_I | Z3_CPU_M | Z3_CPU_X);
  machine_free(m);
}

Z3_TEST(irq_native_frame) {
  (void)state;
  machine *m = machine_new();
  go_native(m);
  LOAD(m, 0x8004, 0x58, 0xF8, 0xEA); /* CLI; SED; NOP */
  assert_int_equal(z3_cpu_step(&m->cpu, 2), Z3_CPU_DONE);
  m->cpu.r.pbr = 0x12;
  m->cpu.r.pc = 0x3456;
  m->cpu.r.s = 0x1FF0;
  uint8_t p = m->cpu.r.p;
  z3_cpu_set_irq(&m->cpu, true);
  uint64_t cycles = m->cpu.cycles;
  assert_int_equal(z3_cpu_step(&m->cpu, 1), Z3_CPU_DONE); /* the entry counts as one */
  assert_int_equal(m->cpu.cycles - cycles, 8);
  /* PBR, PCH, PCL, P from $1FF0 down; P pushed as it was (bit 4 = X). */
  assert_int_equal(m->mem[0x1FF0], 0x12);
  assert_int_equal(m->mem[0x1FEF], 0x34);
  assert_int_equal(m->mem[0x1FEE], 0x56);
  assert_int_equal(m->mem[0x1FED], p);
  assert_int_equal(m->cpu.r.s, 0x1FEC);
  assert_int_equal(m->cpu.r.pbr, 0);
  assert_int_equal(m->cpu.r.pc, 0x9040); /* native IRQ vector $FFEE */
  assert_true(m->cpu.r.p & Z3_CPU_I);
  assert_false(m->cpu.r.p & Z3_CPU_D);
  machine_free(m);
}

Z3_TEST(irq_emulation_frame_has_b_clear) {
  (void)state;
  machine *m = machine_new();
  LOAD(m, 0x8000, 0x58, 0xEA); /* CLI; NOP */
  assert_int_equal(z3_cpu_step(&m->cpu, 1), Z3_CPU_DONE);
  m->cpu.r.s = 0x0100; /* the frame wraps within page 1 */
  z3_cpu_set_irq(&m->cpu, true);
  uint64_t cycles = m->cpu.cycles;
  assert_int_equal(z3_cpu_step(&m->cpu, 1), Z3_CPU_DONE);
  assert_int_equal(m->cpu.cycles - cycles, 7);
  assert_int_equal(m->mem[0x0100], 0x80);
  assert_int_equal(m->mem[0x01FF], 0x01);
  assert_int_equal(m->mem[0x01FE] & 0x10, 0); /* B clear: a hardware interrupt */
  assert_int_equal(m->mem[0x01FE] & 0x20, 0x20);
  assert_int_equal(m->cpu.r.s, 0x01FD);
  assert_int_equal(m->cpu.r.pc, 0x9080); /* emulation IRQ/BRK vector $FFFE */
  machine_free(m);
}

Z3_TEST(nmi_vectors_and_priority_over_irq) {
  (void)state;
  machine *m = machine_new();
  LOAD(m, 0x8000, 0x58, 0xEA);
  z3_cpu_step(&m->cpu, 1);
  z3_cpu_set_irq(&m->cpu, true);
  z3_cpu_nmi(&m->cpu);
  z3_cpu_step(&m->cpu, 1);
  assert_int_equal(m->cpu.r.pc, 0x9070); /* emulation NMI $FFFA, not IRQ */
  assert_false(m->cpu.nmi_pending);
  /* The handler runs with I set: the IRQ waits. */
  assert_int_equal(z3_cpu_step(&m->cpu, 1), Z3_CPU_DONE);
  assert_true(m->cpu.stopped);
  machine_free(m);

  m = machine_new();
  go_native(m);
  z3_cpu_nmi(&m->cpu); /* NMI is taken with I set */
  z3_cpu_step(&m->cpu, 1);
  assert_int_equal(m->cpu.r.pc, 0x9030); /* native NMI $FFEA */
  machine_free(m);
}

Z3_TEST(irq_masked_until_cli) {
  (void)state;
  machine *m = machine_new();
  LOAD(m, 0x8000, 0xEA, 0xEA, 0x58, 0xEA);
  z3_cpu_set_irq(&m->cpu, true);
  assert_int_equal(z3_cpu_step(&m->cpu, 3), Z3_CPU_DONE);
  assert_int_equal(m->cpu.r.pc, 0x8003); /* NOP NOP CLI ran */
  z3_cpu_step(&m->cpu, 1);
  assert_int_equal(m->cpu.r.pc, 0x9080);
  machine_free(m);
}

Z3_TEST(abort_vectors) {
  (void)state;
  machine *m = machine_new();
  z3_cpu_abort(&m->cpu);
  z3_cpu_step(&m->cpu, 1);
  assert_int_equal(m->cpu.r.pc, 0x9060); /* emulation ABORT $FFF8 */
  machine_free(m);
  m = machine_new();
  go_native(m);
  z3_cpu_abort(&m->cpu);
  z3_cpu_nmi(&m->cpu);
  z3_cpu_step(&m->cpu, 1);
  assert_int_equal(m->cpu.r.pc, 0x9020); /* native ABORT $FFE8, before the NMI */
  assert_true(m->cpu.nmi_pending);
  machine_free(m);
}

Z3_TEST(brk_and_cop_native) {
  (void)state;
  machine *m = machine_new();
  go_native(m);
  LOAD(m, 0x8004, 0x00, 0x99);
  uint64_t cycles = m->cpu.cycles;
  z3_cpu_step(&m->cpu, 1);
  assert_int_equal(m->cpu.cycles - cycles, 8);
  assert_int_equal(m->cpu.r.pc, 0x9010); /* native BRK $FFE6 */
  assert_int_equal(m->mem[0x01FE], 0x80); /* return address $8006 */
  assert_int_equal(m->mem[0x01FD], 0x06);
  machine_free(m);
  m = machine_new();
  go_native(m);
  LOAD(m, 0x8004, 0x02, 0x99);
  z3_cpu_step(&m->cpu, 1);
  assert_int_equal(m->cpu.r.pc, 0x9000); /* native COP $FFE4 */
  machine_free(m);
}

Z3_TEST(wai_wakes_on_irq_with_i_set) {
  (void)state;
  machine *m = machine_new();
  LOAD(m, 0x8000, 0xCB, 0xE8); /* WAI; INX (I is set after reset) */
  assert_int_equal(z3_cpu_step(&m->cpu, 5), Z3_CPU_WAITING);
  assert_true(m->cpu.waiting);
  assert_int_equal(m->cpu.r.pc, 0x8001);
  uint64_t cycles = m->cpu.cycles;
  assert_int_equal(z3_cpu_step(&m->cpu, 5), Z3_CPU_WAITING); /* no cycles while waiting */
  assert_int_equal(m->cpu.cycles, cycles);
  z3_cpu_set_irq(&m->cpu, true);
  assert_int_equal(z3_cpu_step(&m->cpu, 1), Z3_CPU_DONE);
  assert_false(m->cpu.waiting);
  assert_int_equal(m->cpu.r.pc, 0x8002); /* went on with INX, no vector */
  assert_int_equal(m->cpu.r.x, 1);
  machine_free(m);
}

Z3_TEST(wai_takes_irq_with_i_clear_and_nmi) {
  (void)state;
  machine *m = machine_new();
  LOAD(m, 0x8000, 0x58, 0xCB, 0xE8);
  assert_int_equal(z3_cpu_step(&m->cpu, 5), Z3_CPU_WAITING);
  z3_cpu_set_irq(&m->cpu, true);
  z3_cpu_step(&m->cpu, 1);
  assert_int_equal(m->cpu.r.pc, 0x9080);
  assert_int_equal(m->mem[0x01FF], 0x80); /* returns to the INX after WAI */
  assert_int_equal(m->mem[0x01FE], 0x02);
  machine_free(m);
  m = machine_new();
  LOAD(m, 0x8000, 0xCB);
  z3_cpu_step(&m->cpu, 2);
  z3_cpu_nmi(&m->cpu);
  z3_cpu_step(&m->cpu, 1);
  assert_int_equal(m->cpu.r.pc, 0x9070);
  machine_free(m);
}

Z3_TEST(stp_until_reset) {
  (void)state;
  machine *m = machine_new();
  LOAD(m, 0x8000, 0xDB);
  assert_int_equal(z3_cpu_step(&m->cpu, 3), Z3_CPU_STOPPED);
  z3_cpu_nmi(&m->cpu);
  z3_cpu_set_irq(&m->cpu, true);
  uint64_t cycles = m->cpu.cycles;
  assert_int_equal(z3_cpu_step(&m->cpu, 3), Z3_CPU_STOPPED);
  assert_int_equal(m->cpu.cycles, cycles);
  z3_cpu_reset(&m->cpu);
  assert_false(m->cpu.stopped);
  assert_int_equal(m->cpu.r.pc, 0x8000);
  machine_free(m);
}

typedef struct hook_state {
  uint32_t break_at;
  unsigned calls;
} hook_state;

static bool break_hook(void *ctx, const z3_cpu *cpu) {
  hook_state *h = ctx;
  h->calls++;
  return ((uint32_t)cpu->r.pbr << 16 | cpu->r.pc) == h->break_at;
}

Z3_TEST(hook_stops_before_the_instruction) {
  (void)state;
  machine *m = machine_new();
  LOAD(m, 0x8000, 0xE8, 0xE8, 0xE8, 0xE8); /* INX x4 */
  hook_state h = {.break_at = 0x8002};
  m->cpu.hook = break_hook;
  m->cpu.hook_ctx = &h;
  assert_int_equal(z3_cpu_step(&m->cpu, 10), Z3_CPU_HOOK);
  assert_int_equal(m->cpu.r.pc, 0x8002);
  assert_int_equal(m->cpu.r.x, 2); /* the third INX did not run */
  assert_int_equal(m->cpu.instructions, 2);
  assert_int_equal(h.calls, 3);
  /* A hook that never stops sees every instruction. */
  h.break_at = 0xFFFFFFFF;
  assert_int_equal(z3_cpu_step(&m->cpu, 2), Z3_CPU_DONE);
  assert_int_equal(m->cpu.r.x, 4);
  assert_int_equal(h.calls, 5);
  machine_free(m);
}

Z3_TEST(run_until_target_or_max) {
  (void)state;
  machine *m = machine_new();
  /* LDX #0; loop: INX; CPX #5; BNE loop; NOP */
  LOAD(m, 0x8000, 0xA2, 0x00, 0xE8, 0xE0, 0x05, 0xD0, 0xFB, 0xEA);
  assert_int_equal(z3_cpu_run_until(&m->cpu, 0x008007, 1000), Z3_CPU_UNTIL);
  assert_int_equal(m->cpu.r.x, 5);
  assert_int_equal(m->cpu.r.pc, 0x8007);
  assert_int_equal(m->cpu.instructions, 1 + 5 * 3);
  /* Already there: stops at once. Unreachable: stops after max. */
  assert_int_equal(z3_cpu_run_until(&m->cpu, 0x008007, 1000), Z3_CPU_UNTIL);
  assert_int_equal(m->cpu.instructions, 16);
  assert_int_equal(z3_cpu_run_until(&m->cpu, 0x7E0000, 3), Z3_CPU_DONE);
  assert_int_equal(m->cpu.instructions, 19);
  machine_free(m);
}

Z3_TEST(decimal_16_bit) {
  (void)state;
  machine *m = machine_new();
  go_native(m);
  /* SED; CLC; LDA #$1234; ADC #$8766 -> $0000 carry; SEC; LDA #$1000; SBC #$0001 */
  LOAD(m, 0x8004, 0xF8, 0x18, 0xA9, 0x34, 0x12, 0x69, 0x66, 0x87);
  z3_cpu_step(&m->cpu, 4);
  assert_int_equal(m->cpu.r.a, 0x0000);
  assert_true(m->cpu.r.p & Z3_CPU_C);
  assert_true(m->cpu.r.p & Z3_CPU_Z);
  LOAD(m, 0x800C, 0x38, 0xA9, 0x00, 0x10, 0xE9, 0x01, 0x00);
  z3_cpu_step(&m->cpu, 3);
  assert_int_equal(m->cpu.r.a, 0x0999);
  assert_true(m->cpu.r.p & Z3_CPU_C);
  machine_free(m);
}

/* ---- cycle counts from the datasheet ---------------------------------------------------- */

typedef struct timing {
  const char *what;
  bool native, m16, x16;
  uint16_t d;
  uint8_t bytes[4];
  unsigned cycles;
} timing;

static const timing timings[] = {
    {"LDA dp", false, false, false, 0x0000, {0xA5, 0x10}, 3},
    {"LDA dp, DL!=0", false, false, false, 0x0001, {0xA5, 0x10}, 4},
    {"LDA dp, 16-bit", true, true, false, 0x0000, {0xA5, 0x10}, 4},
    {"LDA abs,X no page cross", true, false, false, 0, {0xBD, 0x00, 0x20}, 4},
    {"LDA abs,X page cross", true, false, false, 0, {0xBD, 0xFF, 0x20}, 5},
    {"LDA abs,X 16-bit index", true, false, true, 0, {0xBD, 0x00, 0x20}, 5},
    {"STA abs,X", true, false, false, 0, {0x9D, 0x00, 0x20}, 5},
    {"LDA (dp),Y", true, false, false, 0, {0xB1, 0x10}, 5},
    {"LDA (dp,X)", true, false, false, 0, {0xA1, 0x10}, 6},
    {"LDA [dp]", true, false, false, 0, {0xA7, 0x10}, 6},
    {"LDA [dp],Y", true, false, false, 0, {0xB7, 0x10}, 6},
    {"LDA sr,S", true, false, false, 0, {0xA3, 0x01}, 4},
    {"LDA (sr,S),Y", true, false, false, 0, {0xB3, 0x01}, 7},
    {"LDA long", true, false, false, 0, {0xAF, 0x00, 0x20, 0x7E}, 5},
    {"LDA long,X 16-bit", true, true, false, 0, {0xBF, 0x00, 0x20, 0x7E}, 6},
    {"ASL dp", true, false, false, 0, {0x06, 0x10}, 5},
    {"ASL dp 16-bit", true, true, false, 0, {0x06, 0x10}, 7},
    {"INC abs,X", true, false, false, 0, {0xFE, 0x00, 0x20}, 7},
    {"TSB abs", true, false, false, 0, {0x0C, 0x00, 0x20}, 6},
    {"JMP abs", true, false, false, 0, {0x4C, 0x00, 0x90}, 3},
    {"JML long", true, false, false, 0, {0x5C, 0x00, 0x90, 0x01}, 4},
    {"JMP (abs)", true, false, false, 0, {0x6C, 0x00, 0x20}, 5},
    {"JMP (abs,X)", true, false, false, 0, {0x7C, 0x00, 0x20}, 6},
    {"JML [abs]", true, false, false, 0, {0xDC, 0x00, 0x20}, 6},
    {"JSR abs", true, false, false, 0, {0x20, 0x00, 0x90}, 6},
    {"JSR (abs,X)", true, false, false, 0, {0xFC, 0x00, 0x20}, 8},
    {"JSL long", true, false, false, 0, {0x22, 0x00, 0x90, 0x01}, 8},
    {"RTS", true, false, false, 0, {0x60}, 6},
    {"RTL", true, false, false, 0, {0x6B}, 6},
    {"RTI native", true, false, false, 0, {0x40}, 7},
    {"RTI emulation", false, false, false, 0, {0x40}, 6},
    {"BRK emulation", false, false, false, 0, {0x00, 0x00}, 7},
    {"BRA same page", true, false, false, 0, {0x80, 0x10}, 3},
    {"BRA page cross, native", true, false, false, 0, {0x80, 0x80}, 3},
    {"BRA page cross, emulation", false, false, false, 0, {0x80, 0x80}, 4},
    {"BEQ not taken", true, false, false, 0, {0xF0, 0x10}, 2},
    {"BRL", true, false, false, 0, {0x82, 0x00, 0x10}, 4},
    {"PHA 16-bit", true, true, false, 0, {0x48}, 4},
    {"PLA 8-bit", true, false, false, 0, {0x68}, 4},
    {"PLD", true, false, false, 0, {0x2B}, 5},
    {"PHD", true, false, false, 0, {0x0B}, 4},
    {"PEA", true, false, false, 0, {0xF4, 0x34, 0x12}, 5},
    {"PEI", true, false, false, 0, {0xD4, 0x10}, 6},
    {"PER", true, false, false, 0, {0x62, 0x10, 0x00}, 6},
    {"MVN one byte", true, false, false, 0, {0x54, 0x7E, 0x7F}, 7},
    {"REP", true, false, false, 0, {0xC2, 0x00}, 3},
    {"XBA", true, false, false, 0, {0xEB}, 3},
    {"WAI", true, false, false, 0, {0xCB}, 3},
    {"STP", true, false, false, 0, {0xDB}, 3},
};

Z3_TEST(cycle_counts) {
  (void)state;
  for (size_t i = 0; i < sizeof timings / sizeof *timings; i++) {
    const timing *t = &timings[i];
    machine *m = machine_new();
    z3_cpu_regs *r = &m->cpu.r;
    if (t->native) {
      r->e = false;
      r->s = 0x1F0;
      r->p = (uint8_t)((t->m16 ? 0 : Z3_CPU_M) | (t->x16 ? 0 : Z3_CPU_X));
    }
    r->d = t->d;
    r->x = 0x0001;
    r->pc = 0x8000;
    load(m, 0x8000, t->bytes, sizeof t->bytes);
    uint64_t before = m->cpu.cycles;
    z3_cpu_step(&m->cpu, 1);
    if (m->cpu.cycles - before != t->cycles) {
      print_error("%s: %u cycles, datasheet says %u\n", t->what, (unsigned)(m->cpu.cycles - before),
                  t->cycles);
    }
    assert_int_equal(m->cpu.cycles - before, t->cycles);
    assert_int_equal(m->reads + m->writes + m->idles, m->cpu.cycles);
    machine_free(m);
  }
}

Z3_RUN(cmocka_unit_test(reset_state), cmocka_unit_test(irq_native_frame),
       cmocka_unit_test(irq_emulation_frame_has_b_clear),
       cmocka_unit_test(nmi_vectors_and_priority_over_irq), cmocka_unit_test(irq_masked_until_cli),
       cmocka_unit_test(abort_vectors), cmocka_unit_test(brk_and_cop_native),
       cmocka_unit_test(wai_wakes_on_irq_with_i_set),
       cmocka_unit_test(wai_takes_irq_with_i_clear_and_nmi), cmocka_unit_test(stp_until_reset),
       cmocka_unit_test(hook_stops_before_the_instruction),
       cmocka_unit_test(run_until_target_or_max), cmocka_unit_test(decimal_16_bit),
       cmocka_unit_test(cycle_counts))
