/*
 * Loads, stores and the accumulator ALU: ORA AND EOR ADC STA LDA CMP SBC in
 * their fifteen addressing modes, BIT, the index loads, stores and compares,
 * and STZ. The operation decides the width (M for A, X for X and Y); the
 * addressing mode decides the address and the cycles spent finding it.
 */
#include "emu/cpu_internal.h"

/* ---- operations on a value already read ----------------------------------------- */

static inline void lda8(z3_cpu *c, uint8_t v) { set_a8(c, v), set_nz8(c, v); }
static inline void lda16(z3_cpu *c, uint16_t v) { c->r.a = v, set_nz16(c, v); }
static inline void ora8(z3_cpu *c, uint8_t v) { lda8(c, (uint8_t)(c->r.a | v)); }
static inline void ora16(z3_cpu *c, uint16_t v) { lda16(c, c->r.a | v); }
static inline void and8(z3_cpu *c, uint8_t v) { lda8(c, (uint8_t)(c->r.a & v)); }
static inline void and16(z3_cpu *c, uint16_t v) { lda16(c, c->r.a & v); }
static inline void eor8(z3_cpu *c, uint8_t v) { lda8(c, (uint8_t)(c->r.a ^ v)); }
static inline void eor16(z3_cpu *c, uint16_t v) { lda16(c, c->r.a ^ v); }
static inline void adc8(z3_cpu *c, uint8_t v) { z3_cpu_adc(c, v, false); }
static inline void adc16(z3_cpu *c, uint16_t v) { z3_cpu_adc(c, v, true); }
static inline void sbc8(z3_cpu *c, uint8_t v) { z3_cpu_sbc(c, v, false); }
static inline void sbc16(z3_cpu *c, uint16_t v) { z3_cpu_sbc(c, v, true); }

static inline void compare8(z3_cpu *c, uint8_t reg, uint8_t v) {
  set_flag(c, Z3_CPU_C, reg >= v);
  set_nz8(c, (uint8_t)(reg - v));
}
static inline void compare16(z3_cpu *c, uint16_t reg, uint16_t v) {
  set_flag(c, Z3_CPU_C, reg >= v);
  set_nz16(c, (uint16_t)(reg - v));
}
static inline void cmp8(z3_cpu *c, uint8_t v) { compare8(c, (uint8_t)c->r.a, v); }
static inline void cmp16(z3_cpu *c, uint16_t v) { compare16(c, c->r.a, v); }
static inline void cpx8(z3_cpu *c, uint8_t v) { compare8(c, (uint8_t)c->r.x, v); }
static inline void cpx16(z3_cpu *c, uint16_t v) { compare16(c, c->r.x, v); }
static inline void cpy8(z3_cpu *c, uint8_t v) { compare8(c, (uint8_t)c->r.y, v); }
static inline void cpy16(z3_cpu *c, uint16_t v) { compare16(c, c->r.y, v); }

static inline void ldx8(z3_cpu *c, uint8_t v) { c->r.x = v, set_nz8(c, v); }
static inline void ldx16(z3_cpu *c, uint16_t v) { c->r.x = v, set_nz16(c, v); }
static inline void ldy8(z3_cpu *c, uint8_t v) { c->r.y = v, set_nz8(c, v); }
static inline void ldy16(z3_cpu *c, uint16_t v) { c->r.y = v, set_nz16(c, v); }

/* BIT from memory sets N and V from the operand; BIT # changes only Z. */
static inline void bit8(z3_cpu *c, uint8_t v) {
  set_flag(c, Z3_CPU_Z, (c->r.a & v & 0xFF) == 0);
  c->r.p = (uint8_t)((c->r.p & 0x3F) | (v & 0xC0));
}
static inline void bit16(z3_cpu *c, uint16_t v) {
  set_flag(c, Z3_CPU_Z, (c->r.a & v) == 0);
  c->r.p = (uint8_t)((c->r.p & 0x3F) | (v >> 8 & 0xC0));
}
static inline void bitimm8(z3_cpu *c, uint8_t v) { set_flag(c, Z3_CPU_Z, (c->r.a & v & 0xFF) == 0); }
static inline void bitimm16(z3_cpu *c, uint16_t v) { set_flag(c, Z3_CPU_Z, (c->r.a & v) == 0); }

static inline void store(z3_cpu *c, cpu_ea e, uint16_t v, bool narrow) {
  wr(c, e.addr, (uint8_t)v);
  if (!narrow) wr(c, ea_next(e), (uint8_t)(v >> 8));
}

/* ---- opcode templates ------------------------------------------------------------------ */

#define READ_OP(code, am, OP, narrow)                                                          \
  CPU_OP(code) {                                                                               \
    cpu_ea e = am(c);                                                                          \
    if (narrow(c)) OP##8(c, rd(c, e.addr));                                                    \
    else OP##16(c, rd16(c, e));                                                                \
  }
#define IMM_OP(code, OP, narrow)                                                               \
  CPU_OP(code) {                                                                               \
    if (narrow(c)) OP##8(c, fetch8(c));                                                        \
    else OP##16(c, fetch16(c));                                                                \
  }
#define WRITE_OP(code, am, value, narrow)                                                      \
  CPU_OP(code) {                                                                               \
    cpu_ea e = am(c);                                                                          \
    store(c, e, value, narrow(c));                                                             \
  }

/* The eight accumulator operations share one column layout: opcodes r0+1,
 * r0+3, ... in the even row and r1+1, r1+2, ... in the odd row. */
#define ALU_ROWS(r0, r1, OP)                                                                   \
  READ_OP(r0##1, am_dp_x_ind, OP, m8)                                                          \
  READ_OP(r0##3, am_sr, OP, m8)                                                                \
  READ_OP(r0##5, am_dp, OP, m8)                                                                \
  READ_OP(r0##7, am_dp_long, OP, m8)                                                           \
  IMM_OP(r0##9, OP, m8)                                                                        \
  READ_OP(r0##D, am_abs, OP, m8)                                                               \
  READ_OP(r0##F, am_long, OP, m8)                                                              \
  READ_OP(r1##1, am_dp_ind_y, OP, m8)                                                          \
  READ_OP(r1##2, am_dp_ind, OP, m8)                                                            \
  READ_OP(r1##3, am_sr_ind_y, OP, m8)                                                          \
  READ_OP(r1##5, am_dpx, OP, m8)                                                               \
  READ_OP(r1##7, am_dp_long_y, OP, m8)                                                         \
  READ_OP(r1##9, am_absy, OP, m8)                                                              \
  READ_OP(r1##D, am_absx, OP, m8)                                                              \
  READ_OP(r1##F, am_longx, OP, m8)

ALU_ROWS(0, 1, ora)
ALU_ROWS(2, 3, and)
ALU_ROWS(4, 5, eor)
ALU_ROWS(6, 7, adc)
ALU_ROWS(A, B, lda)
ALU_ROWS(C, D, cmp)
ALU_ROWS(E, F, sbc)

/* STA: the same layout, with BIT # where STA # would be. */
WRITE_OP(81, am_dp_x_ind, c->r.a, m8)
WRITE_OP(83, am_sr, c->r.a, m8)
WRITE_OP(85, am_dp, c->r.a, m8)
WRITE_OP(87, am_dp_long, c->r.a, m8)
IMM_OP(89, bitimm, m8)
WRITE_OP(8D, am_abs, c->r.a, m8)
WRITE_OP(8F, am_long, c->r.a, m8)
WRITE_OP(91, am_dp_ind_y_w, c->r.a, m8)
WRITE_OP(92, am_dp_ind, c->r.a, m8)
WRITE_OP(93, am_sr_ind_y, c->r.a, m8)
WRITE_OP(95, am_dpx, c->r.a, m8)
WRITE_OP(97, am_dp_long_y, c->r.a, m8)
WRITE_OP(99, am_absy_w, c->r.a, m8)
WRITE_OP(9D, am_absx_w, c->r.a, m8)
WRITE_OP(9F, am_longx, c->r.a, m8)

/* BIT */
READ_OP(24, am_dp, bit, m8)
READ_OP(2C, am_abs, bit, m8)
READ_OP(34, am_dpx, bit, m8)
READ_OP(3C, am_absx, bit, m8)

/* STZ */
WRITE_OP(64, am_dp, 0, m8)
WRITE_OP(74, am_dpx, 0, m8)
WRITE_OP(9C, am_abs, 0, m8)
WRITE_OP(9E, am_absx_w, 0, m8)

/* Index registers. */
IMM_OP(A0, ldy, x8)
READ_OP(A4, am_dp, ldy, x8)
READ_OP(AC, am_abs, ldy, x8)
READ_OP(B4, am_dpx, ldy, x8)
READ_OP(BC, am_absx, ldy, x8)
IMM_OP(A2, ldx, x8)
READ_OP(A6, am_dp, ldx, x8)
READ_OP(AE, am_abs, ldx, x8)
READ_OP(B6, am_dpy, ldx, x8)
READ_OP(BE, am_absy, ldx, x8)
IMM_OP(C0, cpy, x8)
READ_OP(C4, am_dp, cpy, x8)
READ_OP(CC, am_abs, cpy, x8)
IMM_OP(E0, cpx, x8)
READ_OP(E4, am_dp, cpx, x8)
READ_OP(EC, am_abs, cpx, x8)
WRITE_OP(84, am_dp, c->r.y, x8)
WRITE_OP(8C, am_abs, c->r.y, x8)
WRITE_OP(94, am_dpx, c->r.y, x8)
WRITE_OP(86, am_dp, c->r.x, x8)
WRITE_OP(8E, am_abs, c->r.x, x8)
WRITE_OP(96, am_dpy, c->r.x, x8)
