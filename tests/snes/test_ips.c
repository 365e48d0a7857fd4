/* IPS: every record kind, every malformed-input path, and the creator's choices. */
#include <stdlib.h>
#include <string.h>

#include "snes/patch.h"
#include "test.h"

/* ---- helpers --------------------------------------------------------------- */

static void put(z3_buf *b, const void *p, size_t n) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_buf_append(b, p, n, &err), &err);
}

static void put_record(z3_buf *b, uint32_t offset, const void *data, uint16_t size) {
  uint8_t h[5] = {(uint8_t)(offset >> 16), (uint8_t)(offset >> 8), (uint8_t)offset,
                  (uint8_t)(size >> 8), (uint8_t)size};
  put(b, h, 5);
  put(b, data, size);
}

static void put_rle(z3_buf *b, uint32_t offset, uint16_t run, uint8_t value) {
  uint8_t h[8] = {(uint8_t)(offset >> 16), (uint8_t)(offset >> 8), (uint8_t)offset, 0, 0,
                  (uint8_t)(run >> 8), (uint8_t)run, value};
  put(b, h, 8);
}

/* Applies and expects failure; returns the error for the caller to inspect. */
static z3_error apply_fails(const uint8_t *src, size_t src_len, const z3_buf *patch) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_ips_apply(&out, src, src_len, patch->data, patch->len, NULL, &err),
                   Z3_E_INVALID);
  assert_int_equal(err.code, Z3_E_INVALID);
  z3_buf_release(&out);
  return err;
}

typedef struct ips_rec {
  uint32_t offset, len;
  bool rle;
} ips_rec;

/* Parses a patch we made, so tests can check the records the creator chose. */
static size_t parse_records(const z3_buf *p, ips_rec *recs, size_t max, bool *truncates) {
  assert_true(p->len >= 8);
  assert_memory_equal(p->data, "PATCH", 5);
  size_t pos = 5, n = 0;
  while (memcmp(p->data + pos, "EOF", 3) != 0) {
    assert_true(pos + 5 <= p->len);
    const uint8_t *r = p->data + pos;
    uint32_t off = (uint32_t)r[0] << 16 | (uint32_t)r[1] << 8 | r[2];
    uint32_t size = (uint32_t)r[3] << 8 | r[4];
    assert_true(n < max);
    if (size == 0) {
      recs[n++] = (ips_rec){off, (uint32_t)r[5] << 8 | r[6], true};
      pos += 8;
    } else {
      recs[n++] = (ips_rec){off, size, false};
      pos += 5 + size;
    }
  }
  *truncates = p->len == pos + 6;
  assert_true(p->len == pos + 3 || p->len == pos + 6);
  return n;
}

static void create_ok(z3_buf *patch, const uint8_t *a, size_t na, const uint8_t *b, size_t nb,
                      z3_patch_stats *stats) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ips_create(patch, a, na, b, nb, stats, &err), &err);
}

static void apply_ok(z3_buf *out, const uint8_t *a, size_t na, const z3_buf *patch,
                     z3_patch_stats *stats) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ips_apply(out, a, na, patch->data, patch->len, stats, &err), &err);
}

static void assert_roundtrip(const uint8_t *a, size_t na, const uint8_t *b, size_t nb,
                             z3_buf *patch) {
  z3_buf out;
  z3_buf_init(&out);
  create_ok(patch, a, na, b, nb, NULL);
  apply_ok(&out, a, na, patch, NULL);
  assert_int_equal(out.len, nb);
  if (nb) assert_memory_equal(out.data, b, nb);
  z3_buf_release(&out);
}

/* ---- apply ----------------------------------------------------------------- */

Z3_TEST(applies_plain_and_rle_records) {
  (void)state;
  uint8_t src[16];
  memset(src, 0x11, sizeof src);
  z3_buf p, out;
  z3_buf_init(&p);
  z3_buf_init(&out);
  put(&p, "PATCH", 5);
  put_record(&p, 2, "abc", 3);
  put_rle(&p, 8, 4, 0xEE);
  put(&p, "EOF", 3);
  z3_patch_stats st;
  apply_ok(&out, src, sizeof src, &p, &st);
  uint8_t want[16];
  memset(want, 0x11, sizeof want);
  memcpy(want + 2, "abc", 3);
  memset(want + 8, 0xEE, 4);
  assert_int_equal(out.len, 16);
  assert_memory_equal(out.data, want, 16);
  assert_int_equal(st.records, 2);
  assert_int_equal(st.rle_records, 1);
  assert_false(st.truncates);
  assert_int_equal(st.target_size, 16);
  z3_buf_release(&p);
  z3_buf_release(&out);
}

Z3_TEST(record_past_end_extends_with_zeros) {
  (void)state;
  const uint8_t src[4] = {1, 2, 3, 4};
  z3_buf p, out;
  z3_buf_init(&p);
  z3_buf_init(&out);
  put(&p, "PATCH", 5);
  put_record(&p, 8, "\x09\x0A", 2);
  put(&p, "EOF", 3);
  apply_ok(&out, src, sizeof src, &p, NULL);
  const uint8_t want[10] = {1, 2, 3, 4, 0, 0, 0, 0, 9, 10};
  assert_int_equal(out.len, 10);
  assert_memory_equal(out.data, want, 10);
  z3_buf_release(&p);
  z3_buf_release(&out);
}

Z3_TEST(truncation_extension_shortens_target) {
  (void)state;
  uint8_t src[32];
  z3_test_fill_random(src, sizeof src, 1);
  z3_buf p, out;
  z3_buf_init(&p);
  z3_buf_init(&out);
  put(&p, "PATCH", 5);
  put_record(&p, 0, "Z", 1);
  put(&p, "EOF\x00\x00\x05", 6);
  z3_patch_stats st;
  apply_ok(&out, src, sizeof src, &p, &st);
  assert_int_equal(out.len, 5);
  assert_int_equal(out.data[0], 'Z');
  assert_memory_equal(out.data + 1, src + 1, 4);
  assert_true(st.truncates);
  z3_buf_release(&p);
  z3_buf_release(&out);
}

Z3_TEST(bad_magic_is_rejected_at_offset_zero) {
  (void)state;
  z3_buf p;
  z3_buf_init(&p);
  put(&p, "PATCX\x00\x00\x00EOF", 11);
  z3_error err = apply_fails((const uint8_t *)"ab", 2, &p);
  assert_int_equal(err.offset, 0);
  assert_non_null(strstr(err.message, "'PATCH' magic"));
  z3_buf_release(&p);
}

Z3_TEST(missing_eof_is_rejected) {
  (void)state;
  z3_buf p;
  z3_buf_init(&p);
  put(&p, "PATCH", 5);
  put_record(&p, 1, "xy", 2);
  z3_error err = apply_fails((const uint8_t *)"abcd", 4, &p);
  assert_int_equal(err.offset, 12);
  assert_non_null(strstr(err.message, "without an 'EOF' marker"));
  assert_non_null(strstr(err.message, "0xc"));
  z3_buf_release(&p);
}

Z3_TEST(truncated_records_name_their_offset) {
  (void)state;
  static const struct {
    const char *bytes;
    size_t len;
    const char *what;
  } cases[] = {
      {"PATCH\x00\x00\x01\x00", 9, "record header"},
      {"PATCH\x00\x00\x01\x00\x04xy", 12, "record data"},
      {"PATCH\x00\x00\x01\x00\x00\x00", 11, "rle record"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_buf p;
    z3_buf_init(&p);
    put(&p, cases[i].bytes, cases[i].len);
    z3_error err = apply_fails((const uint8_t *)"abcdef", 6, &p);
    assert_int_equal(err.offset, 5);
    assert_non_null(strstr(err.message, cases[i].what));
    assert_non_null(strstr(err.message, "truncated"));
    z3_buf_release(&p);
  }
}

Z3_TEST(junk_after_eof_is_rejected) {
  (void)state;
  z3_buf p;
  z3_buf_init(&p);
  put(&p, "PATCH", 5);
  put_record(&p, 0, "q", 1);
  put(&p, "EOF\x01\x02", 5); /* 2 bytes: neither nothing nor a 3-byte length */
  z3_error err = apply_fails((const uint8_t *)"abc", 3, &p);
  assert_int_equal(err.offset, 14);
  assert_non_null(strstr(err.message, "2 unexpected bytes"));
  assert_non_null(strstr(err.hint, "0x454F46"));
  z3_buf_release(&p);
}

Z3_TEST(record_past_16_mib_is_rejected) {
  (void)state;
  z3_buf p;
  z3_buf_init(&p);
  put(&p, "PATCH", 5);
  put_record(&p, 0, "ok", 2);
  put_rle(&p, 0xFFFFF0, 0x20, 0xAA); /* ends 16 bytes past 16 MiB */
  put(&p, "EOF", 3);
  z3_error err = apply_fails((const uint8_t *)"abc", 3, &p);
  assert_int_equal(err.offset, 12);
  assert_non_null(strstr(err.message, "past 16 MiB"));
  z3_buf_release(&p);

  /* Exactly up to 16 MiB is fine. */
  z3_buf_init(&p);
  put(&p, "PATCH", 5);
  put_rle(&p, 0xFFFFF0, 0x10, 0xAA);
  put(&p, "EOF", 3);
  z3_buf out;
  z3_buf_init(&out);
  apply_ok(&out, (const uint8_t *)"abc", 3, &p, NULL);
  assert_int_equal(out.len, Z3_IPS_MAX_SIZE);
  assert_int_equal(out.data[Z3_IPS_MAX_SIZE - 1], 0xAA);
  assert_int_equal(out.data[0xFFFFEF], 0);
  z3_buf_release(&out);
  z3_buf_release(&p);
}

Z3_TEST(source_over_16_mib_is_refused) {
  (void)state;
  size_t n = Z3_IPS_MAX_SIZE + 1;
  uint8_t *big = calloc(n, 1);
  assert_non_null(big);
  z3_buf p, out;
  z3_buf_init(&p);
  z3_buf_init(&out);
  put(&p, "PATCHEOF", 8);
  z3_error err = apply_fails(big, n, &p);
  assert_non_null(strstr(err.message, "16 MiB"));
  z3_error_init(&err);
  assert_int_equal(z3_ips_create(&out, big, 10, big, n, NULL, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "target is"));
  z3_buf_release(&p);
  z3_buf_release(&out);
  free(big);
}

/* ---- create ---------------------------------------------------------------- */

Z3_TEST(identical_files_give_empty_patch) {
  (void)state;
  uint8_t a[300];
  z3_test_fill_random(a, sizeof a, 7);
  z3_buf p;
  z3_buf_init(&p);
  z3_patch_stats st;
  create_ok(&p, a, sizeof a, a, sizeof a, &st);
  assert_int_equal(p.len, 8);
  assert_memory_equal(p.data, "PATCHEOF", 8);
  assert_int_equal(st.records, 0);
  assert_int_equal(st.bytes_changed, 0);
  z3_buf_release(&p);
}

Z3_TEST(nearby_changes_share_a_record) {
  (void)state;
  uint8_t a[1000], b[1000];
  z3_test_fill_random(a, sizeof a, 3);
  memcpy(b, a, sizeof a);
  b[100] ^= 1;
  b[103] ^= 1; /* gap of 2 unchanged bytes: cheaper inside one record */
  b[600] ^= 1; /* far away: its own record */
  z3_buf p;
  z3_buf_init(&p);
  assert_roundtrip(a, sizeof a, b, sizeof b, &p);
  ips_rec r[8];
  bool trunc;
  size_t n = parse_records(&p, r, 8, &trunc);
  assert_int_equal(n, 2);
  assert_int_equal(r[0].offset, 100);
  assert_int_equal(r[0].len, 4);
  assert_int_equal(r[1].offset, 600);
  assert_int_equal(r[1].len, 1);
  assert_false(trunc);
  assert_int_equal(p.len, 5 + (5 + 4) + (5 + 1) + 3);
  z3_buf_release(&p);
}

Z3_TEST(long_runs_become_rle_records) {
  (void)state;
  uint8_t a[4096], b[4096];
  z3_test_fill_random(a, sizeof a, 5);
  memcpy(b, a, sizeof a);
  memset(b + 1000, 0xFF, 900);
  b[1900] = (uint8_t)(a[1900] + 1); /* a literal right after the run */
  z3_buf p;
  z3_buf_init(&p);
  z3_patch_stats st;
  create_ok(&p, a, sizeof a, b, sizeof b, &st);
  assert_int_equal(st.rle_records, 1);
  assert_int_equal(st.records, 2);
  assert_int_equal(p.len, 5 + 8 + 6 + 3);
  assert_roundtrip(a, sizeof a, b, sizeof b, &p);
  z3_buf_release(&p);
}

Z3_TEST(short_runs_stay_literal) {
  (void)state;
  uint8_t a[64] = {0}, b[64] = {0};
  memcpy(b + 10, "\x05\x05\x05", 3); /* RLE would cost 8, literal 5 + 3 */
  z3_buf p;
  z3_buf_init(&p);
  z3_patch_stats st;
  create_ok(&p, a, sizeof a, b, sizeof b, &st);
  assert_int_equal(st.rle_records, 0);
  assert_int_equal(p.len, 5 + 8 + 3);
  z3_buf_release(&p);
}

Z3_TEST(target_shorter_emits_truncation) {
  (void)state;
  uint8_t a[500];
  z3_test_fill_random(a, sizeof a, 9);
  z3_buf p;
  z3_buf_init(&p);
  z3_patch_stats st;
  create_ok(&p, a, sizeof a, a, 321, &st);
  assert_true(st.truncates);
  assert_int_equal(p.len, 5 + 3 + 3);
  assert_memory_equal(p.data + 8, "\x00\x01\x41", 3);
  assert_roundtrip(a, sizeof a, a, 321, &p);
  assert_roundtrip(a, sizeof a, a, 0, &p);
  z3_buf_release(&p);
}

Z3_TEST(target_longer_is_written_out) {
  (void)state;
  uint8_t a[100], b[300];
  z3_test_fill_random(a, sizeof a, 11);
  memcpy(b, a, sizeof a);
  memset(b + 100, 0, 200); /* zeros past the source must still be written */
  z3_buf p;
  z3_buf_init(&p);
  z3_patch_stats st;
  create_ok(&p, a, sizeof a, b, sizeof b, &st);
  assert_int_equal(st.bytes_changed, 200);
  assert_false(st.truncates);
  assert_roundtrip(a, sizeof a, b, sizeof b, &p);
  z3_buf_release(&p);
}

/* A record may not start at 0x454F46: appliers read that offset as "EOF". */
Z3_TEST(never_starts_a_record_at_eof_offset) {
  (void)state;
  const size_t n = 0x454F46 + 0x20, eof = 0x454F46;
  uint8_t *a = calloc(n, 1), *b = calloc(n, 1);
  assert_non_null(a);
  assert_non_null(b);
  struct {
    size_t at, len;
    bool run;
  } cases[] = {
      {eof, 1, false},    /* lone byte: covered from one byte earlier */
      {eof, 30, true},    /* a run starting there: RLE starts a byte later */
      {eof - 3, 10, false}, /* changes across it: one literal record spans it */
      {eof - 0xFFFF, 0xFFFF + 10, false}, /* a long literal whose split lands on it */
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    memset(b, 0, n);
    for (size_t i = 0; i < cases[k].len; i++)
      b[cases[k].at + i] = cases[k].run ? 0x55 : (uint8_t)(i + 1);
    z3_buf p;
    z3_buf_init(&p);
    assert_roundtrip(a, n, b, n, &p);
    ips_rec r[8];
    bool trunc;
    size_t nr = parse_records(&p, r, 8, &trunc);
    assert_true(nr >= 1);
    for (size_t i = 0; i < nr; i++) {
      assert_int_not_equal(r[i].offset, eof);
      assert_true(r[i].len <= 0xFFFF);
    }
    z3_buf_release(&p);
  }
  free(a);
  free(b);
}

Z3_TEST(records_stay_within_0xffff) {
  (void)state;
  const size_t n = 200000;
  uint8_t *a = malloc(n), *b = malloc(n);
  assert_non_null(a);
  assert_non_null(b);
  z3_test_fill_random(a, n, 21);
  z3_test_fill_random(b, n, 22);
  memset(b + 150000, 0x42, 40000); /* one long run too */
  z3_buf p;
  z3_buf_init(&p);
  assert_roundtrip(a, n, b, n, &p);
  ips_rec r[16];
  bool trunc;
  size_t nr = parse_records(&p, r, 16, &trunc);
  size_t covered = 0;
  for (size_t i = 0; i < nr; i++) {
    assert_true(r[i].len >= 1 && r[i].len <= 0xFFFF);
    covered += r[i].len;
  }
  assert_int_equal(covered, n);
  assert_int_equal(nr, 5); /* 150000 literal bytes: 3 records; the run: 1; the tail: 1 */
  z3_buf_release(&p);
  free(a);
  free(b);
}

/* Where a literal longer than 0xFFFF must be cut, unchanged bytes at the cut are not written. */
Z3_TEST(long_literal_splits_at_unchanged_bytes) {
  (void)state;
  const size_t n = 70000;
  uint8_t *a = calloc(n, 1), *b = malloc(n);
  assert_non_null(a);
  assert_non_null(b);
  for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(1 + i % 255); /* never zero: all changed */
  b[65533] = 0; /* unchanged bytes at the end of the first chunk */
  b[65534] = 0;
  z3_buf p;
  z3_buf_init(&p);
  assert_roundtrip(a, n, b, n, &p);
  ips_rec r[4];
  bool trunc;
  assert_int_equal(parse_records(&p, r, 4, &trunc), 2);
  assert_int_equal(r[0].offset, 0);
  assert_int_equal(r[0].len, 65533);
  assert_int_equal(r[1].offset, 65535);
  assert_int_equal(r[1].len, n - 65535);
  assert_int_equal(p.len, 5 + 2 * 5 + (n - 2) + 3);
  z3_buf_release(&p);
  free(a);
  free(b);
}

Z3_TEST(allocation_failures_leak_nothing) {
  (void)state;
  uint8_t a[2048], b[2048];
  z3_test_fill_random(a, sizeof a, 31);
  z3_test_fill_random(b, sizeof b, 32);
  for (int n = 1; n < 40; n++) {
    z3_buf p;
    z3_buf_init(&p);
    z3_error err;
    z3_error_init(&err);
    z3_fault_alloc_after(n);
    z3_status st = z3_ips_create(&p, a, sizeof a, b, 1500, NULL, &err);
    z3_fault_alloc_after(0);
    if (st == Z3_OK) {
      z3_buf out;
      z3_buf_init(&out);
      z3_fault_alloc_after(1);
      assert_int_equal(z3_ips_apply(&out, a, sizeof a, p.data, p.len, NULL, &err), Z3_E_NOMEM);
      z3_fault_alloc_after(0);
      z3_buf_release(&out);
    } else {
      assert_int_equal(st, Z3_E_NOMEM);
    }
    z3_buf_release(&p);
  }
}

Z3_RUN(cmocka_unit_test(applies_plain_and_rle_records),
       cmocka_unit_test(record_past_end_extends_with_zeros),
       cmocka_unit_test(truncation_extension_shortens_target),
       cmocka_unit_test(bad_magic_is_rejected_at_offset_zero),
       cmocka_unit_test(missing_eof_is_rejected),
       cmocka_unit_test(truncated_records_name_their_offset),
       cmocka_unit_test(junk_after_eof_is_rejected),
       cmocka_unit_test(record_past_16_mib_is_rejected),
       cmocka_unit_test(source_over_16_mib_is_refused),
       cmocka_unit_test(identical_files_give_empty_patch),
       cmocka_unit_test(nearby_changes_share_a_record),
       cmocka_unit_test(long_runs_become_rle_records),
       cmocka_unit_test(short_runs_stay_literal),
       cmocka_unit_test(target_shorter_emits_truncation),
       cmocka_unit_test(target_longer_is_written_out),
       cmocka_unit_test(never_starts_a_record_at_eof_offset),
       cmocka_unit_test(records_stay_within_0xffff),
       cmocka_unit_test(long_literal_splits_at_unchanged_bytes),
       cmocka_unit_test(allocation_failures_leak_nothing))
