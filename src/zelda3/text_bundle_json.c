/* The JSON form of a message bundle (text_bundle.h): reading with every
 * error naming its JSON path, and writing. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/text_bundle.h"

enum { MAX_ID = 0xFFFF };

static z3_status bad(z3_error *err, const char *path, const char *what) {
  return z3_error_set(err, Z3_E_INVALID, "%s: %s", path, what);
}

static z3_status only_keys(const json_t *obj, const char *path, const char *const *keys, const char *list,
                           z3_error *err) {
  const char *key;
  const json_t *v;
  json_object_foreach((json_t *)obj, key, v) {
    bool known = false;
    for (const char *const *k = keys; *k && !known; k++) known = strcmp(*k, key) == 0;
    if (known) continue;
    char p[96];
    snprintf(p, sizeof p, "%s.%.40s", path, key);
    return z3_error_set(err, Z3_E_INVALID, "%s: unknown key (a %s has %s)", p,
                        path[1] ? "message" : "bundle", list);
  }
  return Z3_OK;
}

static z3_status take_text(const json_t *v, const char *path, z3_bundle_text *out, z3_error *err) {
  if (!json_is_string(v)) return bad(err, path, "must be a string");
  out->text = z3_strdup(json_string_value(v));
  if (!out->text) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading a bundle");
  snprintf(out->where, sizeof out->where, "%.*s", (int)sizeof out->where - 1, path);
  return Z3_OK;
}

static z3_status read_header(const json_t *doc, z3_error *err) {
  static const char *const keys[] = {"format", "version", "dictionary", "messages", NULL};
  z3_status st = only_keys(doc, "$", keys, "format, version, dictionary, messages", err);
  if (st) return st;
  const json_t *format = json_object_get(doc, "format"), *version = json_object_get(doc, "version");
  if (!json_is_string(format) || strcmp(json_string_value(format), Z3_TEXT_BUNDLE_FORMAT) != 0)
    return bad(err, "$.format", "expected \"" Z3_TEXT_BUNDLE_FORMAT "\"");
  if (!json_is_integer(version) || json_integer_value(version) != Z3_TEXT_BUNDLE_VERSION)
    return z3_error_set(err, Z3_E_INVALID, "$.version: expected %d (the version this z3ed reads)",
                        Z3_TEXT_BUNDLE_VERSION);
  return Z3_OK;
}

static z3_status read_dict(const json_t *doc, z3_text_bundle *out, z3_error *err) {
  const json_t *dict = json_object_get(doc, "dictionary");
  if (!dict) return Z3_OK;
  if (!json_is_array(dict) || json_array_size(dict) != Z3_TEXT_DICT_COUNT)
    return z3_error_set(err, Z3_E_INVALID, "$.dictionary: must be an array of the %d entries' texts, in order",
                        Z3_TEXT_DICT_COUNT);
  out->has_dict = true;
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) {
    char p[48];
    snprintf(p, sizeof p, "$.dictionary[%d]", n);
    z3_status st = take_text(json_array_get(dict, (size_t)n), p, &out->dict[n], err);
    if (st) return st;
  }
  return Z3_OK;
}

/* An id as an integer or a "0x.." / decimal string. */
static z3_status read_id(const json_t *v, const char *path, size_t *out, z3_error *err) {
  uint64_t n = 0;
  bool ok = (json_is_integer(v) && json_integer_value(v) >= 0 && (n = (uint64_t)json_integer_value(v), true)) ||
            (json_is_string(v) && z3_parse_u64(json_string_value(v), &n));
  if (!v) return bad(err, path, "is missing");
  if (!ok) return bad(err, path, "must be a message id (an integer or \"0x..\")");
  if (n > MAX_ID) return z3_error_set(err, Z3_E_INVALID, "%s: %llu is not a message id (0x0000-0x%X)", path,
                                      (unsigned long long)n, MAX_ID);
  *out = (size_t)n;
  return Z3_OK;
}

static z3_status read_message(const json_t *m, size_t i, z3_bundle_message *out, z3_error *err) {
  static const char *const keys[] = {"id", "text", NULL};
  char p[40], field[64];
  snprintf(p, sizeof p, "$.messages[%zu]", i);
  if (!json_is_object(m)) return bad(err, p, "must be an object {\"id\": ..., \"text\": ...}");
  z3_status st = only_keys(m, p, keys, "id and text", err);
  snprintf(out->id_where, sizeof out->id_where, "%s.id", p);
  if (st == Z3_OK) st = read_id(json_object_get(m, "id"), out->id_where, &out->id, err);
  snprintf(field, sizeof field, "%s.text", p);
  if (st == Z3_OK && !json_object_get(m, "text")) st = bad(err, field, "is missing");
  if (st == Z3_OK) st = take_text(json_object_get(m, "text"), field, &out->text, err);
  return st;
}

static z3_status read_messages(const json_t *doc, z3_text_bundle *out, z3_error *err) {
  const json_t *msgs = json_object_get(doc, "messages");
  if (!msgs) return Z3_OK;
  if (!json_is_array(msgs)) return bad(err, "$.messages", "must be an array of {\"id\", \"text\"} objects");
  size_t n = json_array_size(msgs);
  out->msgs = z3_calloc(n ? n : 1, sizeof *out->msgs);
  if (!out->msgs) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading a bundle");
  for (size_t i = 0; i < n; i++) {
    out->count = i + 1; /* released with the bundle even when half read */
    z3_status st = read_message(json_array_get(msgs, i), i, &out->msgs[i], err);
    if (st) return st;
  }
  return Z3_OK;
}

z3_status z3_text_bundle_read_json(const uint8_t *data, size_t len, z3_text_bundle *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  out->is_json = true;
  json_error_t jerr;
  json_t *doc = json_loadb((const char *)data, len, JSON_REJECT_DUPLICATES, &jerr);
  if (!doc)
    return z3_error_set(err, Z3_E_INVALID, "line %d:%d: not valid JSON: %s", jerr.line, jerr.column, jerr.text);
  z3_status st = json_is_object(doc) ? Z3_OK : bad(err, "$", "must be an object");
  if (st == Z3_OK) st = read_header(doc, err);
  if (st == Z3_OK) st = read_dict(doc, out, err);
  if (st == Z3_OK) st = read_messages(doc, out, err);
  json_decref(doc);
  if (st) z3_text_bundle_release(out);
  return st;
}

/* ---- writing ------------------------------------------------------------ */

static json_t *hex_id(size_t id) {
  char s[24];
  snprintf(s, sizeof s, "0x%03zX", id);
  return json_string(s);
}

static z3_status build(const z3_text *t, json_t *doc, z3_error *err) {
  json_t *dict = json_array(), *msgs = json_array();
  json_object_set_new(doc, "format", json_string(Z3_TEXT_BUNDLE_FORMAT));
  json_object_set_new(doc, "version", json_integer(Z3_TEXT_BUNDLE_VERSION));
  json_object_set_new(doc, "dictionary", dict);
  json_object_set_new(doc, "messages", msgs);
  z3_buf s;
  z3_buf_init(&s);
  z3_status st = Z3_OK;
  for (int n = 0; n < Z3_TEXT_DICT_COUNT && st == Z3_OK; n++) {
    st = z3_text_dict_entry_text(&t->dict, n, &s, err);
    if (st == Z3_OK) json_array_append_new(dict, json_string((const char *)s.data));
  }
  for (size_t id = 0; id < t->count && st == Z3_OK; id++) {
    st = z3_text_decode(&t->dict, t->msgs[id].data, t->msgs[id].len, true, &s, err);
    if (st == Z3_OK) json_array_append_new(msgs, json_pack("{s:o, s:s}", "id", hex_id(id), "text", (const char *)s.data));
  }
  z3_buf_release(&s);
  return st;
}

z3_status z3_text_bundle_write_json(const z3_text *t, z3_buf *out, z3_error *err) {
  json_t *doc = json_object();
  if (!doc) return z3_error_set(err, Z3_E_NOMEM, "out of memory writing a bundle");
  z3_status st = build(t, doc, err);
  char *s = st == Z3_OK ? json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
  json_decref(doc);
  if (st) return st;
  if (!s) return z3_error_set(err, Z3_E_NOMEM, "out of memory writing a bundle");
  out->len = 0;
  st = z3_buf_printf(out, "%s\n", s);
  free(s);
  return st ? z3_error_set(err, st, "out of memory writing a bundle") : Z3_OK;
}
