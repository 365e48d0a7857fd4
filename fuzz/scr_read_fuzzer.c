/*
 * Fuzzes the SCAD screen reader and the screen renderer: a file that reads
 * writes back to the same words and settings, and draws from 2bpp and 4bpp
 * characters exactly its square, in the colours of its half. Seeds in
 * fuzz/corpora/scr_read/.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "snes/scad.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every byte is 0 or has its top bit as `half` says. Eight at a time: a byte
 * loop over a megapixel under coverage instrumentation took most of a run. */
static bool in_half(const uint8_t *px, size_t n, int half) {
  const uint64_t top = 0x8080808080808080u, low = 0x7F7F7F7F7F7F7F7Fu;
  uint64_t bad = 0;
  for (size_t i = 0; i < n; i += 8) {
    uint64_t w;
    memcpy(&w, px + i, 8);
    /* half 0: any top bit; half 1: a byte with its top bit clear and a low bit set */
    bad |= half ? ~w & top & ((w & low) + low) : w & top;
  }
  return bad == 0;
}

/* Draws scr from 1024 tiles of format f, in buffers of exactly the sizes the
 * header gives (so the sanitizers see any read or write past them); every
 * pixel is 0 or a colour of the screen's half. */
static void render(const z3_scr *scr, z3_tile_format f) {
  size_t tile_bytes = 1024 * z3_tile_bytes(f), side_max = scr->tiles16 ? 1024 : 512;
  uint8_t *tiles = malloc(tile_bytes), *pixels = malloc(side_max * side_max);
  if (!tiles || !pixels) abort();
  for (size_t i = 0; i < tile_bytes; i++) tiles[i] = (uint8_t)(i * 37);
  uint32_t side = 0;
  z3_error err;
  z3_error_init(&err);
  if (z3_scad_render(scr, f, tiles, pixels, &side, &err) != Z3_OK || side != side_max) abort();
  if (!in_half(pixels, side_max * side_max, scr->color_half)) abort();
  free(tiles);
  free(pixels);
}

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
  render(&scr, Z3_TILE_4BPP);
  render(&scr, Z3_TILE_2BPP);
  return 0;
}
