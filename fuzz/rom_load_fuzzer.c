/* Fuzzes ROM loading and everything that reads a loaded image: mapping
 * detection, header parsing, checksum with mirroring, bank sums, address
 * conversion, header edits and fixing the checksum. The input's first bytes
 * also drive the mapping functions directly, whatever the image detects as:
 * 8-byte records (mapping, image size, address, offset) whose conversions must
 * round-trip, and its first line as an address a user types ("$02:A5EC"),
 * which parses to 24 bits and formats back to what parses the same. The
 * three ways to load (a file read, a file mapped, memory) must agree on the
 * image, its mapping and whether it loads, also after a write to the mapped
 * one (which moves it to the heap). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>
#include <string.h>
#include <strings.h>

#include "snes/rom.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A SNES address that maps to an offset maps back from it to the same offset, and
 * an offset inside the image maps to an address that maps back to it. */
static void check_conversions(const uint8_t *r) {
  z3_mapping m = (z3_mapping)(r[0] % Z3_MAP_COUNT);
  size_t image = ((size_t)r[1] << 15 | (size_t)r[2] << 7) % (8u << 20) + 1;
  uint32_t address = (uint32_t)(r[3] | r[4] << 8 | r[5] << 16);
  size_t pc, back;
  uint32_t snes;
  if (z3_snes_to_pc(m, image, address, &pc, NULL) == Z3_OK) {
    if (pc >= image) __builtin_trap();
    if (z3_pc_to_snes(m, image, pc, &snes, NULL) != Z3_OK || z3_snes_to_pc(m, image, snes, &back, NULL) != Z3_OK ||
        back != pc)
      __builtin_trap();
  }
  size_t offset = ((size_t)r[6] << 16 | (size_t)r[7] << 8 | r[5]) % image;
  if (z3_pc_to_snes(m, image, offset, &snes, NULL) == Z3_OK &&
      (z3_snes_to_pc(m, image, snes, &back, NULL) != Z3_OK || back != offset))
    __builtin_trap();
}

static void check_address_text(const uint8_t *data, size_t size) {
  char text[40], formatted[10];
  size_t n = 0;
  while (n < size && n < sizeof text - 1 && data[n] != '\n' && data[n] != 0) n++;
  memcpy(text, data, n);
  text[n] = '\0';
  z3_mapping m;
  if (z3_mapping_parse(text, &m) && (strcasecmp(z3_mapping_name(m), text) != 0)) __builtin_trap();
  uint32_t a, again;
  if (!z3_snes_parse_address(text, &a)) return;
  if (a > 0xFFFFFF) __builtin_trap();
  z3_snes_format_address(a, formatted);
  if (!z3_snes_parse_address(formatted, &again) || again != a) __builtin_trap();
}

static bool same_rom(const z3_rom *a, const z3_rom *b) {
  return a->mapping == b->mapping && a->data.len == b->data.len && memcmp(a->data.data, b->data.data, a->data.len) == 0;
}

/* The file read and the file mapped load as the memory copy did (or fail as it did). */
static void check_file_loads(const uint8_t *data, size_t size, const z3_rom *from_memory) {
  int fd = memfd_create("rom", 0);
  if (fd < 0 || write(fd, data, size) != (ssize_t)size) __builtin_trap();
  char path[40];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  z3_rom *read = NULL, *mapped = NULL;
  z3_status r = z3_rom_load(&read, path, NULL), m = z3_rom_load_mapped(&mapped, path, NULL);
  close(fd);
  if ((r == Z3_OK) != (from_memory != NULL) || (m == Z3_OK) != (from_memory != NULL)) __builtin_trap();
  if (from_memory && (!same_rom(read, from_memory) || !same_rom(mapped, from_memory))) __builtin_trap();
  if (from_memory && size >= 4) {
    size_t at = (size_t)(data[0] | data[1] << 8 | data[2] << 16) % mapped->data.len;
    size_t n = mapped->data.len - at < 4 ? mapped->data.len - at : 4;
    if (z3_rom_write(mapped, at, data, n, "fuzz", NULL) != Z3_OK || z3_rom_write(read, at, data, n, "fuzz", NULL) != Z3_OK)
      __builtin_trap();
    if (!same_rom(mapped, read) || memcmp(read->data.data + at, data, n) != 0) __builtin_trap();
  }
  z3_rom_free(read);
  z3_rom_free(mapped);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (size_t i = 0; i + 8 <= size && i < 64; i += 8) check_conversions(data + i);
  check_address_text(data, size);
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  if (z3_rom_from_memory(&rom, data, size, "fuzz", &err) != Z3_OK) {
    check_file_loads(data, size, NULL);
    return 0;
  }
  check_file_loads(data, size, rom);
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
