/*
 * BPS patches: reading and applying (the encoder is in bps_create.c).
 *
 *   "BPS1"
 *   number source size, number target size
 *   number metadata size, byte metadata[metadata size]
 *   actions until 12 bytes before the end:
 *     number (length - 1) << 2 | kind
 *       kind 0 SourceRead   target[out] = source[out]        (same offset)
 *       kind 1 TargetRead   byte data[length] follows
 *       kind 2 SourceCopy   number delta; source cursor += delta, then copy
 *       kind 3 TargetCopy   number delta; target cursor += delta, then copy
 *     delta is encoded as |delta| << 1 | (delta < 0)
 *   u32 source CRC32, u32 target CRC32, u32 CRC32 of every patch byte before it
 *   (all little-endian)
 *
 * A "number" is a little-endian base-128 varint where each continuation adds
 * one, so every value has exactly one encoding: bytes 0x00-0x7F continue,
 * a set top bit ends the number.
 *
 * Everything read from the patch is checked before it is used: a length or
 * cursor that leaves the source, the target or the patch is an error naming
 * the patch offset of the action, never an out-of-bounds access.
 */
#include <inttypes.h>
#include <string.h>

#include "snes/bps_internal.h"

enum { BPS_MAGIC_LEN = 4, BPS_FOOTER_LEN = 12, BPS_MIN_LEN = BPS_MAGIC_LEN + 3 + BPS_FOOTER_LEN };


typedef struct bps_header {
  uint64_t source_size;
  uint64_t target_size;
  uint64_t metadata_size;
  size_t actions_at; /* patch offset of the first action */
  size_t footer_at;  /* patch offset of the source CRC32 */
  uint32_t source_crc32;
  uint32_t target_crc32;
  uint32_t patch_crc32;
} bps_header;

typedef struct bps_reader {
  const uint8_t *p;
  size_t pos;
  size_t end; /* actions stop here: the footer starts */
  z3_error *err;
} bps_reader;

static uint32_t read_le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Decodes one number; refuses values that do not fit 64 bits. */
static z3_status bps_number(bps_reader *r, uint64_t *out, const char *what) {
  size_t at = r->pos;
  uint64_t value = 0, shift = 1;
  for (;;) {
    if (r->pos >= r->end) {
      z3_error_set_at(r->err, Z3_E_INVALID, (int64_t)at,
                      "bps patch is truncated: %s at patch offset 0x%zx runs into the footer",
                      what, at);
      return Z3_E_INVALID;
    }
    uint8_t x = r->p[r->pos++];
    uint64_t part;
    bool overflow = __builtin_mul_overflow((uint64_t)(x & 0x7f), shift, &part) ||
                    __builtin_add_overflow(value, part, &value);
    if (!overflow && (x & 0x80)) break;
    overflow = overflow || shift > (UINT64_MAX >> 7);
    if (!overflow) {
      shift <<= 7;
      overflow = __builtin_add_overflow(value, shift, &value);
    }
    if (overflow)
      return z3_error_set_at(r->err, Z3_E_INVALID, (int64_t)at,
                             "bps %s at patch offset 0x%zx does not fit in 64 bits", what, at);
  }
  *out = value;
  return Z3_OK;
}

static z3_status bps_parse_header(bps_header *h, const uint8_t *patch, size_t len,
                                  z3_error *err) {
  memset(h, 0, sizeof *h);
  if (len < BPS_MAGIC_LEN || memcmp(patch, "BPS1", BPS_MAGIC_LEN) != 0)
    return z3_error_set_at(err, Z3_E_INVALID, 0, "not a bps patch: missing 'BPS1' magic");
  if (len < BPS_MIN_LEN)
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)len,
                           "bps patch is truncated: %zu bytes cannot hold a header and footer",
                           len);
  h->footer_at = len - BPS_FOOTER_LEN;
  h->source_crc32 = read_le32(patch + h->footer_at);
  h->target_crc32 = read_le32(patch + h->footer_at + 4);
  h->patch_crc32 = read_le32(patch + h->footer_at + 8);
  uint32_t actual = z3_crc32(patch, len - 4);
  if (actual != h->patch_crc32) {
    z3_error_set_at(err, Z3_E_INVALID, (int64_t)(len - 4),
                    "bps patch checksum mismatch at patch offset 0x%zx: "
                    "stored %08" PRIx32 ", computed %08" PRIx32,
                    len - 4, h->patch_crc32, actual);
    z3_error_hint(err, "the patch file is corrupt or cut short; download it again");
    return Z3_E_INVALID;
  }
  bps_reader r = {patch, BPS_MAGIC_LEN, h->footer_at, err};
  z3_status st = bps_number(&r, &h->source_size, "source size");
  if (!st) st = bps_number(&r, &h->target_size, "target size");
  size_t meta_at = r.pos;
  if (!st) st = bps_number(&r, &h->metadata_size, "metadata size");
  if (st) return st;
  if (h->metadata_size > r.end - r.pos)
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)meta_at,
                           "bps metadata at patch offset 0x%zx claims %" PRIu64
                           " bytes but only %zu remain before the footer",
                           meta_at, h->metadata_size, r.end - r.pos);
  h->actions_at = r.pos + (size_t)h->metadata_size;
  return Z3_OK;
}

static void bps_fill_stats(z3_patch_stats *stats, const bps_header *h) {
  if (!stats) return;
  stats->source_size = h->source_size;
  stats->target_size = h->target_size;
  stats->metadata_size = h->metadata_size;
  stats->source_crc32 = h->source_crc32;
  stats->target_crc32 = h->target_crc32;
  stats->patch_crc32 = h->patch_crc32;
}

z3_status z3_bps_read_info(z3_patch_stats *out, const uint8_t *patch, size_t patch_len,
                           z3_error *err) {
  if (out) memset(out, 0, sizeof *out);
  bps_header h;
  z3_status st = bps_parse_header(&h, patch, patch_len, err);
  if (st) return st;
  bps_fill_stats(out, &h);
  return Z3_OK;
}

z3_status z3_bps_metadata(const uint8_t *patch, size_t patch_len, size_t *offset, size_t *len, z3_error *err) {
  bps_header h;
  z3_status st = bps_parse_header(&h, patch, patch_len, err);
  if (st) return st;
  *len = (size_t)h.metadata_size;
  *offset = h.actions_at - *len;
  return Z3_OK;
}

/* ---- apply --------------------------------------------------------------- */

typedef struct bps_applier {
  bps_reader r;
  const uint8_t *src;
  size_t src_len;
  z3_buf *out;
  size_t target_size;
  size_t source_cursor; /* SourceCopy's relative offset */
  size_t target_cursor; /* TargetCopy's relative offset */
  z3_patch_stats *stats;
} bps_applier;

/* The source must be the one the patch was made for: size first, then CRC. */
static z3_status bps_check_source(const bps_header *h, const uint8_t *src, size_t src_len,
                                  z3_error *err) {
  if (h->source_size != src_len) {
    z3_error_set_at(err, Z3_E_INVALID, BPS_MAGIC_LEN,
                    "bps source size mismatch at patch offset 0x%x: the patch expects %" PRIu64
                    " bytes, the source has %zu",
                    BPS_MAGIC_LEN, h->source_size, src_len);
    if (src_len == h->source_size + 512)
      z3_error_hint(err, "the source has a 512-byte copier header; remove it and try again");
    else
      z3_error_hint(err, "this patch was made for a different ROM");
    return Z3_E_INVALID;
  }
  uint32_t crc = z3_crc32(src, src_len);
  if (crc != h->source_crc32) {
    z3_error_set_at(err, Z3_E_INVALID, (int64_t)h->footer_at,
                    "bps source checksum mismatch at patch offset 0x%zx", h->footer_at);
    if (crc == h->target_crc32)
      z3_error_hint(err, "the source already is the patched ROM: source CRC32 is %08" PRIx32
                         ", which is the patch's target",
                    crc);
    else
      z3_error_hint(err, "this patch was made for a different ROM: source CRC32 is %08" PRIx32
                         ", expected %08" PRIx32,
                    crc, h->source_crc32);
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

/* Moves a copy cursor by a signed delta; the result must lie in [0, limit). */
static z3_status bps_seek(bps_applier *a, size_t at, size_t *cursor, size_t limit,
                          const char *kind, const char *space) {
  uint64_t raw;
  z3_status st = bps_number(&a->r, &raw, "copy offset");
  if (st) return st;
  uint64_t delta = raw >> 1;
  bool back = raw & 1;
  uint64_t dest = *cursor;
  bool ok = back ? delta <= dest : !__builtin_add_overflow(dest, delta, &dest);
  if (back && ok) dest -= delta;
  if (!ok || dest >= limit)
    return z3_error_set_at(a->r.err, Z3_E_INVALID, (int64_t)at,
                           "bps %s at patch offset 0x%zx moves its cursor outside the %s "
                           "(from %zu by %s%" PRIu64 ", %zu bytes available)",
                           kind, at, space, *cursor, back ? "-" : "+", delta, limit);
  *cursor = (size_t)dest;
  return Z3_OK;
}

static z3_status bps_source_read(bps_applier *a, size_t at, size_t len) {
  size_t o = a->out->len;
  if (o > a->src_len || len > a->src_len - o)
    return z3_error_set_at(a->r.err, Z3_E_INVALID, (int64_t)at,
                           "bps source read at patch offset 0x%zx reads past the end of the "
                           "source (%zu bytes at %zu, source is %zu bytes)",
                           at, len, o, a->src_len);
  memcpy(a->out->data + o, a->src + o, len);
  a->out->len += len;
  return Z3_OK;
}

static z3_status bps_target_read(bps_applier *a, size_t at, size_t len) {
  if (len > a->r.end - a->r.pos)
    return z3_error_set_at(a->r.err, Z3_E_INVALID, (int64_t)at,
                           "bps patch is truncated: target read at patch offset 0x%zx needs "
                           "%zu bytes, %zu remain before the footer",
                           at, len, a->r.end - a->r.pos);
  memcpy(a->out->data + a->out->len, a->r.p + a->r.pos, len);
  a->r.pos += len;
  a->out->len += len;
  return Z3_OK;
}

static z3_status bps_source_copy(bps_applier *a, size_t at, size_t len) {
  z3_status st = bps_seek(a, at, &a->source_cursor, a->src_len, "source copy", "source");
  if (st) return st;
  if (len > a->src_len - a->source_cursor)
    return z3_error_set_at(a->r.err, Z3_E_INVALID, (int64_t)at,
                           "bps source copy at patch offset 0x%zx reads past the end of the "
                           "source (%zu bytes at %zu, source is %zu bytes)",
                           at, len, a->source_cursor, a->src_len);
  memcpy(a->out->data + a->out->len, a->src + a->source_cursor, len);
  a->source_cursor += len;
  a->out->len += len;
  return Z3_OK;
}

/* The copy may overlap what it writes (a run: distance 1 repeats one byte), so
 * it proceeds in chunks no longer than the distance, each a plain memcpy. */
static z3_status bps_target_copy(bps_applier *a, size_t at, size_t len) {
  z3_status st = bps_seek(a, at, &a->target_cursor, a->out->len, "target copy", "target");
  if (st) return st;
  uint8_t *d = a->out->data;
  size_t o = a->out->len, from = a->target_cursor, dist = o - from;
  if (dist == 1) {
    memset(d + o, d[from], len);
  } else {
    for (size_t left = len; left > 0;) {
      size_t n = left < dist ? left : dist;
      memcpy(d + o + (len - left), d + from + (len - left), n);
      left -= n;
    }
  }
  a->target_cursor += len;
  a->out->len += len;
  return Z3_OK;
}

void z3_bps__count_action(z3_patch_stats *stats, unsigned kind) {
  if (!stats) return;
  stats->records++;
  size_t *counts[] = {&stats->source_reads, &stats->target_reads, &stats->source_copies,
                      &stats->target_copies};
  (*counts[kind])++;
}

static z3_status bps_action(bps_applier *a) {
  size_t at = a->r.pos;
  uint64_t word;
  z3_status st = bps_number(&a->r, &word, "action");
  if (st) return st;
  unsigned kind = (unsigned)(word & 3);
  uint64_t len = (word >> 2) + 1;
  size_t room = a->target_size - a->out->len;
  if (len > room)
    return z3_error_set_at(a->r.err, Z3_E_INVALID, (int64_t)at,
                           "bps action at patch offset 0x%zx writes %" PRIu64
                           " bytes but only %zu of the %zu-byte target remain",
                           at, len, room, a->target_size);
  z3_bps__count_action(a->stats, kind);
  switch (kind) {
    case BPS_SOURCE_READ: return bps_source_read(a, at, (size_t)len);
    case BPS_TARGET_READ: return bps_target_read(a, at, (size_t)len);
    case BPS_SOURCE_COPY: return bps_source_copy(a, at, (size_t)len);
    default: return bps_target_copy(a, at, (size_t)len);
  }
}

static z3_status bps_check_target(const bps_applier *a, const bps_header *h, z3_error *err) {
  if (a->out->len != a->target_size)
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)h->footer_at,
                           "bps patch is truncated: its actions end at patch offset 0x%zx "
                           "after %zu of %zu target bytes",
                           h->footer_at, a->out->len, a->target_size);
  uint32_t crc = z3_crc32(a->out->data, a->out->len);
  if (crc != h->target_crc32) {
    z3_error_set_at(err, Z3_E_INVALID, (int64_t)h->footer_at + 4,
                    "bps target checksum mismatch at patch offset 0x%zx: "
                    "result CRC32 is %08" PRIx32 ", expected %08" PRIx32,
                    h->footer_at + 4, crc, h->target_crc32);
    z3_error_hint(err, "the patch is inconsistent; it was not made by a working bps creator");
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

z3_status z3_bps_apply(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *patch,
                       size_t patch_len, z3_patch_stats *stats, z3_error *err) {
  if (stats) memset(stats, 0, sizeof *stats);
  bps_header h;
  z3_status st = bps_parse_header(&h, patch, patch_len, err);
  if (!st) st = bps_check_source(&h, src, src_len, err);
  if (st) return st;
  if (h.target_size > Z3_BPS_MAX_SIZE)
    return z3_error_set_at(err, Z3_E_INVALID, BPS_MAGIC_LEN,
                           "bps target size %" PRIu64 " is larger than the %u MiB z3ed accepts",
                           h.target_size, Z3_BPS_MAX_SIZE >> 20);
  bps_applier a = {{patch, h.actions_at, h.footer_at, err}, src, src_len, out,
                   (size_t)h.target_size, 0, 0, stats};
  out->len = 0;
  st = z3_buf_reserve(out, a.target_size, err);
  while (!st && a.r.pos < a.r.end) st = bps_action(&a);
  if (!st) st = bps_check_target(&a, &h, err);
  if (!st) bps_fill_stats(stats, &h);
  return st;
}
