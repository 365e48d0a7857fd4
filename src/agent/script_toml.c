/*
 * A reader for the TOML subset of .z3edscript files (see script.h), written
 * here because Debian packages no C TOML library (only C++ ones).
 *
 * The parser builds jansson values directly. TOML's rules about which tables
 * may be reopened need facts JSON cannot hold, so the parser keeps sets of
 * the json_t pointers it created: tables defined by a [header], tables
 * defined by dotted keys, sealed values (inline tables and [...] arrays) and
 * arrays made by [[header]].
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/script.h"

enum { MAX_DEPTH = 32, MAX_KEY_PARTS = 32 };

typedef struct parser {
  const char *src;
  size_t len, pos;
  int line;
  size_t line_start;
  const char *file;
  z3_error *err;
  bool failed;
  json_t *root, *current;
  char *current_path;             /* path of `current`, for positions */
  json_t *positions;
  json_t *by_header, *by_dotted, *sealed, *table_arrays; /* pointer sets */
  int depth;
  size_t col_line_start, col_pos; /* the last column answered, see column_at */
  int col;
} parser;

typedef struct key {
  char *parts[MAX_KEY_PARTS];
  int count;
  int line[MAX_KEY_PARTS], column[MAX_KEY_PARTS];
} key;

/* ---- characters ------------------------------------------------------------ */

static int peek(const parser *p) { return p->pos < p->len ? (unsigned char)p->src[p->pos] : -1; }
static int peek_at(const parser *p, size_t ahead) {
  return p->pos + ahead < p->len ? (unsigned char)p->src[p->pos + ahead] : -1;
}
static bool at_newline(const parser *p) { return peek(p) == '\n' || (peek(p) == '\r' && peek_at(p, 1) == '\n'); }

/* c is one of the characters of set (never true for NUL or the end of input). */
static bool in_set(int c, const char *set) { return c > 0 && strchr(set, c) != NULL; }

static bool is_bare(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* ---- errors and positions ------------------------------------------------- */

static int count_columns(const char *s, size_t from, size_t to, int col) {
  for (size_t i = from; i < to; i++) col += ((unsigned char)s[i] & 0xC0) != 0x80;
  return col;
}

/* Columns are asked for in increasing order along a line, so counting goes on
 * from the last answer: a long line of keys stays linear. */
static int column_at(parser *p, size_t pos) {
  if (pos > p->len) pos = p->len;
  bool reuse = p->col_line_start == p->line_start && p->col_pos <= pos && p->col_pos >= p->line_start && p->col > 0;
  p->col = count_columns(p->src, reuse ? p->col_pos : p->line_start, pos, reuse ? p->col : 1);
  p->col_line_start = p->line_start;
  p->col_pos = pos;
  return p->col;
}

static bool fail_at(parser *p, size_t pos, const char *fmt, ...) Z3_PRINTF(3, 4);
static bool fail_at(parser *p, size_t pos, const char *fmt, ...) {
  if (p->failed) return false;
  p->failed = true;
  char what[320];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  /* pos may lie on an earlier line (a string that never closes), so count afresh */
  int line = 1;
  size_t start = 0;
  for (size_t i = 0; i < pos && i < p->len; i++)
    if (p->src[i] == '\n') line++, start = i + 1;
  int column = count_columns(p->src, start, pos < p->len ? pos : p->len, 1);
  z3_error_set_at(p->err, Z3_E_INVALID, (int64_t)pos, "%s:%d:%d: %s", p->file, line, column, what);
  return false;
}

#define FAIL(p, ...) fail_at((p), (p)->pos, __VA_ARGS__)

static bool oom(parser *p) {
  if (!p->failed) z3_error_set(p->err, Z3_E_NOMEM, "out of memory reading %s", p->file);
  p->failed = true;
  return false;
}

/* What was found, for "expected X, found Y". */
static const char *found(const parser *p, char buf[16]) {
  if (p->pos >= p->len) return "the end of the file";
  int c = peek(p);
  if (c == '\r' && peek_at(p, 1) != '\n') return "a carriage return without a line feed";
  if (c == '\n' || c == '\r') return "the end of the line";
  if (c < 0x20 || c >= 0x7F) snprintf(buf, 16, "byte 0x%02x", (unsigned)c);
  else snprintf(buf, 16, "'%c'", c);
  return buf;
}

static void pointer_key(const json_t *v, char out[32]) { snprintf(out, 32, "%p", (const void *)v); }

static bool set_add(parser *p, json_t *set, const json_t *v) {
  char k[32];
  pointer_key(v, k);
  return json_object_set_new(set, k, json_true()) == 0 || oom(p);
}

static bool set_has(json_t *set, const json_t *v) {
  char k[32];
  pointer_key(v, k);
  return json_object_get(set, k) != NULL;
}

static char *path_join(const char *base, const char *part) {
  return base && base[0] ? z3_strfmt("%s.%s", base, part) : z3_strdup(part);
}

static bool note_position(parser *p, const char *path, int line, int column) {
  if (json_object_get(p->positions, path)) return true;
  json_t *at = json_pack("[ii]", line, column);
  return (at && json_object_set_new(p->positions, path, at) == 0) || oom(p);
}

/* ---- blanks, comments, line ends ---------------------------------------------- */

static void skip_blanks(parser *p) {
  while (peek(p) == ' ' || peek(p) == '\t') p->pos++;
}

static void take_newline(parser *p) {
  p->pos += peek(p) == '\r' ? 2 : 1;
  p->line++;
  p->line_start = p->pos;
}

static bool comment_char(unsigned char c) { return (c >= 0x20 || c == '\t') && c != 0x7F; }

bool z3_toml_comment_safe(const char *text) {
  for (; *text; text++)
    if (!comment_char((unsigned char)*text)) return false;
  return true;
}

static bool skip_comment(parser *p) {
  if (peek(p) != '#') return true;
  for (; p->pos < p->len && !at_newline(p); p->pos++) {
    unsigned char c = (unsigned char)p->src[p->pos];
    if (!comment_char(c)) return FAIL(p, "control character 0x%02x in a comment", c);
  }
  return true;
}

/* Blanks, comments and newlines, as allowed between array elements. */
static bool skip_space_lines(parser *p) {
  for (;;) {
    skip_blanks(p);
    if (!skip_comment(p)) return false;
    if (!at_newline(p)) return true;
    take_newline(p);
  }
}

static bool end_of_line(parser *p, const char *after) {
  skip_blanks(p);
  if (!skip_comment(p)) return false;
  if (p->pos >= p->len) return true;
  if (at_newline(p)) {
    take_newline(p);
    return true;
  }
  char buf[16];
  return FAIL(p, "expected the end of the line after %s, found %s", after, found(p, buf));
}

/* ---- UTF-8 ------------------------------------------------------------------ */

/* jansson holds only valid UTF-8, so the whole input is checked up front. */
static bool check_utf8(parser *p) {
  const unsigned char *s = (const unsigned char *)p->src;
  for (size_t i = 0; i < p->len;) {
    size_t n = z3_utf8_char_len(s + i, p->len - i);
    if (n == 0) return fail_at(p, i, "invalid UTF-8 (byte 0x%02x)", s[i]);
    if (s[i] == '\n') {
      p->line++;
      p->line_start = i + 1;
    }
    i += n;
  }
  p->line = 1;
  p->line_start = 0;
  return true;
}

static bool put_utf8(z3_buf *b, uint32_t cp) {
  uint8_t u[4];
  size_t n;
  if (cp < 0x80) {
    u[0] = (uint8_t)cp, n = 1;
  } else if (cp < 0x800) {
    u[0] = (uint8_t)(0xC0 | cp >> 6), u[1] = (uint8_t)(0x80 | (cp & 0x3F)), n = 2;
  } else if (cp < 0x10000) {
    u[0] = (uint8_t)(0xE0 | cp >> 12), u[1] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
    u[2] = (uint8_t)(0x80 | (cp & 0x3F)), n = 3;
  } else {
    u[0] = (uint8_t)(0xF0 | cp >> 18), u[1] = (uint8_t)(0x80 | (cp >> 12 & 0x3F));
    u[2] = (uint8_t)(0x80 | (cp >> 6 & 0x3F)), u[3] = (uint8_t)(0x80 | (cp & 0x3F)), n = 4;
  }
  return z3_buf_append(b, u, n, NULL) == Z3_OK;
}

/* ---- strings ---------------------------------------------------------------- */

static int hex_digit(int c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static bool unicode_escape(parser *p, z3_buf *out, int digits) {
  uint32_t cp = 0;
  size_t start = p->pos - 2;
  char u = digits == 4 ? 'u' : 'U';
  for (int i = 0; i < digits; i++) {
    int v = hex_digit(peek(p));
    if (v < 0) return fail_at(p, start, "\\%c needs %d hex digits", u, digits);
    cp = cp << 4 | (uint32_t)v;
    p->pos++;
  }
  if (cp == 0) return fail_at(p, start, "the NUL character (\\u0000) is not supported in strings");
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
    return fail_at(p, start, "\\%c%0*X is not a Unicode scalar value", u, digits, (unsigned)cp);
  return put_utf8(out, cp) || oom(p);
}

static bool escape(parser *p, z3_buf *out) {
  p->pos++; /* the backslash */
  int c = peek(p);
  p->pos++;
  static const char from[] = "btnfr\"\\", to[] = "\b\t\n\f\r\"\\";
  const char *hit = in_set(c, from) ? strchr(from, c) : NULL;
  if (hit) return z3_buf_push(out, (uint8_t)to[hit - from], NULL) == Z3_OK || oom(p);
  if (c == 'u') return unicode_escape(p, out, 4);
  if (c == 'U') return unicode_escape(p, out, 8);
  return fail_at(p, p->pos - 2, "unknown escape '\\%c'; write a backslash as \\\\", c > 0x20 && c < 0x7F ? c : '?');
}

/* A backslash at the end of a line in a """ string drops the newline and the
 * blanks that follow. Returns false (consuming nothing) when it is not one. */
static bool line_ending_backslash(parser *p) {
  size_t save = p->pos;
  p->pos++;
  skip_blanks(p);
  if (!at_newline(p)) {
    p->pos = save;
    return false;
  }
  while (at_newline(p) || peek(p) == ' ' || peek(p) == '\t') {
    if (at_newline(p)) take_newline(p);
    else p->pos++;
  }
  return true;
}

static bool string_char(parser *p, z3_buf *out, bool multiline) {
  int c = peek(p);
  if (multiline && at_newline(p)) {
    take_newline(p);
    return z3_buf_push(out, '\n', NULL) == Z3_OK || oom(p);
  }
  if (c == '\n' || c == '\r')
    return FAIL(p, "the string is not closed on this line; use \"\"\" or ''' for a string of several lines");
  if ((c < 0x20 && c != '\t') || c == 0x7F) return FAIL(p, "control character 0x%02x in a string; write it as an escape", (unsigned)c);
  p->pos++;
  return z3_buf_push(out, (uint8_t)c, NULL) == Z3_OK || oom(p);
}

/* The closing quotes of a multi-line string: up to two more quotes belong to it. */
static bool close_multiline(parser *p, z3_buf *out, char q) {
  size_t run = 3;
  while (peek_at(p, run) == q) run++;
  if (run > 5) return FAIL(p, "too many quotes in a row closing a string");
  for (size_t i = 3; i < run; i++)
    if (z3_buf_push(out, (uint8_t)q, NULL)) return oom(p);
  p->pos += run;
  return true;
}

/* Reads a string of either kind at p->pos into out (NUL-terminated). */
static bool read_string(parser *p, z3_buf *out, bool allow_multiline) {
  char q = (char)peek(p);
  size_t start = p->pos;
  bool multi = peek_at(p, 1) == q && peek_at(p, 2) == q;
  if (multi && !allow_multiline) return FAIL(p, "a key cannot be a string of several lines");
  p->pos += multi ? 3 : 1;
  if (multi && at_newline(p)) take_newline(p); /* a newline right after the opening quotes is dropped */
  for (;;) {
    int c = peek(p);
    if (c < 0) return fail_at(p, start, "the string that starts here is never closed");
    if (c == q && !multi) {
      p->pos++;
      break;
    }
    if (c == q && peek_at(p, 1) == q && peek_at(p, 2) == q) {
      if (!close_multiline(p, out, q)) return false;
      break;
    }
    bool ok = q == '"' && c == '\\' ? (multi && line_ending_backslash(p)) || escape(p, out)
                                    : string_char(p, out, multi);
    if (!ok) return false;
  }
  return z3_buf_printf(out, "%s", "") == Z3_OK || oom(p); /* NUL-terminate */
}

/* ---- keys ------------------------------------------------------------------- */

static void key_release(key *k) {
  for (int i = 0; i < k->count; i++) z3_free(k->parts[i]);
  k->count = 0;
}

static bool key_part(parser *p, key *k) {
  if (k->count == MAX_KEY_PARTS) return FAIL(p, "a key of more than %d parts", MAX_KEY_PARTS);
  k->line[k->count] = p->line;
  k->column[k->count] = column_at(p, p->pos);
  z3_buf b;
  z3_buf_init(&b);
  if (peek(p) == '"' || peek(p) == '\'') {
    if (!read_string(p, &b, false)) return z3_buf_release(&b), false;
  } else {
    size_t start = p->pos;
    while (is_bare(peek(p))) p->pos++;
    char buf[16];
    if (p->pos == start) return FAIL(p, "expected a key, found %s", found(p, buf));
    if (z3_buf_append(&b, p->src + start, p->pos - start, NULL) || z3_buf_printf(&b, "%s", "")) {
      z3_buf_release(&b);
      return oom(p);
    }
  }
  k->parts[k->count] = z3_buf_take_string(&b);
  return k->parts[k->count++] || oom(p);
}

static bool read_key(parser *p, key *k) {
  k->count = 0;
  for (;;) {
    if (!key_part(p, k)) return false;
    skip_blanks(p);
    if (peek(p) != '.') return true;
    p->pos++;
    skip_blanks(p);
  }
}

/* ---- numbers and keywords --------------------------------------------------- */

/* Digits of the base with single underscores between them. */
static bool digits_ok(const char *s, size_t n, int base) {
  if (n == 0 || s[0] == '_' || s[n - 1] == '_') return false;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '_') {
      if (s[i + 1] == '_') return false;
      continue;
    }
    int v = hex_digit((unsigned char)s[i]);
    if (v < 0 || v >= base) return false;
  }
  return true;
}

static void strip_underscores(const char *s, size_t n, char *out) {
  size_t j = 0;
  for (size_t i = 0; i < n; i++)
    if (s[i] != '_') out[j++] = s[i];
  out[j] = '\0';
}

static bool integer_value(parser *p, const char *tok, size_t n, size_t start, json_t **out) {
  bool sign = tok[0] == '+' || tok[0] == '-';
  int base = 10;
  const char *digits = tok + sign;
  size_t dn = n - sign;
  if (dn > 1 && digits[0] == '0' && in_set(digits[1], "xob")) {
    if (sign) return fail_at(p, start, "a sign is not allowed before 0x, 0o or 0b");
    base = digits[1] == 'x' ? 16 : digits[1] == 'o' ? 8 : 2;
    digits += 2, dn -= 2;
  } else if (dn > 1 && digits[0] == '0') {
    return fail_at(p, start, "leading zeros are not allowed in '%.*s'", (int)n, tok);
  }
  if (!digits_ok(digits, dn, base)) return fail_at(p, start, "'%.*s' is not a valid number", (int)n, tok);
  char clean[80];
  strip_underscores(digits, dn, clean);
  errno = 0;
  unsigned long long v = strtoull(clean, NULL, base);
  unsigned long long limit = (unsigned long long)INT64_MAX + (tok[0] == '-');
  if (errno == ERANGE || v > limit) return fail_at(p, start, "'%.*s' does not fit in 64 bits", (int)n, tok);
  *out = json_integer(tok[0] == '-' ? (json_int_t)(0 - v) : (json_int_t)v);
  return *out || oom(p);
}

/* [+-] int [. digits] [e [+-] digits], with a fraction, an exponent or both. */
static bool float_value(parser *p, const char *tok, size_t n, size_t start, json_t **out) {
  size_t i = tok[0] == '+' || tok[0] == '-';
  size_t int_start = i;
  while (i < n && tok[i] != '.' && tok[i] != 'e' && tok[i] != 'E') i++;
  bool ok = digits_ok(tok + int_start, i - int_start, 10) && !(tok[int_start] == '0' && i - int_start > 1);
  if (ok && i < n && tok[i] == '.') {
    size_t f = ++i;
    while (i < n && tok[i] != 'e' && tok[i] != 'E') i++;
    ok = digits_ok(tok + f, i - f, 10);
  }
  if (ok && i < n) {
    size_t e = ++i;
    if (e < n && (tok[e] == '+' || tok[e] == '-')) e++;
    ok = digits_ok(tok + e, n - e, 10);
  }
  if (!ok) return fail_at(p, start, "'%.*s' is not a valid number", (int)n, tok);
  char clean[80];
  strip_underscores(tok, n, clean);
  errno = 0;
  double v = strtod(clean, NULL);
  if (errno == ERANGE && (v > 1 || v < -1)) return fail_at(p, start, "'%.*s' is too large for a float", (int)n, tok);
  *out = json_real(v);
  return *out || oom(p);
}

static bool number_value(parser *p, json_t **out) {
  size_t start = p->pos;
  while (is_bare(peek(p)) || in_set(peek(p), "+.:")) p->pos++;
  const char *tok = p->src + start;
  size_t n = p->pos - start;
  bool has_colon = memchr(tok, ':', n) != NULL;
  bool date_like = n >= 5 && tok[4] == '-'; /* YYYY-: four digits, then a dash */
  for (int i = 0; i < 4 && date_like; i++) date_like = tok[i] >= '0' && tok[i] <= '9';
  if (has_colon || date_like)
    return fail_at(p, start, "dates and times are not supported; quote the value as a string");
  const char *word = tok + (tok[0] == '+' || tok[0] == '-');
  size_t wn = n - (size_t)(word - tok);
  if (wn >= 3 && (memcmp(word, "inf", 3) == 0 || memcmp(word, "nan", 3) == 0))
    return fail_at(p, start, "inf and nan are not supported");
  if (n >= 64) return fail_at(p, start, "the number is too long");
  bool prefixed = wn > 1 && word[0] == '0' && in_set(word[1], "xob");
  bool is_float = !prefixed && (memchr(tok, '.', n) || memchr(tok, 'e', n) || memchr(tok, 'E', n));
  return is_float ? float_value(p, tok, n, start, out) : integer_value(p, tok, n, start, out);
}

static bool keyword(parser *p, const char *word) {
  size_t n = strlen(word);
  return p->len - p->pos >= n && memcmp(p->src + p->pos, word, n) == 0 && !is_bare(peek_at(p, n));
}

/* ---- values ----------------------------------------------------------------- */

static bool value(parser *p, const char *path, json_t **out);
static bool key_value(parser *p, json_t *table, const char *table_path);

static bool array_value(parser *p, const char *path, json_t **out) {
  *out = json_array();
  if (!*out) return oom(p);
  p->pos++;
  for (;;) {
    if (!skip_space_lines(p)) return false;
    if (peek(p) == ']') break;
    char *elem_path = z3_strfmt("%s[%zu]", path, json_array_size(*out));
    if (!elem_path) return oom(p);
    bool ok = note_position(p, elem_path, p->line, column_at(p, p->pos));
    json_t *v = NULL;
    ok = ok && value(p, elem_path, &v);
    z3_free(elem_path);
    if (!ok) return json_decref(v), false;
    if (json_array_append_new(*out, v) != 0) return oom(p);
    if (!skip_space_lines(p)) return false;
    if (peek(p) == ',') {
      p->pos++;
      continue;
    }
    if (peek(p) == ']') break;
    char buf[16];
    return FAIL(p, "expected ',' or ']' in the array, found %s", found(p, buf));
  }
  p->pos++;
  return set_add(p, p->sealed, *out);
}

static bool inline_table(parser *p, const char *path, json_t **out) {
  *out = json_object();
  if (!*out) return oom(p);
  p->pos++;
  skip_blanks(p);
  while (peek(p) != '}') {
    if (!key_value(p, *out, path)) return false;
    skip_blanks(p);
    if (peek(p) == '}') break;
    char buf[16];
    if (peek(p) != ',') return FAIL(p, "expected ',' or '}' in the inline table, found %s", found(p, buf));
    p->pos++;
    skip_blanks(p);
    if (peek(p) == '}') return FAIL(p, "a trailing comma is not allowed in an inline table");
  }
  p->pos++;
  return set_add(p, p->sealed, *out);
}

static bool string_value(parser *p, json_t **out) {
  z3_buf b;
  z3_buf_init(&b);
  bool ok = read_string(p, &b, true);
  if (ok) *out = json_stringn((const char *)b.data, b.len);
  z3_buf_release(&b);
  return !ok ? false : *out ? true : oom(p);
}

static bool value(parser *p, const char *path, json_t **out) {
  *out = NULL;
  int c = peek(p);
  if (++p->depth > MAX_DEPTH) return FAIL(p, "values are nested more than %d deep", MAX_DEPTH);
  bool ok;
  if (c == '"' || c == '\'') ok = string_value(p, out);
  else if (c == '[') ok = array_value(p, path, out);
  else if (c == '{') ok = inline_table(p, path, out);
  else if (keyword(p, "true")) p->pos += 4, ok = (*out = json_true()) != NULL;
  else if (keyword(p, "false")) p->pos += 5, ok = (*out = json_false()) != NULL;
  else if ((c >= '0' && c <= '9') || c == '+' || c == '-' || keyword(p, "inf") || keyword(p, "nan"))
    ok = number_value(p, out);
  else {
    char buf[16];
    ok = FAIL(p, "expected a value (a string, number, true, false, [array] or {table}), found %s", found(p, buf));
  }
  p->depth--;
  return ok;
}

/* ---- tables ----------------------------------------------------------------- */

static bool already_defined(parser *p, size_t pos, const char *what, const char *path) {
  json_t *at = json_object_get(p->positions, path);
  if (at) {
    return fail_at(p, pos, "%s '%s' is already defined (line %d)", what, path,
                   (int)json_integer_value(json_array_get(at, 0)));
  }
  return fail_at(p, pos, "%s '%s' is already defined", what, path);
}

/* One step into table[name] for a dotted key (dotted) or a header (!dotted),
 * creating a table when missing. Arrays of tables lead to their last table. */
static json_t *descend(parser *p, json_t *table, const char *name, const char *path, bool dotted, size_t pos) {
  json_t *v = json_object_get(table, name);
  if (!v) {
    v = json_object();
    if (!v || json_object_set_new(table, name, v) != 0) return oom(p), NULL;
    if (dotted && !set_add(p, p->by_dotted, v)) return NULL;
    return v;
  }
  if (json_is_array(v) && !dotted && set_has(p->table_arrays, v)) return json_array_get(v, json_array_size(v) - 1);
  if (!json_is_object(v)) return fail_at(p, pos, "'%s' is already a value, not a table", path), NULL;
  if (set_has(p->sealed, v)) return fail_at(p, pos, "'%s' is an inline table and cannot be extended", path), NULL;
  if (dotted && set_has(p->by_header, v)) return already_defined(p, pos, "table", path), NULL;
  return v;
}

/* Walks every part but the last; *path_out gets the full path of the key's
 * parent, with the index of each array of tables passed through. */
static json_t *walk(parser *p, json_t *table, const char *base, const key *k, bool dotted, size_t pos,
                    char **path_out) {
  char *path = z3_strdup(base ? base : "");
  for (int i = 0; path && table && i < k->count - 1; i++) {
    char *next = path_join(path, k->parts[i]);
    z3_free(path);
    if (!(path = next)) break;
    if (!note_position(p, path, k->line[i], k->column[i])) {
      table = NULL;
      break;
    }
    json_t *v = json_object_get(table, k->parts[i]);
    bool through_array = v && json_is_array(v) && !dotted && set_has(p->table_arrays, v);
    table = descend(p, table, k->parts[i], path, dotted, pos);
    if (table && through_array) {
      next = z3_strfmt("%s[%zu]", path, json_array_size(v) - 1);
      z3_free(path);
      path = next;
    }
  }
  if (!path) oom(p);
  if (!table || !path) return z3_free(path), NULL;
  *path_out = path;
  return table;
}

static bool key_value(parser *p, json_t *table, const char *table_path) {
  key k = {.count = 0};
  size_t key_pos = p->pos;
  if (!read_key(p, &k)) return key_release(&k), false;
  char *parent_path = NULL, *path = NULL;
  json_t *parent = walk(p, table, table_path, &k, true, key_pos, &parent_path);
  bool ok = parent != NULL;
  const char *name = k.parts[k.count - 1];
  if (ok) ok = (path = path_join(parent_path, name)) != NULL || oom(p);
  if (ok && json_object_get(parent, name)) ok = already_defined(p, key_pos, "key", path);
  if (ok) ok = note_position(p, path, k.line[k.count - 1], k.column[k.count - 1]);
  skip_blanks(p);
  char buf[16];
  if (ok && peek(p) != '=') ok = FAIL(p, "expected '=' after the key '%s', found %s", name, found(p, buf));
  json_t *v = NULL;
  if (ok) {
    p->pos++;
    skip_blanks(p);
    ok = value(p, path, &v);
  }
  if (ok) ok = json_object_set_new(parent, name, v) == 0 || oom(p);
  else json_decref(v);
  z3_free(parent_path);
  z3_free(path);
  key_release(&k);
  return ok;
}

static bool define_table(parser *p, json_t *parent, const char *name, const char *path, size_t pos) {
  json_t *t = json_object_get(parent, name);
  if (!t) {
    t = json_object();
    if (!t || json_object_set_new(parent, name, t) != 0) return oom(p);
  } else if (!json_is_object(t) || set_has(p->sealed, t)) {
    return fail_at(p, pos, "'%s' is already a value, not a table", path);
  } else if (set_has(p->by_header, t) || set_has(p->by_dotted, t)) {
    return already_defined(p, pos, "table", path);
  }
  p->current = t;
  return set_add(p, p->by_header, t);
}

static bool append_table(parser *p, json_t *parent, const char *name, const char *path, size_t pos) {
  json_t *arr = json_object_get(parent, name);
  if (!arr) {
    arr = json_array();
    if (!arr || json_object_set_new(parent, name, arr) != 0 || !set_add(p, p->table_arrays, arr)) return oom(p);
  } else if (!json_is_array(arr) || !set_has(p->table_arrays, arr)) {
    return fail_at(p, pos, "'%s' is already a value, not an array of tables", path);
  }
  json_t *t = json_object();
  if (!t || json_array_append_new(arr, t) != 0) return oom(p);
  p->current = t;
  return true;
}

static bool close_header(parser *p, bool array) {
  char buf[16];
  if (array && !(peek(p) == ']' && peek_at(p, 1) == ']'))
    return FAIL(p, "expected ']]' to close the header, found %s", found(p, buf));
  if (!array && peek(p) != ']') return FAIL(p, "expected ']' to close the header, found %s", found(p, buf));
  p->pos += array ? 2 : 1;
  return true;
}

/* [table] or [[array of tables]]: makes it the current table. */
static bool header(parser *p) {
  size_t start = p->pos;
  int line = p->line, column = column_at(p, start);
  bool array = peek_at(p, 1) == '[';
  p->pos += array ? 2 : 1;
  skip_blanks(p);
  key k = {.count = 0};
  bool ok = read_key(p, &k) && close_header(p, array);
  char *parent_path = NULL, *path = NULL, *current = NULL;
  json_t *parent = ok ? walk(p, p->root, "", &k, false, start, &parent_path) : NULL;
  const char *name = k.count ? k.parts[k.count - 1] : "";
  ok = ok && parent && ((path = path_join(parent_path, name)) != NULL || oom(p));
  if (ok && array) {
    json_t *existing = json_object_get(parent, name);
    current = z3_strfmt("%s[%zu]", path, json_is_array(existing) ? json_array_size(existing) : 0);
    ok = current && append_table(p, parent, name, path, start) && note_position(p, path, line, column) &&
         note_position(p, current, line, column);
  } else if (ok) {
    current = z3_strdup(path);
    ok = current && define_table(p, parent, name, path, start) && note_position(p, path, line, column);
  }
  if (ok && !current) ok = oom(p);
  if (ok) {
    z3_free(p->current_path);
    p->current_path = current;
  } else {
    z3_free(current);
  }
  z3_free(parent_path);
  z3_free(path);
  key_release(&k);
  return ok && end_of_line(p, "the table header");
}

/* ---- the document ------------------------------------------------------------ */

static bool document(parser *p) {
  if (!check_utf8(p)) return false;
  if (p->len >= 3 && memcmp(p->src, "\xEF\xBB\xBF", 3) == 0) p->pos = 3; /* a byte-order mark */
  while (p->pos < p->len) {
    skip_blanks(p);
    int c = peek(p);
    bool ok;
    if (c == '#' || c == '\n' || c == '\r' || c < 0) ok = end_of_line(p, "blanks");
    else if (c == '[') ok = header(p);
    else ok = key_value(p, p->current, p->current_path) && end_of_line(p, "the value");
    if (!ok) return false;
  }
  return true;
}

/* Containers deeper than MAX_DEPTH are refused, however they were made
 * (headers, dotted keys, inline values): the writer turns each level into a
 * key part or an inline level, so this keeps everything written readable. */
static bool check_depth(parser *p, const json_t *v, int depth, const char *path) {
  if (!json_is_object(v) && !json_is_array(v)) return true;
  if (depth > MAX_DEPTH) {
    json_t *at = json_object_get(p->positions, path);
    p->failed = true;
    z3_error_set(p->err, Z3_E_INVALID, "%s:%d:%d: tables and arrays are nested more than %d deep", p->file,
                 (int)json_integer_value(json_array_get(at, 0)), (int)json_integer_value(json_array_get(at, 1)),
                 MAX_DEPTH);
    return false;
  }
  bool ok = true;
  if (json_is_object(v)) {
    const char *k;
    json_t *x;
    json_object_foreach((json_t *)v, k, x) {
      if (!ok || (!json_is_object(x) && !json_is_array(x))) continue;
      char *sub = path_join(path, k);
      ok = sub ? check_depth(p, x, depth + 1, sub) : oom(p);
      z3_free(sub);
    }
  }
  for (size_t i = 0; ok && json_is_array(v) && i < json_array_size(v); i++) {
    json_t *x = json_array_get(v, i);
    if (!json_is_object(x) && !json_is_array(x)) continue;
    char *sub = z3_strfmt("%s[%zu]", path, i);
    ok = sub ? check_depth(p, x, depth + 1, sub) : oom(p);
    z3_free(sub);
  }
  return ok;
}

z3_status z3_toml_parse(const char *text, size_t len, const char *file, json_t **out,
                        json_t **positions, z3_error *err) {
  *out = NULL;
  if (positions) *positions = NULL;
  parser p = {.src = text, .len = len, .line = 1, .file = file ? file : "<toml>", .err = err};
  p.root = json_object();
  p.current = p.root;
  p.current_path = z3_strdup("");
  p.positions = json_object();
  p.by_header = json_object();
  p.by_dotted = json_object();
  p.sealed = json_object();
  p.table_arrays = json_object();
  bool ok = p.root && p.current_path && p.positions && p.by_header && p.by_dotted && p.sealed && p.table_arrays;
  ok = ok ? document(&p) && check_depth(&p, p.root, 0, "") : oom(&p);
  json_decref(p.by_header);
  json_decref(p.by_dotted);
  json_decref(p.sealed);
  json_decref(p.table_arrays);
  z3_free(p.current_path);
  if (!ok) {
    json_decref(p.root);
    json_decref(p.positions);
    return err && err->code ? err->code : Z3_E_INVALID;
  }
  *out = p.root;
  if (positions) *positions = p.positions;
  else json_decref(p.positions);
  return Z3_OK;
}
