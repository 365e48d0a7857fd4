/* Source text for the assembler: files (confined to the patch's folder),
 * lines, !defines and the small scanning helpers the other files share. */
#define _DEFAULT_SOURCE /* realpath */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "asm/assembler_internal.h"

const char *asm_skip_space(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\r') p++;
  return p;
}

bool asm_ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

const char *asm_parse_string(const char *p, char *out, size_t cap) {
  if (*p != '"') return NULL;
  size_t n = 0;
  for (p++; *p && *p != '"'; p++)
    if (n + 1 < cap) out[n++] = *p;
  if (cap) out[n < cap ? n : cap - 1] = '\0';
  return *p == '"' ? p + 1 : NULL;
}

int asm_split_args(char *text, char **items, int max) {
  int count = 0, depth = 0;
  bool quoted = false;
  char *start = text;
  for (char *p = text;; p++) {
    if (*p == '"') quoted = !quoted;
    if (!quoted && (*p == '(' || *p == '[')) depth++;
    if (!quoted && (*p == ')' || *p == ']') && depth > 0) depth--;
    if (*p == '\0' || (*p == ',' && !quoted && depth == 0)) {
      if (count == max) return -1;
      bool end = *p == '\0';
      *p = '\0';
      char *s = (char *)asm_skip_space(start);
      size_t n = strlen(s);
      while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = '\0';
      items[count++] = s;
      if (end) break;
      start = p + 1;
    }
  }
  return count;
}

/* ---- defines ------------------------------------------------------------------ */

static asm_define *define_find(const asm_state *st, const char *name, size_t len) {
  for (size_t i = 0; i < st->define_count; i++)
    if (strlen(st->defines[i].name) == len && memcmp(st->defines[i].name, name, len) == 0)
      return &st->defines[i];
  return NULL;
}

const char *asm_define_get(const asm_state *st, const char *name, size_t len) {
  const asm_define *d = define_find(st, name, len);
  return d ? d->value : NULL;
}

z3_status asm_define_set(asm_state *st, const char *name, size_t len, const char *value) {
  char *copy = z3_strdup(value);
  if (!copy) return asm_fail(st, NULL, "out of memory for defines");
  asm_define *d = define_find(st, name, len);
  if (d) {
    z3_free(d->value);
    d->value = copy;
    return Z3_OK;
  }
  if (st->define_count == st->define_cap) {
    size_t cap = st->define_cap ? st->define_cap * 2 : 16;
    asm_define *n = z3_realloc(st->defines, cap * sizeof *n);
    if (!n) {
      z3_free(copy);
      return asm_fail(st, NULL, "out of memory for defines");
    }
    st->defines = n;
    st->define_cap = cap;
  }
  char *key = z3_malloc(len + 1);
  if (!key) {
    z3_free(copy);
    return asm_fail(st, NULL, "out of memory for defines");
  }
  memcpy(key, name, len);
  key[len] = '\0';
  st->defines[st->define_count++] = (asm_define){key, copy};
  return Z3_OK;
}

void asm_define_remove(asm_state *st, const char *name, size_t len) {
  asm_define *d = define_find(st, name, len);
  if (!d) return;
  z3_free(d->name);
  z3_free(d->value);
  *d = st->defines[--st->define_count];
}

/* One round: replaces every !name and !{name}; *did says whether any was. */
static bool define_start(char c) { return isalpha((unsigned char)c) || c == '_'; }

/* `orig` is the line as the caller has it, for columns in the first round. */
static z3_status substitute_once(asm_state *st, const char *in, const char *orig, char *out, bool *did) {
  size_t n = 0;
  *did = false;
  for (const char *p = in; *p;) {
    const char *name = NULL;
    size_t len = 0, skip = 0;
    if (p[0] == '!' && p[1] == '{') {
      const char *close = strchr(p, '}');
      if (close) name = p + 2, len = (size_t)(close - name), skip = len + 3;
    } else if (p[0] == '!' && define_start(p[1])) {
      name = p + 1;
      while (asm_ident_char(name[len])) len++;
      skip = len + 1;
    }
    if (!name) {
      if (n + 1 >= ASM_LINE_MAX) return asm_fail(st, NULL, "line longer than %d characters after defines", ASM_LINE_MAX);
      out[n++] = *p++;
      continue;
    }
    const char *value = asm_define_get(st, name, len);
    if (!value) return asm_fail(st, orig ? orig + (p - in) : NULL, "define '!%.*s' is not defined", (int)len, name);
    size_t vl = strlen(value);
    if (n + vl + 1 >= ASM_LINE_MAX) return asm_fail(st, p, "line longer than %d characters after defines", ASM_LINE_MAX);
    memcpy(out + n, value, vl);
    n += vl;
    p += skip;
    *did = true;
  }
  out[n] = '\0';
  return Z3_OK;
}

z3_status asm_substitute(asm_state *st, const char *in, char *out, const char *at) {
  char *tmp = z3_malloc(ASM_LINE_MAX);
  if (!tmp) return asm_fail(st, NULL, "out of memory");
  z3_status s = Z3_OK;
  bool did = true;
  strcpy(tmp, in);
  int round = 0;
  for (; did && round < ASM_DEFINE_ROUNDS; round++) {
    if ((s = substitute_once(st, tmp, round == 0 && at == in ? in : NULL, out, &did))) break;
    strcpy(tmp, out);
  }
  if (!s && did) s = asm_fail(st, NULL, "defines expand without end (a define that names itself?)");
  z3_free(tmp);
  return s;
}

/* ---- files ---------------------------------------------------------------------- */

static char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash) return z3_strdup(".");
  return z3_strfmt("%.*s", (int)(slash - path), path);
}

/* The real path of `path` when it lies inside the real root; NULL otherwise. */
static char *confined(asm_state *st, const char *path, const char *shown, const char *at) {
  char root[PATH_MAX], real[PATH_MAX];
  if (!realpath(st->opt->root, root)) {
    asm_fail(st, at, "the patch folder '%s' cannot be resolved", st->opt->root);
    return NULL;
  }
  if (!realpath(path, real)) {
    asm_fail(st, at, "file '%s' not found", shown);
    return NULL;
  }
  size_t n = strlen(root);
  bool inside = strncmp(real, root, n) == 0 && (real[n] == '/' || strcmp(root, "/") == 0);
  if (!inside) {
    asm_fail(st, at, "file '%s' lies outside the patch's folder %s", shown, st->opt->root);
    return NULL;
  }
  return z3_strdup(real);
}

z3_status asm_load_file(asm_state *st, const char *from_file, const char *name, const char *at,
                        asm_file **out) {
  if (!st->opt->root) return asm_fail(st, at, "'%s': includes are disabled here", name);
  if (name[0] == '/') return asm_fail(st, at, "'%s': absolute paths are refused; name files relative to the patch", name);
  char *dir = dir_of(from_file);
  char *path = dir ? z3_strfmt("%s/%s", dir, name) : NULL;
  z3_free(dir);
  if (!path) return asm_fail(st, at, "out of memory");
  char *real = confined(st, path, name, at);
  if (!real) {
    z3_free(path);
    return st->failed;
  }
  for (size_t i = 0; i < st->file_count; i++)
    if (strcmp(st->files[i].path, real) == 0) {
      z3_free(real);
      z3_free(path);
      *out = &st->files[i];
      return Z3_OK;
    }
  if (st->file_count == st->file_cap) {
    size_t cap = st->file_cap ? st->file_cap * 2 : 8;
    asm_file *f = z3_realloc(st->files, cap * sizeof *f);
    if (!f) {
      z3_free(real);
      z3_free(path);
      return asm_fail(st, at, "out of memory");
    }
    st->files = f;
    st->file_cap = cap;
  }
  asm_file *f = &st->files[st->file_count];
  f->path = real;
  f->name = path;
  z3_buf_init(&f->text);
  z3_error e;
  z3_error_init(&e);
  if (z3_file_read(&f->text, real, 16u << 20, &e)) {
    z3_free(real);
    z3_free(path);
    return asm_fail(st, at, "'%s': %s", name, e.message);
  }
  st->file_count++;
  *out = f;
  return Z3_OK;
}

z3_status asm_run_text(asm_state *st, const char *file, const char *text, size_t len,
                       const asm_loc *parent) {
  asm_loc loc = {file, 0, NULL, parent};
  const char *end = text + len;
  const asm_loc *saved = st->loc;
  for (const char *p = text; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    loc.line++;
    st->loc = &loc;
    if (++st->lines > ASM_MAX_LINES) return asm_fail(st, NULL, "more than %d lines in one pass (runaway includes?)", ASM_MAX_LINES);
    if (asm_process_line(st, p, n)) return st->failed;
    p += n + 1;
  }
  st->loc = saved;
  return Z3_OK;
}
