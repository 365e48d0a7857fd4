/* diag: text spans, locations, quoted names. */
#include <string.h>

#include "base/base.h"

#include "devtools/diag.h"
#include "devtools/diag_internal.h"

bool span_starts(text_span s, const char *prefix) {
  size_t n = strlen(prefix);
  return s.n >= n && memcmp(s.p, prefix, n) == 0;
}

size_t span_find(text_span s, const char *needle) {
  size_t n = strlen(needle);
  for (size_t i = 0; n <= s.n && i <= s.n - n; i++) {
    if (s.p[i] == needle[0] && memcmp(s.p + i, needle, n) == 0) return i;
  }
  return SIZE_MAX;
}

size_t span_rfind(text_span s, const char *needle) {
  size_t n = strlen(needle);
  for (size_t i = s.n >= n ? s.n - n + 1 : 0; i-- > 0;) {
    if (memcmp(s.p + i, needle, n) == 0) return i;
  }
  return SIZE_MAX;
}

long span_long(text_span s, int base, size_t *used) {
  long v = 0;
  size_t i = 0;
  for (; i < s.n && i < 15; i++) {
    char c = s.p[i];
    int d = c >= '0' && c <= '9' ? c - '0' : base == 16 && c >= 'a' && c <= 'f' ? c - 'a' + 10
            : base == 16 && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) break;
    v = v * base + d;
  }
  *used = i;
  return v;
}

text_span span_trim(text_span s) {
  while (s.n > 0 && (s.p[0] == ' ' || s.p[0] == '\t')) s.p++, s.n--;
  while (s.n > 0 && (s.p[s.n - 1] == ' ' || s.p[s.n - 1] == '\t')) s.n--;
  return s;
}

json_t *diag_text(const char *p, size_t n) {
  char small[256] = ""; /* zeroed: -O3 cannot see that n == 0 reads none of it */
  char *copy = n < sizeof small ? small : z3_malloc(n + 1);
  if (!copy) return json_string("");
  const unsigned char *u = (const unsigned char *)p;
  for (size_t i = 0; i < n;) {
    size_t k = u[i] ? z3_utf8_char_len(u + i, n - i) : 0; /* a NUL too becomes '?' */
    if (k == 0) copy[i++] = '?';
    else memcpy(copy + i, p + i, k), i += k;
  }
  json_t *s = json_stringn(copy, n);
  if (copy != small) z3_free(copy);
  return s ? s : json_string("");
}

/* The number after the last ':' of s, when everything after it is digits. */
static bool tail_number(text_span s, size_t *colon, json_int_t *value) {
  size_t i = s.n;
  while (i > 0 && s.p[i - 1] >= '0' && s.p[i - 1] <= '9') i--;
  if (i == s.n || i == 0 || s.p[i - 1] != ':' || s.n - i > 9) return false;
  *value = 0;
  for (size_t k = i; k < s.n; k++) *value = *value * 10 + (s.p[k] - '0');
  *colon = i - 1;
  return true;
}

void diag_location(json_t *obj, text_span s) {
  s = span_trim(s);
  size_t colon;
  json_int_t a, b;
  if (tail_number(s, &colon, &b)) {
    text_span head = {s.p, colon};
    if (tail_number(head, &colon, &a)) {
      json_object_set_new(obj, "file", diag_text(s.p, colon));
      json_object_set_new(obj, "line", json_integer(a));
      json_object_set_new(obj, "column", json_integer(b));
    } else {
      json_object_set_new(obj, "file", diag_text(head.p, head.n));
      json_object_set_new(obj, "line", json_integer(b));
    }
    return;
  }
  if (s.n > 0) json_object_set_new(obj, "file", diag_text(s.p, s.n));
}

json_t *diag_quoted(text_span s, size_t from) {
  static const char *const opens[] = {"`", "'", "\xe2\x80\x98", NULL};
  static const char *const closes[] = {"'", "'", "\xe2\x80\x99", NULL};
  size_t best = SIZE_MAX;
  int which = -1;
  text_span rest = {s.p + from, s.n - from};
  for (int i = 0; opens[i]; i++) {
    size_t at = span_find(rest, opens[i]);
    if (at < best) best = at, which = i;
  }
  if (which < 0) return NULL;
  size_t start = best + strlen(opens[which]);
  text_span inner = {rest.p + start, rest.n - start};
  size_t end = span_find(inner, closes[which]);
  if (end == SIZE_MAX) return NULL;
  return diag_text(inner.p, end);
}

json_t *z3_diag_text(const char *p, size_t n) { return diag_text(p, n); }
