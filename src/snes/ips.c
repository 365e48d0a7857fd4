/*
 * IPS patches.
 *
 *   "PATCH"
 *   repeat {
 *     u24 offset (big-endian)         never 0x454F46: that reads as "EOF"
 *     u16 size   (big-endian)
 *     size > 0:  byte data[size]
 *     size == 0: u16 run length, byte value    (RLE record)
 *   }
 *   "EOF"
 *   [u24 length]                              truncation extension (Lunar IPS)
 *
 * Records may write past the end of the source; the gap is zero-filled. The
 * 24-bit offset and 16-bit size bound every write below 16 MiB + 64 KiB, and
 * we refuse anything past 16 MiB so the target always fits an IPS offset.
 */
#include <string.h>

#include "snes/patch.h"

enum {
  IPS_MAGIC_LEN = 5,
  IPS_EOF_OFFSET = 0x454F46, /* "EOF" */
  IPS_RECORD_MAX = 0xFFFF,
  IPS_RECORD_COST = 5, /* offset + size */
  IPS_RLE_COST = 8,    /* offset + zero size + run length + value */
};

static const uint8_t ips_magic[IPS_MAGIC_LEN] = {'P', 'A', 'T', 'C', 'H'};

static uint32_t read_u24(const uint8_t *p) {
  return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}
static uint32_t read_u16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }

static void stats_reset(z3_patch_stats *stats) {
  if (stats) memset(stats, 0, sizeof *stats);
}

/* ---- apply --------------------------------------------------------------- */

typedef struct ips_reader {
  const uint8_t *p;
  size_t len;
  size_t pos;
  z3_buf *out;
  z3_patch_stats *stats;
  z3_error *err;
} ips_reader;

static z3_status ips_truncated(ips_reader *r, size_t at, const char *what) {
  z3_error_set_at(r->err, Z3_E_INVALID, (int64_t)at,
                  "ips patch is truncated: %s at patch offset 0x%zx is incomplete", what, at);
  z3_error_hint(r->err, "the patch file is cut short; download it again");
  return Z3_E_INVALID;
}

/* Makes room for [offset, end) in the output; bytes past the source are zero. */
static z3_status ips_reach(ips_reader *r, size_t record_at, size_t offset, size_t size) {
  size_t end = offset + size;
  if (end > Z3_IPS_MAX_SIZE)
    return z3_error_set_at(r->err, Z3_E_INVALID, (int64_t)record_at,
                           "ips record at patch offset 0x%zx writes past 16 MiB "
                           "(offset 0x%zx, %zu bytes)",
                           record_at, offset, size);
  if (end > r->out->len) return z3_buf_resize(r->out, end, r->err);
  return Z3_OK;
}

static z3_status ips_apply_record(ips_reader *r) {
  size_t at = r->pos;
  if (r->len - at < 5) return ips_truncated(r, at, "record header");
  size_t offset = read_u24(r->p + at);
  size_t size = read_u16(r->p + at + 3);
  r->pos += 5;
  if (size == 0) { /* RLE record */
    if (r->len - r->pos < 3) return ips_truncated(r, at, "rle record");
    size_t run = read_u16(r->p + r->pos);
    uint8_t value = r->p[r->pos + 2];
    r->pos += 3;
    z3_status st = ips_reach(r, at, offset, run);
    if (st) return st;
    memset(r->out->data + offset, value, run);
    if (r->stats) r->stats->rle_records++;
  } else {
    if (r->len - r->pos < size) return ips_truncated(r, at, "record data");
    z3_status st = ips_reach(r, at, offset, size);
    if (st) return st;
    memcpy(r->out->data + offset, r->p + r->pos, size);
    r->pos += size;
  }
  if (r->stats) r->stats->records++;
  return Z3_OK;
}

/* After "EOF": nothing, or a 3-byte length the target is truncated to. */
static z3_status ips_apply_tail(ips_reader *r) {
  size_t rest = r->len - r->pos;
  if (rest == 0) return Z3_OK;
  if (rest != 3) {
    z3_error_set_at(r->err, Z3_E_INVALID, (int64_t)r->pos,
                    "ips patch has %zu unexpected bytes after the 'EOF' marker "
                    "at patch offset 0x%zx",
                    rest, r->pos - 3);
    if (rest >= 2)
      z3_error_hint(r->err, "a record for offset 0x454F46 reads as 'EOF'; the tool that made "
                            "this patch did not avoid that offset");
    return Z3_E_INVALID;
  }
  size_t keep = read_u24(r->p + r->pos);
  if (keep < r->out->len) r->out->len = keep;
  if (r->stats) r->stats->truncates = true;
  return Z3_OK;
}

z3_status z3_ips_apply(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *patch,
                       size_t patch_len, z3_patch_stats *stats, z3_error *err) {
  stats_reset(stats);
  if (patch_len < IPS_MAGIC_LEN || memcmp(patch, ips_magic, IPS_MAGIC_LEN) != 0)
    return z3_error_set_at(err, Z3_E_INVALID, 0, "not an ips patch: missing 'PATCH' magic");
  if (src_len > Z3_IPS_MAX_SIZE)
    return z3_error_set(err, Z3_E_INVALID,
                        "source is %zu bytes; ips can only address 16 MiB", src_len);
  out->len = 0;
  z3_status st = z3_buf_append(out, src, src_len, err);
  if (st) return st;
  ips_reader r = {patch, patch_len, IPS_MAGIC_LEN, out, stats, err};
  for (;;) {
    if (r.len - r.pos < 3) {
      z3_error_set_at(err, Z3_E_INVALID, (int64_t)r.pos,
                      "ips patch ends at patch offset 0x%zx without an 'EOF' marker", r.pos);
      z3_error_hint(err, "the patch file is cut short; download it again");
      return Z3_E_INVALID;
    }
    if (read_u24(r.p + r.pos) == IPS_EOF_OFFSET) break;
    st = ips_apply_record(&r);
    if (st) return st;
  }
  r.pos += 3;
  st = ips_apply_tail(&r);
  if (st) return st;
  if (stats) {
    stats->source_size = src_len;
    stats->target_size = out->len;
  }
  return Z3_OK;
}

/* ---- create -------------------------------------------------------------- */

/*
 * Choosing records is a shortest-path problem over target positions: every
 * changed byte must be covered by a record; a literal record costs 5 + length,
 * an RLE record 8 whatever its length; a record may also cover unchanged bytes
 * when that is cheaper than starting another one. Dynamic programming finds the
 * cheapest cover in one pass:
 *
 *   best[i]  cheapest cover of the changes before i, no record open at i
 *   lit[i]   cheapest cover with a literal record still open, covering i - 1
 *
 *   lit[i+1]  = min(lit[i], best[i] + 5) + 1
 *   best[i+1] = min(best[i]            if byte i is unchanged,
 *                   lit[i+1],
 *                   best[run start] + 8 while byte i extends a run)
 *
 * best never decreases with i, so an RLE record ending at i is cheapest when
 * it starts at the start of its run. No record may start at 0x454F46; the run
 * start moves one byte later there and literals opened there are not allowed,
 * so the byte is covered by a record starting before it.
 *
 * Records longer than 0xFFFF are split afterwards; that costs a few bytes per
 * 64 KiB, far less than carrying lengths in the state.
 */

enum { CHOSE_SKIP = 0, CHOSE_LITERAL = 1, CHOSE_RLE = 2, OPENED_LITERAL = 4 };

typedef struct ips_creator {
  const uint8_t *src;
  size_t src_len;
  const uint8_t *dst;
  size_t dst_len;
  uint8_t *choice; /* per target byte: CHOSE_* for best[i+1] | OPENED_LITERAL for lit[i+1] */
} ips_creator;

static bool ips_changed(const ips_creator *c, size_t i) {
  return i >= c->src_len || c->src[i] != c->dst[i];
}

static void ips_plan(ips_creator *c) {
  const uint32_t inf = UINT32_MAX / 2;
  uint32_t best = 0, lit = inf, best_run = 0;
  size_t run = 0; /* where an RLE record ending here would start */
  for (size_t i = 0; i < c->dst_len; i++) {
    if (i == 0 || c->dst[i] != c->dst[i - 1]) run = i == IPS_EOF_OFFSET ? i + 1 : i;
    if (i == run) best_run = best;
    uint8_t ch = 0;
    uint32_t lit_next = lit + 1;
    if (i != IPS_EOF_OFFSET && best + IPS_RECORD_COST + 1 < lit_next) {
      lit_next = best + IPS_RECORD_COST + 1;
      ch |= OPENED_LITERAL;
    }
    uint32_t best_next = ips_changed(c, i) ? inf : best;
    if (lit_next < best_next) {
      best_next = lit_next;
      ch |= CHOSE_LITERAL;
    }
    if (i >= run && best_run + IPS_RLE_COST < best_next) {
      best_next = best_run + IPS_RLE_COST;
      ch = (uint8_t)((ch & OPENED_LITERAL) | CHOSE_RLE);
    }
    c->choice[i] = ch;
    best = best_next;
    lit = lit_next;
  }
}

typedef struct ips_record {
  uint32_t offset;
  uint32_t len;
  bool rle;
} ips_record;

typedef struct ips_records {
  ips_record *v;
  size_t n, cap;
} ips_records;

static z3_status records_push(ips_records *rs, size_t offset, size_t len, bool rle,
                              z3_error *err) {
  if (rs->n == rs->cap) {
    size_t cap = rs->cap ? rs->cap * 2 : 64;
    ips_record *v = z3_realloc(rs->v, cap * sizeof *v);
    if (!v) return z3_error_set(err, Z3_E_NOMEM, "out of memory planning ips records");
    rs->v = v;
    rs->cap = cap;
  }
  rs->v[rs->n++] = (ips_record){(uint32_t)offset, (uint32_t)len, rle};
  return Z3_OK;
}

static size_t ips_run_start(const ips_creator *c, size_t last) {
  size_t s = last;
  while (s > 0 && c->dst[s - 1] == c->dst[last]) s--;
  return s == IPS_EOF_OFFSET ? s + 1 : s;
}

/* Walks the choices back from the end; records come out last first. */
static z3_status ips_backtrack(const ips_creator *c, ips_records *rs, z3_error *err) {
  size_t i = c->dst_len, lit_end = 0;
  bool in_literal = false;
  z3_status st = Z3_OK;
  while (i > 0 && !st) {
    uint8_t ch = c->choice[i - 1];
    if (in_literal) {
      if (ch & OPENED_LITERAL) {
        st = records_push(rs, i - 1, lit_end - (i - 1), false, err);
        in_literal = false;
      }
      i--;
    } else if ((ch & 3) == CHOSE_LITERAL) {
      in_literal = true;
      lit_end = i;
    } else if ((ch & 3) == CHOSE_RLE) {
      size_t s = ips_run_start(c, i - 1);
      st = records_push(rs, s, i - s, true, err);
      i = s;
    } else {
      i--;
    }
  }
  return st;
}

static void put_u24(uint8_t *p, size_t v) {
  p[0] = (uint8_t)(v >> 16);
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)v;
}
static void put_u16(uint8_t *p, size_t v) {
  p[0] = (uint8_t)(v >> 8);
  p[1] = (uint8_t)v;
}

static z3_status ips_emit_chunk(z3_buf *out, const ips_creator *c, size_t at, size_t len,
                                bool rle, z3_error *err) {
  uint8_t head[8];
  put_u24(head, at);
  if (rle) {
    put_u16(head + 3, 0);
    put_u16(head + 5, len);
    head[7] = c->dst[at];
    return z3_buf_append(out, head, IPS_RLE_COST, err);
  }
  put_u16(head + 3, len);
  z3_status st = z3_buf_append(out, head, IPS_RECORD_COST, err);
  return st ? st : z3_buf_append(out, c->dst + at, len, err);
}

/* Where the chunk after [at, at + len) starts: a literal's next chunk skips
 * unchanged bytes, and no chunk may start at "EOF" (the chunk before gives up
 * its last byte instead, or the next one takes an unchanged byte). */
static size_t ips_next_chunk(const ips_creator *c, const ips_record *r, size_t at, size_t *len) {
  size_t end = (size_t)r->offset + r->len, next = at + *len;
  if (!r->rle)
    while (next < end && !ips_changed(c, next)) next++;
  if (next == IPS_EOF_OFFSET && next < end) {
    if (next > at + *len) next--;
    else (*len)--, next--;
  }
  return next;
}

/* Splits a planned record into chunks of at most 0xFFFF bytes. Unchanged
 * bytes where a literal is cut need not be written: the chunk before ends
 * early and the chunk after starts late. */
static z3_status ips_emit_record(z3_buf *out, const ips_creator *c, const ips_record *r,
                                 z3_patch_stats *stats, z3_error *err) {
  size_t at = r->offset, end = (size_t)r->offset + r->len;
  while (at < end) {
    size_t len = end - at < IPS_RECORD_MAX ? end - at : IPS_RECORD_MAX;
    if (at + len < end && !r->rle)
      while (len > 1 && !ips_changed(c, at + len - 1)) len--;
    size_t next = ips_next_chunk(c, r, at, &len);
    if (len > 0) {
      z3_status st = ips_emit_chunk(out, c, at, len, r->rle, err);
      if (st) return st;
      if (stats) {
        stats->records++;
        if (r->rle) stats->rle_records++;
      }
    }
    at = next;
  }
  return Z3_OK;
}

static z3_status ips_write(z3_buf *out, const ips_creator *c, const ips_records *rs,
                           z3_patch_stats *stats, z3_error *err) {
  z3_status st = z3_buf_append(out, ips_magic, IPS_MAGIC_LEN, err);
  for (size_t k = rs->n; k > 0 && !st; k--) st = ips_emit_record(out, c, &rs->v[k - 1], stats, err);
  if (!st) st = z3_buf_append(out, "EOF", 3, err);
  if (!st && c->dst_len < c->src_len) {
    uint8_t len[3];
    put_u24(len, c->dst_len);
    st = z3_buf_append(out, len, 3, err);
    if (stats) stats->truncates = true;
  }
  return st;
}

z3_status z3_ips_create(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *dst,
                        size_t dst_len, z3_patch_stats *stats, z3_error *err) {
  stats_reset(stats);
  if (src_len > Z3_IPS_MAX_SIZE || dst_len > Z3_IPS_MAX_SIZE)
    return z3_error_set(err, Z3_E_INVALID,
                        "%s is %zu bytes; ips can only address 16 MiB",
                        src_len > Z3_IPS_MAX_SIZE ? "source" : "target",
                        src_len > Z3_IPS_MAX_SIZE ? src_len : dst_len);
  ips_creator c = {src, src_len, dst, dst_len, z3_malloc(dst_len)};
  if (!c.choice) return z3_error_set(err, Z3_E_NOMEM, "out of memory planning ips records");
  ips_plan(&c);
  ips_records rs = {0};
  out->len = 0;
  z3_status st = ips_backtrack(&c, &rs, err);
  if (!st) st = ips_write(out, &c, &rs, stats, err);
  if (!st && stats) {
    for (size_t i = 0; i < dst_len; i++) stats->bytes_changed += ips_changed(&c, i);
    stats->source_size = src_len;
    stats->target_size = dst_len;
  }
  z3_free(rs.v);
  z3_free(c.choice);
  return st;
}
