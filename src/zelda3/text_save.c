/* Writing the message table back: layout across the two banks, then only the
 * bytes that differ, each run described by the message it starts in; the
 * dictionary, whose entries the messages' bytes refer to, with them. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "zelda3/text.h"
#include "zelda3/text_internal.h"

static const size_t bank_start[2] = {Z3_TEXT_BANK1_PC, Z3_TEXT_BANK2_PC};
static const size_t bank_size[2] = {Z3_TEXT_BANK1_END_PC - Z3_TEXT_BANK1_PC,
                                    Z3_TEXT_BANK2_END_PC - Z3_TEXT_BANK2_PC};
enum { MERGE_GAP = 16 }; /* equal bytes between two differing runs that still join them */

static size_t span(const z3_text *t, size_t from, size_t to) {
  size_t n = 0;
  for (size_t i = from; i < to; i++) n += t->msgs[i].len + 1;
  return n;
}

/* Over all splits, the fewest bytes that would have to go for the text to fit. */
static size_t fewest_bytes_over(const z3_text *t, size_t total) {
  size_t best = SIZE_MAX, b1 = 0;
  for (size_t s = 0; s <= t->count; s++) {
    size_t o1 = b1 + 1 > bank_size[0] ? b1 + 1 - bank_size[0] : 0;
    size_t o2 = total - b1 + 1 > bank_size[1] ? total - b1 + 1 - bank_size[1] : 0;
    if (o1 + o2 < best) best = o1 + o2;
    if (s < t->count) b1 += t->msgs[s].len + 1;
  }
  return best ? best : 1;
}

/* The messages that find no room when each bank is filled as far as it goes,
 * in order: always a run to the last message. */
static void describe_overflow(const z3_text *t, char *out, size_t cap) {
  for (size_t i = 0; i < t->count; i++) {
    if (t->msgs[i].len + 2 <= bank_size[0]) continue;
    snprintf(out, cap, "message 0x%03zX alone (%zu bytes; a bank holds %zu with its end byte)", i,
             t->msgs[i].len + 1, bank_size[0] - 1);
    return;
  }
  size_t id = 0;
  for (int b = 0; b < 2; b++) {
    size_t used = 1; /* the bank's closing byte */
    while (id < t->count && used + t->msgs[id].len + 1 <= bank_size[b]) used += t->msgs[id++].len + 1;
  }
  if (id + 1 >= t->count)
    snprintf(out, cap, "message 0x%03zX", id < t->count ? id : t->count - 1);
  else
    snprintf(out, cap, "messages 0x%03zX-0x%03zX (%zu)", id, t->count - 1, t->count - id);
}

/* The messages that grew since loading, largest growth first, at most five. */
static void describe_growth(const z3_text *t, char *out, size_t cap) {
  enum { SHOWN = 5 };
  size_t top[SHOWN], shown = 0, more = 0;
  for (size_t id = 0; id < t->count; id++) {
    const z3_message *m = &t->msgs[id];
    if (m->len <= m->old_len) continue;
    size_t k = shown < SHOWN ? shown++ : (more++, SHOWN);
    while (k > 0 && t->msgs[top[k - 1]].len - t->msgs[top[k - 1]].old_len < m->len - m->old_len) {
      if (k < SHOWN) top[k] = top[k - 1];
      k--;
    }
    if (k < SHOWN) top[k] = id;
  }
  size_t at = 0;
  out[0] = '\0';
  for (size_t i = 0; i < shown && at < cap; i++) {
    const z3_message *m = &t->msgs[top[i]];
    int n = snprintf(out + at, cap - at, "%s0x%03zX by %zu byte%s", i ? ", " : "", top[i], m->len - m->old_len,
                     m->len - m->old_len == 1 ? "" : "s");
    at += n > 0 ? (size_t)n : 0;
  }
  if (more && at < cap) snprintf(out + at, cap - at, " and %zu more", more);
}

/* Keeps the split where it was; moves messages across it only when a bank
 * overflows. Each bank also holds its closing byte (0x80 or 0xFF). */
static z3_status choose_split(const z3_text *t, size_t *split, bool *two_banks, z3_error *err) {
  size_t s = t->split, total = span(t, 0, t->count);
  if (!t->has_switch && total + 1 <= bank_size[0]) {
    *split = t->count, *two_banks = false;
    return Z3_OK;
  }
  size_t b1 = span(t, 0, s);
  while (b1 + 1 > bank_size[0] && s > 0) b1 -= t->msgs[--s].len + 1;
  while (total - b1 + 1 > bank_size[1] && s < t->count && b1 + t->msgs[s].len + 2 <= bank_size[0])
    b1 += t->msgs[s++].len + 1;
  if (b1 + 1 <= bank_size[0] && total - b1 + 1 <= bank_size[1]) {
    *split = s, *two_banks = true;
    return Z3_OK;
  }
  size_t over = fewest_bytes_over(t, total);
  char which[320], grown[320];
  describe_overflow(t, which, sizeof which);
  describe_growth(t, grown, sizeof grown);
  z3_error_set(err, Z3_E_INVALID,
               "the text does not fit: %zu byte%s over what the text banks hold (%zu bytes at 0x%X "
               "and %zu at 0x%X, each message whole in one bank); %s would not fit%s%s",
               over, over == 1 ? "" : "s", bank_size[0], Z3_TEXT_BANK1_PC, bank_size[1],
               Z3_TEXT_BANK2_PC, which, grown[0] ? "; grown: " : "", grown);
  z3_error_hint(err, "shorten the text, or use [D:xx] dictionary entries and shorter words");
  return Z3_E_INVALID;
}

/* A bank's new contents plus, per byte, the message it belongs to (-1 for
 * the closing byte and freed space). */
typedef struct bank_image {
  z3_buf bytes;
  long *owner;
} bank_image;

static z3_status build_bank(const z3_text *t, size_t from, size_t to, uint8_t close,
                            size_t old_used, bank_image *img, z3_error *err) {
  size_t n = span(t, from, to) + 1, total = n > old_used ? n : old_used;
  z3_buf_init(&img->bytes);
  img->owner = z3_malloc(total * sizeof *img->owner);
  if (!img->owner || z3_buf_resize(&img->bytes, total, NULL))
    return z3_error_set(err, Z3_E_NOMEM, "out of memory writing the text");
  size_t at = 0;
  for (size_t i = from; i < to; i++) {
    memcpy(img->bytes.data + at, t->msgs[i].data, t->msgs[i].len);
    img->bytes.data[at + t->msgs[i].len] = Z3_TEXT_END;
    for (size_t k = 0; k <= t->msgs[i].len; k++) img->owner[at + k] = (long)i;
    at += t->msgs[i].len + 1;
  }
  for (size_t k = at; k < total; k++) img->bytes.data[k] = 0xFF, img->owner[k] = -1;
  img->bytes.data[at] = close;
  return Z3_OK;
}

static void describe(const z3_text *t, const bank_image *img, size_t from, size_t to, int bank,
                     char *out, size_t cap) {
  long id = img->owner[from];
  if (id < 0) {
    snprintf(out, cap, "text bank %d: end marker and freed space", bank + 1);
    return;
  }
  const z3_message *m = &t->msgs[id];
  const char *more = img->owner[to - 1] != id ? ", later messages moved" : "";
  if (m->edited)
    snprintf(out, cap, "message 0x%03lX text changed (%zu → %zu bytes)%s", id, m->old_len + 1,
             m->len + 1, more);
  else
    snprintf(out, cap, "message 0x%03lX moved by an earlier edit%s", id, more);
}

/* Text may only grow into free space (0xFF): the game's free bytes after the
 * text can hold other data by now (a relocated graphics sheet, a hack's code). */
static z3_status check_growth(const z3_rom *rom, int bank, size_t old_used, size_t new_used,
                              z3_error *err) {
  const uint8_t *d = rom->data.data + bank_start[bank];
  for (size_t k = old_used; k < new_used; k++) {
    if (d[k] == 0xFF) continue;
    z3_error_set_at(err, Z3_E_INVALID, (int64_t)(bank_start[bank] + k),
                    "the text does not fit: text bank %d would grow over byte 0x%02X at 0x%zX, "
                    "which is not free space (0xFF)", bank + 1, d[k], bank_start[bank] + k);
    z3_error_hint(err, "something else uses the space after the text; shorten the text by %zu "
                       "bytes or move that data", new_used - k);
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

/* Writes the runs of bytes that differ from the ROM. */
static z3_status write_bank(const z3_text *t, const bank_image *img, int bank, z3_rom *rom,
                            z3_error *err) {
  const uint8_t *neu = img->bytes.data;
  size_t at = 0, i, end;
  while (z3_diff_run_next(rom->data.data + bank_start[bank], neu, img->bytes.len, MERGE_GAP, &at, &i, &end)) {
    char why[160]; /* each run says which message it starts in */
    describe(t, img, i, end, bank, why, sizeof why);
    z3_status st = z3_rom_write(rom, bank_start[bank] + i, neu + i, end - i, why, err);
    if (st) return st;
  }
  return Z3_OK;
}

z3_status z3_text_save(const z3_text *all, z3_rom *rom, z3_error *err) {
  if (rom->data.len < Z3_TEXT_BANK1_END_PC)
    return z3_error_set(err, Z3_E_INVALID, "the ROM is too small to hold ALttP's text");
  z3_text vanilla = *all; /* the two banks' messages; the expanded bank's follow them */
  if (all->expanded) vanilla.count = all->vanilla_count;
  const z3_text *text = &vanilla;
  uint8_t finish = all->linked ? Z3_TEXT_BANK_SWITCH : Z3_TEXT_FINISH; /* the hook reads on after a second 0x80 */
  size_t split;
  bool two;
  z3_status st = choose_split(text, &split, &two, err);
  if (st) return st;
  bank_image img[2] = {{{0}, NULL}, {{0}, NULL}};
  size_t used1 = text->used_end[0] - Z3_TEXT_BANK1_PC, used2 = text->used_end[1] - Z3_TEXT_BANK2_PC;
  st = build_bank(text, 0, split, two ? Z3_TEXT_BANK_SWITCH : finish, used1, &img[0], err);
  if (st == Z3_OK && (two || text->has_switch)) {
    /* A bank 2 the text no longer uses is only freed when it held text. */
    if (two) st = build_bank(text, split, text->count, finish, used2, &img[1], err);
    else st = build_bank(text, 0, 0, 0xFF, used2, &img[1], err);
  }
  size_t new1 = span(text, 0, split) + 1, new2 = two ? span(text, split, text->count) + 1 : 0;
  if (st == Z3_OK) st = check_growth(rom, 0, used1, new1, err);
  if (st == Z3_OK && two) st = check_growth(rom, 1, used2, new2, err);
  if (st == Z3_OK) st = z3_text__exp_check(all, rom, err);
  if (st == Z3_OK) st = z3_text_dict_check_fits(rom, &text->dict, err);
  if (st == Z3_OK) st = z3_text_dict_write(rom, &text->dict, err);
  if (st == Z3_OK) st = write_bank(text, &img[0], 0, rom, err);
  if (st == Z3_OK && img[1].owner) st = write_bank(text, &img[1], 1, rom, err);
  if (st == Z3_OK) st = z3_text_save_exp(all, rom, err);
  for (int b = 0; b < 2; b++) {
    z3_buf_release(&img[b].bytes);
    z3_free(img[b].owner);
  }
  return st;
}
