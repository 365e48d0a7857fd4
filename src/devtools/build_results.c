/* build: JUnit XML and test output (cmocka, TAP, assert) into results. */
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "devtools/build_results.h"
#include "devtools/diag.h"
#include "devtools/diag_internal.h"

enum { OUTPUT_TAIL = 2048 };

/* XML text with the five named entities and &#N; / &#xN; decoded. */
static char *xml_unescape(const char *p, size_t n, size_t *out_len) {
  static const char *const names[] = {"&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", "\"", "&apos;", "'", NULL};
  char *out = z3_malloc(n + 1);
  size_t k = 0;
  for (size_t i = 0; out && i < n;) {
    bool done = false;
    for (int e = 0; names[e] && !done; e += 2) {
      size_t len = strlen(names[e]);
      if (i + len <= n && memcmp(p + i, names[e], len) == 0) out[k++] = names[e + 1][0], i += len, done = true;
    }
    if (!done && p[i] == '&' && i + 2 < n && p[i + 1] == '#') {
      bool hex = p[i + 2] == 'x';
      size_t from = i + 2 + hex, used;
      long v = span_long((text_span){p + from, n - from}, hex ? 16 : 10, &used);
      size_t end = from + used;
      if (used && end < n && p[end] == ';' && v > 0 && v < 0x80) out[k++] = (char)v, i = end + 1, done = true;
    }
    if (!done) out[k++] = p[i++];
  }
  *out_len = k;
  return out;
}

/* The value of attr="..." inside a tag, or NULL. */
static json_t *attr(text_span tag, const char *name) {
  char key[32];
  snprintf(key, sizeof key, " %s=\"", name);
  size_t at = span_find(tag, key);
  if (at == SIZE_MAX) {
    snprintf(key, sizeof key, "\t%s=\"", name);
    at = span_find(tag, key);
  }
  if (at == SIZE_MAX) return NULL;
  text_span v = {tag.p + at + strlen(key), tag.n - at - strlen(key)};
  size_t end = span_find(v, "\"");
  if (end == SIZE_MAX) return NULL;
  size_t len;
  char *text = xml_unescape(v.p, end, &len);
  json_t *j = text ? z3_diag_text(text, len) : NULL;
  z3_free(text);
  return j;
}

static double attr_number(text_span tag, const char *name) {
  json_t *v = attr(tag, name);
  double d = v ? strtod(json_string_value(v), NULL) : 0;
  json_decref(v);
  return d;
}

static json_t *failure_json(text_span tag, text_span body, const char *root) {
  json_t *f = json_object();
  json_t *name = attr(tag, "name");
  json_object_set_new(f, "name", name ? name : json_string(""));
  json_object_set_new(f, "time", json_real(attr_number(tag, "time")));
  size_t a = span_find(body, "<system-out>"), b = span_find(body, "</system-out>");
  if (a != SIZE_MAX && b != SIZE_MAX && b > a) {
    size_t len;
    char *out = xml_unescape(body.p + a + 12, b - a - 12, &len);
    if (out) {
      size_t from = len > OUTPUT_TAIL ? len - OUTPUT_TAIL : 0;
      json_object_set_new(f, "output_tail", z3_diag_text(out + from, len - from));
      z3_build_failure_details(f, out, len, root);
    }
    z3_free(out);
  }
  if (!json_object_get(f, "message")) {
    size_t m = span_find(body, "<failure");
    json_t *msg = m != SIZE_MAX ? attr((text_span){body.p + m, body.n - m}, "message") : NULL;
    json_object_set_new(f, "message", msg && json_string_length(msg) ? msg : json_string("failed"));
    if (msg && !json_string_length(msg)) json_decref(msg);
  }
  return f;
}

json_t *z3_build_junit_results(const char *xml, size_t len, const char *root) {
  json_t *failures = json_array();
  json_int_t run = 0, failed = 0, skipped = 0;
  double seconds = 0;
  text_span rest = {xml, len};
  for (size_t at; (at = span_find(rest, "<testcase")) != SIZE_MAX;) {
    rest.p += at, rest.n -= at;
    size_t close = span_find(rest, ">");
    if (close == SIZE_MAX) break;
    text_span tag = {rest.p, close};
    bool empty = close > 0 && rest.p[close - 1] == '/';
    /* the closing tag is looked for after the opening one ends (in "<testcase</testcase>" it came first) */
    size_t end = empty ? close : span_find((text_span){rest.p + close, rest.n - close}, "</testcase>");
    end = empty ? close : end == SIZE_MAX ? rest.n : close + end;
    text_span body = {rest.p + close, end - close};
    json_t *status = attr(tag, "status");
    const char *st = status ? json_string_value(status) : "";
    bool is_skip = strcmp(st, "notrun") == 0 || strcmp(st, "disabled") == 0 || span_find(body, "<skipped") != SIZE_MAX;
    bool is_fail = !is_skip && (strcmp(st, "fail") == 0 || span_find(body, "<failure") != SIZE_MAX ||
                                span_find(body, "<error") != SIZE_MAX);
    json_decref(status);
    seconds += attr_number(tag, "time");
    if (is_skip) skipped++;
    else run++;
    if (is_fail) failed++, json_array_append_new(failures, failure_json(tag, body, root));
    rest.p += end, rest.n -= end;
  }
  return json_pack("{s:I, s:I, s:I, s:I, s:f, s:o}", "tests_run", run, "passed", run - failed, "failed", failed,
                   "skipped", skipped, "seconds", seconds, "failures", failures);
}
