/*
 * The structured half of rom merge for text: messages merged as messages.
 *
 * The game finds a message by counting through the stream (there is no
 * pointer table), so a hack that makes one message longer moves every message
 * after it. A byte merge of two hacks that each edited one message then sees
 * all the later text changed on both sides and reports it as conflicts. Here
 * each message is compared in the three ROMs by its bytes, taken from the side
 * that changed it, and the text model writes the whole stream again, packing
 * the two banks. This needs the same dictionary in all three ROMs (else equal
 * bytes are not equal text), the same expanded bank if any (yaze's, behind
 * Oracle of Secrets' hook: its messages merge the same way) and nothing but
 * text and free space inside the text banks of any of them (the writer owns
 * those banks); otherwise the text merges as bytes, as before.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/merge_internal.h"
#include "zelda3/text.h"

static bool in_text_banks(size_t i) {
  return (i >= Z3_TEXT_BANK1_PC && i < Z3_TEXT_BANK1_END_PC) || (i >= Z3_TEXT_BANK2_PC && i < Z3_TEXT_BANK2_END_PC);
}

/* The text banks of image k hold only messages and free space. */
static bool banks_hold_text_only(const z3_merge_three *t, int k) {
  static const size_t bank[2][2] = {{Z3_TEXT_BANK1_PC, Z3_TEXT_BANK1_END_PC}, {Z3_TEXT_BANK2_PC, Z3_TEXT_BANK2_END_PC}};
  for (int b = 0; b < 2; b++) {
    if (bank[b][1] > t->rom[k]->data.len) return false;
    for (size_t i = bank[b][0]; i < bank[b][1]; i++) {
      const z3_region *r = z3_romap_find(&t->map[k], i);
      if (r && r->kind != Z3_REGION_MESSAGE && r->kind != Z3_REGION_FREE) return false;
    }
  }
  return true;
}

/* The same expanded message bank (yaze's, behind Oracle of Secrets' hook) in all three, or none. */
static bool same_expanded_bank(const z3_text *a, const z3_text *b) {
  return a->expanded == b->expanded && (!a->expanded || (a->exp_start == b->exp_start && a->exp_end == b->exp_end));
}

bool z3_merge__messages_load(z3_merge_three *t) {
  for (int k = 0; k < 3; k++) {
    z3_text *text = z3_calloc(1, sizeof *text);
    t->text[k] = text;
    if (!text || z3_text_load(t->rom[k], text, NULL) != Z3_OK || !banks_hold_text_only(t, k) ||
        text->count != t->text[0]->count || !z3_text_dict_equal(&text->dict, &t->text[0]->dict) ||
        !same_expanded_bank(text, t->text[0])) {
      z3_merge__messages_release(t);
      return false;
    }
  }
  return true;
}

void z3_merge__messages_release(z3_merge_three *t) {
  for (int k = 0; k < 3; k++) {
    if (t->text[k]) z3_text_release(t->text[k]);
    z3_free(t->text[k]);
    t->text[k] = NULL;
  }
}

bool z3_merge__message_byte(const z3_merge_three *t, size_t i) {
  const z3_text *base = t->text[0];
  if (!base) return false;
  return in_text_banks(i) || (base->expanded && i >= base->exp_start && i < base->exp_end);
}


static bool same(const z3_message *a, const z3_message *b) {
  return a->len == b->len && (!a->len || !memcmp(a->data, b->data, a->len));
}

/* Which image message id comes from: 0 (unchanged), 1 or 2. */
static int message_source(const z3_merge_three *t, const z3_merge_opts *opts, size_t id, z3_merge_result *res,
                          json_t *list) {
  const z3_message *b = &t->text[0]->msgs[id], *o = &t->text[1]->msgs[id], *th = &t->text[2]->msgs[id];
  char what[32];
  snprintf(what, sizeof what, "message 0x%03zX", id);
  z3_merge_part part = {!same(o, b), !same(th, b), same(o, th), what, "messages", z3_text_offset(t->text[0], id)};
  return z3_merge__source(&part, opts, res, list);
}

z3_status z3_merge__messages(const z3_merge_three *t, const z3_merge_opts *opts, z3_rom *rom, z3_merge_result *res,
                             json_t *list, z3_error *err) {
  z3_text merged = {0};
  z3_status st = z3_text_load(rom, &merged, err);
  for (size_t id = 0; st == Z3_OK && id < t->text[0]->count; id++) {
    int from = message_source(t, opts, id, res, list);
    if (from == 0) continue;
    res->messages_from[from - 1]++;
    const z3_message *m = &t->text[from]->msgs[id];
    st = z3_text_set_bytes(&merged, id, m->data, m->len, err);
  }
  if (st == Z3_OK && res->unresolved == 0) {
    st = z3_text_save(&merged, rom, err);
    if (st) z3_error_hint(err, "each hack's text fits, both together do not: shorten messages in one of them first");
  }
  if (merged.msgs) z3_text_release(&merged);
  return st;
}
