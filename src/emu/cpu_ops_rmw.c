/*
 * Read-modify-write and register-only instructions: shifts and rotates,
 * INC/DEC, TSB/TRB, register transfers, flag changes, XBA, XCE, REP, SEP.
 */
#include "emu/cpu_internal.h"

/* ---- the modifications, returning the new value ---------------------------------- */

static inline uint8_t asl8(z3_cpu *c, uint8_t v) {
  set_flag(c, Z3_CPU_C, v & 0x80);
  v = (uint8_t)(v << 1);
  set_nz8(c, v);
  return v;
}
static inline uint16_t asl16(z3_cpu *c, uint16_t v) {
  set_flag(c, Z3_CPU_C, v & 0x8000);
  v = (uint16_t)(v << 1);
  set_nz16(c, v);
  return v;
}
static inline uint8_t lsr8(z3_cpu *c, uint8_t v) {
  set_flag(c, Z3_CPU_C, v & 1);
  v = (uint8_t)(v >> 1);
  set_nz8(c, v);
  return v;
}
static inline uint16_t lsr16(z3_cpu *c, uint16_t v) {
  set_flag(c, Z3_CPU_C, v & 1);
  v = (uint16_t)(v >> 1);
  set_nz16(c, v);
  return v;
}
static inline uint8_t rol8(z3_cpu *c, uint8_t v) {
  unsigned carry = flag(c, Z3_CPU_C);
  set_flag(c, Z3_CPU_C, v & 0x80);
  v = (uint8_t)(v << 1 | carry);
  set_nz8(c, v);
  return v;
}
static inline uint16_t rol16(z3_cpu *c, uint16_t v) {
  unsigned carry = flag(c, Z3_CPU_C);
  set_flag(c, Z3_CPU_C, v & 0x8000);
  v = (uint16_t)(v << 1 | carry);
  set_nz16(c, v);
  return v;
}
static inline uint8_t ror8(z3_cpu *c, uint8_t v) {
  unsigned carry = flag(c, Z3_CPU_C);
  set_flag(c, Z3_CPU_C, v & 1);
  v = (uint8_t)(v >> 1 | carry << 7);
  set_nz8(c, v);
  return v;
}
static inline uint16_t ror16(z3_cpu *c, uint16_t v) {
  unsigned carry = flag(c, Z3_CPU_C);
  set_flag(c, Z3_CPU_C, v & 1);
  v = (uint16_t)(v >> 1 | carry << 15);
  set_nz16(c, v);
  return v;
}
static inline uint8_t inc8(z3_cpu *c, uint8_t v) { v++, set_nz8(c, v); return v; }
static inline uint16_t inc16(z3_cpu *c, uint16_t v) { v++, set_nz16(c, v); return v; }
static inline uint8_t dec8(z3_cpu *c, uint8_t v) { v--, set_nz8(c, v); return v; }
static inline uint16_t dec16(z3_cpu *c, uint16_t v) { v--, set_nz16(c, v); return v; }
/* TSB/TRB: Z from A AND memory, then set or clear A's bits in memory. */
static inline uint8_t tsb8(z3_cpu *c, uint8_t v) {
  set_flag(c, Z3_CPU_Z, (c->r.a & v & 0xFF) == 0);
  return (uint8_t)(v | c->r.a);
}
static inline uint16_t tsb16(z3_cpu *c, uint16_t v) {
  set_flag(c, Z3_CPU_Z, (c->r.a & v) == 0);
  return v | c->r.a;
}
static inline uint8_t trb8(z3_cpu *c, uint8_t v) {
  set_flag(c, Z3_CPU_Z, (c->r.a & v & 0xFF) == 0);
  return (uint8_t)(v & ~c->r.a);
}
static inline uint16_t trb16(z3_cpu *c, uint16_t v) {
  set_flag(c, Z3_CPU_Z, (c->r.a & v) == 0);
  return (uint16_t)(v & ~c->r.a);
}

/* ---- templates ------------------------------------------------------------------------------ */

/* Memory: read, one internal cycle, write back (high byte first when 16-bit). */
#define RMW_OP(code, am, OP)                                                                   \
  CPU_OP(code) {                                                                               \
    cpu_ea e = am(c);                                                                          \
    if (m8(c)) {                                                                               \
      uint8_t v = rd(c, e.addr);                                                               \
      io(c);                                                                                   \
      wr(c, e.addr, OP##8(c, v));                                                              \
    } else {                                                                                   \
      uint16_t v = rd16(c, e);                                                                 \
      io(c);                                                                                   \
      v = OP##16(c, v);                                                                        \
      wr(c, ea_next(e), (uint8_t)(v >> 8));                                                    \
      wr(c, e.addr, (uint8_t)v);                                                               \
    }                                                                                          \
  }
#define ACC_OP(code, OP)                                                                       \
  CPU_OP(code) {                                                                               \
    io(c);                                                                                     \
    if (m8(c)) set_a8(c, OP##8(c, (uint8_t)c->r.a));                                           \
    else c->r.a = OP##16(c, c->r.a);                                                           \
  }
#define INDEX_OP(code, reg, OP)                                                                \
  CPU_OP(code) {                                                                               \
    io(c);                                                                                     \
    if (x8(c)) c->r.reg = OP##8(c, (uint8_t)c->r.reg);                                         \
    else c->r.reg = OP##16(c, c->r.reg);                                                       \
  }
#define SHIFT_ROW(r0, r1, OP)                                                                  \
  RMW_OP(r0##6, am_dp, OP)                                                                     \
  ACC_OP(r0##A, OP)                                                                            \
  RMW_OP(r0##E, am_abs, OP)                                                                    \
  RMW_OP(r1##6, am_dpx, OP)                                                                    \
  RMW_OP(r1##E, am_absx_w, OP)

SHIFT_ROW(0, 1, asl)
SHIFT_ROW(2, 3, rol)
SHIFT_ROW(4, 5, lsr)
SHIFT_ROW(6, 7, ror)
RMW_OP(C6, am_dp, dec)
RMW_OP(CE, am_abs, dec)
RMW_OP(D6, am_dpx, dec)
RMW_OP(DE, am_absx_w, dec)
ACC_OP(3A, dec)
RMW_OP(E6, am_dp, inc)
RMW_OP(EE, am_abs, inc)
RMW_OP(F6, am_dpx, inc)
RMW_OP(FE, am_absx_w, inc)
ACC_OP(1A, inc)
RMW_OP(04, am_dp, tsb)
RMW_OP(0C, am_abs, tsb)
RMW_OP(14, am_dp, trb)
RMW_OP(1C, am_abs, trb)
INDEX_OP(E8, x, inc)
INDEX_OP(C8, y, inc)
INDEX_OP(CA, x, dec)
INDEX_OP(88, y, dec)

/* ---- transfers --------------------------------------------------------------------------- */

/* Into an index register: its own width, whatever M is. */
static inline void to_index(z3_cpu *c, uint16_t *reg, uint16_t v) {
  if (x8(c)) *reg = v & 0xFF, set_nz8(c, (uint8_t)v);
  else *reg = v, set_nz16(c, v);
}
/* Into the accumulator: 8-bit keeps B. */
static inline void to_acc(z3_cpu *c, uint16_t v) {
  if (m8(c)) set_a8(c, (uint8_t)v), set_nz8(c, (uint8_t)v);
  else c->r.a = v, set_nz16(c, v);
}

CPU_OP(AA) { io(c), to_index(c, &c->r.x, c->r.a); }
CPU_OP(A8) { io(c), to_index(c, &c->r.y, c->r.a); }
CPU_OP(BA) { io(c), to_index(c, &c->r.x, c->r.s); }
CPU_OP(9B) { io(c), to_index(c, &c->r.y, c->r.x); }
CPU_OP(BB) { io(c), to_index(c, &c->r.x, c->r.y); }
CPU_OP(8A) { io(c), to_acc(c, c->r.x); }
CPU_OP(98) { io(c), to_acc(c, c->r.y); }
/* TCD, TDC, TSC move all 16 bits whatever M is. */
CPU_OP(5B) { io(c), c->r.d = c->r.a, set_nz16(c, c->r.d); }
CPU_OP(7B) { io(c), c->r.a = c->r.d, set_nz16(c, c->r.a); }
CPU_OP(3B) { io(c), c->r.a = c->r.s, set_nz16(c, c->r.a); }
/* TCS and TXS set no flags; emulation mode keeps S in page 1. */
CPU_OP(1B) {
  io(c);
  c->r.s = c->r.e ? (uint16_t)(0x100 | (c->r.a & 0xFF)) : c->r.a;
}
CPU_OP(9A) {
  io(c);
  c->r.s = c->r.e ? (uint16_t)(0x100 | (c->r.x & 0xFF)) : c->r.x;
}

/* XBA: swaps A and B; N and Z from the new A (8 bits). */
CPU_OP(EB) {
  io(c), io(c);
  c->r.a = (uint16_t)(c->r.a >> 8 | c->r.a << 8);
  set_nz8(c, (uint8_t)c->r.a);
}

/* ---- flags ---------------------------------------------------------------------------------- */

#define FLAG_OP(code, f, on)                                                                   \
  CPU_OP(code) { io(c), set_flag(c, f, on); }
FLAG_OP(18, Z3_CPU_C, false)
FLAG_OP(38, Z3_CPU_C, true)
FLAG_OP(58, Z3_CPU_I, false)
FLAG_OP(78, Z3_CPU_I, true)
FLAG_OP(B8, Z3_CPU_V, false)
FLAG_OP(D8, Z3_CPU_D, false)
FLAG_OP(F8, Z3_CPU_D, true)

/* REP / SEP: emulation mode cannot clear M or X; setting X clears the index
 * high bytes. */
CPU_OP(C2) {
  uint8_t v = fetch8(c);
  io(c);
  c->r.p &= (uint8_t)~v;
  fix_widths(c);
}
CPU_OP(E2) {
  uint8_t v = fetch8(c);
  io(c);
  c->r.p |= v;
  fix_widths(c);
}

/* XCE swaps C and E. Entering emulation mode forces M, X, 8-bit indexes and
 * S in page 1; leaving it keeps M and X set. */
CPU_OP(FB) {
  io(c);
  bool carry = flag(c, Z3_CPU_C);
  set_flag(c, Z3_CPU_C, c->r.e);
  c->r.e = carry;
  fix_widths(c);
}
