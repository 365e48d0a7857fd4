/*
 * LC_LZ2 decompression (the encoders are in lz2_compress.c); the format is in
 * lz2.h and the data reference §2.
 *
 * The decoder writes straight into the output buffer: each chunk first makes
 * room for all of its bytes (one capacity check, doubling growth), then fills
 * them with memcpy/memset or a tight loop. Nothing from the stream is trusted:
 * every header, operand and literal is checked against the input's end, every
 * chunk against max_out and every copy offset against the bytes written so
 * far, before anything is read or written. On failure `out` is left as it was.
 */
#include <string.h>

#include "snes/lz2.h"

enum {
  LZ2_END = 0xFF,       /* header byte that ends a stream */
  LZ2_EXTENDED = 7,     /* top three bits 111: two-byte header */
  LZ2_COPY = 4,         /* commands 4..7 are copies */
};

typedef struct lz2_decoder {
  z3_buf *out;
  size_t base;    /* out->len on entry: copy offsets count from here */
  size_t max_out; /* bytes this stream may produce */
  const uint8_t *src;
  size_t src_len;
  size_t pos;     /* next input byte */
  z3_lz2_variant variant;
  z3_error *err;
} lz2_decoder;

/* One chunk as its header describes it. */
typedef struct lz2_chunk {
  size_t at;     /* input offset of the header, for error messages */
  unsigned cmd;  /* 0..7 */
  size_t len;    /* output bytes, 1..1024 */
} lz2_chunk;

const char *z3_lz2_variant_name(z3_lz2_variant v) {
  return v == Z3_LZ2_OVERWORLD ? "overworld" : "graphics";
}

const char *z3_lz2_mode_name(z3_lz2_mode m) { return m == Z3_LZ2_GREEDY ? "greedy" : "optimal"; }

static const char *cmd_name(unsigned cmd) {
  static const char *const names[8] = {"direct copy", "byte fill", "word fill",
                                       "increasing fill", "copy", "copy (command 5)",
                                       "copy (command 6)", "copy (command 7)"};
  return names[cmd & 7];
}

/* Operand bytes after the header; literals are counted separately. */
static size_t operand_size(unsigned cmd) {
  if (cmd == 0) return 0;
  return cmd == 1 || cmd == 3 ? 1 : 2;
}

static z3_status truncated(lz2_decoder *d, const lz2_chunk *c, const char *what, size_t need) {
  return z3_error_set_at(d->err, Z3_E_INVALID, (int64_t)c->at,
                         "lz2 stream is truncated: %s at input offset 0x%zx needs %zu %s, "
                         "only %zu left",
                         cmd_name(c->cmd), c->at, need, what, d->src_len - d->pos);
}

/* Reads a header at d->pos. *end is set for the $FF terminator. */
static z3_status read_header(lz2_decoder *d, lz2_chunk *c, bool *end) {
  c->at = d->pos;
  if (d->pos >= d->src_len)
    return z3_error_set_at(d->err, Z3_E_INVALID, (int64_t)d->pos,
                           "lz2 stream has no $ff terminator: input ends at offset 0x%zx after "
                           "%zu bytes of output",
                           d->pos, d->out->len - d->base);
  uint8_t h = d->src[d->pos++];
  *end = h == LZ2_END;
  if (*end) return Z3_OK;
  c->cmd = h >> 5;
  c->len = (size_t)(h & 0x1F) + 1;
  if (c->cmd != LZ2_EXTENDED) return Z3_OK;
  c->cmd = (h >> 2) & 7;
  if (d->pos >= d->src_len)
    return z3_error_set_at(d->err, Z3_E_INVALID, (int64_t)c->at,
                           "lz2 stream is truncated: extended header $%02x at input offset "
                           "0x%zx is missing its second byte",
                           h, c->at);
  c->len = ((size_t)(h & 3) << 8 | d->src[d->pos++]) + 1;
  return Z3_OK;
}

/* Checks the chunk's input bytes are present and its output fits, and grows
 * the buffer so the chunk can be written without further checks. */
static z3_status make_room(lz2_decoder *d, const lz2_chunk *c) {
  size_t left = d->src_len - d->pos;
  size_t ops = operand_size(c->cmd);
  if (ops > left) return truncated(d, c, ops == 1 ? "operand byte" : "operand bytes", ops);
  if (c->cmd == 0 && c->len > left) return truncated(d, c, "literal bytes", c->len);
  size_t produced = d->out->len - d->base;
  if (c->len > d->max_out - produced)
    return z3_error_set_at(d->err, Z3_E_INVALID, (int64_t)c->at,
                           "lz2 output too large: %s of %zu bytes at input offset 0x%zx would "
                           "grow the output from %zu past the limit of %zu bytes",
                           cmd_name(c->cmd), c->len, c->at, produced, d->max_out);
  return z3_buf_reserve(d->out, d->out->len + c->len, d->err);
}

/* Forwards, one byte at a time in effect: a source that reaches into the bytes
 * being written repeats them, as the game's loop does. */
static z3_status run_copy(lz2_decoder *d, const lz2_chunk *c) {
  const uint8_t *p = d->src + d->pos;
  size_t off = d->variant == Z3_LZ2_OVERWORLD ? (size_t)p[0] << 8 | p[1]
                                               : (size_t)p[1] << 8 | p[0];
  d->pos += 2;
  size_t produced = d->out->len - d->base;
  if (off >= produced)
    return z3_error_set_at(d->err, Z3_E_INVALID, (int64_t)c->at,
                           "lz2 %s at input offset 0x%zx reads from output offset 0x%zx, at or "
                           "beyond the 0x%zx bytes written so far",
                           cmd_name(c->cmd), c->at, off, produced);
  uint8_t *dst = d->out->data + d->out->len;
  const uint8_t *from = d->out->data + d->base + off;
  size_t n = c->len, dist = produced - off;
  if (dist >= n) {
    memcpy(dst, from, n);
  } else if (dist == 1) {
    memset(dst, *from, n);
  } else {
    for (size_t i = 0; i < n; i++) dst[i] = from[i];
  }
  d->out->len += n;
  return Z3_OK;
}

/* Commands 0..3; the operands were checked by make_room. */
static void run_fill(lz2_decoder *d, const lz2_chunk *c) {
  uint8_t *dst = d->out->data + d->out->len;
  const uint8_t *p = d->src + d->pos;
  size_t n = c->len;
  switch (c->cmd) {
  case 0:
    memcpy(dst, p, n);
    d->pos += n;
    break;
  case 1:
    memset(dst, p[0], n);
    d->pos += 1;
    break;
  case 2:
    for (size_t i = 0; i < n; i++) dst[i] = p[i & 1];
    d->pos += 2;
    break;
  default: /* 3 */
    for (size_t i = 0; i < n; i++) dst[i] = (uint8_t)(p[0] + i);
    d->pos += 1;
    break;
  }
  d->out->len += n;
}

z3_status z3_lz2_decompress(z3_buf *out, const uint8_t *src, size_t src_len,
                            z3_lz2_variant variant, size_t max_out, size_t *consumed,
                            z3_error *err) {
  lz2_decoder d = {.out = out,
                   .base = out->len,
                   .max_out = max_out ? max_out : Z3_LZ2_MAX_OUTPUT,
                   .src = src,
                   .src_len = src ? src_len : 0,
                   .variant = variant,
                   .err = err};
  for (;;) {
    lz2_chunk c = {0}; /* zeroed: -O3 cannot see read_header fills it on success */
    bool end = false;
    z3_status st = read_header(&d, &c, &end);
    if (!st && end) break;
    if (!st) st = make_room(&d, &c);
    if (!st) {
      if (c.cmd >= LZ2_COPY) st = run_copy(&d, &c);
      else run_fill(&d, &c);
    }
    if (st) {
      out->len = d.base;
      return st;
    }
  }
  if (consumed) *consumed = d.pos;
  return Z3_OK;
}
