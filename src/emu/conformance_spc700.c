/*
 * The SPC700 side of the conformance runner: the SingleStepTests SPC700
 * shape (../shared/testdata/spc700/README.md) over a flat 64 KiB memory with
 * no I/O registers, one instruction per test.
 */
#include <string.h>

#include "emu/conformance_internal.h"

static const char *const spc_reg_names[SREG_COUNT] = {"pc", "a", "x", "y", "sp", "psw"};
static const uint32_t spc_reg_max[SREG_COUNT] = {0xFFFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};

static uint8_t spc_read(void *ctx, uint16_t addr) { return z3_conf_bus_read(ctx, addr); }
static void spc_write(void *ctx, uint16_t addr, uint8_t v) { z3_conf_bus_write(ctx, addr, v); }
static void spc_idle(void *ctx) { z3_conf_bus_idle(ctx); }

static void spc_begin(z3_conf_runner *run, const conf_state *s) {
  z3_spc700_init(&run->spc, (z3_spc700_bus){run, spc_read, spc_write, spc_idle});
  z3_spc700_regs *r = &run->spc.r;
  r->pc = (uint16_t)s->reg[SREG_PC];
  r->a = (uint8_t)s->reg[SREG_A], r->x = (uint8_t)s->reg[SREG_X], r->y = (uint8_t)s->reg[SREG_Y];
  r->sp = (uint8_t)s->reg[SREG_SP], r->psw = (uint8_t)s->reg[SREG_PSW];
}

static void spc_execute(z3_conf_runner *run, const conf_test *t) {
  (void)t;
  z3_spc700_step(&run->spc);
}

static void spc_read_regs(const z3_conf_runner *run, uint32_t reg[CONF_REG_MAX]) {
  const z3_spc700_regs *r = &run->spc.r;
  reg[SREG_PC] = r->pc, reg[SREG_A] = r->a, reg[SREG_X] = r->x, reg[SREG_Y] = r->y;
  reg[SREG_SP] = r->sp, reg[SREG_PSW] = r->psw;
}

static uint32_t spc_pc(const z3_conf_runner *run) { return run->spc.r.pc; }
static uint64_t spc_cycles(const z3_conf_runner *run) { return run->spc.cycles; }

const conf_arch z3_conf_arch_spc700 = {
    .reg_count = SREG_COUNT, .reg_names = spc_reg_names, .reg_max = spc_reg_max, .p_reg = SREG_PSW,
    .mem_size = 1u << 16, .readme = "../shared/testdata/spc700/README.md",
    .begin = spc_begin, .execute = spc_execute, .read_regs = spc_read_regs, .pc = spc_pc,
    .cycles = spc_cycles,
};

unsigned z3_conf_value_digits(const z3_conf_runner *run, const char *field) {
  const conf_arch *arch = run->arch;
  if (strcmp(field, "cycles") == 0) return 0;
  if (strncmp(field, "cycle[", 6) == 0) return arch->mem_size > 0x10000 ? 6 : 4;
  if (strncmp(field, "ram", 3) == 0) return 2;
  for (int r = 0; r < arch->reg_count; r++) {
    if (strcmp(field, arch->reg_names[r]) == 0) return arch->reg_max[r] > 0xFF ? 4 : 2;
  }
  return 4;
}
