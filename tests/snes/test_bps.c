/* BPS: hand-built patches for every action and every malformed-input path,
 * and the encoder's choices on shapes of change a ROM hack produces. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snes/patch.h"
#include "test.h"

enum { SR = 0, TR = 1, SC = 2, TC = 3 };

/* ---- a patch builder, independent of the encoder under test ---------------- */

static void put(z3_buf *b, const void *p, size_t n) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_buf_append(b, p, n, &err), &err);
}

static void put_num(z3_buf *b, uint64_t v) {
  for (;;) {
    uint8_t x = v & 0x7f;
    v >>= 7;
    if (!v) {
      x |= 0x80;
      put(b, &x, 1);
      return;
    }
    put(b, &x, 1);
    v--;
  }
}

static void put_le32(z3_buf *b, uint32_t v) {
  uint8_t x[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
  put(b, x, 4);
}

static void begin(z3_buf *b, uint64_t src_size, uint64_t dst_size, const char *meta) {
  z3_buf_init(b);
  put(b, "BPS1", 4);
  put_num(b, src_size);
  put_num(b, dst_size);
  put_num(b, meta ? strlen(meta) : 0);
  if (meta) put(b, meta, strlen(meta));
}

static void action(z3_buf *b, unsigned kind, uint64_t len) { put_num(b, (len - 1) << 2 | kind); }

static void delta(z3_buf *b, int64_t d) {
  put_num(b, d < 0 ? (uint64_t)(-d) << 1 | 1 : (uint64_t)d << 1);
}

/* Footer with the given CRCs and a correct patch CRC. */
static void finish(z3_buf *b, uint32_t src_crc, uint32_t dst_crc) {
  put_le32(b, src_crc);
  put_le32(b, dst_crc);
  put_le32(b, z3_crc32(b->data, b->len));
}

static const uint8_t SRC[16] = "0123456789abcdef";

static z3_error apply_fails(const uint8_t *src, size_t n, const z3_buf *patch) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_bps_apply(&out, src, n, patch->data, patch->len, NULL, &err),
                   Z3_E_INVALID);
  z3_buf_release(&out);
  return err;
}

static void assert_error(const z3_error *err, int64_t offset, const char *needle) {
  if (!strstr(err->message, needle)) print_error("message: %s\n", err->message);
  assert_non_null(strstr(err->message, needle));
  assert_int_equal(err->offset, offset);
}

/* ---- apply: each action ------------------------------------------------------ */

Z3_TEST(applies_every_action_kind) {
  (void)state;
  /* target: "0123" (SR) "XY" (TR) "cdef" (SC +12) "89" (SC -8) "898989" (TC overlapping) */
  const char *want = "0123XYcdef89898989";
  size_t n = strlen(want);
  z3_buf p;
  begin(&p, 16, n, "<meta/>");
  action(&p, SR, 4);
  action(&p, TR, 2);
  put(&p, "XY", 2);
  action(&p, SC, 4);
  delta(&p, 12); /* cursor 0 -> 12, reads "cdef", ends at 16 */
  action(&p, SC, 2);
  delta(&p, -8); /* 16 -> 8 */
  action(&p, TC, 6);
  delta(&p, 10); /* target cursor 0 -> 10: "89" repeats as it is written */
  finish(&p, z3_crc32(SRC, 16), z3_crc32(want, n));

  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  z3_patch_stats st;
  assert_ok(z3_bps_apply(&out, SRC, 16, p.data, p.len, &st, &err), &err);
  assert_int_equal(out.len, n);
  assert_memory_equal(out.data, want, n);
  assert_int_equal(st.records, 5);
  assert_int_equal(st.source_reads, 1);
  assert_int_equal(st.target_reads, 1);
  assert_int_equal(st.source_copies, 2);
  assert_int_equal(st.target_copies, 1);
  assert_int_equal(st.metadata_size, 7);
  assert_int_equal(st.target_crc32, z3_crc32(want, n));

  z3_patch_stats info;
  assert_ok(z3_bps_read_info(&info, p.data, p.len, &err), &err);
  assert_int_equal(info.source_size, 16);
  assert_int_equal(info.target_size, n);
  assert_int_equal(info.metadata_size, 7);
  assert_int_equal(info.records, 0); /* read_info does not walk the actions */
  z3_buf_release(&out);
  z3_buf_release(&p);
}

Z3_TEST(target_copy_at_distance_one_is_a_run) {
  (void)state;
  uint8_t want[5000];
  want[0] = 0x5A;
  memset(want + 1, 0x5A, sizeof want - 1);
  z3_buf p;
  begin(&p, 0, sizeof want, NULL);
  action(&p, TR, 1);
  put(&p, "\x5A", 1);
  action(&p, TC, sizeof want - 1);
  delta(&p, 0);
  finish(&p, 0, z3_crc32(want, sizeof want));
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_bps_apply(&out, NULL, 0, p.data, p.len, NULL, &err), &err);
  assert_int_equal(out.len, sizeof want);
  assert_memory_equal(out.data, want, sizeof want);
  z3_buf_release(&out);
  z3_buf_release(&p);
}

/* ---- apply: malformed input ---------------------------------------------------- */

Z3_TEST(bad_magic_and_short_patches) {
  (void)state;
  z3_buf p;
  z3_buf_init(&p);
  put(&p, "BPS2\x80\x80\x80", 7);
  finish(&p, 0, 0);
  assert_error((z3_error[]){apply_fails(SRC, 0, &p)}, 0, "'BPS1' magic");
  z3_buf_release(&p);

  z3_buf_init(&p);
  put(&p, "BPS1\x80\x80", 6);
  put_le32(&p, 0);
  put_le32(&p, 0);
  put_le32(&p, 0);
  z3_error err = apply_fails(SRC, 0, &p);
  assert_error(&err, 18, "cannot hold a header and footer");
  z3_buf_release(&p);
}

Z3_TEST(patch_checksum_mismatch) {
  (void)state;
  z3_buf p;
  begin(&p, 16, 4, NULL);
  action(&p, SR, 4);
  finish(&p, z3_crc32(SRC, 16), z3_crc32(SRC, 4));
  p.data[7] ^= 0x40; /* corrupt an action byte */
  z3_error err = apply_fails(SRC, 16, &p);
  assert_error(&err, (int64_t)p.len - 4, "bps patch checksum mismatch");
  assert_non_null(strstr(err.hint, "corrupt"));
  z3_patch_stats info;
  z3_error_init(&err);
  assert_int_equal(z3_bps_read_info(&info, p.data, p.len, &err), Z3_E_INVALID);
  assert_error(&err, (int64_t)p.len - 4, "checksum mismatch");
  z3_buf_release(&p);
}

Z3_TEST(wrong_source_size) {
  (void)state;
  z3_buf p;
  begin(&p, 15, 4, NULL);
  action(&p, SR, 4);
  finish(&p, z3_crc32(SRC, 15), z3_crc32(SRC, 4));
  z3_error err = apply_fails(SRC, 16, &p);
  assert_error(&err, 4, "source size mismatch");
  assert_non_null(strstr(err.message, "expects 15 bytes, the source has 16"));
  z3_buf_release(&p);

  /* A 512-byte copier header is the usual reason; the hint says so. */
  uint8_t *big = calloc(1024 + 512, 1);
  assert_non_null(big);
  begin(&p, 1024, 4, NULL);
  action(&p, SR, 4);
  finish(&p, z3_crc32(big, 1024), z3_crc32(big, 4));
  err = apply_fails(big, 1024 + 512, &p);
  assert_non_null(strstr(err.hint, "copier header"));
  z3_buf_release(&p);
  free(big);
}

Z3_TEST(source_checksum_mismatch) {
  (void)state;
  uint8_t other[16];
  memcpy(other, SRC, 16);
  other[3] = 'x';
  z3_buf p;
  begin(&p, 16, 4, NULL);
  action(&p, SR, 4);
  finish(&p, z3_crc32(SRC, 16), z3_crc32(SRC, 4));
  z3_error err = apply_fails(other, 16, &p);
  assert_error(&err, (int64_t)p.len - 12, "source checksum mismatch");
  char want[128];
  snprintf(want, sizeof want,
           "this patch was made for a different ROM: source CRC32 is %08x, expected %08x",
           z3_crc32(other, 16), z3_crc32(SRC, 16));
  assert_string_equal(err.hint, want);
  z3_buf_release(&p);
}

Z3_TEST(source_that_is_already_the_target) {
  (void)state;
  uint8_t patched[16];
  memcpy(patched, SRC, 16);
  patched[0] = 'Z';
  z3_buf p;
  begin(&p, 16, 16, NULL);
  action(&p, TR, 1);
  put(&p, "Z", 1);
  action(&p, SR, 15);
  finish(&p, z3_crc32(SRC, 16), z3_crc32(patched, 16));
  z3_error err = apply_fails(patched, 16, &p);
  assert_non_null(strstr(err.hint, "already is the patched ROM"));
  z3_buf_release(&p);
}

Z3_TEST(target_checksum_mismatch) {
  (void)state;
  z3_buf p;
  begin(&p, 16, 4, NULL);
  action(&p, SR, 4);
  finish(&p, z3_crc32(SRC, 16), 0x12345678);
  z3_error err = apply_fails(SRC, 16, &p);
  assert_error(&err, (int64_t)p.len - 8, "target checksum mismatch");
  assert_non_null(strstr(err.message, "expected 12345678"));
  z3_buf_release(&p);
}

/* Each case: the actions after the header, the offset of the bad action, the message. */
typedef void (*actions_fn)(z3_buf *);

static void over_target(z3_buf *p) {
  action(p, SR, 2);
  action(p, SR, 3); /* target is 4 bytes */
}
static void source_read_past_source(z3_buf *p) {
  action(p, SC, 2);
  delta(p, 14);     /* target 0..2 from source 14..16 */
  action(p, SR, 2); /* target 2..4 from source 2..4 */
  action(p, SR, 16); /* target 4..20, but the source ends at 16 */
}
static void source_copy_before_start(z3_buf *p) {
  action(p, SC, 1);
  delta(p, -1);
}
static void source_copy_past_end(z3_buf *p) {
  action(p, SC, 4);
  delta(p, 14); /* 14 + 4 > 16 */
}
static void target_copy_unwritten(z3_buf *p) {
  action(p, TR, 1);
  put(p, "q", 1);
  action(p, TC, 1);
  delta(p, 1); /* cursor 1 == bytes written */
}
static void target_copy_at_start(z3_buf *p) {
  action(p, TC, 1);
  delta(p, 0); /* nothing written yet */
}
static void target_read_truncated(z3_buf *p) {
  action(p, TR, 40);
  put(p, "short", 5);
}
static void varint_overflow(z3_buf *p) {
  for (int i = 0; i < 10; i++) put(p, "\x7f", 1);
  put(p, "\xff", 1);
}
static void number_into_footer(z3_buf *p) {
  action(p, SC, 1);
  put(p, "\x01\x01", 2); /* a delta that never ends before the footer */
}
static void copy_delta_huge(z3_buf *p) {
  action(p, SC, 1);
  for (int i = 0; i < 8; i++) put(p, "\x7f", 1);
  put(p, "\x81", 1); /* fits 64 bits, far past any source */
}
static void ends_early(z3_buf *p) { action(p, SR, 3); }

Z3_TEST(bad_actions_name_offset_and_problem) {
  (void)state;
  static const struct {
    actions_fn fn;
    uint64_t dst_size;
    size_t bad_action; /* offset of the bad action, relative to the first action */
    const char *needle;
  } cases[] = {
      {over_target, 4, 1, "writes 3 bytes but only 2 of the 4-byte target remain"},
      {source_read_past_source, 40, 3, "source read at patch offset"},
      {source_copy_before_start, 4, 0, "moves its cursor outside the source"},
      {source_copy_past_end, 4, 0, "source copy at patch offset 0x7 reads past the end"},
      {target_copy_unwritten, 4, 2, "moves its cursor outside the target"},
      {target_copy_at_start, 4, 0, "moves its cursor outside the target"},
      {target_read_truncated, 40, 0, "target read at patch offset 0x7 needs 40 bytes"},
      {varint_overflow, 4, 0, "action at patch offset 0x7 does not fit in 64 bits"},
      {number_into_footer, 4, 1, "runs into the footer"},
      {copy_delta_huge, 4, 0, "moves its cursor outside the source"},
      {ends_early, 4, SIZE_MAX, "after 3 of 4 target bytes"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_buf p;
    begin(&p, 16, cases[i].dst_size, NULL);
    size_t first = p.len;
    cases[i].fn(&p);
    size_t footer = p.len;
    finish(&p, z3_crc32(SRC, 16), 0);
    z3_error err = apply_fails(SRC, 16, &p);
    size_t want = cases[i].bad_action == SIZE_MAX ? footer : first + cases[i].bad_action;
    if (err.offset != (int64_t)want) print_error("case %zu: %s\n", i, err.message);
    assert_error(&err, (int64_t)want, cases[i].needle);
    z3_buf_release(&p);
  }
}

Z3_TEST(bad_header_numbers) {
  (void)state;
  z3_buf p;
  z3_buf_init(&p);
  put(&p, "BPS1\x90\x84\x85", 7); /* metadata size 5, nothing follows */
  finish(&p, 0, 0);
  z3_error err = apply_fails(SRC, 16, &p);
  assert_error(&err, 6, "metadata at patch offset 0x6 claims 5 bytes");
  z3_buf_release(&p);

  begin(&p, 16, (uint64_t)Z3_BPS_MAX_SIZE + 1, NULL);
  finish(&p, z3_crc32(SRC, 16), 0);
  err = apply_fails(SRC, 16, &p);
  assert_error(&err, 4, "is larger than the 64 MiB");
  z3_buf_release(&p);

  z3_buf_init(&p);
  put(&p, "BPS1", 4);
  for (int i = 0; i < 12; i++) put(&p, "\x00", 1);
  finish(&p, 0, 0);
  err = apply_fails(SRC, 16, &p);
  assert_error(&err, 4, "source size at patch offset 0x4 does not fit in 64 bits");
  z3_buf_release(&p);
}

/* ---- create ------------------------------------------------------------------- */

static void create_ok(z3_buf *p, const uint8_t *a, size_t na, const uint8_t *b, size_t nb,
                      const char *meta, z3_patch_stats *st) {
  z3_buf_init(p);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_bps_create(p, a, na, b, nb, meta, st, &err), &err);
  z3_buf out;
  z3_buf_init(&out);
  assert_ok(z3_bps_apply(&out, a, na, p->data, p->len, NULL, &err), &err);
  assert_int_equal(out.len, nb);
  if (nb) assert_memory_equal(out.data, b, nb);
  z3_buf_release(&out);
}

Z3_TEST(empty_to_empty_is_the_minimal_patch) {
  (void)state;
  z3_buf p;
  create_ok(&p, NULL, 0, NULL, 0, NULL, NULL);
  z3_buf want;
  begin(&want, 0, 0, NULL);
  finish(&want, 0, 0);
  assert_int_equal(p.len, 19);
  assert_memory_equal(p.data, want.data, 19);
  z3_buf_release(&want);
  z3_buf_release(&p);
}

Z3_TEST(header_numbers_use_the_bps_varint) {
  (void)state;
  static uint8_t a[16511];
  z3_test_fill_random(a, sizeof a, 1);
  z3_buf p;
  z3_patch_stats st;
  create_ok(&p, a, 128, a, sizeof a, "hi", &st);
  /* 128 = 0x00 0x80; 16511 = 0x7f 0xff (each continuation adds one) */
  assert_memory_equal(p.data, "BPS1\x00\x80\x7f\xff\x82hi", 11);
  assert_int_equal(st.metadata_size, 2);
  assert_int_equal(st.source_crc32, z3_crc32(a, 128));
  uint32_t stored = (uint32_t)p.data[p.len - 4] | (uint32_t)p.data[p.len - 3] << 8 |
                    (uint32_t)p.data[p.len - 2] << 16 | (uint32_t)p.data[p.len - 1] << 24;
  assert_int_equal(st.patch_crc32, stored);
  z3_buf_release(&p);
}

Z3_TEST(identical_files_are_one_source_read) {
  (void)state;
  uint8_t a[100000];
  z3_test_fill_random(a, sizeof a, 2);
  z3_buf p;
  z3_patch_stats st;
  create_ok(&p, a, sizeof a, a, sizeof a, NULL, &st);
  assert_int_equal(st.records, 1);
  assert_int_equal(st.source_reads, 1);
  assert_int_equal(st.bytes_changed, 0);
  assert_true(p.len <= 4 + 3 + 3 + 1 + 3 + 12);
  z3_buf_release(&p);
}

Z3_TEST(scattered_bytes_cost_a_few_bytes_each) {
  (void)state;
  enum { N = 1 << 18 };
  uint8_t *a = malloc(N), *b = malloc(N);
  assert_non_null(a);
  assert_non_null(b);
  z3_test_fill_random(a, N, 3);
  memcpy(b, a, N);
  uint64_t rng = 99;
  size_t changes = 0;
  for (size_t i = 0; i < N; i += 1 + z3_test_rand(&rng) % 200) {
    b[i] ^= 0xA5;
    changes++;
  }
  z3_buf p;
  z3_patch_stats st;
  create_ok(&p, a, N, b, N, NULL, &st);
  assert_int_equal(st.bytes_changed, changes);
  assert_int_equal(st.source_copies + st.target_copies, 0);
  /* one TargetRead (2 bytes) and one SourceRead (at most 2) per change */
  assert_true(p.len < 4 * changes + 32);
  z3_buf_release(&p);
  free(a);
  free(b);
}

Z3_TEST(moved_block_becomes_source_copies) {
  (void)state;
  enum { N = 1 << 18, BLOCK = 1 << 15 };
  uint8_t *a = malloc(N), *b = malloc(N);
  assert_non_null(a);
  assert_non_null(b);
  z3_test_fill_random(a, N, 4);
  /* b: a with the block at 0x8000 moved to 0x30000 */
  memcpy(b, a, 0x8000);
  memcpy(b + 0x8000, a + 0x8000 + BLOCK, 0x30000 - 0x8000);
  memcpy(b + 0x30000, a + 0x8000, BLOCK);
  memcpy(b + 0x30000 + BLOCK, a + 0x30000 + BLOCK, N - 0x30000 - BLOCK);
  z3_buf p;
  z3_patch_stats st;
  create_ok(&p, a, N, b, N, NULL, &st);
  assert_true(st.source_copies >= 2);
  assert_int_equal(st.target_reads, 0);
  assert_true(p.len < 64);
  z3_buf_release(&p);
  free(a);
  free(b);
}

Z3_TEST(inserted_data_shifts_with_one_copy) {
  (void)state;
  enum { N = 1 << 17, INS = 3000 };
  uint8_t *a = malloc(N), *b = malloc(N + INS);
  assert_non_null(a);
  assert_non_null(b);
  z3_test_fill_random(a, N, 5);
  memcpy(b, a, 5000);
  z3_test_fill_random(b + 5000, INS, 6);
  memcpy(b + 5000 + INS, a + 5000, N - 5000);
  z3_buf p;
  z3_patch_stats st;
  create_ok(&p, a, N, b, N + INS, NULL, &st);
  assert_int_equal(st.target_reads, 1);
  assert_true(p.len < INS + 48);
  z3_buf_release(&p);
  free(a);
  free(b);
}

Z3_TEST(new_runs_and_repeats_use_target_copies) {
  (void)state;
  enum { N = 1 << 16 };
  uint8_t *a = malloc(N), *b = malloc(2 * N);
  assert_non_null(a);
  assert_non_null(b);
  z3_test_fill_random(a, N, 7);
  memcpy(b, a, N);
  memset(b + N, 0xFF, N / 2);                       /* padding: a run */
  z3_test_fill_random(b + N + N / 2, 1000, 8);      /* new data... */
  for (size_t i = 1000; i < N / 2; i += 1000)       /* ...repeated */
    memcpy(b + N + N / 2 + i, b + N + N / 2, i + 1000 <= N / 2 ? 1000 : N / 2 - i);
  z3_buf p;
  z3_patch_stats st;
  create_ok(&p, a, N, b, 2 * N, NULL, &st);
  assert_true(st.target_copies >= 2);
  assert_true(p.len < 1000 + 64);
  z3_buf_release(&p);
  free(a);
  free(b);
}

Z3_TEST(changes_inside_moved_block_keep_copying) {
  (void)state;
  enum { N = 1 << 16 };
  uint8_t *a = malloc(N), *b = malloc(N);
  assert_non_null(a);
  assert_non_null(b);
  z3_test_fill_random(a, N, 9);
  memcpy(b, a + 100, N - 100); /* everything shifted down by 100 */
  memcpy(b + N - 100, a, 100);
  for (size_t i = 500; i < N - 200; i += 500) b[i] ^= 0x33; /* and edited */
  z3_buf p;
  z3_patch_stats st;
  create_ok(&p, a, N, b, N, NULL, &st);
  size_t changes = (N - 200 - 500 + 499) / 500;
  /* per change: TargetRead(2) + SourceCopy header(2) + delta +1 (1 byte) */
  assert_true(p.len < 5 * changes + 64);
  z3_buf_release(&p);
  free(a);
  free(b);
}

Z3_TEST(create_refuses_oversized_input) {
  (void)state;
  z3_buf p;
  z3_buf_init(&p);
  z3_error err;
  z3_error_init(&err);
  uint8_t dummy = 0;
  assert_int_equal(z3_bps_create(&p, &dummy, (size_t)Z3_BPS_MAX_SIZE + 1, &dummy, 1, NULL, NULL,
                                 &err),
                   Z3_E_INVALID);
  assert_non_null(strstr(err.message, "source is"));
  z3_buf_release(&p);
}

Z3_TEST(allocation_failures_leak_nothing) {
  (void)state;
  uint8_t a[4096], b[4096];
  z3_test_fill_random(a, sizeof a, 31);
  memcpy(b, a, sizeof b);
  z3_test_fill_random(b + 1000, 500, 32);
  int failures = 0;
  for (int n = 1; n < 40; n++) {
    z3_buf p;
    z3_buf_init(&p);
    z3_error err;
    z3_error_init(&err);
    z3_fault_alloc_after(n);
    z3_status st = z3_bps_create(&p, a, sizeof a, b, sizeof b, "m", NULL, &err);
    z3_fault_alloc_after(0);
    if (st != Z3_OK) {
      assert_int_equal(st, Z3_E_NOMEM);
      failures++;
    } else {
      z3_buf out;
      z3_buf_init(&out);
      z3_fault_alloc_after(1);
      assert_int_equal(z3_bps_apply(&out, a, sizeof a, p.data, p.len, NULL, &err), Z3_E_NOMEM);
      z3_fault_alloc_after(0);
      z3_buf_release(&out);
    }
    z3_buf_release(&p);
  }
  assert_true(failures >= 4);
}

Z3_RUN(cmocka_unit_test(applies_every_action_kind),
       cmocka_unit_test(target_copy_at_distance_one_is_a_run),
       cmocka_unit_test(bad_magic_and_short_patches),
       cmocka_unit_test(patch_checksum_mismatch),
       cmocka_unit_test(wrong_source_size),
       cmocka_unit_test(source_checksum_mismatch),
       cmocka_unit_test(source_that_is_already_the_target),
       cmocka_unit_test(target_checksum_mismatch),
       cmocka_unit_test(bad_actions_name_offset_and_problem),
       cmocka_unit_test(bad_header_numbers),
       cmocka_unit_test(empty_to_empty_is_the_minimal_patch),
       cmocka_unit_test(header_numbers_use_the_bps_varint),
       cmocka_unit_test(identical_files_are_one_source_read),
       cmocka_unit_test(scattered_bytes_cost_a_few_bytes_each),
       cmocka_unit_test(moved_block_becomes_source_copies),
       cmocka_unit_test(inserted_data_shifts_with_one_copy),
       cmocka_unit_test(new_runs_and_repeats_use_target_copies),
       cmocka_unit_test(changes_inside_moved_block_keep_copying),
       cmocka_unit_test(create_refuses_oversized_input),
       cmocka_unit_test(allocation_failures_leak_nothing))
