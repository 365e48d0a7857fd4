/* Condition expressions (expr.h): a recursive-descent compiler to postfix
 * ops, and a stack machine that runs them. */
#include "debug/expr.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

enum {
  MAX_TEXT = 1024,
  MAX_OPS = 1024,
  MAX_NESTING = 64,
  MAX_STACK = 256,
};

typedef enum op_kind {
  OP_CONST, OP_REG, OP_MEM8, OP_MEM16,
  OP_NOT, OP_NEG, OP_BNOT,
  OP_OR, OP_AND, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
  OP_BOR, OP_BXOR, OP_BAND, OP_SHL, OP_SHR, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
} op_kind;

typedef enum reg_id {
  R_A, R_X, R_Y, R_S, R_D, R_DBR, R_PBR, R_PC, R_P, R_E,
  R_FN, R_FV, R_FM, R_FX, R_FD, R_FI, R_FZ, R_FC,
  R_FRAME, R_SCANLINE, R_VALUE, R_ADDRESS,
} reg_id;

struct z3_expr_op {
  op_kind kind;
  int64_t value; /* OP_CONST: the number; OP_REG: the reg_id */
};

static const struct {
  const char *name;
  reg_id id;
} names[] = {
    {"a", R_A},       {"x", R_X},         {"y", R_Y},          {"s", R_S},
    {"sp", R_S},      {"d", R_D},         {"dbr", R_DBR},      {"db", R_DBR},
    {"pbr", R_PBR},   {"pb", R_PBR},      {"pc", R_PC},        {"p", R_P},
    {"e", R_E},       {"p.n", R_FN},      {"p.v", R_FV},       {"p.m", R_FM},
    {"p.x", R_FX},    {"p.d", R_FD},      {"p.i", R_FI},       {"p.z", R_FZ},
    {"p.c", R_FC},    {"frame", R_FRAME}, {"scanline", R_SCANLINE},
    {"value", R_VALUE}, {"address", R_ADDRESS},
};

typedef struct parser {
  const char *text;
  size_t pos;
  const z3_symbols *symbols;
  z3_expr *out;
  size_t cap;
  int depth;
  int stack, max_stack; /* the eval stack's height after the ops so far */
  z3_error *err;
} parser;

static z3_status fail(parser *p, size_t at, const char *fmt, const char *detail) {
  char what[160];
  snprintf(what, sizeof what, fmt, detail);
  /* A long condition is quoted near the column only, so the column always fits the message. */
  if (strlen(p->text) <= 60)
    z3_error_set(p->err, Z3_E_USAGE, "condition '%s': column %zu: %s", p->text, at + 1, what);
  else
    z3_error_set(p->err, Z3_E_USAGE, "condition, column %zu: %s (near '%.24s')", at + 1, what, p->text + at);
  z3_error_hint(p->err, "write e.g. `a == $10 && [$7E0010] != 7`: registers a x y s d dbr pbr pc p e, "
                        "flags p.n p.v p.m p.x p.d p.i p.z p.c, frame, scanline, value, address, "
                        "[ADDR] byte, {ADDR} word, labels, and C's operators");
  return Z3_E_USAGE;
}

static void skip_space(parser *p) {
  while (isspace((unsigned char)p->text[p->pos])) p->pos++;
}

static z3_status emit(parser *p, op_kind kind, int64_t value) {
  if (p->out->count == MAX_OPS) return fail(p, p->pos, "%s", "too long (more than 1024 steps)");
  if (p->out->count == p->cap) {
    size_t cap = p->cap ? p->cap * 2 : 16;
    struct z3_expr_op *grown = z3_realloc(p->out->ops, cap * sizeof *grown);
    if (!grown) return z3_error_set(p->err, Z3_E_NOMEM, "out of memory compiling a condition");
    p->out->ops = grown;
    p->cap = cap;
  }
  p->out->ops[p->out->count++] = (struct z3_expr_op){kind, value};
  if (kind == OP_CONST || kind == OP_REG) p->stack++;
  else if (kind >= OP_OR) p->stack--;
  if (p->stack > p->max_stack) p->max_stack = p->stack;
  if (p->max_stack > MAX_STACK) return fail(p, p->pos, "%s", "nested too deeply");
  return Z3_OK;
}

static z3_status parse_expr(parser *p);

static bool parse_number(parser *p, int64_t *out) {
  const char *s = p->text + p->pos;
  int base = 10;
  size_t skip = 0;
  if (s[0] == '$') base = 16, skip = 1;
  else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, skip = 2;
  else if (s[0] == '%') base = 2, skip = 1;
  else if (!isdigit((unsigned char)s[0])) return false;
  uint64_t v = 0;
  size_t n = skip;
  for (;; n++) {
    int digit = isdigit((unsigned char)s[n]) ? s[n] - '0'
                : isxdigit((unsigned char)s[n]) ? tolower((unsigned char)s[n]) - 'a' + 10 : 99;
    if (digit >= base) break;
    if (v > (UINT64_MAX >> 4)) return false;
    v = v * (uint64_t)base + (uint64_t)digit;
  }
  if (n == skip || isalnum((unsigned char)s[n]) || s[n] == '_') return false;
  p->pos += n;
  *out = (int64_t)v;
  return true;
}

static z3_status parse_name(parser *p) {
  size_t start = p->pos, n = 0;
  const char *s = p->text + start;
  while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.' || s[n] == '@') n++;
  if (n == 0) {
    if (!s[0]) return fail(p, start, "%s", "expected a value at the end");
    char c[2] = {s[0], 0};
    return fail(p, start, "expected a value, found '%s'", c);
  }
  p->pos += n;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strlen(names[i].name) == n && strncasecmp(names[i].name, s, n) == 0) return emit(p, OP_REG, names[i].id);
  char label[128];
  snprintf(label, sizeof label, "%.*s", (int)(n < 127 ? n : 127), s);
  uint32_t address;
  if (p->symbols && z3_symbols_find(p->symbols, label, &address)) return emit(p, OP_CONST, address);
  return fail(p, start, p->symbols ? "'%s' is neither a register nor a loaded label"
                                   : "'%s' is not a register (no symbols loaded for labels)", label);
}

static z3_status parse_group(parser *p, char close, op_kind after) {
  size_t open = p->pos++;
  if (++p->depth > MAX_NESTING) return fail(p, open, "%s", "nested too deeply (64 levels)");
  z3_status st = parse_expr(p);
  if (st) return st;
  skip_space(p);
  if (p->text[p->pos] != close) {
    char what[2] = {close, 0};
    return fail(p, p->pos, "expected '%s'", what);
  }
  p->pos++;
  p->depth--;
  return after == OP_CONST ? Z3_OK : emit(p, after, 0);
}

static z3_status parse_unary(parser *p) {
  skip_space(p);
  char c = p->text[p->pos];
  op_kind unary = c == '!' ? OP_NOT : c == '-' ? OP_NEG : c == '~' ? OP_BNOT : OP_CONST;
  if (unary != OP_CONST) {
    p->pos++;
    if (++p->depth > MAX_NESTING) return fail(p, p->pos, "%s", "nested too deeply (64 levels)");
    z3_status st = parse_unary(p);
    p->depth--;
    return st ? st : emit(p, unary, 0);
  }
  if (c == '(') return parse_group(p, ')', OP_CONST);
  if (c == '[') return parse_group(p, ']', OP_MEM8);
  if (c == '{') return parse_group(p, '}', OP_MEM16);
  int64_t v;
  if (parse_number(p, &v)) return emit(p, OP_CONST, v);
  return parse_name(p);
}

/* Binary operators, loosest first; each level's operators in one table. */
static const struct level {
  const char *tokens[6];
  op_kind ops[6];
} levels[] = {
    {{"||"}, {OP_OR}},
    {{"&&"}, {OP_AND}},
    {{"==", "!=", "<=", ">=", "<", ">"}, {OP_EQ, OP_NE, OP_LE, OP_GE, OP_LT, OP_GT}},
    {{"|"}, {OP_BOR}},
    {{"^"}, {OP_BXOR}},
    {{"&"}, {OP_BAND}},
    {{"<<", ">>"}, {OP_SHL, OP_SHR}},
    {{"+", "-"}, {OP_ADD, OP_SUB}},
    {{"*", "/", "%"}, {OP_MUL, OP_DIV, OP_MOD}},
};
enum { LEVELS = sizeof levels / sizeof levels[0] };

/* The operator of `level` at the cursor, without taking a longer operator's
 * first character ("|" is not the start of "||", "<" not of "<<" or "<="). */
static int match_op(const parser *p, int level) {
  const char *s = p->text + p->pos;
  for (int i = 0; i < 6 && levels[level].tokens[i]; i++) {
    const char *t = levels[level].tokens[i];
    size_t n = strlen(t);
    if (strncmp(s, t, n) != 0) continue;
    if (n == 1 && (s[1] == s[0] || (s[1] == '=' && strchr("<>!=", s[0])) || (s[0] == '<' && s[1] == '<') ||
                   (s[0] == '>' && s[1] == '>')))
      continue;
    return i;
  }
  return -1;
}

static z3_status parse_level(parser *p, int level) {
  if (level == LEVELS) return parse_unary(p);
  z3_status st = parse_level(p, level + 1);
  for (int rounds = 0; !st; rounds++) {
    skip_space(p);
    int i = match_op(p, level);
    if (i < 0) break;
    if (level == 2 && rounds) return fail(p, p->pos, "%s", "comparisons do not chain: use && between them");
    size_t at = p->pos;
    p->pos += strlen(levels[level].tokens[i]);
    skip_space(p);
    if (!p->text[p->pos]) return fail(p, at, "expected a value after '%s'", levels[level].tokens[i]);
    if ((st = parse_level(p, level + 1))) return st;
    st = emit(p, levels[level].ops[i], 0);
  }
  return st;
}

static z3_status parse_expr(parser *p) { return parse_level(p, 0); }

z3_status z3_expr_compile(z3_expr *out, const char *text, const z3_symbols *symbols, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (strlen(text) > MAX_TEXT)
    return z3_error_set(err, Z3_E_USAGE, "condition too long (%zu characters; at most 1024)", strlen(text));
  parser p = {.text = text, .symbols = symbols, .out = out, .err = err};
  skip_space(&p);
  z3_status st = p.text[p.pos] ? parse_expr(&p) : fail(&p, 0, "%s", "empty condition");
  skip_space(&p);
  if (!st && p.text[p.pos] == '=') st = fail(&p, p.pos, "%s", "'=' is not an operator: compare with '=='");
  if (!st && p.text[p.pos]) {
    char c[2] = {p.text[p.pos], 0};
    st = fail(&p, p.pos, "unexpected '%s' after a complete condition", c);
  }
  if (!st && !(out->text = z3_strdup(text))) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st) z3_expr_release(out);
  return st;
}

void z3_expr_release(z3_expr *e) {
  z3_free(e->ops);
  z3_free(e->text);
  memset(e, 0, sizeof *e);
}

static int64_t reg_value(reg_id id, const z3_snes *snes, const z3_expr_access *access) {
  const z3_cpu_regs *r = &snes->cpu.r;
  static const uint8_t flag_bits[] = {0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01};
  if (id >= R_FN && id <= R_FC) return (r->p & flag_bits[id - R_FN]) != 0;
  switch (id) {
    case R_A: return r->a;
    case R_X: return r->x;
    case R_Y: return r->y;
    case R_S: return r->s;
    case R_D: return r->d;
    case R_DBR: return r->dbr;
    case R_PBR: return r->pbr;
    case R_PC: return r->pc;
    case R_P: return r->p;
    case R_E: return r->e;
    case R_FRAME: return (int64_t)snes->frame;
    case R_SCANLINE: return snes->line;
    case R_VALUE: return access ? access->value : 0;
    case R_ADDRESS: return access ? access->address : 0;
    default: return 0;
  }
}

static int64_t binary(op_kind k, int64_t l, int64_t r) {
  switch (k) {
    case OP_OR: return l || r;
    case OP_AND: return l && r;
    case OP_EQ: return l == r;
    case OP_NE: return l != r;
    case OP_LT: return l < r;
    case OP_LE: return l <= r;
    case OP_GT: return l > r;
    case OP_GE: return l >= r;
    case OP_BOR: return l | r;
    case OP_BXOR: return l ^ r;
    case OP_BAND: return l & r;
    case OP_SHL: return r < 0 || r > 63 ? 0 : (int64_t)((uint64_t)l << r);
    case OP_SHR: return r < 0 || r > 63 ? 0 : (int64_t)((uint64_t)l >> r);
    case OP_ADD: return (int64_t)((uint64_t)l + (uint64_t)r);
    case OP_SUB: return (int64_t)((uint64_t)l - (uint64_t)r);
    case OP_MUL: return (int64_t)((uint64_t)l * (uint64_t)r);
    case OP_DIV: return r == 0 || (l == INT64_MIN && r == -1) ? 0 : l / r;
    case OP_MOD: return r == 0 || r == -1 ? 0 : l % r;
    default: return 0;
  }
}

int64_t z3_expr_eval(const z3_expr *e, const z3_snes *snes, const z3_expr_access *access) {
  int64_t stack[MAX_STACK];
  int top = 0;
  for (size_t i = 0; i < e->count; i++) {
    const struct z3_expr_op *op = &e->ops[i];
    uint32_t addr;
    switch (op->kind) {
      case OP_CONST: stack[top++] = op->value; break;
      case OP_REG: stack[top++] = reg_value((reg_id)op->value, snes, access); break;
      case OP_MEM8: stack[top - 1] = z3_snes_peek(snes, (uint32_t)stack[top - 1] & 0xFFFFFF); break;
      case OP_MEM16:
        addr = (uint32_t)stack[top - 1] & 0xFFFFFF;
        stack[top - 1] = z3_snes_peek(snes, addr) | z3_snes_peek(snes, (addr + 1) & 0xFFFFFF) << 8;
        break;
      case OP_NOT: stack[top - 1] = !stack[top - 1]; break;
      case OP_NEG: stack[top - 1] = (int64_t)(0 - (uint64_t)stack[top - 1]); break;
      case OP_BNOT: stack[top - 1] = ~stack[top - 1]; break;
      default:
        top--;
        stack[top - 1] = binary(op->kind, stack[top - 1], stack[top]);
        break;
    }
  }
  return top ? stack[top - 1] : 0;
}
