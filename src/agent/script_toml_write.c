/*
 * Writing JSON as TOML, for recorded and learned scripts. Tables become
 * [headers], non-empty arrays whose elements are all objects become
 * [[arrays of tables]], anything deeper inside an inline array is written
 * inline. z3_toml_parse(z3_toml_write(doc)) gives doc back (the fuzz target
 * checks it), so floats are written with the fewest digits that read back
 * exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/script.h"

static bool is_bare_key(const char *k) {
  if (!k[0]) return false;
  for (const char *c = k; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-'))
      return false;
  return true;
}

static bool put_string(z3_buf *b, const char *s, size_t n) {
  bool ok = z3_buf_push(b, '"', NULL) == Z3_OK;
  for (size_t i = 0; ok && i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    const char *esc = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r" : NULL;
    if (esc) ok = z3_buf_printf(b, "%s", esc) == Z3_OK;
    else if (c < 0x20 || c == 0x7F) ok = z3_buf_printf(b, "\\u%04X", c) == Z3_OK;
    else ok = z3_buf_push(b, c, NULL) == Z3_OK;
  }
  return ok && z3_buf_push(b, '"', NULL) == Z3_OK;
}

static bool put_key(z3_buf *b, const char *k) {
  return is_bare_key(k) ? z3_buf_printf(b, "%s", k) == Z3_OK : put_string(b, k, strlen(k));
}

static bool put_real(z3_buf *b, double d) {
  char t[40];
  for (int prec = 15; prec <= 17; prec++) {
    snprintf(t, sizeof t, "%.*g", prec, d);
    if (strtod(t, NULL) == d) break;
  }
  bool has_mark = strpbrk(t, ".eE") != NULL;
  return z3_buf_printf(b, "%s%s", t, has_mark ? "" : ".0") == Z3_OK;
}

static bool is_table_array(const json_t *v) {
  if (!json_is_array(v) || json_array_size(v) == 0) return false;
  for (size_t i = 0; i < json_array_size(v); i++)
    if (!json_is_object(json_array_get(v, i))) return false;
  return true;
}

static bool put_inline(z3_buf *b, const json_t *v) {
  switch (json_typeof(v)) {
    case JSON_STRING: return put_string(b, json_string_value(v), json_string_length(v));
    case JSON_INTEGER: return z3_buf_printf(b, "%" JSON_INTEGER_FORMAT, json_integer_value(v)) == Z3_OK;
    case JSON_REAL: return put_real(b, json_real_value(v));
    case JSON_TRUE: return z3_buf_printf(b, "true") == Z3_OK;
    case JSON_FALSE: return z3_buf_printf(b, "false") == Z3_OK;
    case JSON_NULL: return false; /* TOML has no null */
    case JSON_ARRAY: {
      bool ok = z3_buf_push(b, '[', NULL) == Z3_OK;
      for (size_t i = 0; ok && i < json_array_size(v); i++) {
        if (i) ok = z3_buf_printf(b, ", ") == Z3_OK;
        ok = ok && put_inline(b, json_array_get(v, i));
      }
      return ok && z3_buf_push(b, ']', NULL) == Z3_OK;
    }
    case JSON_OBJECT: {
      bool ok = z3_buf_push(b, '{', NULL) == Z3_OK, first = true;
      const char *k;
      const json_t *x;
      json_object_foreach((json_t *)v, k, x) {
        ok = ok && (first || z3_buf_printf(b, ", ") == Z3_OK) && put_key(b, k) &&
             z3_buf_printf(b, " = ") == Z3_OK && put_inline(b, x);
        first = false;
      }
      return ok && z3_buf_push(b, '}', NULL) == Z3_OK;
    }
  }
  return false;
}

static bool put_table(z3_buf *b, const json_t *table, const char *path);

/* The sub-tables of a table, after its plain values (TOML needs that order). */
static bool put_subtables(z3_buf *b, const json_t *table, const char *path) {
  const char *k;
  const json_t *v;
  bool ok = true;
  json_object_foreach((json_t *)table, k, v) {
    if (!ok) break;
    if (!json_is_object(v) && !is_table_array(v)) continue;
    z3_buf key;
    z3_buf_init(&key);
    ok = (!path[0] || z3_buf_printf(&key, "%s.", path) == Z3_OK) && put_key(&key, k) &&
         z3_buf_printf(&key, "%s", "") == Z3_OK;
    const char *sub = (const char *)key.data;
    if (ok && json_is_object(v)) {
      ok = z3_buf_printf(b, "%s[%s]\n", b->len ? "\n" : "", sub) == Z3_OK && put_table(b, v, sub);
    }
    for (size_t i = 0; ok && json_is_array(v) && i < json_array_size(v); i++) {
      ok = z3_buf_printf(b, "%s[[%s]]\n", b->len ? "\n" : "", sub) == Z3_OK && put_table(b, json_array_get(v, i), sub);
    }
    z3_buf_release(&key);
  }
  return ok;
}

static bool put_table(z3_buf *b, const json_t *table, const char *path) {
  const char *k;
  const json_t *v;
  bool ok = true;
  json_object_foreach((json_t *)table, k, v) {
    if (json_is_object(v) || is_table_array(v)) continue;
    ok = ok && put_key(b, k) && z3_buf_printf(b, " = ") == Z3_OK && put_inline(b, v) &&
         z3_buf_push(b, '\n', NULL) == Z3_OK;
  }
  return ok && put_subtables(b, table, path);
}

char *z3_toml_write(const json_t *doc) {
  if (!json_is_object(doc)) return NULL;
  z3_buf b;
  z3_buf_init(&b);
  if (!put_table(&b, doc, "") || z3_buf_printf(&b, "%s", "") != Z3_OK) {
    z3_buf_release(&b);
    return NULL;
  }
  return z3_buf_take_string(&b);
}
