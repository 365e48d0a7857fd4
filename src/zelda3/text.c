/* The message table: loading the stream, editing, writing it back. */
#include <string.h>

#include "zelda3/text.h"
#include "zelda3/text_internal.h"

static const size_t bank_start[2] = {Z3_TEXT_BANK1_PC, Z3_TEXT_BANK2_PC};
static const size_t bank_end[2] = {Z3_TEXT_BANK1_END_PC, Z3_TEXT_BANK2_END_PC};

static z3_status add_message(z3_text *t, const uint8_t *bytes, size_t len, z3_error *err) {
  if (t->count == 0 || (t->count >= 16 && (t->count & (t->count - 1)) == 0)) { /* 16, 32, 64 ... */
    z3_message *m = z3_realloc(t->msgs, (t->count ? t->count * 2 : 16) * sizeof *m);
    if (!m) return z3_error_set(err, Z3_E_NOMEM, "out of memory loading messages");
    t->msgs = m;
  }
  z3_message *m = &t->msgs[t->count];
  m->data = z3_malloc(len ? len : 1);
  if (!m->data) return z3_error_set(err, Z3_E_NOMEM, "out of memory loading messages");
  memcpy(m->data, bytes, len);
  m->len = m->old_len = len;
  m->edited = false;
  t->count++;
  return Z3_OK;
}

/* Length of the message starting at p (up to its 0x7F), stepping over command
 * arguments as the game's scan does; 0 with an error when it runs to `end` or
 * meets a bank switch or the final 0xFF. */
static size_t message_length(const uint8_t *d, size_t p, size_t end, size_t id, z3_error *err) {
  for (size_t i = p; i < end; i++) {
    const z3_text_command *cmd = z3_text__command(d[i]);
    if (d[i] == Z3_TEXT_END) return i - p + 1;
    if (d[i] == Z3_TEXT_BANK_SWITCH || d[i] == Z3_TEXT_FINISH) {
      z3_error_set_at(err, Z3_E_INVALID, (int64_t)i,
                      "message 0x%03zX has byte 0x%02X at 0x%zX before its end (0x7F)", id, d[i], i);
      z3_error_hint(err, "the bank switch (0x80) and the final 0xFF must follow a message's 0x7F");
      return 0;
    }
    if (cmd && cmd->args) i++;
  }
  z3_error_set_at(err, Z3_E_INVALID, (int64_t)p,
                  "message 0x%03zX starting at 0x%zX runs past the end of its text bank (0x%zX)", id,
                  p, end);
  return 0;
}

/* Reads one bank's messages; *next tells what ended it (0x80 or 0xFF). */
static z3_status load_bank(const z3_rom *rom, z3_text *t, int bank, uint8_t *next, z3_error *err) {
  const uint8_t *d = rom->data.data;
  size_t end = bank_end[bank] < rom->data.len ? bank_end[bank] : rom->data.len;
  size_t p = bank_start[bank];
  while (p < end && d[p] != Z3_TEXT_BANK_SWITCH && d[p] != Z3_TEXT_FINISH) {
    size_t len = message_length(d, p, end, t->count, err);
    if (!len) return Z3_E_INVALID;
    z3_status st = add_message(t, d + p, len - 1, err);
    if (st) return st;
    p += len;
  }
  if (p >= end)
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)p,
                           "text bank %d has no bank switch (0x80) or end (0xFF) before 0x%zX",
                           bank + 1, end);
  *next = d[p];
  t->used_end[bank] = p + 1;
  return Z3_OK;
}

/* The vanilla stream's messages when the text has an expanded bank. */
static size_t vanilla_end(const z3_text *t) {
  return t->expanded ? t->vanilla_count : t->count;
}

z3_status z3_text_load(const z3_rom *rom, z3_text *out, z3_error *err) {
  return z3_text_load_bank(rom, Z3_TEXT_BANK_AUTO, out, err);
}

/* Where the expanded bank is: the hook's address, else yaze's default. */
static z3_status exp_region(const z3_rom *rom, bool hooked, size_t hook_pc, size_t *start, size_t *end,
                            z3_error *err) {
  *start = hooked ? hook_pc : Z3_TEXT_EXP_PC;
  *end = hooked ? (hook_pc | 0x7FFF) + 1 : Z3_TEXT_EXP_END_PC;
  if (hooked && *end > rom->data.len) *end = rom->data.len;
  if (*end <= rom->data.len) return Z3_OK;
  z3_error_set(err, Z3_E_INVALID,
               "--message-bank expanded: the expanded message bank 0x%zX-0x%zX lies past the end of "
               "this %zu KiB ROM", *start, *end - 1, rom->data.len / 1024);
  z3_error_hint(err, "yaze's expanded messages need a ROM of at least 1536 KiB (yaze saves 2 MiB)");
  return Z3_E_INVALID;
}

z3_status z3_text_load_bank(const z3_rom *rom, z3_text_bank_mode mode, z3_text *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (rom->data.len < Z3_TEXT_BANK1_END_PC)
    return z3_error_set(err, Z3_E_INVALID, "the ROM (%zu bytes) is too small to hold ALttP's text",
                        rom->data.len);
  size_t hook_pc = 0, start = 0, end = 0;
  bool hooked = z3_text_exp_hook(rom, &hook_pc);
  if (mode == Z3_TEXT_BANK_EXPANDED && exp_region(rom, hooked, hook_pc, &start, &end, err))
    return Z3_E_INVALID;
  z3_status st = z3_text_dict_read(rom, &out->dict, err);
  uint8_t next = 0;
  if (st == Z3_OK) st = load_bank(rom, out, 0, &next, err);
  out->split = out->count;
  out->used_end[1] = Z3_TEXT_BANK2_PC;
  out->has_switch = next == Z3_TEXT_BANK_SWITCH;
  if (st == Z3_OK && out->has_switch) st = load_bank(rom, out, 1, &next, err);
  out->linked = st == Z3_OK && out->has_switch && next == Z3_TEXT_BANK_SWITCH && hooked;
  if (st == Z3_OK && next != Z3_TEXT_FINISH && !out->linked) {
    st = z3_error_set_at(err, Z3_E_INVALID, (int64_t)out->used_end[1] - 1,
                         "text bank 2 ends with a second bank switch at 0x%zX instead of 0xFF",
                         out->used_end[1] - 1);
    z3_error_hint(err, "Oracle of Secrets' expanded bank ends bank 2 so, but this ROM has no JML at 0x%X to "
                       "read it", Z3_TEXT_EXP_HOOK_PC);
  }
  out->vanilla_count = out->count;
  bool want = mode == Z3_TEXT_BANK_EXPANDED || (mode == Z3_TEXT_BANK_AUTO && out->linked);
  if (st == Z3_OK && want && mode == Z3_TEXT_BANK_AUTO) st = exp_region(rom, hooked, hook_pc, &start, &end, err);
  if (st == Z3_OK && want) st = z3_text_load_exp(rom, start, end, out, err);
  if (st) z3_text_release(out);
  return st;
}

z3_status z3_text_load_exp(const z3_rom *rom, size_t start, size_t end, z3_text *t, z3_error *err) {
  if (start >= end || end > rom->data.len)
    return z3_error_set(err, Z3_E_INVALID, "the expanded message bank 0x%zX-0x%zX lies past the end of the ROM "
                        "(%zu bytes)", start, end - 1, rom->data.len);
  const uint8_t *d = rom->data.data;
  t->vanilla_count = t->count;
  t->expanded = true;
  t->exp_start = start, t->exp_end = end;
  size_t p = start;
  while (p < end && d[p] != Z3_TEXT_FINISH) {
    if (d[p] == Z3_TEXT_BANK_SWITCH) {
      z3_error_set_at(err, Z3_E_INVALID, (int64_t)p,
                      "the expanded message bank has a bank switch (0x80) at 0x%zX where message 0x%03zX "
                      "should start", p, t->count);
      z3_error_hint(err, "the game would go back to bank 2 there; the expanded bank ends with 0xFF");
      return Z3_E_INVALID;
    }
    size_t len = message_length(d, p, end, t->count, err);
    if (!len) return Z3_E_INVALID;
    z3_status st = add_message(t, d + p, len - 1, err);
    if (st) return st;
    p += len;
  }
  if (p >= end) {
    z3_error_set_at(err, Z3_E_INVALID, (int64_t)start,
                    "the expanded message bank 0x%zX-0x%zX has no end byte (0xFF) after its messages", start,
                    end - 1);
    z3_error_hint(err, "yaze ends the messages it writes there with 0xFF; a bank it never wrote holds none");
    return Z3_E_INVALID;
  }
  t->exp_used_end = p + 1;
  return Z3_OK;
}

void z3_text_release(z3_text *text) {
  for (size_t i = 0; i < text->count; i++) z3_free(text->msgs[i].data);
  z3_free(text->msgs);
  memset(text, 0, sizeof *text);
}

z3_status z3_text_set(z3_text *text, size_t id, const char *utf8, bool raw, z3_error *err) {
  if (id >= text->count)
    return z3_error_set(err, Z3_E_NOT_FOUND, "message 0x%03zX does not exist (messages 0x000-0x%03zX)",
                        id, text->count - 1);
  z3_buf enc;
  z3_buf_init(&enc);
  z3_status st = z3_text_encode(&text->dict, utf8, !raw, &enc, err);
  if (st) {
    z3_buf_release(&enc);
    return st;
  }
  z3_message *m = &text->msgs[id];
  z3_free(m->data);
  m->data = enc.data ? enc.data : z3_malloc(1);
  m->len = enc.len;
  m->edited = true;
  return m->data ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
}

z3_status z3_text_set_bytes(z3_text *text, size_t id, const uint8_t *bytes, size_t len, z3_error *err) {
  if (id >= text->count) return z3_error_set(err, Z3_E_NOT_FOUND, "message 0x%03zX does not exist", id);
  uint8_t *copy = z3_malloc(len ? len : 1);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (len) memcpy(copy, bytes, len);
  z3_message *m = &text->msgs[id];
  z3_free(m->data);
  m->data = copy, m->len = len, m->edited = true;
  return Z3_OK;
}

size_t z3_text_bytes_needed(const z3_text *text) {
  size_t n = 0;
  for (size_t i = 0; i < vanilla_end(text); i++) n += text->msgs[i].len + 1;
  return n + (text->has_switch ? 2 : 1); /* 0x80 and 0xFF (or the second 0x80) */
}

size_t z3_text_exp_bytes_needed(const z3_text *text) {
  if (!text->expanded) return 0;
  size_t n = 1; /* the 0xFF */
  for (size_t i = text->vanilla_count; i < text->count; i++) n += text->msgs[i].len + 1;
  return n;
}

size_t z3_text_capacity(void) {
  return (Z3_TEXT_BANK1_END_PC - Z3_TEXT_BANK1_PC) + (Z3_TEXT_BANK2_END_PC - Z3_TEXT_BANK2_PC);
}

size_t z3_text_offset(const z3_text *text, size_t id) {
  if (id >= vanilla_end(text)) {
    size_t at = text->exp_start;
    for (size_t i = text->vanilla_count; i < id; i++) at += text->msgs[i].len + 1;
    return at;
  }
  size_t at = id < text->split ? Z3_TEXT_BANK1_PC : Z3_TEXT_BANK2_PC;
  for (size_t i = id < text->split ? 0 : text->split; i < id; i++) at += text->msgs[i].len + 1;
  return at;
}
