/* Palette files: each format round trips, hand-written files from other tools
 * read right, and every malformed file is refused with its place named. */
#include <string.h>

#include "base/png.h"
#include "snes/palfile.h"
#include "test.h"

static const z3_palfile_format formats[] = {Z3_PALFILE_JSON, Z3_PALFILE_JASC, Z3_PALFILE_COL,
                                            Z3_PALFILE_PNG};

static void random_colors(uint16_t *c, size_t n, uint64_t seed) {
  for (size_t i = 0; i < n; i++) c[i] = (uint16_t)(z3_test_rand(&seed) & 0x7FFF);
}

static size_t read_ok(uint16_t *colors, size_t max, z3_palfile_format f, const char *text) {
  z3_error err;
  z3_error_init(&err);
  size_t n;
  assert_ok(z3_palfile_read(colors, max, &n, f, (const uint8_t *)text, strlen(text), &err), &err);
  return n;
}

static z3_error read_fails(z3_palfile_format f, const void *data, size_t len, const char *needle) {
  uint16_t colors[256];
  size_t n = 99;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_palfile_read(colors, 256, &n, f, data, len, &err);
  if (st != Z3_E_INVALID) print_error("status %d, message: %s\n", st, err.message);
  assert_int_equal(st, Z3_E_INVALID);
  assert_int_equal(n, 0);
  if (!strstr(err.message, needle)) fail_msg("message \"%s\" lacks \"%s\"", err.message, needle);
  return err;
}

static void text_fails(z3_palfile_format f, const char *text, const char *needle) {
  read_fails(f, text, strlen(text), needle);
}

Z3_TEST(test_format_names) {
  (void)state;
  z3_palfile_format f;
  for (int i = 0; i < 4; i++) {
    assert_true(z3_palfile_format_parse(z3_palfile_format_name(formats[i]), &f));
    assert_int_equal(f, formats[i]);
  }
  assert_string_equal(z3_palfile_format_name(Z3_PALFILE_JASC), "jasc");
  assert_false(z3_palfile_format_parse("gpl", &f));
  assert_true(z3_palfile_format_from_path("a/b.PAL", &f));
  assert_int_equal(f, Z3_PALFILE_JASC);
  assert_true(z3_palfile_format_from_path("x.json", &f));
  assert_int_equal(f, Z3_PALFILE_JSON);
  assert_true(z3_palfile_format_from_path("dir.v2/x.col", &f));
  assert_int_equal(f, Z3_PALFILE_COL);
  assert_true(z3_palfile_format_from_path("s.png", &f));
  assert_int_equal(f, Z3_PALFILE_PNG);
  assert_false(z3_palfile_format_from_path("dir.png/x", &f));
  assert_false(z3_palfile_format_from_path("x.", &f));
  assert_false(z3_palfile_format_from_path("x.gif", &f));
}

/* write -> read gives the colours back, for several sizes (COL always holds
 * 256, the rest zero). */
Z3_TEST(test_roundtrip_every_format) {
  (void)state;
  static const size_t sizes[] = {1, 2, 15, 16, 17, 100, 255, 256};
  for (int fi = 0; fi < 4; fi++) {
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
      size_t n = sizes[si], got;
      uint16_t colors[256], back[256];
      random_colors(colors, n, n * 4 + (size_t)fi);
      colors[0] = 0x7FFF;
      z3_buf file;
      z3_buf_init(&file);
      z3_error err;
      z3_error_init(&err);
      assert_ok(z3_palfile_write(&file, formats[fi], colors, n, &err), &err);
      assert_ok(z3_palfile_read(back, 256, &got, formats[fi], file.data, file.len, &err), &err);
      if (formats[fi] == Z3_PALFILE_COL) {
        assert_int_equal(file.len, 0x200);
        assert_int_equal(got, 256);
        for (size_t i = n; i < 256; i++) assert_int_equal(back[i], 0);
      } else {
        assert_int_equal(got, n);
      }
      assert_memory_equal(back, colors, n * sizeof colors[0]);
      z3_buf_release(&file);
    }
  }
}

/* Fewer slots than colours: the first `max` are stored, *n is the file's count. */
Z3_TEST(test_read_into_small_array) {
  (void)state;
  uint16_t colors[20], back[4] = {0};
  random_colors(colors, 20, 3);
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_palfile_write(&file, Z3_PALFILE_JASC, colors, 20, &err), &err);
  size_t n;
  assert_ok(z3_palfile_read(back, 3, &n, Z3_PALFILE_JASC, file.data, file.len, &err), &err);
  assert_int_equal(n, 20);
  assert_memory_equal(back, colors, 3 * sizeof colors[0]);
  assert_int_equal(back[3], 0);
  z3_buf_release(&file);
}

Z3_TEST(test_write_rejects) {
  (void)state;
  uint16_t colors[257] = {0};
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_palfile_write(&file, Z3_PALFILE_JSON, colors, 0, &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_int_equal(z3_palfile_write(&file, Z3_PALFILE_JASC, colors, 257, &err), Z3_E_INVALID);
  colors[7] = 0x8000;
  z3_error_init(&err);
  assert_int_equal(z3_palfile_write(&file, Z3_PALFILE_COL, colors, 16, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "colour 7 is $8000"));
  z3_buf_release(&file);
}

/* ---- json ------------------------------------------------------------------ */

Z3_TEST(test_json_layout) {
  (void)state;
  uint16_t colors[2] = {0x7FFF, 0x001F};
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_palfile_write(&file, Z3_PALFILE_JSON, colors, 2, &err), &err);
  const char *want =
      "{\n  \"colors\": [\n    \"#FFFFFF\",\n    \"#FF0000\"\n  ],\n"
      "  \"snes\": [\n    \"$7FFF\",\n    \"$001F\"\n  ]\n}\n";
  assert_int_equal(file.len, strlen(want));
  assert_memory_equal(file.data, want, file.len);
  z3_buf_release(&file);
}

Z3_TEST(test_json_read_forms) {
  (void)state;
  uint16_t c[4];
  /* "snes" wins over "colors" when both are there */
  assert_int_equal(read_ok(c, 4, Z3_PALFILE_JSON,
                           "{\"colors\": [\"#FFFFFF\"], \"snes\": [\"$0001\", \"$0002\"]}"),
                   2);
  assert_int_equal(c[0], 1);
  assert_int_equal(c[1], 2);
  assert_int_equal(read_ok(c, 4, Z3_PALFILE_JSON, "{\"colors\": [\"#FF0000\", \"0,0,255\"]}"), 2);
  assert_int_equal(c[0], 0x001F);
  assert_int_equal(c[1], 0x7C00);
  assert_int_equal(read_ok(c, 4, Z3_PALFILE_JSON, " [\"00FF00\"]\n"), 1);
  assert_int_equal(c[0], 0x03E0);
}

Z3_TEST(test_json_rejects) {
  (void)state;
  text_fails(Z3_PALFILE_JSON, "", "json palette");
  text_fails(Z3_PALFILE_JSON, "{\"snes\": [\"$7FFF\",]}", "line 1");
  text_fails(Z3_PALFILE_JSON, "\"#FFFFFF\"", "must be an object");
  text_fails(Z3_PALFILE_JSON, "{\"colours\": []}", "neither");
  text_fails(Z3_PALFILE_JSON, "{\"snes\": \"$7FFF\"}", "\"snes\" is not an array");
  text_fails(Z3_PALFILE_JSON, "{\"snes\": []}", "holds no colours");
  text_fails(Z3_PALFILE_JSON, "{\"snes\": [\"$0000\", \"$8000\"]}",
             "snes[1] is not a colour: \"$8000\"");
  text_fails(Z3_PALFILE_JSON, "{\"colors\": [\"#000000\", 5]}", "colors[1] is not a string");
  text_fails(Z3_PALFILE_JSON, "[\"#000000\", \"#00000\"]", "[1] is not a colour");
  text_fails(Z3_PALFILE_JSON, "[\"$7FFF\\u0000x\"]", "json palette: \\u0000");
  text_fails(Z3_PALFILE_JSON, "{\"snes\": [], \"snes\": []}", "duplicate");
  z3_buf big;
  z3_buf_init(&big);
  assert_int_equal(z3_buf_printf(&big, "["), Z3_OK);
  for (int i = 0; i < 257; i++)
    assert_int_equal(z3_buf_printf(&big, "%s\"$0000\"", i ? "," : ""), Z3_OK);
  assert_int_equal(z3_buf_printf(&big, "]"), Z3_OK);
  read_fails(Z3_PALFILE_JSON, big.data, big.len, "holds 257 colours");
  z3_buf_release(&big);
}

/* ---- jasc ------------------------------------------------------------------ */

Z3_TEST(test_jasc_tolerance) {
  (void)state;
  uint16_t c[4];
  /* LF, trailing blanks, a BOM, an alpha column, a trailing blank line */
  assert_int_equal(read_ok(c, 4, Z3_PALFILE_JASC,
                           "\xEF\xBB\xBFJASC-PAL  \n0100\t\n2 \n255 0 0 \n 0  255 0 255\n\n"),
                   2);
  assert_int_equal(c[0], 0x001F);
  assert_int_equal(c[1], 0x03E0);
  assert_int_equal(read_ok(c, 4, Z3_PALFILE_JASC, "JASC-PAL\r\n0100\r\n1\r\n8 16 24"), 1);
  assert_int_equal(c[0], 1 | 2 << 5 | 3 << 10);
}

Z3_TEST(test_jasc_rejects) {
  (void)state;
  text_fails(Z3_PALFILE_JASC, "", "empty");
  text_fails(Z3_PALFILE_JASC, "GIMP Palette\n", "line 1: expected \"JASC-PAL\"");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n", "ends after line 1");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0200\n", "line 2: expected the version");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n", "before the colour count");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n0\n", "line 3: expected a colour count");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n257\n", "line 3: expected a colour count");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\nx\n", "line 3");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n2\n1 2 3\n",
             "ends after 1 colours, but line 3 promised 2");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n1\n1 2 3\n4 5 6\n",
             "line 5: more colours than the 1");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n2\n1 2 3\n1 300 3\n",
             "line 5: value 300 is over 255");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n1\n1 2\n", "line 4: expected \"R G B\"");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n1\n1 2 3 4 5\n", "line 4");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n1\n1,2,3\n", "line 4");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n1\n-1 2 3\n", "line 4");
  text_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n1\n1 2 3x\n", "line 4");
  z3_error err = read_fails(Z3_PALFILE_JASC, "JASC-PAL\n0100\n1\n1\x01 2 3\n", 23, "\"1? 2 3\"");
  assert_int_equal(err.offset, 16); /* where line 4 starts */
}

/* ---- col ------------------------------------------------------------------- */

Z3_TEST(test_col_with_footer) {
  (void)state;
  uint8_t file[0x400] = {0};
  file[2] = 0xFF, file[3] = 0x7F; /* colour 1 = white */
  memcpy(file + 0x200, "NAK1989 S-CG-CAD", 16);
  uint16_t c[256];
  size_t n;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_palfile_read(c, 256, &n, Z3_PALFILE_COL, file, sizeof file, &err), &err);
  assert_int_equal(n, 256);
  assert_int_equal(c[1], 0x7FFF);
  file[0x200] = 'X';
  read_fails(Z3_PALFILE_COL, file, sizeof file, "no \"NAK1989 S-CG-CAD\" footer at 0x200");
}

Z3_TEST(test_col_rejects) {
  (void)state;
  uint8_t file[0x401] = {0};
  read_fails(Z3_PALFILE_COL, file, 0, "0 bytes");
  read_fails(Z3_PALFILE_COL, file, 0x1FF, "511 bytes (0x1FF)");
  read_fails(Z3_PALFILE_COL, file, 0x201, "513 bytes (0x201)");
  read_fails(Z3_PALFILE_COL, file, 0x401, "1025 bytes (0x401)");
  file[0x1FF] = 0x80; /* colour 255's high byte */
  z3_error err = read_fails(Z3_PALFILE_COL, file, 0x200, "colour 255 at offset 0x1FE is $8000");
  assert_int_equal(err.offset, 0x1FE);
}

/* ---- png swatch ------------------------------------------------------------ */

Z3_TEST(test_png_swatch_layout) {
  (void)state;
  uint16_t colors[20];
  random_colors(colors, 20, 8);
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_palfile_write(&file, Z3_PALFILE_PNG, colors, 20, &err), &err);
  z3_image img;
  assert_ok(z3_png_read(&img, file.data, file.len, 0, &err), &err);
  assert_int_equal(img.width, 256);
  assert_int_equal(img.height, 32);
  assert_non_null(img.indices);
  /* colour 17 fills the square at column 1, row 1, edge to edge */
  for (int y = 16; y < 32; y++)
    for (int x = 16; x < 32; x++) assert_int_equal(img.indices[y * 256 + x], 17);
  assert_int_equal(img.rgba[4 * (20 * 256 + 4 * 16 + 8) + 3], 0); /* square 20: padding */
  z3_image_release(&img);
  z3_buf_release(&file);
}

static z3_buf indexed_png(uint32_t w, uint32_t h, const uint8_t *px, const uint8_t (*pal)[4],
                          int n) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_png_write_indexed(&out, w, h, px, pal, n, &err), &err);
  return out;
}

/* A swatch drawn elsewhere: only the centre pixel of each square counts. */
Z3_TEST(test_png_swatch_samples_centres) {
  (void)state;
  enum { W = 32, H = 16 };
  uint8_t px[W * H] = {0}, pal[3][4] = {{0, 0, 0, 255}, {255, 0, 0, 255}, {0, 0, 255, 255}};
  px[8 * W + 8] = 1;
  px[8 * W + 24] = 2;
  z3_buf file = indexed_png(W, H, px, (const uint8_t(*)[4])pal, 3);
  uint16_t c[4];
  size_t n;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_palfile_read(c, 4, &n, Z3_PALFILE_PNG, file.data, file.len, &err), &err);
  assert_int_equal(n, 2);
  assert_int_equal(c[0], 0x001F);
  assert_int_equal(c[1], 0x7C00);
  z3_buf_release(&file);
}

Z3_TEST(test_png_swatch_rejects) {
  (void)state;
  read_fails(Z3_PALFILE_PNG, "not a png", 9, "not a png");
  uint8_t px[17 * 32] = {0}, pal[1][4] = {{0, 0, 0, 255}};
  z3_buf file = indexed_png(17, 32, px, (const uint8_t(*)[4])pal, 1);
  read_fails(Z3_PALFILE_PNG, file.data, file.len,
             "17x32 pixels: both sides must be multiples of 16");
  z3_buf_release(&file);
  pal[0][3] = 0;
  file = indexed_png(16, 32, px, (const uint8_t(*)[4])pal, 1);
  read_fails(Z3_PALFILE_PNG, file.data, file.len, "only transparent squares");
  z3_buf_release(&file);
  static uint8_t wide[16 * 17 * 16 * 16];
  pal[0][3] = 255;
  file = indexed_png(16 * 17, 16 * 16, wide, (const uint8_t(*)[4])pal, 1);
  read_fails(Z3_PALFILE_PNG, file.data, file.len, "272 squares");
  z3_buf_release(&file);
}

Z3_RUN(cmocka_unit_test(test_format_names), cmocka_unit_test(test_roundtrip_every_format),
       cmocka_unit_test(test_read_into_small_array), cmocka_unit_test(test_write_rejects),
       cmocka_unit_test(test_json_layout), cmocka_unit_test(test_json_read_forms),
       cmocka_unit_test(test_json_rejects), cmocka_unit_test(test_jasc_tolerance),
       cmocka_unit_test(test_jasc_rejects), cmocka_unit_test(test_col_with_footer),
       cmocka_unit_test(test_col_rejects), cmocka_unit_test(test_png_swatch_layout),
       cmocka_unit_test(test_png_swatch_samples_centres), cmocka_unit_test(test_png_swatch_rejects))
