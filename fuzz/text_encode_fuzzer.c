/*
 * Fuzzes the text-token parser behind `message set`: arbitrary text (NUL-
 * terminated copy of the input) in both forms. Text that encodes must decode;
 * its raw decoding must encode back to the same bytes, and its readable
 * decoding must be stable under one more encode/decode. Errors must name an
 * offset inside the text. Any failure traps.
 * Text that encodes is also set, as `message set` does, on a message of the
 * sample ROM (the id from the input's length) and saved: refused with a
 * message, or every message loads again with its bytes as before but this
 * one, which holds what was set.
 *
 * Seeds in fuzz/corpora/text_encode/ are plain text files written by hand.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/text.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must_decode(const z3_text_dict *dict, const z3_buf *enc, bool expand, z3_buf *out) {
  z3_error err;
  z3_error_init(&err);
  if (z3_text_decode(dict, enc->data, enc->len, expand, out, &err) != Z3_OK) abort();
}

static void must_encode(const z3_text_dict *dict, const z3_buf *text, bool compress, z3_buf *out) {
  z3_error err;
  z3_error_init(&err);
  if (z3_text_encode(dict, (const char *)text->data, compress, out, &err) != Z3_OK) abort();
}

static void check(const z3_text_dict *dict, const z3_buf *enc) {
  z3_buf raw, again, text, text2, enc2;
  z3_buf_init(&raw), z3_buf_init(&again), z3_buf_init(&text), z3_buf_init(&text2), z3_buf_init(&enc2);
  must_decode(dict, enc, false, &raw);
  must_encode(dict, &raw, false, &again);
  if (again.len != enc->len || (enc->len && memcmp(again.data, enc->data, enc->len))) abort();
  must_decode(dict, enc, true, &text);
  must_encode(dict, &text, true, &enc2);
  must_decode(dict, &enc2, true, &text2);
  if (text2.len != text.len || memcmp(text2.data, text.data, text.len)) abort();
  z3_buf_release(&raw), z3_buf_release(&again), z3_buf_release(&text), z3_buf_release(&text2);
  z3_buf_release(&enc2);
}

static bool same_message(const z3_message *a, const z3_message *b) {
  return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

static void check_set_on_rom(const char *text, size_t size) {
  static z3_buf sample;
  z3_rom *rom = fuzz_sample_rom(&sample, 0);
  z3_text t, again;
  z3_error err;
  z3_error_init(&err);
  if (z3_text_load(rom, &t, &err) != Z3_OK || t.count == 0) abort();
  size_t id = size % t.count;
  if (z3_text_set(&t, id, text, false, &err) != Z3_OK) { /* the ROM's dictionary is its own */
    if (!err.message[0]) abort();
  } else if (z3_text_save(&t, rom, &err) != Z3_OK) {
    if (!err.message[0]) abort();
  } else {
    if (z3_text_load(rom, &again, &err) != Z3_OK || again.count != t.count) abort();
    for (size_t i = 0; i < t.count; i++) /* t holds the others as loaded and the one set */
      if (!same_message(&t.msgs[i], &again.msgs[i])) abort();
    z3_text_release(&again);
  }
  z3_text_release(&t);
  z3_rom_free(rom);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  size_t len = strlen(text);
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  for (int compress = 0; compress < 2; compress++) {
    z3_buf enc;
    z3_buf_init(&enc);
    z3_error err;
    z3_error_init(&err);
    if (z3_text_encode(&dict, text, compress, &enc, &err) == Z3_OK) {
      check(&dict, &enc);
      if (compress) check_set_on_rom(text, size);
    } else if (err.offset < 0 || (size_t)err.offset >= len || !err.message[0]) abort();
    z3_buf_release(&enc);
  }
  free(text);
  return 0;
}
