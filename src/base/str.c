/* Small string helpers shared by the CLI and parsers. */
#include <stdio.h>
#include <string.h>

#include "base.h"

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
