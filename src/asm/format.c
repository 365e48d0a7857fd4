/* Operand text and trace-style listing lines for decoded instructions. */
#include <stdio.h>
#include <string.h>

#include "asm/disasm.h"
#include "asm/symbols.h"

static size_t put(char *out, size_t cap, const char *fmt, unsigned a, unsigned b) {
  int n = snprintf(out, cap, fmt, a, b);
  if (n < 0) return 0;
  return (size_t)n < cap ? (size_t)n : (cap ? cap - 1 : 0);
}

size_t z3_disasm_operand_text(const z3_insn *insn, char *out, size_t cap) {
  unsigned op = insn->operand, target16 = insn->target & 0xFFFFu;
  const char *imm = insn->length == 3 ? "#$%04X" : "#$%02X";
  switch (insn->info->mode) {
    case Z3_AM_IMPLIED: return put(out, cap, "", 0, 0);
    case Z3_AM_ACCUMULATOR: return put(out, cap, "A", 0, 0);
    case Z3_AM_IMMEDIATE_M:
    case Z3_AM_IMMEDIATE_X:
    case Z3_AM_IMMEDIATE_8: return put(out, cap, imm, op, 0);
    case Z3_AM_IMMEDIATE_16: return put(out, cap, "$%04X", op, 0);
    case Z3_AM_DIRECT: return put(out, cap, "$%02X", op, 0);
    case Z3_AM_DIRECT_X: return put(out, cap, "$%02X,X", op, 0);
    case Z3_AM_DIRECT_Y: return put(out, cap, "$%02X,Y", op, 0);
    case Z3_AM_DIRECT_IND: return put(out, cap, "($%02X)", op, 0);
    case Z3_AM_DIRECT_X_IND: return put(out, cap, "($%02X,X)", op, 0);
    case Z3_AM_DIRECT_IND_Y: return put(out, cap, "($%02X),Y", op, 0);
    case Z3_AM_DIRECT_INDL: return put(out, cap, "[$%02X]", op, 0);
    case Z3_AM_DIRECT_INDL_Y: return put(out, cap, "[$%02X],Y", op, 0);
    case Z3_AM_STACK: return put(out, cap, "$%02X,S", op, 0);
    case Z3_AM_STACK_IND_Y: return put(out, cap, "($%02X,S),Y", op, 0);
    case Z3_AM_ABSOLUTE: return put(out, cap, "$%04X", op, 0);
    case Z3_AM_ABSOLUTE_X: return put(out, cap, "$%04X,X", op, 0);
    case Z3_AM_ABSOLUTE_Y: return put(out, cap, "$%04X,Y", op, 0);
    case Z3_AM_ABSOLUTE_IND: return put(out, cap, "($%04X)", op, 0);
    case Z3_AM_ABSOLUTE_X_IND: return put(out, cap, "($%04X,X)", op, 0);
    case Z3_AM_ABSOLUTE_INDL: return put(out, cap, "[$%04X]", op, 0);
    case Z3_AM_LONG: return put(out, cap, "$%06X", op, 0);
    case Z3_AM_LONG_X: return put(out, cap, "$%06X,X", op, 0);
    case Z3_AM_RELATIVE:
    case Z3_AM_RELATIVE_LONG: return put(out, cap, "$%04X", target16, 0);
    case Z3_AM_BLOCK_MOVE: return put(out, cap, "$%02X,$%02X", op >> 8, op & 0xFFu);
  }
  return put(out, cap, "", 0, 0);
}

size_t z3_disasm_instruction_text(const z3_insn *insn, char *out, size_t cap) {
  char operand[24];
  size_t n = z3_disasm_operand_text(insn, operand, sizeof operand);
  int w = snprintf(out, cap, "%s%s%s", insn->info->mnemonic, n ? " " : "", operand);
  if (w < 0) return 0;
  return (size_t)w < cap ? (size_t)w : (cap ? cap - 1 : 0);
}

/* Banks $00-$3F and $80-$BF see low WRAM at $0000-$1FFF and mirror each
 * other (FastROM), so a label may be filed under any of those names. */
const char *z3_disasm_target_label(const z3_insn *insn, const struct z3_symbols *syms) {
  if (!syms || insn->target_kind == Z3_TARGET_NONE) return NULL;
  uint32_t t = insn->target, bank = t >> 16, offset = t & 0xFFFFu;
  const char *name = z3_symbols_name_at(syms, t);
  bool system_bank = bank < 0x40 || (bank >= 0x80 && bank < 0xC0);
  if (!name && system_bank && offset < 0x2000) name = z3_symbols_name_at(syms, 0x7E0000u | offset);
  if (!name && system_bank) name = z3_symbols_name_at(syms, t ^ 0x800000u);
  return name;
}

/* A listing line is composed in a fixed buffer (no allocation, no printf for
 * the hex columns): formatting dominates listing time, see bench_asm.c. */
enum { LINE_MAX = 192 };

typedef struct line_buf {
  char text[LINE_MAX];
  size_t len;
} line_buf;

static void put_text(line_buf *l, const char *s) {
  while (*s && l->len + 1 < LINE_MAX) l->text[l->len++] = *s++;
}

static void put_hex(line_buf *l, uint32_t v, int digits) {
  static const char hex[] = "0123456789ABCDEF";
  for (int d = digits - 1; d >= 0 && l->len + 1 < LINE_MAX; d--) l->text[l->len++] = hex[(v >> (4 * d)) & 15];
}

static void put_address(line_buf *l, uint32_t address) {
  put_text(l, "$");
  put_hex(l, address >> 16, 2);
  put_text(l, ":");
  put_hex(l, address & 0xFFFFu, 4);
}

/* At least one blank, then up to the column. */
static void pad_to(line_buf *l, size_t column) {
  do {
    if (l->len + 1 >= LINE_MAX) return;
    l->text[l->len++] = ' ';
  } while (l->len < column);
}

z3_status z3_disasm_format_line(const z3_insn *insn, const struct z3_symbols *syms, z3_buf *out,
                                z3_error *err) {
  line_buf l = {.len = 0};
  put_address(&l, insn->address);
  put_text(&l, " ");
  for (int i = 0; i < insn->length; i++) {
    put_text(&l, " ");
    put_hex(&l, insn->bytes[i], 2);
  }
  pad_to(&l, 24);
  char text[40];
  z3_disasm_instruction_text(insn, text, sizeof text);
  put_text(&l, text);
  const char *label = syms ? z3_symbols_name_at(syms, insn->address) : NULL;
  bool has_target = insn->target_kind != Z3_TARGET_NONE;
  if (label || has_target) pad_to(&l, 44);
  if (label) {
    put_text(&l, label);
    put_text(&l, ":");
  }
  if (has_target) {
    const char *target_label = z3_disasm_target_label(insn, syms);
    pad_to(&l, 64); /* comments line up whether or not there is a label */
    put_text(&l, insn->target_kind == Z3_TARGET_POINTER ? "; ptr " : "; ");
    put_address(&l, insn->target);
    if (target_label) {
      put_text(&l, " ");
      put_text(&l, target_label);
    }
  }
  while (l.len && l.text[l.len - 1] == ' ') l.len--;
  l.text[l.len] = '\0';
  if (z3_buf_append(out, l.text, l.len, NULL) != Z3_OK || z3_buf_reserve(out, out->len + 1, NULL) != Z3_OK)
    return z3_error_set(err, Z3_E_NOMEM, "out of memory formatting a listing");
  out->data[out->len] = '\0';
  return Z3_OK;
}
