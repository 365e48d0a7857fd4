/* message search: messages whose readable text holds a string or a POSIX
 * extended regular expression, with where each match is. */
#include <ctype.h>
#include <regex.h>
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_message.h"

/* How to find matches in one message's text: a plain string (any case unless
 * case_sensitive) or a compiled expression. */
typedef struct matcher {
  const char *needle;
  size_t needle_len;
  bool case_sensitive;
  bool is_regex;
  regex_t re;
} matcher;

static bool same_at(const matcher *m, const char *s) {
  if (m->case_sensitive) return strncmp(s, m->needle, m->needle_len) == 0;
  for (size_t i = 0; i < m->needle_len; i++)
    if (tolower((unsigned char)s[i]) != tolower((unsigned char)m->needle[i])) return false;
  return true;
}

static json_t *match_json(size_t offset, size_t length) {
  json_t *o = json_object();
  json_object_set_new(o, "offset", json_integer((json_int_t)offset));
  json_object_set_new(o, "length", json_integer((json_int_t)length));
  return o;
}

/* Non-overlapping matches, left to right, as {offset, length} byte offsets
 * into the text. Empty regex matches are stepped over, not reported: they
 * would mark every position of every message. */
static json_t *find_all(const matcher *m, const char *text) {
  json_t *list = json_array();
  size_t n = strlen(text);
  for (size_t at = 0; at < n;) {
    size_t start = 0, len = 0;
    if (m->is_regex) {
      regmatch_t rm;
      if (regexec(&m->re, text + at, 1, &rm, at ? REG_NOTBOL : 0) != 0) break;
      start = at + (size_t)rm.rm_so, len = (size_t)(rm.rm_eo - rm.rm_so);
    } else {
      while (at + m->needle_len <= n && !same_at(m, text + at)) at++;
      if (at + m->needle_len > n) break;
      start = at, len = m->needle_len;
    }
    if (len) json_array_append_new(list, match_json(start, len));
    at = start + (len ? len : 1);
  }
  return list;
}

static z3_status make_matcher(const z3_cmd_ctx *ctx, matcher *m, z3_error *err) {
  memset(m, 0, sizeof *m);
  m->needle = z3_arg_str(ctx, "text");
  m->needle_len = strlen(m->needle);
  m->case_sensitive = z3_arg_bool(ctx, "case-sensitive");
  m->is_regex = z3_arg_bool(ctx, "regex");
  if (!m->needle_len) return z3_error_set(err, Z3_E_USAGE, "--text is empty; give the text to look for");
  if (!m->is_regex) return Z3_OK;
  int rc = regcomp(&m->re, m->needle, REG_EXTENDED | (m->case_sensitive ? 0 : REG_ICASE));
  if (rc == 0) return Z3_OK;
  char why[160];
  regerror(rc, &m->re, why, sizeof why);
  m->is_regex = false; /* nothing to free */
  z3_error_set(err, Z3_E_USAGE, "--text '%s' is not a valid regular expression: %s", m->needle, why);
  z3_error_hint(err, "POSIX extended syntax: escape [ and ] of tokens as \\[ \\], or drop --regex");
  return Z3_E_USAGE;
}

z3_status cmd_message_search(z3_cmd_ctx *ctx, z3_error *err) {
  matcher m;
  z3_status st = make_matcher(ctx, &m, err);
  z3_text text;
  if (st == Z3_OK) st = z3_cmd__message_load(ctx, &text, err);
  if (st) {
    if (m.is_regex) regfree(&m.re);
    return st;
  }
  json_t *found = json_array();
  size_t total = 0;
  for (size_t id = 0; id < text.count && st == Z3_OK; id++) {
    char *s = z3_cmd__message_text(&text, id, true, err);
    if (!s) {
      st = Z3_E_INVALID;
      break;
    }
    json_t *matches = find_all(&m, s);
    if (json_array_size(matches)) {
      total += json_array_size(matches);
      json_t *o = json_object();
      json_object_set_new(o, "id", z3_cmd__hex(id, 3));
      json_object_set_new(o, "text", json_string(s));
      json_object_set_new(o, "matches", matches);
      json_array_append_new(found, o);
    } else {
      json_decref(matches);
    }
    z3_free(s);
  }
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(found)));
  json_object_set_new(ctx->result, "matches", json_integer((json_int_t)total));
  json_object_set_new(ctx->result, "messages", found);
  if (m.is_regex) regfree(&m.re);
  z3_text_release(&text);
  return st;
}
