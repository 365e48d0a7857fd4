/*
 * diag: fix-it hints in the human-readable form, read from the quoted source
 * under a diagnostic. GCC:
 *       3 |   fooo = 1;
 *         |   ^~~~
 *         |   foo            <- replaces columns 3-6 with "foo"
 * (a lone caret marks an insertion, dashes a deletion)
 *     +++ |+#include <stdio.h>
 *       1 | int foo;         <- inserts the line before line 1
 * Clang prints the same without the gutter, right under the diagnostic.
 * Builds that ask for -fdiagnostics-parseable-fixits get exact fix-its, which
 * replace these (diag.c); this form is what a build run without it leaves:
 * one fix-it per hint line, columns as the compiler prints them.
 */
#include <string.h>

#include "devtools/diag_internal.h"

void diag_caret_reset(diag_caret *c) {
  json_decref(c->insert);
  *c = (diag_caret){0};
}

static bool only_of(text_span s, const char *set) {
  for (size_t i = 0; i < s.n; i++)
    if (!strchr(set, s.p[i])) return false;
  return true;
}

static size_t first_non_space(text_span s) {
  size_t i = 0;
  while (i < s.n && s.p[i] == ' ') i++;
  return i;
}

/* "    3 | text" or "      | text" or "  +++ |+text": the part after the bar
 * (without its one space), the number before it (0 when none). */
static bool split_gutter(text_span l, text_span *rest, json_int_t *number, bool *insertion) {
  size_t bar = span_find(l, "|");
  if (bar == SIZE_MAX || bar == 0) return false;
  text_span left = span_trim((text_span){l.p, bar});
  *number = 0;
  *insertion = left.n == 3 && memcmp(left.p, "+++", 3) == 0;
  if (!*insertion) {
    for (size_t i = 0; i < left.n; i++) {
      if (left.p[i] < '0' || left.p[i] > '9' || i > 8) return false;
      *number = *number * 10 + (left.p[i] - '0');
    }
  }
  size_t skip = bar + 1 < l.n && (l.p[bar + 1] == ' ' || (*insertion && l.p[bar + 1] == '+')) ? 2 : 1;
  *rest = (text_span){l.p + bar + skip, l.n > bar + skip ? l.n - bar - skip : 0};
  return true;
}

static void add_fixit(json_t *d, json_int_t line, json_int_t column, json_int_t end, json_t *text) {
  json_t *fix = json_pack("{s:O?, s:I, s:I, s:I, s:I, s:o}", "file", json_object_get(d, "file"), "line", line,
                          "column", column, "end_line", line, "end_column", end, "replacement", text);
  json_t *fixits = json_object_get(d, "fixits");
  if (!fixits) json_object_set_new(d, "fixits", fixits = json_array());
  json_array_append_new(fixits, fix);
}

/* A caret line sets the underlined range; the line after it is the hint. */
static bool under_quote(diag_caret *c, json_t *d, text_span s, json_int_t line) {
  size_t at = first_non_space(s);
  text_span body = {s.p + at, s.n - at};
  if (body.n == 0 || c->labels) return true;
  if (!c->start && only_of(body, "^~ ")) {
    size_t last = s.n;
    while (last > 0 && s.p[last - 1] == ' ') last--;
    c->start = (json_int_t)at + 1, c->end = (json_int_t)last + 1;
    return true;
  }
  if (!c->start) return false;
  if (only_of(body, "| ")) { /* GCC's range labels follow: not hints */
    c->labels = true;
    return true;
  }
  json_int_t column = (json_int_t)at + 1, end = column;
  json_t *text;
  if (only_of(body, "-")) { /* a deletion: dashes under what goes */
    end = column + (json_int_t)body.n;
    text = json_string("");
  } else {
    /* A lone caret marks an insertion point; an underlined range is what the hint replaces. */
    if (column == c->start && c->end - c->start > 1) end = c->end;
    text = diag_text(body.p, body.n);
  }
  add_fixit(d, line ? line : json_integer_value(json_object_get(d, "line")), column, end, text);
  c->added = true;
  return true;
}

bool diag_caret_line(diag_caret *c, json_t *d, text_span l) {
  if (!d) return false;
  text_span rest;
  json_int_t number;
  bool insertion;
  if (split_gutter(l, &rest, &number, &insertion)) {
    if (insertion) {
      json_decref(c->insert);
      c->insert = diag_text(rest.p, rest.n);
      return true;
    }
    if (number) { /* a quoted line: a new caret may follow */
      if (c->insert) {
        const char *text = json_string_value(c->insert);
        add_fixit(d, number, 1, 1, json_sprintf("%s\n", text));
        json_decref(c->insert);
        c->insert = NULL;
        c->added = true;
      }
      c->line = number, c->start = c->end = 0, c->labels = false, c->clang_lines = 0;
      return true;
    }
    return under_quote(c, d, rest, c->line);
  }
  /* Clang: the quote, the caret, the hints, each right after the other. */
  if (c->line || (l.n >= 11 && memcmp(l.p + l.n - 11, " generated.", 11) == 0)) return false;
  if (c->clang_lines++ == 0) return true; /* the quoted source */
  return under_quote(c, d, l, 0);
}
