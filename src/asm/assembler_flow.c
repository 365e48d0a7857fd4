/*
 * asar's loops, user functions and namespaces:
 *   while COND ... endwhile        the body runs again while COND (evaluated
 *                                  each time, with the defines as they are now)
 *                                  is not zero; loops nest
 *   for i = A..B ... endfor        the body once per i from A up to B - 1,
 *                                  with !i set to i (decimal) each time
 *   function name(a, b) = EXPR     a math function; name(1, 2) in any
 *                                  expression is EXPR with a and b replaced
 *   namespace NAME / namespace off labels defined after it are NAME_label;
 *                                  a name is looked up inside the namespace
 *                                  first, then as written
 *   namespace nested on|off        with nested on, namespaces add up: A_B_label
 * Functions and namespaces start afresh every pass, like defines and macros.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "asm/assembler_internal.h"

enum { MAX_LOOP_ITERATIONS = 100000, MAX_FUNCTION_DEPTH = 32 };

static bool is_name(const char *s) {
  if (!*s || isdigit((unsigned char)*s)) return false;
  for (; *s; s++)
    if (!asm_ident_char(*s)) return false;
  return true;
}

/* ---- while ---------------------------------------------------------------------- */

void asm_loop_free(asm_loop *l) {
  if (!l) return;
  for (size_t i = 0; i < l->line_count; i++) z3_free(l->lines[i].text);
  z3_free(l->lines);
  z3_free(l->condition);
  z3_free(l->var);
  z3_free(l);
}

static asm_loop *loop_new(asm_state *st) {
  asm_loop *l = z3_calloc(1, sizeof *l);
  if (!l) return NULL;
  l->file = st->loc->file;
  l->line = st->loc->line;
  return l;
}

z3_status asm_loop_begin(asm_state *st, const char *condition) {
  if (!*condition) return asm_fail(st, NULL, "while needs a condition: while !i < 8");
  asm_loop *l = loop_new(st);
  if (!l || !(l->condition = z3_strdup(condition))) {
    asm_loop_free(l);
    return asm_fail(st, NULL, "out of memory");
  }
  st->loop = l;
  return Z3_OK;
}

/* One bound of `for i = A..B`: an expression whose value is known now. */
static z3_status for_bound(asm_state *st, const char *text, const char *what, int64_t *out) {
  asm_value v;
  if (asm_eval_defines(st, text, &v)) return st->failed;
  if (v.unknown) return asm_fail(st, text, "the %s of a for loop must be known when the loop starts", what);
  *out = v.v;
  return Z3_OK;
}

/* `for NAME = FROM..TO` (the text after `for`). */
z3_status asm_for_begin(asm_state *st, char *spec) {
  static const char usage[] = "for needs a counter and a range: for i = 0..8";
  char *eq = strchr(spec, '='), *dots = eq ? strstr(eq, "..") : NULL;
  if (!eq || !dots) return asm_fail(st, spec, usage);
  char *end = eq;
  while (end > spec && isspace((unsigned char)end[-1])) end--;
  *end = '\0', *dots = '\0';
  const char *name = asm_skip_space(spec);
  if (!is_name(name)) return asm_fail(st, spec, "'%s' is not a name for a loop counter (%s)", name, usage);
  asm_loop *l = loop_new(st);
  if (!l || !(l->var = z3_strdup(name))) {
    asm_loop_free(l);
    return asm_fail(st, NULL, "out of memory");
  }
  if (for_bound(st, eq + 1, "start", &l->from) || for_bound(st, dots + 2, "end", &l->to)) {
    asm_loop_free(l);
    return st->failed;
  }
  if (l->to - l->from > MAX_LOOP_ITERATIONS) {
    asm_fail(st, NULL, "for loop from %lld to %lld would run more than %d times", (long long)l->from, (long long)l->to,
             MAX_LOOP_ITERATIONS);
    asm_loop_free(l);
    return st->failed;
  }
  st->loop = l;
  return Z3_OK;
}

static z3_status record(asm_state *st, asm_loop *l, const char *line) {
  if (l->line_count == l->line_cap) {
    size_t cap = l->line_cap ? l->line_cap * 2 : 16;
    asm_macro_line *n = z3_realloc(l->lines, cap * sizeof *n);
    if (!n) return asm_fail(st, NULL, "out of memory");
    l->lines = n, l->line_cap = cap;
  }
  char *copy = z3_strdup(line);
  if (!copy) return asm_fail(st, NULL, "out of memory");
  l->lines[l->line_count++] = (asm_macro_line){copy, st->loc->line};
  return Z3_OK;
}

/* Whether the loop goes round again: a while's condition, a for's counter
 * (set as the define !var). */
static bool again(asm_state *st, asm_loop *l, int i) {
  bool go = false;
  if (l->condition) return asm_condition(st, l->condition, &go) == Z3_OK && go;
  if (l->from + i >= l->to) return false;
  char value[24];
  snprintf(value, sizeof value, "%lld", (long long)(l->from + i));
  return asm_define_set(st, l->var, strlen(l->var), value) == Z3_OK;
}

/* Runs the body while the loop goes on; the body's own loops record and
 * run inside, since st->loop is free again by then. */
static z3_status run(asm_state *st, asm_loop *l) {
  const asm_loc *outer = st->loc;
  asm_loc loc = {outer->file, 0, outer->macro, outer->parent};
  for (int i = 0;; i++) {
    st->loc = outer;
    if (++st->lines > ASM_MAX_LINES) { /* each test counts, so empty nested loops stay bounded too */
      asm_fail(st, NULL, "more than %d lines in one pass (a loop that never ends?)", ASM_MAX_LINES);
      break;
    }
    if (!again(st, l, i)) break;
    if (i == MAX_LOOP_ITERATIONS) {
      asm_fail(st, NULL, "while loop from line %d ran %d times (is its condition ever false?)", l->line,
               MAX_LOOP_ITERATIONS);
      break;
    }
    for (size_t k = 0; k < l->line_count && !st->failed; k++) {
      loc.line = l->lines[k].line;
      st->loc = &loc;
      if (++st->lines > ASM_MAX_LINES) {
        asm_fail(st, NULL, "more than %d lines in one pass (a loop that never ends?)", ASM_MAX_LINES);
        break;
      }
      asm_process_line(st, l->lines[k].text, strlen(l->lines[k].text));
    }
    if (st->failed) break;
  }
  if (!st->failed) st->loc = outer;
  return st->failed;
}

z3_status asm_loop_line(asm_state *st, const char *word, const char *line) {
  asm_loop *l = st->loop;
  bool closes = strcmp(word, "endwhile") == 0 || strcmp(word, "endfor") == 0;
  if (strcmp(word, "while") == 0 || strcmp(word, "for") == 0) l->nesting++;
  if (!closes || l->nesting-- > 0) return record(st, l, line);
  const char *own = l->condition ? "endwhile" : "endfor";
  if (strcmp(word, own) != 0) {
    return asm_fail(st, NULL, "%s closes the %s loop of line %d; it needs %s", word, l->condition ? "while" : "for",
                    l->line, own);
  }
  st->loop = NULL;
  z3_status s = run(st, l);
  if (l->var) asm_define_remove(st, l->var, strlen(l->var));
  asm_loop_free(l);
  return s;
}

/* ---- functions ------------------------------------------------------------------ */

void asm_functions_release(asm_state *st) {
  for (size_t i = 0; i < st->function_count; i++) {
    asm_function *f = &st->functions[i];
    z3_free(f->name);
    z3_free(f->body);
    for (int p = 0; p < f->param_count; p++) z3_free(f->params[p]);
  }
  st->function_count = 0;
}


static asm_function *function_slot(asm_state *st) {
  if (st->function_count == st->function_cap) {
    size_t cap = st->function_cap ? st->function_cap * 2 : 8;
    asm_function *n = z3_realloc(st->functions, cap * sizeof *n);
    if (!n) return NULL;
    st->functions = n, st->function_cap = cap;
  }
  asm_function *f = &st->functions[st->function_count];
  memset(f, 0, sizeof *f);
  return f;
}

static const asm_function *find_function(const asm_state *st, const char *name) {
  for (size_t i = 0; i < st->function_count; i++)
    if (strcmp(st->functions[i].name, name) == 0) return &st->functions[i];
  return NULL;
}

/* function name(a, b) = expr */
z3_status asm_function_define(asm_state *st, char *args) {
  char *open = strchr(args, '('), *close = open ? strchr(open, ')') : NULL;
  char *eq = close ? (char *)asm_skip_space(close + 1) : NULL;
  if (!open || !close || *eq != '=' || !*asm_skip_space(eq + 1))
    return asm_fail(st, args, "write a function as: function name(a, b) = expression");
  *open = *close = '\0';
  char *name = (char *)asm_skip_space(args);
  for (size_t n = strlen(name); n && name[n - 1] == ' ';) name[--n] = '\0';
  if (!is_name(name)) return asm_fail(st, args, "function name '%s' may hold only letters, digits and _", name);
  if (find_function(st, name)) return asm_fail(st, args, "function '%s' is already defined", name);
  asm_function *f = function_slot(st);
  if (!f || !(f->name = z3_strdup(name)) || !(f->body = z3_strdup(asm_skip_space(eq + 1))))
    return asm_fail(st, NULL, "out of memory");
  st->function_count++;
  char *params[ASM_MAX_MACRO_ARGS];
  int count = *asm_skip_space(open + 1) ? asm_split_args(open + 1, params, ASM_MAX_MACRO_ARGS) : 0;
  if (count < 0) return asm_fail(st, args, "a function takes at most %d parameters", ASM_MAX_MACRO_ARGS);
  for (int i = 0; i < count; i++) {
    if (!is_name(params[i])) return asm_fail(st, args, "function '%s': parameter %d is not a name", name, i + 1);
    if (!(f->params[i] = z3_strdup(params[i]))) return asm_fail(st, NULL, "out of memory");
    f->param_count = i + 1;
  }
  return Z3_OK;
}

bool asm_function_known(const asm_state *st, const char *name) { return find_function(st, name) != NULL; }

/* The body with each parameter (a whole name) replaced by its value in parentheses. */
static z3_status substitute(asm_state *st, const asm_function *f, const asm_value *args, char *out) {
  size_t n = 0;
  for (const char *p = f->body; *p;) {
    size_t len = 0;
    char prev = p == f->body ? ' ' : p[-1];
    bool starts = asm_ident_char(*p) && !asm_ident_char(prev) && prev != '$' && prev != '%' && prev != '.';
    while (starts && asm_ident_char(p[len])) len++;
    int hit = -1;
    for (int i = 0; len && i < f->param_count; i++)
      if (strlen(f->params[i]) == len && strncmp(p, f->params[i], len) == 0) hit = i;
    char piece[32];
    if (hit >= 0) snprintf(piece, sizeof piece, "(%lld)", (long long)args[hit].v);
    size_t take = hit >= 0 ? strlen(piece) : len ? len : 1;
    if (n + take + 1 >= ASM_LINE_MAX) return asm_fail(st, NULL, "function '%s' grows too long", f->name);
    memcpy(out + n, hit >= 0 ? piece : p, take);
    n += take;
    p += len ? len : 1;
  }
  out[n] = '\0';
  return Z3_OK;
}

z3_status asm_function_call(asm_state *st, const char *name, const asm_value *args, int count, const char *at,
                            asm_value *out) {
  const asm_function *f = find_function(st, name);
  if (count != f->param_count)
    return asm_fail(st, at, "function '%s' takes %d argument(s), not %d", name, f->param_count, count);
  if (st->function_depth >= MAX_FUNCTION_DEPTH)
    return asm_fail(st, at, "functions call each other deeper than %d (does '%s' call itself?)", MAX_FUNCTION_DEPTH, name);
  char *text = z3_malloc(ASM_LINE_MAX);
  if (!text) return asm_fail(st, NULL, "out of memory");
  z3_status s = substitute(st, f, args, text);
  const char *saved = st->line_start;
  st->function_depth++;
  if (!s) {
    st->line_start = text;
    s = asm_eval(st, text, out);
  }
  st->function_depth--;
  st->line_start = saved;
  z3_free(text);
  for (int i = 0; i < count; i++) out->unknown |= args[i].unknown, out->label |= args[i].label;
  out->width = 0;
  return s ? st->failed : Z3_OK;
}

/* ---- namespaces ------------------------------------------------------------------ */

z3_status asm_namespace(asm_state *st, char *args) {
  char *a = (char *)asm_skip_space(args);
  for (size_t n = strlen(a); n && a[n - 1] == ' ';) a[--n] = '\0';
  if (strncmp(a, "nested ", 7) == 0) {
    const char *v = asm_skip_space(a + 7);
    if (strcmp(v, "on") && strcmp(v, "off")) return asm_fail(st, a, "write: namespace nested on|off");
    st->ns_nested = strcmp(v, "on") == 0;
    return Z3_OK;
  }
  if (strcmp(a, "off") == 0) {
    st->ns[0] = '\0';
    return Z3_OK;
  }
  if (!is_name(a)) return asm_fail(st, a, "namespace '%s' may hold only letters, digits and _ (or: namespace off)", a);
  size_t have = st->ns_nested ? strlen(st->ns) : 0;
  if (have + strlen(a) + 2 > sizeof st->ns) return asm_fail(st, a, "namespace name too long");
  snprintf(st->ns + have, sizeof st->ns - have, "%s_", a);
  return Z3_OK;
}
