/* Message bundles (text_bundle.h): telling the forms apart, and applying a
 * bundle to the message table all or nothing. */
#include <stdio.h>
#include <string.h>

#include "zelda3/text_bundle.h"

static const char text_magic[] = "# " Z3_TEXT_BUNDLE_FORMAT;

z3_status z3_text_bundle_read(const uint8_t *data, size_t len, z3_text_bundle *out, z3_error *err) {
  size_t i = len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0; /* a BOM some editors add */
  while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n')) i++;
  if (i < len && data[i] == '{') return z3_text_bundle_read_json(data, len, out, err);
  if (len - i >= sizeof text_magic - 1 && memcmp(data + i, text_magic, sizeof text_magic - 1) == 0)
    return z3_text_bundle_read_text(data, len, out, err);
  memset(out, 0, sizeof *out);
  z3_error_set(err, Z3_E_INVALID, "not a message bundle: neither JSON (an object starting with '{') nor "
               "the text form (first line '%s %d')", text_magic, Z3_TEXT_BUNDLE_VERSION);
  z3_error_hint(err, "write one with 'z3ed message export'");
  return Z3_E_INVALID;
}

static void release_text(z3_bundle_text *t) {
  z3_free(t->text);
  z3_free(t->spans);
  memset(t, 0, sizeof *t);
}

void z3_text_bundle_release(z3_text_bundle *b) {
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) release_text(&b->dict[n]);
  for (size_t i = 0; i < b->count; i++) release_text(&b->msgs[i].text);
  z3_free(b->msgs);
  memset(b, 0, sizeof *b);
}

void z3_bundle_where(const z3_bundle_text *t, int64_t offset, char *out, size_t cap) {
  if (!t->span_count) {
    if (offset >= 0) snprintf(out, cap, "%s, offset %lld", t->where, (long long)offset);
    else snprintf(out, cap, "%s", t->where);
    return;
  }
  size_t k = 0, at = offset > 0 ? (size_t)offset : 0;
  while (k + 1 < t->span_count && t->spans[k + 1].at <= at) k++;
  const z3_bundle_span *s = &t->spans[k];
  snprintf(out, cap, "line %u:%zu", s->line, s->col + (at - s->at));
}

/* Prefixes an inner error (about a text) with where that text is and, unless
 * the inner message names it already, what it is. */
static z3_status located(const z3_bundle_text *t, const char *what, const z3_error *inner, z3_error *err) {
  char where[96];
  z3_bundle_where(t, inner->offset, where, sizeof where);
  if (strncmp(inner->message, what, strlen(what)) == 0)
    z3_error_set(err, inner->code, "%s: %s", where, inner->message);
  else
    z3_error_set(err, inner->code, "%s: %s: %s", where, what, inner->message);
  if (inner->hint[0]) z3_error_hint(err, "%s", inner->hint);
  return inner->code;
}

static z3_status bundle_dict(const z3_text_bundle *b, const z3_text_dict *was, z3_text_dict *out, z3_error *err) {
  const char *texts[Z3_TEXT_DICT_COUNT];
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) texts[n] = b->dict[n].text;
  int bad = 0;
  z3_error inner;
  z3_error_init(&inner);
  if (z3_text_dict_build(texts, was, out, &bad, &inner) == Z3_OK) return Z3_OK;
  char what[32];
  snprintf(what, sizeof what, "dictionary entry 0x%02X", bad);
  return located(&b->dict[bad], what, &inner, err);
}

/* Each message's bundle text by id, after checking ids exist and appear once. */
static z3_status texts_by_id(const z3_text *t, const z3_text_bundle *b, const z3_bundle_message **by_id,
                             z3_error *err) {
  for (size_t i = 0; i < b->count; i++) {
    const z3_bundle_message *m = &b->msgs[i];
    if (m->id >= t->count)
      return z3_error_set(err, Z3_E_NOT_FOUND, "%s: message 0x%03zX does not exist (the ROM has 0x000-0x%03zX)",
                          m->id_where, m->id, t->count - 1);
    if (by_id[m->id])
      return z3_error_set(err, Z3_E_INVALID, "%s: message 0x%03zX is given twice (first at %s)", m->id_where,
                          m->id, by_id[m->id]->id_where);
    by_id[m->id] = m;
  }
  return Z3_OK;
}

z3_status z3_text_bundle_apply(z3_text *text, const z3_text_bundle *b, z3_bundle_applied *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_text_dict dict = text->dict;
  z3_status st = b->has_dict ? bundle_dict(b, &text->dict, &dict, err) : Z3_OK;
  const z3_bundle_message **by_id = z3_calloc(text->count ? text->count : 1, sizeof *by_id);
  const char **texts = z3_calloc(text->count ? text->count : 1, sizeof *texts);
  if (st == Z3_OK && (!by_id || !texts)) st = z3_error_set(err, Z3_E_NOMEM, "out of memory reading a bundle");
  if (st == Z3_OK) st = texts_by_id(text, b, by_id, err);
  for (size_t id = 0; st == Z3_OK && id < text->count; id++) texts[id] = by_id[id] ? by_id[id]->text.text : NULL;
  if (st == Z3_OK) {
    size_t bad = 0;
    z3_error inner;
    z3_error_init(&inner);
    out->dict_changed = !z3_text_dict_equal(&dict, &text->dict);
    st = z3_text_replace(text, &dict, texts, &bad, &out->changed, &inner);
    if (st && by_id[bad]) {
      char what[32];
      snprintf(what, sizeof what, "message 0x%03zX", bad);
      located(&by_id[bad]->text, what, &inner, err);
    } else if (st) {
      z3_error_set(err, st, "message 0x%03zX (not in the bundle), re-encoded with its dictionary: %s", bad,
                   inner.message);
    }
  }
  out->given = b->count;
  z3_free(by_id);
  z3_free(texts);
  return st;
}
