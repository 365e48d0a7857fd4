/* ZSPR files and Link's graphics (zelda3/zspr.h, zelda3/link_gfx.h). */
#include <string.h>

#include "snes/tile.h"
#include "test.h"
#include "zelda3/link_gfx.h"
#include "zelda3/zspr.h"

static uint8_t pixels[Z3_LINK_TILES_SIZE], palette[Z3_LINK_PALETTE_SIZE];

static z3_buf make(const char *name, const char *author, const char *short_name, int type) {
  for (size_t i = 0; i < sizeof pixels; i++) pixels[i] = (uint8_t)(i * 7 + 3);
  for (size_t i = 0; i < sizeof palette; i++) palette[i] = (uint8_t)(0xA0 + i);
  z3_zspr_fields f = {.name = name, .author = author, .author_short = short_name, .sprite_type = type,
                      .pixels = pixels, .pixels_size = sizeof pixels, .palette = palette,
                      .palette_size = sizeof palette};
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_zspr_write(&out, &f, &err), &err);
  return out;
}

/* The header fields sit where the format puts them, and the file sums to its checksum. */
Z3_TEST(written_header_follows_the_layout) {
  (void)state;
  z3_buf b = make("Hero", "Ann", "ANN", Z3_ZSPR_TYPE_LINK);
  const uint8_t *d = b.data;
  assert_memory_equal(d, "ZSPR", 4);
  assert_int_equal(d[4], 1);
  unsigned csum = d[5] | d[6] << 8, inv = d[7] | d[8] << 8;
  assert_int_equal(csum ^ 0xFFFF, inv);
  uint32_t sum = 0;
  for (size_t i = 0; i < b.len; i++) sum += d[i];
  assert_int_equal(sum & 0xFFFF, csum);
  /* 0x1D header, "Hero\0" and "Ann\0" as UTF-16 (10 + 8 bytes), "ANN\0": pixels at 0x37 */
  uint32_t pix = d[9] | d[10] << 8 | (uint32_t)d[11] << 16 | (uint32_t)d[12] << 24;
  assert_int_equal(pix, 0x1D + 10 + 8 + 4);
  assert_int_equal(d[0x0D] | d[0x0E] << 8, Z3_LINK_TILES_SIZE);
  assert_int_equal(d[0x13] | d[0x14] << 8, Z3_LINK_PALETTE_SIZE);
  assert_int_equal(d[0x15] | d[0x16] << 8, 1);
  assert_memory_equal(d + 0x1D, "H\0e\0r\0o\0\0\0", 10);
  assert_memory_equal(d + pix, pixels, sizeof pixels);
  assert_int_equal(b.len, pix + sizeof pixels + sizeof palette);
  z3_buf_release(&b);
}

/* Names outside ASCII (accents, an emoji as a surrogate pair) survive the round trip. */
Z3_TEST(round_trip_keeps_names_and_data) {
  (void)state;
  z3_buf b = make("H\xC3\xA9ro \xF0\x9F\x97\xA1", "Zo\xC3\xAB", "ZOE", Z3_ZSPR_TYPE_LINK);
  z3_zspr z;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_zspr_parse(b.data, b.len, &z, &err), &err);
  assert_true(z.checksum_ok);
  assert_string_equal(z.name, "H\xC3\xA9ro \xF0\x9F\x97\xA1");
  assert_string_equal(z.author, "Zo\xC3\xAB");
  assert_string_equal(z.author_short, "ZOE");
  assert_int_equal(z.sprite_type, 1);
  assert_int_equal(z.pixels_size, sizeof pixels);
  assert_memory_equal(z.pixels, pixels, sizeof pixels);
  assert_memory_equal(z.palette, palette, sizeof palette);
  z3_zspr_release(&z);
  z3_buf_release(&b);
}

/* One changed byte anywhere breaks the checksum; the parse still succeeds and says so. */
Z3_TEST(changed_byte_fails_the_checksum) {
  (void)state;
  z3_buf b = make("A", "B", "C", 1);
  b.data[b.len - 1] ^= 0x10;
  z3_zspr z;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_zspr_parse(b.data, b.len, &z, &err), &err);
  assert_false(z.checksum_ok);
  z3_zspr_release(&z);
  z3_buf_release(&b);
}

static void expect_invalid(const uint8_t *d, size_t len, const char *text) {
  z3_zspr z;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_zspr_parse(d, len, &z, &err), Z3_E_INVALID);
  if (!strstr(err.message, text)) fail_msg("'%s' lacks '%s'", err.message, text);
}

Z3_TEST(damaged_files_are_refused_with_the_place) {
  (void)state;
  z3_buf b = make("Name", "Author", "AU", 1);
  expect_invalid(b.data, b.len - 1, "truncated");             /* the palette runs past the end */
  expect_invalid(b.data, 0x20, "inside the string");           /* cut inside the name */
  expect_invalid(b.data, 0x10, "truncated");                   /* cut inside the header */
  uint8_t *copy = z3_malloc(b.len);
  memcpy(copy, b.data, b.len);
  copy[0] = 'X';
  expect_invalid(copy, b.len, "no \"ZSPR\" magic");
  memcpy(copy, b.data, b.len);
  copy[4] = 2;
  expect_invalid(copy, b.len, "version 2");
  memcpy(copy, b.data, b.len);
  copy[0x1D] = 0x00, copy[0x1E] = 0xD8; /* a high surrogate followed by 'a' */
  expect_invalid(copy, b.len, "unpaired UTF-16 surrogate");
  z3_free(copy);
  z3_buf_release(&b);
}

Z3_TEST(writer_refuses_bad_names) {
  (void)state;
  z3_zspr_fields f = {.name = "ok", .author = "\xC3(", .sprite_type = 1};
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_zspr_write(&out, &f, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "--author is not valid UTF-8"));
  assert_int_equal(out.len, 0);
  z3_zspr_fields g = {.name = "ok", .author_short = "caf\xC3\xA9", .sprite_type = 1};
  z3_error_init(&err);
  assert_int_equal(z3_zspr_write(&out, &g, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "printable ASCII"));
  assert_int_equal(out.len, 0);
  z3_buf_release(&out);
}

/* The sample's Link: drawn tiles (not the filler), the green mail, and a
 * write that changes only the bytes that differ. */
Z3_TEST(sample_link_reads_and_writes_in_place) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_link_gfx g;
  assert_ok(z3_link_gfx_read(rom, &g, &err), &err);
  static uint8_t px[Z3_LINK_TILES * 64];
  z3_sheet_decode(Z3_TILE_4BPP, g.tiles, Z3_LINK_TILES, px);
  for (int cell = 0; cell < 8 * 28; cell++) { /* every figure has empty top corners; random filler would not */
    size_t at = (size_t)(cell / 8) * 16 * 128 + (size_t)(cell % 8) * 16;
    assert_int_equal(px[at], 0);
    assert_int_equal(px[at + 15], 0);
    assert_int_not_equal(px[at + 8 * 128 + 8], 0); /* and a body in the middle */
  }
  uint16_t colors[16];
  z3_link_mail_colors(&g, 0, colors);
  assert_int_equal(colors[0], 0);
  assert_int_equal(colors[1], rom->data.data[Z3_LINK_MAILS_PC] | rom->data.data[Z3_LINK_MAILS_PC + 1] << 8);
  size_t before = rom->change_count;
  assert_ok(z3_link_gfx_write(rom, &g, Z3_LINK_PALETTE_SIZE, &err), &err);
  assert_int_equal(rom->change_count, before); /* nothing differs */
  g.tiles[0x1234] ^= 0xFF;
  g.palette[Z3_LINK_MAILS_SIZE + 1] ^= 0x01;
  assert_ok(z3_link_gfx_write(rom, &g, Z3_LINK_PALETTE_SIZE, &err), &err);
  assert_int_equal(rom->change_count, before + 2);
  assert_int_equal(rom->changes[before].offset, Z3_LINK_TILES_PC + 0x1234);
  assert_int_equal(rom->changes[before + 1].offset, Z3_LINK_GLOVES_PC + 1);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(written_header_follows_the_layout), cmocka_unit_test(round_trip_keeps_names_and_data),
       cmocka_unit_test(changed_byte_fails_the_checksum), cmocka_unit_test(damaged_files_are_refused_with_the_place),
       cmocka_unit_test(writer_refuses_bad_names), cmocka_unit_test(sample_link_reads_and_writes_in_place))
