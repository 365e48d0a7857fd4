/*
 * Private to src/emu/cpu*.c: bus cycles, operand fetch, flags, the stack and
 * every addressing mode of the 65C816, as inline helpers so that each opcode
 * handler compiles to straight-line code.
 *
 * Conventions:
 *  - One helper call = one bus cycle (read, write or idle), in the order of the
 *    WDC datasheet's cycle tables, so the cycle count of an instruction is the
 *    number of helper calls it makes.
 *  - In emulation mode P always holds M and X (bits 5 and 4) set, the index
 *    high bytes are 0 and S is $01xx; every instruction that could break this
 *    restores it before it ends.
 *  - An effective address is 24 bits plus the mask that gives the address of
 *    its next byte: data in bank 0 (direct page, stack) wraps at $FFFF within
 *    bank 0, data reached through DBR or a long pointer carries into the next
 *    bank.
 */
#ifndef Z3_EMU_CPU_INTERNAL_H
#define Z3_EMU_CPU_INTERNAL_H

#include "emu/cpu.h"

#define CPU_LIKELY(x) __builtin_expect(!!(x), 1)
#define CPU_UNLIKELY(x) __builtin_expect(!!(x), 0)

enum { WRAP_BANK0 = 0xFFFF, WRAP_LONG = 0xFFFFFF };

typedef struct cpu_ea {
  uint32_t addr; /* 24-bit address of the first (low) byte */
  uint32_t wrap; /* WRAP_BANK0 or WRAP_LONG */
} cpu_ea;

typedef void (*cpu_op)(z3_cpu *c);
/* The 256 handlers, indexed by opcode (cpu_table.c). */
extern const cpu_op z3_cpu_ops[256];

/* One handler per opcode, z3_cpu_op_00 .. z3_cpu_op_FF (upper-case hex),
 * defined in the cpu_ops_*.c file of its topic. */
#define CPU_OP(code) void z3_cpu_op_##code(z3_cpu *c)
#define CPU_ROW(h, X)                                                                          \
  X(h##0) X(h##1) X(h##2) X(h##3) X(h##4) X(h##5) X(h##6) X(h##7) X(h##8) X(h##9) X(h##A)       \
  X(h##B) X(h##C) X(h##D) X(h##E) X(h##F)
#define CPU_ALL_OPS(X)                                                                         \
  CPU_ROW(0, X) CPU_ROW(1, X) CPU_ROW(2, X) CPU_ROW(3, X) CPU_ROW(4, X) CPU_ROW(5, X)          \
  CPU_ROW(6, X) CPU_ROW(7, X) CPU_ROW(8, X) CPU_ROW(9, X) CPU_ROW(A, X) CPU_ROW(B, X)          \
  CPU_ROW(C, X) CPU_ROW(D, X) CPU_ROW(E, X) CPU_ROW(F, X)
#define CPU_DECLARE(code) CPU_OP(code);
CPU_ALL_OPS(CPU_DECLARE)
#undef CPU_DECLARE

/* ---- bus cycles ----------------------------------------------------------- */

static inline uint8_t rd(z3_cpu *c, uint32_t addr) {
  c->cycles++;
  return c->bus.read(c->bus.ctx, addr);
}
static inline void wr(z3_cpu *c, uint32_t addr, uint8_t v) {
  c->cycles++;
  c->bus.write(c->bus.ctx, addr, v);
}
static inline void io(z3_cpu *c) {
  c->cycles++;
  c->bus.idle(c->bus.ctx);
}

static inline uint32_t ea_next(cpu_ea e) { return (e.addr + 1) & e.wrap; }
static inline cpu_ea ea_bank0(uint32_t addr) { return (cpu_ea){addr & 0xFFFF, WRAP_BANK0}; }
static inline cpu_ea ea_long(uint32_t addr) { return (cpu_ea){addr & 0xFFFFFF, WRAP_LONG}; }

static inline uint16_t rd16(z3_cpu *c, cpu_ea e) {
  uint16_t lo = rd(c, e.addr);
  return (uint16_t)(lo | rd(c, ea_next(e)) << 8);
}

/* ---- program fetch: the PC wraps within its bank ---------------------------- */

static inline uint32_t pc24(const z3_cpu *c) { return (uint32_t)c->r.pbr << 16 | c->r.pc; }

static inline uint8_t fetch8(z3_cpu *c) {
  uint8_t v = rd(c, pc24(c));
  c->r.pc++;
  return v;
}
static inline uint16_t fetch16(z3_cpu *c) {
  uint16_t lo = fetch8(c);
  return (uint16_t)(lo | fetch8(c) << 8);
}
static inline uint32_t fetch24(z3_cpu *c) {
  uint32_t lo = fetch16(c);
  return lo | (uint32_t)fetch8(c) << 16;
}

/* ---- flags and register widths ------------------------------------------------ */

static inline bool m8(const z3_cpu *c) { return c->r.p & Z3_CPU_M; }
static inline bool x8(const z3_cpu *c) { return c->r.p & Z3_CPU_X; }
static inline bool flag(const z3_cpu *c, uint8_t f) { return c->r.p & f; }
static inline void set_flag(z3_cpu *c, uint8_t f, bool on) {
  c->r.p = on ? (uint8_t)(c->r.p | f) : (uint8_t)(c->r.p & ~f);
}
static inline void set_nz8(z3_cpu *c, uint8_t v) {
  c->r.p = (uint8_t)((c->r.p & ~(Z3_CPU_N | Z3_CPU_Z)) | (v & 0x80) | (v == 0 ? Z3_CPU_Z : 0));
}
static inline void set_nz16(z3_cpu *c, uint16_t v) {
  c->r.p = (uint8_t)((c->r.p & ~(Z3_CPU_N | Z3_CPU_Z)) | (v >> 8 & 0x80) | (v == 0 ? Z3_CPU_Z : 0));
}
static inline void set_a8(z3_cpu *c, uint8_t v) { c->r.a = (uint16_t)((c->r.a & 0xFF00) | v); }

/* Applies the rules P's M and X bits imply: 8-bit index registers have a zero
 * high byte, and emulation mode forces both bits (and S's page). */
static inline void fix_widths(z3_cpu *c) {
  if (c->r.e) {
    c->r.p |= Z3_CPU_M | Z3_CPU_X;
    c->r.s = (uint16_t)(0x100 | (c->r.s & 0xFF));
  }
  if (c->r.p & Z3_CPU_X) {
    c->r.x &= 0xFF;
    c->r.y &= 0xFF;
  }
}

/* ---- the stack -----------------------------------------------------------------
 * 6502 instructions keep S in page 1 at every byte in emulation mode; the
 * 65816's own instructions (PEA, PEI, PER, PHD, PLD, PLB, JSL, RTL,
 * JSR (a,X)) move S as a 16-bit register and only the final S is put back in
 * page 1 (stack_fix). */

static inline void push8(z3_cpu *c, uint8_t v) {
  wr(c, c->r.s, v);
  c->r.s = c->r.e ? (uint16_t)(0x100 | ((c->r.s - 1) & 0xFF)) : (uint16_t)(c->r.s - 1);
}
static inline uint8_t pull8(z3_cpu *c) {
  c->r.s = c->r.e ? (uint16_t)(0x100 | ((c->r.s + 1) & 0xFF)) : (uint16_t)(c->r.s + 1);
  return rd(c, c->r.s);
}
static inline void push16(z3_cpu *c, uint16_t v) {
  push8(c, (uint8_t)(v >> 8));
  push8(c, (uint8_t)v);
}
static inline uint16_t pull16(z3_cpu *c) {
  uint16_t lo = pull8(c);
  return (uint16_t)(lo | pull8(c) << 8);
}
static inline void push8_new(z3_cpu *c, uint8_t v) {
  wr(c, c->r.s, v);
  c->r.s--;
}
static inline uint8_t pull8_new(z3_cpu *c) {
  c->r.s++;
  return rd(c, c->r.s);
}
static inline void push16_new(z3_cpu *c, uint16_t v) {
  push8_new(c, (uint8_t)(v >> 8));
  push8_new(c, (uint8_t)v);
}
static inline uint16_t pull16_new(z3_cpu *c) {
  uint16_t lo = pull8_new(c);
  return (uint16_t)(lo | pull8_new(c) << 8);
}
static inline void stack_fix(z3_cpu *c) {
  if (c->r.e) c->r.s = (uint16_t)(0x100 | (c->r.s & 0xFF));
}

/* ---- addressing modes --------------------------------------------------------
 * Each consumes the operand bytes and the internal cycles the mode costs and
 * returns the effective address. `_w` variants are for stores and
 * read-modify-write, which always spend the index cycle. */

/* Emulation mode with DL = 0 keeps direct page indexing inside the page. */
static inline bool dp_page_wraps(const z3_cpu *c) { return c->r.e && (c->r.d & 0xFF) == 0; }

static inline uint8_t dp_operand(z3_cpu *c) {
  uint8_t off = fetch8(c);
  if (c->r.d & 0xFF) io(c);
  return off;
}
static inline uint32_t dp_indexed_addr(const z3_cpu *c, uint8_t off, uint16_t index) {
  if (dp_page_wraps(c)) return (uint32_t)(c->r.d | ((off + index) & 0xFF));
  return (uint32_t)(c->r.d + off + index) & 0xFFFF;
}

static inline cpu_ea am_dp(z3_cpu *c) {
  uint8_t off = dp_operand(c);
  return ea_bank0((uint32_t)c->r.d + off);
}
static inline cpu_ea am_dp_index(z3_cpu *c, uint16_t index) {
  uint8_t off = dp_operand(c);
  io(c);
  return ea_bank0(dp_indexed_addr(c, off, index));
}
static inline cpu_ea am_dpx(z3_cpu *c) { return am_dp_index(c, c->r.x); }
static inline cpu_ea am_dpy(z3_cpu *c) { return am_dp_index(c, c->r.y); }

static inline cpu_ea am_abs(z3_cpu *c) {
  uint16_t a = fetch16(c);
  return ea_long((uint32_t)c->r.dbr << 16 | a);
}
/* Reads spend the index cycle only with 16-bit index registers or when the
 * index carries into the next page. */
static inline cpu_ea am_abs_index(z3_cpu *c, uint16_t index, bool always_io) {
  uint16_t a = fetch16(c);
  if (always_io || !x8(c) || ((a & 0xFF) + (index & 0xFF)) > 0xFF) io(c);
  return ea_long(((uint32_t)c->r.dbr << 16 | a) + index);
}
static inline cpu_ea am_absx(z3_cpu *c) { return am_abs_index(c, c->r.x, false); }
static inline cpu_ea am_absy(z3_cpu *c) { return am_abs_index(c, c->r.y, false); }
static inline cpu_ea am_absx_w(z3_cpu *c) { return am_abs_index(c, c->r.x, true); }
static inline cpu_ea am_absy_w(z3_cpu *c) { return am_abs_index(c, c->r.y, true); }

static inline cpu_ea am_long(z3_cpu *c) { return ea_long(fetch24(c)); }
static inline cpu_ea am_longx(z3_cpu *c) { return ea_long(fetch24(c) + c->r.x); }

/* The 16-bit pointer of (dp) and (dp),Y: in emulation mode with DL = 0 its
 * high byte comes from the same page. */
static inline uint16_t dp_pointer(z3_cpu *c) {
  uint8_t off = dp_operand(c);
  uint32_t lo_at = (uint32_t)(c->r.d + off) & 0xFFFF;
  uint32_t hi_at = dp_page_wraps(c) ? (uint32_t)(c->r.d | ((off + 1) & 0xFF)) : (lo_at + 1) & 0xFFFF;
  uint16_t lo = rd(c, lo_at);
  return (uint16_t)(lo | rd(c, hi_at) << 8);
}
static inline cpu_ea am_dp_ind(z3_cpu *c) {
  uint16_t ptr = dp_pointer(c);
  return ea_long((uint32_t)c->r.dbr << 16 | ptr);
}
static inline cpu_ea am_dp_ind_y_mode(z3_cpu *c, bool always_io) {
  uint16_t ptr = dp_pointer(c);
  if (always_io || !x8(c) || ((ptr & 0xFF) + (c->r.y & 0xFF)) > 0xFF) io(c);
  return ea_long(((uint32_t)c->r.dbr << 16 | ptr) + c->r.y);
}
static inline cpu_ea am_dp_ind_y(z3_cpu *c) { return am_dp_ind_y_mode(c, false); }
static inline cpu_ea am_dp_ind_y_w(z3_cpu *c) { return am_dp_ind_y_mode(c, true); }

/* (dp,X): in emulation mode the pointer's high byte is read from the page of
 * its low byte even when DL is not 0 (real hardware: $02FF then $0200). */
static inline cpu_ea am_dp_x_ind(z3_cpu *c) {
  uint8_t off = dp_operand(c);
  io(c);
  uint32_t lo_at = dp_indexed_addr(c, off, c->r.x);
  uint32_t hi_at = c->r.e ? (lo_at & 0xFF00) | ((lo_at + 1) & 0xFF) : (lo_at + 1) & 0xFFFF;
  uint16_t lo = rd(c, lo_at);
  uint16_t ptr = (uint16_t)(lo | rd(c, hi_at) << 8);
  return ea_long((uint32_t)c->r.dbr << 16 | ptr);
}

/* [dp] and [dp],Y are 65816 modes: no page wrapping, even in emulation mode. */
static inline uint32_t dp_long_pointer(z3_cpu *c) {
  uint8_t off = dp_operand(c);
  cpu_ea p = ea_bank0((uint32_t)c->r.d + off);
  uint32_t lo = rd(c, p.addr);
  p.addr = ea_next(p);
  lo |= (uint32_t)rd(c, p.addr) << 8;
  return lo | (uint32_t)rd(c, ea_next(p)) << 16;
}
static inline cpu_ea am_dp_long(z3_cpu *c) { return ea_long(dp_long_pointer(c)); }
static inline cpu_ea am_dp_long_y(z3_cpu *c) { return ea_long(dp_long_pointer(c) + c->r.y); }

static inline cpu_ea am_sr(z3_cpu *c) {
  uint8_t off = fetch8(c);
  io(c);
  return ea_bank0((uint32_t)c->r.s + off);
}
static inline cpu_ea am_sr_ind_y(z3_cpu *c) {
  cpu_ea p = am_sr(c);
  uint16_t ptr = rd16(c, p);
  io(c);
  return ea_long(((uint32_t)c->r.dbr << 16 | ptr) + c->r.y);
}

/* ---- shared entry points ----------------------------------------------------------- */

/* Interrupt entry after the first two cycles: pushes the frame the mode
 * requires (native: PBR, PC, P; emulation: PC, P) and jumps through the
 * vector of the current mode. `software` (BRK, COP) pushes P's bit 4 as it is
 * (B = 1 in emulation mode); IRQ, NMI and ABORT push it clear in emulation
 * mode. */
void z3_cpu_interrupt(z3_cpu *c, uint16_t native_vector, uint16_t emu_vector, bool software);

/* ALU (cpu_alu.c): ADC and SBC in binary and decimal, 8 and 16 bits. */
void z3_cpu_adc(z3_cpu *c, uint16_t v, bool wide);
void z3_cpu_sbc(z3_cpu *c, uint16_t v, bool wide);

#endif
