/* The header checks `rom validate` and the doctors share (see header_check.h). */
#include "snes/header_check.h"

#include <stdarg.h>
#include <stdio.h>

typedef struct sink {
  z3_header_finding_fn fn;
  void *data;
} sink;

static void addf(const sink *s, const char *severity, const char *code, const char *fmt, ...) Z3_PRINTF(4, 5);
static void addf(const sink *s, const char *severity, const char *code, const char *fmt, ...) {
  char text[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  s->fn(s->data, severity, code, text);
}

static void check_mapping(const sink *s, const z3_rom *rom, const z3_rom_header *h) {
  if (rom->mapping_score == 0) {
    addf(s, "error", "no_header", "no candidate header looks plausible (reset vector, first opcode, checksum)");
    return;
  }
  static const uint8_t expected_mode[Z3_MAP_COUNT] = {0x20, 0x21, 0x20, 0x25};
  uint8_t mode = h->map_mode & ~0x10;
  if (mode != expected_mode[rom->mapping] && !(rom->mapping == Z3_MAP_EXLOROM && mode == 0x20)) {
    addf(s, "warning", "map_mode_mismatch", "map mode $%02X does not name %s, the layout detected",
         h->map_mode, z3_mapping_name(rom->mapping));
  }
  if (h->emu_vectors[Z3_VEC_RESET] < 0x8000) {
    addf(s, "error", "reset_vector", "reset vector $%04X points below $8000, outside ROM",
         h->emu_vectors[Z3_VEC_RESET]);
  }
}

static void check_size(const sink *s, const z3_rom *rom, const z3_rom_header *h) {
  size_t size = rom->data.len;
  if (h->rom_size_code < 8 || h->rom_size_code > 0x0D) {
    addf(s, "error", "rom_size_code", "ROM size byte $%02X is outside $08-$0D (256 KiB to 8 MiB)",
         h->rom_size_code);
    return;
  }
  size_t declared = (size_t)1024 << h->rom_size_code;
  if (declared < size) {
    addf(s, "error", "rom_size_small", "header declares %zu KiB but the image is %zu KiB",
         declared / 1024, size / 1024);
  } else if (declared / 2 >= size) {
    addf(s, "warning", "rom_size_large", "header declares %zu KiB but the image is only %zu KiB",
         declared / 1024, size / 1024);
  }
  if ((size & (size - 1)) != 0) {
    addf(s, "info", "mirrored_size", "%zu KiB is not a power of two; the checksum mirrors the tail",
         size / 1024);
  }
}

static void check_fields(const sink *s, const z3_rom *rom, const z3_rom_header *h) {
  for (int i = 0; i < 21; i++) {
    unsigned char c = (unsigned char)h->title[i];
    if (c < 0x20 || c == 0x7F) {
      addf(s, "warning", "title", "title byte %d is $%02X, not a printable character", i, c);
      break;
    }
  }
  if (!z3_region_name(h->region)) addf(s, "warning", "region", "unknown region code $%02X", h->region);
  if (h->sram_size_code > 0x08) {
    addf(s, "warning", "sram_size", "SRAM size byte $%02X is over $08 (256 KiB)", h->sram_size_code);
  }
  if ((uint16_t)(h->checksum ^ h->complement) != 0xFFFF) {
    addf(s, "error", "complement", "checksum $%04X and complement $%04X do not add up to $FFFF",
         h->checksum, h->complement);
  }
  uint16_t computed = z3_rom_compute_checksum(rom);
  if (computed != h->checksum) {
    addf(s, "error", "checksum", "stored checksum $%04X, computed $%04X", h->checksum, computed);
  }
  if (rom->has_copier_header) addf(s, "info", "copier_header", "a 512-byte copier header was found and skipped");
}

void z3_header_check(const z3_rom *rom, z3_header_finding_fn fn, void *data) {
  sink s = {fn, data};
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  check_mapping(&s, rom, &h);
  check_size(&s, rom, &h);
  check_fields(&s, rom, &h);
}
