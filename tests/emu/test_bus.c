/* emu: the memory map, WRAM and its port, SRAM, open bus, access timing, side-effect-free peeks. */
#include "bus_helpers.h"

Z3_TEST(test_bus_lorom__rom_banks_and_mirrors) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0); /* 4 banks of 32 KiB */
  assert_int_equal(z3_snes_peek(s, 0x008000), rom_byte(0));
  assert_int_equal(z3_snes_peek(s, 0x01ABCD), rom_byte(0x8000 + 0x2BCD));
  assert_int_equal(z3_snes_peek(s, 0x81ABCD), rom_byte(0x8000 + 0x2BCD)); /* $80+ mirror */
  assert_int_equal(z3_snes_peek(s, 0x048123), rom_byte(0x0123));         /* 128 KiB repeats */
  assert_int_equal(z3_snes_peek(s, 0x03FFFF), rom_byte(0x1FFFF));
  z3_snes_bus_write(s, 0x008000, 0x5A); /* ROM ignores writes */
  assert_int_equal(z3_snes_peek(s, 0x008000), rom_byte(0));
  z3_snes_free(s);
}

Z3_TEST(test_bus_lorom__size_not_a_power_of_two_mirrors_the_rest) {
  (void)state;
  /* 96 KiB = 64 KiB + 32 KiB: banks 0-1 the first part, 2 and 3 both the last 32 KiB */
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x18000, 0);
  assert_int_equal(z3_snes_peek(s, 0x018010), rom_byte(0x8010));
  assert_int_equal(z3_snes_peek(s, 0x028010), rom_byte(0x10010));
  assert_int_equal(z3_snes_peek(s, 0x038010), rom_byte(0x10010));
  assert_int_equal(z3_snes_peek(s, 0x048010), rom_byte(0x0010));
  z3_snes_free(s);
}

Z3_TEST(test_bus_hirom__banks_mirrors_and_sram) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_HIROM, 0x40000, 3); /* 256 KiB, 8 KiB SRAM */
  assert_int_equal(z3_snes_peek(s, 0xC01234), rom_byte(0x1234));
  assert_int_equal(z3_snes_peek(s, 0x411234), rom_byte(0x11234));
  assert_int_equal(z3_snes_peek(s, 0x029234), rom_byte(0x29234));
  assert_int_equal(z3_snes_peek(s, 0x829234), rom_byte(0x29234));
  assert_int_equal(z3_snes_peek(s, 0xC41234), rom_byte(0x1234)); /* 256 KiB repeats */
  assert_int_equal(s->cart.sram_size, 0x2000);
  z3_snes_bus_write(s, 0x206000, 0x11);
  z3_snes_bus_write(s, 0x207FFF, 0x22);
  assert_int_equal(s->cart.sram[0], 0x11);
  assert_int_equal(s->cart.sram[0x1FFF], 0x22);
  assert_int_equal(z3_snes_peek(s, 0xA16000), 0x11); /* 8 KiB SRAM repeats every bank */
  assert_int_equal(z3_snes_peek(s, 0x006000), s->mdr); /* below $20: not SRAM */
  z3_snes_free(s);
}

Z3_TEST(test_bus_lorom__sram_sized_from_header) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 1); /* 2 KiB */
  assert_int_equal(s->cart.sram_size, 0x800);
  assert_int_equal(z3_snes_peek(s, 0x700000), 0xFF);
  z3_snes_bus_write(s, 0x700005, 0x42);
  assert_int_equal(z3_snes_peek(s, 0x700805), 0x42); /* mirrors every 2 KiB */
  assert_int_equal(z3_snes_peek(s, 0xF00005), 0x42);
  uint8_t b;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_snes_read_region(s, Z3_REGION_SRAM, 5, 1, &b, &err), &err);
  assert_int_equal(b, 0x42);
  assert_int_equal(z3_snes_read_region(s, Z3_REGION_SRAM, 0x7FF, 2, &b, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "sram"));
  z3_snes_free(s);

  s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  assert_null(s->cart.sram);
  z3_error_init(&err);
  assert_int_equal(z3_snes_read_region(s, Z3_REGION_SRAM, 0, 1, &b, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "no sram"));
  z3_snes_free(s);
}

Z3_TEST(test_bus_wram__mirrors_in_every_system_bank) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  z3_snes_bus_write(s, 0x000010, 0xA1);
  assert_int_equal(z3_snes_peek(s, 0x7E0010), 0xA1);
  assert_int_equal(z3_snes_peek(s, 0x3F0010), 0xA1);
  assert_int_equal(z3_snes_peek(s, 0x800010), 0xA1);
  z3_snes_bus_write(s, 0xBF1FFF, 0xB2);
  assert_int_equal(s->wram[0x1FFF], 0xB2);
  z3_snes_bus_write(s, 0x7F0000, 0xC3);
  assert_int_equal(s->wram[0x10000], 0xC3);
  assert_int_equal(z3_snes_peek(s, 0x000000 + 0x0000), s->wram[0]);
  z3_snes_bus_write(s, 0x7E2000, 0xD4); /* above $1FFF only bank $7E reaches it */
  assert_int_equal(s->wram[0x2000], 0xD4);
  z3_snes_bus_read(s, 0x008001);
  assert_int_equal(z3_snes_peek(s, 0x002000), rom_byte(1)); /* open bus, not WRAM */
  assert_int_equal(s->wram[0x3000], 0x55); /* the fixed power-on fill */
  z3_snes_free(s);
}

Z3_TEST(test_bus_wram_port__address_data_and_wrap) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  z3_snes_bus_write(s, 0x002181, 0xFF);
  z3_snes_bus_write(s, 0x002182, 0xFF);
  z3_snes_bus_write(s, 0x002183, 0xFF); /* only bit 0 counts */
  assert_int_equal(s->io.wmadd, 0x1FFFF);
  z3_snes_bus_write(s, 0x802180, 0x12);
  z3_snes_bus_write(s, 0x002180, 0x34);
  assert_int_equal(s->wram[0x1FFFF], 0x12);
  assert_int_equal(s->wram[0], 0x34);
  assert_int_equal(s->io.wmadd, 1);
  z3_snes_bus_write(s, 0x002181, 0x00);
  z3_snes_bus_write(s, 0x002183, 0x00);
  assert_int_equal(z3_snes_bus_read(s, 0x002180), 0x34);
  assert_int_equal(z3_snes_bus_read(s, 0x002180), s->wram[1]);
  assert_int_equal(s->io.wmadd, 2);
  /* $2181 is write-only: open bus (the last value on the data bus) */
  z3_snes_bus_read(s, 0x008005);
  assert_int_equal(z3_snes_bus_read(s, 0x002181), rom_byte(5));
  z3_snes_free(s);
}

Z3_TEST(test_bus_open_bus__last_data_byte_except_cpu_registers) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  uint8_t v = z3_snes_bus_read(s, 0x00812F);
  assert_int_equal(v, rom_byte(0x12F));
  assert_int_equal(z3_snes_bus_read(s, 0x005000), v);  /* unmapped system area */
  assert_int_equal(z3_snes_bus_read(s, 0x400000), v);  /* LoROM: no ROM in $40:0000 */
  z3_snes_bus_write(s, 0x004202, 0x07);
  assert_int_equal(z3_snes_bus_read(s, 0x004202), 0x07); /* a write drives the bus too */
  z3_snes_bus_read(s, 0x008001);
  z3_snes_bus_read(s, 0x004214);                        /* does not update the open bus */
  assert_int_equal(z3_snes_bus_read(s, 0x0021FF), rom_byte(1));
  /* $4210 bits 6-4 come from the open bus; bits 3-0 are the CPU version */
  z3_snes_bus_write(s, 0x000000, 0x70);
  assert_int_equal(z3_snes_bus_read(s, 0x004210) & 0x7F, 0x72);
  z3_snes_free(s);
}

/* The APU's IPL loader clears its page first (about 2,400 SPC700 cycles,
 * 50,000 master clocks), then shows $AA $BB; a $CC kick is echoed. */
Z3_TEST(test_bus_apu_ports__ipl_signature_then_kick_echo) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  assert_int_equal(z3_snes_bus_read(s, 0x002140), 0x00);
  z3_snes_advance(s, 60000);
  assert_int_equal(z3_snes_bus_read(s, 0x002140), 0xAA);
  assert_int_equal(z3_snes_bus_read(s, 0x002141), 0xBB);
  assert_int_equal(z3_snes_bus_read(s, 0x002143), 0x00);
  assert_int_equal(z3_snes_bus_read(s, 0x00217D), 0xBB); /* mirrored every 4 bytes */
  z3_snes_bus_write(s, 0x002141, 0x01);
  z3_snes_bus_write(s, 0x002140, 0xCC);
  assert_int_equal(z3_snes_bus_read(s, 0x002144), 0xAA); /* not yet: the loader polls */
  z3_snes_advance(s, 2000);
  assert_int_equal(z3_snes_bus_read(s, 0x002144), 0xCC);
  assert_int_equal(s->apu.from_cpu[0], 0xCC); /* the CPU's byte, on the SPC700's side */
  z3_snes_free(s);
}

Z3_TEST(test_bus_timing__clocks_per_region_and_memsel) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  static const struct { uint32_t addr; unsigned slow, fast; } cases[] = {
      {0x000000, 8, 8},  {0x001FFF, 8, 8},  {0x002100, 6, 6},  {0x004016, 12, 12},
      {0x004200, 6, 6},  {0x004300, 6, 6},  {0x006000, 8, 8},  {0x008000, 8, 8},
      {0x3FFFFF, 8, 8},  {0x808000, 8, 6},  {0x80FFFF, 8, 6},  {0x800000, 8, 8},
      {0x7E0000, 8, 8},  {0x400000, 8, 8},  {0xC00000, 8, 6},  {0xFFFFFF, 8, 6},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    assert_int_equal(z3_snes_access_clocks(s, cases[i].addr), cases[i].slow);
  z3_snes_bus_write(s, 0x00420D, 1);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    assert_int_equal(z3_snes_access_clocks(s, cases[i].addr), cases[i].fast);
  /* a read charges its cost to the clock (far from any event of the line) */
  run_to(s, 3, 600);
  uint64_t t = s->clock;
  z3_snes_bus_read(s, 0x808000);
  assert_int_equal(s->clock - t, 6);
  z3_snes_bus_read(s, 0x004016);
  assert_int_equal(s->clock - t, 18);
  z3_snes_bus_idle(s);
  assert_int_equal(s->clock - t, 24);
  z3_snes_free(s);
}

Z3_TEST(test_bus_peek__changes_nothing_anywhere) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 3);
  /* put state where reads have side effects: NMI flag, IRQ flag, ports mid-way */
  z3_snes_bus_write(s, 0x004200, 0x80);
  run_to(s, 226, 0);
  assert_true(s->io.nmi_flag);
  z3_snes_bus_write(s, 0x002115, 0x80);
  z3_snes_bus_write(s, 0x002116, 0x10);
  z3_snes_bus_write(s, 0x002121, 0x03);
  z3_snes_bus_read(s, 0x00213B);
  z3_snes_bus_write(s, 0x002181, 0x40);
  z3_snes_bus_write(s, 0x004016, 1);
  z3_snes_bus_write(s, 0x004016, 0);
  z3_snes *copy = malloc(sizeof *copy);
  memcpy(copy, s, sizeof *s);
  static const uint8_t banks[] = {0x00, 0x01, 0x3F, 0x40, 0x70, 0x7E, 0x7F, 0x80, 0xC0, 0xFF};
  uint8_t buf[256];
  z3_error err;
  z3_error_init(&err);
  for (size_t b = 0; b < sizeof banks; b++)
    for (uint32_t a = 0; a < 0x10000; a += 256)
      assert_ok(z3_snes_read_region(s, Z3_REGION_BUS, (uint32_t)banks[b] << 16 | a, 256, buf, &err), &err);
  assert_int_equal(memcmp(copy, s, sizeof *s), 0);
  free(copy);
  z3_snes_free(s);
}

Z3_TEST(test_bus_regions__names_sizes_and_bounds) {
  (void)state;
  z3_snes *s = bus_console(Z3_MAP_LOROM, 0x20000, 0);
  z3_snes_region r;
  assert_true(z3_snes_region_parse("VRAM", &r));
  assert_int_equal(r, Z3_REGION_VRAM);
  assert_false(z3_snes_region_parse("aram", &r));
  assert_int_equal(z3_snes_region_size(s, Z3_REGION_OAM), 544);
  assert_int_equal(z3_snes_region_size(s, Z3_REGION_CGRAM), 512);
  uint8_t buf[4];
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_snes_read_region(s, Z3_REGION_OAM, 0x21C, 4, buf, &err), &err);
  assert_int_equal(z3_snes_read_region(s, Z3_REGION_OAM, 0x21D, 4, buf, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "oam"));
  z3_error_init(&err);
  assert_int_equal(z3_snes_read_region(s, Z3_REGION_BUS, 0xFFFFFE, 4, buf, &err), Z3_E_INVALID);
  z3_snes_free(s);
}

Z3_RUN(cmocka_unit_test(test_bus_lorom__rom_banks_and_mirrors),
       cmocka_unit_test(test_bus_lorom__size_not_a_power_of_two_mirrors_the_rest),
       cmocka_unit_test(test_bus_hirom__banks_mirrors_and_sram),
       cmocka_unit_test(test_bus_lorom__sram_sized_from_header),
       cmocka_unit_test(test_bus_wram__mirrors_in_every_system_bank),
       cmocka_unit_test(test_bus_wram_port__address_data_and_wrap),
       cmocka_unit_test(test_bus_open_bus__last_data_byte_except_cpu_registers),
       cmocka_unit_test(test_bus_apu_ports__ipl_signature_then_kick_echo),
       cmocka_unit_test(test_bus_timing__clocks_per_region_and_memsel),
       cmocka_unit_test(test_bus_peek__changes_nothing_anywhere),
       cmocka_unit_test(test_bus_regions__names_sizes_and_bounds))
