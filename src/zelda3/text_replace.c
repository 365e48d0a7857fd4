/* Replacing the dictionary and many messages at once (bundle import,
 * dictionary edits): every new message is encoded before any is swapped in,
 * so an error leaves the table as it was. */
#include <string.h>

#include "zelda3/text.h"

/* A message's new bytes, unless it keeps the ones it has. */
typedef struct replacement {
  z3_buf bytes;
  bool replace;
} replacement;

/* Encodes message id for the replacement; out->replace stays false when the
 * message keeps its bytes. */
static z3_status encode_one(const z3_text *t, const z3_text_dict *dict, bool same_dict, const char *given,
                            size_t id, replacement *r, z3_error *err) {
  const z3_message *m = &t->msgs[id];
  z3_buf *out = &r->bytes;
  if (same_dict && !given) return Z3_OK;
  z3_buf old;
  z3_buf_init(&old);
  z3_status st = z3_text_decode(&t->dict, m->data, m->len, true, &old, err);
  const char *text = given ? given : (const char *)old.data;
  bool keep = st == Z3_OK && same_dict && strcmp(given, (const char *)old.data) == 0;
  if (st == Z3_OK && !keep) st = z3_text_encode(dict, text, true, out, err);
  if (st == Z3_OK && out->len == m->len && (m->len == 0 || memcmp(out->data, m->data, m->len) == 0))
    keep = true; /* a new spelling of the same bytes */
  r->replace = st == Z3_OK && !keep;
  if (r->replace && !out->data) st = z3_buf_reserve(out, 1, err); /* an empty message still owns its data */
  z3_buf_release(&old);
  return st;
}

static void release_all(replacement *r, size_t n) {
  for (size_t i = 0; i < n; i++) z3_buf_release(&r[i].bytes);
  z3_free(r);
}

z3_status z3_text_replace(z3_text *t, const z3_text_dict *dict, const char *const *texts, size_t *bad_id,
                          size_t *changed, z3_error *err) {
  const z3_text_dict *use = dict ? dict : &t->dict;
  bool same_dict = z3_text_dict_equal(use, &t->dict);
  replacement *encoded = z3_calloc(t->count ? t->count : 1, sizeof *encoded);
  if (!encoded) return z3_error_set(err, Z3_E_NOMEM, "out of memory re-encoding the messages");
  for (size_t id = 0; id < t->count; id++) {
    z3_buf_init(&encoded[id].bytes);
    z3_status st = encode_one(t, use, same_dict, texts ? texts[id] : NULL, id, &encoded[id], err);
    if (st) {
      *bad_id = id;
      release_all(encoded, id + 1);
      return st;
    }
  }
  size_t n = 0;
  for (size_t id = 0; id < t->count; id++) {
    if (!encoded[id].replace) continue;
    z3_message *m = &t->msgs[id];
    z3_free(m->data);
    m->data = encoded[id].bytes.data;
    m->len = encoded[id].bytes.len;
    m->edited = true;
    z3_buf_init(&encoded[id].bytes); /* handed over */
    n++;
  }
  if (dict) t->dict = *dict;
  if (changed) *changed = n;
  release_all(encoded, t->count);
  return Z3_OK;
}
