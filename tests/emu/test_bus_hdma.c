/* emu: HDMA tables (direct, repeat, indirect) run line by line, without a CPU program. */
#include "bus_helpers.h"

static void w(z3_snes *s, uint32_t addr, uint8_t v) { z3_snes_bus_write(s, addr, v); }

/* Channel ch reads its table from $7E:table and writes to $21<bbad>. */
static void hdma_setup(z3_snes *s, int ch, uint8_t dmap, uint8_t bbad, uint16_t table) {
  uint32_t base = 0x4300 + 0x10 * (uint32_t)ch;
  w(s, base + 0, dmap);
  w(s, base + 1, bbad);
  w(s, base + 2, (uint8_t)table);
  w(s, base + 3, (uint8_t)(table >> 8));
  w(s, base + 4, 0x7E);
  w(s, base + 7, 0x7E); /* indirect data bank */
}

static void next_frame(z3_snes *s) {
  uint64_t f = s->frame;
  while (s->frame == f) z3_snes_advance(s, 1);
}

/* Enabling mid-frame would run the channels with whatever they hold; enable
 * them at the start of a frame, before the init point (hclock 12). */
static void enable_at_frame_start(z3_snes *s, uint8_t channels) {
  next_frame(s);
  w(s, 0x420C, channels);
  assert_true(s->line == 0 && s->hclock < 12);
}

/* CPU I/O cycles from (line, hclock 100) to (line + 1, hclock 100). */
static unsigned idles_between(z3_snes *s, unsigned line) {
  run_to(s, line, 100);
  unsigned n = 0;
  while (!(s->line == line + 1 && s->hclock >= 100)) z3_snes_bus_idle(s), n++;
  return n;
}

static void put(z3_snes *s, uint16_t at, const uint8_t *bytes, size_t n) {
  memcpy(s->wram + at, bytes, n);
}

Z3_TEST(test_bus_hdma__direct_entries_transfer_on_their_first_line) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  /* count 3: one byte on line 0, idle on 1-2; count 2: one byte on line 3; then the end */
  put(s, 0x1000, (const uint8_t[]){0x03, 0x11, 0x02, 0x22, 0x00}, 5);
  hdma_setup(s, 1, 0x00, 0x22, 0x1000); /* pattern 0 to CGDATA */
  w(s, 0x2121, 0);
  enable_at_frame_start(s, 0x02);
  run_to(s, 0, 1103);
  assert_false(s->ppu.cg_high);
  run_to(s, 0, 1104);
  assert_true(s->ppu.cg_high);           /* $11 waits in the CGRAM latch */
  assert_int_equal(s->ppu.cg_latch, 0x11);
  run_to(s, 3, 0);
  assert_true(s->ppu.cg_high);           /* lines 1 and 2 moved nothing */
  run_to(s, 4, 0);
  assert_int_equal(s->ppu.cgram[0], 0x11);
  assert_int_equal(s->ppu.cgram[1], 0x22);
  run_to(s, 224, 1200);
  assert_true(s->dma[1].hdma_done);
  assert_int_equal(s->dma[1].a2a, 0x1005);
  assert_int_equal(s->ppu.cgadd, 1);
  z3_snes_free(s);
}

Z3_TEST(test_bus_hdma__repeat_and_indirect_entries) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  /* channel 0, repeat: a byte on each of lines 0-3 into OAM */
  put(s, 0x1000, (const uint8_t[]){0x84, 0xA0, 0xA1, 0xA2, 0xA3, 0x00}, 6);
  hdma_setup(s, 0, 0x00, 0x04, 0x1000);
  /* channel 2, indirect, pattern 2 (two writes to CGDATA): count $82 -> a colour on lines 0 and 1 */
  put(s, 0x1100, (const uint8_t[]){0x82, 0x00, 0x12, 0x00}, 4);
  put(s, 0x1200, (const uint8_t[]){0x33, 0x0C, 0x44, 0x0D}, 4);
  hdma_setup(s, 2, 0x42, 0x22, 0x1100);
  w(s, 0x2121, 0x10);
  w(s, 0x2102, 0);
  w(s, 0x2103, 0);
  enable_at_frame_start(s, 0x05);
  run_to(s, 10, 0);
  assert_memory_equal(s->ppu.oam, ((const uint8_t[]){0xA0, 0xA1, 0xA2, 0xA3}), 4);
  assert_memory_equal(s->ppu.cgram + 0x20, ((const uint8_t[]){0x33, 0x0C, 0x44, 0x0D}), 4);
  /* channel 2 ended as the line's last active channel: one pointer byte, into the high half */
  assert_int_equal(s->dma[2].das, 0x5500);
  assert_int_equal(s->dma[2].a2a, 0x1105);
  assert_true(s->dma[0].hdma_done && s->dma[2].hdma_done);
  z3_snes_free(s);
}

Z3_TEST(test_bus_hdma__restarts_every_frame_and_charges_time) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  put(s, 0x1000, (const uint8_t[]){0x81, 0x5A, 0x00}, 3);
  hdma_setup(s, 3, 0x00, 0x04, 0x1000);
  enable_at_frame_start(s, 0x08);
  /* the CPU gets fewer cycles in line 0 (a transfer at 1104) than in line 2 (the table has ended) */
  unsigned busy = idles_between(s, 0), quiet = idles_between(s, 2);
  assert_true(busy + 4 <= quiet);
  assert_int_equal(s->ppu.oam[0], 0x00); /* one byte: still in the OAM latch */
  assert_int_equal(s->ppu.oam_latch, 0x5A);
  next_frame(s);                       /* next frame: the table runs again */
  w(s, 0x2102, 0);
  w(s, 0x2103, 0);
  s->ppu.oam_latch = 0;
  run_to(s, 1, 0);
  assert_int_equal(s->ppu.oam_latch, 0x5A);
  /* disabled: nothing */
  w(s, 0x420C, 0x00);
  s->ppu.oam_latch = 0;
  next_frame(s);
  run_to(s, 1, 0);
  assert_int_equal(s->ppu.oam_latch, 0);
  z3_snes_free(s);
}

/* One channel for both (a program's mistake, or a fuzzer's): the HDMA transfer ends the
 * general DMA, its remaining count left in DASx (hardware reference §3.6). Carrying on
 * instead, with an indirect HDMA rewriting DASx every line, the DMA never ended. */
Z3_TEST(test_bus_hdma__hdma_on_the_channel_ends_its_dma) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  uint8_t table[1 + 127 + 1] = {0xFF}; /* repeat: a byte on each of 127 lines, then the end */
  put(s, 0x1000, table, sizeof table);
  hdma_setup(s, 0, 0x00, 0x04, 0x1000);
  enable_at_frame_start(s, 0x01);
  run_to(s, 10, 200);
  w(s, 0x4302, 0x00), w(s, 0x4303, 0x20); /* the DMA: 4096 bytes from $7E:2000 */
  w(s, 0x4305, 0x00), w(s, 0x4306, 0x10);
  uint64_t before = s->dma_clocks;
  start_dma(s, 0x01);
  /* ended at line 10's HDMA point (hclock 1104), about 110 bytes in, not 24 lines later */
  assert_true(s->dma[0].das > 0x1000 - 0x100 && s->dma[0].das < 0x1000);
  assert_true(s->dma_clocks - before < 0x100 * 8 + 64);
  assert_int_equal(s->line, 10);
  z3_snes_free(s);
}

Z3_RUN(cmocka_unit_test(test_bus_hdma__direct_entries_transfer_on_their_first_line),
       cmocka_unit_test(test_bus_hdma__hdma_on_the_channel_ends_its_dma),
       cmocka_unit_test(test_bus_hdma__repeat_and_indirect_entries),
       cmocka_unit_test(test_bus_hdma__restarts_every_frame_and_charges_time))
