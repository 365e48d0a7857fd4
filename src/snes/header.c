/*
 * The internal header (data reference §1.3), scoring of candidate headers
 * (§1.5, bsnes' rules) and the checksum with mirroring (§1.4).
 *
 * Header layout relative to the base at $FFC0 (file offset depends on mapping):
 *   -10 maker(2) -0E game code(4) -0A reserved(7) -03 exp.RAM -02 special -01 subtype
 *   +00 title(21) +15 map mode +16 cart type +17 ROM size +18 SRAM size +19 region
 *   +1A developer +1B version +1C complement(2) +1E checksum(2) +24.. vectors
 */
#include <stdio.h>
#include <string.h>

#include "snes/rom.h"

enum { HDR_TITLE = 0x00, HDR_MAP_MODE = 0x15, HDR_CART = 0x16, HDR_ROM_SIZE = 0x17,
       HDR_SRAM = 0x18, HDR_REGION = 0x19, HDR_DEVELOPER = 0x1A, HDR_VERSION = 0x1B,
       HDR_COMPLEMENT = 0x1C, HDR_CHECKSUM = 0x1E, HDR_NATIVE_VECTORS = 0x24,
       HDR_EMU_VECTORS = 0x34, HDR_RESET = 0x3C };

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

size_t z3_rom_header_offset(const z3_rom *rom) { return z3_mapping_header_offset(rom->mapping); }

/* bsnes' weight of the first instruction the reset vector points at. */
static int opcode_weight(uint8_t op) {
  static const uint8_t likely[] = {0x78, 0x18, 0x38, 0x9C, 0x4C, 0x5C};
  static const uint8_t plausible[] = {0xC2, 0xE2, 0xAD, 0xAE, 0xAC, 0xAF, 0xA9, 0xA2, 0xA0, 0x20, 0x22};
  static const uint8_t unlikely[] = {0x40, 0x60, 0x6B, 0xCD, 0xEC, 0xCC};
  static const uint8_t wrong[] = {0x00, 0x02, 0xDB, 0x42, 0xFF};
  if (memchr(likely, op, sizeof likely)) return 8;
  if (memchr(plausible, op, sizeof plausible)) return 4;
  if (memchr(unlikely, op, sizeof unlikely)) return -4;
  if (memchr(wrong, op, sizeof wrong)) return -8;
  return 0;
}

/* -1 when the image is too small to hold this candidate. */
static int score_candidate(const z3_rom *rom, z3_mapping m) {
  const uint8_t *d = rom->data.data;
  size_t hdr = z3_mapping_header_offset(m);
  if (rom->data.len < hdr + 0x40) return -1;
  uint16_t reset = rd16(d + hdr + HDR_RESET);
  if (reset < 0x8000) return 0;
  size_t first_op = ((hdr - 0x10) & ~(size_t)0x7FFF) | (reset & 0x7FFF);
  int score = first_op < rom->data.len ? opcode_weight(d[first_op]) : 0;
  if ((uint16_t)(rd16(d + hdr + HDR_CHECKSUM) + rd16(d + hdr + HDR_COMPLEMENT)) == 0xFFFF) score += 4;
  uint8_t mode = d[hdr + HDR_MAP_MODE] & ~0x10;
  if (m == Z3_MAP_LOROM && mode == 0x20) score += 2;
  if (m == Z3_MAP_HIROM && mode == 0x21) score += 2;
  if (m == Z3_MAP_EXHIROM && mode == 0x25) score += 2;
  if (score < 0) score = 0;
  if (score > 0 && (m == Z3_MAP_EXLOROM || m == Z3_MAP_EXHIROM)) score += 4;
  return score;
}

void z3_rom_detect_mapping(z3_rom *rom) {
  rom->mapping = Z3_MAP_LOROM;
  rom->mapping_score = 0;
  for (int m = 0; m < Z3_MAP_COUNT; m++) {
    rom->scores[m] = score_candidate(rom, (z3_mapping)m);
    if (rom->scores[m] > rom->mapping_score) { /* strict: ties keep the earlier mapping */
      rom->mapping_score = rom->scores[m];
      rom->mapping = (z3_mapping)m;
    }
  }
}

static void copy_text(char *dst, const uint8_t *src, size_t n) {
  memcpy(dst, src, n);
  dst[n] = '\0';
}

void z3_rom_read_header(const z3_rom *rom, z3_rom_header *out) {
  memset(out, 0, sizeof *out);
  size_t base = z3_rom_header_offset(rom);
  if (rom->data.len < base + 0x40) return;
  const uint8_t *h = rom->data.data + base;
  copy_text(out->title, h + HDR_TITLE, 21);
  out->map_mode = h[HDR_MAP_MODE];
  out->fast_rom = (out->map_mode & 0x10) != 0;
  out->cart_type = h[HDR_CART];
  out->rom_size_code = h[HDR_ROM_SIZE];
  out->sram_size_code = h[HDR_SRAM];
  out->region = h[HDR_REGION];
  out->developer_id = h[HDR_DEVELOPER];
  out->version = h[HDR_VERSION];
  out->complement = rd16(h + HDR_COMPLEMENT);
  out->checksum = rd16(h + HDR_CHECKSUM);
  out->has_extended = out->developer_id == 0x33;
  copy_text(out->maker_code, h - 0x10, 2);
  copy_text(out->game_code, h - 0x0E, 4);
  out->expansion_ram_code = h[-0x03];
  out->special_version = h[-0x02];
  out->cart_subtype = h[-0x01];
  for (int i = 0; i < 6; i++) {
    out->native_vectors[i] = rd16(h + HDR_NATIVE_VECTORS + 2 * i);
    out->emu_vectors[i] = rd16(h + HDR_EMU_VECTORS + 2 * i);
  }
}

static const struct { uint8_t code; const char *name, *video; } regions[] = {
    {0x00, "Japan", "NTSC"}, {0x01, "USA / Canada", "NTSC"},
    {0x02, "Europe / Oceania / Asia", "PAL"}, {0x03, "Sweden / Scandinavia", "PAL"},
    {0x04, "Finland", "PAL"}, {0x05, "Denmark", "PAL"}, {0x06, "France", "PAL"},
    {0x07, "Netherlands", "PAL"}, {0x08, "Spain", "PAL"},
    {0x09, "Germany / Austria / Switzerland", "PAL"}, {0x0A, "Italy", "PAL"},
    {0x0B, "China / Hong Kong", "PAL"}, /* snes9x says PAL, bsnes NTSC */
    {0x0C, "Indonesia", "PAL"}, {0x0D, "South Korea", "NTSC"}, {0x0F, "Canada", "NTSC"},
    {0x10, "Brazil", "NTSC"}, {0x11, "Australia", "PAL"},
};

const char *z3_region_name(uint8_t code) {
  for (size_t i = 0; i < sizeof regions / sizeof regions[0]; i++)
    if (regions[i].code == code) return regions[i].name;
  return NULL;
}

const char *z3_region_video(uint8_t code) {
  for (size_t i = 0; i < sizeof regions / sizeof regions[0]; i++)
    if (regions[i].code == code) return regions[i].video;
  return NULL;
}

const char *z3_cart_type_name(uint8_t code, char buf[64]) {
  static const char *const parts[] = {"ROM", "ROM+RAM", "ROM+RAM+battery", "ROM+coprocessor",
                                      "ROM+coprocessor+RAM", "ROM+coprocessor+RAM+battery",
                                      "ROM+coprocessor+battery"};
  static const char *const chips[16] = {[0] = "DSP", [1] = "SuperFX", [2] = "OBC1", [3] = "SA-1",
                                        [4] = "S-DD1", [5] = "S-RTC", [0xE] = "other",
                                        [0xF] = "custom"};
  unsigned lo = code & 0xF, hi = code >> 4;
  if (lo > 6) {
    snprintf(buf, 64, "unknown ($%02X)", code);
  } else if (lo < 3) {
    snprintf(buf, 64, "%s", parts[lo]);
  } else {
    snprintf(buf, 64, "%s (%s)", parts[lo], chips[hi] ? chips[hi] : "unknown chip");
  }
  return buf;
}

/* ---- checksum ------------------------------------------------------------ */

typedef struct sum_ctx {
  const uint8_t *data;
  size_t pair;      /* offset of the complement/checksum pair, counted as FF FF 00 00 */
  bool has_pair;
} sum_ctx;

/* The sum of n bytes. With SSE2 (every x86-64), PSADBW adds 16 bytes at a time
 * into two 64-bit lanes; elsewhere pairs of bytes go into four 16-bit lanes of a
 * word, folded before they can overflow (128 words: at most 65,280 per lane). */
#if defined(__SSE2__)
#include <emmintrin.h>

static uint64_t byte_sum(const uint8_t *p, size_t n) {
  __m128i acc = _mm_setzero_si128();
  const __m128i zero = _mm_setzero_si128();
  for (; n >= 16; p += 16, n -= 16) acc = _mm_add_epi64(acc, _mm_sad_epu8(_mm_loadu_si128((const __m128i *)p), zero));
  uint64_t lanes[2];
  _mm_storeu_si128((__m128i *)lanes, acc);
  uint64_t s = lanes[0] + lanes[1];
  while (n--) s += *p++;
  return s;
}
#else
static uint64_t byte_sum(const uint8_t *p, size_t n) {
  const uint64_t lanes = 0x00FF00FF00FF00FFull;
  uint64_t s = 0;
  while (n >= 8) {
    uint64_t acc = 0;
    for (size_t k = 0; k < 128 && n >= 8; k++, p += 8, n -= 8) {
      uint64_t w;
      memcpy(&w, p, 8);
      acc += (w & lanes) + ((w >> 8) & lanes);
    }
    s += (acc & 0xFFFF) + ((acc >> 16) & 0xFFFF) + ((acc >> 32) & 0xFFFF) + (acc >> 48);
  }
  while (n--) s += *p++;
  return s;
}
#endif

static uint64_t range_sum(const sum_ctx *c, size_t from, size_t to) {
  uint64_t s = byte_sum(c->data + from, to - from);
  if (c->has_pair && c->pair < to && c->pair + 4 > from) {
    static const uint8_t valid_pair[4] = {0xFF, 0xFF, 0x00, 0x00};
    for (size_t i = 0; i < 4; i++) {
      size_t at = c->pair + i;
      if (at >= from && at < to) s = s - c->data[at] + valid_pair[i];
    }
  }
  return s;
}

static size_t highest_pow2(size_t n) {
  size_t p = 1;
  while (p <= n / 2) p *= 2;
  return p;
}

/* Sum of [start, start+n) as the cartridge bus shows it: the part past the
 * largest power of two is mirrored until it fills the next one (§1.4). */
static uint64_t mirror_sum(const sum_ctx *c, size_t start, size_t n) {
  size_t p = highest_pow2(n);
  uint64_t s = range_sum(c, start, start + p);
  if (n == p) return s;
  size_t rest = n - p;
  size_t span = highest_pow2(rest) == rest ? rest : highest_pow2(rest) * 2;
  return s + mirror_sum(c, start + p, rest) * (p / span);
}

uint16_t z3_rom_compute_checksum(const z3_rom *rom) {
  size_t base = z3_rom_header_offset(rom);
  sum_ctx c = {.data = rom->data.data, .pair = base + HDR_COMPLEMENT,
               .has_pair = rom->data.len >= base + 0x20};
  return (uint16_t)mirror_sum(&c, 0, rom->data.len);
}

bool z3_rom_checksum_matches(const z3_rom *rom, uint16_t computed) {
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  return h.checksum == computed && (uint16_t)(h.complement ^ h.checksum) == 0xFFFF;
}

bool z3_rom_checksum_ok(const z3_rom *rom) { return z3_rom_checksum_matches(rom, z3_rom_compute_checksum(rom)); }

z3_status z3_rom_fix_checksum(z3_rom *rom, z3_error *err) {
  uint16_t sum = z3_rom_compute_checksum(rom);
  uint16_t comp = sum ^ 0xFFFF;
  uint8_t pair[4] = {(uint8_t)comp, (uint8_t)(comp >> 8), (uint8_t)sum, (uint8_t)(sum >> 8)};
  return z3_rom_write(rom, z3_rom_header_offset(rom) + HDR_COMPLEMENT, pair, 4,
                      "header checksum and complement", err);
}

z3_status z3_rom_bank_sums(const z3_rom *rom, z3_bank_sum **out, size_t *count, z3_error *err) {
  size_t bank_size = z3_mapping_bank_size(rom->mapping);
  size_t n = (rom->data.len + bank_size - 1) / bank_size;
  z3_bank_sum *sums = z3_calloc(n, sizeof *sums);
  if (!sums) return z3_error_set(err, Z3_E_NOMEM, "out of memory computing bank checksums");
  for (size_t i = 0; i < n; i++) {
    z3_bank_sum *b = &sums[i];
    b->offset = i * bank_size;
    b->size = rom->data.len - b->offset < bank_size ? rom->data.len - b->offset : bank_size;
    uint32_t addr = 0;
    b->bank = z3_pc_to_snes(rom->mapping, rom->data.len, b->offset, &addr, NULL) == Z3_OK
                  ? addr >> 16 : (uint32_t)i;
    uint32_t s = 0;
    for (size_t j = 0; j < b->size; j++) s += rom->data.data[b->offset + j];
    b->sum16 = (uint16_t)s;
    b->crc32 = z3_crc32(rom->data.data + b->offset, b->size);
  }
  *out = sums;
  *count = n;
  return Z3_OK;
}
