/* LC_LZ2: hand-built streams for every command, header form and variant; every
 * malformed-input path; round trips of both encoders over shaped and random
 * data; and a brute-force check that the optimal encoder is optimal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snes/lz2.h"
#include "snes/lz2_internal.h"
#include "test.h"

static const z3_lz2_variant VARIANTS[2] = {Z3_LZ2_GRAPHICS, Z3_LZ2_OVERWORLD};
static const z3_lz2_mode MODES[2] = {Z3_LZ2_OPTIMAL, Z3_LZ2_GREEDY};

/* ---- decoding helpers -------------------------------------------------------- */

typedef struct decoded {
  z3_status st;
  z3_buf out;
  size_t consumed;
  z3_error err;
} decoded;

static decoded decode(const uint8_t *src, size_t n, z3_lz2_variant v, size_t max_out) {
  decoded d;
  z3_buf_init(&d.out);
  z3_error_init(&d.err);
  d.consumed = 12345;
  d.st = z3_lz2_decompress(&d.out, src, n, v, max_out, &d.consumed, &d.err);
  return d;
}

/* Decodes a stream that must succeed and produce exactly want[0..want_len). */
static void expect_output(const uint8_t *src, size_t n, z3_lz2_variant v, const void *want,
                          size_t want_len, size_t want_consumed) {
  decoded d = decode(src, n, v, 0);
  assert_ok(d.st, &d.err);
  assert_int_equal(d.out.len, want_len);
  if (want_len) assert_memory_equal(d.out.data, want, want_len);
  assert_int_equal(d.consumed, want_consumed);
  z3_buf_release(&d.out);
}

/* Decodes a stream that must fail at header offset `at` with `needle` in the message. */
static void expect_error(const uint8_t *src, size_t n, z3_lz2_variant v, size_t max_out,
                         int64_t at, const char *needle) {
  decoded d = decode(src, n, v, max_out);
  assert_int_equal(d.st, Z3_E_INVALID);
  if (!strstr(d.err.message, needle)) print_error("message: %s\n", d.err.message);
  assert_non_null(strstr(d.err.message, needle));
  assert_int_equal(d.err.offset, at);
  char where[48];
  snprintf(where, sizeof where, "input offset 0x%llx", (unsigned long long)at);
  if (!strstr(d.err.message, where) && !strstr(d.err.message, "ends at offset"))
    print_error("message without its offset: %s\n", d.err.message);
  assert_true(strstr(d.err.message, where) || strstr(d.err.message, "ends at offset"));
  assert_int_equal(d.out.len, 0);
  assert_int_equal(d.consumed, 12345); /* untouched on failure */
  z3_buf_release(&d.out);
}

/* ---- decoding: every command ---------------------------------------------- */

Z3_TEST(decodes_every_command_with_normal_headers) {
  (void)state;
  /* direct "abc"; byte fill x*4; word fill pqpqp (odd length ends with p);
   * increasing FE FF 00 (wraps); copy 4 bytes from output offset 1 */
  const uint8_t le[] = {0x02, 'a', 'b', 'c', 0x23, 'x', 0x44, 'p', 'q', 0x62, 0xFE,
                        0x83, 0x01, 0x00, 0xFF};
  const uint8_t be[] = {0x02, 'a', 'b', 'c', 0x23, 'x', 0x44, 'p', 'q', 0x62, 0xFE,
                        0x83, 0x00, 0x01, 0xFF};
  const uint8_t want[] = {'a', 'b', 'c', 'x', 'x', 'x', 'x', 'p', 'q', 'p', 'q',
                          'p', 0xFE, 0xFF, 0x00, 'b', 'c', 'x', 'x'};
  expect_output(le, sizeof le, Z3_LZ2_GRAPHICS, want, sizeof want, sizeof le);
  expect_output(be, sizeof be, Z3_LZ2_OVERWORLD, want, sizeof want, sizeof be);
  /* the other byte order reads offset 0x100: beyond the output */
  expect_error(le, sizeof le, Z3_LZ2_OVERWORLD, 0, 11, "offset 0x100");
  expect_error(be, sizeof be, Z3_LZ2_GRAPHICS, 0, 11, "offset 0x100");
}

Z3_TEST(normal_header_lengths_one_and_thirty_two) {
  (void)state;
  uint8_t want[32];
  memset(want, 0x5A, sizeof want);
  const uint8_t one[] = {0x20, 0x5A, 0xFF};
  expect_output(one, sizeof one, Z3_LZ2_GRAPHICS, want, 1, 3);
  const uint8_t max[] = {0x3F, 0x5A, 0xFF};
  expect_output(max, sizeof max, Z3_LZ2_GRAPHICS, want, 32, 3);
}

/* Builds: extended direct 33, byte fill 40, word fill 35, increasing 300,
 * copy 1024 from offset `off` (needs off < 408), and an extended direct 1
 * (legal, only wasteful). */
static size_t extended_stream(uint8_t *s, z3_lz2_variant v, unsigned off, uint8_t *want) {
  size_t n = 0, w = 0;
  s[n++] = 0xE0, s[n++] = 32; /* direct, length 33 */
  for (int i = 0; i < 33; i++) s[n++] = want[w++] = (uint8_t)(i * 7 + 1);
  s[n++] = 0xE4, s[n++] = 39; /* byte fill, 40 */
  s[n++] = 0x11;
  for (int i = 0; i < 40; i++) want[w++] = 0x11;
  s[n++] = 0xE8, s[n++] = 34; /* word fill, 35 */
  s[n++] = 0x21, s[n++] = 0x43;
  for (int i = 0; i < 35; i++) want[w++] = i & 1 ? 0x43 : 0x21;
  s[n++] = 0xED, s[n++] = 0x2B; /* increasing, field 0x12B = 300 */
  s[n++] = 0xF0;
  for (int i = 0; i < 300; i++) want[w++] = (uint8_t)(0xF0 + i);
  s[n++] = 0xF3, s[n++] = 0xFF; /* copy, 1024 */
  s[n++] = (uint8_t)(v == Z3_LZ2_OVERWORLD ? off >> 8 : off);
  s[n++] = (uint8_t)(v == Z3_LZ2_OVERWORLD ? off : off >> 8);
  for (int i = 0; i < 1024; i++, w++) want[w] = want[off + (size_t)i];
  s[n++] = 0xE0, s[n++] = 0x00, s[n++] = 0x99; /* direct, 1, extended form */
  want[w++] = 0x99;
  s[n++] = 0xFF;
  return n;
}

Z3_TEST(decodes_every_command_with_extended_headers) {
  (void)state;
  for (int v = 0; v < 2; v++) {
    uint8_t s[128], want[1500];
    size_t n = extended_stream(s, VARIANTS[v], 0x105, want);
    expect_output(s, n, VARIANTS[v], want, 33 + 40 + 35 + 300 + 1024 + 1, n);
    /* trailing bytes after the terminator are not read */
    s[n] = 0x00;
    expect_output(s, n + 1, VARIANTS[v], want, 33 + 40 + 35 + 300 + 1024 + 1, n);
  }
}

Z3_TEST(overlapping_copies_repeat_patterns) {
  (void)state;
  /* "abc", copy 10 from 0 (period 3), copy 5 from 12 (distance 1: a run) */
  const uint8_t s[] = {0x02, 'a', 'b', 'c', 0x89, 0x00, 0x00, 0x84, 0x0C, 0x00, 0xFF};
  const char *want = "abcabcabcabcaaaaaa";
  expect_output(s, sizeof s, Z3_LZ2_GRAPHICS, want, strlen(want), sizeof s);
  /* a 1000-byte extended copy at distance 2 */
  const uint8_t t[] = {0x01, 'x', 'y', 0xF3, 0xE7, 0x00, 0x00, 0xFF};
  char big[1002];
  for (int i = 0; i < 1002; i++) big[i] = i & 1 ? 'y' : 'x';
  expect_output(t, sizeof t, Z3_LZ2_OVERWORLD, big, sizeof big, sizeof t);
}

Z3_TEST(commands_five_six_seven_decode_as_copies) {
  (void)state;
  /* "wxyz", cmd 5 len 2 from 1, cmd 6 len 3 from 0, extended cmd 7 len 2
   * ($FC: the highest headers that are not the terminator) from 2 */
  const uint8_t s[] = {0x03, 'w', 'x', 'y', 'z', 0xA1, 0x01, 0x00, 0xC2,
                       0x00, 0x00, 0xFC, 0x01, 0x02, 0x00, 0xFF};
  const char *want = "wxyzxywxyyz";
  expect_output(s, sizeof s, Z3_LZ2_GRAPHICS, want, strlen(want), sizeof s);
  /* $FD/$FE: cmd 7 with length bits 9-8 = 01 / 10 */
  uint8_t u[8] = {0x20, 0x07, 0xFD, 0x00, 0x00, 0x00, 0xFF};
  uint8_t want7[1 + 257];
  memset(want7, 0x07, sizeof want7);
  expect_output(u, 7, Z3_LZ2_OVERWORLD, want7, sizeof want7, 7);
  u[2] = 0xFE; /* 513 */
  decoded d = decode(u, 7, Z3_LZ2_GRAPHICS, 0);
  assert_ok(d.st, &d.err);
  assert_int_equal(d.out.len, 1 + 513);
  z3_buf_release(&d.out);
}

Z3_TEST(empty_stream_and_consumed_size) {
  (void)state;
  const uint8_t s[] = {0xFF, 0x12, 0x34};
  expect_output(s, sizeof s, Z3_LZ2_GRAPHICS, "", 0, 1);
  /* consumed may be NULL */
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_lz2_decompress(&out, s, sizeof s, Z3_LZ2_GRAPHICS, 0, NULL, &err), &err);
  z3_buf_release(&out);
}

Z3_TEST(appends_and_counts_copy_offsets_from_the_stream_start) {
  (void)state;
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_buf_append(&out, "PREFIX", 6, &err), &err);
  const uint8_t s[] = {0x01, 'a', 'b', 0x82, 0x00, 0x00, 0xFF};
  size_t used = 0;
  assert_ok(z3_lz2_decompress(&out, s, sizeof s, Z3_LZ2_GRAPHICS, 5, &used, &err), &err);
  assert_int_equal(out.len, 11);
  assert_memory_equal(out.data, "PREFIXababa", 11);
  assert_int_equal(used, sizeof s);
  /* a failing stream leaves what was there */
  const uint8_t bad[] = {0x01, 'a', 'b', 0x80, 0x02, 0x00, 0xFF};
  assert_int_equal(z3_lz2_decompress(&out, bad, sizeof bad, Z3_LZ2_GRAPHICS, 0, &used, &err),
                   Z3_E_INVALID);
  assert_int_equal(out.len, 11);
  assert_memory_equal(out.data, "PREFIXababa", 11);
  z3_buf_release(&out);
}

/* ---- decoding: malformed input ------------------------------------------- */

Z3_TEST(truncated_streams_name_the_chunk) {
  (void)state;
  const uint8_t none[1] = {0};
  expect_error(none, 0, Z3_LZ2_GRAPHICS, 0, 0, "no $ff terminator");
  expect_error(NULL, 0, Z3_LZ2_GRAPHICS, 0, 0, "no $ff terminator");
  const uint8_t no_end[] = {0x01, 'a', 'b'};
  expect_error(no_end, sizeof no_end, Z3_LZ2_GRAPHICS, 0, 3, "no $ff terminator");
  const uint8_t ext[] = {0x20, 0x00, 0xE4};
  expect_error(ext, sizeof ext, Z3_LZ2_GRAPHICS, 0, 2, "missing its second byte");
  const uint8_t fill[] = {0x00, 0x00, 0x23};
  expect_error(fill, sizeof fill, Z3_LZ2_GRAPHICS, 0, 2, "byte fill");
  expect_error(fill, sizeof fill, Z3_LZ2_GRAPHICS, 0, 2, "truncated");
  const uint8_t inc_ext[] = {0xEC, 0x40};
  expect_error(inc_ext, sizeof inc_ext, Z3_LZ2_GRAPHICS, 0, 0, "increasing fill");
  const uint8_t word[] = {0x00, 0x00, 0x41, 0x07};
  expect_error(word, sizeof word, Z3_LZ2_GRAPHICS, 0, 2, "word fill");
  const uint8_t copy[] = {0x00, 0x00, 0x81, 0x00};
  expect_error(copy, sizeof copy, Z3_LZ2_OVERWORLD, 0, 2, "needs 2 operand bytes, only 1 left");
  const uint8_t lit[] = {0x20, 0x01, 0x05, 'a', 'b', 'c'};
  expect_error(lit, sizeof lit, Z3_LZ2_GRAPHICS, 0, 2, "needs 6 literal bytes, only 3 left");
  const uint8_t lit_ext[] = {0xE0, 0x40, 'a'};
  expect_error(lit_ext, sizeof lit_ext, Z3_LZ2_GRAPHICS, 0, 0, "needs 65 literal bytes");
}

Z3_TEST(copies_must_read_written_bytes) {
  (void)state;
  /* at the very start, offset 0 is not written yet */
  const uint8_t first[] = {0x80, 0x00, 0x00, 0xFF};
  expect_error(first, sizeof first, Z3_LZ2_GRAPHICS, 0, 0, "at or beyond the 0x0 bytes");
  /* offset == current length (3) */
  const uint8_t equal[] = {0x02, 'a', 'b', 'c', 0x80, 0x03, 0x00, 0xFF};
  expect_error(equal, sizeof equal, Z3_LZ2_GRAPHICS, 0, 4, "output offset 0x3");
  /* ...but one less is a legal overlapping copy */
  const uint8_t ok[] = {0x02, 'a', 'b', 'c', 0x81, 0x02, 0x00, 0xFF};
  expect_output(ok, sizeof ok, Z3_LZ2_GRAPHICS, "abccc", 5, sizeof ok);
  /* far past the output, big-endian; and a command 6 copy */
  const uint8_t past[] = {0x02, 'a', 'b', 'c', 0xF0, 0x00, 0x12, 0x34, 0xFF};
  expect_error(past, sizeof past, Z3_LZ2_OVERWORLD, 0, 4, "output offset 0x1234");
  const uint8_t six[] = {0x02, 'a', 'b', 'c', 0xC0, 0x07, 0x00, 0xFF};
  expect_error(six, sizeof six, Z3_LZ2_GRAPHICS, 0, 4, "copy (command 6)");
}

Z3_TEST(output_is_capped_at_max_out) {
  (void)state;
  const uint8_t s[] = {0x01, 'a', 'b', 0x23, 'x', 0xFF}; /* 6 bytes of output */
  expect_output(s, sizeof s, Z3_LZ2_GRAPHICS, "abxxxx", 6, sizeof s);
  decoded d = decode(s, sizeof s, Z3_LZ2_GRAPHICS, 6);
  assert_ok(d.st, &d.err);
  z3_buf_release(&d.out);
  expect_error(s, sizeof s, Z3_LZ2_GRAPHICS, 5, 3, "past the limit of 5 bytes");
  expect_error(s, sizeof s, Z3_LZ2_GRAPHICS, 1, 0, "output too large");
  /* max_out 0 means 64 KiB: 64 extended byte fills of 1024 fit, one more byte does not */
  uint8_t big[64 * 3 + 3];
  for (int i = 0; i < 64; i++) big[3 * i] = 0xE7, big[3 * i + 1] = 0xFF, big[3 * i + 2] = 0;
  big[192] = 0xFF;
  decoded full = decode(big, 193, Z3_LZ2_GRAPHICS, 0);
  assert_ok(full.st, &full.err);
  assert_int_equal(full.out.len, 0x10000);
  z3_buf_release(&full.out);
  big[192] = 0x00, big[193] = 0x00, big[194] = 0xFF;
  expect_error(big, sizeof big, Z3_LZ2_GRAPHICS, 0, 192, "limit of 65536 bytes");
}

/* ---- encoding: round trips ----------------------------------------------------- */

static void compress_ok(z3_buf *out, const uint8_t *p, size_t n, z3_lz2_variant v,
                        z3_lz2_mode m) {
  z3_buf_init(out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_lz2_compress(out, p, n, v, m, &err), &err);
}

/* Both encoders, both variants: exact round trip, consumed == size, greedy
 * never shorter. Returns the optimal size (graphics). */
static size_t roundtrip(const uint8_t *p, size_t n) {
  size_t sizes[2][2];
  for (int v = 0; v < 2; v++) {
    for (int m = 0; m < 2; m++) {
      z3_buf c;
      compress_ok(&c, p, n, VARIANTS[v], MODES[m]);
      decoded d = decode(c.data, c.len, VARIANTS[v], 0);
      assert_ok(d.st, &d.err);
      if (d.out.len != n || (n && memcmp(d.out.data, p, n) != 0))
        print_error("round trip differs: %zu bytes, %s, %s\n", n,
                    z3_lz2_variant_name(VARIANTS[v]), z3_lz2_mode_name(MODES[m]));
      assert_int_equal(d.out.len, n);
      if (n) assert_memory_equal(d.out.data, p, n);
      assert_int_equal(d.consumed, c.len);
      sizes[v][m] = c.len;
      z3_buf_release(&d.out);
      z3_buf_release(&c);
    }
    assert_true(sizes[v][1] >= sizes[v][0]);
  }
  assert_int_equal(sizes[0][0], sizes[1][0]); /* byte order never changes a size */
  return sizes[0][0];
}

Z3_TEST(empty_input_is_just_the_terminator) {
  (void)state;
  for (int m = 0; m < 2; m++) {
    z3_buf c;
    compress_ok(&c, NULL, 0, Z3_LZ2_GRAPHICS, MODES[m]);
    assert_int_equal(c.len, 1);
    assert_int_equal(c.data[0], 0xFF);
    z3_buf_release(&c);
  }
  assert_int_equal(roundtrip((const uint8_t *)"", 0), 1);
}

Z3_TEST(refuses_more_than_64k) {
  (void)state;
  uint8_t *p = calloc(Z3_LZ2_MAX_OUTPUT + 1, 1);
  assert_non_null(p);
  for (int m = 0; m < 2; m++) {
    z3_buf c;
    z3_buf_init(&c);
    z3_error err;
    z3_error_init(&err);
    assert_int_equal(z3_lz2_compress(&c, p, Z3_LZ2_MAX_OUTPUT + 1, Z3_LZ2_GRAPHICS, MODES[m],
                                     &err),
                     Z3_E_INVALID);
    assert_non_null(strstr(err.message, "65537 bytes"));
    assert_int_equal(c.len, 0);
    z3_buf_release(&c);
  }
  /* exactly 64 KiB of zeros: 64 extended byte fills of 3 bytes, then $FF */
  assert_int_equal(roundtrip(p, Z3_LZ2_MAX_OUTPUT), 64 * 3 + 1);
  free(p);
}

Z3_TEST(random_data_round_trips_at_every_size_class) {
  (void)state;
  static const size_t sizes[] = {1,    2,    3,    31,   32,   33,   34,    1023,
                                 1024, 1025, 1026, 1536, 2048, 4097, 30000, 65536};
  uint8_t *p = malloc(65536);
  assert_non_null(p);
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    z3_test_fill_random(p, sizes[k], 0x1234 + k);
    size_t opt = roundtrip(p, sizes[k]);
    /* incompressible: one header per 1024 (2 bytes, or 1 for a <=32 remainder) */
    size_t n = sizes[k], want = n + 1;
    for (size_t left = n; left; left -= left > 1024 ? 1024 : left) want += left > 32 ? 2 : 1;
    assert_true(opt <= want);
  }
  free(p);
}

/* Runs, word runs, increasing runs, repeats and noise in random proportions. */
static void fill_shaped(uint8_t *p, size_t n, uint64_t seed) {
  uint64_t r = seed;
  for (size_t i = 0; i < n;) {
    uint64_t x = z3_test_rand(&r);
    size_t len = 1 + (x >> 8) % (x & 1 ? 40 : 1100), k;
    if (len > n - i) len = n - i;
    switch ((x >> 4) % 6) {
    case 0:
      memset(p + i, (int)(x >> 32), len);
      break;
    case 1:
      for (k = 0; k < len; k++) p[i + k] = (uint8_t)(x >> (32 + 8 * (k & 1)));
      break;
    case 2:
      for (k = 0; k < len; k++) p[i + k] = (uint8_t)((x >> 32) + k);
      break;
    case 3: /* repeat from anywhere earlier, possibly overlapping */
      if (i) {
        size_t from = (x >> 40) % i;
        for (k = 0; k < len; k++) p[i + k] = p[from + k];
        break;
      }
      /* fall through */
    default:
      z3_test_fill_random(p + i, len > 8 ? 8 : len, x);
      len = len > 8 ? 8 : len;
      break;
    }
    i += len;
  }
}

Z3_TEST(shaped_data_round_trips) {
  (void)state;
  static const size_t sizes[] = {5, 33, 100, 0x600, 0x800, 5000, 20000, 65536};
  uint8_t *p = malloc(65536);
  assert_non_null(p);
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    for (uint64_t seed = 0; seed < 3; seed++) {
      fill_shaped(p, sizes[k], seed * 77 + k);
      roundtrip(p, sizes[k]);
    }
  }
  free(p);
}

/* Lengths either side of the 32/33 header boundary and the 1024/1025 split,
 * for each command, with exact optimal sizes. */
Z3_TEST(length_boundaries_have_exact_optimal_sizes) {
  (void)state;
  static const size_t lens[] = {31, 32, 33, 1023, 1024, 1025, 2048, 2049};
  uint8_t p[2100];
  for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
    size_t n = lens[k];
    /* one fill command per 1024 bytes; the last piece's header is 1 byte if <= 32 */
    size_t fills = 0, headers = 0;
    for (size_t left = n; left; left -= left > 1024 ? 1024 : left)
      fills++, headers += left > 32 ? 2 : 1;
    memset(p, 0xAB, n);
    assert_int_equal(roundtrip(p, n), headers + fills * 1 + 1);
    for (size_t i = 0; i < n; i++) p[i] = i & 1 ? 0x12 : 0x34;
    assert_true(roundtrip(p, n) <= headers + fills * 2 + 1);
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(0x80 + i);
    assert_int_equal(roundtrip(p, n), headers + fills * 1 + 1);
  }
  /* a 33-byte run: one extended fill (3) beats 32 + 1 (2 + 2) */
  memset(p, 0, 33);
  assert_int_equal(roundtrip(p, 33), 3 + 1);
  /* 3 distinct bytes then a period-3 repeat of 297: literal (4) + overlapping copy (4) */
  for (size_t i = 0; i < 300; i++) p[i] = (uint8_t)("xqz"[i % 3]);
  assert_int_equal(roundtrip(p, 300), 4 + 4 + 1);
  /* long literal runs split at 1024 */
  z3_test_fill_random(p, 2100, 99);
  roundtrip(p, 2100);
}

/* A copy wins only if its source is anywhere earlier, not just nearby. */
Z3_TEST(copies_reach_back_to_offset_zero) {
  (void)state;
  uint8_t *p = malloc(65536);
  assert_non_null(p);
  z3_test_fill_random(p, 65536, 5);
  memcpy(p + 65536 - 200, p, 200);
  size_t with = roundtrip(p, 65536);
  p[65536 - 100] ^= 1; /* breaks the 200-byte match in two */
  assert_true(roundtrip(p, 65536) > with);
  free(p);
}

/* ---- optimality: against an exhaustive search ---------------------------------- */

/* Minimal stream size from position i over every parse: at each position every
 * command at every length that produces the right bytes, found by simulating
 * the decoder (a copy from each earlier offset runs byte by byte until it
 * goes wrong). Without memo every parse is walked in full; with it, each
 * position's minimum is kept (the rest of a parse depends only on the
 * position), which lets longer strings through. Commands 5-7 behave as copies
 * and an extended header for a length <= 32 only costs a byte more, so
 * neither can be cheaper. */
static size_t brute_min(const uint8_t *s, size_t n, size_t i, size_t *memo) {
  if (i == n) return 1;
  if (memo && memo[i]) return memo[i];
  size_t room = n - i < 1024 ? n - i : 1024, copy_max = 0;
  for (size_t o = 0; o < i; o++) {
    uint8_t buf[128];
    memcpy(buf, s, i);
    size_t k = 0;
    while (k < room && (buf[i + k] = buf[o + k]) == s[i + k]) k++;
    if (k > copy_max) copy_max = k;
  }
  size_t best = SIZE_MAX;
  bool byte = true, word = true, inc = true;
  for (size_t len = 1; len <= room; len++) {
    size_t k = len - 1;
    byte = byte && s[i + k] == s[i];
    word = word && s[i + k] == s[i + (k & 1)];
    inc = inc && s[i + k] == (uint8_t)(s[i] + k);
    size_t ops = len; /* a direct copy */
    if (word || len <= copy_max) ops = ops < 2 ? ops : 2;
    if (byte || inc) ops = 1;
    size_t cost = (len <= 32 ? 1 : 2) + ops + brute_min(s, n, i + len, memo);
    if (cost < best) best = cost;
  }
  if (memo) memo[i] = best;
  return best;
}

static size_t brute_force(const uint8_t *s, size_t n) {
  size_t memo[128] = {0};
  assert_true(n <= 100);
  return brute_min(s, n, 0, n <= 7 ? NULL : memo); /* short: every parse, unshared */
}

static void assert_optimal(const uint8_t *s, size_t n) {
  z3_buf c;
  compress_ok(&c, s, n, Z3_LZ2_GRAPHICS, Z3_LZ2_OPTIMAL);
  size_t want = brute_force(s, n);
  if (c.len != want) {
    print_error("optimal %zu bytes, exhaustive search %zu for:", c.len, want);
    for (size_t i = 0; i < n; i++) print_error(" %02x", s[i]);
    print_error("\n");
  }
  assert_int_equal(c.len, want);
  z3_buf_release(&c);
  roundtrip(s, n);
}

Z3_TEST(optimal_matches_exhaustive_search_on_all_short_strings) {
  (void)state;
  uint8_t s[8];
  for (size_t n = 0; n <= 7; n++) {
    size_t total = 1;
    for (size_t k = 0; k < n; k++) total *= 3;
    for (size_t code = 0; code < total; code++) {
      size_t c = code;
      for (size_t k = 0; k < n; k++, c /= 3) s[k] = (uint8_t)(c % 3);
      assert_optimal(s, n);
    }
  }
}

Z3_TEST(optimal_matches_exhaustive_search_on_random_strings) {
  (void)state;
  static const uint8_t alphabet[] = {0xFE, 0xFF, 0x00, 0x01, 0x02, 0x40};
  uint64_t r = 42;
  uint8_t s[100];
  for (int round = 0; round < 600; round++) {
    size_t n = 8 + z3_test_rand(&r) % 5;
    size_t letters = 2 + round % 5;
    for (size_t k = 0; k < n; k++) s[k] = alphabet[z3_test_rand(&r) % letters];
    assert_optimal(s, n);
  }
  /* longer, built from runs, so lengths cross the 32/33 header boundary */
  for (int round = 0; round < 60; round++) {
    size_t n = 0, want = 34 + z3_test_rand(&r) % 50;
    while (n < want) {
      uint64_t x = z3_test_rand(&r);
      size_t len = 1 + (x >> 8) % 36;
      for (size_t k = 0; k < len && n < want; k++, n++) {
        switch (x % 4) {
        case 0: s[n] = (uint8_t)(x >> 16) % 3; break;
        case 1: s[n] = (uint8_t)((x >> 16) % 3 + k); break;
        case 2: s[n] = n >= 5 ? s[n - 5] : 1; break;
        default: s[n] = (uint8_t)(((x >> 16) + (k & 1)) % 4); break;
        }
      }
    }
    assert_optimal(s, n);
  }
}

/* ---- the optimal encoder's match finder ---------------------------------------- */

/* Longest match at i from any o < i, by trying every o (capped at 1024). */
static size_t brute_match(const uint8_t *s, size_t n, size_t i) {
  size_t best = 0, room = n - i < 1024 ? n - i : 1024;
  for (size_t o = 0; o < i && best < room; o++) {
    size_t k = 0;
    while (k < room && s[o + k] == s[i + k]) k++;
    if (k > best) best = k;
  }
  return best;
}

static void check_matches(const uint8_t *s, size_t n) {
  uint16_t *len = malloc(n * sizeof *len + 2), *from = malloc(n * sizeof *from + 2);
  assert_true(len && from);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_lz2__longest_previous(s, n, len, from, &err), &err);
  for (size_t i = 0; i < n; i++) {
    size_t want = brute_match(s, n, i);
    if (len[i] != want) print_error("match at %zu of %zu: %u, want %zu\n", i, n, len[i], want);
    assert_int_equal(len[i], want);
    if (!want) continue;
    assert_true(from[i] < i);
    assert_memory_equal(s + from[i], s + i, want); /* may overlap: same bytes either way */
  }
  free(len);
  free(from);
}

Z3_TEST(match_finder_agrees_with_brute_force) {
  (void)state;
  uint8_t *p = malloc(3000);
  assert_non_null(p);
  uint64_t r = 7;
  for (int round = 0; round < 24; round++) {
    size_t n = round < 12 ? (size_t)round : 200 + (size_t)(z3_test_rand(&r) % 1800);
    size_t letters = 1 + (size_t)round % 4;
    for (size_t k = 0; k < n; k++) p[k] = (uint8_t)(z3_test_rand(&r) % letters);
    check_matches(p, n);
  }
  memset(p, 0x33, 3000); /* every match reaches the 1024 cap */
  check_matches(p, 3000);
  fill_shaped(p, 3000, 11);
  check_matches(p, 3000);
  for (size_t k = 0; k < 3000; k++) p[k] = (uint8_t)(k % 7 == 0 ? k / 7 : 1); /* near-periods */
  check_matches(p, 3000);
  free(p);
}

/* ---- allocation failures --------------------------------------------------------- */

Z3_TEST(allocation_failures_leak_nothing) {
  (void)state;
  uint8_t p[3000];
  fill_shaped(p, sizeof p, 9);
  int failures = 0;
  for (int m = 0; m < 2; m++) {
    for (int k = 1; k < 40; k++) {
      z3_buf c;
      z3_buf_init(&c);
      z3_error err;
      z3_error_init(&err);
      z3_fault_alloc_after(k);
      z3_status st = z3_lz2_compress(&c, p, sizeof p, Z3_LZ2_GRAPHICS, MODES[m], &err);
      z3_fault_alloc_after(0);
      if (st) {
        assert_int_equal(st, Z3_E_NOMEM);
        assert_int_equal(c.len, 0);
        failures++;
      }
      z3_buf_release(&c);
    }
  }
  assert_true(failures >= 8);
  z3_buf c;
  compress_ok(&c, p, sizeof p, Z3_LZ2_GRAPHICS, Z3_LZ2_OPTIMAL);
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  z3_fault_alloc_after(1);
  assert_int_equal(z3_lz2_decompress(&out, c.data, c.len, Z3_LZ2_GRAPHICS, 0, NULL, &err),
                   Z3_E_NOMEM);
  z3_fault_alloc_after(0);
  z3_buf_release(&out);
  z3_buf_release(&c);
}

Z3_TEST(names) {
  (void)state;
  assert_string_equal(z3_lz2_variant_name(Z3_LZ2_GRAPHICS), "graphics");
  assert_string_equal(z3_lz2_variant_name(Z3_LZ2_OVERWORLD), "overworld");
  assert_string_equal(z3_lz2_mode_name(Z3_LZ2_OPTIMAL), "optimal");
  assert_string_equal(z3_lz2_mode_name(Z3_LZ2_GREEDY), "greedy");
}

Z3_RUN(cmocka_unit_test(decodes_every_command_with_normal_headers),
       cmocka_unit_test(normal_header_lengths_one_and_thirty_two),
       cmocka_unit_test(decodes_every_command_with_extended_headers),
       cmocka_unit_test(overlapping_copies_repeat_patterns),
       cmocka_unit_test(commands_five_six_seven_decode_as_copies),
       cmocka_unit_test(empty_stream_and_consumed_size),
       cmocka_unit_test(appends_and_counts_copy_offsets_from_the_stream_start),
       cmocka_unit_test(truncated_streams_name_the_chunk),
       cmocka_unit_test(copies_must_read_written_bytes),
       cmocka_unit_test(output_is_capped_at_max_out),
       cmocka_unit_test(empty_input_is_just_the_terminator),
       cmocka_unit_test(refuses_more_than_64k),
       cmocka_unit_test(random_data_round_trips_at_every_size_class),
       cmocka_unit_test(shaped_data_round_trips),
       cmocka_unit_test(length_boundaries_have_exact_optimal_sizes),
       cmocka_unit_test(copies_reach_back_to_offset_zero),
       cmocka_unit_test(optimal_matches_exhaustive_search_on_all_short_strings),
       cmocka_unit_test(optimal_matches_exhaustive_search_on_random_strings),
       cmocka_unit_test(match_finder_agrees_with_brute_force),
       cmocka_unit_test(allocation_failures_leak_nothing),
       cmocka_unit_test(names))
