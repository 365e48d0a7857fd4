/*
 * Fuzzes the message decoder on arbitrary bytes, with the game's dictionary
 * and with one whose entries overlap and nest.
 * A message that decodes must come back exactly from its raw form, and its
 * readable form must encode (to whatever the dictionary makes of it) and
 * decode again to the same readable text. A message that does not decode must
 * say where. Any failure traps.
 *
 * Seeds in fuzz/corpora/text_decode/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_readable(const z3_text_dict *dict, const z3_buf *text) {
  z3_buf enc, again;
  z3_buf_init(&enc);
  z3_buf_init(&again);
  z3_error err;
  z3_error_init(&err);
  if (z3_text_encode(dict, (const char *)text->data, true, &enc, &err) != Z3_OK) abort();
  if (z3_text_decode(dict, enc.data, enc.len, true, &again, &err) != Z3_OK) abort();
  if (again.len != text->len || memcmp(again.data, text->data, text->len) != 0) abort();
  z3_buf_release(&enc);
  z3_buf_release(&again);
}

/* The game's dictionary with entries that overlap and nest ("a", "ab", "abc",
 * "b", " ", "  "), as a hack's rebuilt dictionary may: the readable form's
 * longest-match encoding must still decode to the same text. */
static const z3_text_dict *overlapping_dict(void) {
  static z3_text_dict dict;
  static bool made;
  static const char *const entries[] = {"a", "ab", "abc", "b", "bc", " ", " a", "  ", "A", "Ab"};
  if (made) return &dict;
  z3_text_dict_vanilla(&dict);
  for (int n = 0; n < (int)(sizeof entries / sizeof entries[0]); n++)
    if (z3_text_dict_set_entry(&dict, n, entries[n], NULL) != Z3_OK) abort();
  made = true;
  return &dict;
}

static void check_message(const z3_text_dict *dict, const uint8_t *data, size_t size) {
  z3_buf raw, text, enc;
  z3_buf_init(&raw);
  z3_buf_init(&text);
  z3_buf_init(&enc);
  z3_error err;
  z3_error_init(&err);
  if (z3_text_decode(dict, data, size, false, &raw, &err) == Z3_OK) {
    if (z3_text_encode(dict, (const char *)raw.data, false, &enc, &err) != Z3_OK) abort();
    if (enc.len != size || (size && memcmp(enc.data, data, size) != 0)) abort();
    if (z3_text_decode(dict, data, size, true, &text, &err) != Z3_OK) abort();
    check_readable(dict, &text);
  } else if (err.offset < 0 || (size_t)err.offset >= size || !err.message[0]) {
    abort();
  }
  z3_buf_release(&raw);
  z3_buf_release(&text);
  z3_buf_release(&enc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_text_dict vanilla;
  z3_text_dict_vanilla(&vanilla);
  check_message(&vanilla, data, size);
  check_message(overlapping_dict(), data, size);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

static void seed_text(const char *dir, const char *name, const char *text) {
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  z3_buf enc;
  z3_buf_init(&enc);
  z3_error err;
  z3_error_init(&err);
  if (z3_text_encode(&dict, text, true, &enc, &err) != Z3_OK) abort();
  write_seed(dir, name, enc.data, enc.len);
  z3_buf_release(&enc);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  seed_text(argv[1], "words", "There are strange sounds coming[2]from the well behind the inn.[K]");
  seed_text(argv[1], "commands", "[W:02][SPD:00][C:02]Hi[C:00], [L]![V][P:01][WT:10][SFX:2D][S:01][N:03][K]");
  seed_text(argv[1], "symbols", "[...][HY0][HY1][HY2][LFL][LFR][UP][DOWN][LEFT][RIGHT][HP1L][HP4R][A][B][X][Y]\"'<>()");
  seed_text(argv[1], "choices", "Yes or no?[2][CH2][IMG][CH2I][CHI][CH2L][CH3][1][3]");
  static const uint8_t plain[] = {0x5F, 0x7B, 0x81, 0xE9, 0xFE, 0x2D, 0x21, 0x1E};
  write_seed(argv[1], "plain-bytes", plain, sizeof plain);
  static const uint8_t cut[] = {0x00, 0x01, 0x6B};
  write_seed(argv[1], "missing-argument", cut, sizeof cut);
  static const uint8_t ended[] = {0x00, 0x7F, 0x01, 0x80, 0xFF};
  write_seed(argv[1], "terminators", ended, sizeof ended);
  return 0;
}
#endif
