/*
 * The optimal LC_LZ2 encoder's match finder: for every position i, the
 * longest run of bytes starting at i that also starts at some o < i (the
 * "longest previous factor"; o + length may pass i, which the decoder's
 * forward copy allows).
 *
 *  1. Suffix array by induced sorting (SA-IS, Nong, Zhang and Chan 2009):
 *     suffixes are typed S (smaller than the next suffix) or L (larger); the
 *     leftmost S of each S-run (LMS) are sorted first, by sorting their
 *     substrings with two induction passes, naming them, and recursing on the
 *     names when two are equal; a last pair of passes then places every
 *     suffix. Linear time; a sentinel smaller than every byte ends the text.
 *  2. LCP of neighbouring suffixes (Kasai et al. 2001).
 *  3. Among the suffixes in sorted order, the longest match of suffix i with
 *     an earlier start is with the nearest suffix on either side whose start
 *     is smaller: the common prefix only shrinks further away. One scan with a
 *     stack finds both neighbours for every suffix.
 */
#include <string.h>

#include "snes/lz2_internal.h"

enum { EMPTY = -1, BYTE_ALPHABET = 257 /* bytes + 1, and the sentinel 0 */ };

typedef struct sais_text {
  const int32_t *t; /* t[m - 1] is the unique smallest symbol */
  int32_t m;
  int32_t k;        /* alphabet: symbols are 0..k-1 */
  uint8_t *is_s;    /* [m] suffix type: 1 for S, 0 for L */
  int32_t *bucket;  /* [k] moving bucket bounds */
  int32_t *count;   /* [k] occurrences of each symbol */
} sais_text;

static bool is_lms(const sais_text *x, int32_t i) {
  return i > 0 && x->is_s[i] && !x->is_s[i - 1];
}

/* bucket[c] = first slot of symbol c's bucket, or one past its last. */
static void bucket_bounds(const sais_text *x, bool ends) {
  int32_t sum = 0;
  for (int32_t c = 0; c < x->k; c++) {
    sum += x->count[c];
    x->bucket[c] = ends ? sum : sum - x->count[c];
  }
}

/* From LMS suffixes placed in their buckets: L suffixes left to right, then S
 * suffixes right to left, each following a suffix already placed. */
static void induce(const sais_text *x, int32_t *sa) {
  bucket_bounds(x, false);
  for (int32_t r = 0; r < x->m; r++) {
    int32_t j = sa[r] - 1;
    if (sa[r] > 0 && !x->is_s[j]) sa[x->bucket[x->t[j]]++] = j;
  }
  bucket_bounds(x, true);
  for (int32_t r = x->m; r-- > 0;) {
    int32_t j = sa[r] - 1;
    if (sa[r] > 0 && x->is_s[j]) sa[--x->bucket[x->t[j]]] = j;
  }
}

/* Whether the LMS substrings (up to and including the next LMS position) at
 * a and b differ. The sentinel is unique, so neither runs past the end. */
static bool lms_differ(const sais_text *x, int32_t a, int32_t b) {
  for (int32_t d = 0;; d++) {
    if (x->t[a + d] != x->t[b + d] || x->is_s[a + d] != x->is_s[b + d]) return true;
    if (d > 0 && (is_lms(x, a + d) || is_lms(x, b + d))) return false;
  }
}

/* Sorts the LMS substrings, names them in order, and leaves the names in text
 * order in sa[m - n1 ..]. Returns how many distinct names there are. */
static int32_t name_lms(const sais_text *x, int32_t *sa, int32_t *n1_out) {
  for (int32_t r = 0; r < x->m; r++) sa[r] = EMPTY;
  bucket_bounds(x, true);
  for (int32_t i = 1; i < x->m; i++)
    if (is_lms(x, i)) sa[--x->bucket[x->t[i]]] = i;
  induce(x, sa);
  int32_t n1 = 0;
  for (int32_t r = 0; r < x->m; r++)
    if (is_lms(x, sa[r])) sa[n1++] = sa[r];
  for (int32_t r = n1; r < x->m; r++) sa[r] = EMPTY;
  int32_t names = 0, prev = EMPTY;
  for (int32_t r = 0; r < n1; r++) {
    int32_t pos = sa[r];
    if (prev == EMPTY || lms_differ(x, pos, prev)) names++, prev = pos;
    sa[n1 + pos / 2] = names - 1; /* LMS positions are >= 2 apart: no collisions */
  }
  for (int32_t r = x->m, w = x->m; r-- > n1;) /* names to the end, in text order */
    if (sa[r] != EMPTY) sa[--w] = sa[r];
  *n1_out = n1;
  return names;
}

static bool sais(const int32_t *t, int32_t m, int32_t k, int32_t *sa);

/* Sorts the LMS suffixes (into sa[0..n1)) from the order of their names. */
static bool sort_lms(const sais_text *x, int32_t *sa, int32_t n1, int32_t names) {
  int32_t *reduced = sa + x->m - n1;
  if (names < n1) {
    if (!sais(reduced, n1, names, sa)) return false;
  } else {
    for (int32_t i = 0; i < n1; i++) sa[reduced[i]] = i;
  }
  for (int32_t i = 1, j = 0; i < x->m; i++) /* reduced[] becomes the LMS positions */
    if (is_lms(x, i)) reduced[j++] = i;
  for (int32_t r = 0; r < n1; r++) sa[r] = reduced[sa[r]];
  return true;
}

/* Places the sorted LMS suffixes at their bucket ends, largest first (so
 * none lands on a slot still to be read), and induces everything else. */
static void place_all(const sais_text *x, int32_t *sa, int32_t n1) {
  for (int32_t r = n1; r < x->m; r++) sa[r] = EMPTY;
  bucket_bounds(x, true);
  for (int32_t r = n1; r-- > 0;) {
    int32_t j = sa[r];
    sa[r] = EMPTY;
    sa[--x->bucket[x->t[j]]] = j;
  }
  induce(x, sa);
}

/* The whole suffix array of t into sa; false when out of memory. */
static bool sais(const int32_t *t, int32_t m, int32_t k, int32_t *sa) {
  sais_text x = {t, m, k, z3_malloc((size_t)m), z3_malloc((size_t)k * 2 * sizeof(int32_t)),
                 NULL};
  bool ok = x.is_s && x.bucket;
  if (ok) {
    x.count = x.bucket + k;
    memset(x.count, 0, (size_t)k * sizeof *x.count);
    for (int32_t i = 0; i < m; i++) x.count[t[i]]++;
    x.is_s[m - 1] = 1;
    for (int32_t i = m - 1; i-- > 0;)
      x.is_s[i] = t[i] < t[i + 1] || (t[i] == t[i + 1] && x.is_s[i + 1]);
    int32_t n1;
    int32_t names = name_lms(&x, sa, &n1);
    ok = sort_lms(&x, sa, n1, names);
    if (ok) place_all(&x, sa, n1);
  }
  z3_free(x.is_s);
  z3_free(x.bucket);
  return ok;
}

/* lcp[r] = common prefix of the suffixes ranked r-1 and r (lcp[0] = 0). From
 * text position i to i+1 it drops by at most one, so the scan is linear. */
static void common_prefixes(const uint8_t *s, int32_t n, const int32_t *sa, const int32_t *rank,
                            int32_t *lcp) {
  lcp[0] = 0;
  int32_t h = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t r = rank[i];
    if (r == 0) {
      h = 0;
      continue;
    }
    int32_t j = sa[r - 1];
    while (i + h < n && j + h < n && s[i + h] == s[j + h]) h++;
    lcp[r] = h;
    if (h) h--;
  }
}

static uint16_t capped(int32_t v) { return (uint16_t)(v < Z3_LZ2__MAX_LEN ? v : Z3_LZ2__MAX_LEN); }

/* The nearest-smaller-start scan in rank order. The stack holds suffix starts
 * increasing from bottom to top, each with the minimum LCP between it and the
 * entry above (the top's: up to the current rank). An entry popped because
 * the current start is smaller has found its nearest later-ranked earlier
 * start; the top left after popping is the current suffix's nearest
 * earlier-ranked one. The link is the match length with either. */
static void nearest_earlier(const int32_t *sa, const int32_t *lcp, int32_t n, int32_t *stack,
                            int32_t *link, uint16_t *len, uint16_t *from) {
  int32_t top = 0;
  for (int32_t r = 0; r < n; r++) {
    int32_t i = sa[r];
    if (top && lcp[r] < link[top - 1]) link[top - 1] = lcp[r];
    while (top && stack[top - 1] > i) {
      int32_t p = stack[--top], v = link[top];
      if (v > len[p]) {
        len[p] = capped(v);
        from[p] = (uint16_t)i;
      }
      if (top && v < link[top - 1]) link[top - 1] = v;
    }
    len[i] = top ? capped(link[top - 1]) : 0;
    from[i] = top ? (uint16_t)stack[top - 1] : 0;
    stack[top] = i;
    link[top++] = INT32_MAX;
  }
}

z3_status z3_lz2__longest_previous(const uint8_t *s, size_t n, uint16_t *len, uint16_t *from,
                                   z3_error *err) {
  memset(len, 0, n * sizeof *len);
  memset(from, 0, n * sizeof *from);
  if (n < 2) return Z3_OK;
  int32_t m = (int32_t)n + 1; /* with the sentinel */
  int32_t *t = z3_malloc((size_t)m * sizeof *t), *sa = z3_malloc((size_t)m * sizeof *sa);
  int32_t *rank = z3_malloc(n * sizeof *rank), *lcp = z3_malloc(n * sizeof *lcp);
  bool ok = t && sa && rank && lcp;
  if (ok) {
    for (size_t i = 0; i < n; i++) t[i] = s[i] + 1;
    t[n] = 0;
    ok = sais(t, m, BYTE_ALPHABET, sa);
  }
  if (ok) {
    const int32_t *order = sa + 1; /* sa[0] is the sentinel's suffix */
    for (int32_t r = 0; r < m - 1; r++) rank[order[r]] = r;
    common_prefixes(s, m - 1, order, rank, lcp);
    nearest_earlier(order, lcp, m - 1, t, rank, len, from); /* t and rank are free now */
  }
  z3_free(t), z3_free(sa), z3_free(rank), z3_free(lcp);
  if (ok) return Z3_OK;
  return z3_error_set(err, Z3_E_NOMEM, "out of memory finding matches in %zu bytes for lz2", n);
}
