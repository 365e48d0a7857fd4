/*
 * Fuzzes the text-token parser behind `message set`: arbitrary text (NUL-
 * terminated copy of the input) in both forms. Text that encodes must decode;
 * its raw decoding must encode back to the same bytes, and its readable
 * decoding must be stable under one more encode/decode. Errors must name an
 * offset inside the text. Any failure traps.
 *
 * Seeds in fuzz/corpora/text_encode/ are plain text files written by hand.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/text.h"

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
    if (z3_text_encode(&dict, text, compress, &enc, &err) == Z3_OK) check(&dict, &enc);
    else if (err.offset < 0 || (size_t)err.offset >= len || !err.message[0]) abort();
    z3_buf_release(&enc);
  }
  free(text);
  return 0;
}
