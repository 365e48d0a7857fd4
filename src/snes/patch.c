/* Patch format detection and the apply dispatcher. */
#include <string.h>

#include "snes/patch.h"

static bool has_magic(const uint8_t *p, size_t len, const char *magic) {
  size_t n = strlen(magic);
  return len >= n && memcmp(p, magic, n) == 0;
}

z3_patch_format z3_patch_detect(const uint8_t *patch, size_t len) {
  if (has_magic(patch, len, "PATCH")) return Z3_PATCH_IPS;
  if (has_magic(patch, len, "BPS1")) return Z3_PATCH_BPS;
  return Z3_PATCH_UNKNOWN;
}

const char *z3_patch_format_name(z3_patch_format f) {
  switch (f) {
    case Z3_PATCH_IPS: return "ips";
    case Z3_PATCH_BPS: return "bps";
    case Z3_PATCH_UNKNOWN: break;
  }
  return "unknown";
}

z3_status z3_patch_apply(z3_buf *out, const uint8_t *src, size_t src_len, const uint8_t *patch,
                         size_t patch_len, z3_patch_stats *stats, z3_error *err) {
  switch (z3_patch_detect(patch, patch_len)) {
    case Z3_PATCH_IPS: return z3_ips_apply(out, src, src_len, patch, patch_len, stats, err);
    case Z3_PATCH_BPS: return z3_bps_apply(out, src, src_len, patch, patch_len, stats, err);
    case Z3_PATCH_UNKNOWN: break;
  }
  if (stats) memset(stats, 0, sizeof *stats);
  z3_error_set_at(err, Z3_E_INVALID, 0, "unknown patch format: no 'PATCH' or 'BPS1' magic");
  if (has_magic(patch, patch_len, "UPS1"))
    z3_error_hint(err, "this is a ups patch; z3ed reads ips and bps only");
  else
    z3_error_hint(err, "z3ed applies ips and bps patches");
  return Z3_E_INVALID;
}
