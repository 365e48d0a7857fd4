/* Colours: the conversions over their whole domains, and every spelling the
 * parser takes or refuses. */
#include <string.h>

#include "snes/color.h"
#include "test.h"

Z3_TEST(test_known_conversions) {
  (void)state;
  z3_rgb white = z3_color_to_rgb(0x7FFF);
  assert_int_equal(white.r, 255);
  assert_int_equal(white.g, 255);
  assert_int_equal(white.b, 255);
  z3_rgb red = z3_color_to_rgb(0x001F), green = z3_color_to_rgb(0x03E0),
         blue = z3_color_to_rgb(0x7C00);
  assert_int_equal(red.r, 255);
  assert_int_equal(red.g, 0);
  assert_int_equal(green.g, 255);
  assert_int_equal(green.b, 0);
  assert_int_equal(blue.b, 255);
  assert_int_equal(blue.r, 0);
  /* 1 -> 8 | 0 = 8, 16 -> 128 | 4 = 132 (replication, not x * 8) */
  assert_int_equal(z3_color_to_rgb(1).r, 8);
  assert_int_equal(z3_color_to_rgb(16).r, 132);
  z3_rgb c = {255, 7, 132};
  assert_int_equal(z3_color_from_rgb(c), 31 | 0 << 5 | 16 << 10);
}

Z3_TEST(test_every_snes_colour_roundtrips) {
  (void)state;
  for (uint32_t v = 0; v < 0x8000; v++) {
    z3_rgb c = z3_color_to_rgb((uint16_t)v);
    assert_int_equal(z3_color_from_rgb(c), v);
  }
}

/* Bit 15 is ignored on the way out and never produced on the way in. */
Z3_TEST(test_bit15_ignored) {
  (void)state;
  z3_rgb a = z3_color_to_rgb(0x8123), b = z3_color_to_rgb(0x0123);
  assert_memory_equal(&a, &b, sizeof a);
}

/* RGB -> SNES -> RGB -> SNES is stable for every 24-bit colour. */
Z3_TEST(test_every_rgb_is_stable) {
  (void)state;
  for (uint32_t v = 0; v < 1u << 24; v++) {
    z3_rgb c = {(uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    uint16_t s = z3_color_from_rgb(c);
    if (s & 0x8000) fail_msg("bit 15 set for %06X", v);
    if (z3_color_from_rgb(z3_color_to_rgb(s)) != s) fail_msg("unstable at %06X", v);
  }
}

static uint16_t parse_ok(const char *text) {
  uint16_t v = 0xFFFF;
  if (!z3_color_parse(text, &v)) fail_msg("refused \"%s\"", text);
  return v;
}

Z3_TEST(test_parse_forms) {
  (void)state;
  assert_int_equal(parse_ok("#FFFFFF"), 0x7FFF);
  assert_int_equal(parse_ok("#ff0000"), 0x001F);
  assert_int_equal(parse_ok("00FF00"), 0x03E0);
  assert_int_equal(parse_ok("0000ff"), 0x7C00);
  assert_int_equal(parse_ok("#080808"), 1 | 1 << 5 | 1 << 10);
  assert_int_equal(parse_ok("#0F0F0F"), 1 | 1 << 5 | 1 << 10); /* truncation */
  assert_int_equal(parse_ok("$7FFF"), 0x7FFF);
  assert_int_equal(parse_ok("$0"), 0);
  assert_int_equal(parse_ok("$1a2b"), 0x1A2B);
  assert_int_equal(parse_ok("0x7FFF"), 0x7FFF);
  assert_int_equal(parse_ok("0X03e0"), 0x03E0);
  assert_int_equal(parse_ok("255,255,255"), 0x7FFF);
  assert_int_equal(parse_ok("255, 0, 0"), 0x001F);
  assert_int_equal(parse_ok("0,0,248"), 0x7C00);
  assert_int_equal(parse_ok("8,16,24"), 1 | 2 << 5 | 3 << 10);
}

Z3_TEST(test_parse_rejects) {
  (void)state;
  static const char *bad[] = {
      "",         "#",        "#FFF",     "#FFFFF",  "#FFFFFFF", "#GGGGGG",  "FFFFF", "FFFFFFF",
      "FF FF FF", "$",        "$8000",    "$FFFF",   "$12345",   "$7FFG",    "0x",    "0x8000",
      "0x-1",     "$ 7FF",    "256,0,0",  "1,2",     "1,2,3,4",  "1,,3",     ",1,2",  "a,b,c",
      "-1,0,0",   "1000,0,0", "0001,0,0", "1,2,3 x", " #FFFFFF", "#FFFFFF ", "red",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    uint16_t v = 0x1234;
    if (z3_color_parse(bad[i], &v)) fail_msg("accepted \"%s\" as $%04X", bad[i], v);
    assert_int_equal(v, 0x1234); /* untouched on failure */
  }
  uint16_t v;
  assert_false(z3_color_parse(NULL, &v));
}

Z3_TEST(test_format_hex) {
  (void)state;
  char out[8];
  z3_color_format_hex(0x7FFF, out);
  assert_string_equal(out, "#FFFFFF");
  z3_color_format_hex(0x0000, out);
  assert_string_equal(out, "#000000");
  z3_color_format_hex(0x001F, out);
  assert_string_equal(out, "#FF0000");
  z3_color_format_hex(0x5294, out); /* 20,20,20 -> 0xA5 */
  assert_string_equal(out, "#A5A5A5");
  /* format then parse is the identity on every SNES colour */
  for (uint32_t c = 0; c < 0x8000; c++) {
    z3_color_format_hex((uint16_t)c, out);
    assert_int_equal(parse_ok(out), c);
  }
}

Z3_RUN(cmocka_unit_test(test_known_conversions),
       cmocka_unit_test(test_every_snes_colour_roundtrips), cmocka_unit_test(test_bit15_ignored),
       cmocka_unit_test(test_every_rgb_is_stable), cmocka_unit_test(test_parse_forms),
       cmocka_unit_test(test_parse_rejects), cmocka_unit_test(test_format_hex))
