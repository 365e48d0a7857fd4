/* asar math: numbers ($hex, %binary, decimal, 'c'), labels, functions, and
 * the operators with conventional precedence, from loosest to tightest:
 *   ||  &&  == !=  < > <= >=  |  ^  &  << >>  + -  * / %  **  unary - ~ ! <:
 * A label not known yet evaluates to a guess marked `unknown`; the pass that
 * settles reports it as undefined. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "asm/assembler_internal.h"

typedef struct parser {
  asm_state *st;
  const char *p;
} parser;

static z3_status parse_binary(parser *ps, int level, asm_value *out);

static void skip(parser *ps) { ps->p = asm_skip_space(ps->p); }

static z3_status number(parser *ps, asm_value *out) {
  const char *start = ps->p;
  int base = 10;
  if (*ps->p == '$') base = 16, ps->p++;
  else if (*ps->p == '%') base = 2, ps->p++;
  const char *digits = ps->p;
  uint64_t v = 0;
  for (;; ps->p++) {
    int c = tolower((unsigned char)*ps->p), d;
    if (isdigit(c)) d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else break;
    if (d >= base) break;
    v = v * (uint64_t)base + (uint64_t)d;
    if (v > 0xFFFFFFFFull) return asm_fail(ps->st, start, "number '%.*s' is too large", (int)(ps->p - start + 1), start);
  }
  size_t n = (size_t)(ps->p - digits);
  if (!n || asm_ident_char(*ps->p)) return asm_fail(ps->st, start, "malformed number '%.*s'", (int)(n + 2), start);
  out->v = (int64_t)v;
  out->width = base == 16 ? (int)(n + 1) / 2 : base == 2 ? (int)(n + 7) / 8 : 0;
  return Z3_OK;
}

static z3_status char_literal(parser *ps, asm_value *out) {
  const char *start = ps->p;
  if (!ps->p[1] || ps->p[2] != '\'') return asm_fail(ps->st, start, "a character literal is one character in quotes: 'a'");
  uint8_t c = (uint8_t)ps->p[1];
  uint16_t mapped = ps->st->table[c];
  out->v = mapped & 0x100 ? (mapped & 0xFF) : c;
  ps->p += 3;
  return Z3_OK;
}

/* A label name: Name, Name.sub, .sub (under the current parent), or an
 * anonymous reference (+, ++, -, --) when that is the whole operand. */
static z3_status label_name(parser *ps, char *name, size_t cap) {
  const char *start = ps->p;
  size_t n = 0;
  if (*ps->p == '.') {
    size_t pl = strlen(ps->st->parent);
    if (pl + 1 >= cap) return asm_fail(ps->st, start, "label name too long");
    memcpy(name, ps->st->parent, pl);
    n = pl;
  }
  while (asm_ident_char(*ps->p) || *ps->p == '.') {
    if (n + 1 >= cap) return asm_fail(ps->st, start, "label name too long");
    name[n++] = *ps->p++;
  }
  name[n] = '\0';
  return Z3_OK;
}

static z3_status label_value(parser *ps, const char *name, const char *at, asm_value *out) {
  uint32_t v;
  out->label = true;
  if (asm_lookup_label(ps->st, name, &v)) {
    out->v = v;
    return Z3_OK;
  }
  out->v = 0xFFFFFF;
  out->unknown = true;
  ps->st->unknown_used = true;
  if (name[0] == ':') asm_defer(ps->st, at, "no anonymous label for '%c' here", name[1]);
  else asm_defer(ps->st, at, "undefined label '%s'", name);
  return Z3_OK;
}

static z3_status read_rom(parser *ps, const char *fn, int width, const char *at, asm_value *out) {
  const asm_state *st = ps->st;
  if (!st->opt->rom) return asm_fail(ps->st, at, "%s() needs a ROM (give --rom)", fn);
  if (out->unknown) return Z3_OK;
  size_t offset;
  uint32_t address = (uint32_t)out->v & 0xFFFFFF;
  if (z3_snes_to_pc(st->mapping, st->opt->rom_size, address, &offset, NULL) != Z3_OK ||
      offset + (size_t)width > st->opt->rom_size) {
    asm_defer(ps->st, at, "%s($%06X): the address is not in the ROM", fn, address);
    out->v = 0;
    return Z3_OK;
  }
  int64_t v = 0;
  for (int i = width - 1; i >= 0; i--) v = v << 8 | st->opt->rom[offset + (size_t)i];
  out->v = v;
  out->width = 0;
  return Z3_OK;
}

/* name(a, b) of a `function` the patch defined; the '(' is already read. */
static z3_status user_function(parser *ps, const char *name, const char *at, asm_value *out) {
  asm_value args[ASM_MAX_MACRO_ARGS];
  int count = 0;
  skip(ps);
  if (*ps->p == ')') {
    ps->p++;
    return asm_function_call(ps->st, name, args, 0, at, out);
  }
  for (;;) {
    if (count == ASM_MAX_MACRO_ARGS) return asm_fail(ps->st, ps->p, "too many arguments for '%s'", name);
    args[count] = (asm_value){0, 0, false, false};
    if (parse_binary(ps, 0, &args[count++])) return ps->st->failed;
    skip(ps);
    if (*ps->p == ')') break;
    if (*ps->p != ',') return asm_fail(ps->st, ps->p, "expected ',' or ')' in the arguments of '%s'", name);
    ps->p++;
  }
  ps->p++;
  return asm_function_call(ps->st, name, args, count, at, out);
}

static z3_status function_call(parser *ps, const char *name, const char *at, asm_value *out) {
  ps->p++; /* ( */
  skip(ps);
  if (strcmp(name, "defined") == 0) {
    char text[256];
    const char *after = asm_parse_string(ps->p, text, sizeof text);
    if (!after) return asm_fail(ps->st, ps->p, "defined() takes a define name in quotes");
    ps->p = asm_skip_space(after);
    if (*ps->p++ != ')') return asm_fail(ps->st, ps->p - 1, "expected ')' after defined(\"...\"");
    const char *n = text[0] == '!' ? text + 1 : text;
    out->v = asm_define_get(ps->st, n, strlen(n)) != NULL;
    return Z3_OK;
  }
  static const struct { const char *name; int width; } reads[] = {{"read1", 1}, {"read2", 2}, {"read3", 3}, {"read4", 4}};
  for (size_t i = 0; i < 4; i++) {
    if (strcmp(name, reads[i].name) != 0) continue;
    if (parse_binary(ps, 0, out)) return ps->st->failed;
    skip(ps);
    if (*ps->p++ != ')') return asm_fail(ps->st, ps->p - 1, "expected ')' closing %s(", name);
    return read_rom(ps, name, reads[i].width, at, out);
  }
  if (asm_function_known(ps->st, name)) return user_function(ps, name, at, out);
  return asm_fail(ps->st, at, "unknown function '%s'", name);
}

/* Name[index].Field (the '[' is next): the field's label plus index times
 * the struct's size. */
static z3_status struct_element(parser *ps, const char *name, const char *at, asm_value *out) {
  ps->p++;
  asm_value index;
  if (parse_binary(ps, 0, &index)) return ps->st->failed;
  skip(ps);
  if (*ps->p != ']') return asm_fail(ps->st, ps->p, "expected ']' after the index of %s[...]", name);
  ps->p++;
  char field[300], full[700];
  size_t n = 0;
  while ((asm_ident_char(*ps->p) || *ps->p == '.') && n + 1 < sizeof field) field[n++] = *ps->p++;
  field[n] = '\0';
  if (field[0] && field[0] != '.') return asm_fail(ps->st, at, "expected .Field after %s[...]", name);
  int64_t offset = 0;
  if (asm_struct_index(ps->st, name, index.v, field, at, &offset)) return ps->st->failed;
  snprintf(full, sizeof full, "%s%s", name, field);
  if (label_value(ps, full, at, out)) return ps->st->failed;
  out->v = (out->v + offset) & 0xFFFFFF;
  out->unknown = out->unknown || index.unknown;
  return Z3_OK;
}

static z3_status primary(parser *ps, asm_value *out) {
  skip(ps);
  const char *at = ps->p;
  *out = (asm_value){0, 0, false, false};
  char c = *ps->p;
  if (c == '(') {
    ps->p++;
    if (parse_binary(ps, 0, out)) return ps->st->failed;
    skip(ps);
    if (*ps->p != ')') return asm_fail(ps->st, ps->p, "expected ')'");
    ps->p++;
    out->width = 0;
    return Z3_OK;
  }
  if (c == '$' || c == '%' || isdigit((unsigned char)c)) return number(ps, out);
  if (c == '\'') return char_literal(ps, out);
  if (asm_ident_char(c) || c == '.') {
    char name[300];
    if (label_name(ps, name, sizeof name)) return ps->st->failed;
    skip(ps);
    if (*ps->p == '(' && !strchr(name, '.')) return function_call(ps, name, at, out);
    if (*ps->p == '[') return struct_element(ps, name, at, out);
    return label_value(ps, name, at, out);
  }
  if (!c) return asm_fail(ps->st, at, "expected a value at the end of the expression");
  return asm_fail(ps->st, at, "unexpected '%c' in an expression", c);
}

/* Arithmetic wraps at 64 bits, as a CPU's does: a patch that overflows gets the low bits
 * (the assembler then checks the width it emits), never undefined behaviour. */
static int64_t wrap_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wrap_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t wrap_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

static z3_status unary(parser *ps, asm_value *out) {
  skip(ps);
  const char *at = ps->p;
  if (ps->p[0] == '<' && ps->p[1] == ':') {
    ps->p += 2;
    if (unary(ps, out)) return ps->st->failed;
    out->v = (out->v >> 16) & 0xFF;
    out->width = 0;
    return Z3_OK;
  }
  char c = *ps->p;
  if (c == '-' || c == '~' || c == '!' || c == '+') {
    ps->p++;
    if (unary(ps, out)) return ps->st->failed;
    if (c == '-') out->v = wrap_sub(0, out->v);
    if (c == '~') out->v = ~out->v;
    if (c == '!') out->v = !out->v;
    if (c != '+') out->width = 0;
    (void)at;
    return Z3_OK;
  }
  return primary(ps, out);
}

/* Binary operators by level, loosest first; ** is handled on its own (right associative). */
static const char *const levels[][6] = {
    {"||"}, {"&&"}, {"==", "!="}, {"<=", ">=", "<", ">"}, {"|"}, {"^"}, {"&"},
    {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"},
};
enum { LEVELS = sizeof levels / sizeof levels[0] };

static const char *match_op(const char *p, int level) {
  for (int i = 0; i < 6 && levels[level][i]; i++) {
    const char *op = levels[level][i];
    size_t n = strlen(op);
    if (strncmp(p, op, n) != 0) continue;
    /* | and & must not take || and &&; < and > must not take << >> <: */
    if (n == 1 && (op[0] == '|' || op[0] == '&') && p[1] == op[0]) continue;
    if (n == 1 && (op[0] == '<' || op[0] == '>') && (p[1] == '<' || p[1] == '>' || p[1] == ':' || p[1] == '=')) continue;
    if (n == 1 && op[0] == '*' && p[1] == '*') continue;
    return op;
  }
  return NULL;
}

static z3_status power(parser *ps, asm_value *out) {
  if (unary(ps, out)) return ps->st->failed;
  skip(ps);
  if (ps->p[0] != '*' || ps->p[1] != '*') return Z3_OK;
  ps->p += 2;
  asm_value e;
  if (power(ps, &e)) return ps->st->failed;
  int64_t r = 1;
  for (int64_t i = 0; i < e.v && i < 64; i++) r = wrap_mul(r, out->v);
  out->v = e.v < 0 ? 0 : r;
  out->width = 0;
  out->unknown |= e.unknown;
  return Z3_OK;
}

static int64_t apply(parser *ps, const char *op, const char *at, int64_t a, int64_t b, bool unknown) {
  switch (op[0]) {
    case '|': return op[1] ? (a || b) : (a | b);
    case '&': return op[1] ? (a && b) : (a & b);
    case '^': return a ^ b;
    case '=': return a == b;
    case '!': return a != b;
    case '+': return wrap_add(a, b);
    case '-': return wrap_sub(a, b);
    case '*': return wrap_mul(a, b);
    case '<': return op[1] == '<' ? (b >= 0 && b < 64 ? (int64_t)((uint64_t)a << b) : 0) : op[1] == '=' ? a <= b : a < b;
    case '>': return op[1] == '>' ? (b >= 0 && b < 64 ? a >> b : 0) : op[1] == '=' ? a >= b : a > b;
    default: break;
  }
  if (b == 0) {
    if (!unknown) asm_defer(ps->st, at, "division by zero");
    return 0;
  }
  if (a == INT64_MIN && b == -1) return 0;
  return op[0] == '/' ? a / b : a % b;
}

static z3_status parse_binary(parser *ps, int level, asm_value *out) {
  if (level == LEVELS) return power(ps, out);
  if (parse_binary(ps, level + 1, out)) return ps->st->failed;
  for (;;) {
    skip(ps);
    const char *op = match_op(ps->p, level);
    if (!op) return Z3_OK;
    const char *at = ps->p;
    ps->p += strlen(op);
    asm_value rhs;
    if (parse_binary(ps, level + 1, &rhs)) return ps->st->failed;
    bool unknown = out->unknown || rhs.unknown;
    out->v = apply(ps, op, at, out->v, rhs.v, unknown);
    out->width = 0;
    out->unknown = unknown;
    out->label |= rhs.label;
  }
}

z3_status asm_eval(asm_state *st, const char *text, asm_value *out) {
  parser ps = {st, text};
  const char *p = asm_skip_space(text);
  size_t n = strlen(p);
  while (n && (p[n - 1] == ' ' || p[n - 1] == '\t')) n--;
  /* an anonymous label: the operand is only + or - signs */
  if (n && n <= 15 && strspn(p, "+") >= n) {
    char name[48];
    snprintf(name, sizeof name, ":+%zu_%d", n, st->anon_count[1][n]);
    *out = (asm_value){0, 0, false, false};
    return label_value(&ps, name, p, out);
  }
  if (n && n <= 15 && strspn(p, "-") >= n) {
    char name[48];
    snprintf(name, sizeof name, ":-%zu_%d", n, st->anon_count[0][n] - 1);
    *out = (asm_value){0, 0, false, false};
    return label_value(&ps, name, p, out);
  }
  if (parse_binary(&ps, 0, out)) return st->failed;
  skip(&ps);
  if (*ps.p) return asm_fail(st, ps.p, "unexpected '%s' after the expression", ps.p);
  return Z3_OK;
}
