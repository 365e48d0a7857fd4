/* Our own scanners for what ctags does not give: C call sites, #include lines, 65816 sources. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "devtools/code.h"
#include "devtools/code_support.h"

enum { MAX_NAME = 256 };

bool z3_code_is_source(const char *path, bool *is_asm) {
  static const char *const c_like[] = {".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", NULL};
  static const char *const asm_like[] = {".asm", ".s", ".inc", NULL};
  const char *dot = strrchr(path, '.');
  if (!dot || strchr(dot, '/')) return false;
  for (size_t i = 0; c_like[i]; i++)
    if (strcmp(dot, c_like[i]) == 0) return *is_asm = false, true;
  for (size_t i = 0; asm_like[i]; i++)
    if (strcasecmp(dot, asm_like[i]) == 0) return *is_asm = true, true;
  return false;
}

/* Words followed by "(" that are not calls. */
static bool is_keyword(const char *s, size_t n) {
  static const char *const words[] = {
      "if", "while", "for", "switch", "return", "sizeof", "_Alignof", "alignof", "_Generic",
      "_Static_assert", "static_assert", "defined", "__attribute__", "__typeof__", "typeof", "case",
      "do", "else", "__asm__", "asm", "__builtin_offsetof", "offsetof", "catch", "decltype", NULL};
  for (size_t i = 0; words[i]; i++)
    if (strlen(words[i]) == n && memcmp(words[i], s, n) == 0) return true;
  return false;
}

static json_t *name_line(const char *s, size_t n, long line) {
  char name[MAX_NAME];
  if (n >= MAX_NAME) n = MAX_NAME - 1;
  memcpy(name, s, n);
  name[n] = '\0';
  z3_utf8_fix(name);
  return json_pack("[sI]", name, (json_int_t)line);
}

typedef struct cursor {
  const char *t;
  size_t n, i;
  long line;
} cursor;

/* Skips to the end of the line, over backslash-newlines (a directive or // comment). */
static void skip_rest_of_line(cursor *c) {
  while (c->i < c->n && c->t[c->i] != '\n') {
    if (c->t[c->i] == '\\' && c->i + 1 < c->n && c->t[c->i + 1] == '\n') {
      c->line++;
      c->i++;
    }
    c->i++;
  }
}

static void skip_block_comment(cursor *c) {
  c->i += 2;
  while (c->i < c->n && !(c->t[c->i] == '*' && c->i + 1 < c->n && c->t[c->i + 1] == '/')) {
    if (c->t[c->i] == '\n') c->line++;
    c->i++;
  }
  c->i = c->i + 2 < c->n ? c->i + 2 : c->n;
}

static void skip_literal(cursor *c) {
  char quote = c->t[c->i++];
  while (c->i < c->n && c->t[c->i] != quote && c->t[c->i] != '\n') {
    if (c->t[c->i] == '\\' && c->i + 1 < c->n) {
      if (c->t[c->i + 1] == '\n') c->line++;
      c->i++;
    }
    c->i++;
  }
  if (c->i < c->n && c->t[c->i] == quote) c->i++;
}

static bool ident_start(char ch) { return isalpha((unsigned char)ch) || ch == '_'; }
static bool ident_char(char ch) { return isalnum((unsigned char)ch) || ch == '_'; }

json_t *z3_code_scan_calls(const char *text, size_t len) {
  json_t *calls = json_array();
  cursor c = {.t = text, .n = len, .line = 1};
  bool line_start = true;
  while (c.i < c.n) {
    char ch = c.t[c.i];
    if (ch == '\n') {
      c.line++, c.i++, line_start = true;
    } else if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
      c.i++;
    } else if (ch == '/' && c.i + 1 < c.n && c.t[c.i + 1] == '/') {
      skip_rest_of_line(&c);
    } else if (ch == '/' && c.i + 1 < c.n && c.t[c.i + 1] == '*') {
      skip_block_comment(&c);
    } else if (ch == '#' && line_start) {
      skip_rest_of_line(&c);
    } else if (ch == '"' || ch == '\'') {
      skip_literal(&c), line_start = false;
    } else if (ident_start(ch)) {
      size_t start = c.i;
      while (c.i < c.n && ident_char(c.t[c.i])) c.i++;
      size_t j = c.i;
      while (j < c.n && (c.t[j] == ' ' || c.t[j] == '\t')) j++;
      if (j < c.n && c.t[j] == '(' && !is_keyword(c.t + start, c.i - start))
        json_array_append_new(calls, name_line(c.t + start, c.i - start, c.line));
      line_start = false;
    } else if (isdigit((unsigned char)ch)) {
      while (c.i < c.n && (ident_char(c.t[c.i]) || c.t[c.i] == '.')) c.i++;
      line_start = false;
    } else {
      c.i++, line_start = false;
    }
  }
  return calls;
}

/* ---- lines ----------------------------------------------------------------- */

static const char *skip_blank(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s;
}

static void include_line(const char *line, long number, void *data) {
  const char *s = skip_blank(line);
  if (*s != '#') return;
  s = skip_blank(s + 1);
  if (strncmp(s, "include", 7) != 0) return;
  s = skip_blank(s + 7);
  char close = *s == '"' ? '"' : *s == '<' ? '>' : 0;
  const char *end = close ? strchr(s + 1, close) : NULL;
  if (!end || end == s + 1) return;
  json_array_append_new(data, json_pack("[s#Ib]", s + 1, (int)(end - s - 1), (json_int_t)number, close == '>'));
}

json_t *z3_code_scan_includes(const char *text, size_t len) {
  json_t *includes = json_array();
  z3_dt_each_line(text, len, include_line, includes);
  return includes;
}

/* ---- 65816 (asar and ca65) --------------------------------------------------- */

typedef struct asm_scan {
  json_t *tags, *calls, *includes;
  json_t *open_label, *open_macro;
  char scope[MAX_NAME];
} asm_scan;

static bool asm_ident_char(char ch) { return ident_char(ch) || ch == '.'; }

static json_t *asm_tag(asm_scan *a, const char *name, size_t n, const char *kind, long line) {
  json_t *pair = name_line(name, n, line);
  json_t *tag = json_pack("{sOsssIss}", "name", json_array_get(pair, 0), "kind", kind, "line", (json_int_t)line,
                          "language", "asm65816");
  json_decref(pair);
  json_array_append_new(a->tags, tag);
  return tag;
}

static void close_label(asm_scan *a, long last_line) {
  if (a->open_label) json_object_set_new(a->open_label, "end", json_integer(last_line));
  a->open_label = NULL;
}

static bool word_is(const char *s, const char *word) {
  size_t n = strlen(word);
  return strncasecmp(s, word, n) == 0 && (s[n] == ' ' || s[n] == '\t' || s[n] == '\0' || s[n] == '(');
}

/* incsrc "file" or, as asar also takes, incsrc file (up to a blank). */
static void asm_include(asm_scan *a, const char *arg, long number) {
  const char *from = arg, *end;
  if (*arg == '"') {
    from = arg + 1;
    end = strchr(from, '"');
  } else {
    end = arg + strcspn(arg, " \t");
  }
  if (end && end > from)
    json_array_append_new(a->includes, json_pack("[s#Ib]", from, (int)(end - from), (json_int_t)number, 0));
}

static bool asm_directive(asm_scan *a, const char *s, long number) {
  const char *name = NULL;
  const char *kind = "macro";
  if (word_is(s, "macro")) name = skip_blank(s + 5);
  else if (word_is(s, ".macro") || word_is(s, ".mac")) name = skip_blank(s + strcspn(s, " \t"));
  else if (word_is(s, ".define")) name = skip_blank(s + 7), kind = "define";
  else if (word_is(s, ".proc")) name = skip_blank(s + 5), kind = "label";
  if (word_is(s, "endmacro") || word_is(s, ".endmacro") || word_is(s, ".endmac")) {
    if (a->open_macro) json_object_set_new(a->open_macro, "end", json_integer(number));
    a->open_macro = NULL;
    return true;
  }
  if (word_is(s, "incsrc") || word_is(s, ".include")) {
    asm_include(a, skip_blank(s + strcspn(s, " \t")), number);
    return true;
  }
  if (!name) return false;
  size_t n = 0;
  while (ident_char(name[n])) n++;
  if (n == 0) return true;
  json_t *tag = asm_tag(a, name, n, kind, number);
  if (strcmp(kind, "macro") == 0) a->open_macro = tag;
  if (strcmp(kind, "label") == 0) {
    close_label(a, number - 1);
    a->open_label = tag;
    snprintf(a->scope, sizeof a->scope, "%.*s", (int)n, name);
  }
  return true;
}

/* "!name = value" (asar) or "NAME = value" / "NAME := value" at the line's start (ca65). */
static bool asm_define(asm_scan *a, const char *line, const char *s, long number) {
  bool bang = *s == '!';
  if (!bang && s != line) return false;
  const char *name = bang ? s + 1 : s;
  size_t n = 0;
  while (ident_char(name[n])) n++;
  if (n == 0 || (!bang && !ident_start(name[0]))) return false;
  const char *p = skip_blank(name + n);
  if (*p == '?' || *p == ':') p++;
  if (*p != '=' || p[1] == '=') return false;
  asm_tag(a, name, n, "define", number);
  return true;
}

/* "Label:", ".sub:" (asar) or "@local:" (ca65); sub-labels carry the global label as scope. */
static const char *asm_label(asm_scan *a, const char *s, long number) {
  bool sub = *s == '.' || *s == '@';
  const char *name = sub ? s + 1 : s;
  if (!ident_start(*name)) return s;
  size_t n = 0;
  while (asm_ident_char(name[n])) n++;
  if (name[n] != ':' || name[n + 1] == ':') return s;
  if (sub) {
    json_t *tag = asm_tag(a, name, n, "label", number);
    if (a->scope[0]) json_object_set_new(tag, "scope", json_string(a->scope));
  } else {
    close_label(a, number - 1);
    a->open_label = asm_tag(a, name, n, "label", number);
    snprintf(a->scope, sizeof a->scope, "%.*s", (int)n, name);
  }
  return skip_blank(name + n + 1);
}

static void asm_call(asm_scan *a, const char *s, long number) {
  static const char *const jumps[] = {"jsl", "jsr", "jml", "jmp", NULL};
  for (size_t i = 0; jumps[i]; i++) {
    if (strncasecmp(s, jumps[i], 3) != 0) continue;
    const char *op = s + 3;
    if (*op == '.' && op[1]) op += 2; /* jsl.l, jsr.w; "jsl." ending the line stops at its end */
    if (*op != ' ' && *op != '\t') return;
    op = skip_blank(op);
    if (!ident_start(*op)) return; /* $addresses, (indirect), anonymous +/- */
    size_t n = 0;
    while (ident_char(op[n])) n++;
    json_array_append_new(a->calls, name_line(op, n, number));
    return;
  }
}

static void asm_line(const char *raw, long number, void *data) {
  asm_scan *a = data;
  char line[Z3_DT_MAX_LINE];
  snprintf(line, sizeof line, "%s", raw);
  line[strcspn(line, ";")] = '\0';
  const char *s = skip_blank(line);
  if (!*s || asm_directive(a, s, number) || asm_define(a, line, s, number)) return;
  asm_call(a, asm_label(a, s, number), number);
}

void z3_code_scan_asm(const char *text, size_t len, json_t *tags, json_t *calls, json_t *includes) {
  asm_scan a = {.tags = tags, .calls = calls, .includes = includes};
  long lines = 0;
  for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
  z3_dt_each_line(text, len, asm_line, &a);
  close_label(&a, lines + (len && text[len - 1] != '\n'));
}
