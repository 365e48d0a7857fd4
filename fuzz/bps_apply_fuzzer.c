/*
 * Fuzzes BPS apply, read_info and create.
 *  1. The input is a patch, applied as it is to a fixed source. Nearly every
 *     mutation breaks the patch CRC, so this mostly covers the header checks.
 *  2. So the input is also applied with its footer repaired: the source is the
 *     prefix of a fixed pseudo-random buffer the header asks for, and the
 *     source and patch CRCs are recomputed. Mutations then reach every action
 *     and bounds check (the target CRC stays as the input has it).
 *  3. The input, split in two at a point its first byte picks, is a source and
 *     a target: the patch we create must turn one into the other (trap if not).
 *
 * The seeds in fuzz/corpora/bps_apply/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snes/patch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { POOL_LEN = 8192, FOOTER = 12 };

static uint8_t pool[POOL_LEN]; /* sources are prefixes of this */
static bool pool_ready;

static void fill_pool(void) {
  pool_ready = true;
  uint32_t x = 0x9E3779B9u;
  for (size_t i = 0; i < POOL_LEN; i++) {
    x = x * 1664525u + 1013904223u;
    pool[i] = (i / 256) % 4 == 3 ? 0xFF : (uint8_t)(x >> 24); /* with runs */
  }
}

static void try_apply(const uint8_t *src, size_t src_len, const uint8_t *p, size_t n) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  z3_patch_stats st;
  if (z3_bps_apply(&out, src, src_len, p, n, &st, &err) == Z3_OK &&
      (out.len != st.target_size || out.len > Z3_BPS_MAX_SIZE))
    abort();
  if (z3_bps_read_info(&st, p, n, &err) == Z3_OK && st.metadata_size > n) abort();
  z3_buf_release(&out);
}

static void put_le32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* The source size from a patch header, when it is a small, well-formed number. */
static bool header_source_size(const uint8_t *p, size_t n, size_t *out) {
  if (n < 4 + 1 + FOOTER || memcmp(p, "BPS1", 4) != 0) return false;
  uint64_t v = 0, shift = 1;
  for (size_t i = 4; i < 8 && i < n; i++) {
    v += (uint64_t)(p[i] & 0x7f) * shift;
    if (p[i] & 0x80) {
      *out = (size_t)v;
      return v <= POOL_LEN;
    }
    shift <<= 7;
    v += shift;
  }
  return false;
}

static void apply_repaired(const uint8_t *data, size_t size) {
  size_t src_len;
  if (!header_source_size(data, size, &src_len)) return;
  uint8_t *p = malloc(size);
  if (!p) return;
  memcpy(p, data, size);
  put_le32(p + size - FOOTER, z3_crc32(pool, src_len));
  put_le32(p + size - 4, z3_crc32(p, size - 4));
  try_apply(pool, src_len, p, size);
  free(p);
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
  if (z3_bps_create(&patch, a, na, b, nb, "fuzz", NULL, &err) != Z3_OK) abort();
  if (z3_bps_apply(&out, a, na, patch.data, patch.len, NULL, &err) != Z3_OK) abort();
  if (out.len != nb || (nb && memcmp(out.data, b, nb) != 0)) abort();
  z3_buf_release(&patch);
  z3_buf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!pool_ready) fill_pool();
  try_apply(pool, 1024, data, size);
  apply_repaired(data, size);
  roundtrip(data, size);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"
/* Writes a few valid patches against pool prefixes and truncated copies. */

static void seed_pair(const char *dir, const char *name, size_t src_len, const uint8_t *dst,
                      size_t dst_len) {
  z3_buf patch;
  z3_buf_init(&patch);
  z3_error err;
  z3_error_init(&err);
  if (z3_bps_create(&patch, pool, src_len, dst, dst_len, "seed", NULL, &err) != Z3_OK) abort();
  write_seed(dir, name, patch.data, patch.len);
  char *cut = z3_strfmt("%s-truncated", name);
  write_seed(dir, cut, patch.data, patch.len / 2);
  z3_free(cut);
  z3_buf_release(&patch);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  fill_pool();
  uint8_t dst[2048];
  memcpy(dst, pool, 1024);
  for (size_t i = 7; i < 1024; i += 61) dst[i] ^= 0x3C; /* SourceRead + TargetRead */
  seed_pair(argv[1], "scattered", 1024, dst, 1024);
  memcpy(dst, pool + 600, 300); /* moved data: SourceCopy */
  memcpy(dst + 1024, dst + 100, 500); /* repeats: TargetCopy */
  memset(dst + 1524, 0x42, 524);      /* a run */
  seed_pair(argv[1], "copies", 1024, dst, 2048);
  seed_pair(argv[1], "shrink", 1024, pool + 1, 100);
  seed_pair(argv[1], "from-empty", 0, dst, 64);
  uint8_t rt[1 + 300];
  rt[0] = 128;
  memcpy(rt + 1, pool, 150);
  memcpy(rt + 151, pool + 20, 150);
  write_seed(argv[1], "roundtrip", rt, sizeof rt);
  return 0;
}
#endif
