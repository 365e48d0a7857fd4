/*
 * The SPC700's outer loop and its arithmetic. Opcodes are in spc700_ops.c.
 * Flag rules follow the chip as the SingleStepTests vectors record it: ADC
 * and SBC set H from bit 4's carry, 16-bit ADDW/SUBW take H and V from the
 * high byte's add, CMP never touches V or H.
 */
#include <string.h>

#include "emu/spc700_internal.h"

void z3_spc700_init(z3_spc700 *spc, z3_spc700_bus bus) {
  memset(spc, 0, sizeof *spc);
  spc->bus = bus;
}

void z3_spc700_reset(z3_spc700 *spc) {
  spc->r.a = spc->r.x = spc->r.y = 0;
  spc->r.sp = 0xEF;
  spc->r.psw = Z3_SPC_Z;
  spc->halted = false;
  uint16_t lo = rd(spc, 0xFFFE);
  spc->r.pc = (uint16_t)(lo | rd(spc, 0xFFFF) << 8);
}

void z3_spc700_step(z3_spc700 *spc) {
  if (spc->halted) {
    io(spc);
    io(spc);
    return;
  }
  z3_spc_execute(spc, fetch(spc));
  spc->instructions++;
}

static uint8_t alu_or(z3_spc700 *s, uint8_t a, uint8_t b) { return set_nz(s, a | b); }
static uint8_t alu_and(z3_spc700 *s, uint8_t a, uint8_t b) { return set_nz(s, a & b); }
static uint8_t alu_eor(z3_spc700 *s, uint8_t a, uint8_t b) { return set_nz(s, a ^ b); }

uint8_t z3_spc_cmp(z3_spc700 *s, uint8_t a, uint8_t b) {
  int diff = a - b;
  set_flag(s, Z3_SPC_C, diff >= 0);
  set_nz(s, (uint8_t)diff);
  return a;
}

uint8_t z3_spc_adc(z3_spc700 *s, uint8_t a, uint8_t b) {
  int sum = a + b + flag(s, Z3_SPC_C);
  set_flag(s, Z3_SPC_C, sum > 0xFF);
  set_flag(s, Z3_SPC_H, (a ^ b ^ sum) & 0x10);
  set_flag(s, Z3_SPC_V, ~(a ^ b) & (a ^ sum) & 0x80);
  return set_nz(s, (uint8_t)sum);
}

uint8_t z3_spc_sbc(z3_spc700 *s, uint8_t a, uint8_t b) { return z3_spc_adc(s, a, (uint8_t)~b); }

const spc_alu z3_spc_alu[6] = {alu_or, alu_and, alu_eor, z3_spc_cmp, z3_spc_adc, z3_spc_sbc};

static uint8_t rmw_asl(z3_spc700 *s, uint8_t v) {
  set_flag(s, Z3_SPC_C, v & 0x80);
  return set_nz(s, (uint8_t)(v << 1));
}
static uint8_t rmw_rol(z3_spc700 *s, uint8_t v) {
  bool carry = flag(s, Z3_SPC_C);
  set_flag(s, Z3_SPC_C, v & 0x80);
  return set_nz(s, (uint8_t)(v << 1 | carry));
}
static uint8_t rmw_lsr(z3_spc700 *s, uint8_t v) {
  set_flag(s, Z3_SPC_C, v & 1);
  return set_nz(s, v >> 1);
}
static uint8_t rmw_ror(z3_spc700 *s, uint8_t v) {
  bool carry = flag(s, Z3_SPC_C);
  set_flag(s, Z3_SPC_C, v & 1);
  return set_nz(s, (uint8_t)(carry << 7 | v >> 1));
}
static uint8_t rmw_dec(z3_spc700 *s, uint8_t v) { return set_nz(s, (uint8_t)(v - 1)); }
static uint8_t rmw_inc(z3_spc700 *s, uint8_t v) { return set_nz(s, (uint8_t)(v + 1)); }

const spc_rmw z3_spc_rmw[6] = {rmw_asl, rmw_rol, rmw_lsr, rmw_ror, rmw_dec, rmw_inc};
