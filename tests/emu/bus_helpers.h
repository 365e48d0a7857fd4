/* Builds consoles around small in-memory ROM images for the bus tests. */
#ifndef Z3_TESTS_EMU_BUS_HELPERS_H
#define Z3_TESTS_EMU_BUS_HELPERS_H

#include <stdlib.h>
#include <string.h>

#include "emu/snes.h"
#include "test.h"

/* An image whose every byte says where it is: byte i = (i >> 15) ^ i (so
 * banks differ), with a header at the mapping's place declaring `sram_code`. */
static inline z3_snes *bus_console(z3_mapping m, size_t size, uint8_t sram_code) {
  uint8_t *img = malloc(size);
  for (size_t i = 0; i < size; i++) img[i] = (uint8_t)((i >> 15) ^ i);
  size_t hdr = m == Z3_MAP_HIROM ? 0xFFC0 : 0x7FC0;
  memcpy(img + hdr, "BUS TEST             ", 21);
  img[hdr + 0x15] = m == Z3_MAP_HIROM ? 0x21 : 0x20;
  img[hdr + 0x18] = sram_code;
  img[hdr + 0x3C] = 0x00; /* reset vector $8000 */
  img[hdr + 0x3D] = 0x80;
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_from_memory(&rom, img, size, "bus.sfc", &err), &err);
  rom->mapping = m;
  z3_snes *snes;
  assert_ok(z3_snes_create(&snes, rom, &err), &err);
  z3_rom_free(rom);
  free(img);
  return snes;
}

static inline uint8_t rom_byte(size_t i) { return (uint8_t)((i >> 15) ^ i); }

/* Moves time forward one clock at a time until (line, hclock) is reached. */
static inline void run_to(z3_snes *s, unsigned line, unsigned hclock) {
  while (!(s->line == line && s->hclock >= hclock)) z3_snes_advance(s, 1);
}

/* General DMA as `STA $420B` starts it: the write (6 clocks), the CPU's next
 * bus cycle (an 8-clock opcode fetch from ROM), the DMA, and the cycle after
 * it (6 clocks), on whose grid the CPU resumes. */
enum { DMA_START_CYCLES = 6 + 8 + 6 };
static inline void start_dma(z3_snes *s, uint8_t channels) {
  z3_snes_bus_write(s, 0x420B, channels);
  z3_snes_bus_read(s, 0x008000);
  z3_snes_bus_idle(s);
}

#endif
