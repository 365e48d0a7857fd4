/* Free space and ROM expansion (data reference §7). */
#include <stdio.h>
#include <string.h>

#include "zelda3/gfx.h"

/* Expanded-area ranges editors already claim (ZScream's ROM map, yaze's
 * constants): z3ed never allocates there. */
static const struct { size_t from, to; } reserved[] = {
    {0x100000, 0x150000}, /* ZScream/yaze: overlays, collision, overflow, custom overworld... */
    {0x1E0000, 0x200000}, /* ZScream: custom ASM, expanded Tile16 and Tile32 */
};

/* Used only while they still hold nothing but $FF. Blocks the disassembly
 * marks "including garbage" are left out, and so are the tails of the two text
 * banks ($1C:FF2A-$1C:FFFF at 0xE7F2A, $0E:EE21-$0E:F3FF at 0x76E21): that is
 * the room messages grow into (text.h), not space for other data. */
const z3_free_block z3_vanilla_free[] = {
    {0x3F89D, 0x763}, {0x77B64, 0x49C}, {0x1EB05, 0x19B},
    {0x7FE72, 0x18E}, {0xFFF4E, 0xB2},  {0x26C1C, 0xA4},
};
const size_t z3_vanilla_free_count = sizeof z3_vanilla_free / sizeof z3_vanilla_free[0];

static bool is_reserved(size_t pc) {
  for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
    if (pc >= reserved[i].from && pc < reserved[i].to) return true;
  return false;
}

/* First run of `need` equal filler bytes ($00 or $FF) in [from, to). A run
 * that does not start at `from` loses its first byte: it may be the $FF that
 * ends the stream before it. */
static bool find_run(const uint8_t *d, size_t from, size_t to, size_t need, size_t *out) {
  size_t i = from;
  while (i < to) {
    uint8_t fill = d[i];
    if ((fill != 0x00 && fill != 0xFF) || is_reserved(i)) {
      i++;
      continue;
    }
    size_t start = i;
    while (i < to && d[i] == fill && !is_reserved(i)) i++;
    size_t usable_from = start == from ? start : start + 1;
    if (i > usable_from && i - usable_from >= need) {
      *out = usable_from;
      return true;
    }
  }
  return false;
}

static bool all_ff(const uint8_t *d, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (d[i] != 0xFF) return false;
  return true;
}

size_t z3_expanded_free_ranges(size_t rom_size, z3_free_range *out, size_t max) {
  size_t n = 0, at = 0x100000;
  for (size_t i = 0; i <= sizeof reserved / sizeof reserved[0] && at < rom_size; i++) {
    size_t end = i < sizeof reserved / sizeof reserved[0] ? reserved[i].from : rom_size;
    if (end > rom_size) end = rom_size;
    if (end > at && n < max) out[n++] = (z3_free_range){at, end};
    if (i < sizeof reserved / sizeof reserved[0] && reserved[i].to > at) at = reserved[i].to;
  }
  return n;
}

z3_status z3_rom_find_free(const z3_rom *rom, size_t need, size_t *out, z3_error *err) {
  const uint8_t *d = rom->data.data;
  size_t size = rom->data.len;
  if (size > 0x100000 && find_run(d, 0x100000, size, need, out)) return Z3_OK;
  for (size_t i = 0; i < z3_vanilla_free_count; i++) {
    size_t pc = z3_vanilla_free[i].pc, n = z3_vanilla_free[i].size;
    if (pc + n <= size && n >= need && all_ff(d + pc, n)) {
      *out = pc;
      return Z3_OK;
    }
  }
  z3_error_set(err, Z3_E_NOT_FOUND, "no free space of %zu bytes in the %zu KiB ROM", need, size / 1024);
  z3_error_hint(err, "'z3ed rom expand --size 2MiB' adds free space");
  return Z3_E_NOT_FOUND;
}

z3_status z3_rom_find_free_in_bank(const z3_rom *rom, unsigned bank, size_t need, z3_free_accept accept, void *user,
                                   size_t *out, z3_error *err) {
  const uint8_t *d = rom->data.data;
  size_t best = 0;
  for (size_t i = 0; i < z3_vanilla_free_count; i++) {
    size_t from = z3_vanilla_free[i].pc, to = from + z3_vanilla_free[i].size;
    if ((from >> 15) != bank || to > rom->data.len) continue;
    for (size_t at = from; at < to; at++) {
      size_t run = 0; /* $FF bytes from `at`, for the "largest run" in the error */
      while (at + run < to && d[at + run] == 0xFF) run++;
      if (run > best) best = run;
      if (run >= need && accept(user, at, need)) {
        *out = at;
        return Z3_OK;
      }
    }
  }
  z3_error_set(err, Z3_E_NOT_FOUND, "no room in bank $%02X: %zu bytes needed, the largest free run there is %zu bytes",
               bank, need, best);
  z3_error_hint(err, "make other data of the bank smaller, or free its space");
  return Z3_E_NOT_FOUND;
}

z3_status z3_rom_expand(z3_rom *rom, size_t new_size, z3_error *err) {
  size_t old = rom->data.len;
  if (new_size <= old) {
    return z3_error_set(err, Z3_E_INVALID, "the ROM is already %zu KiB; expanding to %zu KiB would shrink it",
                        old / 1024, new_size / 1024);
  }
  if (new_size > (4u << 20) || (new_size & (new_size - 1)) != 0) {
    return z3_error_set(err, Z3_E_INVALID, "cannot expand to %zu bytes: use 2 MiB or 4 MiB", new_size);
  }
  char reason[48];
  snprintf(reason, sizeof reason, "expand from %zu KiB to %zu KiB", old / 1024, new_size / 1024);
  z3_status st = z3_rom_resize(rom, new_size, reason, err);
  unsigned code = 0;
  while (((size_t)1024 << code) < new_size) code++;
  char value[8];
  snprintf(value, sizeof value, "%u", code);
  if (st == Z3_OK) st = z3_rom_set_header_field(rom, "rom_size", value, err);
  if (st == Z3_OK) st = z3_rom_fix_checksum(rom, err);
  return st;
}
