/*
 * IPS and BPS patches: apply and create.
 *
 * Every function works on memory; callers do the file I/O (atomically) so a
 * rejected patch never leaves a half-written file. On failure `out` holds
 * nothing useful and err names the byte offset in the patch where the problem
 * is (err->offset too).
 *
 * Ownership: `out` must be initialised by the caller (z3_buf_init) and is
 * released by the caller (z3_buf_release), on success and failure alike.
 */
#ifndef Z3_SNES_PATCH_H
#define Z3_SNES_PATCH_H

#include "base/base.h"

/* IPS offsets are 24-bit, so neither source nor target may exceed 16 MiB. */
#define Z3_IPS_MAX_SIZE (16u << 20)
/* BPS sizes are unbounded in the format; we refuse headers claiming more than
 * this (four times the largest SNES ROM) before allocating anything. */
#define Z3_BPS_MAX_SIZE (64u << 20)

typedef enum z3_patch_format {
  Z3_PATCH_UNKNOWN = 0,
  Z3_PATCH_IPS = 1,
  Z3_PATCH_BPS = 2,
} z3_patch_format;

/* Detects the format from the magic ("PATCH" or "BPS1"). */
z3_patch_format z3_patch_detect(const uint8_t *patch, size_t len);
const char *z3_patch_format_name(z3_patch_format f); /* "ips", "bps", "unknown" */

/* What apply/create saw, for reports. Fields a format lacks stay 0. */
typedef struct z3_patch_stats {
  size_t records;          /* IPS: records (RLE included); BPS: actions */
  size_t rle_records;      /* IPS only */
  size_t source_reads;     /* BPS action counts */
  size_t target_reads;
  size_t source_copies;
  size_t target_copies;
  size_t bytes_changed;    /* bytes of target that differ from source (create only) */
  bool truncates;          /* IPS: carries the truncation extension */
  uint64_t source_size;    /* BPS header fields (IPS: sizes seen) */
  uint64_t target_size;
  uint32_t source_crc32;
  uint32_t target_crc32;
  uint32_t patch_crc32;
  uint64_t metadata_size;  /* BPS: bytes of metadata in the header */
} z3_patch_stats;

/* stats may be NULL in every function below. */

z3_status z3_ips_apply(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *patch,
                       size_t patch_len, z3_patch_stats *stats, z3_error *err);
z3_status z3_ips_create(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *dst,
                        size_t dst_len, z3_patch_stats *stats, z3_error *err);

z3_status z3_bps_apply(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *patch,
                       size_t patch_len, z3_patch_stats *stats, z3_error *err);
/* metadata may be NULL (empty). */
z3_status z3_bps_create(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *dst,
                        size_t dst_len, const char *metadata, z3_patch_stats *stats,
                        z3_error *err);
/* Reads only the header and footer of a BPS patch (sizes and CRCs), checking the patch CRC. */
z3_status z3_bps_read_info(z3_patch_stats *out, const uint8_t *patch, size_t patch_len,
                           z3_error *err);

/* Where the metadata of a BPS patch lies: patch[*offset .. *offset + *len)
 * (length 0 when it has none). The patch CRC is checked first. */
z3_status z3_bps_metadata(const uint8_t *patch, size_t patch_len, size_t *offset, size_t *len, z3_error *err);

/* Dispatches on the magic; Z3_E_INVALID for an unknown format. */
z3_status z3_patch_apply(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *patch,
                         size_t patch_len, z3_patch_stats *stats, z3_error *err);

#endif
