/* Synthetic ROM images in ALttP's layout; see sample.h. */
#include <string.h>

#include "zelda3/gfx.h"
#include "zelda3/sample.h"
#include "zelda3/sample_internal.h"

/* ALttP's own header values (data reference §1.6): LoROM SlowROM, ROM+RAM+battery,
 * 8 KiB SRAM, North America, Nintendo, version 1.0. */
static const char sample_title[22] = "THE LEGEND OF ZELDA  ";

/* A reset routine that does what a real one starts with, then idles:
 *   8000 SEI; CLC; XCE        native mode, interrupts off
 *   8003 REP #$30             16-bit A, X, Y
 *   8005 LDX #$1FFF; TXS      stack at the top of low WRAM
 *   8009 STZ $4200            NMI and IRQ off
 *   800C JSR $8012            the boot routine (sample_boot.c; here just RTS)
 *   800F BRA $800F            idle
 *   8011 RTI                  shared interrupt handler */
static const uint8_t reset_code[] = {0x78, 0x18, 0xFB, 0xC2, 0x30, 0xA2, 0xFF, 0x1F, 0x9A, 0x9C,
                                     0x00, 0x42, 0x20, 0x12, 0x80, 0x80, 0xFE, 0x40, 0x60};
enum { RESET_ADDR = 0x8000, RTI_ADDR = 0x8011 };

static void put16(uint8_t *p, uint16_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
}

/* Filler that compresses and diffs like data, not like noise or zeros:
 * runs, repeats and free space ($FF) in a deterministic mix. */
static void fill(uint8_t *d, size_t n, uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
  for (size_t i = 0; i < n;) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    size_t run = 16 + (s >> 58) * 8;
    if (run > n - i) run = n - i;
    unsigned kind = (unsigned)(s >> 8) % 4;
    for (size_t j = 0; j < run; j++) {
      uint8_t v = kind == 0 ? 0xFF : kind == 1 ? (uint8_t)(s >> 16) : (uint8_t)((s >> (j % 8) * 8) + j);
      d[i + j] = v;
    }
    i += run;
  }
}

static uint8_t map_mode(z3_mapping m) {
  switch (m) {
    case Z3_MAP_LOROM: case Z3_MAP_EXLOROM: return 0x20;
    case Z3_MAP_HIROM: return 0x21;
    case Z3_MAP_EXHIROM: return 0x25;
  }
  return 0x20;
}

static uint8_t size_code(size_t size) {
  uint8_t code = 0;
  while (((size_t)1024 << code) < size) code++;
  return code;
}

/* Reset code sits where the reset vector ($8000 in bank $00) lands for the mapping. */
static size_t reset_offset(z3_mapping m) {
  size_t hdr = z3_mapping_header_offset(m);
  return ((hdr - 0x10) & ~(size_t)0x7FFF) | (RESET_ADDR & 0x7FFF);
}

static void write_header(uint8_t *d, size_t size, z3_mapping m) {
  uint8_t *h = d + z3_mapping_header_offset(m);
  memset(h - 0x10, 0, 0x50);
  memcpy(h, sample_title, 21);
  h[0x15] = map_mode(m);
  h[0x16] = 0x02;
  h[0x17] = size_code(size);
  h[0x18] = 0x03;
  h[0x19] = 0x01;
  h[0x1A] = 0x01;
  h[0x1B] = 0x00;
  for (int i = 0; i < 6; i++) { /* every vector lands on the RTI, reset on the code */
    put16(h + 0x24 + 2 * i, RTI_ADDR);
    put16(h + 0x34 + 2 * i, RTI_ADDR);
  }
  put16(h + 0x3C, RESET_ADDR);
}

/* ALttP's data at its real addresses (LoROM images of 1 MiB or more). */
static z3_status write_alttp_data(uint8_t *img, size_t size, z3_error *err) {
  if (size < 0x100000) return Z3_OK;
  memset(img + 0x100000, 0, size - 0x100000); /* a bigger image is an expanded game: new space is zero */
  for (size_t i = 0; i < z3_vanilla_free_count; i++) /* free space is $FF, as in the game */
    memset(img + z3_vanilla_free[i].pc, 0xFF, z3_vanilla_free[i].size);
  z3_sample__write_palettes(img, size);
  z3_status st = z3_sample__write_link(img, size, err);
  if (st == Z3_OK) st = z3_sample__write_gfx(img, size, err);
  if (st == Z3_OK) st = z3_sample__write_overworld(img, size, err);
  if (st == Z3_OK) st = z3_sample__write_dungeons(img, size, err);
  if (st == Z3_OK) st = z3_sample__write_text(img, size, err);
  if (st == Z3_OK) st = z3_sample__write_music(img, size, err);
  if (st == Z3_OK) st = z3_sample__write_boot(img, size, err);
  return st;
}

z3_status z3_sample_build(z3_buf *out, const z3_sample_opts *opts, z3_error *err) {
  z3_mapping m = opts->mapping;
  size_t size = opts->size ? opts->size : (size_t)1 << 20;
  if (size % 0x8000 || size > Z3_ROM_MAX_SIZE || size < z3_mapping_header_offset(m) + 0x40) {
    return z3_error_set(err, Z3_E_INVALID, "cannot build a %s sample of %zu bytes",
                        z3_mapping_name(m), size);
  }
  z3_status st = z3_buf_resize(out, size, err);
  if (st) return st;
  fill(out->data, size, opts->seed);
  memcpy(out->data + reset_offset(m), reset_code, sizeof reset_code);
  write_header(out->data, size, m);
  if (m == Z3_MAP_LOROM) st = write_alttp_data(out->data, size, err);
  if (st) return st;
  z3_rom *rom = NULL;
  st = z3_rom_from_memory(&rom, out->data, size, "sample", err);
  if (st == Z3_OK && rom->mapping != m) {
    st = z3_error_set(err, Z3_E_INTERNAL, "sample built as %s was detected as %s",
                      z3_mapping_name(m), z3_mapping_name(rom->mapping));
  }
  if (st == Z3_OK) st = z3_rom_fix_checksum(rom, err);
  if (st == Z3_OK) memcpy(out->data, rom->data.data, size);
  z3_rom_free(rom);
  return st;
}

z3_status z3_sample_rom(z3_rom **out, const z3_sample_opts *opts, z3_error *err) {
  static const z3_sample_opts bundled = {0};
  z3_buf img;
  z3_buf_init(&img);
  *out = NULL;
  z3_status st = z3_sample_build(&img, opts ? opts : &bundled, err);
  if (st == Z3_OK) st = z3_rom_from_memory(out, img.data, img.len, "sample", err);
  z3_buf_release(&img);
  return st;
}
