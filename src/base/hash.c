/* CRC32 from zlib (folded with PCLMULQDQ where the CPU has it: crc32_clmul.c), SHA-1
 * from nettle. */
#include <nettle/sha1.h>
#include <zlib.h>

#include "base.h"

uint32_t z3_crc32_update(uint32_t crc, const void *data, size_t len) {
  if (z3_crc32__clmul(&crc, data, len)) return crc; /* any length: its tail is under 16 bytes */
  const uint8_t *p = data;
  uLong c = crc;
  while (len > 0) { /* zlib takes uInt lengths */
    uInt chunk = len > 0x40000000u ? 0x40000000u : (uInt)len;
    c = crc32(c, p, chunk);
    p += chunk;
    len -= chunk;
  }
  return (uint32_t)c;
}

uint32_t z3_crc32(const void *data, size_t len) { return z3_crc32_update(0, data, len); }

void z3_sha1(const void *data, size_t len, uint8_t out[20]) {
  struct sha1_ctx ctx;
  sha1_init(&ctx);
  sha1_update(&ctx, len, data);
  sha1_digest(&ctx, SHA1_DIGEST_SIZE, out);
}

void z3_sha1_hex(const void *data, size_t len, char out[41]) {
  static const char digits[] = "0123456789abcdef";
  uint8_t raw[20];
  z3_sha1(data, len, raw);
  for (int i = 0; i < 20; i++) {
    out[2 * i] = digits[raw[i] >> 4];
    out[2 * i + 1] = digits[raw[i] & 15];
  }
  out[40] = '\0';
}
