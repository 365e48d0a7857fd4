/*
 * LC_LZ2 compression: an optimal encoder and a fast greedy one (lz2.h).
 *
 * Both see the input as a sequence of commands, each producing 1..1024 bytes:
 *
 *   command          output bytes          costs (header + operand)
 *   0 direct copy    the next n bytes      h(n) + n
 *   1 byte fill      b b b ...             h(n) + 1
 *   2 word fill      a b a b ...           h(n) + 2
 *   3 increasing     b b+1 b+2 ...         h(n) + 1
 *   4 copy           s[o..o+n), o < i      h(n) + 2
 *
 * with h(n) = 1 for n <= 32 and 2 for 33..1024, plus one $FF at the end. The
 * decoder's state at input position i is just the i bytes written so far, so
 * the shortest stream is a shortest path over positions:
 *
 *   cost[N] = 1,  cost[i] = min over commands c valid at i, lengths n:
 *                           h(n) + operand(c, n) + cost[i + n]
 *
 * If a fill or a copy can produce n bytes at i, it can produce every shorter
 * length too (same operand, same source offset). So each command has one
 * availability A(c, i) and the minimum over n splits into two ranges with a
 * constant header: 1 + min cost[i+1 .. i+min(A,32)] and
 * 2 + min cost[i+33 .. i+A]. A direct copy's cost grows with n, so it uses
 * cost[j] + j instead. Range minima come from sparse tables that are filled
 * as the loop walks backwards; only the 1024 positions ahead are ever asked
 * for, so the tables are rings of 2048 entries.
 *
 * A(copy, i) is the longest match of position i with ANY earlier start o < i
 * (the "longest previous factor"): the source may run into the bytes being
 * written, which the decoder's forward copy turns into repeats. It is read
 * off a suffix array: among the suffixes sorted, the best earlier start is
 * the nearest one on either side whose start is smaller than i.
 *
 * Commands 5-7 decode like 4 and cost the same or more, and a longer header
 * than needed only wastes a byte, so the minimum over 0-4 with short headers
 * is the minimum over every stream the decoder accepts. No emitted header is
 * $FF: an extended header's first byte is 111cccLL with ccc <= 4.
 */
#include <string.h>

#include "snes/lz2.h"

enum {
  LZ2_MAX_LEN = 1024,  /* one command's output */
  LZ2_SHORT_LEN = 32,  /* longest length a one-byte header holds */
  LZ2_END = 0xFF,
  RING = 2048,         /* sparse table rows: twice the look-ahead, a power of two */
  LEVELS = 10,         /* row k holds minima over 2^k entries; 2^9 covers 992 */
  HASH_BITS = 15,
  GREEDY_DEPTH = 32,   /* candidates the greedy encoder tries per position */
};

enum { CMD_DIRECT = 0, CMD_BYTE = 1, CMD_WORD = 2, CMD_INC = 3, CMD_COPY = 4, CMD_KINDS = 5 };

static size_t header_size(size_t n) { return n <= LZ2_SHORT_LEN ? 1 : 2; }

/* Operand bytes of a command covering n bytes. */
static size_t operand_size(unsigned cmd, size_t n) {
  static const uint8_t size[CMD_KINDS] = {0, 1, 2, 1, 2};
  return cmd == CMD_DIRECT ? n : size[cmd];
}

static size_t min_size(size_t a, size_t b) { return a < b ? a : b; }

/* ---- writing commands ------------------------------------------------------- */

typedef struct lz2_writer {
  z3_buf *out;
  z3_lz2_variant variant;
  z3_error *err;
} lz2_writer;

/* Writes one command; `operand` holds the literal bytes for a direct copy,
 * the fill byte(s), or is unused for a copy (offset `from`). */
static z3_status emit(lz2_writer *w, unsigned cmd, size_t n, const uint8_t *operand, size_t from) {
  z3_status st = z3_buf_reserve(w->out, w->out->len + 2 + operand_size(cmd, n), w->err);
  if (st) return st;
  uint8_t *p = w->out->data + w->out->len;
  size_t field = n - 1;
  if (n <= LZ2_SHORT_LEN) {
    *p++ = (uint8_t)(cmd << 5 | field);
  } else {
    *p++ = (uint8_t)(0xE0 | cmd << 2 | field >> 8);
    *p++ = (uint8_t)field;
  }
  if (cmd == CMD_COPY) {
    uint8_t hi = (uint8_t)(from >> 8), lo = (uint8_t)from;
    *p++ = w->variant == Z3_LZ2_OVERWORLD ? hi : lo;
    *p++ = w->variant == Z3_LZ2_OVERWORLD ? lo : hi;
  } else if (cmd == CMD_DIRECT) {
    memcpy(p, operand, n);
    p += n;
  } else {
    *p++ = operand[0];
    if (cmd == CMD_WORD) *p++ = operand[n > 1]; /* a 1-byte word fill has no second byte */
  }
  w->out->len = (size_t)(p - w->out->data);
  return Z3_OK;
}

/* A direct copy of any length, split into commands of at most 1024 bytes. */
static z3_status emit_literals(lz2_writer *w, const uint8_t *p, size_t n) {
  while (n) {
    size_t k = min_size(n, LZ2_MAX_LEN);
    z3_status st = emit(w, CMD_DIRECT, k, p, 0);
    if (st) return st;
    p += k, n -= k;
  }
  return Z3_OK;
}

/* ---- how far each fill reaches ---------------------------------------------- */

/* Lengths of the byte, word and increasing fills starting at each position,
 * capped at 1024; one backward pass. */
static void fill_lengths(const uint8_t *s, size_t n, uint16_t *byte, uint16_t *word,
                         uint16_t *inc) {
  for (size_t i = n; i-- > 0;) {
    bool more = i + 1 < n;
    byte[i] = more && s[i + 1] == s[i] ? (uint16_t)min_size(byte[i + 1] + 1u, LZ2_MAX_LEN) : 1;
    inc[i] = more && s[i + 1] == (uint8_t)(s[i] + 1)
                 ? (uint16_t)min_size(inc[i + 1] + 1u, LZ2_MAX_LEN)
                 : 1;
    /* period 2 from i: s[i+2] == s[i] and period 2 from i+1 */
    word[i] = i + 2 < n && s[i + 2] == s[i] ? (uint16_t)min_size(word[i + 1] + 1u, LZ2_MAX_LEN)
                                           : (uint16_t)min_size(2, n - i);
  }
}

/* ---- longest previous match: suffix array, LCP, nearest smaller starts ------ */

typedef struct lz2_sa {
  uint32_t *sa, *rank, *tmp, *cnt, *lcp;
} lz2_sa;

/* Prefix doubling with counting sorts: after the round for h, suffixes are
 * ordered by their first 2h bytes; it stops once every rank is distinct, so
 * the number of rounds is the log of the longest repeat. Returns the final
 * rank array (rank or tmp: the two swap roles each round). */
static uint32_t *sort_suffixes(const uint8_t *s, uint32_t n, lz2_sa *a) {
  uint32_t *sa = a->sa, *rank = a->rank, *tmp = a->tmp, *cnt = a->cnt;
  memset(cnt, 0, 256 * sizeof *cnt);
  for (uint32_t i = 0; i < n; i++) cnt[s[i]]++;
  for (uint32_t c = 1; c < 256; c++) cnt[c] += cnt[c - 1];
  for (uint32_t i = n; i-- > 0;) sa[--cnt[s[i]]] = i;
  rank[sa[0]] = 0;
  for (uint32_t k = 1; k < n; k++)
    rank[sa[k]] = rank[sa[k - 1]] + (s[sa[k]] != s[sa[k - 1]]);
  uint32_t classes = rank[sa[n - 1]] + 1;
  for (uint32_t h = 1; classes < n; h *= 2) {
    /* order by the second key (rank at i+h; none sorts first), then stably by the first */
    uint32_t p = 0;
    for (uint32_t i = n - h; i < n; i++) tmp[p++] = i;
    for (uint32_t k = 0; k < n; k++)
      if (sa[k] >= h) tmp[p++] = sa[k] - h;
    memset(cnt, 0, classes * sizeof *cnt);
    for (uint32_t i = 0; i < n; i++) cnt[rank[i]]++;
    for (uint32_t c = 1; c < classes; c++) cnt[c] += cnt[c - 1];
    for (uint32_t k = n; k-- > 0;) sa[--cnt[rank[tmp[k]]]] = tmp[k];
    tmp[sa[0]] = 0;
    for (uint32_t k = 1; k < n; k++) {
      uint32_t x = sa[k - 1], y = sa[k];
      uint32_t x2 = x + h < n ? rank[x + h] : UINT32_MAX;
      uint32_t y2 = y + h < n ? rank[y + h] : UINT32_MAX;
      tmp[y] = tmp[x] + (rank[x] != rank[y] || x2 != y2);
    }
    classes = tmp[sa[n - 1]] + 1;
    uint32_t *swap = rank;
    rank = tmp, tmp = swap;
  }
  return rank;
}

/* lcp[r] = common prefix of the suffixes ranked r-1 and r (Kasai et al.: the
 * value drops by at most one from text position i to i+1). */
static void common_prefixes(const uint8_t *s, uint32_t n, const uint32_t *sa,
                            const uint32_t *rank, uint32_t *lcp) {
  lcp[0] = 0;
  uint32_t h = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t r = rank[i];
    if (r == 0) {
      h = 0;
      continue;
    }
    uint32_t j = sa[r - 1];
    while (i + h < n && j + h < n && s[i + h] == s[j + h]) h++;
    lcp[r] = h;
    if (h) h--;
  }
}

/* One direction of the nearest-smaller-start scan over the suffix array. The
 * stack holds suffix starts increasing from bottom to top, each with the
 * minimum LCP between it and the entry above (the top's: up to the current
 * rank). The top left after popping larger starts is the nearest rank with an
 * earlier start, and its link is the match length with it. */
static void nearest_earlier(const uint32_t *sa, const uint32_t *lcp, uint32_t n, bool forward,
                            uint32_t *stack, uint32_t *link, uint16_t *len, uint16_t *from) {
  uint32_t top = 0;
  for (uint32_t step = 0; step < n; step++) {
    uint32_t r = forward ? step : n - 1 - step;
    uint32_t i = sa[r];
    if (top) {
      uint32_t edge = forward ? lcp[r] : lcp[r + 1];
      if (edge < link[top - 1]) link[top - 1] = edge;
    }
    while (top && stack[top - 1] > i) {
      uint32_t v = link[--top];
      if (top && v < link[top - 1]) link[top - 1] = v;
    }
    if (top && link[top - 1] > len[i]) {
      len[i] = (uint16_t)min_size(link[top - 1], LZ2_MAX_LEN);
      from[i] = (uint16_t)stack[top - 1];
    }
    stack[top] = i;
    link[top++] = UINT32_MAX;
  }
}

/* For every position: the longest match (capped at 1024) with a source
 * starting earlier, and one such source. len[i] = 0 when there is none. */
static z3_status longest_previous(const uint8_t *s, size_t n, uint16_t *len, uint16_t *from,
                                  z3_error *err) {
  memset(len, 0, n * sizeof *len);
  memset(from, 0, n * sizeof *from);
  if (n < 2) return Z3_OK;
  uint32_t m = (uint32_t)n;
  lz2_sa a = {z3_malloc(m * sizeof(uint32_t)), z3_malloc(m * sizeof(uint32_t)),
              z3_malloc(m * sizeof(uint32_t)), z3_malloc((m < 256 ? 256 : m) * sizeof(uint32_t)),
              z3_malloc(m * sizeof(uint32_t))};
  z3_status st = Z3_OK;
  if (!a.sa || !a.rank || !a.tmp || !a.cnt || !a.lcp) {
    st = z3_error_set(err, Z3_E_NOMEM, "out of memory sorting %zu bytes for lz2", n);
  } else {
    uint32_t *rank = sort_suffixes(s, m, &a);
    common_prefixes(s, m, a.sa, rank, a.lcp);
    /* the rank array that is not final and cnt serve as the stack */
    uint32_t *stack = rank == a.rank ? a.tmp : a.rank;
    nearest_earlier(a.sa, a.lcp, m, true, stack, a.cnt, len, from);
    nearest_earlier(a.sa, a.lcp, m, false, stack, a.cnt, len, from);
  }
  z3_free(a.sa), z3_free(a.rank), z3_free(a.tmp), z3_free(a.cnt), z3_free(a.lcp);
  return st;
}

/* ---- optimal ----------------------------------------------------------------- */

typedef struct lz2_optimal {
  const uint8_t *s;
  size_t n;
  uint32_t *cost;     /* [n+1] bytes of the best stream from i to the end */
  uint8_t *choice;    /* [n] best command at i, plus 8 when its length is >= 33 */
  uint16_t *avail[CMD_KINDS]; /* [n] longest length of each command at i; [0] unused */
  uint16_t *from;     /* [n] copy source for avail[CMD_COPY] */
  uint32_t *tab_cost; /* LEVELS rows of RING: minima of cost[j] */
  uint32_t *tab_lit;  /* same for cost[j] + j, the direct copy's key */
} lz2_optimal;

static uint32_t range_min(const uint32_t *tab, size_t lo, size_t hi) {
  unsigned k = 31u - (unsigned)__builtin_clz((unsigned)(hi - lo + 1));
  uint32_t a = tab[k * RING + (lo & (RING - 1))];
  uint32_t b = tab[k * RING + ((hi + 1 - ((size_t)1 << k)) & (RING - 1))];
  return a < b ? a : b;
}

/* Records cost[i] in both tables and extends the longer rows that now start
 * at i (their other half starts at most 512 positions ahead). */
static void table_put(lz2_optimal *o, size_t i) {
  o->tab_cost[i & (RING - 1)] = o->cost[i];
  o->tab_lit[i & (RING - 1)] = o->cost[i] + (uint32_t)i;
  for (unsigned k = 1; k < LEVELS && i + ((size_t)1 << k) - 1 <= o->n; k++) {
    size_t here = k * RING + (i & (RING - 1));
    size_t half = (k - 1) * RING + ((i + ((size_t)1 << (k - 1))) & (RING - 1));
    uint32_t a = o->tab_cost[here - RING], b = o->tab_cost[half];
    o->tab_cost[here] = a < b ? a : b;
    a = o->tab_lit[here - RING], b = o->tab_lit[half];
    o->tab_lit[here] = a < b ? a : b;
  }
}

static size_t available(const lz2_optimal *o, unsigned cmd, size_t i) {
  return cmd == CMD_DIRECT ? min_size(o->n - i, LZ2_MAX_LEN) : o->avail[cmd][i];
}

/* cost[i]: every command, each over its short-header and long-header range. */
static void optimal_step(lz2_optimal *o, size_t i) {
  uint32_t best = UINT32_MAX;
  uint8_t pick = 0;
  for (unsigned cmd = 0; cmd < CMD_KINDS; cmd++) {
    size_t a = available(o, cmd, i);
    if (!a) continue;
    const uint32_t *tab = cmd == CMD_DIRECT ? o->tab_lit : o->tab_cost;
    uint32_t base = cmd == CMD_DIRECT ? 0 : (uint32_t)operand_size(cmd, 0);
    uint32_t v = 1 + base + range_min(tab, i + 1, i + min_size(a, LZ2_SHORT_LEN));
    if (cmd == CMD_DIRECT) v -= (uint32_t)i;
    if (v < best) best = v, pick = (uint8_t)cmd;
    if (a <= LZ2_SHORT_LEN) continue;
    v = 2 + base + range_min(tab, i + LZ2_SHORT_LEN + 1, i + a);
    if (cmd == CMD_DIRECT) v -= (uint32_t)i;
    if (v < best) best = v, pick = (uint8_t)(cmd | 8);
  }
  o->cost[i] = best;
  o->choice[i] = pick;
}

/* Walks the chosen commands forwards; the length is the first one in the
 * chosen range that reaches cost[i] (scanning costs at most the length). */
static z3_status optimal_emit(const lz2_optimal *o, lz2_writer *w) {
  for (size_t i = 0; i < o->n;) {
    unsigned cmd = o->choice[i] & 7;
    bool longer = o->choice[i] & 8;
    size_t a = available(o, cmd, i);
    size_t lo = longer ? LZ2_SHORT_LEN + 1 : 1, hi = longer ? a : min_size(a, LZ2_SHORT_LEN);
    size_t n = lo;
    while (n <= hi && header_size(n) + operand_size(cmd, n) + o->cost[i + n] != o->cost[i]) n++;
    if (n > hi)
      return z3_error_set(w->err, Z3_E_INTERNAL, "lz2 optimal parse lost its path at %zu", i);
    const uint8_t *p = o->s + i;
    z3_status st = emit(w, cmd, n, p, o->from[i]);
    if (st) return st;
    i += n;
  }
  return Z3_OK;
}

static void optimal_free(lz2_optimal *o) {
  z3_free(o->cost), z3_free(o->choice), z3_free(o->from);
  for (unsigned c = 1; c < CMD_KINDS; c++) z3_free(o->avail[c]);
  z3_free(o->tab_cost), z3_free(o->tab_lit);
}

static z3_status optimal_alloc(lz2_optimal *o, z3_error *err) {
  size_t n = o->n ? o->n : 1;
  o->cost = z3_malloc((o->n + 1) * sizeof *o->cost);
  o->choice = z3_malloc(n);
  o->from = z3_malloc(n * sizeof *o->from);
  bool ok = o->cost && o->choice && o->from;
  for (unsigned c = 1; c < CMD_KINDS; c++) ok = (o->avail[c] = z3_malloc(n * 2)) && ok;
  o->tab_cost = z3_calloc(LEVELS * RING, sizeof *o->tab_cost);
  o->tab_lit = z3_calloc(LEVELS * RING, sizeof *o->tab_lit);
  if (ok && o->tab_cost && o->tab_lit) return Z3_OK;
  return z3_error_set(err, Z3_E_NOMEM, "out of memory compressing %zu bytes with lz2", o->n);
}

static z3_status compress_optimal(lz2_writer *w, const uint8_t *s, size_t n) {
  lz2_optimal o = {.s = s, .n = n};
  z3_status st = optimal_alloc(&o, w->err);
  if (!st) st = longest_previous(s, n, o.avail[CMD_COPY], o.from, w->err);
  if (!st) {
    fill_lengths(s, n, o.avail[CMD_BYTE], o.avail[CMD_WORD], o.avail[CMD_INC]);
    o.cost[n] = 1; /* the terminator */
    table_put(&o, n);
    for (size_t i = n; i-- > 0;) {
      optimal_step(&o, i);
      table_put(&o, i);
    }
    st = optimal_emit(&o, w);
  }
  optimal_free(&o);
  return st;
}

/* ---- greedy ------------------------------------------------------------------ */

typedef struct lz2_greedy {
  const uint8_t *s;
  size_t n;
  int32_t *head; /* [1 << HASH_BITS] latest position with that 3-byte hash, or -1 */
  int32_t *prev; /* [n] the position before it in the same chain */
} lz2_greedy;

typedef struct lz2_pick {
  unsigned cmd;
  size_t len, from;
} lz2_pick;

static uint32_t hash3(const uint8_t *p) {
  uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
  return (v * 2654435761u) >> (32 - HASH_BITS);
}

static void greedy_insert(lz2_greedy *g, size_t i) {
  if (i + 3 > g->n) return;
  uint32_t h = hash3(g->s + i);
  g->prev[i] = g->head[h];
  g->head[h] = (int32_t)i;
}

/* Longest copy from the last GREEDY_DEPTH earlier positions sharing i's hash. */
static void greedy_match(const lz2_greedy *g, size_t i, size_t lim, lz2_pick *best) {
  if (i + 3 > g->n) return;
  int32_t c = g->head[hash3(g->s + i)];
  for (int depth = 0; c >= 0 && depth < GREEDY_DEPTH; depth++, c = g->prev[c]) {
    const uint8_t *a = g->s + c, *b = g->s + i;
    size_t k = 0;
    while (k < lim && a[k] == b[k]) k++;
    if (k > best->len) *best = (lz2_pick){CMD_COPY, k, (size_t)c};
    if (k == lim) return;
  }
}

static size_t gain(const lz2_pick *p) {
  size_t cost = header_size(p->len) + operand_size(p->cmd, p->len);
  return p->len > cost ? p->len - cost : 0;
}

/* The command at i saving the most bytes over a direct copy (longest on ties). */
static lz2_pick greedy_pick(const lz2_greedy *g, size_t i) {
  const uint8_t *p = g->s + i;
  size_t lim = min_size(g->n - i, LZ2_MAX_LEN), k;
  lz2_pick best = {CMD_DIRECT, 0, 0}, c;
  for (k = 1; k < lim && p[k] == p[0]; k++) {}
  c = (lz2_pick){CMD_BYTE, k, 0};
  if (gain(&c) > gain(&best) || (gain(&c) == gain(&best) && c.len > best.len)) best = c;
  for (k = min_size(2, lim); k < lim && p[k] == p[k - 2]; k++) {}
  c = (lz2_pick){CMD_WORD, k, 0};
  if (gain(&c) > gain(&best) || (gain(&c) == gain(&best) && c.len > best.len)) best = c;
  for (k = 1; k < lim && p[k] == (uint8_t)(p[0] + k); k++) {}
  c = (lz2_pick){CMD_INC, k, 0};
  if (gain(&c) > gain(&best) || (gain(&c) == gain(&best) && c.len > best.len)) best = c;
  c = (lz2_pick){CMD_DIRECT, 0, 0};
  greedy_match(g, i, lim, &c);
  if (gain(&c) > gain(&best) || (gain(&c) == gain(&best) && c.len > best.len)) best = c;
  return best;
}

/* Literals accumulate until a command saves at least one byte. */
static z3_status greedy_run(lz2_greedy *g, lz2_writer *w) {
  size_t lit = 0; /* start of the pending direct copy */
  for (size_t i = 0; i < g->n;) {
    lz2_pick p = greedy_pick(g, i);
    if (gain(&p) == 0) {
      greedy_insert(g, i++);
      continue;
    }
    z3_status st = emit_literals(w, g->s + lit, i - lit);
    if (!st) st = emit(w, p.cmd, p.len, g->s + i, p.from);
    if (st) return st;
    for (size_t k = 0; k < p.len; k++) greedy_insert(g, i + k);
    i += p.len;
    lit = i;
  }
  return emit_literals(w, g->s + lit, g->n - lit);
}

static z3_status compress_greedy(lz2_writer *w, const uint8_t *s, size_t n) {
  lz2_greedy g = {.s = s, .n = n};
  g.head = z3_malloc(((size_t)1 << HASH_BITS) * sizeof *g.head);
  g.prev = z3_malloc((n ? n : 1) * sizeof *g.prev);
  z3_status st;
  if (!g.head || !g.prev) {
    st = z3_error_set(w->err, Z3_E_NOMEM, "out of memory compressing %zu bytes with lz2", n);
  } else {
    memset(g.head, 0xFF, ((size_t)1 << HASH_BITS) * sizeof *g.head); /* all -1 */
    st = greedy_run(&g, w);
  }
  z3_free(g.head);
  z3_free(g.prev);
  return st;
}

/* ---- entry point ------------------------------------------------------------- */

z3_status z3_lz2_compress(z3_buf *out, const uint8_t *src, size_t len, z3_lz2_variant variant,
                          z3_lz2_mode mode, z3_error *err) {
  if (len > Z3_LZ2_MAX_OUTPUT)
    return z3_error_set(err, Z3_E_INVALID,
                        "lz2 input of %zu bytes is too large: one stream holds at most %u bytes",
                        len, Z3_LZ2_MAX_OUTPUT);
  lz2_writer w = {out, variant, err};
  size_t start = out->len;
  z3_status st = Z3_OK;
  if (len) st = mode == Z3_LZ2_GREEDY ? compress_greedy(&w, src, len) : compress_optimal(&w, src, len);
  if (!st) st = z3_buf_push(out, LZ2_END, err);
  if (st) out->len = start;
  return st;
}
