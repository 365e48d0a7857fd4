/* build: where a failing test's own output says it failed. */
#include <stdlib.h>
#include <string.h>

#include "devtools/build_results.h"
#include "devtools/diag.h"
#include "devtools/diag_internal.h"

/* file:line, with root/ taken off a path under the root. */
static void set_place(json_t *f, text_span file, long line, const char *root) {
  size_t rlen = root ? strlen(root) : 0;
  if (rlen && file.n > rlen + 1 && memcmp(file.p, root, rlen) == 0 && file.p[rlen] == '/') {
    file.p += rlen + 1, file.n -= rlen + 1;
  }
  json_object_set_new(f, "file", z3_diag_text(file.p, file.n));
  json_object_set_new(f, "line", json_integer(line));
}

/* "path:12" or "path:12: ..." at the start of s: true with the parts. */
static bool file_line(text_span s, text_span *file, long *line) {
  for (size_t i = 0; i + 1 < s.n; i++) {
    if (s.p[i] != ':' || s.p[i + 1] < '0' || s.p[i + 1] > '9') continue;
    size_t used;
    *line = span_long((text_span){s.p + i + 1, s.n - i - 1}, 10, &used);
    const char *end = s.p + i + 1 + used;
    if (end < s.p + s.n && *end != ':') continue;
    *file = (text_span){s.p, i};
    return i > 0;
  }
  return false;
}

static void cmocka_line(json_t *f, text_span l, const char *root) {
  static const char err_head[] = "[  ERROR   ] --- ", line_head[] = "[   LINE   ] --- ", run_head[] = "[ RUN      ] ";
  text_span file;
  long line;
  if (span_starts(l, run_head)) {
    json_object_set_new(f, "case", z3_diag_text(l.p + sizeof run_head - 1, l.n - sizeof run_head + 1));
  } else if (span_starts(l, err_head) && !json_object_get(f, "message")) {
    json_object_set_new(f, "message", z3_diag_text(l.p + sizeof err_head - 1, l.n - sizeof err_head + 1));
  } else if (span_starts(l, line_head) && !json_object_get(f, "file") &&
             file_line((text_span){l.p + sizeof line_head - 1, l.n - sizeof line_head + 1}, &file, &line)) {
    set_place(f, file, line, root);
  }
}

static void tap_line(json_t *f, text_span l, const char *root, bool *in_failure) {
  if (span_starts(l, "not ok") && !json_object_get(f, "message")) {
    size_t dash = span_find(l, " - ");
    text_span num = {l.p + 6, (dash == SIZE_MAX ? l.n : dash) - 6};
    num = span_trim(num);
    json_object_set_new(f, "case", z3_diag_text(num.p, num.n));
    if (dash != SIZE_MAX) json_object_set_new(f, "message", z3_diag_text(l.p + dash + 3, l.n - dash - 3));
    *in_failure = true;
    return;
  }
  if (!*in_failure) return;
  text_span t = span_trim(l);
  size_t at = span_find(t, "at "), word = span_find(t, " line ");
  if (span_starts(t, "#") && !json_object_get(f, "file") && at != SIZE_MAX && word != SIZE_MAX && word > at + 3) {
    size_t used;
    set_place(f, (text_span){t.p + at + 3, word - at - 3},
              span_long((text_span){t.p + word + 6, t.n - word - 6}, 10, &used), root);
  } else if (span_starts(t, "file: ")) {
    json_object_set_new(f, "file", z3_diag_text(t.p + 6, t.n - 6));
  } else if (span_starts(t, "line: ")) {
    size_t used;
    json_object_set_new(f, "line", json_integer(span_long((text_span){t.p + 6, t.n - 6}, 10, &used)));
  } else if (span_starts(t, "ok ")) {
    *in_failure = false;
  }
}

/* "prog: file.c:5: main: Assertion `x' failed." */
static void assert_line(json_t *f, text_span l, const char *root) {
  size_t at = span_find(l, ": Assertion ");
  if (at == SIZE_MAX || json_object_get(f, "file")) return;
  size_t start = span_find(l, ": ");
  text_span file;
  long line;
  if (start == SIZE_MAX || start >= at || !file_line((text_span){l.p + start + 2, at - start - 2}, &file, &line)) return;
  set_place(f, file, line, root);
  json_object_set_new(f, "message", z3_diag_text(l.p + at + 2, l.n - at - 2));
}

void z3_build_failure_details(json_t *f, const char *output, size_t len, const char *root) {
  bool in_failure = false;
  json_t *last_case = NULL;
  for (size_t i = 0; i < len;) {
    const char *nl = memchr(output + i, '\n', len - i);
    size_t n = nl ? (size_t)(nl - output) - i : len - i;
    text_span l = {output + i, n};
    i += n + 1;
    if (!json_object_get(f, "message")) {
      cmocka_line(f, l, root);
      if (json_object_get(f, "message")) last_case = json_incref(json_object_get(f, "case"));
    } else {
      cmocka_line(f, l, root);
    }
    tap_line(f, l, root, &in_failure);
    assert_line(f, l, root);
  }
  /* cmocka's "[ RUN ]" names every case; keep the one that failed. */
  if (last_case) json_object_set_new(f, "case", last_case);
}
