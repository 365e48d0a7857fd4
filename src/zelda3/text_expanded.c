/* yaze's expanded message bank (text.h, docs/formats.md Messages): finding
 * Oracle of Secrets' hook, and writing the bank's messages back. Loading is
 * in text.c beside the vanilla banks' reader, whose message scan it shares. */
#include <stdio.h>
#include <string.h>

#include "zelda3/text.h"
#include "zelda3/text_internal.h"

enum {
  JML = 0x5C,
  HOOK_SCAN = 32, /* routine bytes searched for the address it loads */
  MERGE_GAP = 16, /* as the vanilla banks' writer */
};
#define EXPANDED_PC 0x100000u /* past the game's 1 MiB */

/* LDA #lo/hi : STA $00 : LDA #bank : STA $02 (16-bit A), the way the game
 * sets the scan's pointer; bank $0E is the routine's way back to bank 2. */
static bool loads_pointer(const uint8_t *d, uint32_t *address) {
  if (d[0] != 0xA9 || d[3] != 0x85 || d[4] != 0x00 || d[5] != 0xA9 || d[7] != 0x00 || d[8] != 0x85 ||
      d[9] != 0x02 || d[6] == 0x0E)
    return false;
  *address = (uint32_t)(d[1] | d[2] << 8 | d[6] << 16);
  return true;
}

bool z3_text_exp_hook(const z3_rom *rom, size_t *data_pc) {
  const uint8_t *d = rom->data.data;
  size_t n = rom->data.len, routine;
  if (Z3_TEXT_EXP_HOOK_PC + 4 > n || d[Z3_TEXT_EXP_HOOK_PC] != JML) return false;
  const uint8_t *op = d + Z3_TEXT_EXP_HOOK_PC + 1;
  if (z3_snes_to_pc(Z3_MAP_LOROM, n, (uint32_t)(op[0] | op[1] << 8 | op[2] << 16), &routine, NULL)) return false;
  for (size_t i = routine; i < routine + HOOK_SCAN && i + 10 <= n; i++) {
    uint32_t address;
    if (loads_pointer(d + i, &address)) /* in expanded space, clear of the vanilla text */
      return z3_snes_to_pc(Z3_MAP_LOROM, n, address, data_pc, NULL) == Z3_OK && *data_pc >= EXPANDED_PC;
  }
  return false;
}

/* The message whose bytes (or 0x7F) hold offset `at` of the new image; -1 for
 * the 0xFF and the space freed after it. */
static long owner(const z3_text *t, size_t at) {
  size_t p = 0;
  for (size_t i = t->vanilla_count; i < t->count; i++) {
    p += t->msgs[i].len + 1;
    if (at < p) return (long)i;
  }
  return -1;
}

static void describe(const z3_text *t, size_t at, char *out, size_t cap) {
  long id = owner(t, at);
  if (id < 0) {
    snprintf(out, cap, "expanded message bank: end marker and freed space");
    return;
  }
  const z3_message *m = &t->msgs[id];
  if (m->edited)
    snprintf(out, cap, "expanded message 0x%03lX text changed (%zu → %zu bytes)", id, m->old_len + 1, m->len + 1);
  else
    snprintf(out, cap, "expanded message 0x%03lX moved by an earlier edit", id);
}

/* Fits the bank, and grows only over free bytes: the space after yaze's 0xFF
 * is 0x00 where yaze padded the ROM, 0xFF where it was cleared; anything else
 * may be a hack's code (Oracle of Secrets keeps some from $2F:FE00). */
static z3_status check(const z3_text *t, const z3_rom *rom, size_t need, z3_error *err) {
  size_t cap = t->exp_end - t->exp_start, used = t->exp_used_end - t->exp_start;
  if (t->exp_end > rom->data.len)
    return z3_error_set(err, Z3_E_INVALID, "the expanded message bank ends at 0x%zX, past the ROM's end", t->exp_end);
  if (need > cap) {
    z3_error_set(err, Z3_E_INVALID,
                 "the expanded messages do not fit: they need %zu bytes with the final 0xFF, %zu over the %zu "
                 "bytes of the expanded bank 0x%zX-0x%zX", need, need - cap, cap, t->exp_start, t->exp_end - 1);
    z3_error_hint(err, "shorten the text by %zu bytes, or use [D:xx] dictionary entries", need - cap);
    return Z3_E_INVALID;
  }
  const uint8_t *d = rom->data.data + t->exp_start;
  for (size_t k = used; k < need; k++) {
    if (d[k] == 0xFF || d[k] == 0x00) continue;
    z3_error_set_at(err, Z3_E_INVALID, (int64_t)(t->exp_start + k),
                    "the expanded messages do not fit: they would grow over byte 0x%02X at 0x%zX, which is not "
                    "free space (0x00 or 0xFF)", d[k], t->exp_start + k);
    z3_error_hint(err, "something else uses the space after the messages; shorten the text by %zu bytes",
                  need - k);
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

z3_status z3_text__exp_check(const z3_text *t, const z3_rom *rom, z3_error *err) {
  return t->expanded ? check(t, rom, z3_text_exp_bytes_needed(t), err) : Z3_OK;
}

z3_status z3_text_save_exp(const z3_text *t, z3_rom *rom, z3_error *err) {
  if (!t->expanded) return Z3_OK;
  size_t need = z3_text_exp_bytes_needed(t), used = t->exp_used_end - t->exp_start;
  z3_status st = check(t, rom, need, err);
  if (st) return st;
  size_t total = need > used ? need : used, at = 0;
  z3_buf img;
  z3_buf_init(&img);
  if (z3_buf_resize(&img, total, NULL)) return z3_error_set(err, Z3_E_NOMEM, "out of memory writing the text");
  memset(img.data, 0xFF, total); /* the final 0xFF and freed space */
  for (size_t i = t->vanilla_count; i < t->count; i++) {
    if (t->msgs[i].len) memcpy(img.data + at, t->msgs[i].data, t->msgs[i].len);
    img.data[at + t->msgs[i].len] = Z3_TEXT_END;
    at += t->msgs[i].len + 1;
  }
  size_t from = 0, i, end;
  while (st == Z3_OK && z3_diff_run_next(rom->data.data + t->exp_start, img.data, total, MERGE_GAP, &from, &i, &end)) {
    char why[160];
    describe(t, i, why, sizeof why);
    st = z3_rom_write(rom, t->exp_start + i, img.data + i, end - i, why, err);
  }
  z3_buf_release(&img);
  return st;
}
