/* base/wav: the header says what the data is, and the samples follow it as
 * 16-bit little-endian pairs. */
#include <string.h>

#include "base/wav.h"
#include "test.h"

static uint32_t le32(const uint8_t *p) { return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24); }
static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

Z3_TEST(test_wav__header_and_samples) {
  (void)state;
  const int16_t samples[] = {0, -1, 32767, -32768, 1234, -1234};
  z3_buf wav;
  z3_buf_init(&wav);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_wav_encode(&wav, samples, 3, 32000, &err), &err);
  assert_int_equal(wav.len, 44 + 12);
  assert_memory_equal(wav.data, "RIFF", 4);
  assert_int_equal(le32(wav.data + 4), wav.len - 8);
  assert_memory_equal(wav.data + 8, "WAVEfmt ", 8);
  assert_int_equal(le16(wav.data + 20), 1);     /* PCM */
  assert_int_equal(le16(wav.data + 22), 2);     /* stereo */
  assert_int_equal(le32(wav.data + 24), 32000);
  assert_int_equal(le32(wav.data + 28), 128000);
  assert_int_equal(le16(wav.data + 34), 16);
  assert_memory_equal(wav.data + 36, "data", 4);
  assert_int_equal(le32(wav.data + 40), 12);
  for (int i = 0; i < 6; i++) assert_int_equal((int16_t)le16(wav.data + 44 + 2 * i), samples[i]);
  z3_buf_release(&wav);
}

Z3_TEST(test_wav__no_samples_is_a_valid_empty_file) {
  (void)state;
  z3_buf wav;
  z3_buf_init(&wav);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_wav_encode(&wav, NULL, 0, 32040, &err), &err);
  assert_int_equal(wav.len, 44);
  assert_int_equal(le32(wav.data + 40), 0);
  z3_buf_release(&wav);
}

Z3_RUN(cmocka_unit_test(test_wav__header_and_samples),
       cmocka_unit_test(test_wav__no_samples_is_a_valid_empty_file))
