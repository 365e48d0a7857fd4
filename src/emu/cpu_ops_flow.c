/*
 * Control flow and the stack: branches, jumps, calls and returns, BRK and
 * COP, pushes and pulls, PEA/PEI/PER, MVN/MVP, WAI, STP, NOP and WDM.
 */
#include "emu/cpu_internal.h"

/* ---- branches ---------------------------------------------------------------------------- */

/* Taken: one more cycle, and in emulation mode one more when the target is
 * in another page. The target wraps within the program bank. */
static inline void branch(z3_cpu *c, bool take) {
  int8_t off = (int8_t)fetch8(c);
  if (!take) return;
  uint16_t target = (uint16_t)(c->r.pc + off);
  io(c);
  if (c->r.e && ((target ^ c->r.pc) & 0xFF00)) io(c);
  c->r.pc = target;
}

CPU_OP(10) { branch(c, !flag(c, Z3_CPU_N)); }
CPU_OP(30) { branch(c, flag(c, Z3_CPU_N)); }
CPU_OP(50) { branch(c, !flag(c, Z3_CPU_V)); }
CPU_OP(70) { branch(c, flag(c, Z3_CPU_V)); }
CPU_OP(80) { branch(c, true); }
CPU_OP(90) { branch(c, !flag(c, Z3_CPU_C)); }
CPU_OP(B0) { branch(c, flag(c, Z3_CPU_C)); }
CPU_OP(D0) { branch(c, !flag(c, Z3_CPU_Z)); }
CPU_OP(F0) { branch(c, flag(c, Z3_CPU_Z)); }

/* BRL */
CPU_OP(82) {
  uint16_t off = fetch16(c);
  io(c);
  c->r.pc = (uint16_t)(c->r.pc + off);
}

/* ---- jumps ------------------------------------------------------------------------------- */

/* JMP abs */
CPU_OP(4C) { c->r.pc = fetch16(c); }
/* JML long */
CPU_OP(5C) {
  uint32_t target = fetch24(c);
  c->r.pc = (uint16_t)target;
  c->r.pbr = (uint8_t)(target >> 16);
}
/* JMP (abs): the pointer is in bank 0. */
CPU_OP(6C) {
  uint16_t a = fetch16(c);
  c->r.pc = rd16(c, ea_bank0(a));
}
/* The pointer of (abs,X) is in the program bank. */
static inline uint16_t read_pointer_pbr(z3_cpu *c, uint16_t a) {
  uint16_t at = (uint16_t)(a + c->r.x);
  uint16_t lo = rd(c, (uint32_t)c->r.pbr << 16 | at);
  return (uint16_t)(lo | rd(c, (uint32_t)c->r.pbr << 16 | (uint16_t)(at + 1)) << 8);
}
/* JMP (abs,X) */
CPU_OP(7C) {
  uint16_t a = fetch16(c);
  io(c);
  c->r.pc = read_pointer_pbr(c, a);
}
/* JML [abs]: a 24-bit pointer in bank 0. */
CPU_OP(DC) {
  cpu_ea p = ea_bank0(fetch16(c));
  uint16_t lo = rd16(c, p);
  p.addr = (p.addr + 2) & WRAP_BANK0;
  c->r.pbr = rd(c, p.addr);
  c->r.pc = lo;
}

/* ---- calls and returns: the pushed address is that of the call's last byte ----------- */

/* JSR abs */
CPU_OP(20) {
  uint16_t target = fetch16(c);
  io(c);
  push16(c, (uint16_t)(c->r.pc - 1));
  c->r.pc = target;
}
/* JSR (abs,X): pushes between fetching the two address bytes. */
CPU_OP(FC) {
  uint16_t lo = fetch8(c);
  push16_new(c, c->r.pc);
  uint16_t a = (uint16_t)(lo | fetch8(c) << 8);
  io(c);
  c->r.pc = read_pointer_pbr(c, a);
  stack_fix(c);
}
/* JSL long */
CPU_OP(22) {
  uint16_t target = fetch16(c);
  push8_new(c, c->r.pbr);
  io(c);
  uint8_t bank = fetch8(c);
  push16_new(c, (uint16_t)(c->r.pc - 1));
  c->r.pc = target;
  c->r.pbr = bank;
  stack_fix(c);
}
/* RTS */
CPU_OP(60) {
  io(c), io(c);
  c->r.pc = pull16(c);
  io(c);
  c->r.pc++;
}
/* RTL */
CPU_OP(6B) {
  io(c), io(c);
  c->r.pc = (uint16_t)(pull16_new(c) + 1);
  c->r.pbr = pull8_new(c);
  stack_fix(c);
}
/* RTI: P, PC, and in native mode PBR. */
CPU_OP(40) {
  io(c), io(c);
  c->r.p = pull8(c);
  fix_widths(c);
  c->r.pc = pull16(c);
  if (!c->r.e) c->r.pbr = pull8(c);
}

/* BRK and COP: a signature byte, then the interrupt sequence. */
CPU_OP(00) {
  fetch8(c);
  z3_cpu_interrupt(c, 0xFFE6, 0xFFFE, true);
}
CPU_OP(02) {
  fetch8(c);
  z3_cpu_interrupt(c, 0xFFE4, 0xFFF4, true);
}

/* ---- pushes and pulls ---------------------------------------------------------------------- */

#define PUSH_REG(code, reg, narrow)                                                           \
  CPU_OP(code) {                                                                               \
    io(c);                                                                                     \
    if (narrow(c)) push8(c, (uint8_t)c->r.reg);                                                \
    else push16(c, c->r.reg);                                                                  \
  }
PUSH_REG(48, a, m8)
PUSH_REG(DA, x, x8)
PUSH_REG(5A, y, x8)
CPU_OP(08) { io(c), push8(c, c->r.p); }
CPU_OP(8B) { io(c), push8(c, c->r.dbr); }
CPU_OP(4B) { io(c), push8(c, c->r.pbr); }
CPU_OP(0B) {
  io(c);
  push16_new(c, c->r.d);
  stack_fix(c);
}

/* PLA, PLX, PLY: N and Z from the value pulled. */
#define PULL_REG(code, reg, narrow)                                                           \
  CPU_OP(code) {                                                                               \
    io(c), io(c);                                                                              \
    if (narrow(c)) {                                                                           \
      uint8_t v = pull8(c);                                                                    \
      c->r.reg = (uint16_t)((c->r.reg & 0xFF00) | v);                                          \
      set_nz8(c, v);                                                                           \
    } else {                                                                                   \
      c->r.reg = pull16(c);                                                                    \
      set_nz16(c, c->r.reg);                                                                   \
    }                                                                                          \
  }
PULL_REG(68, a, m8)
PULL_REG(FA, x, x8)
PULL_REG(7A, y, x8)
CPU_OP(28) {
  io(c), io(c);
  c->r.p = pull8(c);
  fix_widths(c);
}
CPU_OP(AB) {
  io(c), io(c);
  c->r.dbr = pull8_new(c);
  set_nz8(c, c->r.dbr);
  stack_fix(c);
}
CPU_OP(2B) {
  io(c), io(c);
  c->r.d = pull16_new(c);
  set_nz16(c, c->r.d);
  stack_fix(c);
}

/* PEA #abs */
CPU_OP(F4) {
  push16_new(c, fetch16(c));
  stack_fix(c);
}
/* PEI (dp): the pointer is read without page wrapping, even in emulation mode. */
CPU_OP(D4) {
  uint8_t off = dp_operand(c);
  uint16_t v = rd16(c, ea_bank0((uint32_t)c->r.d + off));
  push16_new(c, v);
  stack_fix(c);
}
/* PER rel16: pushes the address of the next instruction plus the offset. */
CPU_OP(62) {
  uint16_t off = fetch16(c);
  io(c);
  push16_new(c, (uint16_t)(c->r.pc + off));
  stack_fix(c);
}

/* ---- block moves ------------------------------------------------------------------------- */

/* One byte per execution: the instruction re-runs itself (PC back by 3)
 * until A wraps from 0 to $FFFF, so interrupts are taken between bytes. The
 * operand bytes are the destination bank, then the source bank. */
static inline void block_move(z3_cpu *c, int step) {
  uint8_t dst = fetch8(c), src = fetch8(c);
  c->r.dbr = dst;
  uint8_t v = rd(c, (uint32_t)src << 16 | c->r.x);
  wr(c, (uint32_t)dst << 16 | c->r.y, v);
  io(c), io(c);
  c->r.x = (uint16_t)(c->r.x + step);
  c->r.y = (uint16_t)(c->r.y + step);
  fix_widths(c);
  if (c->r.a-- != 0) c->r.pc = (uint16_t)(c->r.pc - 3);
}
CPU_OP(44) { block_move(c, -1); }
CPU_OP(54) { block_move(c, 1); }

/* ---- the rest ------------------------------------------------------------------------------ */

/* WAI: waits for an interrupt (z3_cpu_step returns Z3_CPU_WAITING meanwhile). */
CPU_OP(CB) {
  io(c), io(c);
  c->waiting = true;
}
/* STP: stops the clock until reset. */
CPU_OP(DB) {
  io(c), io(c);
  c->stopped = true;
}
CPU_OP(EA) { io(c); }
/* WDM: a reserved two-byte NOP; its second byte is not read as data. */
CPU_OP(42) {
  io(c);
  c->r.pc++;
}
