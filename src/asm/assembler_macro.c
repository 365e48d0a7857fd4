/* One source line: comments, conditionals, macro recording and calls, define
 * assignments, labels, then a directive or an instruction per statement. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "asm/assembler_internal.h"

void asm_macros_release(asm_state *st) {
  for (size_t i = 0; i < st->macro_count; i++) {
    asm_macro *m = &st->macros[i];
    z3_free(m->name);
    for (int p = 0; p < m->param_count; p++) z3_free(m->params[p]);
    for (size_t l = 0; l < m->line_count; l++) z3_free(m->lines[l].text);
    z3_free(m->lines);
  }
  st->macro_count = 0;
  st->recording = NULL;
}

/* The line without its comment and trailing blanks, in out (ASM_LINE_MAX). */
static z3_status strip_line(asm_state *st, const char *raw, size_t len, char *out) {
  if (len >= ASM_LINE_MAX) return asm_fail(st, NULL, "line longer than %d characters", ASM_LINE_MAX);
  bool quoted = false;
  size_t n = 0;
  for (size_t i = 0; i < len; i++) {
    char c = raw[i];
    if (c == '\0') return asm_fail(st, NULL, "a NUL byte in the source (column %zu)", i + 1);
    if (c == '"') quoted = !quoted;
    if (c == ';' && !quoted) break;
    out[n++] = c == '\t' || c == '\r' ? ' ' : c;
  }
  while (n && out[n - 1] == ' ') n--;
  out[n] = '\0';
  return Z3_OK;
}

/* The first word, lower case, into word (cap 32); returns what follows. */
static const char *first_word(const char *text, char *word) {
  const char *p = asm_skip_space(text);
  size_t n = 0;
  while ((asm_ident_char(*p) || *p == '.') && n < 31) word[n++] = (char)tolower((unsigned char)*p++);
  word[n] = '\0';
  return asm_skip_space(p);
}

static bool active(const asm_state *st) { return st->if_depth == 0 || st->ifs[st->if_depth - 1].active; }

z3_status asm_eval_defines(asm_state *st, const char *text, asm_value *v) {
  char *line = z3_malloc(ASM_LINE_MAX);
  if (!line) return asm_fail(st, NULL, "out of memory");
  *v = (asm_value){0, 0, false, false};
  z3_status s = asm_substitute(st, text, line, NULL);
  if (!s) {
    const char *saved = st->line_start;
    st->line_start = line;
    s = asm_eval(st, line, v);
    st->line_start = saved;
  }
  z3_free(line);
  return s;
}

z3_status asm_condition(asm_state *st, const char *text, bool *out) {
  asm_value v;
  z3_status s = asm_eval_defines(st, text, &v);
  *out = v.v != 0;
  return s;
}

/* if/elseif/else/endif; *handled false for other lines. */
static z3_status conditional(asm_state *st, const char *word, const char *rest, bool *handled) {
  *handled = true;
  if (strcmp(word, "if") == 0) {
    if (st->if_depth == ASM_MAX_IF_DEPTH) return asm_fail(st, NULL, "if blocks nested deeper than %d", ASM_MAX_IF_DEPTH);
    bool outer = active(st), take = false;
    if (outer && asm_condition(st, rest, &take)) return st->failed;
    st->ifs[st->if_depth++] = (asm_if){outer && take, take, outer, false};
    return Z3_OK;
  }
  bool is_elseif = strcmp(word, "elseif") == 0, is_else = strcmp(word, "else") == 0;
  if (is_elseif || is_else) {
    if (!st->if_depth) return asm_fail(st, NULL, "%s without if", word);
    asm_if *b = &st->ifs[st->if_depth - 1];
    if (b->seen_else) return asm_fail(st, NULL, "%s after else", word);
    bool take = is_else;
    if (is_elseif && b->parent_active && !b->taken && asm_condition(st, rest, &take)) return st->failed;
    b->seen_else = is_else;
    b->active = b->parent_active && !b->taken && take;
    b->taken |= b->active;
    return Z3_OK;
  }
  if (strcmp(word, "endif") == 0) {
    if (!st->if_depth) return asm_fail(st, NULL, "endif without if");
    st->if_depth--;
    return Z3_OK;
  }
  *handled = false;
  return Z3_OK;
}

/* macro name(a, b) */
static z3_status macro_begin(asm_state *st, const char *rest) {
  char text[ASM_LINE_MAX];
  snprintf(text, sizeof text, "%s", rest);
  char *open = strchr(text, '(');
  char *close = open ? strrchr(open, ')') : NULL;
  if (!open || !close || close[1]) return asm_fail(st, NULL, "write a macro as: macro name(param, ...)");
  *open = *close = '\0';
  char *name = (char *)asm_skip_space(text);
  size_t nl = strlen(name);
  while (nl && name[nl - 1] == ' ') name[--nl] = '\0';
  if (!nl) return asm_fail(st, NULL, "the macro has no name");
  for (size_t i = 0; i < nl; i++)
    if (!asm_ident_char(name[i])) return asm_fail(st, NULL, "macro name '%s' may hold only letters, digits and _", name);
  for (size_t i = 0; i < st->macro_count; i++)
    if (strcmp(st->macros[i].name, name) == 0) return asm_fail(st, NULL, "macro '%s' is already defined", name);
  if (st->macro_count == st->macro_cap) {
    size_t cap = st->macro_cap ? st->macro_cap * 2 : 8;
    asm_macro *m = z3_realloc(st->macros, cap * sizeof *m);
    if (!m) return asm_fail(st, NULL, "out of memory");
    st->macros = m;
    st->macro_cap = cap;
  }
  asm_macro *m = &st->macros[st->macro_count];
  memset(m, 0, sizeof *m);
  m->name = z3_strdup(name);
  m->file = st->loc->file;
  if (!m->name) return asm_fail(st, NULL, "out of memory");
  st->macro_count++;
  char *params[ASM_MAX_MACRO_ARGS];
  int count = *asm_skip_space(open + 1) ? asm_split_args(open + 1, params, ASM_MAX_MACRO_ARGS) : 0;
  if (count < 0) return asm_fail(st, NULL, "a macro takes at most %d parameters", ASM_MAX_MACRO_ARGS);
  for (int i = 0; i < count; i++) {
    if (!params[i][0]) return asm_fail(st, NULL, "macro '%s': parameter %d has no name", name, i + 1);
    if (!(m->params[i] = z3_strdup(params[i]))) return asm_fail(st, NULL, "out of memory");
    m->param_count = i + 1;
  }
  st->recording = m;
  return Z3_OK;
}

static z3_status macro_record(asm_state *st, const char *line) {
  asm_macro *m = st->recording;
  if (m->line_count == m->line_cap) {
    size_t cap = m->line_cap ? m->line_cap * 2 : 16;
    asm_macro_line *l = z3_realloc(m->lines, cap * sizeof *l);
    if (!l) return asm_fail(st, NULL, "out of memory");
    m->lines = l;
    m->line_cap = cap;
  }
  char *copy = z3_strdup(line);
  if (!copy) return asm_fail(st, NULL, "out of memory");
  m->lines[m->line_count++] = (asm_macro_line){copy, st->loc->line};
  return Z3_OK;
}

/* Replaces <param> by its argument. */
static z3_status expand(asm_state *st, const asm_macro *m, char **args, const char *in, char *out) {
  size_t n = 0;
  for (const char *p = in; *p;) {
    const char *close = *p == '<' ? strchr(p, '>') : NULL;
    int hit = -1;
    for (int i = 0; close && i < m->param_count; i++)
      if ((size_t)(close - p - 1) == strlen(m->params[i]) && strncmp(p + 1, m->params[i], strlen(m->params[i])) == 0) hit = i;
    const char *piece = hit >= 0 ? args[hit] : p;
    size_t len = hit >= 0 ? strlen(args[hit]) : 1;
    if (n + len + 1 >= ASM_LINE_MAX) return asm_fail(st, NULL, "macro line too long after expansion");
    memcpy(out + n, piece, len);
    n += len;
    p = hit >= 0 ? close + 1 : p + 1;
  }
  out[n] = '\0';
  return Z3_OK;
}

static z3_status macro_call(asm_state *st, char *text) {
  char *open = strchr(text, '(');
  char *close = open ? strrchr(open, ')') : NULL;
  if (!open || !close || *asm_skip_space(close + 1)) return asm_fail(st, text, "write a macro call as: %%name(args)");
  *open = *close = '\0';
  const asm_macro *m = NULL;
  for (size_t i = 0; i < st->macro_count; i++)
    if (strcmp(st->macros[i].name, text + 1) == 0) m = &st->macros[i];
  if (!m) return asm_fail(st, text, "macro '%s' is not defined", text + 1);
  char *args[ASM_MAX_MACRO_ARGS];
  int count = *asm_skip_space(open + 1) ? asm_split_args(open + 1, args, ASM_MAX_MACRO_ARGS) : 0;
  if (count != m->param_count)
    return asm_fail(st, text, "macro '%s' takes %d argument(s), not %d", m->name, m->param_count, count);
  if (st->depth >= ASM_MAX_DEPTH) return asm_fail(st, text, "macro calls nested deeper than %d", ASM_MAX_DEPTH);
  char *line = z3_malloc(ASM_LINE_MAX);
  if (!line) return asm_fail(st, NULL, "out of memory");
  const asm_loc *caller = st->loc;
  const char *saved_start = st->line_start;
  asm_loc loc = {m->file, 0, m->name, caller};
  st->depth++;
  for (size_t i = 0; i < m->line_count && !st->failed; i++) {
    loc.line = m->lines[i].line;
    st->loc = caller;
    if (++st->macro_calls > ASM_MAX_LINES) {
      asm_fail(st, NULL, "more than %d macro lines in one pass (a macro that calls itself?)", ASM_MAX_LINES);
      break;
    } /* expansion errors belong to the call */
    if (expand(st, m, args, m->lines[i].text, line)) break;
    st->loc = &loc;
    asm_process_line(st, line, strlen(line));
  }
  st->depth--;
  z3_free(line);
  if (!st->failed) st->loc = caller;
  st->line_start = saved_start;
  return st->failed;
}

/* !name = value, !name := value, !name ?= value, !name #= expr; *handled false otherwise. */
static z3_status define_assignment(asm_state *st, const char *line, bool *handled) {
  const char *p = asm_skip_space(line);
  *handled = false;
  if (*p != '!' || !(isalpha((unsigned char)p[1]) || p[1] == '_')) return Z3_OK;
  const char *name = p + 1;
  size_t len = 0;
  while (asm_ident_char(name[len])) len++;
  const char *q = asm_skip_space(name + len);
  char kind = '=';
  if ((q[0] == ':' || q[0] == '?' || q[0] == '#') && q[1] == '=') kind = q[0], q += 2;
  else if (q[0] == '=' && q[1] != '=') q += 1;
  else return Z3_OK;
  *handled = true;
  if (kind == '?' && asm_define_get(st, name, len)) return Z3_OK;
  char *value = z3_malloc(ASM_LINE_MAX);
  if (!value) return asm_fail(st, NULL, "out of memory");
  z3_status s = asm_substitute(st, asm_skip_space(q), value, NULL);
  size_t vl = s ? 0 : strlen(value);
  if (!s && vl >= 2 && value[0] == '"' && value[vl - 1] == '"') {
    memmove(value, value + 1, vl - 2);
    value[vl - 2] = '\0';
  }
  if (!s && kind == '#') {
    asm_value v;
    const char *saved = st->line_start;
    st->line_start = value;
    s = asm_eval(st, value, &v);
    st->line_start = saved;
    if (!s) snprintf(value, ASM_LINE_MAX, "$%llX", (unsigned long long)(v.v & 0xFFFFFFFF));
  }
  if (!s) s = asm_define_set(st, name, len, value);
  z3_free(value);
  return s;
}

/* Labels at the start of a statement; returns what follows them. */
static const char *labels(asm_state *st, char *p) {
  for (;;) {
    p = (char *)asm_skip_space(p);
    char sign = *p;
    size_t run = sign == '+' || sign == '-' ? strspn(p, sign == '+' ? "+" : "-") : 0;
    if (run && (p[run] == '\0' || p[run] == ' ' || p[run] == ':') && run < 16) {
      int which = sign == '+';
      char name[24];
      snprintf(name, sizeof name, ":%c%zu_%d", sign, run, st->anon_count[which][run]++);
      if (asm_define_label(st, name, asm_pc(st), p)) return NULL;
      p += run + (p[run] == ':');
      continue;
    }
    size_t n = 0;
    bool sub = *p == '.';
    while (asm_ident_char(p[n + sub]) || (n && p[n + sub] == '.')) n++;
    bool colon = p[n + sub] == ':' && p[n + sub + 1] != '=';
    if (!n || (!sub && !colon) || (sub && p[n + 1] && p[n + 1] != ' ' && !colon)) return p;
    if (!sub && isdigit((unsigned char)p[0])) return p;
    if (n > 200) {
      asm_fail(st, p, "label name longer than 200 characters");
      return NULL;
    }
    char name[512];
    if (sub) snprintf(name, sizeof name, "%s.%.*s", st->parent, (int)n, p + 1);
    else snprintf(name, sizeof name, "%.*s", (int)n, p);
    if (!sub) snprintf(st->parent, sizeof st->parent, "%.255s", name);
    if (asm_define_label(st, name, asm_pc(st), p)) return NULL;
    p += n + sub + colon;
  }
}

/* Name = expr: a label with a value of its own. */
static z3_status label_assignment(asm_state *st, char *p, bool *handled) {
  size_t n = 0;
  while (asm_ident_char(p[n])) n++;
  const char *q = asm_skip_space(p + n);
  *handled = n && !isdigit((unsigned char)p[0]) && q[0] == '=' && q[1] != '=';
  if (!*handled) return Z3_OK;
  asm_value v;
  if (asm_eval(st, q + 1, &v)) return st->failed;
  char name[300];
  snprintf(name, sizeof name, "%.*s", (int)n, p);
  return asm_define_label(st, name, (uint32_t)v.v, p);
}

static z3_status statement(asm_state *st, char *text) {
  char *p = (char *)labels(st, text);
  if (!p) return st->failed;
  p = (char *)asm_skip_space(p);
  if (!*p) return Z3_OK;
  if (*p == '%') return macro_call(st, p);
  bool handled;
  if (label_assignment(st, p, &handled) || handled) return st->failed;
  char word[32];
  char *rest = (char *)first_word(p, word);
  if (!word[0]) return asm_fail(st, p, "expected an instruction, directive or label, found '%s'", p);
  if (asm_directive(st, word, rest, &handled) || handled) return st->failed;
  if (asm_instruction(st, word, rest, &handled) || handled) return st->failed;
  return asm_fail(st, p, "unknown instruction or directive '%s'", word);
}

/* Statements separated by " : " (outside quotes). */
static z3_status statements(asm_state *st, char *line) {
  bool quoted = false;
  char *start = line;
  for (char *p = line;; p++) {
    if (*p == '"') quoted = !quoted;
    bool sep = !quoted && p[0] == ' ' && p[1] == ':' && p[2] == ' ';
    if (*p && !sep) continue;
    bool end = *p == '\0';
    *p = '\0';
    if (statement(st, start)) return st->failed;
    if (end) return Z3_OK;
    start = p + 3;
    p += 2;
  }
}

z3_status asm_process_line(asm_state *st, const char *raw, size_t len) {
  char *line = z3_malloc(2 * ASM_LINE_MAX);
  if (!line) return asm_fail(st, NULL, "out of memory");
  char *subst = line + ASM_LINE_MAX;
  st->line_start = line;
  z3_status s = strip_line(st, raw, len, line);
  char word[32];
  const char *rest = s ? "" : first_word(line, word);
  bool handled = false;
  if (s) {
  } else if (st->recording) {
    if (strcmp(word, "endmacro") == 0) st->recording = NULL;
    else s = macro_record(st, line);
  } else if (st->loop) {
    s = asm_loop_line(st, word, line);
  } else if ((s = conditional(st, word, rest, &handled)) || handled || !active(st)) {
  } else if (strcmp(word, "while") == 0) {
    s = asm_loop_begin(st, rest);
  } else if (strcmp(word, "endwhile") == 0) {
    s = asm_fail(st, line, "endwhile without while");
  } else if (strcmp(word, "for") == 0) {
    s = asm_for_begin(st, (char *)rest);
  } else if (strcmp(word, "endfor") == 0) {
    s = asm_fail(st, line, "endfor without for");
  } else if (strcmp(word, "macro") == 0) {
    s = macro_begin(st, rest);
  } else if (strcmp(word, "endmacro") == 0) {
    s = asm_fail(st, line, "endmacro without macro");
  } else if ((s = define_assignment(st, line, &handled)) || handled) {
  } else if (*line && !(s = asm_substitute(st, line, subst, line))) {
    st->line_start = subst;
    s = statements(st, subst);
  }
  st->line_start = NULL;
  z3_free(line);
  return s ? st->failed : Z3_OK;
}
