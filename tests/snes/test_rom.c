/* snes/rom: loading, mapping detection, address conversion, header, checksum, change log. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "snes/rom.h"
#include "test.h"
#include "zelda3/sample.h"

Z3_TEST(test_rom_load__rejects_impossible_sizes) {
  (void)state;
  static const size_t bad[] = {0, 1000, 0x8000 - 1, 0x8000 + 1, 0x8000 + 100, (16u << 20) + 0x8000};
  uint8_t *zeros = calloc(1, (16u << 20) + 0x8000);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    z3_error err;
    z3_error_init(&err);
    z3_rom *rom = (z3_rom *)1;
    assert_int_equal(z3_rom_from_memory(&rom, zeros, bad[i], "x.sfc", &err), Z3_E_INVALID);
    assert_null(rom);
    assert_non_null(strstr(err.message, "'x.sfc'"));
  }
  free(zeros);
}

Z3_TEST(test_rom_load__strips_and_keeps_copier_header) {
  (void)state;
  z3_rom *plain = z3_test_sample_rom(0, Z3_MAP_LOROM);
  size_t n = plain->data.len + 512;
  uint8_t *file = calloc(1, n);
  memset(file, 0xAB, 512);
  memcpy(file + 512, plain->data.data, plain->data.len);
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom;
  assert_ok(z3_rom_from_memory(&rom, file, n, "h.smc", &err), &err);
  assert_true(rom->has_copier_header);
  assert_int_equal(rom->data.len, plain->data.len);
  assert_memory_equal(rom->data.data, plain->data.data, plain->data.len);
  assert_int_equal(rom->mapping, Z3_MAP_LOROM);
  char *dir = z3_test_tmpdir();
  char *out = z3_strfmt("%s/out.smc", dir);
  assert_ok(z3_rom_save(rom, out, NULL, &err), &err);
  z3_buf saved;
  z3_buf_init(&saved);
  assert_ok(z3_file_read(&saved, out, 1 << 24, &err), &err);
  assert_int_equal(saved.len, n);
  assert_memory_equal(saved.data, file, n);
  z3_buf_release(&saved);
  free(out);
  free(dir);
  free(file);
  z3_rom_free(rom);
  z3_rom_free(plain);
}

Z3_TEST(test_rom_mapping__detects_each_layout) {
  (void)state;
  static const struct { z3_mapping m; size_t size; } cases[] = {
      {Z3_MAP_LOROM, 1u << 20}, {Z3_MAP_HIROM, 2u << 20}, {Z3_MAP_LOROM, 3u << 19},
      {Z3_MAP_HIROM, 3u << 20}, {Z3_MAP_EXHIROM, 6u << 20}, {Z3_MAP_EXLOROM, 6u << 20},
      {Z3_MAP_LOROM, 0x8000},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_rom *rom = z3_test_sample_rom(cases[i].size, cases[i].m);
    assert_int_equal(rom->mapping, cases[i].m);
    assert_true(rom->mapping_score > 0);
    assert_true(z3_rom_checksum_ok(rom));
    z3_rom_free(rom);
  }
}

Z3_TEST(test_rom_mapping__garbage_scores_zero) {
  (void)state;
  uint8_t *zeros = calloc(1, 1 << 20);
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom;
  assert_ok(z3_rom_from_memory(&rom, zeros, 1 << 20, "zero", &err), &err);
  assert_int_equal(rom->mapping_score, 0);
  assert_int_equal(rom->mapping, Z3_MAP_LOROM); /* ties fall back to LoROM */
  z3_rom_free(rom);
  free(zeros);
}

Z3_TEST(test_rom_address__known_examples) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  size_t pc;
  uint32_t a;
  /* data reference §1.2 examples */
  assert_ok(z3_snes_to_pc(Z3_MAP_LOROM, 1u << 20, 0x00CF80, &pc, &err), &err);
  assert_int_equal(pc, 0x4F80);
  assert_ok(z3_snes_to_pc(Z3_MAP_LOROM, 1u << 20, 0x1BD218, &pc, &err), &err);
  assert_int_equal(pc, 0xDD218);
  assert_ok(z3_snes_to_pc(Z3_MAP_LOROM, 1u << 20, 0x9BD218, &pc, &err), &err); /* FastROM mirror */
  assert_int_equal(pc, 0xDD218);
  assert_ok(z3_pc_to_snes(Z3_MAP_LOROM, 1u << 20, 0x80000, &a, &err), &err);
  assert_int_equal(a, 0x108000);
  assert_ok(z3_pc_to_snes(Z3_MAP_LOROM, 4u << 20, 0x3F8000, &a, &err), &err);
  assert_int_equal(a, 0xFF8000); /* the low mirror of bank $7F is WRAM */
  assert_ok(z3_snes_to_pc(Z3_MAP_HIROM, 4u << 20, 0xC12345, &pc, &err), &err);
  assert_int_equal(pc, 0x012345);
  assert_ok(z3_snes_to_pc(Z3_MAP_HIROM, 4u << 20, 0x01A345, &pc, &err), &err);
  assert_int_equal(pc, 0x01A345);
  assert_ok(z3_snes_to_pc(Z3_MAP_EXHIROM, 8u << 20, 0x400000, &pc, &err), &err);
  assert_int_equal(pc, 0x400000);
  assert_ok(z3_snes_to_pc(Z3_MAP_EXLOROM, 8u << 20, 0x008000, &pc, &err), &err);
  assert_int_equal(pc, 0x400000);
  assert_ok(z3_snes_to_pc(Z3_MAP_EXLOROM, 8u << 20, 0x808000, &pc, &err), &err);
  assert_int_equal(pc, 0);
}

Z3_TEST(test_rom_address__unmapped_is_an_error) {
  (void)state;
  static const struct { z3_mapping m; uint32_t addr; } bad[] = {
      {Z3_MAP_LOROM, 0x001234}, {Z3_MAP_LOROM, 0x7E8000}, {Z3_MAP_LOROM, 0x7F0000},
      {Z3_MAP_LOROM, 0x208000}, /* past the end of a 1 MiB image */
      {Z3_MAP_HIROM, 0x002000}, {Z3_MAP_HIROM, 0x7E0000}, {Z3_MAP_LOROM, 0x1000000},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    z3_error err;
    z3_error_init(&err);
    size_t pc;
    assert_int_equal(z3_snes_to_pc(bad[i].m, 1u << 20, bad[i].addr, &pc, &err), Z3_E_INVALID);
    assert_non_null(strstr(err.message, "address $"));
  }
  z3_error err;
  z3_error_init(&err);
  uint32_t a;
  assert_int_equal(z3_pc_to_snes(Z3_MAP_LOROM, 1u << 20, 1u << 20, &a, &err), Z3_E_INVALID);
}

/* Every offset of every mapping converts to an address and back to itself. */
Z3_TEST(test_rom_address__round_trip_all_mappings) {
  (void)state;
  static const size_t sizes[Z3_MAP_COUNT] = {4u << 20, 4u << 20, 8u << 20, 8u << 20};
  for (int m = 0; m < Z3_MAP_COUNT; m++) {
    size_t failures = 0;
    for (size_t pc = 0; pc < sizes[m]; pc += 0x1FF1) {
      uint32_t a;
      size_t back;
      if (z3_pc_to_snes((z3_mapping)m, sizes[m], pc, &a, NULL) != Z3_OK) {
        /* Only where the banks would be WRAM ($7E/$7F): ExHiROM's last 128 KiB
         * lower halves, ExLoROM's last 64 KiB. */
        failures += !(m == Z3_MAP_EXHIROM && pc >= 0x7E0000 && (pc & 0xFFFF) < 0x8000) &&
                    !(m == Z3_MAP_EXLOROM && pc >= 0x7F0000);
        continue;
      }
      failures += z3_snes_to_pc((z3_mapping)m, sizes[m], a, &back, NULL) != Z3_OK || back != pc;
    }
    assert_int_equal(failures, 0);
  }
}

Z3_TEST(test_rom_address__parse_forms) {
  (void)state;
  uint32_t a;
  assert_true(z3_snes_parse_address("$1B:D218", &a) && a == 0x1BD218);
  assert_true(z3_snes_parse_address("1b:d218", &a) && a == 0x1BD218);
  assert_true(z3_snes_parse_address("0x1BD218", &a) && a == 0x1BD218);
  assert_true(z3_snes_parse_address("$1BD218", &a) && a == 0x1BD218);
  assert_false(z3_snes_parse_address("$1BD2189", &a));
  assert_false(z3_snes_parse_address("1B:", &a));
  assert_false(z3_snes_parse_address("xyz", &a));
  char text[10];
  z3_snes_format_address(0x00FFC0, text);
  assert_string_equal(text, "$00:FFC0");
}

static uint64_t plain_sum(const uint8_t *d, size_t n) {
  uint64_t s = 0;
  for (size_t i = 0; i < n; i++) s += d[i];
  return s;
}

/* 1.5 MiB = sum(first 1 MiB) + 2 * sum(last 512 KiB), the checksum pair counted as valid. */
Z3_TEST(test_rom_checksum__mirrors_sizes_that_are_not_powers_of_two) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(3u << 19, Z3_MAP_LOROM);
  uint8_t *d = rom->data.data;
  uint64_t expect = plain_sum(d, 1u << 20) + 2 * plain_sum(d + (1u << 20), 1u << 19);
  expect = expect - plain_sum(d + 0x7FDC, 4) + 0x1FE;
  assert_int_equal(z3_rom_compute_checksum(rom), (uint16_t)expect);
  assert_true(z3_rom_checksum_ok(rom));
  z3_rom_free(rom);
}

Z3_TEST(test_rom_checksum__fix_after_edit) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t byte = (uint8_t)(rom->data.data[0x1234] + 1);
  assert_ok(z3_rom_write(rom, 0x1234, &byte, 1, "edit", &err), &err);
  assert_false(z3_rom_checksum_ok(rom));
  assert_ok(z3_rom_fix_checksum(rom, &err), &err);
  assert_true(z3_rom_checksum_ok(rom));
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  assert_int_equal(h.checksum ^ h.complement, 0xFFFF);
  assert_int_equal(rom->change_count, 2);
  assert_int_equal(z3_rom_bytes_changed(rom) >= 2, 1);
  z3_rom_free(rom);
}

Z3_TEST(test_rom_header__fields_parse_and_set) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  assert_string_equal(h.title, "THE LEGEND OF ZELDA  ");
  assert_int_equal(h.map_mode, 0x20);
  assert_int_equal(h.rom_size_code, 0x0A);
  assert_int_equal(h.emu_vectors[Z3_VEC_RESET], 0x8000);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_set_header_field(rom, "title", "HACK", &err), &err);
  assert_ok(z3_rom_set_header_field(rom, "region", "germany", &err), &err);
  assert_ok(z3_rom_set_header_field(rom, "version", "0x02", &err), &err);
  z3_rom_read_header(rom, &h);
  assert_string_equal(h.title, "HACK                 ");
  assert_int_equal(h.region, 0x09);
  assert_int_equal(h.version, 2);
  assert_string_equal(z3_region_video(h.region), "PAL");
  assert_int_equal(z3_rom_set_header_field(rom, "version", "256", &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_int_equal(z3_rom_set_header_field(rom, "colour", "1", &err), Z3_E_INVALID);
  z3_rom_free(rom);
}

Z3_TEST(test_rom_change_log__records_old_and_new) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t old = rom->data.data[10];
  assert_ok(z3_rom_write(rom, 10, &old, 1, "same", &err), &err);
  assert_true(z3_change_is_noop(&rom->changes[0]));
  assert_int_equal(z3_rom_bytes_changed(rom), 0);
  assert_int_equal(z3_rom_write(rom, rom->data.len - 1, "ab", 2, "over", &err), Z3_E_INVALID);
  assert_int_equal(rom->change_count, 1);
  assert_ok(z3_rom_resize(rom, rom->data.len * 2, "expand", &err), &err);
  assert_int_equal(rom->changes[1].old_len, 0);
  assert_int_equal(rom->changes[1].new_len, 1u << 20);
  assert_int_equal(z3_rom_bytes_changed(rom), 1u << 20);
  z3_rom_free(rom);
}

Z3_TEST(test_rom_banks__sums_cover_the_image) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(2u << 20, Z3_MAP_HIROM);
  z3_bank_sum *sums;
  size_t n;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_bank_sums(rom, &sums, &n, &err), &err);
  assert_int_equal(n, 32);
  assert_int_equal(sums[0].bank, 0xC0);
  assert_int_equal(sums[31].bank, 0xDF);
  uint32_t total = 0;
  for (size_t i = 0; i < n; i++) total += sums[i].sum16;
  assert_int_equal((uint16_t)total, (uint16_t)plain_sum(rom->data.data, rom->data.len));
  assert_int_equal(sums[5].crc32, z3_crc32(rom->data.data + 5 * 0x10000, 0x10000));
  z3_free(sums);
  z3_rom_free(rom);
}

/* The real game, when Z3ED_TEST_ROM names it: LoROM, valid checksum, and a
 * fix-checksum that changes nothing. Skipped without it. */
Z3_TEST(test_rom_real__alttp_loads_clean) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  assert_int_equal(rom->mapping, Z3_MAP_LOROM);
  assert_true(rom->mapping_score >= 14);
  assert_true(z3_rom_checksum_ok(rom));
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  assert_int_equal(h.emu_vectors[Z3_VEC_RESET], 0x8000);
  assert_ok(z3_rom_fix_checksum(rom, &err), &err);
  assert_int_equal(z3_rom_bytes_changed(rom), 0);
  z3_rom_free(rom);
}

/* Only differing runs are written; the merge gap decides how runs join. */
Z3_TEST(test_rom_write_changed__one_change_per_run) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t buf[64];
  memcpy(buf, rom->data.data + 0x9000, sizeof buf);
  assert_ok(z3_rom_write_changed(rom, 0x9000, buf, sizeof buf, 8, "same", &err), &err);
  assert_int_equal(rom->change_count, 0); /* nothing differs: nothing logged */
  buf[2] ^= 1, buf[6] ^= 1, buf[40] ^= 1; /* 3 equal bytes between the first two, 33 before the third */
  assert_ok(z3_rom_write_changed(rom, 0x9000, buf, sizeof buf, 8, "edit", &err), &err);
  assert_int_equal(rom->change_count, 2);
  assert_int_equal(rom->changes[0].offset, 0x9002);
  assert_int_equal(rom->changes[0].new_len, 5);
  assert_int_equal(rom->changes[1].offset, 0x9028);
  assert_memory_equal(rom->data.data + 0x9000, buf, sizeof buf);
  buf[1] ^= 1, buf[60] ^= 1; /* SIZE_MAX: one span from the first difference to the last */
  assert_ok(z3_rom_write_changed(rom, 0x9000, buf, sizeof buf, SIZE_MAX, "span", &err), &err);
  assert_int_equal(rom->change_count, 3);
  assert_int_equal(rom->changes[2].offset, 0x9001);
  assert_int_equal(rom->changes[2].new_len, 60);
  assert_int_equal(z3_rom_write_changed(rom, rom->data.len - 4, buf, 8, 8, "past", &err), Z3_E_INVALID);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_rom_write_changed__one_change_per_run), cmocka_unit_test(test_rom_real__alttp_loads_clean), cmocka_unit_test(test_rom_load__rejects_impossible_sizes),
       cmocka_unit_test(test_rom_load__strips_and_keeps_copier_header),
       cmocka_unit_test(test_rom_mapping__detects_each_layout), cmocka_unit_test(test_rom_mapping__garbage_scores_zero),
       cmocka_unit_test(test_rom_address__known_examples), cmocka_unit_test(test_rom_address__unmapped_is_an_error),
       cmocka_unit_test(test_rom_address__round_trip_all_mappings), cmocka_unit_test(test_rom_address__parse_forms),
       cmocka_unit_test(test_rom_checksum__mirrors_sizes_that_are_not_powers_of_two),
       cmocka_unit_test(test_rom_checksum__fix_after_edit), cmocka_unit_test(test_rom_header__fields_parse_and_set),
       cmocka_unit_test(test_rom_change_log__records_old_and_new), cmocka_unit_test(test_rom_banks__sums_cover_the_image))
