/*
 * Fuzzes the SCAD screen reader and the screen renderer: a file that reads
 * writes back to the same words and settings, and draws inside its square
 * from any characters. Seeds in fuzz/corpora/scr_read/.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "snes/scad.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t chars[1024 * 32];
static uint8_t pixels[1024 * 1024];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static z3_scr scr, again;
  z3_error err;
  z3_error_init(&err);
  if (z3_scr_read(&scr, data, size, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return 0;
  }
  z3_buf out;
  z3_buf_init(&out);
  if (z3_scr_write(&out, &scr, &err) != Z3_OK || z3_scr_read(&again, out.data, out.len, &err) != Z3_OK) abort();
  if (memcmp(again.words, scr.words, sizeof scr.words) || again.tiles16 != scr.tiles16 ||
      again.color_half != scr.color_half)
    abort();
  z3_buf_release(&out);
  for (size_t i = 0; i < sizeof chars; i++) chars[i] = (uint8_t)(i * 37);
  uint32_t side = 0;
  if (z3_scad_render(&scr, Z3_TILE_4BPP, chars, pixels, &side, &err) != Z3_OK || side > 1024) abort();
  return 0;
}
