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

static z3_status pad_to(z3_buf *out, size_t start, size_t column) {
  size_t used = out->len - start;
  return z3_buf_printf(out, "%*s", (int)(used < column ? column - used : 1), "");
}

z3_status z3_disasm_format_line(const z3_insn *insn, const struct z3_symbols *syms, z3_buf *out,
                                z3_error *err) {
  size_t start = out->len;
  char text[40], where[10];
  z3_snes_format_address(insn->address, where);
  z3_status st = z3_buf_printf(out, "%s ", where);
  for (int i = 0; st == Z3_OK && i < insn->length; i++) st = z3_buf_printf(out, " %02X", insn->bytes[i]);
  if (st == Z3_OK) st = pad_to(out, start, 24);
  z3_disasm_instruction_text(insn, text, sizeof text);
  if (st == Z3_OK) st = z3_buf_printf(out, "%s", text);
  const char *label = syms ? z3_symbols_name_at(syms, insn->address) : NULL;
  const char *target_label = z3_disasm_target_label(insn, syms);
  if (st == Z3_OK && (label || insn->target_kind != Z3_TARGET_NONE)) st = pad_to(out, start, 44);
  if (st == Z3_OK && label) st = z3_buf_printf(out, "%s:", label);
  if (st == Z3_OK && insn->target_kind != Z3_TARGET_NONE) {
    z3_snes_format_address(insn->target, where);
    if (label) st = pad_to(out, start, 64);
    if (st == Z3_OK) st = z3_buf_printf(out, "; %s%s%s%s", insn->target_kind == Z3_TARGET_POINTER ? "ptr " : "",
                                        where, target_label ? " " : "", target_label ? target_label : "");
  }
  if (st == Z3_OK && out->len > start && out->data[out->len - 1] == ' ') out->data[--out->len] = '\0';
  return st == Z3_OK ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory formatting a listing");
}
