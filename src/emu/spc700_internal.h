/* Private to src/emu/spc700*.c: bus-cycle helpers, addressing modes, ALU. */
#ifndef Z3_EMU_SPC700_INTERNAL_H
#define Z3_EMU_SPC700_INTERNAL_H

#include "emu/spc700.h"

static inline uint8_t rd(z3_spc700 *s, uint16_t addr) {
  s->cycles++;
  return s->bus.read(s->bus.ctx, addr);
}
static inline void wr(z3_spc700 *s, uint16_t addr, uint8_t v) {
  s->cycles++;
  s->bus.write(s->bus.ctx, addr, v);
}
static inline void io(z3_spc700 *s) {
  s->cycles++;
  s->bus.idle(s->bus.ctx);
}
static inline uint8_t fetch(z3_spc700 *s) { return rd(s, s->r.pc++); }
static inline uint16_t fetch16(z3_spc700 *s) {
  uint16_t lo = fetch(s);
  return (uint16_t)(lo | fetch(s) << 8);
}

/* Direct page: page 0 or 1 by P; offsets wrap inside the page. */
static inline uint16_t dp(const z3_spc700 *s, unsigned offset) {
  return (uint16_t)((s->r.psw & Z3_SPC_P ? 0x100 : 0) | (offset & 0xFF));
}

static inline void push(z3_spc700 *s, uint8_t v) { wr(s, (uint16_t)(0x100 | s->r.sp--), v); }
static inline uint8_t pop(z3_spc700 *s) { return rd(s, (uint16_t)(0x100 | ++s->r.sp)); }

static inline bool flag(const z3_spc700 *s, uint8_t f) { return (s->r.psw & f) != 0; }
static inline void set_flag(z3_spc700 *s, uint8_t f, bool on) {
  s->r.psw = (uint8_t)(on ? s->r.psw | f : s->r.psw & ~f);
}
static inline uint8_t set_nz(z3_spc700 *s, uint8_t v) {
  set_flag(s, Z3_SPC_N, v & 0x80);
  set_flag(s, Z3_SPC_Z, v == 0);
  return v;
}

/* The eight ALU operations of the A-group opcodes, indexed by opcode >> 5
 * (OR AND EOR CMP ADC SBC), and the read-modify-write ones (ASL ROL LSR ROR
 * DEC INC). CMP returns its left operand unchanged. */
typedef uint8_t (*spc_alu)(z3_spc700 *s, uint8_t a, uint8_t b);
typedef uint8_t (*spc_rmw)(z3_spc700 *s, uint8_t v);
extern const spc_alu z3_spc_alu[6];
extern const spc_rmw z3_spc_rmw[6];
uint8_t z3_spc_adc(z3_spc700 *s, uint8_t a, uint8_t b);
uint8_t z3_spc_sbc(z3_spc700 *s, uint8_t a, uint8_t b);
uint8_t z3_spc_cmp(z3_spc700 *s, uint8_t a, uint8_t b);

/* Runs the instruction whose opcode was just fetched. */
void z3_spc_execute(z3_spc700 *s, uint8_t op);

#endif
