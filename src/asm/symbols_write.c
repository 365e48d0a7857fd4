/* Symbol tables written back out as WLA .sym, VICE labels or Mesen .mlb (labels export). */
#include <string.h>

#include "asm/symbols.h"

/* Mesen's memory type and offset for an address: ROM through the mapping,
 * work RAM in $7E-$7F or the low 8 KiB of the system banks, registers. */
static bool mesen_place(uint32_t address, const z3_symbols_map *map, const char **space, uint32_t *offset) {
  uint8_t bank = (uint8_t)(address >> 16);
  uint16_t low = (uint16_t)address;
  bool system_bank = bank < 0x40 || (bank >= 0x80 && bank < 0xC0);
  size_t pc;
  if (bank == 0x7E || bank == 0x7F) {
    *space = "SnesWorkRam", *offset = address - 0x7E0000u;
  } else if (system_bank && low < 0x2000) {
    *space = "SnesWorkRam", *offset = low;
  } else if (system_bank && low >= 0x2100 && low < 0x4400) {
    *space = "SnesRegister", *offset = low;
  } else if (map && z3_snes_to_pc(map->mapping, map->rom_size, address, &pc, NULL) == Z3_OK) {
    *space = "SnesPrgRom", *offset = (uint32_t)pc;
  } else {
    return false;
  }
  return true;
}

static z3_status write_one(const z3_symbol *sym, z3_symfile_format format, const z3_symbols_map *map, z3_buf *out,
                           size_t *skipped) {
  uint32_t a = sym->address;
  switch (format) {
    case Z3_SYMFILE_WLA:
      return z3_buf_printf(out, "%02X:%04X %s\n", (unsigned)(a >> 16), (unsigned)(a & 0xFFFF), sym->name);
    case Z3_SYMFILE_VICE: return z3_buf_printf(out, "al %06X .%s\n", (unsigned)a, sym->name);
    default: {
      const char *space;
      uint32_t offset;
      /* ':' separates Mesen's fields: "A:B" would come back as label A with comment B. */
      if (strchr(sym->name, ':') || !mesen_place(a, map, &space, &offset)) {
        (*skipped)++;
        return Z3_OK;
      }
      return z3_buf_printf(out, "%s:%X:%s\n", space, (unsigned)offset, sym->name);
    }
  }
}

z3_status z3_symbols_write(const z3_symbols *s, z3_symfile_format format, const z3_symbols_map *map,
                           z3_buf *out, size_t *skipped, z3_error *err) {
  *skipped = 0;
  if (format != Z3_SYMFILE_WLA && format != Z3_SYMFILE_VICE && format != Z3_SYMFILE_MESEN)
    return z3_error_set(err, Z3_E_USAGE, "z3ed writes wla, vice and mesen symbol files, not %s",
                        z3_symfile_format_name(format));
  z3_status st = format == Z3_SYMFILE_WLA ? z3_buf_printf(out, "[labels]\n") : Z3_OK;
  for (size_t i = 0; i < s->count && st == Z3_OK; i++) st = write_one(&s->items[i], format, map, out, skipped);
  return st ? z3_error_set(err, st, "out of memory writing the symbol file") : Z3_OK;
}
