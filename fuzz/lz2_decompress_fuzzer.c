/*
 * Fuzzes LC_LZ2 decompression and both encoders.
 *  1. The input is a stream, decoded in both variants with a small output cap.
 *     A stream that decodes is re-encoded in both modes: each must decode to
 *     the same bytes, and the optimal one may not be longer than the stream
 *     it came from (that stream is one valid parse of the output), nor than
 *     the greedy one. Any failure traps.
 *  2. The input, as plain data, must round-trip through both encoders.
 *
 * The seeds in fuzz/corpora/lz2_decompress/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snes/lz2.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_OUT = 8192 };

/* Compresses p in mode m, checks the round trip and returns the size. */
static size_t roundtrip(const uint8_t *p, size_t n, z3_lz2_variant v, z3_lz2_mode m) {
  z3_buf packed, out;
  z3_buf_init(&packed);
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  size_t used = 0;
  if (z3_lz2_compress(&packed, p, n, v, m, &err) != Z3_OK) abort();
  if (z3_lz2_decompress(&out, packed.data, packed.len, v, n, &used, &err) != Z3_OK) abort();
  if (used != packed.len || out.len != n || (n && memcmp(out.data, p, n) != 0)) abort();
  size_t size = packed.len;
  z3_buf_release(&packed);
  z3_buf_release(&out);
  return size;
}

static void decode_and_recode(const uint8_t *data, size_t size, z3_lz2_variant v) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  size_t used = 0;
  if (z3_lz2_decompress(&out, data, size, v, MAX_OUT, &used, &err) == Z3_OK) {
    if (used == 0 || used > size || out.len > MAX_OUT || data[used - 1] != 0xFF) abort();
    size_t best = roundtrip(out.data, out.len, v, Z3_LZ2_OPTIMAL);
    size_t fast = roundtrip(out.data, out.len, v, Z3_LZ2_GREEDY);
    if (best > used || best > fast) abort();
  } else if (out.len != 0 || err.offset < 0 || (size_t)err.offset > size || !err.message[0]) {
    abort();
  }
  z3_buf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  decode_and_recode(data, size, Z3_LZ2_GRAPHICS);
  decode_and_recode(data, size, Z3_LZ2_OVERWORLD);
  if (size <= MAX_OUT) {
    z3_lz2_variant v = size && data[0] & 1 ? Z3_LZ2_OVERWORLD : Z3_LZ2_GRAPHICS;
    if (roundtrip(data, size, v, Z3_LZ2_OPTIMAL) > roundtrip(data, size, v, Z3_LZ2_GREEDY))
      abort();
  }
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

/* Streams our encoders make from small shaped buffers, truncated copies, and
 * hand-made streams for what the encoders never write (commands 5-7). */
static void seed_encoded(const char *dir, const char *name, const uint8_t *p, size_t n,
                         z3_lz2_variant v, z3_lz2_mode m) {
  z3_buf packed;
  z3_buf_init(&packed);
  z3_error err;
  z3_error_init(&err);
  if (z3_lz2_compress(&packed, p, n, v, m, &err) != Z3_OK) abort();
  char *full = z3_strfmt("%s-%s-%s", name, z3_lz2_variant_name(v), z3_lz2_mode_name(m));
  write_seed(dir, full, packed.data, packed.len);
  char *cut = z3_strfmt("%s-truncated", full);
  write_seed(dir, cut, packed.data, packed.len / 2);
  z3_free(cut);
  z3_free(full);
  z3_buf_release(&packed);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  uint8_t tiles[600];
  uint32_t x = 0x9E3779B9u;
  for (size_t i = 0; i < sizeof tiles; i++) { /* runs, a word pattern, ramps, noise */
    x = x * 1664525u + 1013904223u;
    size_t part = i / 50 % 4;
    tiles[i] = part == 0 ? 0 : part == 1 ? (uint8_t)(i & 1 ? 0xAA : 0x55)
             : part == 2 ? (uint8_t)i : (uint8_t)(x >> 24);
  }
  memcpy(tiles + 400, tiles + 150, 120); /* a repeat */
  seed_encoded(argv[1], "tiles", tiles, sizeof tiles, Z3_LZ2_GRAPHICS, Z3_LZ2_OPTIMAL);
  seed_encoded(argv[1], "tiles", tiles, sizeof tiles, Z3_LZ2_OVERWORLD, Z3_LZ2_GREEDY);
  uint8_t period[90];
  for (size_t i = 0; i < sizeof period; i++) period[i] = (uint8_t)"ab\x01"[i % 3];
  seed_encoded(argv[1], "period", period, sizeof period, Z3_LZ2_GRAPHICS, Z3_LZ2_GREEDY);
  static const uint8_t odd[] = {0x01, 'w', 'x', 0xA1, 0x00, 0x00, 0xC2, 0x01, 0x00,
                                0xFC, 0x02, 0x03, 0x00, 0xE0, 0x00, 'z', 0xFF};
  write_seed(argv[1], "commands-5-6-7", odd, sizeof odd);
  return 0;
}
#endif
