/* zelda3/sample: the synthetic ROM is deterministic, valid and in ALttP's layout. */
#include <string.h>

#include "snes/rom.h"
#include "test.h"
#include "zelda3/sample.h"

static z3_buf build(size_t size, z3_mapping m, uint64_t seed) {
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  z3_sample_opts opts = {.size = size, .mapping = m, .seed = seed};
  assert_ok(z3_sample_build(&b, &opts, &err), &err);
  return b;
}

Z3_TEST(test_sample_build__alttp_layout_and_valid_checksum) {
  (void)state;
  z3_buf b = build(0, Z3_MAP_LOROM, 0);
  assert_int_equal(b.len, 1u << 20);
  assert_memory_equal(b.data + 0x7FC0, "THE LEGEND OF ZELDA  ", 21);
  assert_int_equal(b.data[0x7FD5], 0x20); /* LoROM, SlowROM */
  assert_int_equal(b.data[0x7FD7], 0x0A); /* 1 MiB */
  assert_int_equal(b.data[0x0000], 0x78); /* reset lands on SEI */
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_from_memory(&rom, b.data, b.len, "sample", &err), &err);
  assert_true(z3_rom_checksum_ok(rom));
  assert_int_equal(rom->mapping, Z3_MAP_LOROM);
  z3_rom_free(rom);
  z3_buf_release(&b);
}

Z3_TEST(test_sample_build__deterministic_per_seed) {
  (void)state;
  z3_buf a = build(1u << 19, Z3_MAP_LOROM, 7), b = build(1u << 19, Z3_MAP_LOROM, 7);
  z3_buf c = build(1u << 19, Z3_MAP_LOROM, 8);
  assert_memory_equal(a.data, b.data, a.len);
  assert_true(memcmp(a.data, c.data, a.len) != 0);
  z3_buf_release(&a);
  z3_buf_release(&b);
  z3_buf_release(&c);
}

Z3_TEST(test_sample_build__refuses_impossible_images) {
  (void)state;
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  z3_sample_opts odd = {.size = 0x8001};
  assert_int_equal(z3_sample_build(&b, &odd, &err), Z3_E_INVALID);
  z3_error_init(&err);
  z3_sample_opts small_hirom = {.size = 0x8000, .mapping = Z3_MAP_HIROM};
  assert_int_equal(z3_sample_build(&b, &small_hirom, &err), Z3_E_INVALID);
  z3_buf_release(&b);
}

Z3_RUN(cmocka_unit_test(test_sample_build__alttp_layout_and_valid_checksum),
       cmocka_unit_test(test_sample_build__deterministic_per_seed),
       cmocka_unit_test(test_sample_build__refuses_impossible_images))
