/* diag: CMake messages, parseable fix-its and linker errors. */
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "devtools/diag_internal.h"

json_t *diag_cmake_start(text_span l, bool *warning) {
  static const char *const heads[] = {"CMake Error", "CMake Warning", "CMake Deprecation Warning", NULL};
  int which = -1;
  for (int i = 0; heads[i]; i++) if (span_starts(l, heads[i])) which = i;
  if (which < 0) return NULL;
  *warning = which != 0;
  text_span rest = {l.p + strlen(heads[which]), l.n - strlen(heads[which])};
  if (span_starts(rest, " (dev)")) rest.p += 6, rest.n -= 6;
  json_t *d = json_object();
  json_object_set_new(d, "kind", json_string("cmake"));
  if (span_starts(rest, " at ") || span_starts(rest, " in ")) {
    rest.p += 4, rest.n -= 4;
    size_t paren = span_find(rest, " (");
    text_span where = {rest.p, paren == SIZE_MAX ? rest.n : paren};
    while (where.n > 0 && where.p[where.n - 1] == ':') where.n--;
    diag_location(d, where);
    if (paren != SIZE_MAX) {
      size_t close = span_find(rest, ")");
      if (close != SIZE_MAX && close > paren + 2) json_object_set_new(d, "command", diag_text(rest.p + paren + 2, close - paren - 2));
    }
    json_object_set_new(d, "message", json_string(""));
  } else {
    if (span_starts(rest, ":")) rest.p++, rest.n--;
    text_span msg = span_trim(rest);
    json_object_set_new(d, "message", diag_text(msg.p, msg.n));
  }
  return d;
}

/* Indented lines (and the blank lines between them) continue the message. */
bool diag_cmake_more(json_t *d, text_span l) {
  if (l.n > 0 && l.p[0] != ' ' && l.p[0] != '\t') return false;
  text_span t = span_trim(l);
  if (t.n == 0) return true;
  const char *old = json_string_value(json_object_get(d, "message"));
  if (!old) return false;
  size_t old_n = strlen(old);
  char *joined = z3_malloc(old_n + t.n + 2);
  if (!joined) return true;
  memcpy(joined, old, old_n);
  size_t n = old_n;
  if (old_n) joined[n++] = ' ';
  memcpy(joined + n, t.p, t.n);
  json_object_set_new(d, "message", diag_text(joined, n + t.n));
  z3_free(joined);
  return true;
}

/* A C-escaped string starting after its opening quote; *used counts through the closing quote. */
static json_t *unescape(text_span s, size_t *used) {
  char *out = z3_malloc(s.n + 1);
  if (!out) return NULL;
  size_t n = 0, i = 0;
  for (; i < s.n && s.p[i] != '"'; i++) {
    char c = s.p[i];
    if (c == '\\' && i + 1 < s.n) {
      c = s.p[++i];
      if (c >= '0' && c <= '7') {
        int v = 0;
        for (int k = 0; k < 3 && i < s.n && s.p[i] >= '0' && s.p[i] <= '7'; k++, i++) v = v * 8 + (s.p[i] - '0');
        i--;
        c = (char)v;
      } else if (c == 'n') {
        c = '\n';
      } else if (c == 't') {
        c = '\t';
      }
    }
    out[n++] = c;
  }
  json_t *j = i < s.n ? diag_text(out, n) : NULL;
  z3_free(out);
  *used = i + 1;
  return j;
}

static bool read_int(text_span *s, char after, json_int_t *v) {
  size_t i = 0;
  *v = 0;
  while (i < s->n && i < 9 && s->p[i] >= '0' && s->p[i] <= '9') *v = *v * 10 + (s->p[i++] - '0');
  if (i == 0 || i >= s->n || s->p[i] != after) return false;
  s->p += i + 1, s->n -= i + 1;
  return true;
}

bool diag_fixit_line(json_t *d, text_span l) {
  if (!span_starts(l, "fix-it:\"")) return false;
  text_span s = {l.p + 8, l.n - 8};
  size_t used;
  json_t *file = unescape(s, &used);
  if (!file) return true;
  s.p += used, s.n -= used;
  json_int_t v[4];
  bool ok = span_starts(s, ":{") && (s.p += 2, s.n -= 2, true) && read_int(&s, ':', &v[0]) &&
            read_int(&s, '-', &v[1]) && read_int(&s, ':', &v[2]) && read_int(&s, '}', &v[3]) &&
            span_starts(s, ":\"");
  json_t *text = ok ? (s.p += 2, s.n -= 2, unescape(s, &used)) : NULL;
  if (!text || !d) {
    json_decref(file);
    json_decref(text);
    return true;
  }
  json_t *fix = json_object();
  json_object_set_new(fix, "file", file);
  json_object_set_new(fix, "line", json_integer(v[0]));
  json_object_set_new(fix, "column", json_integer(v[1]));
  json_object_set_new(fix, "end_line", json_integer(v[2]));
  json_object_set_new(fix, "end_column", json_integer(v[3]));
  json_object_set_new(fix, "replacement", text);
  json_t *fixits = json_object_get(d, "fixits");
  if (!fixits) json_object_set_new(d, "fixits", fixits = json_array());
  json_array_append_new(fixits, fix);
  return true;
}

/* "main.c:(.text+0x5)", "main.c:12" or "x.o:(.bss+0x0)": the part after the linker's own name. */
static void linker_place(json_t *d, text_span where) {
  size_t cut = span_rfind(where, ": ");
  if (cut != SIZE_MAX) where.p += cut + 2, where.n -= cut + 2;
  size_t section = span_find(where, ":(");
  if (section != SIZE_MAX) {
    json_object_set_new(d, "file", diag_text(where.p, section));
    text_span inner = {where.p + section + 2, where.n - section - 2}; /* ".text+0x5)" */
    if (inner.n > 0 && inner.p[inner.n - 1] == ')') inner.n--;
    json_object_set_new(d, "section", diag_text(inner.p, inner.n));
  } else {
    diag_location(d, where);
  }
}

json_t *diag_linker_line(text_span l) {
  static const char *const markers[] = {": undefined reference to ", ": multiple definition of ",
                                        "error: undefined symbol: ", "error: duplicate symbol: ", NULL};
  static const char *const kinds[] = {"undefined reference", "multiple definition", "undefined reference",
                                      "multiple definition", NULL};
  for (int i = 0; markers[i]; i++) {
    size_t at = span_find(l, markers[i]);
    if (at == SIZE_MAX) continue;
    json_t *d = json_object();
    json_object_set_new(d, "kind", json_string("linker"));
    size_t after = at + strlen(markers[i]);
    text_span rest = {l.p + after, l.n - after};
    json_t *symbol = i < 2 ? diag_quoted(l, after) : diag_text(rest.p, rest.n);
    if (i < 2) linker_place(d, (text_span){l.p, at});
    json_object_set_new(d, "message", diag_text(kinds[i], strlen(kinds[i])));
    json_object_set_new(d, "symbol", symbol ? symbol : json_string(""));
    size_t first = span_find(rest, "; ");
    if (first != SIZE_MAX && span_find(rest, ": first defined here") != SIZE_MAX) {
      json_t *where = json_object();
      text_span f = {rest.p + first + 2, span_find(rest, ": first defined here") - first - 2};
      if (f.n <= rest.n) linker_place(where, f);
      json_object_set_new(d, "first_defined", where);
    }
    return d;
  }
  return NULL;
}

bool diag_linker_note(json_t *d, text_span l) {
  static const char head[] = ">>> referenced by ";
  if (!span_starts(l, head)) return false;
  if (d && !json_object_get(d, "file")) {
    diag_location(d, (text_span){l.p + sizeof head - 1, l.n - sizeof head + 1});
  }
  return true;
}
