/*
 * The cartridge: the ROM image laid out over a power-of-two space with the
 * hardware's mirroring, SRAM sized from the header, and the page tables that
 * give the bus a direct pointer for ROM and WRAM pages.
 *
 * ROM addresses come from snes/rom.h's mapping (the same rules the editor
 * uses), so an address the editor calls ROM is ROM here too.
 */
#include <stdlib.h>
#include <string.h>

#include "emu/snes_internal.h"

enum { PAGE = 0x1000, SRAM_FILL = 0xFF };

static size_t pow2_floor(size_t n) {
  size_t p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

/* Where byte `a` of the mapped space lands in an image of `size` bytes: a
 * size that is not a power of two maps its largest power-of-two part first,
 * then the rest mirrored up to the same size again (hardware reference §2.3). */
static size_t mirror(size_t a, size_t size) {
  size_t base = 0;
  for (;;) {
    size_t p = pow2_floor(size);
    if (p == size) return base + (a & (p - 1));
    a &= 2 * p - 1;
    if (a < p) return base + a;
    a -= p;
    base += p;
    size -= p;
  }
}

static size_t sram_bytes(const z3_rom *rom) {
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  if (h.sram_size_code == 0) return 0;
  size_t kib = (size_t)1 << (h.sram_size_code > 9 ? 9 : h.sram_size_code);
  return kib * 1024 > Z3_SNES_SRAM_MAX ? Z3_SNES_SRAM_MAX : kib * 1024;
}

z3_status snes_cart_load(z3_snes *snes, const z3_rom *rom, z3_error *err) {
  z3_snes_cart *cart = &snes->cart;
  size_t size = rom->data.len;
  if (size == 0) return z3_error_set(err, Z3_E_INVALID, "the ROM image is empty");
  size_t space = pow2_floor(size);
  if (space < size) space *= 2;
  if (space < 0x8000) space = 0x8000;
  cart->rom = z3_malloc(space);
  cart->sram_size = sram_bytes(rom);
  cart->sram = cart->sram_size ? z3_malloc(cart->sram_size) : NULL;
  if (!cart->rom || (cart->sram_size && !cart->sram)) {
    snes_cart_release(cart);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory for a %zu-byte ROM", size);
  }
  for (size_t i = 0; i < space; i++) cart->rom[i] = rom->data.data[mirror(i, size)];
  if (cart->sram) memset(cart->sram, SRAM_FILL, cart->sram_size);
  cart->rom_space = space;
  cart->rom_size = size;
  cart->mapping = rom->mapping;
  return Z3_OK;
}

void snes_cart_release(z3_snes_cart *cart) {
  z3_free(cart->rom);
  z3_free(cart->sram);
  cart->rom = cart->sram = NULL;
}

static bool is_system_bank(unsigned bank) { return (bank & 0x40) == 0; }

uint8_t *snes_sram_at(const z3_snes *snes, uint32_t addr) {
  const z3_snes_cart *cart = &snes->cart;
  if (!cart->sram) return NULL;
  unsigned bank = (addr >> 16) & 0xFF, off = addr & 0xFFFF;
  size_t at;
  if (cart->mapping == Z3_MAP_LOROM || cart->mapping == Z3_MAP_EXLOROM) {
    /* $70-$7D and $F0-$FF, $0000-$7FFF, 32 KiB per bank */
    if ((bank & 0x7F) < 0x70 || (bank & 0x7F) > 0x7D || off >= 0x8000) return NULL;
    at = (size_t)(bank & 0x0F) * 0x8000 + off;
  } else {
    /* $20-$3F and $A0-$BF, $6000-$7FFF, 8 KiB per bank */
    if (!is_system_bank(bank) || (bank & 0x3F) < 0x20 || off < 0x6000 || off >= 0x8000) return NULL;
    at = (size_t)(bank & 0x1F) * 0x2000 + (off - 0x6000);
  }
  return &cart->sram[at & (cart->sram_size - 1)];
}

/* ROM bytes of the page starting at addr, or NULL when the mapping has no ROM there. */
static const uint8_t *rom_page(const z3_snes_cart *cart, uint32_t addr) {
  size_t pc;
  if (z3_snes_to_pc(cart->mapping, Z3_ROM_MAX_SIZE, addr, &pc, NULL) != Z3_OK) return NULL;
  return cart->rom + (pc & (cart->rom_space - 1));
}

void snes_map_pages(z3_snes *snes) {
  for (uint32_t p = 0; p < Z3_SNES_PAGES; p++) {
    uint32_t addr = p * PAGE;
    unsigned bank = addr >> 16, off = addr & 0xFFFF;
    uint8_t *wram = NULL;
    if (bank == 0x7E || bank == 0x7F) wram = snes->wram + (addr - 0x7E0000);
    else if (is_system_bank(bank) && off < 0x2000) wram = snes->wram + off;
    snes->write_page[p] = wram;
    if (wram) snes->read_page[p] = wram;
    else if (is_system_bank(bank) && off < 0x8000) snes->read_page[p] = NULL;
    else snes->read_page[p] = rom_page(&snes->cart, addr);
  }
}
