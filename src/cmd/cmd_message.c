/* message list / get / set: the ALttP message table (zelda3/text.h); search, the
 * bundles and the dictionary have files of their own. */
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_message.h"
#include "zelda3/text.h"

z3_status z3_cmd__message_load(const z3_cmd_ctx *ctx, z3_text *text, z3_error *err) {
  static const z3_text_bank_mode modes[] = {Z3_TEXT_BANK_AUTO, Z3_TEXT_BANK_VANILLA, Z3_TEXT_BANK_EXPANDED};
  int choice = z3_command_arg(ctx->cmd, "message-bank") ? z3_arg_choice(ctx, "message-bank") : 0;
  z3_status st = z3_text_load_bank(ctx->rom, modes[choice > 0 ? choice : 0], text, err);
  if (st && !err->hint[0]) z3_error_hint(err, "the ROM's text is not in ALttP's (US) layout");
  return st;
}

void z3_cmd__message_space(z3_cmd_ctx *ctx, const z3_text *text) {
  json_object_set_new(ctx->result, "bytes_free",
                      json_integer((json_int_t)z3_text_capacity() - (json_int_t)z3_text_bytes_needed(text)));
  if (text->expanded)
    json_object_set_new(ctx->result, "expanded_bytes_free",
                        json_integer((json_int_t)(text->exp_end - text->exp_start) -
                                     (json_int_t)z3_text_exp_bytes_needed(text)));
}

/* Where the expanded bank is and how full, for message list. */
static json_t *expanded_bank(const z3_text *t) {
  json_t *o = json_object();
  json_object_set_new(o, "start", z3_cmd__hex(t->exp_start, 6));
  json_object_set_new(o, "end", z3_cmd__hex(t->exp_end - 1, 6));
  json_object_set_new(o, "first_id", z3_cmd__hex(t->vanilla_count, 3));
  json_object_set_new(o, "count", json_integer((json_int_t)(t->count - t->vanilla_count)));
  json_object_set_new(o, "bytes_used", json_integer((json_int_t)z3_text_exp_bytes_needed(t)));
  json_object_set_new(o, "capacity", json_integer((json_int_t)(t->exp_end - t->exp_start)));
  json_object_set_new(o, "hooked", json_boolean(t->linked));
  return o;
}

char *z3_cmd__message_text(const z3_text *text, size_t id, bool expand, z3_error *err) {
  z3_buf out;
  z3_buf_init(&out);
  const z3_message *m = &text->msgs[id];
  if (z3_text_decode(&text->dict, m->data, m->len, expand, &out, err)) {
    z3_buf_release(&out);
    return NULL;
  }
  return z3_buf_take_string(&out);
}

static z3_status checked_id(const z3_cmd_ctx *ctx, const z3_text *text, size_t *id, z3_error *err) {
  *id = (size_t)z3_arg_int(ctx, "id");
  if (*id < text->count) return Z3_OK;
  return z3_error_set(err, Z3_E_NOT_FOUND, "--id 0x%03zX: there is no such message (the ROM has 0x000-0x%03zX)",
                      *id, text->count - 1);
}

/* First `max` characters of a text, cutting before a token rather than inside it. */
static json_t *preview(const char *s, size_t max) {
  size_t n = strlen(s), cut = n;
  if (n > max) {
    cut = max;
    const char *open = memchr(s, '[', cut);
    while (open) {
      const char *close = strchr(open, ']');
      if (!close || (size_t)(close - s) >= cut) { cut = (size_t)(open - s); break; }
      open = memchr(close, '[', cut - (size_t)(close - s));
    }
  }
  char *p = z3_strfmt("%.*s%s", (int)cut, s, cut < n ? "..." : "");
  json_t *v = json_string(p ? p : "");
  z3_free(p);
  return v;
}

z3_status cmd_message_list(z3_cmd_ctx *ctx, z3_error *err) {
  z3_text text;
  z3_status st = z3_cmd__message_load(ctx, &text, err);
  if (st) return st;
  size_t max = (size_t)z3_arg_int(ctx, "preview");
  json_t *list = json_array();
  for (size_t i = 0; i < text.count && st == Z3_OK; i++) {
    char *s = z3_cmd__message_text(&text, i, true, err);
    if (!s) { st = Z3_E_INVALID; break; }
    json_t *o = json_object();
    json_object_set_new(o, "id", z3_cmd__hex(i, 3));
    json_object_set_new(o, "length", json_integer((json_int_t)text.msgs[i].len + 1));
    json_object_set_new(o, "bank", json_integer(i < text.split ? 1 : text.expanded && i >= text.vanilla_count ? 3 : 2));
    json_object_set_new(o, "preview", preview(s, max));
    json_array_append_new(list, o);
    z3_free(s);
  }
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)text.count));
  json_object_set_new(ctx->result, "bytes_used", json_integer((json_int_t)z3_text_bytes_needed(&text)));
  json_object_set_new(ctx->result, "capacity", json_integer((json_int_t)z3_text_capacity()));
  json_object_set_new(ctx->result, "messages", list);
  if (text.expanded) json_object_set_new(ctx->result, "expanded_bank", expanded_bank(&text));
  z3_text_release(&text);
  return st;
}

/* True when encoding the expanded text gives back the stored bytes. */
static bool reencodes(const z3_text *text, size_t id, const char *s) {
  z3_buf enc;
  z3_buf_init(&enc);
  const z3_message *m = &text->msgs[id];
  bool same = z3_text_encode(&text->dict, s, true, &enc, NULL) == Z3_OK && enc.len == m->len &&
              (m->len == 0 || memcmp(enc.data, m->data, m->len) == 0);
  z3_buf_release(&enc);
  return same;
}

z3_status cmd_message_get(z3_cmd_ctx *ctx, z3_error *err) {
  z3_text text;
  z3_status st = z3_cmd__message_load(ctx, &text, err);
  if (st) return st;
  size_t id;
  char *s = NULL, *raw = NULL;
  st = checked_id(ctx, &text, &id, err);
  if (st == Z3_OK && !(s = z3_cmd__message_text(&text, id, true, err))) st = Z3_E_INVALID;
  if (st == Z3_OK && !(raw = z3_cmd__message_text(&text, id, false, err))) st = Z3_E_INVALID;
  if (st == Z3_OK) {
    const z3_message *m = &text.msgs[id];
    size_t off = z3_text_offset(&text, id);
    uint32_t addr = 0;
    char addr_text[10] = "";
    if (z3_rom_to_snes(ctx->rom, off, &addr, NULL) == Z3_OK) z3_snes_format_address(addr, addr_text);
    char *hex = z3_hex_string(m->data, m->len, m->len);
    json_object_set_new(ctx->result, "id", z3_cmd__hex(id, 3));
    json_object_set_new(ctx->result, "text", json_string(s));
    json_object_set_new(ctx->result, "raw", json_string(raw));
    json_object_set_new(ctx->result, "bytes", json_string(hex ? hex : ""));
    json_object_set_new(ctx->result, "length", json_integer((json_int_t)m->len + 1));
    json_object_set_new(ctx->result, "offset", z3_cmd__hex(off, 5));
    json_object_set_new(ctx->result, "address", json_string(addr_text));
    json_object_set_new(ctx->result, "reencodes", json_boolean(reencodes(&text, id, s)));
    z3_free(hex);
  }
  z3_free(s);
  z3_free(raw);
  z3_text_release(&text);
  return st;
}

z3_status cmd_message_set(z3_cmd_ctx *ctx, z3_error *err) {
  z3_text text;
  z3_status st = z3_cmd__message_load(ctx, &text, err);
  if (st) return st;
  size_t id;
  char *old = NULL, *now = NULL;
  st = checked_id(ctx, &text, &id, err);
  if (st == Z3_OK && !(old = z3_cmd__message_text(&text, id, true, err))) st = Z3_E_INVALID;
  if (st == Z3_OK) st = z3_text_set(&text, id, z3_arg_str(ctx, "text"), z3_arg_bool(ctx, "raw"), err);
  if (st == Z3_OK) st = z3_text_save(&text, ctx->rom, err);
  if (st == Z3_OK && !(now = z3_cmd__message_text(&text, id, true, err))) st = Z3_E_INVALID;
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "id", z3_cmd__hex(id, 3));
    json_object_set_new(ctx->result, "old_text", json_string(old));
    json_object_set_new(ctx->result, "text", json_string(now));
    json_object_set_new(ctx->result, "old_length", json_integer((json_int_t)text.msgs[id].old_len + 1));
    json_object_set_new(ctx->result, "length", json_integer((json_int_t)text.msgs[id].len + 1));
    z3_cmd__message_space(ctx, &text);
  }
  z3_free(old);
  z3_free(now);
  z3_text_release(&text);
  return st;
}
