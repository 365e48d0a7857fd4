/* base/crc32_clmul: the folded CRC-32 gives zlib's value for every length, alignment
 * and running value, on the machine's own CPU (the test says when it lacks PCLMULQDQ). */
#include <stdio.h>
#include <stdlib.h>
#include <zlib.h>

#include "test.h"

enum { MAX_LEN = 70000 };

static uint32_t reference(uint32_t crc, const uint8_t *p, size_t len) { return (uint32_t)crc32(crc, p, (uInt)len); }

/* Lengths around every boundary the folding has (4 lanes of 16 bytes, one 16-byte block,
 * the threshold) and long runs; starts at each alignment; running values 0 and not. */
Z3_TEST(test_crc32__folded_matches_zlib) {
  (void)state;
  uint8_t *data = malloc(MAX_LEN + 16);
  z3_test_fill_random(data, MAX_LEN + 16, 19);
  static const size_t lengths[] = {256, 257, 271, 272, 319, 320, 321, 335, 336, 383, 384, 1000, 4096, 4111, 65536, MAX_LEN};
  size_t folded = 0;
  for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
    for (size_t align = 0; align < 16; align += 5) {
      for (int k = 0; k < 2; k++) {
        uint32_t start = k ? 0x89ABCDEFu : 0, crc = start;
        if (z3_crc32__clmul(&crc, data + align, lengths[i])) folded++;
        else crc = reference(start, data + align, lengths[i]);
        assert_int_equal(crc, reference(start, data + align, lengths[i]));
        assert_int_equal(z3_crc32_update(start, data + align, lengths[i]), crc);
      }
    }
  }
  if (!folded) fprintf(stderr, "note: this CPU has no PCLMULQDQ; only zlib's path was checked\n");
  free(data);
}

/* A run split anywhere gives the same CRC as the whole, whichever path each part takes. */
Z3_TEST(test_crc32__split_runs_chain) {
  (void)state;
  uint8_t *data = malloc(MAX_LEN);
  z3_test_fill_random(data, MAX_LEN, 7);
  uint32_t whole = reference(0, data, MAX_LEN);
  static const size_t cuts[] = {1, 100, 255, 256, 300, 4097, MAX_LEN - 200};
  for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
    assert_int_equal(z3_crc32_update(z3_crc32(data, cuts[i]), data + cuts[i], MAX_LEN - cuts[i]), whole);
  free(data);
}

/* Too short to gain: the fast path declines and leaves the value alone. */
Z3_TEST(test_crc32__short_runs_decline) {
  (void)state;
  uint8_t data[255] = {1, 2, 3};
  uint32_t crc = 0x1234;
  assert_false(z3_crc32__clmul(&crc, data, sizeof data));
  assert_int_equal(crc, 0x1234);
}

Z3_RUN(cmocka_unit_test(test_crc32__folded_matches_zlib), cmocka_unit_test(test_crc32__split_runs_chain),
       cmocka_unit_test(test_crc32__short_runs_decline))
