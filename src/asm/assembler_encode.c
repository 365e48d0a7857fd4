/* Instructions: the operand's syntax picks a family of addressing modes, the
 * value (or a .b/.w/.l suffix, or the digits a literal was written with) picks
 * the width, and the opcode table (opcodes.c, shared with the disassembler)
 * gives the byte. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "asm/assembler_internal.h"
#include "asm/disasm.h"

typedef enum form {
  F_NONE, F_ACC, F_IMM, F_PLAIN, F_X, F_Y, F_S, F_IND, F_IND_X, F_IND_Y, F_IND_S_Y, F_LIND,
  F_LIND_Y, F_BAD,
} form;

/* Candidate modes of each form, by operand width 1, 2, 3 (NO_MODE: none). */
#define NO_MODE (-1)
static const int by_width[][3] = {
    [F_PLAIN] = {Z3_AM_DIRECT, Z3_AM_ABSOLUTE, Z3_AM_LONG},
    [F_X] = {Z3_AM_DIRECT_X, Z3_AM_ABSOLUTE_X, Z3_AM_LONG_X},
    [F_Y] = {Z3_AM_DIRECT_Y, Z3_AM_ABSOLUTE_Y, NO_MODE},
    [F_S] = {Z3_AM_STACK, NO_MODE, NO_MODE},
    [F_IND] = {Z3_AM_DIRECT_IND, Z3_AM_ABSOLUTE_IND, NO_MODE},
    [F_IND_X] = {Z3_AM_DIRECT_X_IND, Z3_AM_ABSOLUTE_X_IND, NO_MODE},
    [F_IND_Y] = {Z3_AM_DIRECT_IND_Y, NO_MODE, NO_MODE},
    [F_IND_S_Y] = {Z3_AM_STACK_IND_Y, NO_MODE, NO_MODE},
    [F_LIND] = {Z3_AM_DIRECT_INDL, Z3_AM_ABSOLUTE_INDL, NO_MODE},
    [F_LIND_Y] = {Z3_AM_DIRECT_INDL_Y, NO_MODE, NO_MODE},
};

static int find_opcode(const char *mnemonic, z3_asm_mode mode) {
  for (int i = 0; i < 256; i++)
    if (z3_opcodes[i].mode == mode && strcmp(z3_opcodes[i].mnemonic, mnemonic) == 0) return i;
  return -1;
}

static bool is_mnemonic(const char *mnemonic) {
  for (int i = 0; i < 256; i++)
    if (strcmp(z3_opcodes[i].mnemonic, mnemonic) == 0) return true;
  return false;
}

/* The matching bracket of text[0] ('(' or '['), or NULL. */
static char *matching(char *text) {
  char open = text[0], close = open == '(' ? ')' : ']';
  int depth = 0;
  for (char *p = text; *p; p++) {
    if (*p == open) depth++;
    if (*p == close && --depth == 0) return p;
  }
  return NULL;
}

/* ",x" / ",y" / ",s" at the end: cuts it off and returns the letter, else 0. */
static char index_suffix(char *text) {
  size_t n = strlen(text);
  while (n && text[n - 1] == ' ') n--;
  if (n < 2) return 0;
  char c = (char)tolower((unsigned char)text[n - 1]);
  char *q = text + n - 2;
  while (q > text && *q == ' ') q--;
  if (*q != ',' || (c != 'x' && c != 'y' && c != 's')) return 0;
  *q = '\0';
  return c;
}

static form parse_form(char *operand, char **expr) {
  char *p = (char *)asm_skip_space(operand);
  *expr = p;
  if (!*p) return F_NONE;
  if ((p[0] == 'a' || p[0] == 'A') && !*asm_skip_space(p + 1)) return F_ACC;
  if (*p == '#') {
    *expr = p + 1;
    return F_IMM;
  }
  if (*p == '(' || *p == '[') {
    char *close = matching(p);
    const char *after = close ? asm_skip_space(close + 1) : "";
    bool tail_y = after[0] == ',' && tolower((unsigned char)*asm_skip_space(after + 1)) == 'y' &&
                  !*asm_skip_space(asm_skip_space(after + 1) + 1);
    if (close && (!*after || tail_y)) {
      *close = '\0';
      *expr = p + 1;
      if (*p == '[') return tail_y ? F_LIND_Y : F_LIND;
      char inner = index_suffix(p + 1);
      if (inner == 'x' && !tail_y) return F_IND_X;
      if (inner == 's' && tail_y) return F_IND_S_Y;
      if (!inner) return tail_y ? F_IND_Y : F_IND;
      return F_BAD; /* ($12,y), [$12,x] and the like do not exist */
    }
  }
  char c = index_suffix(p);
  return c == 'x' ? F_X : c == 'y' ? F_Y : c == 's' ? F_S : F_PLAIN;
}

static int wanted_width(char suffix, const asm_value *v) {
  if (suffix) return suffix == 'b' ? 1 : suffix == 'w' ? 2 : 3;
  if (v->width) return v->width > 3 ? 3 : v->width;
  if (v->v >= 0 && v->v <= 0xFF) return 1;
  if (v->v >= 0 && v->v <= 0xFFFF) return 2;
  return 3;
}

static z3_status put(asm_state *st, int opcode, int64_t value, int size, const char *at) {
  uint8_t bytes[4] = {(uint8_t)opcode, (uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16)};
  return asm_emit(st, bytes, (size_t)size + 1, at);
}

static z3_status immediate(asm_state *st, const char *mn, char suffix, const char *expr) {
  static const z3_asm_mode modes[] = {Z3_AM_IMMEDIATE_M, Z3_AM_IMMEDIATE_X, Z3_AM_IMMEDIATE_8, Z3_AM_IMMEDIATE_16};
  int op = -1;
  z3_asm_mode mode = Z3_AM_IMPLIED;
  for (size_t i = 0; i < 4 && op < 0; i++) op = find_opcode(mn, mode = modes[i]);
  if (op < 0) return asm_fail(st, expr, "%s has no immediate form", mn);
  asm_value v;
  if (asm_eval(st, expr, &v)) return st->failed;
  int size = mode == Z3_AM_IMMEDIATE_8 ? 1 : mode == Z3_AM_IMMEDIATE_16 ? 2 : 0;
  if (!size) {
    if (suffix == 'l') return asm_fail(st, expr, "%s.l: an immediate is one or two bytes", mn);
    size = suffix ? (suffix == 'b' ? 1 : 2) : v.width ? v.width : (v.v >= -128 && v.v <= 0xFF) ? 1 : 2;
    if (size > 2) return asm_fail(st, expr, "immediate '%s' is wider than 16 bits", expr);
  }
  if (!suffix && !v.unknown && (v.v > (size == 1 ? 0xFF : 0xFFFF) || v.v < (size == 1 ? -128 : -32768)))
    asm_defer(st, expr, "immediate %lld does not fit in %d byte(s)", (long long)v.v, size);
  return put(st, op, v.v, size, expr);
}

static z3_status branch(asm_state *st, int op, bool is_long, const char *expr) {
  asm_value v;
  if (asm_eval(st, expr, &v)) return st->failed;
  int size = is_long ? 2 : 1;
  uint32_t pc = asm_pc(st);
  uint32_t next_pc = (pc & 0xFF0000) | ((pc + 1 + (uint32_t)size) & 0xFFFF);
  uint32_t target = (uint32_t)v.v & 0xFFFFFF;
  if (v.v >= 0 && v.v <= 0xFFFF) target |= pc & 0xFF0000;
  int64_t disp = (int64_t)(target & 0xFFFF) - (int64_t)(next_pc & 0xFFFF);
  if (!v.unknown && (target >> 16) != (next_pc >> 16))
    asm_defer(st, expr, "branch target $%06X is in another bank than the branch ($%06X)", target, pc);
  else if (!v.unknown && !is_long && (disp < -128 || disp > 127))
    asm_defer(st, expr, "branch out of range: $%06X is %lld bytes away (-128..127)", target, (long long)disp);
  return put(st, op, disp, size, expr);
}

static z3_status block_move(asm_state *st, int op, char *expr) {
  char *items[2];
  if (asm_split_args(expr, items, 2) != 2) return asm_fail(st, expr, "a block move takes two banks: source,destination");
  asm_value src, dst;
  if (asm_eval(st, items[0] + (items[0][0] == '#'), &src) || asm_eval(st, items[1] + (items[1][0] == '#'), &dst))
    return st->failed;
  int64_t value = (dst.v & 0xFF) | (src.v & 0xFF) << 8;
  return put(st, op, value, 2, expr);
}

static z3_status addressed(asm_state *st, const char *mn, char suffix, form f, const char *expr) {
  asm_value v;
  if (asm_eval(st, expr, &v)) return st->failed;
  int want = wanted_width(suffix, &v);
  int best = -1, size = 0;
  for (int w = want; w <= 3 && best < 0; w++)
    if (by_width[f][w - 1] != NO_MODE && (best = find_opcode(mn, (z3_asm_mode)by_width[f][w - 1])) >= 0) size = w;
  /* JMP/JSR to a 24-bit label: the bank is the program bank, so the low 16 bits do */
  bool jump = strcmp(mn, "JMP") == 0 || strcmp(mn, "JSR") == 0;
  for (int w = want - 1; w >= 1 && best < 0 && !suffix && (jump || v.unknown); w--)
    if (by_width[f][w - 1] != NO_MODE && (best = find_opcode(mn, (z3_asm_mode)by_width[f][w - 1])) >= 0) size = w;
  if (best < 0) return asm_fail(st, expr, "%s has no addressing mode for '%s'%s", mn, expr, suffix ? " with this width" : "");
  if (!suffix && !v.unknown && size == 3 && (v.v < 0 || v.v > 0xFFFFFF))
    asm_defer(st, expr, "address %lld is wider than 24 bits", (long long)v.v);
  return put(st, best, v.v, size, expr);
}

z3_status asm_instruction(asm_state *st, const char *word, char *operand, bool *handled) {
  char mn[8];
  char suffix = 0;
  size_t n = strcspn(word, ".");
  *handled = false;
  if (n != 3) return Z3_OK;
  if (word[3]) {
    if (strlen(word) != 5 || !strchr("bwl", word[4])) return Z3_OK;
    suffix = word[4];
  }
  for (size_t i = 0; i < 3; i++) mn[i] = (char)toupper((unsigned char)word[i]);
  mn[3] = '\0';
  if (!is_mnemonic(mn)) return Z3_OK;
  *handled = true;
  if (suffix == 'l' && (strcmp(mn, "JMP") == 0 || strcmp(mn, "JSR") == 0)) strcpy(mn, mn[1] == 'M' ? "JML" : "JSL");
  char *expr;
  form f = parse_form(operand, &expr);
  if (f == F_BAD) return asm_fail(st, operand, "no 65816 addressing mode is written '%s'", operand);
  if (f == F_LIND && strcmp(mn, "JMP") == 0) strcpy(mn, "JML");
  if (f == F_NONE) {
    int op = find_opcode(mn, Z3_AM_IMPLIED);
    if (op < 0) op = find_opcode(mn, Z3_AM_ACCUMULATOR);
    if (op < 0 && strcmp(mn, "BRK") == 0) op = 0x00;
    if (op < 0) return asm_fail(st, operand, "%s needs an operand", mn);
    return put(st, op, 0, 0, operand);
  }
  if (f == F_ACC) {
    int op = find_opcode(mn, Z3_AM_ACCUMULATOR);
    if (op >= 0) return put(st, op, 0, 0, operand);
    f = F_PLAIN; /* a label called A */
  }
  int move = find_opcode(mn, Z3_AM_BLOCK_MOVE);
  if (move >= 0) return block_move(st, move, expr);
  if (f == F_IMM) return immediate(st, mn, suffix, expr);
  int rel = find_opcode(mn, Z3_AM_RELATIVE), rel_long = find_opcode(mn, Z3_AM_RELATIVE_LONG);
  if (f == F_PLAIN && (rel >= 0 || rel_long >= 0)) return branch(st, rel >= 0 ? rel : rel_long, rel < 0, expr);
  if (f == F_PLAIN) {
    int op = find_opcode(mn, Z3_AM_IMMEDIATE_16); /* PEA $1234 */
    if (op < 0) op = find_opcode(mn, Z3_AM_IMMEDIATE_8); /* BRK $03, COP $03 */
    if (op >= 0) return immediate(st, mn, suffix, expr);
  }
  if (f == F_IND && strcmp(mn, "PEI") == 0) return addressed(st, mn, 'b', F_IND, expr);
  return addressed(st, mn, suffix, f, expr);
}
