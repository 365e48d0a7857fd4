/* Fuzzes ROM loading and everything that reads a loaded image: mapping
 * detection, header parsing, checksum with mirroring, bank sums, address
 * conversion, header edits and fixing the checksum. The input's first bytes
 * also drive the mapping functions directly, whatever the image detects as:
 * 8-byte records (mapping, image size, address, offset) whose conversions must
 * round-trip, and its first line as an address a user types ("$02:A5EC"),
 * which parses to 24 bits and formats back to what parses the same. The
 * three ways to load (a file read, a file mapped, memory) must agree on the
 * image, its mapping and whether it loads, also after a write to the mapped
 * one (which moves it to the heap). On a loaded image, edits the input's
 * first bytes describe (writes of changed runs, some past the end, and a
 * resize) must leave exactly the expected image, a change log counting
 * exactly the bytes that changed, none of its entries a no-op; every few
 * inputs the edited image is saved and must load back the same. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The input as a file (an anonymous one, named through /proc): its descriptor. */
static int memfd_of(const uint8_t *data, size_t size, char path[40]) {
  int fd = memfd_create("rom", 0);
  if (fd < 0 || write(fd, data, size) != (ssize_t)size) __builtin_trap();
  snprintf(path, 40, "/proc/self/fd/%d", fd);
  return fd;
}

/* The file read and the file mapped load as the memory copy did (or fail as it did). */
static void check_file_loads(const uint8_t *data, size_t size, const z3_rom *from_memory) {
  char path[40];
  int fd = memfd_of(data, size, path);
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

/* One write of changed runs from an 8-byte record: where (maybe past the
 * end), how many bytes (taken from the input), the merge gap. The shadow
 * follows; returns the bytes that differ from what it held (0 if refused). */
static size_t edit_runs(z3_rom *rom, uint8_t *shadow, const uint8_t *r, const uint8_t *data, size_t size) {
  size_t len = rom->data.len, at = (size_t)(r[0] | r[1] << 8 | r[2] << 16) % (len + 16);
  size_t from = r[4] % size, n = r[3] % 48;
  if (n > size - from) n = size - from;
  z3_error err;
  z3_error_init(&err);
  if (z3_rom_write_changed(rom, at, data + from, n, r[5] % 4, "fuzz", &err) != Z3_OK) {
    if (at + n <= len || !err.message[0]) __builtin_trap(); /* only a range past the end is refused */
    return 0;
  }
  size_t differ = 0;
  for (size_t i = 0; i < n; i++) differ += shadow[at + i] != data[from + i];
  memcpy(shadow + at, data + from, n);
  return differ;
}

/* Saves go to one folder per process, removed when it exits. */
static char save_dir[] = "/tmp/z3fuzz-rom-XXXXXX", save_path[64];

static void remove_saves(void) {
  unlink(save_path);
  rmdir(save_dir);
}

static void check_saved(const z3_rom *rom) {
  if (!save_path[0]) {
    if (!mkdtemp(save_dir)) __builtin_trap();
    snprintf(save_path, sizeof save_path, "%s/rom.sfc", save_dir);
    atexit(remove_saves);
  }
  z3_rom *back = NULL;
  if (z3_rom_save(rom, save_path, &(z3_write_opts){0}, NULL) != Z3_OK || z3_rom_load(&back, save_path, NULL) != Z3_OK)
    __builtin_trap();
  if (back->data.len != rom->data.len || memcmp(back->data.data, rom->data.data, rom->data.len) != 0 ||
      back->has_copier_header != rom->has_copier_header)
    __builtin_trap();
  z3_rom_free(back);
}

/* Edits through the change log on the mapped image: image, log and a save agree. */
static void check_change_log(const uint8_t *data, size_t size) {
  char path[40];
  int fd = memfd_of(data, size, path);
  z3_rom *rom = NULL;
  if (z3_rom_load_mapped(&rom, path, NULL) != Z3_OK) __builtin_trap();
  close(fd);
  size_t len = rom->data.len, logged = rom->change_count, expect = 0, cap = len + 0x10000;
  uint8_t *shadow = z3_calloc(cap, 1);
  if (!shadow) __builtin_trap();
  memcpy(shadow, rom->data.data, len);
  for (size_t i = 0; i + 8 <= size && i < 32; i += 8) expect += edit_runs(rom, shadow, data + i, data, size);
  for (size_t i = logged; i < rom->change_count; i++)
    if (z3_change_is_noop(&rom->changes[i])) __builtin_trap();
  if (size % 8 == 0) check_saved(rom); /* before the resize: an image of any size need not load */
  size_t new_len = data[size - 1] & 1 ? len + data[size - 1] * 256u : len - len * data[size - 1] / 1024;
  if (z3_rom_resize(rom, new_len, "fuzz", NULL) != Z3_OK) __builtin_trap();
  if (new_len < len) memset(shadow + new_len, 0, len - new_len);
  expect += new_len > len ? new_len - len : len - new_len;
  if (rom->data.len != new_len || memcmp(rom->data.data, shadow, new_len) != 0) __builtin_trap();
  if (z3_rom_bytes_changed_since(rom, logged) != expect) __builtin_trap();
  z3_free(shadow);
  z3_rom_free(rom);
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
  check_change_log(data, size);
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
