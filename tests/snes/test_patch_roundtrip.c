/* Property tests: for random pairs (A, B), create(A, B) applied to A gives B,
 * in both formats, and the dispatcher picks the right one. */
#include <stdlib.h>
#include <string.h>

#include "snes/patch.h"
#include "test.h"

typedef struct pair {
  uint8_t *a, *b;
  size_t na, nb;
} pair;

static size_t pick(uint64_t *rng, size_t n) { return n ? (size_t)(z3_test_rand(rng) % n) : 0; }

/* Source data with some structure: random stretches, runs and repeats. */
static void fill_rom_like(uint8_t *p, size_t n, uint64_t *rng) {
  size_t i = 0;
  while (i < n) {
    size_t len = 1 + pick(rng, 600);
    if (len > n - i) len = n - i;
    switch (pick(rng, 4)) {
      case 0: memset(p + i, (int)pick(rng, 2) * 0xFF, len); break;
      case 1:
        if (i >= len) {
          memmove(p + i, p + pick(rng, i - len + 1), len);
          break;
        }
        /* fall through */
      default: z3_test_fill_random(p + i, len, z3_test_rand(rng)); break;
    }
    i += len;
  }
}

/* One random edit of b in place; b has room for 2 * cap bytes. */
static void edit(pair *t, size_t cap, uint64_t *rng) {
  size_t at = pick(rng, t->nb + 1), len = 1 + pick(rng, 2000);
  switch (pick(rng, 6)) {
    case 0: /* scattered bytes */
      for (size_t i = 0; i < len / 10 && t->nb; i++)
        t->b[pick(rng, t->nb)] ^= (uint8_t)(1 + pick(rng, 255));
      break;
    case 1: /* insert new data */
      if (t->nb + len > cap) break;
      memmove(t->b + at + len, t->b + at, t->nb - at);
      z3_test_fill_random(t->b + at, len, z3_test_rand(rng));
      t->nb += len;
      break;
    case 2: /* delete */
      if (len > t->nb - at) len = t->nb - at;
      memmove(t->b + at, t->b + at + len, t->nb - at - len);
      t->nb -= len;
      break;
    case 3: /* copy a block from elsewhere over this spot */
      if (len > t->nb - at) len = t->nb - at;
      memmove(t->b + at, t->b + pick(rng, t->nb - len + 1), len);
      break;
    case 4: /* fill with a run */
      if (len > t->nb - at) len = t->nb - at;
      memset(t->b + at, (int)pick(rng, 256), len);
      break;
    default: /* truncate or extend */
      if (pick(rng, 2)) t->nb = at;
      else if (t->nb + len <= cap) {
        fill_rom_like(t->b + t->nb, len, rng);
        t->nb += len;
      }
      break;
  }
}

static pair make_pair(uint64_t seed) {
  uint64_t rng = seed;
  size_t cap = 4096 + pick(&rng, 60000);
  pair t = {z3_malloc(cap), z3_malloc(2 * cap), 0, 0};
  assert_non_null(t.a);
  assert_non_null(t.b);
  t.na = pick(&rng, 8) == 0 ? pick(&rng, 16) : pick(&rng, cap);
  fill_rom_like(t.a, t.na, &rng);
  memcpy(t.b, t.a, t.na);
  t.nb = t.na;
  switch (pick(&rng, 10)) {
    case 0: t.nb = 0; break;                                    /* empty target */
    case 1: t.nb = pick(&rng, cap); fill_rom_like(t.b, t.nb, &rng); break; /* unrelated */
    default:
      for (size_t n = 1 + pick(&rng, 8); n > 0; n--) edit(&t, 2 * cap, &rng);
      break;
  }
  return t;
}

static void free_pair(pair *t) {
  z3_free(t->a);
  z3_free(t->b);
}

typedef z3_status (*create_fn)(z3_buf *, const pair *, z3_error *);

static z3_status create_ips(z3_buf *out, const pair *t, z3_error *err) {
  return z3_ips_create(out, t->a, t->na, t->b, t->nb, NULL, err);
}
static z3_status create_bps(z3_buf *out, const pair *t, z3_error *err) {
  return z3_bps_create(out, t->a, t->na, t->b, t->nb, "roundtrip", NULL, err);
}

/* Creates, checks the format and a size bound, applies through the dispatcher. */
static void roundtrip(const pair *t, create_fn create, z3_patch_format want, size_t bound,
                      uint64_t seed) {
  z3_buf p, out;
  z3_buf_init(&p);
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(create(&p, t, &err), &err);
  assert_int_equal(z3_patch_detect(p.data, p.len), want);
  if (p.len > bound)
    print_error("seed %llu: patch %zu > bound %zu\n", (unsigned long long)seed, p.len, bound);
  assert_true(p.len <= bound);
  z3_patch_stats st;
  assert_ok(z3_patch_apply(&out, t->a, t->na, p.data, p.len, &st, &err), &err);
  if (out.len != t->nb || (t->nb && memcmp(out.data, t->b, t->nb) != 0))
    print_error("seed %llu: %s round trip differs\n", (unsigned long long)seed,
                z3_patch_format_name(want));
  assert_int_equal(out.len, t->nb);
  if (t->nb) assert_memory_equal(out.data, t->b, t->nb);
  assert_int_equal(st.target_size, t->nb);
  z3_buf_release(&p);
  z3_buf_release(&out);
}

/* Worst case for IPS: every byte literal, one header per 64 KiB, truncation. */
static size_t ips_bound(const pair *t) { return 5 + t->nb + 5 * (t->nb / 0xFFFF + 1) + 6; }
/* Worst case for BPS: one TargetRead of everything plus header and footer. */
static size_t bps_bound(const pair *t) { return 4 + 3 * 10 + 9 + t->nb + 10 + 12; }

Z3_TEST(random_pairs_roundtrip_in_both_formats) {
  (void)state;
  for (uint64_t seed = 1; seed <= 400; seed++) {
    pair t = make_pair(seed);
    roundtrip(&t, create_ips, Z3_PATCH_IPS, ips_bound(&t), seed);
    roundtrip(&t, create_bps, Z3_PATCH_BPS, bps_bound(&t), seed);
    free_pair(&t);
  }
}

/* A megabyte-sized hack: patches stay proportional to the change. */
Z3_TEST(large_sparse_edit_roundtrips_small) {
  (void)state;
  uint64_t rng = 77;
  size_t n = 1u << 20;
  pair t = {z3_malloc(n), z3_malloc(n + 4096), n, n};
  assert_non_null(t.a);
  assert_non_null(t.b);
  fill_rom_like(t.a, n, &rng);
  memcpy(t.b, t.a, n);
  for (int i = 0; i < 2000; i++) t.b[pick(&rng, n)] ^= 0x5A;
  roundtrip(&t, create_ips, Z3_PATCH_IPS, 8 + 2000 * 6, 0);
  roundtrip(&t, create_bps, Z3_PATCH_BPS, 32 + 2000 * 5, 0);
  free_pair(&t);
}

Z3_TEST(detect_and_names) {
  (void)state;
  assert_int_equal(z3_patch_detect((const uint8_t *)"PATCH", 5), Z3_PATCH_IPS);
  assert_int_equal(z3_patch_detect((const uint8_t *)"PATC", 4), Z3_PATCH_UNKNOWN);
  assert_int_equal(z3_patch_detect((const uint8_t *)"BPS1xyz", 7), Z3_PATCH_BPS);
  assert_int_equal(z3_patch_detect((const uint8_t *)"BPS", 3), Z3_PATCH_UNKNOWN);
  assert_int_equal(z3_patch_detect(NULL, 0), Z3_PATCH_UNKNOWN);
  assert_string_equal(z3_patch_format_name(Z3_PATCH_IPS), "ips");
  assert_string_equal(z3_patch_format_name(Z3_PATCH_BPS), "bps");
  assert_string_equal(z3_patch_format_name(Z3_PATCH_UNKNOWN), "unknown");
}

Z3_TEST(unknown_format_is_invalid) {
  (void)state;
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_patch_apply(&out, (const uint8_t *)"a", 1, (const uint8_t *)"UPS1\x80", 5,
                                  NULL, &err),
                   Z3_E_INVALID);
  assert_int_equal(err.offset, 0);
  assert_non_null(strstr(err.message, "unknown patch format"));
  assert_non_null(strstr(err.hint, "ups patch"));
  z3_buf_release(&out);
}

Z3_RUN(cmocka_unit_test(random_pairs_roundtrip_in_both_formats),
       cmocka_unit_test(large_sparse_edit_roundtrips_small),
       cmocka_unit_test(detect_and_names),
       cmocka_unit_test(unknown_format_is_invalid))
