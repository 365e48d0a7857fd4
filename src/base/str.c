/* Small string helpers shared by the CLI and parsers. */
#include <stdio.h>
#include <string.h>

#include "base.h"

size_t z3_utf8_char_len(const unsigned char *s, size_t left) {
  if (left == 0) return 0;
  size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
  if (n > left || (n == 2 && s[0] < 0xC2)) return 0; /* cut short, or overlong */
  for (size_t i = 1; i < n; i++)
    if ((s[i] & 0xC0) != 0x80) return 0;
  if (n == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0))) return 0;
  if (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || s[0] > 0xF4 || (s[0] == 0xF4 && s[1] >= 0x90))) return 0;
  return n;
}

void z3_utf8_fix(char *s) {
  unsigned char *p = (unsigned char *)s;
  size_t left = strlen(s);
  while (left) {
    size_t n = z3_utf8_char_len(p, left);
    if (n == 0) *p = '?', n = 1;
    p += n, left -= n;
  }
}

void z3_vformat(char *out, size_t cap, const char *fmt, va_list ap) {
  vsnprintf(out, cap, fmt, ap);
  z3_utf8_fix(out);
}

bool z3_utf8_valid(const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    size_t k = z3_utf8_char_len(p + i, n - i);
    if (k == 0) return false;
    i += k;
  }
  return true;
}

char *z3_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = z3_malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

char *z3_strfmt(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) return NULL;
  char *p = z3_malloc((size_t)n + 1);
  if (!p) return NULL;
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}

size_t z3_edit_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 64 || lb > 64) return la > lb ? la : lb; /* suggestions only need short words */
  size_t row[65];
  for (size_t j = 0; j <= lb; j++) row[j] = j;
  for (size_t i = 1; i <= la; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= lb; j++) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      if (up + 1 < best) best = up + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[lb];
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool z3_parse_u64(const char *s, uint64_t *out) {
  unsigned base = 10;
  if (s[0] == '$') {
    base = 16;
    s++;
  } else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
  }
  if (!*s) return false;
  uint64_t v = 0;
  for (; *s; s++) {
    int d = base == 16 ? hex_digit(*s) : (*s >= '0' && *s <= '9' ? *s - '0' : -1);
    if (d < 0) return false;
    if (v > (UINT64_MAX - (uint64_t)d) / base) return false;
    v = v * base + (uint64_t)d;
  }
  *out = v;
  return true;
}

/* A byte that starts nothing z3_buf_put_visible must rewrite. */
static bool plain_byte(unsigned char c) { return c >= 0x20 && c != 0x7F && c != 0xC2; }

z3_status z3_buf_put_visible(z3_buf *b, const char *s, size_t n, z3_error *err) {
  const unsigned char *p = (const unsigned char *)s, *end = p + n;
  z3_status st = Z3_OK;
  while (p < end && st == Z3_OK) {
    const unsigned char *run = p;
    while (run < end && plain_byte(*run)) run++;
    if (run > p) {
      st = z3_buf_append(b, p, (size_t)(run - p), err);
      p = run;
    } else if (*p == '\n' || *p == '\t' || (*p == 0xC2 && (p + 1 == end || p[1] < 0x80 || p[1] > 0x9F))) {
      st = z3_buf_push(b, *p++, err); /* a 0xC2 that starts no C1 control: U+00A0 and up */
    } else if (*p == 0xC2) {
      st = z3_buf_printf(b, "\\u%04X", p[1]);
      p += 2;
    } else {
      st = z3_buf_printf(b, "\\x%02X", *p++);
    }
  }
  return st;
}
