/* SCAD CGX: the layout we write (sizes, footer, padding) and what the reader
 * refuses. */
#include <stdio.h>
#include <string.h>

#include "snes/scad.h"
#include "test.h"

static const struct {
  z3_tile_format f;
  size_t size, footer;
} depths[] = {
    {Z3_TILE_2BPP, 0x4500, 0x4000},
    {Z3_TILE_4BPP, 0x8500, 0x8000},
    {Z3_TILE_8BPP, 0x10100, 0x10000},
};

static z3_buf write_ok(z3_tile_format f, const uint8_t *tiles, size_t ntiles) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_cgx_write(&out, f, tiles, ntiles, &err), &err);
  return out;
}

static z3_error read_fails(const uint8_t *data, size_t len, const char *needle) {
  z3_buf tiles;
  z3_buf_init(&tiles);
  z3_tile_format f = Z3_TILE_MODE7;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_cgx_read(&tiles, &f, data, len, &err), Z3_E_INVALID);
  assert_int_equal(f, Z3_TILE_MODE7);
  if (!strstr(err.message, needle)) fail_msg("message \"%s\" lacks \"%s\"", err.message, needle);
  z3_buf_release(&tiles);
  return err;
}

/* Full files of random tiles: write -> read is the identity, and the file
 * has the documented size and footer. */
Z3_TEST(test_roundtrip_each_depth) {
  (void)state;
  for (size_t d = 0; d < 3; d++) {
    size_t n = depths[d].footer;
    static uint8_t tiles[0x10000];
    z3_test_fill_random(tiles, n, d + 1);
    z3_buf file = write_ok(depths[d].f, tiles, 1024);
    assert_int_equal(file.len, depths[d].size);
    assert_memory_equal(file.data, tiles, n);
    const uint8_t *footer = file.data + depths[d].footer;
    assert_memory_equal(footer, "NAK1989 S-CG-CAD", 16);
    assert_memory_equal(footer + 16, "Ver1.00 ", 8);
    assert_memory_equal(footer + 24, "000101  ", 8);
    for (size_t i = depths[d].footer + 32; i < file.len; i++) assert_int_equal(file.data[i], 0);

    z3_buf back;
    z3_buf_init(&back);
    z3_tile_format f;
    z3_error err;
    z3_error_init(&err);
    assert_ok(z3_cgx_read(&back, &f, file.data, file.len, &err), &err);
    assert_int_equal(f, depths[d].f);
    assert_int_equal(back.len, n);
    assert_memory_equal(back.data, tiles, n);
    z3_buf_release(&back);
    z3_buf_release(&file);
  }
}

/* Fewer than 1024 tiles are padded with zero tiles; output is deterministic. */
Z3_TEST(test_padding_and_determinism) {
  (void)state;
  uint8_t tiles[3 * 32];
  memset(tiles, 0xA5, sizeof tiles);
  z3_buf a = write_ok(Z3_TILE_4BPP, tiles, 3), b = write_ok(Z3_TILE_4BPP, tiles, 3);
  assert_int_equal(a.len, 0x8500);
  assert_memory_equal(a.data, tiles, sizeof tiles);
  for (size_t i = sizeof tiles; i < 0x8000; i++) assert_int_equal(a.data[i], 0);
  assert_memory_equal(a.data, b.data, a.len);
  z3_buf_release(&a);
  z3_buf_release(&b);
  z3_buf none = write_ok(Z3_TILE_2BPP, NULL, 0);
  assert_int_equal(none.len, 0x4500);
  z3_buf_release(&none);
}

Z3_TEST(test_write_rejects) {
  (void)state;
  uint8_t tiles[64] = {0};
  z3_buf out;
  z3_buf_init(&out);
  z3_tile_format bad[] = {Z3_TILE_1BPP, Z3_TILE_3BPP, Z3_TILE_MODE7};
  for (size_t i = 0; i < 3; i++) {
    z3_error err;
    z3_error_init(&err);
    assert_int_equal(z3_cgx_write(&out, bad[i], tiles, 1, &err), Z3_E_INVALID);
    assert_non_null(strstr(err.message, z3_tile_format_name(bad[i])));
  }
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_cgx_write(&out, Z3_TILE_4BPP, tiles, 1025, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "not 1025"));
  z3_buf_release(&out);
}

Z3_TEST(test_read_rejects_sizes) {
  (void)state;
  static uint8_t data[0x10101];
  static const size_t sizes[] = {0, 0x20, 0x4000, 0x44FF, 0x4501, 0x8400, 0x10000, 0x10101};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    char needle[40];
    snprintf(needle, sizeof needle, "%zu bytes (0x%zX)", sizes[i], sizes[i]);
    read_fails(data, sizes[i], needle);
  }
}

Z3_TEST(test_read_rejects_magic) {
  (void)state;
  for (size_t d = 0; d < 3; d++) {
    z3_buf file = write_ok(depths[d].f, NULL, 0);
    file.data[depths[d].footer + 15] = 'd'; /* "S-CG-CAd" */
    char needle[64];
    snprintf(needle, sizeof needle, "no \"NAK1989 S-CG-CAD\" footer at 0x%zX", depths[d].footer);
    z3_error err = read_fails(file.data, file.len, needle);
    assert_int_equal(err.offset, (int64_t)depths[d].footer);
    z3_buf_release(&file);
  }
}

Z3_RUN(cmocka_unit_test(test_roundtrip_each_depth), cmocka_unit_test(test_padding_and_determinism),
       cmocka_unit_test(test_write_rejects), cmocka_unit_test(test_read_rejects_sizes),
       cmocka_unit_test(test_read_rejects_magic))
