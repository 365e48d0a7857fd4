/*
 * Fuzzes the expanded message bank reader and writer (zelda3/text.h) on the
 * 2 MiB sample ROM. Input: byte 0 says how the ROM is set up: bit 0 installs
 * Oracle of Secrets' hook (tests/zelda3/message_bank_gen.h: JML at 0x75436,
 * the routine at 0x178000, bank 2 ending with 0x80), bit 1 asks for the bank
 * (--message-bank expanded) instead of auto, bit 2 puts the rest over the
 * hook's routine instead of the bank's data, bit 3 cuts the image to 0x178000
 * plus byte 1 times 256 bytes. The rest is written where bit 2 says.
 *
 * Loading must succeed or fail with a message. Loaded: messages lie inside
 * the region, the 0xFF ends it, offsets add up; saving the unchanged model
 * writes nothing; an edit the last input byte picks (a vanilla or expanded
 * message; a short, long or empty text, or another message's bytes) is
 * saved and every message reads back as the model holds it (or the save is
 * refused with a message and nothing written).
 *
 * Seeds in fuzz/corpora/message_bank/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/text.h"
#include "../tests/zelda3/message_bank_gen.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_buf template_rom, hooked_rom;

static void setup(void) {
  if (hooked_rom.len) return;
  fuzz_sample_once(&template_rom, 0x200000);
  z3_buf_init(&hooked_rom);
  if (z3_buf_append(&hooked_rom, template_rom.data, template_rom.len, NULL)) abort();
  gen_msgbank_hooked(hooked_rom.data, hooked_rom.len, NULL, 0);
}

static void check_loaded(const z3_rom *rom, const z3_text *t) {
  if (!t->expanded) return;
  if (t->vanilla_count > t->count || t->exp_start >= t->exp_end || t->exp_end > rom->data.len) abort();
  if (t->exp_used_end <= t->exp_start || t->exp_used_end > t->exp_end) abort();
  if (rom->data.data[t->exp_used_end - 1] != 0xFF) abort();
  size_t at = t->exp_start;
  for (size_t i = t->vanilla_count; i < t->count; i++) {
    if (z3_text_offset(t, i) != at) abort();
    at += t->msgs[i].len + 1;
    if (rom->data.data[at - 1] != Z3_TEXT_END) abort();
  }
  if (at + 1 != t->exp_used_end || z3_text_exp_bytes_needed(t) != at + 1 - t->exp_start) abort();
}

/* The edit the last input byte picks: bit 7 an expanded message (else a
 * vanilla one), bits 5-6 the text: a short one, (bits 0-4) x 40 letters,
 * another message's bytes as they are (what merge does), or nothing. */
static void edit(z3_text *t, uint8_t sel, z3_error *err) {
  size_t expanded = t->count - t->vanilla_count;
  size_t id = sel & 0x80 && expanded ? t->vanilla_count + sel % expanded : (size_t)sel * 7 % t->vanilla_count;
  char text[32 * 40 + 1];
  z3_status st = Z3_OK;
  switch (sel >> 5 & 3) {
    case 0: st = z3_text_set(t, id, "Edited.", false, err); break;
    case 1:
      memset(text, 'A', sizeof text);
      text[(size_t)(sel & 31) * 40] = 0;
      st = z3_text_set(t, id, text, false, err);
      break;
    case 2: {
      const z3_message *from = &t->msgs[(id + 1) % t->count];
      st = z3_text_set_bytes(t, id, from->data, from->len, err);
      break;
    }
    default: st = z3_text_set(t, id, "", false, err);
  }
  if (st != Z3_OK) abort();
}

/* An edit is saved and read back with every message as the model holds
 * it, or refused with a message and nothing written. */
static void check_edit(z3_rom *rom, z3_text *t, z3_text_bank_mode mode, uint8_t sel) {
  z3_error err;
  z3_error_init(&err);
  if (z3_text_save(t, rom, &err) != Z3_OK || rom->change_count != 0) abort();
  if (!t->vanilla_count) return;
  edit(t, sel, &err);
  if (z3_text_save(t, rom, &err) != Z3_OK) {
    if (!err.message[0] || rom->change_count != 0) abort();
    return;
  }
  z3_text again;
  if (z3_text_load_bank(rom, mode, &again, &err) != Z3_OK) abort();
  if (again.count != t->count) abort();
  for (size_t i = 0; i < t->count; i++)
    if (again.msgs[i].len != t->msgs[i].len || memcmp(again.msgs[i].data, t->msgs[i].data, t->msgs[i].len) != 0)
      abort();
  if (z3_text_bytes_needed(&again) > z3_text_capacity()) abort();
  check_loaded(rom, &again);
  z3_text_release(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2) return 0;
  setup();
  bool hook = data[0] & 1, code = data[0] & 4;
  z3_text_bank_mode mode = data[0] & 2 ? Z3_TEXT_BANK_EXPANDED : Z3_TEXT_BANK_AUTO;
  const z3_buf *base = hook ? &hooked_rom : &template_rom;
  size_t len = data[0] & 8 ? Z3_TEXT_EXP_PC + (size_t)data[1] * 256 : base->len;
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  if (z3_rom_from_memory(&rom, base->data, len, "fuzz", &err) != Z3_OK) return 0;
  size_t at = Z3_TEXT_EXP_PC + (hook && !code ? GEN_MSGBANK_ROUTINE_LEN : 0);
  for (size_t i = 2; i < size && at < rom->data.len; i++) rom->data.data[at++] = data[i];
  z3_text t;
  if (z3_text_load_bank(rom, mode, &t, &err) == Z3_OK) {
    check_loaded(rom, &t);
    check_edit(rom, &t, mode, data[size - 1]);
    z3_text_release(&t);
  } else if (!err.message[0]) {
    abort();
  }
  z3_rom_free(rom);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  /* "Hi" and "Xyzzy" as yaze writes them, with and without the hook */
  static const uint8_t yaze[] = {2, 0, 0x07, 0x22, 0x7F, 0x17, 0x32, 0x33, 0x33, 0x32, 0x7F, 0xFF};
  static const uint8_t hooked[] = {1, 0, 0x07, 0x22, 0x7F, 0x17, 0x32, 0x33, 0x33, 0x32, 0x7F, 0xFF};
  static const uint8_t no_end[] = {2, 0, 0x07, 0x22, 0x7F, 0x17};
  static const uint8_t switch_back[] = {3, 0, 0x07, 0x7F, 0x80, 0xFF};
  static const uint8_t command_args[] = {2, 0, 0x7A, 0x7F, 0x7F, 0x67, 0x7F, 0xFF}; /* [SPD:7F] */
  /* the routine loading another address: $2F:9000 */
  static const uint8_t routine[] = {5, 0, 0xA5, 0x02, 0x29, 0xFF, 0x00, 0xC9, 0x0E, 0x00, 0xD0, 0x0E,
                                    0xA9, 0x00, 0x90, 0x85, 0x00, 0xA9, 0x2F, 0x00, 0x85, 0x02};
  static const uint8_t cut_short[] = {10, 1, 0x07, 0x22, 0x7F, 0xFF};
  write_seed(argv[1], "yaze", yaze, sizeof yaze);
  write_seed(argv[1], "hooked", hooked, sizeof hooked);
  write_seed(argv[1], "no-end", no_end, sizeof no_end);
  write_seed(argv[1], "switch-back", switch_back, sizeof switch_back);
  write_seed(argv[1], "command-args", command_args, sizeof command_args);
  write_seed(argv[1], "routine", routine, sizeof routine);
  write_seed(argv[1], "cut-short", cut_short, sizeof cut_short);
  return 0;
}
#endif
