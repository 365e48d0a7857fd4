/* emu: CPU I/O registers without a CPU program: multiply/divide, NMI, IRQ, HVBJOY, joypads. */
#include "bus_helpers.h"

static uint16_t read16(z3_snes *s, uint32_t addr) {
  uint8_t lo = z3_snes_bus_read(s, addr);
  return (uint16_t)(lo | z3_snes_bus_read(s, addr + 1) << 8);
}

static void idle(z3_snes *s, int cycles) {
  for (int i = 0; i < cycles; i++) z3_snes_bus_idle(s);
}

Z3_TEST(test_bus_alu__multiply_takes_eight_cycles) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  z3_snes_bus_write(s, 0x004202, 0xFE);
  z3_snes_bus_write(s, 0x004203, 0xFD);
  idle(s, 2);
  assert_int_not_equal(s->io.rdmpy, 0xFE * 0xFD); /* still running: a partial product */
  idle(s, 6);
  assert_int_equal(read16(s, 0x004216), 0xFE * 0xFD);
  assert_int_equal(read16(s, 0x004214), 0xFD); /* RDDIV ends holding the multiplier */
  z3_snes_free(s);

  s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  z3_snes_bus_write(s, 0x004203, 3); /* WRMPYA is $FF from power-on */
  idle(s, 8);
  assert_int_equal(read16(s, 0x004216), 0xFF * 3);
  z3_snes_free(s);
}

Z3_TEST(test_bus_alu__divide_and_divide_by_zero) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  static const struct { uint16_t dividend; uint8_t divisor; } cases[] = {
      {1000, 7}, {0xFFFF, 1}, {0xFFFF, 0xFF}, {5, 9}, {0x8000, 0x80}, {12345, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_snes_bus_write(s, 0x004204, (uint8_t)cases[i].dividend);
    z3_snes_bus_write(s, 0x004205, (uint8_t)(cases[i].dividend >> 8));
    z3_snes_bus_write(s, 0x004206, cases[i].divisor);
    idle(s, 16);
    uint16_t q = cases[i].divisor ? cases[i].dividend / cases[i].divisor : 0xFFFF;
    uint16_t r = cases[i].divisor ? cases[i].dividend % cases[i].divisor : cases[i].dividend;
    assert_int_equal(read16(s, 0x004214), q);
    assert_int_equal(read16(s, 0x004216), r);
  }
  z3_snes_free(s);
}

Z3_TEST(test_bus_nmi__flag_at_line_225_dot_half_and_read_clears) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  z3_snes_bus_write(s, 0x004200, 0x80);
  run_to(s, 224, 1300);
  assert_int_equal(z3_snes_peek(s, 0x004212) & 0x80, 0);
  run_to(s, 225, 0);
  assert_int_equal(s->hclock, 0);
  assert_int_equal(z3_snes_peek(s, 0x004212) & 0x80, 0x80); /* vblank from H=0 */
  z3_snes_advance(s, 1);
  assert_false(s->io.nmi_flag);
  assert_false(s->cpu.nmi_pending);
  z3_snes_advance(s, 1);
  assert_true(s->io.nmi_flag);
  assert_true(s->cpu.nmi_pending);
  assert_int_equal(z3_snes_bus_read(s, 0x004210) & 0x80, 0x80);
  assert_int_equal(z3_snes_bus_read(s, 0x004210) & 0x80, 0);
  /* the flag is set with NMIs disabled too, and enabling then fires at once */
  run_to(s, 0, 0);
  assert_int_equal(s->frame, 1);
  assert_int_equal(z3_snes_peek(s, 0x004212) & 0x80, 0);
  s->cpu.nmi_pending = false;
  z3_snes_bus_write(s, 0x004200, 0x00);
  run_to(s, 225, 10);
  assert_true(s->io.nmi_flag);
  assert_false(s->cpu.nmi_pending);
  z3_snes_bus_write(s, 0x004200, 0x80);
  assert_true(s->cpu.nmi_pending);
  assert_int_equal(s->nmi_count, 2);
  z3_snes_free(s);
}

Z3_TEST(test_bus_frame__262_lines_of_1364_clocks) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  uint64_t start = s->clock - s->hclock - (uint64_t)s->line * 1364; /* reset vector reads moved time */
  run_to(s, 0, 0);
  while (s->frame == 0) z3_snes_advance(s, 1);
  assert_int_equal(s->clock - start, 262 * 1364);
  /* frame 1 has field 1: line 240 is 4 clocks short */
  uint64_t f1 = s->clock;
  while (s->frame == 1) z3_snes_advance(s, 1);
  assert_int_equal(s->clock - f1, 262 * 1364 - 4);
  z3_snes_free(s);
}

/* PAL: 312 lines of 1364 clocks, no short line, $213F bit 4 set, and the APU
 * paced by PAL's master clock (1.024 MHz against 21.28137 MHz). */
Z3_TEST(test_bus_frame__pal_has_312_full_lines) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  assert_false(s->pal); /* the header's region code 0 is Japan: NTSC */
  assert_int_equal(z3_snes_bus_read(s, 0x00213F) & 0x10, 0);
  z3_snes_set_pal(s, true);
  assert_int_equal(z3_snes_bus_read(s, 0x00213F) & 0x10, 0x10);
  uint64_t start = s->clock - s->hclock - (uint64_t)s->line * 1364;
  run_to(s, 0, 0);
  while (s->frame == 0) z3_snes_advance(s, 1);
  assert_int_equal(s->clock - start, 312 * 1364);
  for (uint64_t f = 1; f <= 2; f++) { /* both fields are full length */
    uint64_t from = s->clock;
    while (s->frame == f) z3_snes_advance(s, 1);
    assert_int_equal(s->clock - from, 312 * 1364);
  }
  z3_apu_catch_up(&s->apu, s->clock);
  uint64_t want = s->clock * 1024000 / 21281370;
  assert_true(s->apu.cycles >= want && s->apu.cycles <= want + 8); /* the last instruction may run over */
  z3_snes_free(s);
}

/* Interlace (SETINI bit 0, sampled at line 128): NTSC frames alternate 263
 * full lines (field 0) and 262 (field 1, no short line: 716,100 clocks a
 * pair); PAL ones 313 and 312, field 1's line 311 4 clocks long. The
 * bit written after line 128 only counts from the next frame. */
static uint64_t frame_clocks(z3_snes *s) {
  assert_int_equal(s->line, 0); /* from the frame's first clock, even after an access in line 0 */
  uint64_t from = s->clock - s->hclock, f = s->frame;
  while (s->frame == f) z3_snes_advance(s, 1);
  return s->clock - from;
}

Z3_TEST(test_bus_frame__interlace_alternates_263_and_262_lines) {
  (void)state;
  for (int pal = 0; pal <= 1; pal++) {
    z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
    z3_snes_set_pal(s, pal);
    unsigned lines = pal ? 312 : 262;
    run_to(s, 0, 0);
    while (s->frame == 0) z3_snes_advance(s, 1); /* frame 1 is field 1 */
    assert_true(s->field);
    run_to(s, 200, 0);                              /* too late for this frame */
    z3_snes_bus_write(s, 0x002133, 0x01);
    while (s->frame == 1) z3_snes_advance(s, 1);
    assert_false(s->field);
    assert_int_equal(frame_clocks(s), (lines + 1) * 1364ull); /* field 0 */
    assert_int_equal(frame_clocks(s), lines * 1364ull + (pal ? 4 : 0)); /* field 1 */
    assert_int_equal(frame_clocks(s), (lines + 1) * 1364ull);
    z3_snes_bus_write(s, 0x002133, 0x00);
    assert_int_equal(frame_clocks(s), lines * 1364ull - (pal ? 0 : 4)); /* back to progressive: field 1 */
    z3_snes_free(s);
  }
}

/* The header's region picks the timing: Europe ($02) is PAL. */
Z3_TEST(test_bus_frame__header_region_picks_pal) {
  (void)state;
  uint8_t *img = calloc(1, 0x20000);
  memcpy(img + 0x7FC0, "PAL TEST             ", 21);
  img[0x7FD5] = 0x20, img[0x7FD9] = 0x02, img[0x7FFD] = 0x80;
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_from_memory(&rom, img, 0x20000, "pal.sfc", &err), &err);
  z3_snes *s;
  assert_ok(z3_snes_create(&s, rom, &err), &err);
  assert_true(s->pal);
  assert_int_equal(z3_snes_lines(s), 312);
  z3_snes_free(s);
  z3_rom_free(rom);
  free(img);
}

Z3_TEST(test_bus_irq__v_h_and_hv_positions) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  /* V: line VTIME, 10 clocks in */
  z3_snes_bus_write(s, 0x004209, 100);
  z3_snes_bus_write(s, 0x00420A, 0);
  z3_snes_bus_write(s, 0x004200, 0x20);
  run_to(s, 100, 9);
  assert_false(s->cpu.irq_line);
  run_to(s, 100, 10);
  assert_true(s->cpu.irq_line);
  assert_int_equal(z3_snes_bus_read(s, 0x004211) & 0x80, 0x80);
  assert_false(s->cpu.irq_line);
  assert_int_equal(z3_snes_bus_read(s, 0x004211) & 0x80, 0);
  run_to(s, 101, 1000);
  assert_false(s->cpu.irq_line); /* once per frame */
  /* H: every line at 14 + 4 * HTIME */
  z3_snes_bus_write(s, 0x004207, 50);
  z3_snes_bus_write(s, 0x004208, 0);
  z3_snes_bus_write(s, 0x004200, 0x10);
  run_to(s, 102, 213);
  assert_false(s->cpu.irq_line);
  run_to(s, 102, 214);
  assert_true(s->cpu.irq_line);
  z3_snes_bus_read(s, 0x004211);
  run_to(s, 103, 214);
  assert_true(s->cpu.irq_line);
  /* writing both enable bits 0 drops the line */
  z3_snes_bus_write(s, 0x004200, 0x00);
  assert_false(s->cpu.irq_line);
  /* HV: only line VTIME at the H position */
  z3_snes_bus_write(s, 0x004209, 110);
  z3_snes_bus_write(s, 0x004200, 0x30);
  run_to(s, 109, 1000);
  assert_false(s->cpu.irq_line);
  run_to(s, 110, 213);
  assert_false(s->cpu.irq_line);
  run_to(s, 110, 214);
  assert_true(s->cpu.irq_line);
  z3_snes_free(s);
}

Z3_TEST(test_bus_hvbjoy__hblank_bit) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  run_to(s, 20, 100);
  assert_int_equal(z3_snes_peek(s, 0x004212) & 0xC1, 0x00);
  run_to(s, 20, 1096);
  assert_int_equal(z3_snes_peek(s, 0x004212) & 0xC1, 0x40);
  run_to(s, 21, 2);
  assert_int_equal(z3_snes_peek(s, 0x004212) & 0xC1, 0x40);
  run_to(s, 21, 4);
  assert_int_equal(z3_snes_peek(s, 0x004212) & 0xC1, 0x00);
  z3_snes_free(s);
}

Z3_TEST(test_bus_joypad__auto_read_in_vblank) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  z3_snes_set_pad(s, 0, 0x8010); /* B and R */
  z3_snes_set_pad(s, 1, 0x0800); /* Up */
  z3_snes_bus_write(s, 0x004200, 0x01);
  run_to(s, 225, 100);
  assert_int_equal(z3_snes_peek(s, 0x004212) & 1, 0);
  assert_int_equal(read16(s, 0x004218), 0);
  run_to(s, 225, 400); /* the read starts between hclock 130 and 386 */
  assert_int_equal(z3_snes_peek(s, 0x004212) & 1, 1);
  run_to(s, 229, 0); /* 4224 clocks later it is done */
  assert_int_equal(z3_snes_peek(s, 0x004212) & 1, 0);
  assert_int_equal(read16(s, 0x004218), 0x8010);
  assert_int_equal(read16(s, 0x00421A), 0x0800);
  assert_int_equal(read16(s, 0x00421C), 0);
  /* without the enable bit nothing is read */
  z3_snes_set_pad(s, 0, 0x0040);
  z3_snes_bus_write(s, 0x004200, 0x00);
  run_to(s, 0, 0);
  run_to(s, 230, 0);
  assert_int_equal(read16(s, 0x004218), 0x8010);
  z3_snes_free(s);
}

Z3_TEST(test_bus_joypad__manual_serial_read) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  z3_snes_set_pad(s, 0, 0xA001);
  z3_snes_bus_write(s, 0x004016, 1);
  z3_snes_bus_write(s, 0x004016, 0);
  uint16_t got = 0;
  for (int i = 0; i < 16; i++) got = (uint16_t)(got << 1 | (z3_snes_bus_read(s, 0x004016) & 1));
  assert_int_equal(got, 0xA001);
  assert_int_equal(z3_snes_bus_read(s, 0x004016) & 1, 1); /* after 16 bits: 1s */
  assert_int_equal(z3_snes_bus_read(s, 0x004017) & 0x1C, 0x1C);
  z3_snes_free(s);
}

Z3_RUN(cmocka_unit_test(test_bus_alu__multiply_takes_eight_cycles),
       cmocka_unit_test(test_bus_alu__divide_and_divide_by_zero),
       cmocka_unit_test(test_bus_nmi__flag_at_line_225_dot_half_and_read_clears),
       cmocka_unit_test(test_bus_frame__262_lines_of_1364_clocks),
       cmocka_unit_test(test_bus_frame__pal_has_312_full_lines),
       cmocka_unit_test(test_bus_frame__interlace_alternates_263_and_262_lines),
       cmocka_unit_test(test_bus_frame__header_region_picks_pal),
       cmocka_unit_test(test_bus_irq__v_h_and_hv_positions),
       cmocka_unit_test(test_bus_hvbjoy__hblank_bit),
       cmocka_unit_test(test_bus_joypad__auto_read_in_vblank),
       cmocka_unit_test(test_bus_joypad__manual_serial_read))
