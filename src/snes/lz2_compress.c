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
 * availability A(c, i), and byte/increasing fills (1 operand byte) and word
 * fills/copies (2) each only need the larger of their two availabilities.
 *
 * cost[] never increases: the tail of any command is itself a command no
 * dearer (a shorter direct copy; the same fill byte, the swapped word or
 * b + k; a copy from o + k, still before its destination and still matching),
 * so cutting the best stream from i at any j > i (inside whichever command
 * covers j) leaves a stream from j that is no longer: cost[j] <= cost[i]. Hence for a fill or a
 * copy with a fixed header size the longest length is always best, and of
 * all lengths 1..A only min(A, 32) and A (when A > 32) need to be tried -
 * every length is still considered, the others are provably no better.
 * (The test suite checks this against an exhaustive search.) A direct copy's
 * cost grows with n, so it needs min(cost[j] + j) over j in i+1..i+32 and
 * i+33..i+1024: two sliding windows, kept as monotone queues.
 *
 * A(copy, i) is the longest match of position i with ANY earlier start o < i
 * (the "longest previous factor"): the source may run into the bytes being
 * written, which the decoder's forward copy turns into repeats. It is read
 * off a suffix array (lz2_match.c).
 *
 * Commands 5-7 decode like 4 and cost the same or more, and a longer header
 * than needed only wastes a byte, so the minimum over 0-4 with short headers
 * is the minimum over every stream the decoder accepts. No emitted header is
 * $FF: an extended header's first byte is 111cccLL with ccc <= 4.
 */
#include <string.h>

#include "snes/lz2_internal.h"

enum {
  LZ2_MAX_LEN = Z3_LZ2__MAX_LEN, /* one command's output */
  LZ2_SHORT_LEN = 32,  /* longest length a one-byte header holds */
  LZ2_END = 0xFF,
  WINDOW = 1024,       /* queue capacity: a power of two >= 1024 - 32 */
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

/* ---- optimal ----------------------------------------------------------------- */

/* Positions j in a sliding window, smallest key cost[j] + j at the back (the
 * largest j). Windows move towards the start: new j enter at the front and
 * push out every entry whose key is no smaller, since those leave first. */
typedef struct lz2_window {
  uint32_t at[WINDOW];
  uint32_t head, count;
} lz2_window;

/* Groups with one operand size: a byte or increasing fill (1), a word fill
 * or a copy (2). */
enum { PICK_DIRECT = 0, PICK_ONE = 1, PICK_TWO = 2, PICK_LONG = 4 };

typedef struct lz2_optimal {
  const uint8_t *s;
  size_t n;
  uint32_t *cost;  /* [n+1] bytes of the best stream from i to the end */
  uint8_t *choice; /* [n] PICK_* of the best first command at i */
  uint16_t *avail[CMD_KINDS]; /* [n] longest length of each command at i; [0] unused */
  uint16_t *from;  /* [n] copy source for avail[CMD_COPY] */
  lz2_window near, far; /* direct copies of 1..32 and 33..1024 bytes */
} lz2_optimal;

static uint32_t window_key(const lz2_optimal *o, uint32_t j) { return o->cost[j] + j; }

static void window_push(const lz2_optimal *o, lz2_window *w, uint32_t j) {
  uint32_t key = window_key(o, j);
  while (w->count && window_key(o, w->at[w->head]) >= key) {
    w->head = (w->head + 1) & (WINDOW - 1);
    w->count--;
  }
  w->head = (w->head - 1) & (WINDOW - 1);
  w->at[w->head] = j;
  w->count++;
}

/* Drops entries past `last`; returns the best j left (the window is never
 * empty when asked). */
static uint32_t window_best(lz2_window *w, uint32_t last) {
  uint32_t j;
  while ((j = w->at[(w->head + w->count - 1) & (WINDOW - 1)]) > last) w->count--;
  return j;
}

static size_t group_avail(const lz2_optimal *o, unsigned group, size_t i) {
  size_t a = o->avail[group == PICK_ONE ? CMD_BYTE : CMD_WORD][i];
  size_t b = o->avail[group == PICK_ONE ? CMD_INC : CMD_COPY][i];
  return a > b ? a : b;
}

/* cost[i] from the cost of every later position (see the top of the file). */
static void optimal_step(lz2_optimal *o, size_t i) {
  uint32_t best = UINT32_MAX, v;
  uint8_t pick = 0;
  for (unsigned group = PICK_ONE; group <= PICK_TWO; group++) {
    size_t a = group_avail(o, group, i);
    v = 1 + group + o->cost[i + min_size(a, LZ2_SHORT_LEN)];
    if (v < best) best = v, pick = (uint8_t)group;
    if (a > LZ2_SHORT_LEN && (v = 2 + group + o->cost[i + a]) < best)
      best = v, pick = (uint8_t)(group | PICK_LONG);
  }
  uint32_t here = (uint32_t)i;
  window_push(o, &o->near, here + 1);
  v = 1 + window_key(o, window_best(&o->near, here + LZ2_SHORT_LEN)) - here;
  if (v < best) best = v, pick = PICK_DIRECT;
  if (i + LZ2_SHORT_LEN + 1 <= o->n) {
    window_push(o, &o->far, here + LZ2_SHORT_LEN + 1);
    v = 2 + window_key(o, window_best(&o->far, here + LZ2_MAX_LEN)) - here;
    if (v < best) best = v, pick = PICK_DIRECT | PICK_LONG;
  }
  o->cost[i] = best;
  o->choice[i] = pick;
}

/* The first command of the best stream from i: its kind and length. */
static void optimal_command(const lz2_optimal *o, size_t i, unsigned *cmd, size_t *len) {
  unsigned pick = o->choice[i], group = pick & ~(unsigned)PICK_LONG;
  if (group != PICK_DIRECT) {
    size_t a = group_avail(o, group, i);
    size_t n = pick & PICK_LONG ? a : min_size(a, LZ2_SHORT_LEN);
    if (group == PICK_ONE) *cmd = o->avail[CMD_BYTE][i] >= n ? CMD_BYTE : CMD_INC;
    else *cmd = o->avail[CMD_WORD][i] >= n ? CMD_WORD : CMD_COPY;
    *len = n;
    return;
  }
  /* a direct copy: the first length in its header class that reaches cost[i] */
  size_t n = pick & PICK_LONG ? LZ2_SHORT_LEN + 1 : 1;
  size_t last = min_size(o->n - i, pick & PICK_LONG ? LZ2_MAX_LEN : LZ2_SHORT_LEN);
  while (n < last && header_size(n) + n + o->cost[i + n] != o->cost[i]) n++;
  *cmd = CMD_DIRECT;
  *len = n;
}

static z3_status optimal_emit(const lz2_optimal *o, lz2_writer *w) {
  for (size_t i = 0; i < o->n;) {
    unsigned cmd;
    size_t n;
    optimal_command(o, i, &cmd, &n);
    if (header_size(n) + operand_size(cmd, n) + o->cost[i + n] != o->cost[i])
      return z3_error_set(w->err, Z3_E_INTERNAL, "lz2 optimal parse lost its path at %zu", i);
    z3_status st = emit(w, cmd, n, o->s + i, o->from[i]);
    if (st) return st;
    i += n;
  }
  return Z3_OK;
}

static void optimal_free(lz2_optimal *o) {
  z3_free(o->cost), z3_free(o->choice), z3_free(o->from);
  for (unsigned c = 1; c < CMD_KINDS; c++) z3_free(o->avail[c]);
}

static z3_status optimal_alloc(lz2_optimal *o, z3_error *err) {
  size_t n = o->n ? o->n : 1;
  o->cost = z3_malloc((o->n + 1) * sizeof *o->cost);
  o->choice = z3_malloc(n);
  o->from = z3_malloc(n * sizeof *o->from);
  bool ok = o->cost && o->choice && o->from;
  for (unsigned c = 1; c < CMD_KINDS; c++) ok = (o->avail[c] = z3_malloc(n * 2)) && ok;
  if (ok) return Z3_OK;
  return z3_error_set(err, Z3_E_NOMEM, "out of memory compressing %zu bytes with lz2", o->n);
}

static z3_status compress_optimal(lz2_writer *w, const uint8_t *s, size_t n) {
  lz2_optimal *o = z3_calloc(1, sizeof *o); /* the windows are 8 KiB */
  if (!o) return z3_error_set(w->err, Z3_E_NOMEM, "out of memory compressing with lz2");
  o->s = s, o->n = n;
  z3_status st = optimal_alloc(o, w->err);
  if (!st) st = z3_lz2__longest_previous(s, n, o->avail[CMD_COPY], o->from, w->err);
  if (!st) {
    fill_lengths(s, n, o->avail[CMD_BYTE], o->avail[CMD_WORD], o->avail[CMD_INC]);
    o->cost[n] = 1; /* the terminator */
    for (size_t i = n; i-- > 0;) optimal_step(o, i);
    st = optimal_emit(o, w);
  }
  optimal_free(o);
  z3_free(o);
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
