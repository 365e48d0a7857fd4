/* message export / import / dictionary: every message at once as a bundle
 * (zelda3/text_bundle.h), and the dictionary the messages are encoded with. */
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_message.h"
#include "zelda3/text_bundle.h"

enum { BUNDLE_MAX_BYTES = 16u << 20 };

/* --format when given, else by the file's name: .txt / .text is the text form. */
static bool wants_text_form(const z3_cmd_ctx *ctx, const char *path) {
  if (z3_arg_given(ctx, "format")) return strcmp(z3_arg_str(ctx, "format"), "text") == 0;
  const char *dot = strrchr(path, '.');
  return dot && (strcmp(dot, ".txt") == 0 || strcmp(dot, ".text") == 0);
}

z3_status cmd_message_export(z3_cmd_ctx *ctx, z3_error *err) {
  z3_text text;
  z3_status st = z3_cmd__message_load(ctx, &text, err);
  if (st) return st;
  const char *path = z3_arg_str(ctx, "out");
  bool as_text = wants_text_form(ctx, path);
  z3_buf out;
  z3_buf_init(&out);
  st = as_text ? z3_text_bundle_write_text(&text, &out, err) : z3_text_bundle_write_json(&text, &out, err);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, path, out.data, out.len, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "out", json_string(path));
    json_object_set_new(ctx->result, "format", json_string(as_text ? "text" : "json"));
    json_object_set_new(ctx->result, "messages", json_integer((json_int_t)text.count));
    json_object_set_new(ctx->result, "dictionary_entries", json_integer(Z3_TEXT_DICT_COUNT));
    json_object_set_new(ctx->result, "bytes", json_integer((json_int_t)out.len));
  }
  z3_buf_release(&out);
  z3_text_release(&text);
  return st;
}

/* Reads and checks the bundle file; errors start with the file's name. */
static z3_status read_bundle(const char *path, z3_text_bundle *b, z3_error *err) {
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = z3_file_read(&file, path, BUNDLE_MAX_BYTES, err);
  z3_error inner;
  z3_error_init(&inner);
  if (st == Z3_OK && (st = z3_text_bundle_read(file.data, file.len, b, &inner)) != Z3_OK) {
    z3_error_set(err, st, "'%s': %s", path, inner.message);
    if (inner.hint[0]) z3_error_hint(err, "%s", inner.hint);
  }
  z3_buf_release(&file);
  return st;
}

static void bytes_free(z3_cmd_ctx *ctx, const z3_text *text) {
  z3_cmd__message_space(ctx, text);
}

z3_status cmd_message_import(z3_cmd_ctx *ctx, z3_error *err) {
  const char *path = z3_arg_str(ctx, "in");
  z3_text_bundle b;
  z3_status st = read_bundle(path, &b, err);
  if (st) return st;
  z3_text text;
  st = z3_cmd__message_load(ctx, &text, err);
  if (st) {
    z3_text_bundle_release(&b);
    return st;
  }
  z3_bundle_applied applied;
  z3_error inner;
  z3_error_init(&inner);
  st = z3_text_bundle_apply(&text, &b, &applied, &inner);
  if (st) {
    z3_error_set(err, st, "'%s': %s", path, inner.message);
    if (inner.hint[0]) z3_error_hint(err, "%s", inner.hint);
  }
  if (st == Z3_OK) st = z3_text_save(&text, ctx->rom, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "in", json_string(path));
    json_object_set_new(ctx->result, "format", json_string(b.is_json ? "json" : "text"));
    json_object_set_new(ctx->result, "messages_given", json_integer((json_int_t)applied.given));
    json_object_set_new(ctx->result, "messages_changed", json_integer((json_int_t)applied.changed));
    json_object_set_new(ctx->result, "dictionary_given", json_boolean(b.has_dict));
    json_object_set_new(ctx->result, "dictionary_changed", json_boolean(applied.dict_changed));
    bytes_free(ctx, &text);
  }
  z3_text_bundle_release(&b);
  z3_text_release(&text);
  return st;
}

static json_t *entry_json(const z3_text_dict *dict, int n, z3_error *err) {
  z3_buf s;
  z3_buf_init(&s);
  if (z3_text_dict_entry_text(dict, n, &s, err)) {
    z3_buf_release(&s);
    return NULL;
  }
  json_t *o = json_object();
  json_object_set_new(o, "index", z3_cmd__hex((uint64_t)n, 2));
  json_object_set_new(o, "byte", z3_cmd__hex((uint64_t)(Z3_TEXT_DICT_BASE + n), 2));
  json_object_set_new(o, "text", json_string((const char *)s.data));
  json_object_set_new(o, "length", json_integer(dict->start[n + 1] - dict->start[n]));
  z3_buf_release(&s);
  return o;
}

static z3_status list_dictionary(z3_cmd_ctx *ctx, const z3_text *text, z3_error *err) {
  json_t *list = json_array();
  json_object_set_new(ctx->result, "entries", list);
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) {
    json_t *o = entry_json(&text->dict, n, err);
    if (!o) return Z3_E_INVALID;
    json_array_append_new(list, o);
  }
  json_object_set_new(ctx->result, "count", json_integer(Z3_TEXT_DICT_COUNT));
  json_object_set_new(ctx->result, "bytes_used", json_integer(text->dict.start[Z3_TEXT_DICT_COUNT]));
  json_object_set_new(ctx->result, "capacity", json_integer((json_int_t)z3_text_dict_capacity(ctx->rom)));
  return Z3_OK;
}

/* One entry changed, every message re-encoded with the new dictionary. */
static z3_status set_entry(z3_cmd_ctx *ctx, z3_text *text, z3_error *err) {
  int n = (int)z3_arg_int(ctx, "set");
  z3_text_dict dict = text->dict;
  json_t *old = entry_json(&text->dict, n, err);
  z3_status st = old ? z3_text_dict_set_entry(&dict, n, z3_arg_str(ctx, "text"), err) : Z3_E_INVALID;
  size_t bad = 0, changed = 0;
  z3_error inner;
  z3_error_init(&inner);
  if (st == Z3_OK && (st = z3_text_replace(text, &dict, NULL, &bad, &changed, &inner)) != Z3_OK)
    z3_error_set(err, st, "message 0x%03zX does not re-encode with the new dictionary: %s", bad, inner.message);
  if (st == Z3_OK) st = z3_text_save(text, ctx->rom, err);
  json_t *now = st == Z3_OK ? entry_json(&text->dict, n, err) : NULL;
  if (now) {
    json_object_set_new(ctx->result, "index", z3_cmd__hex((uint64_t)n, 2));
    json_object_set_new(ctx->result, "old_text", json_incref(json_object_get(old, "text")));
    json_object_set_new(ctx->result, "text", json_incref(json_object_get(now, "text")));
    json_object_set_new(ctx->result, "messages_changed", json_integer((json_int_t)changed));
    json_object_set_new(ctx->result, "dictionary_bytes_used", json_integer(text->dict.start[Z3_TEXT_DICT_COUNT]));
    bytes_free(ctx, text);
  }
  json_decref(old);
  json_decref(now);
  return st == Z3_OK && !now ? Z3_E_INVALID : st;
}

z3_status cmd_message_dictionary(z3_cmd_ctx *ctx, z3_error *err) {
  bool set = z3_arg_given(ctx, "set"), has_text = z3_arg_given(ctx, "text");
  if (set != has_text) {
    z3_error_set(err, Z3_E_USAGE, "%s needs %s", set ? "--set" : "--text", set ? "--text" : "--set");
    z3_error_hint(err, "to change an entry: --set N --text 'new text'; without either, the entries are listed");
    return Z3_E_USAGE;
  }
  z3_text text;
  z3_status st = z3_cmd__message_load(ctx, &text, err);
  if (st) return st;
  st = set ? set_entry(ctx, &text, err) : list_dictionary(ctx, &text, err);
  z3_text_release(&text);
  return st;
}
