/*
 * CRC-32 (the zlib/PNG/ZIP polynomial) by folding with carry-less multiplication
 * (PCLMULQDQ): 16 bytes per multiply pair instead of a table step per byte, about
 * ten times zlib's speed on 1 MiB. `rom info` hashes whole ROMs, so this is a
 * visible part of what a script pays per call.
 *
 * The idea, in the bit-reflected order the CRC uses (a register bit m stands for
 * x^(127-m), so byte 0's low bit is the highest power): the data seen so far is
 * kept as a 128-bit remainder A congruent, modulo P, to the message. Moving A
 * forward over D more bits is A * x^D; with A = H*x^64 + L that is
 * H * (x^(64+D) mod P) + L * (x^D mod P), two 64x32-bit carry-less products whose
 * sum fits in 96 bits and is XORed into the block D bits further on. A carry-less
 * product of two reflected 64-bit values comes out one bit short of the 128-bit
 * reflected order, so each constant is x^(n-1) mod P rather than x^n mod P. Four
 * lanes fold 64 bytes per step; at the end the 128-bit remainder R is itself a
 * 16-byte message whose plain CRC (no pre- or post-inversion) is R * x^32 mod P,
 * the CRC we want, which zlib computes for those 16 bytes and the tail.
 */
#include "base.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#include <pthread.h>
#include <zlib.h>

enum { LANES = 4, BLOCK = 16, CLMUL_MIN = 256 };

/* x^n mod P in the normal order (bit d = x^d), P = x^32 + 0x04C11DB7. */
static uint32_t xpow_mod(unsigned n) {
  uint64_t r = 1;
  while (n--) {
    r <<= 1;
    if (r >> 32) r ^= 0x104C11DB7ull;
  }
  return (uint32_t)r;
}

/* The reflected 64-bit form of x^(n-1) mod P: bit 63-d holds x^d. */
static uint64_t fold_constant(unsigned n) {
  uint64_t q = xpow_mod(n - 1), out = 0;
  for (unsigned d = 0; d < 32; d++)
    if (q >> d & 1) out |= 1ull << (63 - d);
  return out;
}

/* For a distance of D bits: the high half's constant in the low lane, the low half's in the high. */
static __m128i by_512, by_128;
static bool cpu_has_clmul;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

/* Asked on first use, not by __builtin_cpu_supports: that links libgcc's CPU probe in as a
 * constructor, a dozen CPUID instructions (each a trap in a virtual machine) that every
 * z3ed process would pay at start, hashing or not. */
static void setup(void) {
  unsigned a, b, c, d;
  cpu_has_clmul = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_PCLMUL);
  by_512 = _mm_set_epi64x((long long)fold_constant(512), (long long)fold_constant(64 + 512));
  by_128 = _mm_set_epi64x((long long)fold_constant(128), (long long)fold_constant(64 + 128));
}

__attribute__((target("pclmul,sse2"))) static __m128i fold(__m128i a, __m128i k, __m128i next) {
  __m128i high = _mm_clmulepi64_si128(a, k, 0x00); /* H * (x^(64+D-1) mod P) */
  __m128i low = _mm_clmulepi64_si128(a, k, 0x11);  /* L * (x^(D-1) mod P) */
  return _mm_xor_si128(_mm_xor_si128(high, low), next);
}

static __m128i load(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)p); }

/* len >= CLMUL_MIN. crc is zlib's running value (0 to start). */
__attribute__((target("pclmul,sse2"))) static uint32_t crc32_folded(uint32_t crc, const uint8_t *p, size_t len) {
  __m128i x[LANES];
  for (int i = 0; i < LANES; i++) x[i] = load(p + i * BLOCK);
  x[0] = _mm_xor_si128(x[0], _mm_cvtsi32_si128((int)~crc)); /* the pre-inversion, as data */
  p += LANES * BLOCK, len -= LANES * BLOCK;
  for (; len >= LANES * BLOCK; p += LANES * BLOCK, len -= LANES * BLOCK)
    for (int i = 0; i < LANES; i++) x[i] = fold(x[i], by_512, load(p + i * BLOCK));
  __m128i r = x[0];
  for (int i = 1; i < LANES; i++) r = fold(r, by_128, x[i]);
  for (; len >= BLOCK; p += BLOCK, len -= BLOCK) r = fold(r, by_128, load(p));
  uint8_t rest[BLOCK];
  _mm_storeu_si128((__m128i *)rest, r);
  uLong c = crc32(0xFFFFFFFFul, rest, BLOCK); /* plain CRC of R, inverted once: zlib's value */
  return (uint32_t)crc32(c, p, (uInt)len);
}

bool z3_crc32__clmul(uint32_t *crc, const void *data, size_t len) {
  if (len < CLMUL_MIN) return false;
  pthread_once(&setup_once, setup);
  if (!cpu_has_clmul) return false;
  *crc = crc32_folded(*crc, data, len);
  return true;
}
#else
bool z3_crc32__clmul(uint32_t *crc, const void *data, size_t len) {
  (void)crc, (void)data, (void)len;
  return false;
}
#endif
