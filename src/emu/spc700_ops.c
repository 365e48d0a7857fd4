/*
 * SPC700 opcodes: one switch, cases grouped by the opcode map's columns.
 * Every helper spends exactly the bus cycles the SingleStepTests vectors
 * list for its addressing mode, in their order (idle = a dummy read whose
 * byte is unknown, or a wait cycle). Operand bytes are fetched in program
 * order; for two-operand forms the first fetched byte is the source
 * ("OR dp,dp" reads the source first, "OR dp,#imm" the immediate first).
 */
#include "emu/spc700_internal.h"

/* ---- addresses ---------------------------------------------------------------------------- */

static uint16_t ea_dp(z3_spc700 *s) { return dp(s, fetch(s)); }
static uint16_t ea_dp_index(z3_spc700 *s, uint8_t index) {
  uint8_t d = fetch(s);
  io(s);
  return dp(s, (unsigned)d + index);
}
static uint16_t ea_abs_index(z3_spc700 *s, uint8_t index) {
  uint16_t a = fetch16(s);
  io(s);
  return (uint16_t)(a + index);
}
/* [dp+X]: the pointer at dp+X, wrapping in the page. */
static uint16_t ea_ind_x(z3_spc700 *s) {
  uint8_t d = fetch(s);
  io(s);
  uint16_t lo = rd(s, dp(s, (unsigned)d + s->r.x));
  return (uint16_t)(lo | rd(s, dp(s, (unsigned)d + s->r.x + 1)) << 8);
}
/* [dp]+Y. Loads spend the idle cycle before the pointer, stores after it. */
static uint16_t ea_ind_y(z3_spc700 *s, bool store) {
  uint8_t d = fetch(s);
  if (!store) io(s);
  uint16_t lo = rd(s, dp(s, d));
  uint16_t ptr = (uint16_t)(lo | rd(s, dp(s, d + 1u)) << 8);
  if (store) io(s);
  return (uint16_t)(ptr + s->r.y);
}
static uint16_t ea_x(z3_spc700 *s) {
  io(s);
  return dp(s, s->r.x);
}

/* The operand of the A-group column `low` (opcode & $1F) for loads. */
static uint8_t load_operand(z3_spc700 *s, uint8_t low) {
  switch (low) {
  case 0x04: return rd(s, ea_dp(s));
  case 0x05: return rd(s, fetch16(s));
  case 0x06: return rd(s, ea_x(s));
  case 0x07: return rd(s, ea_ind_x(s));
  case 0x08: return fetch(s);
  case 0x14: return rd(s, ea_dp_index(s, s->r.x));
  case 0x15: return rd(s, ea_abs_index(s, s->r.x));
  case 0x16: return rd(s, ea_abs_index(s, s->r.y));
  default: return rd(s, ea_ind_y(s, false)); /* 0x17 */
  }
}

/* The address of store column `low` (MOV mem,A: $C4-$C7, $D4-$D7). */
static uint16_t store_address(z3_spc700 *s, uint8_t low) {
  switch (low) {
  case 0x04: return ea_dp(s);
  case 0x05: return fetch16(s);
  case 0x06: return ea_x(s);
  case 0x07: return ea_ind_x(s);
  case 0x14: return ea_dp_index(s, s->r.x);
  case 0x15: return ea_abs_index(s, s->r.x);
  case 0x16: return ea_abs_index(s, s->r.y);
  default: return ea_ind_y(s, true); /* 0x17 */
  }
}

/* Stores read the target first (the chip's dummy read), then write. */
static void store(z3_spc700 *s, uint16_t addr, uint8_t v) {
  rd(s, addr);
  wr(s, addr, v);
}

/* ---- the A-group: OR AND EOR CMP ADC SBC ------------------------------------------------- */

/* Memory-to-memory forms write back the result, CMP spends an idle cycle instead. */
static void alu_to_memory(z3_spc700 *s, spc_alu alu, uint16_t addr, uint8_t src) {
  uint8_t v = alu(s, rd(s, addr), src);
  if (alu == z3_spc_cmp) io(s);
  else wr(s, addr, v);
}

static void alu_group(z3_spc700 *s, uint8_t op) {
  spc_alu alu = z3_spc_alu[op >> 5];
  uint8_t low = op & 0x1F;
  if (low == 0x09) { /* dp,dp */
    uint8_t src = rd(s, ea_dp(s));
    alu_to_memory(s, alu, ea_dp(s), src);
  } else if (low == 0x18) { /* dp,#imm */
    uint8_t imm = fetch(s);
    alu_to_memory(s, alu, ea_dp(s), imm);
  } else if (low == 0x19) { /* (X),(Y) */
    io(s);
    uint8_t src = rd(s, dp(s, s->r.y));
    alu_to_memory(s, alu, dp(s, s->r.x), src);
  } else {
    s->r.a = alu(s, s->r.a, load_operand(s, low));
  }
}

/* ASL ROL LSR ROR DEC INC on dp, dp+X, abs, A (columns $0B $1B $0C $1C). */
static void rmw_group(z3_spc700 *s, uint8_t op) {
  spc_rmw f = z3_spc_rmw[op >> 5];
  uint16_t addr;
  switch (op & 0x1F) {
  case 0x0B: addr = ea_dp(s); break;
  case 0x1B: addr = ea_dp_index(s, s->r.x); break;
  case 0x0C: addr = fetch16(s); break;
  default:
    io(s);
    s->r.a = f(s, s->r.a);
    return;
  }
  wr(s, addr, f(s, rd(s, addr)));
}

/* ---- branches and calls ------------------------------------------------------------------ */

static void branch_if(z3_spc700 *s, bool taken) {
  int8_t rel = (int8_t)fetch(s);
  if (!taken) return;
  io(s);
  io(s);
  s->r.pc = (uint16_t)(s->r.pc + rel);
}

/* BPL BMI BVC BVS BCC BCS BNE BEQ: bits 7-6 pick N V C Z, bit 5 the state. */
static void branch_on_flag(z3_spc700 *s, uint8_t op) {
  static const uint8_t flags[4] = {Z3_SPC_N, Z3_SPC_V, Z3_SPC_C, Z3_SPC_Z};
  branch_if(s, flag(s, flags[op >> 6]) == ((op & 0x20) != 0));
}

static void bit_branch(z3_spc700 *s, uint8_t op) { /* BBS/BBC dp.bit,rel */
  uint8_t v = rd(s, ea_dp(s));
  io(s);
  bool set = (v >> (op >> 5)) & 1;
  branch_if(s, (op & 0x10) ? !set : set);
}

static void call(z3_spc700 *s, uint16_t target, int idle_after) {
  push(s, (uint8_t)(s->r.pc >> 8));
  push(s, (uint8_t)s->r.pc);
  for (int i = 0; i < idle_after; i++) io(s);
  s->r.pc = target;
}

static uint16_t rd16(z3_spc700 *s, uint16_t addr) {
  uint16_t lo = rd(s, addr);
  return (uint16_t)(lo | rd(s, (uint16_t)(addr + 1)) << 8);
}

static void tcall(z3_spc700 *s, uint8_t op) {
  rd(s, s->r.pc);
  io(s);
  call(s, s->r.pc, 1);
  s->r.pc = rd16(s, (uint16_t)(0xFFDE - 2 * (op >> 4)));
}

static void brk(z3_spc700 *s) {
  io(s);
  push(s, (uint8_t)(s->r.pc >> 8));
  push(s, (uint8_t)s->r.pc);
  push(s, s->r.psw);
  io(s);
  s->r.pc = rd16(s, 0xFFDE);
  s->r.psw = (uint8_t)((s->r.psw | Z3_SPC_B) & ~Z3_SPC_I);
}

static void ret(z3_spc700 *s, bool interrupt) {
  io(s);
  io(s);
  if (interrupt) s->r.psw = pop(s);
  uint16_t lo = pop(s);
  s->r.pc = (uint16_t)(lo | pop(s) << 8);
}

/* ---- bits -------------------------------------------------------------------------------- */

static void set_clear_bit(z3_spc700 *s, uint8_t op) { /* SET1/CLR1 dp.bit */
  uint16_t addr = ea_dp(s);
  uint8_t mask = (uint8_t)(1u << (op >> 5)), v = rd(s, addr);
  wr(s, addr, (op & 0x10) ? (uint8_t)(v & ~mask) : (uint8_t)(v | mask));
}

/* OR1 OR1/ AND1 AND1/ EOR1 MOV1 C,m MOV1 m,C NOT1 on mem.bit (13-bit address, 3-bit bit). */
static void carry_bit_op(z3_spc700 *s, uint8_t op) {
  uint16_t operand = fetch16(s), addr = operand & 0x1FFF;
  unsigned bit = operand >> 13;
  uint8_t v = rd(s, addr);
  bool m = (v >> bit) & 1, c = flag(s, Z3_SPC_C);
  switch (op) {
  case 0x0A: io(s), c = c || m; break;
  case 0x2A: io(s), c = c || !m; break;
  case 0x4A: c = c && m; break;
  case 0x6A: c = c && !m; break;
  case 0x8A: io(s), c = c != m; break;
  case 0xAA: c = m; break;
  case 0xCA:
    io(s);
    wr(s, addr, (uint8_t)((v & ~(1u << bit)) | (unsigned)c << bit));
    return;
  default: /* 0xEA NOT1 */
    wr(s, addr, (uint8_t)(v ^ (1u << bit)));
    return;
  }
  set_flag(s, Z3_SPC_C, c);
}

static void test_and_set(z3_spc700 *s, bool set) { /* TSET1/TCLR1 !abs */
  uint16_t addr = fetch16(s);
  uint8_t v = rd(s, addr);
  rd(s, addr);
  set_nz(s, (uint8_t)(s->r.a - v));
  wr(s, addr, set ? (uint8_t)(v | s->r.a) : (uint8_t)(v & ~s->r.a));
}

/* ---- 16-bit ------------------------------------------------------------------------------ */

static uint16_t ya(const z3_spc700 *s) { return (uint16_t)(s->r.y << 8 | s->r.a); }
static void set_ya(z3_spc700 *s, uint16_t v) {
  s->r.a = (uint8_t)v, s->r.y = (uint8_t)(v >> 8);
}
static void set_nz16(z3_spc700 *s, uint16_t v) {
  set_flag(s, Z3_SPC_N, v & 0x8000);
  set_flag(s, Z3_SPC_Z, v == 0);
}

static void word_step(z3_spc700 *s, int delta) { /* INCW/DECW dp */
  uint8_t d = fetch(s);
  uint16_t lo = rd(s, dp(s, d));
  wr(s, dp(s, d), (uint8_t)(lo + delta));
  uint16_t v = (uint16_t)((lo | rd(s, dp(s, d + 1u)) << 8) + delta);
  wr(s, dp(s, d + 1u), (uint8_t)(v >> 8));
  set_nz16(s, v);
}

/* ADDW/SUBW/CMPW/MOVW YA,dp: the word at dp (CMPW reads it without an idle cycle). */
static uint16_t read_word(z3_spc700 *s, bool idle) {
  uint8_t d = fetch(s);
  uint16_t lo = rd(s, dp(s, d));
  if (idle) io(s);
  return (uint16_t)(lo | rd(s, dp(s, d + 1u)) << 8);
}

static void word_op(z3_spc700 *s, uint8_t op) {
  if (op == 0x1A || op == 0x3A) {
    word_step(s, op == 0x3A ? 1 : -1);
  } else if (op == 0x5A) {
    uint16_t m = read_word(s, false);
    int diff = ya(s) - m;
    set_flag(s, Z3_SPC_C, diff >= 0);
    set_nz16(s, (uint16_t)diff);
  } else if (op == 0x7A || op == 0x9A) {
    uint16_t m = read_word(s, true);
    bool add = op == 0x7A;
    set_flag(s, Z3_SPC_C, !add);
    uint8_t lo = add ? z3_spc_adc(s, s->r.a, (uint8_t)m) : z3_spc_sbc(s, s->r.a, (uint8_t)m);
    uint8_t hi = add ? z3_spc_adc(s, s->r.y, (uint8_t)(m >> 8))
                     : z3_spc_sbc(s, s->r.y, (uint8_t)(m >> 8));
    set_ya(s, (uint16_t)(hi << 8 | lo));
    set_flag(s, Z3_SPC_Z, ya(s) == 0);
  } else if (op == 0xBA) {
    set_ya(s, read_word(s, true));
    set_nz16(s, ya(s));
  } else if (op == 0xDA) {
    uint8_t d = fetch(s);
    rd(s, dp(s, d));
    wr(s, dp(s, d), s->r.a);
    wr(s, dp(s, d + 1u), s->r.y);
  } else { /* 0xFA MOV dp,dp */
    uint8_t v = rd(s, ea_dp(s));
    wr(s, ea_dp(s), v);
  }
}

/* ---- multiply, divide, decimal ----------------------------------------------------------- */

static void idle_n(z3_spc700 *s, int n) {
  for (int i = 0; i < n; i++) io(s);
}

static void mul(z3_spc700 *s) {
  idle_n(s, 8);
  set_ya(s, (uint16_t)(s->r.y * s->r.a));
  set_nz(s, s->r.y); /* flags from Y alone */
}

/* Quotients that do not fit in nine bits come out as the chip's divider
 * leaves them (the formula bsnes and Mesen use, checked by the vectors). */
static void div(z3_spc700 *s) {
  idle_n(s, 11);
  unsigned n = ya(s), x = s->r.x, y = s->r.y;
  set_flag(s, Z3_SPC_H, (y & 15) >= (x & 15));
  set_flag(s, Z3_SPC_V, y >= x);
  if (y < x << 1) {
    s->r.a = (uint8_t)(n / x), s->r.y = (uint8_t)(n % x);
  } else {
    s->r.a = (uint8_t)(255 - (n - (x << 9)) / (256 - x));
    s->r.y = (uint8_t)(x + (n - (x << 9)) % (256 - x));
  }
  set_nz(s, s->r.a);
}

static void decimal_adjust(z3_spc700 *s, bool add) {
  idle_n(s, 2);
  uint8_t a = s->r.a;
  if (add) {
    if (flag(s, Z3_SPC_C) || a > 0x99) a = (uint8_t)(a + 0x60), set_flag(s, Z3_SPC_C, true);
    if (flag(s, Z3_SPC_H) || (a & 15) > 9) a = (uint8_t)(a + 6);
  } else {
    if (!flag(s, Z3_SPC_C) || a > 0x99) a = (uint8_t)(a - 0x60), set_flag(s, Z3_SPC_C, false);
    if (!flag(s, Z3_SPC_H) || (a & 15) > 9) a = (uint8_t)(a - 6);
  }
  s->r.a = set_nz(s, a);
}

/* ---- register moves and stack ------------------------------------------------------------ */

/* MOV between registers ($x D column $1D, $5D ... and INC/DEC X/Y): one idle cycle. */
static void register_op(z3_spc700 *s, uint8_t op) {
  z3_spc700_regs *r = &s->r;
  io(s);
  switch (op) {
  case 0x1D: r->x = set_nz(s, (uint8_t)(r->x - 1)); break;
  case 0x3D: r->x = set_nz(s, (uint8_t)(r->x + 1)); break;
  case 0x5D: r->x = set_nz(s, r->a); break;
  case 0x7D: r->a = set_nz(s, r->x); break;
  case 0x9D: r->x = set_nz(s, r->sp); break;
  case 0xBD: r->sp = r->x; break;
  case 0xDD: r->a = set_nz(s, r->y); break;
  case 0xFD: r->y = set_nz(s, r->a); break;
  case 0xDC: r->y = set_nz(s, (uint8_t)(r->y - 1)); break;
  default: r->y = set_nz(s, (uint8_t)(r->y + 1)); break; /* 0xFC */
  }
}

static uint8_t *stack_register(z3_spc700 *s, uint8_t op) {
  switch (op & 0x60) {
  case 0x00: return &s->r.psw;
  case 0x20: return &s->r.a;
  case 0x40: return &s->r.x;
  default: return &s->r.y;
  }
}

static void push_op(z3_spc700 *s, uint8_t op) {
  io(s);
  push(s, *stack_register(s, op));
  io(s);
}

static void pop_op(z3_spc700 *s, uint8_t op) {
  io(s);
  io(s);
  *stack_register(s, op) = pop(s);
}

/* CLRP SETP CLRC SETC EI DI CLRV and NOTC. */
static void flag_op(z3_spc700 *s, uint8_t op) {
  io(s);
  switch (op) {
  case 0x20: set_flag(s, Z3_SPC_P, false); break;
  case 0x40: set_flag(s, Z3_SPC_P, true); break;
  case 0x60: set_flag(s, Z3_SPC_C, false); break;
  case 0x80: set_flag(s, Z3_SPC_C, true); break;
  case 0xA0: io(s), set_flag(s, Z3_SPC_I, true); break;
  case 0xC0: io(s), set_flag(s, Z3_SPC_I, false); break;
  case 0xE0: s->r.psw &= (uint8_t)~(Z3_SPC_V | Z3_SPC_H); break;
  default: io(s), s->r.psw ^= Z3_SPC_C; break; /* 0xED */
  }
}

/* ---- X and Y loads, stores and compares ---------------------------------------------------- */

static void index_op(z3_spc700 *s, uint8_t op) {
  z3_spc700_regs *r = &s->r;
  switch (op) {
  case 0x1E: z3_spc_cmp(s, r->x, rd(s, fetch16(s))); break;
  case 0x3E: z3_spc_cmp(s, r->x, rd(s, ea_dp(s))); break;
  case 0xC8: z3_spc_cmp(s, r->x, fetch(s)); break;
  case 0x5E: z3_spc_cmp(s, r->y, rd(s, fetch16(s))); break;
  case 0x7E: z3_spc_cmp(s, r->y, rd(s, ea_dp(s))); break;
  case 0xAD: z3_spc_cmp(s, r->y, fetch(s)); break;
  case 0x8D: r->y = set_nz(s, fetch(s)); break;
  case 0xCD: r->x = set_nz(s, fetch(s)); break;
  case 0xE9: r->x = set_nz(s, rd(s, fetch16(s))); break;
  case 0xF8: r->x = set_nz(s, rd(s, ea_dp(s))); break;
  case 0xF9: r->x = set_nz(s, rd(s, ea_dp_index(s, r->y))); break;
  case 0xEB: r->y = set_nz(s, rd(s, ea_dp(s))); break;
  case 0xEC: r->y = set_nz(s, rd(s, fetch16(s))); break;
  case 0xFB: r->y = set_nz(s, rd(s, ea_dp_index(s, r->x))); break;
  case 0xC9: store(s, fetch16(s), r->x); break;
  case 0xD8: store(s, ea_dp(s), r->x); break;
  case 0xD9: store(s, ea_dp_index(s, r->y), r->x); break;
  case 0xCB: store(s, ea_dp(s), r->y); break;
  case 0xCC: store(s, fetch16(s), r->y); break;
  default: store(s, ea_dp_index(s, r->x), r->y); break; /* 0xDB */
  }
}

/* ---- the rest of columns $x E / $x F ------------------------------------------------------- */

static void compare_branch(z3_spc700 *s, uint8_t op) { /* CBNE dp / dp+X, DBNZ dp / Y */
  if (op == 0x2E || op == 0xDE) {
    uint8_t v = rd(s, op == 0x2E ? ea_dp(s) : ea_dp_index(s, s->r.x));
    io(s);
    branch_if(s, s->r.a != v);
  } else if (op == 0x6E) {
    uint16_t addr = ea_dp(s);
    uint8_t v = (uint8_t)(rd(s, addr) - 1);
    wr(s, addr, v);
    branch_if(s, v != 0);
  } else { /* 0xFE DBNZ Y */
    io(s);
    io(s);
    branch_if(s, --s->r.y != 0);
  }
}

static void misc_op(z3_spc700 *s, uint8_t op) {
  z3_spc700_regs *r = &s->r;
  switch (op) {
  case 0x0E: test_and_set(s, true); break;
  case 0x4E: test_and_set(s, false); break;
  case 0x9E: div(s); break;
  case 0xBE: decimal_adjust(s, false); break;
  case 0xDF: decimal_adjust(s, true); break;
  case 0xCF: mul(s); break;
  case 0x9F:
    idle_n(s, 4);
    r->a = set_nz(s, (uint8_t)(r->a >> 4 | r->a << 4));
    break;
  case 0x0F: brk(s); break;
  case 0x2F: branch_if(s, true); break;
  case 0x4F: {
    uint8_t low = fetch(s);
    io(s);
    call(s, (uint16_t)(0xFF00 | low), 1);
    break;
  }
  case 0x3F: {
    uint16_t target = fetch16(s);
    io(s);
    call(s, target, 2);
    break;
  }
  case 0x1F: r->pc = rd16(s, ea_abs_index(s, r->x)); break;
  case 0x5F: r->pc = fetch16(s); break;
  case 0x6F: ret(s, false); break;
  case 0x7F: ret(s, true); break;
  case 0x8F: {
    uint8_t imm = fetch(s);
    store(s, ea_dp(s), imm);
    break;
  }
  case 0xAF:
    io(s);
    io(s);
    wr(s, dp(s, r->x++), r->a);
    break;
  case 0xBF:
    io(s);
    r->a = set_nz(s, rd(s, dp(s, r->x++)));
    io(s);
    break;
  default: /* 0xEF SLEEP, 0xFF STOP */
    idle_n(s, 6);
    s->halted = true;
    break;
  }
}

void z3_spc_execute(z3_spc700 *s, uint8_t op) {
  uint8_t low = op & 0x1F;
  switch (low) {
  case 0x00: if (op == 0x00) io(s); else flag_op(s, op); return;
  case 0x10: branch_on_flag(s, op); return;
  case 0x01: case 0x11: tcall(s, op); return;
  case 0x02: case 0x12: set_clear_bit(s, op); return;
  case 0x03: case 0x13: bit_branch(s, op); return;
  case 0x0A: carry_bit_op(s, op); return;
  case 0x1A: word_op(s, op); return;
  case 0x1D: register_op(s, op); return;
  default: break;
  }
  if (op < 0xC0 && (low == 0x0B || low == 0x1B || low == 0x0C || low == 0x1C)) {
    rmw_group(s, op);
  } else if (op < 0xC0 && ((low >= 0x04 && low <= 0x09) || (low >= 0x14 && low <= 0x19))) {
    alu_group(s, op);
  } else if (op >= 0xC4 && op <= 0xD7 && (low & 0x0C) == 0x04) {
    uint8_t a = s->r.a;
    store(s, store_address(s, low), a);
  } else if (op >= 0xE4 && (low & 0x0C) == 0x04) {
    s->r.a = set_nz(s, load_operand(s, low));
  } else if (op == 0xE8) {
    s->r.a = set_nz(s, fetch(s));
  } else if (op == 0xDC || op == 0xFC) {
    register_op(s, op);
  } else if (low == 0x0D && op <= 0x6D) {
    push_op(s, op);
  } else if (low == 0x0E && op >= 0x8E) {
    pop_op(s, op);
  } else if (op == 0xED) {
    flag_op(s, op);
  } else if (op == 0x2E || op == 0xDE || op == 0x6E || op == 0xFE) {
    compare_branch(s, op);
  } else if (low == 0x0E || low == 0x0F || low == 0x1E || low == 0x1F) {
    if (op == 0x1E || op == 0x3E || op == 0x5E || op == 0x7E) index_op(s, op);
    else misc_op(s, op);
  } else {
    index_op(s, op);
  }
}
