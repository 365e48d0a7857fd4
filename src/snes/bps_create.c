/*
 * BPS encoder: turns a source and a target into the shortest patch we can
 * find quickly. The format is described in bps.c; the action word is
 *
 *     bit: 63 ............................. 2   1   0
 *          +---------------------------------+-------+
 *          |           length - 1            | kind  |   then, for copies,
 *          +---------------------------------+-------+   a signed delta
 *     kind 0 SourceRead   1 TargetRead   2 SourceCopy   3 TargetCopy
 *
 *     copy delta: +----------------------------+---+
 *                 |        |delta|             | - |
 *                 +----------------------------+---+
 *
 * both written as BPS numbers (7 bits a byte), so an action costs one byte for
 * lengths up to 32, two up to about 4 KiB; a copy delta one byte within 63 of
 * the cursor, two within about 8 KiB, three within about 1 MiB.
 *
 * Matching. At each target position we look for the candidate that saves the
 * most bytes over writing the data literally ("gain" = length - encoded size):
 *  - SourceRead: the source at the same offset (no delta to pay, so it wins
 *    ties; it is what an unchanged stretch of a ROM hack becomes);
 *  - the source and target bytes right after the previous copy, as if the
 *    bytes written literally since then had been copied too: after a changed
 *    byte inside a moved block this continues the copy for a one-byte delta;
 *  - the previous target byte (distance 1): runs of one value;
 *  - hash chains over 4-byte prefixes of the source and of the target written
 *    so far: moved, inserted and repeated data anywhere.
 * Positions inside runs of one byte are left out of the chains (only the run's
 * first position goes in), so padding does not flood them and a chain hit on a
 * run starts at the run's start, where the match is longest.
 *
 * Parsing is greedy with one step of lazy evaluation, as in deflate: before
 * taking a match we look one byte ahead, and if the match there saves more
 * than the literal byte costs we emit that byte instead. Decided actions wait
 * in a short queue before they are written, so a long match found later can
 * extend backwards over the short matches and literals greedy parsing put in
 * front of it (extend_back). Long literal runs are searched sparsely
 * (literal_step), which extend_back also makes up for.
 */
#include <string.h>

#include "snes/bps_internal.h"

enum {
  HASH_LEN = 4,       /* bytes hashed per chain entry: the shortest match chains find */
  HASH_BITS_MIN = 12,
  HASH_BITS_MAX = 22,
  CHAIN_DEPTH = 48,   /* candidates examined per chain and position */
  NICE_LEN = 1024,    /* a match this long ends the search: more cannot save much */
  LAZY_LEN = 4096,    /* matches shorter than this are checked against the next byte */
  MIN_GAIN = 1,       /* a match must save at least this much to be taken */
  SKIP_SHIFT = 8,     /* in a literal run, search every (1 + run / 256)th position... */
  SKIP_MAX = 32,      /* ...up to every 32nd */
  PREFETCH_AHEAD = 16 /* source positions between fetching a head slot and using it */
};


typedef struct bps_chain {
  uint32_t *head; /* hash -> newest position + 1, 0 for none */
  uint32_t *prev; /* position -> older position + 1 with the same hash */
  unsigned shift; /* 32 - hash bits */
} bps_chain;

typedef struct bps_match {
  unsigned kind;
  size_t from; /* source or target offset the copy starts at */
  size_t len;
  long gain;
} bps_match;

/* An action decided but not yet written: the newest few stay in a queue so a
 * later match that also fits the bytes before it can swallow them. */
typedef struct bps_action {
  unsigned kind;
  size_t at; /* target offset of the first byte written */
  size_t len;
  size_t from; /* copies: where they read */
} bps_action;

/* A copy cursor of the applier, and the target offset where it was last moved
 * (so "continue the previous copy" is cursor + bytes written since). */
typedef struct bps_cursor {
  size_t pos;
  size_t moved_at;
} bps_cursor;

enum { QUEUE_LEN = 32 };

typedef struct bps_encoder {
  const uint8_t *src;
  size_t src_len;
  const uint8_t *dst;
  size_t dst_len;
  bps_chain src_chain;
  bps_chain dst_chain;
  size_t dst_hashed;    /* target positions below this are in dst_chain */
  size_t pos;           /* next target byte to encode */
  size_t literal_start; /* target bytes [literal_start, pos) await a TargetRead */
  bps_cursor source;    /* cursors after every decided action... */
  bps_cursor target;
  bps_cursor source_written; /* ...and after the written ones */
  bps_cursor target_written;
  bps_action queue[QUEUE_LEN];
  size_t queued;
  z3_buf *out;
  z3_patch_stats *stats;
  z3_error *err;
} bps_encoder;

/* ---- numbers and costs ----------------------------------------------------- */

static size_t number_size(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) {
    v = (v >> 7) - 1;
    n++;
  }
  return n;
}

static z3_status put_number(z3_buf *out, uint64_t v, z3_error *err) {
  uint8_t tmp[10];
  size_t n = 0;
  for (;;) {
    uint8_t x = v & 0x7f;
    v >>= 7;
    if (v == 0) {
      tmp[n++] = 0x80 | x;
      break;
    }
    tmp[n++] = x;
    v--;
  }
  return z3_buf_append(out, tmp, n, err);
}

static uint64_t action_word(unsigned kind, size_t len) { return (uint64_t)(len - 1) << 2 | kind; }

static uint64_t delta_word(size_t cursor, size_t to) {
  return to >= cursor ? (uint64_t)(to - cursor) << 1 : (uint64_t)(cursor - to) << 1 | 1;
}

static long match_cost(const bps_encoder *e, unsigned kind, size_t from, size_t len) {
  size_t cost = number_size(action_word(kind, len));
  if (kind == BPS_SOURCE_COPY) cost += number_size(delta_word(e->source.pos, from));
  if (kind == BPS_TARGET_COPY) cost += number_size(delta_word(e->target.pos, from));
  return (long)cost;
}

/* ---- matching -------------------------------------------------------------- */

/* Length of the common prefix of a and b, at most max; compares words. */
static size_t common_len(const uint8_t *a, const uint8_t *b, size_t max) {
  size_t n = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  for (; n + 8 <= max; n += 8) {
    uint64_t x, y;
    memcpy(&x, a + n, 8);
    memcpy(&y, b + n, 8);
    if (x != y) return n + (size_t)__builtin_ctzll(x ^ y) / 8;
  }
#endif
  while (n < max && a[n] == b[n]) n++;
  return n;
}

static uint32_t hash_at(const uint8_t *p, unsigned shift) {
  uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
  return (v * 2654435761u) >> shift;
}

/* True when p is inside a run of one byte that started before it. */
static bool mid_run(const uint8_t *data, size_t p) {
  return p > 0 && memcmp(data + p - 1, data + p, HASH_LEN) == 0;
}

static void chain_insert(bps_chain *c, const uint8_t *data, size_t p) {
  uint32_t h = hash_at(data + p, c->shift);
  c->prev[p] = c->head[h];
  c->head[h] = (uint32_t)p + 1;
}

static z3_status chain_init(bps_chain *c, size_t n, z3_error *err) {
  unsigned bits = HASH_BITS_MIN;
  while (bits < HASH_BITS_MAX && ((size_t)1 << bits) < n) bits++;
  c->shift = 32 - bits;
  c->head = z3_calloc((size_t)1 << bits, sizeof *c->head);
  c->prev = z3_malloc((n ? n : 1) * sizeof *c->prev);
  if (!c->head || !c->prev) return z3_error_set(err, Z3_E_NOMEM, "out of memory indexing bps data");
  return Z3_OK;
}

static void chain_free(bps_chain *c) {
  z3_free(c->head);
  z3_free(c->prev);
}

static z3_status index_source(bps_encoder *e) {
  z3_status st = chain_init(&e->src_chain, e->src_len, e->err);
  if (st || e->src_len < HASH_LEN) return st;
  /* Inserted backwards, each chain lists its source offsets in ascending order.
   * The head table is far larger than the cache, so each insert would wait
   * for a miss; fetching the slot a few positions ahead hides that. */
  bps_chain *c = &e->src_chain;
  for (size_t p = e->src_len - HASH_LEN + 1; p-- > 0;) {
    if (p >= PREFETCH_AHEAD)
      __builtin_prefetch(&c->head[hash_at(e->src + p - PREFETCH_AHEAD, c->shift)], 1);
    if (!mid_run(e->src, p)) chain_insert(c, e->src, p);
  }
  return Z3_OK;
}

static void index_target_upto(bps_encoder *e, size_t end) {
  if (e->dst_len < HASH_LEN) return;
  size_t last = e->dst_len - HASH_LEN + 1;
  if (end > last) end = last;
  for (size_t p = e->dst_hashed; p < end; p++)
    if (!mid_run(e->dst, p)) chain_insert(&e->dst_chain, e->dst, p);
  if (end > e->dst_hashed) e->dst_hashed = end;
}

static void consider(const bps_encoder *e, bps_match *best, unsigned kind, size_t from,
                     size_t len) {
  if (len == 0) return;
  long gain = (long)len - match_cost(e, kind, from, len);
  if (gain > best->gain) *best = (bps_match){kind, from, len, gain};
}

static void consider_source(const bps_encoder *e, bps_match *best, size_t at, size_t from) {
  if (from >= e->src_len) return;
  size_t max = e->src_len - from < e->dst_len - at ? e->src_len - from : e->dst_len - at;
  consider(e, best, BPS_SOURCE_COPY, from, common_len(e->src + from, e->dst + at, max));
}

static void consider_target(const bps_encoder *e, bps_match *best, size_t at, size_t from) {
  if (from >= at) return;
  consider(e, best, BPS_TARGET_COPY, from, common_len(e->dst + from, e->dst + at, e->dst_len - at));
}

static void search_chain(const bps_encoder *e, bps_match *best, size_t at, const bps_chain *c,
                         bool source) {
  const uint8_t *data = source ? e->src : e->dst;
  unsigned kind = source ? BPS_SOURCE_COPY : BPS_TARGET_COPY;
  size_t data_len = source ? e->src_len : e->dst_len, left = e->dst_len - at;
  uint32_t link = c->head[hash_at(e->dst + at, c->shift)];
  for (int depth = 0; link && depth < CHAIN_DEPTH && best->len < NICE_LEN; depth++) {
    size_t from = link - 1, probe = best->len;
    link = c->prev[from];
    /* A candidate that differs at the best length so far is no longer than
     * the best, so only a cheaper delta could make it win; when even that
     * cannot, skip it without comparing. */
    if (probe >= left) break;
    bool shorter = from + probe >= data_len || data[from + probe] != e->dst[at + probe];
    if (shorter && (long)probe - match_cost(e, kind, from, probe) <= best->gain) continue;
    if (source) consider_source(e, best, at, from);
    else consider_target(e, best, at, from);
  }
}

/* The most profitable match at target offset `at` (gain 0 and len 0: none). */
static bps_match find_match(bps_encoder *e, size_t at) {
  bps_match best = {BPS_TARGET_READ, 0, 0, 0};
  size_t left = e->dst_len - at;
  if (at < e->src_len) {
    size_t max = e->src_len - at < left ? e->src_len - at : left;
    consider(e, &best, BPS_SOURCE_READ, at, common_len(e->src + at, e->dst + at, max));
  }
  if (best.len >= NICE_LEN) return best;
  consider_source(e, &best, at, e->source.pos + (at - e->source.moved_at));
  consider_target(e, &best, at, e->target.pos + (at - e->target.moved_at));
  if (at > 0) consider_target(e, &best, at, at - 1);
  if (left >= HASH_LEN) {
    search_chain(e, &best, at, &e->src_chain, true);
    index_target_upto(e, at);
    search_chain(e, &best, at, &e->dst_chain, false);
  }
  return best;
}

/* ---- output ---------------------------------------------------------------- */

static z3_status write_copy_delta(bps_encoder *e, bps_cursor *c, const bps_action *a) {
  z3_status st = put_number(e->out, delta_word(c->pos, a->from), e->err);
  *c = (bps_cursor){a->from + a->len, a->at + a->len};
  return st;
}

static z3_status write_action(bps_encoder *e, const bps_action *a) {
  z3_bps__count_action(e->stats, a->kind);
  z3_status st = put_number(e->out, action_word(a->kind, a->len), e->err);
  if (st) return st;
  switch (a->kind) {
    case BPS_TARGET_READ: return z3_buf_append(e->out, e->dst + a->at, a->len, e->err);
    case BPS_SOURCE_COPY: return write_copy_delta(e, &e->source_written, a);
    case BPS_TARGET_COPY: return write_copy_delta(e, &e->target_written, a);
    default: return Z3_OK;
  }
}

/* Re-derives the planned cursors from the written ones and the queue. */
static void replay_cursors(bps_encoder *e) {
  e->source = e->source_written;
  e->target = e->target_written;
  for (size_t i = 0; i < e->queued; i++) {
    const bps_action *a = &e->queue[i];
    bps_cursor moved = {a->from + a->len, a->at + a->len};
    if (a->kind == BPS_SOURCE_COPY) e->source = moved;
    if (a->kind == BPS_TARGET_COPY) e->target = moved;
  }
}

static z3_status queue_push(bps_encoder *e, bps_action a) {
  z3_status st = Z3_OK;
  if (e->queued == QUEUE_LEN) {
    st = write_action(e, &e->queue[0]);
    memmove(e->queue, e->queue + 1, (QUEUE_LEN - 1) * sizeof e->queue[0]);
    e->queued--;
  }
  e->queue[e->queued++] = a;
  bps_cursor moved = {a.from + a.len, a.at + a.len};
  if (a.kind == BPS_SOURCE_COPY) e->source = moved;
  if (a.kind == BPS_TARGET_COPY) e->target = moved;
  return st;
}

static z3_status flush_literal(bps_encoder *e) {
  size_t n = e->pos - e->literal_start;
  if (n == 0) return Z3_OK;
  z3_status st = queue_push(e, (bps_action){BPS_TARGET_READ, e->literal_start, n, 0});
  e->literal_start = e->pos;
  return st;
}

/* How many bytes before `at` the match's data also equals the target. */
static size_t back_len(const bps_encoder *e, const bps_match *m, size_t at, size_t max) {
  const uint8_t *from = m->kind == BPS_TARGET_COPY ? e->dst : e->src;
  if (max > m->from) max = m->from;
  size_t n = 0;
  while (n < max && from[m->from - 1 - n] == e->dst[at - 1 - n]) n++;
  return n;
}

/*
 * Moves the match's start back over bytes it also covers: pending literal
 * bytes, then queued actions it covers whole (whose cost is saved outright),
 * then the tail of a queued TargetRead. This repairs the greedy parser's
 * usual mistake in repetitive data: a few short copies from somewhere else
 * right before the start of a long copy that could have begun earlier.
 */
static void extend_back(bps_encoder *e, bps_match *m) {
  size_t floor = e->queued ? e->queue[0].at : e->literal_start;
  size_t k = back_len(e, m, e->pos, e->pos - floor);
  if (k == 0) return;
  size_t start = e->pos - k;
  if (start < e->literal_start) {
    while (e->queued && e->queue[e->queued - 1].at >= start) e->queued--;
    bps_action *last = e->queued ? &e->queue[e->queued - 1] : NULL;
    if (last && last->at + last->len > start) {
      if (last->kind == BPS_TARGET_READ) last->len = start - last->at;
      else start = last->at + last->len;
    }
    e->literal_start = start;
    replay_cursors(e);
  }
  m->from -= e->pos - start;
  m->len += e->pos - start;
  e->pos = start;
}

static z3_status take_match(bps_encoder *e, bps_match m) {
  extend_back(e, &m);
  z3_status st = flush_literal(e);
  if (!st) st = queue_push(e, (bps_action){m.kind, e->pos, m.len, m.from});
  if (m.kind == BPS_SOURCE_READ || m.kind == BPS_SOURCE_COPY) {
    /* Target bytes read or copied from the source stay out of the target
     * chain: a copy from them is also a SourceCopy from the same source bytes,
     * and extend_back recovers matches that begin inside them. On a typical
     * hack this is most of the target, so most of the indexing work. Bytes a
     * TargetCopy wrote do go in: a nearby copy of them has a cheaper delta. */
    index_target_upto(e, e->pos);
    if (e->dst_hashed < e->pos + m.len) e->dst_hashed = e->pos + m.len;
  }
  e->pos += m.len;
  e->literal_start = e->pos;
  return st;
}

/*
 * In a long literal run (new data: nothing matches) searching every position
 * costs a few cache misses a byte for nothing, so the search steps further the
 * longer the run gets. A match that starts between steps is still found whole:
 * extend_back moves its start back over the literal bytes.
 */
static size_t literal_step(const bps_encoder *e) {
  size_t step = 1 + ((e->pos - e->literal_start) >> SKIP_SHIFT);
  if (step > SKIP_MAX) step = SKIP_MAX;
  return step < e->dst_len - e->pos ? step : e->dst_len - e->pos;
}

/* Greedy with lazy evaluation: a short match gives way to a better one a byte later. */
static z3_status encode_actions(bps_encoder *e) {
  z3_status st = Z3_OK;
  while (!st && e->pos < e->dst_len) {
    bps_match m = find_match(e, e->pos);
    if (m.gain < MIN_GAIN) {
      e->pos += literal_step(e);
      continue;
    }
    while (m.len < LAZY_LEN && e->pos + 1 < e->dst_len) {
      bps_match next = find_match(e, e->pos + 1);
      if (next.gain <= m.gain + 1) break;
      e->pos++;
      m = next;
    }
    st = take_match(e, m);
  }
  if (!st) st = flush_literal(e);
  for (size_t i = 0; i < e->queued && !st; i++) st = write_action(e, &e->queue[i]);
  e->queued = 0;
  return st;
}

static z3_status put_le32(z3_buf *out, uint32_t v, z3_error *err) {
  uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
  return z3_buf_append(out, b, 4, err);
}

static z3_status encode_header(bps_encoder *e, const char *metadata) {
  size_t meta_len = metadata ? strlen(metadata) : 0;
  z3_status st = z3_buf_append(e->out, "BPS1", 4, e->err);
  if (!st) st = put_number(e->out, e->src_len, e->err);
  if (!st) st = put_number(e->out, e->dst_len, e->err);
  if (!st) st = put_number(e->out, meta_len, e->err);
  if (!st) st = z3_buf_append(e->out, metadata, meta_len, e->err);
  return st;
}

static z3_status encode_footer(bps_encoder *e) {
  uint32_t src_crc = z3_crc32(e->src, e->src_len), dst_crc = z3_crc32(e->dst, e->dst_len);
  z3_status st = put_le32(e->out, src_crc, e->err);
  if (!st) st = put_le32(e->out, dst_crc, e->err);
  uint32_t patch_crc = z3_crc32(e->out->data, e->out->len);
  if (!st) st = put_le32(e->out, patch_crc, e->err);
  if (e->stats) {
    e->stats->source_crc32 = src_crc;
    e->stats->target_crc32 = dst_crc;
    e->stats->patch_crc32 = patch_crc;
  }
  return st;
}

static size_t count_changed(const uint8_t *src, size_t src_len, const uint8_t *dst,
                            size_t dst_len) {
  size_t same = 0, common = src_len < dst_len ? src_len : dst_len;
  for (size_t i = 0; i < common; i++) same += src[i] == dst[i];
  return dst_len - same;
}

z3_status z3_bps_create(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *dst,
                        size_t dst_len, const char *metadata, z3_patch_stats *stats,
                        z3_error *err) {
  if (stats) memset(stats, 0, sizeof *stats);
  if (src_len > Z3_BPS_MAX_SIZE || dst_len > Z3_BPS_MAX_SIZE)
    return z3_error_set(err, Z3_E_INVALID, "%s is %zu bytes; z3ed makes bps patches up to %u MiB",
                        src_len > Z3_BPS_MAX_SIZE ? "source" : "target",
                        src_len > Z3_BPS_MAX_SIZE ? src_len : dst_len, Z3_BPS_MAX_SIZE >> 20);
  bps_encoder e = {.src = src, .src_len = src_len, .dst = dst, .dst_len = dst_len,
                   .out = out, .stats = stats, .err = err};
  out->len = 0;
  z3_status st = index_source(&e);
  if (!st) st = chain_init(&e.dst_chain, dst_len, err);
  if (!st) st = encode_header(&e, metadata);
  if (!st) st = encode_actions(&e);
  if (!st) st = encode_footer(&e);
  chain_free(&e.src_chain);
  chain_free(&e.dst_chain);
  if (!st && stats) {
    stats->source_size = src_len;
    stats->target_size = dst_len;
    stats->metadata_size = metadata ? strlen(metadata) : 0;
    stats->bytes_changed = count_changed(src, src_len, dst, dst_len);
  }
  return st;
}
