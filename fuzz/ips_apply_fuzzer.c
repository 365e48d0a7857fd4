/*
 * Fuzzes IPS apply and create.
 *  1. The input is a patch, applied to a fixed 1 KiB source: any outcome but a
 *     crash, a leak or an output past 16 MiB is fine.
 *  2. The input, split in two at a point its first byte picks, is a source and
 *     a target: the patch we create must turn one into the other (trap if not).
 *
 * The seeds in fuzz/corpora/ips_apply/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snes/patch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { SOURCE_LEN = 1024 };

static uint8_t source[SOURCE_LEN];
static bool source_ready;

static void fill_source(void) {
  source_ready = true;
  uint32_t x = 0x12345678;
  for (size_t i = 0; i < SOURCE_LEN; i++) {
    x = x * 1103515245u + 12345u;
    source[i] = i >= 512 && i < 640 ? 0 : (uint8_t)(x >> 24); /* a zero stretch for RLE */
  }
}

static void apply_as_patch(const uint8_t *data, size_t size) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  if (z3_ips_apply(&out, source, SOURCE_LEN, data, size, NULL, &err) == Z3_OK &&
      out.len > Z3_IPS_MAX_SIZE)
    abort();
  z3_buf_release(&out);
}

static void roundtrip(const uint8_t *data, size_t size) {
  if (size == 0) return;
  size_t cut = 1 + (size - 1) * data[0] / 256;
  const uint8_t *a = data + 1, *b = data + cut;
  size_t na = cut - 1, nb = size - cut;
  z3_buf patch, out;
  z3_buf_init(&patch);
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  if (z3_ips_create(&patch, a, na, b, nb, NULL, &err) != Z3_OK) abort();
  if (z3_ips_apply(&out, a, na, patch.data, patch.len, NULL, &err) != Z3_OK) abort();
  if (out.len != nb || (nb && memcmp(out.data, b, nb) != 0)) abort();
  z3_buf_release(&patch);
  z3_buf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!source_ready) fill_source();
  apply_as_patch(data, size);
  roundtrip(data, size);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"
/* Writes a few valid patches against the fixed source and truncated copies. */

static void seed_pair(const char *dir, const char *name, const uint8_t *dst, size_t dst_len) {
  z3_buf patch;
  z3_buf_init(&patch);
  z3_error err;
  z3_error_init(&err);
  if (z3_ips_create(&patch, source, SOURCE_LEN, dst, dst_len, NULL, &err) != Z3_OK) abort();
  write_seed(dir, name, patch.data, patch.len);
  char *cut = z3_strfmt("%s-truncated", name);
  write_seed(dir, cut, patch.data, patch.len * 2 / 3);
  z3_free(cut);
  z3_buf_release(&patch);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  fill_source();
  uint8_t dst[SOURCE_LEN + 256];
  memcpy(dst, source, SOURCE_LEN);
  for (size_t i = 10; i < SOURCE_LEN; i += 97) dst[i] ^= 0x5A;
  seed_pair(argv[1], "scattered", dst, SOURCE_LEN);
  memset(dst + 300, 0xFF, 200); /* an RLE record */
  memset(dst + SOURCE_LEN, 0xEE, 256);
  seed_pair(argv[1], "rle-and-extend", dst, SOURCE_LEN + 256);
  seed_pair(argv[1], "truncate", source, 700);
  /* A round-trip input: first byte picks the split, then source and target. */
  uint8_t rt[1 + 200];
  rt[0] = 128;
  memcpy(rt + 1, source, 100);
  memcpy(rt + 101, source, 100);
  memset(rt + 140, 0, 30);
  write_seed(argv[1], "roundtrip", rt, sizeof rt);
  return 0;
}
#endif
