/* Byte buffers and the allocation seam used by fault-injection tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

static int alloc_countdown; /* 0 = no fault armed */

void z3_fault_alloc_after(int n) { alloc_countdown = n; }

static bool alloc_should_fail(void) {
  if (alloc_countdown <= 0) return false;
  return --alloc_countdown == 0;
}

void *z3_malloc(size_t n) { return alloc_should_fail() ? NULL : malloc(n ? n : 1); }
void *z3_calloc(size_t count, size_t n) {
  return alloc_should_fail() ? NULL : calloc(count ? count : 1, n ? n : 1);
}
void *z3_realloc(void *p, size_t n) { return alloc_should_fail() ? NULL : realloc(p, n ? n : 1); }
void z3_free(void *p) { free(p); }

void z3_buf_init(z3_buf *b) { memset(b, 0, sizeof *b); }

void z3_buf_release(z3_buf *b) {
  z3_free(b->data);
  z3_buf_init(b);
}

z3_status z3_buf_reserve(z3_buf *b, size_t cap, z3_error *err) {
  if (cap <= b->cap) return Z3_OK;
  size_t grown = b->cap ? b->cap : 64;
  while (grown < cap) grown = grown > SIZE_MAX / 2 ? cap : grown * 2;
  uint8_t *p = z3_realloc(b->data, grown);
  if (!p) return z3_error_set(err, Z3_E_NOMEM, "out of memory growing a buffer to %zu bytes", cap);
  b->data = p;
  b->cap = grown;
  return Z3_OK;
}

z3_status z3_buf_resize(z3_buf *b, size_t len, z3_error *err) {
  z3_status st = z3_buf_reserve(b, len, err);
  if (st) return st;
  if (len > b->len) memset(b->data + b->len, 0, len - b->len);
  b->len = len;
  return Z3_OK;
}

z3_status z3_buf_append(z3_buf *b, const void *data, size_t n, z3_error *err) {
  if (n == 0) return Z3_OK;
  z3_status st = z3_buf_reserve(b, b->len + n, err);
  if (st) return st;
  memcpy(b->data + b->len, data, n);
  b->len += n;
  return Z3_OK;
}

z3_status z3_buf_push(z3_buf *b, uint8_t byte, z3_error *err) {
  if (b->len < b->cap) {
    b->data[b->len++] = byte;
    return Z3_OK;
  }
  return z3_buf_append(b, &byte, 1, err);
}

z3_status z3_buf_copy(z3_buf *out, const void *src, size_t n, z3_error *err) {
  z3_buf_init(out);
  return z3_buf_append(out, src, n, err);
}

z3_status z3_buf_printf(z3_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) return Z3_E_INTERNAL;
  z3_status st = z3_buf_reserve(b, b->len + (size_t)n + 1, NULL);
  if (st) return st;
  va_start(ap, fmt);
  vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
  return Z3_OK;
}

z3_status z3_buf_shell_word(z3_buf *b, const char *word) {
  static const char plain_chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-";
  if (*word && strspn(word, plain_chars) == strlen(word)) return z3_buf_printf(b, "%s", word);
  z3_status st = z3_buf_printf(b, "'");
  for (const char *p = word; *p && st == Z3_OK; p++)
    st = *p == '\'' ? z3_buf_printf(b, "'\\''") : z3_buf_push(b, (uint8_t)*p, NULL);
  return st ? st : z3_buf_printf(b, "'");
}

char *z3_buf_take_string(z3_buf *b) {
  if (z3_buf_reserve(b, b->len + 1, NULL)) return NULL;
  b->data[b->len] = '\0';
  char *s = (char *)b->data;
  z3_buf_init(b);
  return s;
}
