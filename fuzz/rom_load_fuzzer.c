/* Fuzzes ROM loading and everything that reads a loaded image: mapping
 * detection, header parsing, checksum with mirroring, bank sums, address
 * conversion, header edits and fixing the checksum. */
#include <stdint.h>

#include "snes/rom.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  if (z3_rom_from_memory(&rom, data, size, "fuzz", &err) != Z3_OK) return 0;
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  (void)z3_rom_checksum_ok(rom);
  z3_bank_sum *sums = NULL;
  size_t n = 0;
  if (z3_rom_bank_sums(rom, &sums, &n, NULL) == Z3_OK) z3_free(sums);
  for (size_t off = 0; off < rom->data.len; off += 0x3FF1) {
    uint32_t addr;
    size_t back;
    if (z3_rom_to_snes(rom, off, &addr, NULL) == Z3_OK &&
        (z3_rom_to_pc(rom, addr, &back, NULL) != Z3_OK || back != off)) {
      __builtin_trap(); /* conversions must round-trip */
    }
  }
  (void)z3_rom_to_pc(rom, (uint32_t)h.emu_vectors[Z3_VEC_RESET], &n, NULL);
  (void)z3_rom_set_header_field(rom, "title", "FUZZ", NULL);
  (void)z3_rom_fix_checksum(rom, NULL);
  if (!z3_rom_checksum_ok(rom)) __builtin_trap(); /* fixing must make it valid */
  z3_rom_free(rom);
  return 0;
}
