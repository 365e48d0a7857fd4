/* Manifests read back (from BPS metadata) and rendered for people. */
#include <stdio.h>
#include <string.h>

#include "zelda3/manifest.h"

static const char *const entry_lists[] = {"rooms", "areas", "messages", "sheets", "palettes", "tables", "other"};
static const char *const range_lists[] = {"free_space", "unmodelled", "code"};

static z3_status bad(z3_error *err, const char *path, const char *what) {
  z3_error_set(err, Z3_E_INVALID, "manifest: %s %s", path, what);
  return Z3_E_INVALID;
}

/* A field that may be absent but has this type when present. */
static z3_status check_type(const json_t *o, const char *key, json_type type, const char *path, bool required,
                            z3_error *err) {
  json_t *v = json_object_get(o, key);
  char where[160];
  snprintf(where, sizeof where, "%s%s%s", path, path[0] ? "." : "", key);
  if (!v) return required ? bad(err, where, "is missing") : Z3_OK;
  if (json_typeof(v) == type) return Z3_OK;
  static const char *const names[] = {"an object", "an array", "a string", "an integer", "a number", "true", "false", "null"};
  char what[48];
  snprintf(what, sizeof what, "must be %s", (unsigned)type < 8 ? names[type] : "valid");
  return bad(err, where, what);
}

static z3_status check_strings(const json_t *array, const char *path, z3_error *err) {
  size_t i;
  json_t *v;
  json_array_foreach(array, i, v) {
    if (json_is_string(v)) continue;
    char where[192]; /* room for a path of 160 and the index */
    snprintf(where, sizeof where, "%.160s[%zu]", path, i);
    return bad(err, where, "must be a string");
  }
  return Z3_OK;
}

static z3_status check_entry(const json_t *e, const char *path, z3_error *err) {
  if (!json_is_object(e)) return bad(err, path, "must be an object");
  z3_status st = check_type(e, "name", JSON_STRING, path, true, err);
  if (!st) st = check_type(e, "id", JSON_INTEGER, path, false, err);
  if (!st) st = check_type(e, "parts", JSON_ARRAY, path, false, err);
  if (!st) st = check_type(e, "moved", JSON_ARRAY, path, false, err);
  char where[160];
  snprintf(where, sizeof where, "%s.parts", path);
  if (!st && json_object_get(e, "parts")) st = check_strings(json_object_get(e, "parts"), where, err);
  snprintf(where, sizeof where, "%s.moved", path);
  if (!st && json_object_get(e, "moved")) st = check_strings(json_object_get(e, "moved"), where, err);
  return st;
}

static z3_status check_range(const json_t *r, const char *path, z3_error *err) {
  if (!json_is_object(r)) return bad(err, path, "must be an object");
  z3_status st = check_type(r, "offset", JSON_STRING, path, true, err);
  if (!st) st = check_type(r, "length", JSON_INTEGER, path, true, err);
  if (!st) st = check_type(r, "address", JSON_STRING, path, false, err);
  if (!st) st = check_type(r, "label", JSON_STRING, path, false, err);
  return st;
}

static z3_status check_list(const json_t *m, const char *key, bool ranges, z3_error *err) {
  z3_status st = check_type(m, key, JSON_ARRAY, "", false, err);
  size_t i;
  json_t *v;
  json_array_foreach(json_object_get(m, key), i, v) {
    char where[64];
    snprintf(where, sizeof where, "%s[%zu]", key, i);
    if (!st) st = ranges ? check_range(v, where, err) : check_entry(v, where, err);
  }
  return st;
}

static z3_status check_image(const json_t *m, const char *key, z3_error *err) {
  z3_status st = check_type(m, key, JSON_OBJECT, "", true, err);
  if (!st) st = check_type(json_object_get(m, key), "size", JSON_INTEGER, key, true, err);
  if (!st) st = check_type(json_object_get(m, key), "crc32", JSON_STRING, key, true, err);
  return st;
}

static z3_status check_manifest(const json_t *m, z3_error *err) {
  if (!json_is_object(m)) return bad(err, "the top level", "must be an object");
  const json_t *schema = json_object_get(m, "schema");
  if (!json_is_string(schema) || strcmp(json_string_value(schema), Z3_MANIFEST_SCHEMA) != 0)
    return bad(err, "schema", "must be \"" Z3_MANIFEST_SCHEMA "\"");
  const json_t *version = json_object_get(m, "version");
  if (!json_is_integer(version) || json_integer_value(version) != Z3_MANIFEST_VERSION)
    return bad(err, "version", "must be 1 (the only version z3ed reads)");
  z3_status st = check_image(m, "from", err);
  if (!st) st = check_image(m, "to", err);
  if (!st) st = check_type(m, "bytes_changed", JSON_INTEGER, "", false, err);
  if (!st) st = check_type(m, "summary", JSON_OBJECT, "", false, err);
  if (!st) st = check_type(m, "not_read", JSON_STRING, "", false, err);
  for (size_t i = 0; !st && i < sizeof entry_lists / sizeof entry_lists[0]; i++) st = check_list(m, entry_lists[i], false, err);
  for (size_t i = 0; !st && i < sizeof range_lists / sizeof range_lists[0]; i++) st = check_list(m, range_lists[i], true, err);
  return st;
}

z3_status z3_manifest_parse(const char *text, size_t len, json_t **out, z3_error *err) {
  if (len > (16u << 20)) return z3_error_set(err, Z3_E_INVALID, "manifest: %zu bytes is more than 16 MiB", len);
  json_error_t jerr;
  json_t *m = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
  if (!m) {
    z3_error_set(err, Z3_E_INVALID, "manifest: %d:%d: %s", jerr.line, jerr.column, jerr.text);
    return Z3_E_INVALID;
  }
  z3_status st = check_manifest(m, err);
  if (st) {
    json_decref(m);
    return st;
  }
  *out = m;
  return Z3_OK;
}

static void join_strings(z3_buf *b, const json_t *array) {
  size_t i;
  json_t *v;
  json_array_foreach(array, i, v) z3_buf_printf(b, "%s%s", i ? ", " : "", json_string_value(v));
}

static void entry_line(z3_buf *b, const json_t *e) {
  const json_t *parts = json_object_get(e, "parts"), *moved = json_object_get(e, "moved");
  z3_buf_printf(b, "\n  %s", json_string_value(json_object_get(e, "name")));
  if (json_array_size(parts)) {
    z3_buf_printf(b, ": ");
    join_strings(b, parts);
  }
  if (json_array_size(moved)) {
    z3_buf_printf(b, "%s", json_array_size(parts) ? "; moved unchanged: " : ": moved unchanged: ");
    join_strings(b, moved);
  }
}

static void range_line(z3_buf *b, const json_t *r) {
  const char *address = json_string_value(json_object_get(r, "address"));
  const char *label = json_string_value(json_object_get(r, "label"));
  z3_buf_printf(b, "\n  %s%s%s%s, %lld bytes%s%s", json_string_value(json_object_get(r, "offset")),
                address ? " (" : "", address ? address : "", address ? ")" : "",
                (long long)json_integer_value(json_object_get(r, "length")), label ? " in " : "", label ? label : "");
}

char *z3_manifest_text(const json_t *m) {
  static const char *const range_titles[] = {"free space used", "unmodelled bytes", "code"};
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "%lld bytes changed", (long long)json_integer_value(json_object_get(m, "bytes_changed")));
  for (size_t i = 0; i < sizeof entry_lists / sizeof entry_lists[0]; i++) {
    const json_t *list = json_object_get(m, entry_lists[i]);
    if (!json_array_size(list)) continue;
    z3_buf_printf(&b, "\n%s (%zu):", entry_lists[i], json_array_size(list));
    size_t k;
    json_t *e;
    json_array_foreach(list, k, e) entry_line(&b, e);
  }
  for (size_t i = 0; i < sizeof range_lists / sizeof range_lists[0]; i++) {
    const json_t *list = json_object_get(m, range_lists[i]);
    if (!json_array_size(list)) continue;
    z3_buf_printf(&b, "\n%s (%zu ranges):", range_titles[i], json_array_size(list));
    size_t k;
    json_t *r;
    json_array_foreach(list, k, r) range_line(&b, r);
  }
  json_int_t moved = json_integer_value(json_object_get(json_object_get(m, "summary"), "moved_unchanged"));
  if (moved > 0) z3_buf_printf(&b, "\n%lld entries moved without changing", (long long)moved);
  const char *not_read = json_string_value(json_object_get(m, "not_read"));
  if (not_read && not_read[0]) z3_buf_printf(&b, "\nnot read (not compared): %s", not_read);
  return z3_buf_take_string(&b);
}
