/*
 * Address mapping (data reference §1.2) and header detection (§1.5).
 *
 *   LoROM    $00-$7D:8000-FFFF (mirror $80-$FF)  PC = (bank & $7F) << 15 | (addr & $7FFF)
 *   HiROM    $C0-$FF:0000-FFFF, $40-$7D:0000-FFFF,
 *            $00-$3F/$80-$BF:8000-FFFF           PC = (bank & $3F) << 16 | addr
 *   ExLoROM  $80-$FF:8000-FFFF first 4 MiB, $00-$7D:8000-FFFF above
 *                                                PC = (bank ^ $80) << 15 | (addr & $7FFF)
 *   ExHiROM  $C0-$FF:0000-FFFF, $80-$BF:8000-FFFF first 4 MiB;
 *            $40-$7D:0000-FFFF, $00-$3F:8000-FFFF the 4 MiB above
 *
 * Banks $7E/$7F are WRAM in every mapping. The LoROM "$40-$6F:0000-7FFF"
 * mirrors that emulators offer are refused: real boards differ there, and an
 * editor must never store such an address.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "snes/rom.h"

static const char *const mapping_names[Z3_MAP_COUNT] = {
    [Z3_MAP_LOROM] = "LoROM", [Z3_MAP_HIROM] = "HiROM",
    [Z3_MAP_EXLOROM] = "ExLoROM", [Z3_MAP_EXHIROM] = "ExHiROM"};

static const size_t header_offsets[Z3_MAP_COUNT] = {
    [Z3_MAP_LOROM] = 0x7FC0, [Z3_MAP_HIROM] = 0xFFC0,
    [Z3_MAP_EXLOROM] = 0x407FC0, [Z3_MAP_EXHIROM] = 0x40FFC0};

const char *z3_mapping_name(z3_mapping m) {
  return (unsigned)m < Z3_MAP_COUNT ? mapping_names[m] : "unknown";
}

bool z3_mapping_parse(const char *name, z3_mapping *out) {
  for (int m = 0; m < Z3_MAP_COUNT; m++) {
    if (strcasecmp(name, mapping_names[m]) == 0) {
      *out = (z3_mapping)m;
      return true;
    }
  }
  return false;
}

size_t z3_mapping_header_offset(z3_mapping m) { return header_offsets[m]; }

size_t z3_mapping_bank_size(z3_mapping m) {
  return m == Z3_MAP_LOROM || m == Z3_MAP_EXLOROM ? 0x8000 : 0x10000;
}

static bool is_wram_bank(unsigned bank) { return bank == 0x7E || bank == 0x7F; }

/* Returns false when the address is not ROM under this mapping. */
static bool snes_to_pc_raw(z3_mapping m, uint32_t address, size_t *out) {
  unsigned bank = (address >> 16) & 0xFF, addr = address & 0xFFFF;
  if (is_wram_bank(bank)) return false;
  switch (m) {
    case Z3_MAP_LOROM:
      if (addr < 0x8000) return false;
      *out = ((size_t)(bank & 0x7F) << 15) | (addr & 0x7FFF);
      return true;
    case Z3_MAP_EXLOROM:
      if (addr < 0x8000) return false;
      *out = ((size_t)(bank ^ 0x80) << 15) | (addr & 0x7FFF);
      return true;
    case Z3_MAP_HIROM:
      if (addr < 0x8000 && (bank & 0x40) == 0) return false;
      *out = ((size_t)(bank & 0x3F) << 16) | addr;
      return true;
    case Z3_MAP_EXHIROM:
      if (addr < 0x8000 && (bank & 0x40) == 0) return false;
      *out = ((size_t)(bank & 0x3F) << 16) | addr | (bank & 0x80 ? 0 : 0x400000);
      return true;
  }
  return false;
}

z3_status z3_snes_to_pc(z3_mapping m, size_t size, uint32_t address, size_t *out,
                        z3_error *err) {
  char text[10];
  z3_snes_format_address(address, text);
  size_t pc;
  if (address > 0xFFFFFF || !snes_to_pc_raw(m, address, &pc)) {
    z3_error_set(err, Z3_E_INVALID, "address %s is not ROM under %s mapping", text,
                 z3_mapping_name(m));
    if (m == Z3_MAP_LOROM || m == Z3_MAP_EXLOROM) {
      z3_error_hint(err, "%s puts ROM at $BB:8000-$BB:FFFF", z3_mapping_name(m));
    } else {
      z3_error_hint(err, "%s puts ROM at $C0-$FF:0000-FFFF and $xx:8000-FFFF", z3_mapping_name(m));
    }
    return Z3_E_INVALID;
  }
  if (pc >= size) {
    return z3_error_set(err, Z3_E_INVALID,
                        "address %s maps to offset 0x%zx, past the end of the %zu-byte ROM", text,
                        pc, size);
  }
  *out = pc;
  return Z3_OK;
}

/* The preferred (canonical) address for an offset: the forms vanilla games use. */
static bool pc_to_snes_raw(z3_mapping m, size_t pc, uint32_t *out) {
  switch (m) {
    case Z3_MAP_LOROM: {
      if (pc >= 0x400000) return false;
      uint32_t bank = (uint32_t)(pc >> 15);
      if (is_wram_bank(bank)) bank |= 0x80; /* the low mirror of these is WRAM */
      *out = bank << 16 | 0x8000 | (uint32_t)(pc & 0x7FFF);
      return true;
    }
    case Z3_MAP_EXLOROM: {
      if (pc >= 0x800000) return false;
      uint32_t bank = (uint32_t)(pc >> 15) ^ 0x80;
      if (is_wram_bank(bank)) return false;
      *out = bank << 16 | 0x8000 | (uint32_t)(pc & 0x7FFF);
      return true;
    }
    case Z3_MAP_HIROM:
      if (pc >= 0x400000) return false;
      *out = (0xC0u | (uint32_t)(pc >> 16)) << 16 | (uint32_t)(pc & 0xFFFF);
      return true;
    case Z3_MAP_EXHIROM: {
      if (pc >= 0x800000) return false;
      if (pc < 0x400000) {
        *out = (0xC0u | (uint32_t)(pc >> 16)) << 16 | (uint32_t)(pc & 0xFFFF);
        return true;
      }
      uint32_t bank = 0x40u | (uint32_t)((pc - 0x400000) >> 16);
      if (is_wram_bank(bank)) { /* only the upper halves are reachable, via $3E/$3F */
        if ((pc & 0xFFFF) < 0x8000) return false;
        bank &= 0x3F;
      }
      *out = bank << 16 | (uint32_t)(pc & 0xFFFF);
      return true;
    }
  }
  return false;
}

z3_status z3_pc_to_snes(z3_mapping m, size_t size, size_t offset, uint32_t *out, z3_error *err) {
  if (offset >= size) {
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)offset,
                           "offset 0x%zx is past the end of the %zu-byte ROM", offset, size);
  }
  if (!pc_to_snes_raw(m, offset, out)) {
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)offset,
                           "offset 0x%zx has no CPU address under %s mapping", offset,
                           z3_mapping_name(m));
  }
  return Z3_OK;
}

z3_status z3_rom_to_pc(const z3_rom *rom, uint32_t address, size_t *out, z3_error *err) {
  return z3_snes_to_pc(rom->mapping, rom->data.len, address, out, err);
}

z3_status z3_rom_to_snes(const z3_rom *rom, size_t offset, uint32_t *out, z3_error *err) {
  return z3_pc_to_snes(rom->mapping, rom->data.len, offset, out, err);
}

static bool parse_hex(const char *s, size_t max_digits, uint32_t *out) {
  size_t n = strlen(s);
  if (n == 0 || n > max_digits) return false;
  uint32_t v = 0;
  for (; *s; s++) {
    if (!isxdigit((unsigned char)*s)) return false;
    v = v << 4 | (uint32_t)(isdigit((unsigned char)*s) ? *s - '0' : (tolower(*s) - 'a' + 10));
  }
  *out = v;
  return true;
}

bool z3_snes_parse_address(const char *text, uint32_t *out) {
  const char *s = text;
  if (*s == '$') s++;
  else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
  const char *colon = strchr(s, ':');
  if (!colon) return parse_hex(s, 6, out);
  char bank_text[8];
  size_t bank_len = (size_t)(colon - s);
  if (bank_len == 0 || bank_len > 2) return false;
  memcpy(bank_text, s, bank_len);
  bank_text[bank_len] = '\0';
  uint32_t bank, addr;
  if (!parse_hex(bank_text, 2, &bank) || !parse_hex(colon + 1, 4, &addr)) return false;
  *out = bank << 16 | addr;
  return true;
}

void z3_snes_format_address(uint32_t address, char out[10]) {
  snprintf(out, 10, "$%02X:%04X", (address >> 16) & 0xFF, address & 0xFFFF);
}
