/*
 * debug/expr: the condition language of breakpoints and watchpoints.
 *
 * A condition is compiled once, when the breakpoint is set, into a small
 * postfix program; evaluating it costs a loop over that program. Values are
 * 64-bit signed integers; a condition holds when its value is not zero.
 *
 *   values     42, $2A, 0x2A, %101010; a label from the loaded symbols
 *   registers  a x y s d dbr pbr pc p e (e: emulation mode, 0 or 1);
 *              flags p.n p.v p.m p.x p.d p.i p.z p.c (0 or 1)
 *   machine    frame, scanline (the console's counters); value and address
 *              (the access that triggered a watchpoint; 0 for execution)
 *   memory     [ADDR] a byte and {ADDR} a little-endian word on the CPU bus,
 *              read without side effects
 *   operators  by precedence, loosest first: ||  &&  == != < <= > >=  |  ^  &
 *              << >>  + -  * / %  and the unary ! - ~; parentheses group
 *
 * Example: `a == $10 && [$7E0010] != 7 && p.c`. Division by zero yields 0.
 */
#ifndef Z3_DEBUG_EXPR_H
#define Z3_DEBUG_EXPR_H

#include <stdint.h>

#include "asm/symbols.h"
#include "base/base.h"
#include "emu/snes.h"

typedef struct z3_expr {
  struct z3_expr_op *ops;
  size_t count;
  char *text; /* as given, for listings */
} z3_expr;

/* What an evaluation reads besides the console. */
typedef struct z3_expr_access {
  uint32_t address;
  uint32_t value;
} z3_expr_access;

/* Compiles `text`; labels are looked up in `symbols` (may be NULL). Errors
 * say what was wrong and at which column (1-based): "column 9: expected a
 * value after '&&'". On error *out is empty. */
z3_status z3_expr_compile(z3_expr *out, const char *text, const z3_symbols *symbols, z3_error *err);
void z3_expr_release(z3_expr *e);

int64_t z3_expr_eval(const z3_expr *e, const z3_snes *snes, const z3_expr_access *access);

#endif
