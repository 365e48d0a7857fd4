/* emu: PPU ports (VRAM, CGRAM, OAM, multiplier, counters) and general DMA, without a CPU program. */
#include "bus_helpers.h"

static void w(z3_snes *s, uint32_t addr, uint8_t v) { z3_snes_bus_write(s, addr, v); }
static uint8_t r(z3_snes *s, uint32_t addr) { return z3_snes_bus_read(s, addr); }

static uint16_t vram_word(const z3_snes *s, unsigned word) {
  return (uint16_t)(s->ppu.vram[2 * word] | s->ppu.vram[2 * word + 1] << 8);
}

Z3_TEST(test_bus_vram__increment_on_high_or_low_and_steps) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0); /* power-on: forced blank */
  w(s, 0x2115, 0x80); /* step after $2119, by 1 */
  w(s, 0x2116, 0x00);
  w(s, 0x2117, 0x10);
  w(s, 0x2118, 0x11);
  w(s, 0x2119, 0x22);
  w(s, 0x2118, 0x33);
  w(s, 0x2119, 0x44);
  assert_int_equal(vram_word(s, 0x1000), 0x2211);
  assert_int_equal(vram_word(s, 0x1001), 0x4433);
  w(s, 0x2115, 0x01); /* step after $2118, by 32 */
  w(s, 0x2116, 0x00);
  w(s, 0x2117, 0x20);
  w(s, 0x2119, 0xAA); /* high byte: no step */
  w(s, 0x2118, 0xBB);
  w(s, 0x2118, 0xCC);
  assert_int_equal(vram_word(s, 0x2000), 0xAABB);
  assert_int_equal(vram_word(s, 0x2020) & 0xFF, 0xCC);
  assert_int_equal(s->ppu.vmadd, 0x2040);
  w(s, 0x2115, 0x83); /* by 128 */
  w(s, 0x2119, 0x01);
  assert_int_equal(s->ppu.vmadd, 0x20C0);
  /* bit 15 of the word address is ignored */
  w(s, 0x2115, 0x80);
  w(s, 0x2116, 0x05);
  w(s, 0x2117, 0x80);
  w(s, 0x2118, 0x77);
  assert_int_equal(s->ppu.vram[2 * 5], 0x77);
  z3_snes_free(s);
}

Z3_TEST(test_bus_vram__address_remap) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  /* mode 1: aaaaaaaa YYYxxxxx -> aaaaaaaa xxxxxYYY */
  w(s, 0x2115, 0x84);
  w(s, 0x2116, 0x25); /* YYY = 001, xxxxx = 00101 */
  w(s, 0x2117, 0x03);
  w(s, 0x2118, 0x9A);
  assert_int_equal(s->ppu.vram[2 * 0x0329], 0x9A);
  /* mode 3: aaaaaaYY YxxxxxPP -> aaaaaaxx xxxPPYYY */
  w(s, 0x2115, 0x8C);
  w(s, 0x2116, 0x81); /* $0181: YYY (bits 9-7) = 011, xxxxxPP (bits 6-0) = 0000001 */
  w(s, 0x2117, 0x01);
  w(s, 0x2118, 0x5C);
  assert_int_equal(s->ppu.vram[2 * 0x000B], 0x5C);
  z3_snes_free(s);
}

Z3_TEST(test_bus_vram__read_buffer_prefetch) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  for (unsigned i = 0; i < 4; i++) {
    s->ppu.vram[2 * (0x300 + i)] = (uint8_t)(0x10 + i);
    s->ppu.vram[2 * (0x300 + i) + 1] = (uint8_t)(0xA0 + i);
  }
  w(s, 0x2115, 0x80);
  w(s, 0x2116, 0x00);
  w(s, 0x2117, 0x03); /* loads the buffer with word $300 */
  uint8_t lo = r(s, 0x2139), hi = r(s, 0x213A);
  assert_int_equal(lo | hi << 8, 0xA010);
  /* the high read reloaded the buffer from $300 before stepping: $300 comes back once more */
  lo = r(s, 0x2139), hi = r(s, 0x213A);
  assert_int_equal(lo | hi << 8, 0xA010);
  lo = r(s, 0x2139), hi = r(s, 0x213A);
  assert_int_equal(lo | hi << 8, 0xA111);
  assert_int_equal(s->ppu.vmadd, 0x303);
  /* writes do not touch the buffer */
  w(s, 0x2118, 0xEE);
  assert_int_equal(r(s, 0x2139), 0x12);
  z3_snes_free(s);
}

Z3_TEST(test_bus_vram__closed_during_active_display) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  w(s, 0x2100, 0x0F); /* display on */
  run_to(s, 50, 0);
  w(s, 0x2115, 0x80);
  w(s, 0x2116, 0x40);
  w(s, 0x2117, 0x00);
  w(s, 0x2118, 0x12);
  w(s, 0x2119, 0x34);
  assert_int_equal(vram_word(s, 0x40), 0);
  assert_int_equal(s->ppu.vmadd, 0x41); /* the address still steps */
  run_to(s, 225, 0);
  w(s, 0x2118, 0x56);
  w(s, 0x2119, 0x78);
  assert_int_equal(vram_word(s, 0x41), 0x7856);
  z3_snes_free(s);
}

Z3_TEST(test_bus_cgram__write_twice_and_read_back) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  w(s, 0x2121, 0x05);
  w(s, 0x2122, 0x1F);
  w(s, 0x2122, 0xFC); /* bit 7 of the high byte is not stored */
  w(s, 0x2122, 0x34);
  w(s, 0x2122, 0x12);
  assert_int_equal(s->ppu.cgram[10], 0x1F);
  assert_int_equal(s->ppu.cgram[11], 0x7C);
  assert_int_equal(s->ppu.cgram[12], 0x34);
  assert_int_equal(s->ppu.cgram[13], 0x12);
  w(s, 0x2121, 0x05);
  assert_int_equal(r(s, 0x213B), 0x1F);
  assert_int_equal(r(s, 0x213B) & 0x7F, 0x7C);
  assert_int_equal(r(s, 0x213B), 0x34);
  assert_int_equal(s->ppu.cgadd, 6);
  z3_snes_free(s);
}

Z3_TEST(test_bus_oam__low_table_latch_high_table_direct) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  w(s, 0x2102, 0x00);
  w(s, 0x2103, 0x00);
  /* AR's example: write 1, 2, read, write 3 from address 0 leaves 01 02 01 03 */
  w(s, 0x2104, 0x01);
  w(s, 0x2104, 0x02);
  r(s, 0x2138);
  w(s, 0x2104, 0x03);
  assert_memory_equal(s->ppu.oam, ((uint8_t[]){1, 2, 1, 3}), 4);
  /* an even byte alone stays in the latch */
  w(s, 0x2104, 0x09);
  assert_int_equal(s->ppu.oam[4], 0);
  /* word $100 = byte $200: the high table is written directly, $220+ mirrors it */
  w(s, 0x2102, 0x00);
  w(s, 0x2103, 0x01);
  w(s, 0x2104, 0xAB);
  assert_int_equal(s->ppu.oam[0x200], 0xAB);
  w(s, 0x2102, 0x10); /* word $110 = byte $220 */
  w(s, 0x2104, 0xCD);
  assert_int_equal(s->ppu.oam[0x200], 0xCD);
  w(s, 0x2102, 0x00);
  w(s, 0x2103, 0x00);
  assert_int_equal(r(s, 0x2138), 1);
  assert_int_equal(r(s, 0x2138), 2);
  z3_snes_free(s);
}

Z3_TEST(test_bus_ppu__multiplier_and_counter_latch) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  w(s, 0x211B, 0x34);
  w(s, 0x211B, 0x12); /* M7A = $1234 */
  w(s, 0x211C, 0xFD); /* the last byte written: -3 */
  int32_t p = 0x1234 * -3;
  assert_int_equal(r(s, 0x2134), (uint8_t)p);
  assert_int_equal(r(s, 0x2135), (uint8_t)(p >> 8));
  assert_int_equal(r(s, 0x2136), (uint8_t)(p >> 16));
  run_to(s, 100, 400);
  r(s, 0x2137);
  unsigned line = s->ppu.vcount_latch, dot = s->ppu.hcount_latch;
  assert_int_equal(line, 100);
  assert_true(dot >= 100 && dot <= 102);
  assert_int_equal(r(s, 0x213F) & 0x40, 0x40);
  assert_int_equal(r(s, 0x213F) & 0x40, 0); /* the read cleared it */
  assert_int_equal(r(s, 0x213C), dot & 0xFF);
  assert_int_equal(r(s, 0x213C) & 1, dot >> 8);
  assert_int_equal(r(s, 0x213D), 100);
  z3_snes_free(s);
}

static void dma_setup(z3_snes *s, int ch, uint8_t dmap, uint8_t bbad, uint32_t a, uint16_t count) {
  uint32_t base = 0x4300 + 0x10 * (uint32_t)ch;
  w(s, base + 0, dmap);
  w(s, base + 1, bbad);
  w(s, base + 2, (uint8_t)a);
  w(s, base + 3, (uint8_t)(a >> 8));
  w(s, base + 4, (uint8_t)(a >> 16));
  w(s, base + 5, (uint8_t)count);
  w(s, base + 6, (uint8_t)(count >> 8));
}

Z3_TEST(test_bus_dma__wram_to_vram_and_back_with_time_charged) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  for (int i = 0; i < 64; i++) s->wram[0x100 + i] = (uint8_t)(i * 3 + 1);
  w(s, 0x2115, 0x80);
  w(s, 0x2116, 0x00);
  w(s, 0x2117, 0x40);
  dma_setup(s, 2, 0x01, 0x18, 0x7E0100, 64);
  run_to(s, 10, 100);
  uint64_t t = s->clock;
  start_dma(s, 0x04);
  uint64_t spent = s->clock - t - DMA_START_CYCLES;
  for (int i = 0; i < 32; i++)
    assert_int_equal(vram_word(s, 0x4000 + i), (s->wram[0x100 + 2 * i] | s->wram[0x101 + 2 * i] << 8));
  assert_int_equal(s->dma[2].das, 0);
  assert_int_equal(s->dma[2].a1t, 0x0140);
  /* 8 (sync at most) + 8 + 8 + 64 * 8, the resync to the next 6-clock cycle
   * (1-6), plus a refresh pause if one fell inside */
  assert_true(spent >= 8 + 8 + 64 * 8 + 1 && spent <= 8 + 8 + 8 + 64 * 8 + 6 + 40);
  assert_int_equal(s->dma_clocks, spent);
  /* back into WRAM through $2139/$213A (B to A), after the prefetching address write */
  w(s, 0x2116, 0x00);
  w(s, 0x2117, 0x40);
  r(s, 0x2139); /* dummy reads: the first word comes back twice */
  r(s, 0x213A);
  dma_setup(s, 0, 0x81, 0x39, 0x7E0200, 64);
  start_dma(s, 0x01);
  assert_memory_equal(s->wram + 0x200, s->wram + 0x100, 64);
  z3_snes_free(s);
}

Z3_TEST(test_bus_dma__patterns_fixed_decrement_and_count_zero) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  /* pattern 2 into CGRAM ($2122 twice), source decrementing from ROM */
  w(s, 0x2121, 0);
  dma_setup(s, 0, 0x12, 0x22, 0x008103, 4);
  start_dma(s, 0x01);
  assert_int_equal(s->ppu.cgram[0], rom_byte(0x103));
  assert_int_equal(s->ppu.cgram[1], rom_byte(0x102) & 0x7F);
  assert_int_equal(s->ppu.cgram[2], rom_byte(0x101));
  assert_int_equal(s->dma[0].a1t, 0x80FF);
  /* fixed source: a fill; pattern 0 to $2180 from ROM (not WRAM, so it moves) */
  w(s, 0x2181, 0x00);
  w(s, 0x2182, 0x30);
  w(s, 0x2183, 0x00);
  dma_setup(s, 1, 0x08, 0x80, 0x008010, 300);
  start_dma(s, 0x02);
  for (int i = 0; i < 300; i++) assert_int_equal(s->wram[0x3000 + i], rom_byte(0x10));
  assert_int_equal(s->io.wmadd, 0x3000 + 300);
  /* WRAM to the WRAM port moves nothing and does not step the port */
  s->wram[0x50] = 0x99;
  dma_setup(s, 1, 0x00, 0x80, 0x7E0050, 1);
  start_dma(s, 0x02);
  assert_int_equal(s->io.wmadd, 0x3000 + 300);
  /* pattern 4 writes four consecutive registers: $2181-$2183 then $2184 */
  dma_setup(s, 3, 0x04, 0x81, 0x7E0060, 4);
  s->wram[0x60] = 0x21, s->wram[0x61] = 0x43, s->wram[0x62] = 0x01;
  start_dma(s, 0x08);
  assert_int_equal(s->io.wmadd, 0x14321);
  /* count 0 means 65536 bytes */
  dma_setup(s, 4, 0x09, 0x18, 0x008000, 0);
  w(s, 0x2115, 0x80);
  uint64_t t = s->clock;
  start_dma(s, 0x10);
  assert_true(s->clock - t >= 65536u * 8);
  assert_int_equal(s->dma[4].das, 0);
  z3_snes_free(s);
}

Z3_RUN(cmocka_unit_test(test_bus_vram__increment_on_high_or_low_and_steps),
       cmocka_unit_test(test_bus_vram__address_remap),
       cmocka_unit_test(test_bus_vram__read_buffer_prefetch),
       cmocka_unit_test(test_bus_vram__closed_during_active_display),
       cmocka_unit_test(test_bus_cgram__write_twice_and_read_back),
       cmocka_unit_test(test_bus_oam__low_table_latch_high_table_direct),
       cmocka_unit_test(test_bus_ppu__multiplier_and_counter_latch),
       cmocka_unit_test(test_bus_dma__wram_to_vram_and_back_with_time_charged),
       cmocka_unit_test(test_bus_dma__patterns_fixed_decrement_and_count_zero))
