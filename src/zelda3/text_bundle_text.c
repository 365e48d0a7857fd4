/* The text form of a message bundle (text_bundle.h): a line reader whose
 * errors name line:col, and the writer. */
#include <stdio.h>
#include <string.h>

#include "zelda3/text_bundle.h"

enum { MAX_ID = 0xFFFF };

typedef enum section { NONE, DICTIONARY, MESSAGE } section;

typedef struct reader {
  z3_text_bundle *b;
  section in;
  unsigned line;
  unsigned dict_line;       /* line of '## dictionary', 0 = none yet */
  unsigned entry_line[Z3_TEXT_DICT_COUNT];
  size_t cap;               /* of b->msgs */
  z3_buf text;              /* the current message's text so far */
  z3_buf spans;             /* its z3_bundle_span entries */
} reader;

static z3_status at(const reader *r, size_t col, z3_error *err, const char *what) {
  return z3_error_set(err, Z3_E_INVALID, "line %u:%zu: %s", r->line, col, what);
}

static bool blank(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] != ' ' && s[i] != '\t') return false;
  return true;
}

/* Hands the current message's text and spans to its bundle entry. */
static z3_status finish_message(reader *r, z3_error *err) {
  if (r->in != MESSAGE) return Z3_OK;
  z3_bundle_message *m = &r->b->msgs[r->b->count - 1];
  if (z3_buf_push(&r->text, 0, NULL)) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading a bundle");
  m->text.text = (char *)r->text.data;
  m->text.spans = (z3_bundle_span *)r->spans.data;
  m->text.span_count = r->spans.len / sizeof(z3_bundle_span);
  z3_buf_init(&r->text);
  z3_buf_init(&r->spans);
  return Z3_OK;
}

static z3_status start_message(reader *r, size_t id, z3_error *err) {
  z3_text_bundle *b = r->b;
  if (b->count == r->cap) {
    size_t cap = r->cap ? r->cap * 2 : 64;
    z3_bundle_message *m = z3_realloc(b->msgs, cap * sizeof *m);
    if (!m) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading a bundle");
    b->msgs = m, r->cap = cap;
  }
  z3_bundle_message *m = &b->msgs[b->count++];
  memset(m, 0, sizeof *m);
  m->id = id;
  snprintf(m->id_where, sizeof m->id_where, "line %u", r->line);
  snprintf(m->text.where, sizeof m->text.where, "line %u", r->line);
  r->in = MESSAGE;
  return Z3_OK;
}

/* "## dictionary" or "## 0xNNN". */
static z3_status header(reader *r, const char *s, size_t n, z3_error *err) {
  z3_status st = finish_message(r, err);
  if (st) return st;
  size_t i = 2, end = n;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  while (end > i && (s[end - 1] == ' ' || s[end - 1] == '\t')) end--;
  if (end - i == 10 && memcmp(s + i, "dictionary", 10) == 0) {
    if (r->dict_line) {
      z3_error_set(err, Z3_E_INVALID, "line %u:1: a second dictionary section (the first is at line %u)",
                   r->line, r->dict_line);
      return Z3_E_INVALID;
    }
    r->dict_line = r->line, r->in = DICTIONARY, r->b->has_dict = true;
    return Z3_OK;
  }
  char word[24];
  uint64_t id = 0;
  snprintf(word, sizeof word, "%.*s", (int)(end - i < 23 ? end - i : 23), s + i);
  if (end - i >= sizeof word || !z3_parse_u64(word, &id) || id > MAX_ID) {
    at(r, i + 1, err, "a '##' line names the dictionary or a message id (## dictionary, ## 0x01F)");
    z3_error_hint(err, "a comment starts with a single '#'");
    return Z3_E_INVALID;
  }
  return start_message(r, (size_t)id, err);
}

/* "XX |text|" in the dictionary section. */
static z3_status entry(reader *r, const char *s, size_t n, z3_error *err) {
  const char *open = memchr(s, '|', n);
  size_t close = n;
  while (close > 0 && (s[close - 1] == ' ' || s[close - 1] == '\t')) close--;
  if (!open || close == 0 || s[close - 1] != '|' || (size_t)(open - s) == close - 1)
    return at(r, 1, err, "a dictionary line is a hex index and the entry's text between two bars: 05 |all |");
  char word[8];
  size_t wlen = (size_t)(open - s);
  while (wlen > 0 && (s[wlen - 1] == ' ' || s[wlen - 1] == '\t')) wlen--;
  uint64_t n_ = 0;
  snprintf(word, sizeof word, "0x%.*s", (int)(wlen < 4 ? wlen : 4), s);
  if (wlen == 0 || wlen > 2 || !z3_parse_u64(word, &n_) || n_ >= Z3_TEXT_DICT_COUNT)
    return at(r, 1, err, "a dictionary entry's index is hex 00-60");
  if (r->entry_line[n_]) {
    z3_error_set(err, Z3_E_INVALID, "line %u:1: dictionary entry 0x%02X is given twice (first at line %u)",
                 r->line, (unsigned)n_, r->entry_line[n_]);
    return Z3_E_INVALID;
  }
  z3_bundle_text *t = &r->b->dict[n_];
  size_t from = (size_t)(open - s) + 1, len = close - 1 - from;
  t->text = z3_strfmt("%.*s", (int)len, s + from);
  t->spans = z3_malloc(sizeof *t->spans);
  if (!t->text || !t->spans) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading a bundle");
  t->spans[0] = (z3_bundle_span){0, r->line, (unsigned)from + 1};
  t->span_count = 1;
  snprintf(t->where, sizeof t->where, "line %u", r->line);
  r->entry_line[n_] = r->line;
  return Z3_OK;
}

static z3_status message_line(reader *r, const char *s, size_t n, z3_error *err) {
  if (n == 0) return Z3_OK;
  z3_bundle_span span = {r->text.len, r->line, 1};
  if (z3_buf_append(&r->text, s, n, NULL) || z3_buf_append(&r->spans, &span, sizeof span, NULL))
    return z3_error_set(err, Z3_E_NOMEM, "out of memory reading a bundle");
  return Z3_OK;
}

static z3_status first_line(reader *r, const char *s, size_t n, z3_error *err) {
  static const char magic[] = "# " Z3_TEXT_BUNDLE_FORMAT " ";
  size_t m = sizeof magic - 1, end = n;
  while (end > m && (s[end - 1] == ' ' || s[end - 1] == '\t')) end--;
  char v[8];
  snprintf(v, sizeof v, "%.*s", (int)(end > m && end - m < 8 ? end - m : 0), s + m);
  uint64_t version = 0;
  if (n < m || memcmp(s, magic, m) != 0 || !z3_parse_u64(v, &version))
    return at(r, 1, err, "a text bundle starts with the line '# " Z3_TEXT_BUNDLE_FORMAT " 1'");
  if (version != Z3_TEXT_BUNDLE_VERSION)
    return z3_error_set(err, Z3_E_INVALID, "line %u:%zu: bundle version %llu; this z3ed reads version %d",
                        r->line, m + 1, (unsigned long long)version, Z3_TEXT_BUNDLE_VERSION);
  return Z3_OK;
}

static z3_status one_line(reader *r, const char *s, size_t n, bool first, z3_error *err) {
  if (n && s[n - 1] == '\r') n--;
  const char *nul = memchr(s, '\0', n);
  if (nul) return at(r, (size_t)(nul - s) + 1, err, "a NUL byte");
  if (first) return first_line(r, s, n, err);
  if (n >= 2 && s[0] == '#' && s[1] == '#') return header(r, s, n, err);
  if (n >= 1 && s[0] == '#') return Z3_OK; /* a comment: no character of the font is '#' */
  if (r->in == MESSAGE) return message_line(r, s, n, err);
  if (blank(s, n)) return Z3_OK;
  if (r->in == DICTIONARY) return entry(r, s, n, err);
  return at(r, 1, err, "text before the first '## ' header");
}

static z3_status check_dictionary(const reader *r, z3_error *err) {
  if (!r->dict_line) return Z3_OK;
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) {
    if (r->entry_line[n]) continue;
    return z3_error_set(err, Z3_E_INVALID, "line %u:1: the dictionary section lacks entry 0x%02X (it lists "
                        "all %d or is left out)", r->dict_line, n, Z3_TEXT_DICT_COUNT);
  }
  return Z3_OK;
}

z3_status z3_text_bundle_read_text(const uint8_t *data, size_t len, z3_text_bundle *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  reader r = {.b = out};
  z3_buf_init(&r.text);
  z3_buf_init(&r.spans);
  const char *s = (const char *)data, *end = s + len;
  if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) s += 3;
  bool first = true;
  z3_status st = Z3_OK;
  while (s < end && st == Z3_OK) {
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
    r.line++;
    if (!(first && blank(s, n - (n && s[n - 1] == '\r')))) {
      st = one_line(&r, s, n, first, err);
      first = false;
    }
    s += n + (nl != NULL);
  }
  if (st == Z3_OK && first) st = z3_error_set(err, Z3_E_INVALID, "an empty text bundle");
  if (st == Z3_OK) st = finish_message(&r, err);
  if (st == Z3_OK) st = check_dictionary(&r, err);
  z3_buf_release(&r.text);
  z3_buf_release(&r.spans);
  if (st) z3_text_bundle_release(out);
  return st;
}

/* ---- writing ------------------------------------------------------------ */

static const char intro[] =
    "# " Z3_TEXT_BUNDLE_FORMAT " 1\n"
    "# Messages written by z3ed; edit them, then: z3ed message import --rom ROM --in FILE\n"
    "# '## 0xNNN' starts a message. Line breaks inside it are not part of it (the game's new\n"
    "# lines are [1] [2] [3] [V]); every other character is, spaces at line ends too.\n"
    "# Dictionary: one entry per line, its text between the bars. '#' starts a comment.\n";

/* After these a new line reads naturally; none is ever followed by a space at a line's end. */
static bool breaks_line(const char *token, size_t len) {
  static const char *const tokens[] = {"[1]", "[2]", "[3]", "[V]", "[K]"};
  for (size_t i = 0; i < sizeof tokens / sizeof tokens[0]; i++)
    if (len == 3 && memcmp(token, tokens[i], 3) == 0) return true;
  return false;
}

static z3_status put_message(z3_buf *out, size_t id, const char *text) {
  z3_status st = z3_buf_printf(out, "\n## 0x%03zX\n", id);
  for (const char *p = text; *p && st == Z3_OK;) {
    const char *close = *p == '[' ? strchr(p, ']') : NULL;
    size_t n = close ? (size_t)(close - p) + 1 : 1;
    st = z3_buf_append(out, p, n, NULL);
    p += n;
    if (st == Z3_OK && close && *p && breaks_line(p - n, n)) st = z3_buf_push(out, '\n', NULL);
  }
  return st ? st : z3_buf_push(out, '\n', NULL);
}

z3_status z3_text_bundle_write_text(const z3_text *t, z3_buf *out, z3_error *err) {
  out->len = 0;
  z3_buf s;
  z3_buf_init(&s);
  z3_status st = z3_buf_printf(out, "%s\n## dictionary\n", intro);
  for (int n = 0; n < Z3_TEXT_DICT_COUNT && st == Z3_OK; n++) {
    st = z3_text_dict_entry_text(&t->dict, n, &s, err);
    if (st == Z3_OK) st = z3_buf_printf(out, "%02X |%s|\n", n, (const char *)s.data);
  }
  for (size_t id = 0; id < t->count && st == Z3_OK; id++) {
    st = z3_text_decode(&t->dict, t->msgs[id].data, t->msgs[id].len, true, &s, err);
    if (st == Z3_OK) st = put_message(out, id, (const char *)s.data);
  }
  z3_buf_release(&s);
  if (st == Z3_E_NOMEM) z3_error_set(err, st, "out of memory writing a bundle");
  return st;
}
