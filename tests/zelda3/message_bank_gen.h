/*
 * Test-ROM generator for yaze's expanded message bank (docs/formats.md,
 * Messages). Our own code, for tests only; it pokes a 2 MiB image directly,
 * the way yaze's save or Oracle of Secrets' build would, not through the
 * change log.
 *
 * gen_msgbank_yaze: the messages from 0x178000, each ended by 0x7F, then
 * 0xFF (yaze's WriteExpandedTextData); nothing else changes, so the ROM
 * cannot tell. gen_msgbank_hooked: Oracle of Secrets' way as well: the
 * 10 bytes at $0E:D436 that load bank 2's address become JML $2F:8000 and
 * six NOPs; the routine there sends the scan on to the data after it when it
 * was in bank $0E (else back to bank 2, the code it replaced); bank 2's
 * closing 0xFF becomes a second 0x80.
 */
#ifndef Z3_TEST_MESSAGE_BANK_GEN_H
#define Z3_TEST_MESSAGE_BANK_GEN_H

#include <stdlib.h>
#include <string.h>

#include "zelda3/text.h"

enum { GEN_MSGBANK_ROUTINE_LEN = 0x26 };

/* Encodes texts with the game's dictionary at d + at: 0x7F after each, 0xFF
 * at the end. Returns the bytes written; aborts on text that does not encode
 * (the tests' own strings). */
static inline size_t gen_msgbank_write(uint8_t *d, size_t at, const char *const *texts, size_t n) {
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  size_t p = at;
  for (size_t i = 0; i < n; i++) {
    z3_buf b;
    z3_buf_init(&b);
    if (z3_text_encode(&dict, texts[i], true, &b, NULL) != Z3_OK) abort();
    if (b.len) memcpy(d + p, b.data, b.len);
    p += b.len;
    d[p++] = Z3_TEXT_END;
    z3_buf_release(&b);
  }
  d[p++] = Z3_TEXT_FINISH;
  return p - at;
}

static inline size_t gen_msgbank_yaze(uint8_t *d, const char *const *texts, size_t n) {
  return gen_msgbank_write(d, Z3_TEXT_EXP_PC, texts, n);
}

/* The file offset of the vanilla stream's final 0xFF, read the way the game
 * walks it (len: the image's size). */
static inline size_t gen_msgbank_stream_end(const uint8_t *d, size_t len) {
  z3_rom *rom = NULL;
  z3_text t;
  if (z3_rom_from_memory(&rom, d, len, "gen", NULL) != Z3_OK) abort();
  if (z3_text_load_bank(rom, Z3_TEXT_BANK_VANILLA, &t, NULL) != Z3_OK) abort();
  size_t end = t.used_end[1] - 1;
  z3_text_release(&t);
  z3_rom_free(rom);
  return end;
}

static inline size_t gen_msgbank_hooked(uint8_t *d, size_t len, const char *const *texts, size_t n) {
  static const uint8_t hook[10] = {0x5C, 0x00, 0x80, 0x2F, 0xEA, 0xEA, 0xEA, 0xEA, 0xEA, 0xEA};
  static const uint8_t routine[GEN_MSGBANK_ROUTINE_LEN] = {
      0xA5, 0x02, 0x29, 0xFF, 0x00, 0xC9, 0x0E, 0x00, /* LDA $02 : AND #$00FF : CMP #$000E */
      0xD0, 0x0E,                                     /* BNE back (not in bank $0E) */
      0xA9, 0x26, 0x80, 0x85, 0x00,                   /* LDA #$8026 : STA $00 */
      0xA9, 0x2F, 0x00, 0x85, 0x02,                   /* LDA #$002F : STA $02 */
      0x5C, 0xFC, 0xD3, 0x0E,                         /* JML $0E:D3FC (the scan) */
      0xA9, 0x40, 0xDF, 0x85, 0x00,                   /* back: LDA #$DF40 : STA $00 */
      0xA9, 0x0E, 0x00, 0x85, 0x02,                   /* LDA #$000E : STA $02 */
      0x5C, 0xFC, 0xD3, 0x0E,                         /* JML $0E:D3FC */
  };
  d[gen_msgbank_stream_end(d, len)] = Z3_TEXT_BANK_SWITCH;
  memcpy(d + Z3_TEXT_EXP_HOOK_PC, hook, sizeof hook);
  memcpy(d + Z3_TEXT_EXP_PC, routine, sizeof routine);
  return gen_msgbank_write(d, Z3_TEXT_EXP_PC + GEN_MSGBANK_ROUTINE_LEN, texts, n);
}

#endif
