/*
 * emu/ppu: our ca65 PPU test programs (tests/emu/programs/, one per
 * feature) run through `z3ed emu run --screenshot`; the pixels are checked
 * against colours worked out from each program's own data (its CGRAM
 * values, tile layout, matrix, window edges) by the hardware rules, never
 * against a saved picture of our own output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "base/png.h"
#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"

typedef struct shot {
  z3_image img;
  unsigned flags; /* $0100: the $213E bits the program saw */
} shot;

/* Runs the program `frames` frames and loads its last frame. */
static void take(const char *program, int frames, shot *out) {
  char *dir = z3_test_tmpdir();
  char *cmd = z3_strfmt("'%s' emu run --rom '%s%s.sfc' --frames %d --read wram:0x100:1 "
                        "--screenshot '%s/shot.png' --format json > '%s/out.json'",
                        Z3_EXE, PROGRAMS, program, frames, dir, dir);
  int rc = system(cmd);
  free(cmd);
  assert_int_equal(WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, 0);
  char *path = z3_strfmt("%s/shot.png", dir);
  z3_buf png;
  z3_buf_init(&png);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&png, path, 1 << 22, &err), &err);
  assert_ok(z3_png_read(&out->img, png.data, png.len, 0, &err), &err);
  z3_buf_release(&png);
  free(path);
  path = z3_strfmt("%s/out.json", dir);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char text[4096];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  const char *hex = strstr(text, "\"hex\"");
  assert_non_null(hex);
  assert_int_equal(sscanf(hex, "\"hex\": \"%2x\"", &out->flags), 1);
  free(path);
  char *rm = z3_strfmt("rm -rf '%s'", dir);
  assert_int_equal(system(rm), 0);
  free(rm);
  free(dir);
}

/* BGR555 at master brightness b as RGB888 (docs/emulator.md, bsnes v094):
 * c8 = c << 3 | c >> 2, c16 = c8 * 257, out = floor(c16 * (b + 1) / 16) >> 8,
 * with the factor halved at b = 0. */
static unsigned channel(unsigned c, unsigned b) {
  unsigned c8 = c << 3 | c >> 2, c16 = c8 * 257;
  return (b ? c16 * (b + 1) / 16 : c16 / 32) >> 8;
}

static uint32_t rgb_at(uint16_t bgr, unsigned brightness) {
  return channel(bgr & 31, brightness) << 16 | channel(bgr >> 5 & 31, brightness) << 8 |
         channel(bgr >> 10 & 31, brightness);
}

static uint32_t rgb(uint16_t bgr) { return rgb_at(bgr, 15); }

static uint32_t pixel(const shot *s, unsigned x, unsigned y) {
  assert_true(x < s->img.width && y < s->img.height);
  const uint8_t *p = s->img.rgba + 4 * ((size_t)y * s->img.width + x);
  return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static void expect(const shot *s, unsigned x, unsigned y, uint32_t want) {
  uint32_t got = pixel(s, x, y);
  if (got != want) fail_msg("pixel (%u, %u) is %06X, expected %06X", x, y, got, want);
}

/* Channel-wise add or subtract of two BGR555 colours, optionally halved. */
static uint16_t math(uint16_t a, uint16_t b, bool subtract, bool half) {
  uint16_t out = 0;
  for (unsigned s = 0; s <= 10; s += 5) {
    int c = subtract ? (a >> s & 31) - (b >> s & 31) : (a >> s & 31) + (b >> s & 31);
    if (c < 0) c = 0;
    if (half) c >>= 1;
    out |= (uint16_t)((c > 31 ? 31 : c) << s);
  }
  return out;
}

Z3_TEST(test_ppu_mode0__priorities_palettes_and_scroll) {
  (void)state;
  shot s;
  take("mode0", 6, &s);
  assert_int_equal(s.img.width, 256);
  assert_int_equal(s.img.height, 224);
  const uint16_t back = 0x4210, bg1 = 0x001F, bg1c2 = 0x03FF, bg2 = 0x03E0, bg3 = 0x7C00, bg4 = 0x7FFF;
  for (unsigned y = 0; y < 224; y += 37) {
    expect(&s, 0, y, rgb(bg1));    /* BG1 low over BG3 high */
    expect(&s, 31, y, rgb(bg1));
    expect(&s, 32, y, rgb(bg2));   /* BG2 high over BG1 low */
    expect(&s, 64, y, rgb(bg1c2)); /* BG1 colour 2 = CGRAM 2 */
    expect(&s, 68, y, rgb(bg2));   /* through BG1's transparent half */
    expect(&s, 72, y, rgb(bg2));   /* BG2 low over BG4 high */
    expect(&s, 128, y, rgb(bg3));
    expect(&s, 191, y, rgb(bg3));  /* BG3 low over BG4 low */
    expect(&s, 192, y, rgb(bg4));  /* BG4 scrolled 4 pixels left */
    expect(&s, 251, y, rgb(bg4));
    expect(&s, 252, y, rgb(back)); /* its map wrapped to an empty column */
  }
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_mode1__bg3_priority_bit_puts_bg3_in_front) {
  (void)state;
  shot s;
  take("mode1", 6, &s);
  for (unsigned y = 0; y < 224; y += 55) {
    expect(&s, 0, y, rgb(0x001F));   /* BG3 high over BG1 high (BGMODE bit 3) */
    expect(&s, 63, y, rgb(0x001F));
    expect(&s, 64, y, rgb(0x03E0));  /* BG1: 4 bpp palette 2 colour 15 = CGRAM 47 */
    expect(&s, 128, y, rgb(0x001F)); /* BG3 low, 2 bpp palette 1 = CGRAM 5 */
    expect(&s, 192, y, rgb(0x4210));
  }
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_colormath__add_half_fixed_and_windows) {
  (void)state;
  shot s;
  take("colormath", 6, &s);
  const uint16_t a = 0x2108, c = 0x0010, b = 0x0421, f = 4 | 2 << 5 | 31 << 10;
  static const struct { unsigned x0, x1; } spans[] = {{0, 39}, {40, 47}, {48, 63}, {64, 127},
                                                      {128, 191}, {192, 199}, {200, 219}, {220, 255}};
  uint16_t want[8] = {
      math(a, f, false, false), /* sub screen empty: the fixed colour, not halved */
      math(b, f, false, false), /* BG1 masked by window 2: the backdrop's math */
      math(a, f, false, false),
      math(a, c, false, true),  /* BG1 + BG2, halved */
      math(b, c, false, true),  /* backdrop + BG2, halved */
      math(b, f, false, false),
      b,                        /* math prevented inside the colour window */
      math(b, f, false, false),
  };
  for (unsigned i = 0; i < 8; i++)
    for (unsigned y = 0; y < 224; y += 111) {
      expect(&s, spans[i].x0, y, rgb(want[i]));
      expect(&s, spans[i].x1, y, rgb(want[i]));
    }
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_hdma__brightness_gradient_every_16_lines) {
  (void)state;
  shot s;
  take("hdma_brightness", 6, &s);
  for (unsigned y = 0; y < 224; y++)
    expect(&s, (y * 7) % 256, y, rgb_at(0x7FFF, 15 - y / 16));
  z3_image_release(&s.img);
}

/* Map (px, py) of the quarter-turned checkerboard: tile (tx + ty) & 1. */
static uint16_t mode7_color(unsigned x, unsigned row) {
  unsigned px = row + 1, py = (1024 - x) & 1023; /* (line, -x) */
  return ((px >> 3) + (py >> 3)) & 1 ? 0x7C00 : 0x001F;
}

Z3_TEST(test_ppu_mode7__quarter_turn_of_a_checkerboard) {
  (void)state;
  shot s;
  take("mode7", 6, &s);
  for (unsigned y = 0; y < 224; y += 5)
    for (unsigned x = 0; x < 256; x += 3) expect(&s, x, y, rgb(mode7_color(x, y)));
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_hires__mode5_half_pixels_main_odd_sub_even) {
  (void)state;
  shot s;
  take("hires", 6, &s);
  assert_int_equal(s.img.width, 512);
  for (unsigned y = 0; y < 224; y += 37) {
    expect(&s, 0, y, rgb(0x4210));  /* sub screen: nothing on it, the backdrop */
    expect(&s, 1, y, rgb(0x001F));  /* main: tile 1 ... */
    expect(&s, 7, y, rgb(0x001F));
    expect(&s, 9, y, rgb(0x03E0));  /* ... and its right half, tile 2 */
    expect(&s, 15, y, rgb(0x03E0));
    expect(&s, 14, y, rgb(0x4210));
    expect(&s, 17, y, rgb(0x4210)); /* entry 0: tile 0 (empty) ... */
    expect(&s, 25, y, rgb(0x001F)); /* ... whose right half is tile 1 */
  }
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_mosaic__blocks_of_three_show_their_first_pixel) {
  (void)state;
  shot s;
  take("mosaic", 6, &s);
  for (unsigned x = 0; x < 256; x++) {
    unsigned colour = (x - x % 3) % 8 + 1; /* tile pixel i has colour i + 1 = grey i + 1 */
    expect(&s, x, 50, rgb((uint16_t)(colour * 0x0421)));
  }
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_sprites__sizes_order_and_the_32_and_34_limits) {
  (void)state;
  shot s;
  take("sprites", 6, &s);
  const uint32_t red = rgb(0x001F), green = rgb(0x03E0), back = rgb(0x4210);
  expect(&s, 16, 16, red);    /* sprite 0, 8x8 */
  expect(&s, 23, 23, red);
  expect(&s, 24, 16, back);
  expect(&s, 20, 20, red);    /* sprite 0 in front of sprite 1 */
  expect(&s, 24, 20, green);  /* sprite 1, 16x16 */
  expect(&s, 35, 35, green);
  expect(&s, 36, 35, back);
  expect(&s, 35, 36, back);
  expect(&s, 0, 100, red);    /* the 32 sprites kept on rows 100-107 */
  expect(&s, 0, 107, red);
  expect(&s, 128, 100, back); /* the 33rd is not drawn */
  expect(&s, 0, 150, red);    /* sprites 36-52 fetched */
  expect(&s, 15, 165, red);
  expect(&s, 200, 150, back); /* sprite 35's slivers are the ones lost */
  expect(&s, 215, 165, back);
  assert_int_equal(s.flags & 0xC0, 0xC0); /* $213E: time over and range over */
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_mode2__offset_per_tile_shifts_bg1_columns) {
  (void)state;
  shot s;
  take("mode2_opt", 6, &s);
  for (unsigned x = 0; x < 192 - 3; x++) {
    unsigned column = (x + 3) / 8; /* BG1's fine scroll is 3 */
    /* BG3 entry column - 1 is $2008 when (column - 1) % 3 == 0: BG1 moves a tile on */
    unsigned map_column = column + (column >= 1 && (column - 1) % 3 == 0 ? 1 : 0);
    expect(&s, x, 100, rgb(map_column % 2 ? 0x03E0 : 0x001F));
  }
  expect(&s, 200, 100, rgb(0x7C00)); /* BG2 not shifted */
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_mode3__direct_colour_from_pixel_and_palette_bits) {
  (void)state;
  shot s;
  take("mode3_direct", 6, &s);
  /* pixel $5B = BB GGG RRR 01 011 011; palette bits bgr */
  uint16_t pal5 = (uint16_t)((3 << 2 | 1 << 1) | (3 << 2) << 5 | (1 << 3 | 1 << 2) << 10);
  uint16_t pal0 = (uint16_t)((3 << 2) | (3 << 2) << 5 | (1 << 3) << 10);
  expect(&s, 0, 30, rgb(pal5));
  expect(&s, 127, 30, rgb(pal5));
  expect(&s, 128, 30, rgb(pal0));
  expect(&s, 200, 30, rgb(0x4210));
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_windows__xor_logic_clip_to_black_and_subtract) {
  (void)state;
  shot s;
  take("windows", 6, &s);
  for (unsigned x = 0; x < 256; x++) {
    uint32_t want = 0; /* outside window 2 (inverted colour window): clipped to black */
    if (x >= 64 && x <= 95) want = rgb(0x7FFF);  /* both windows: XOR false, BG1 shown */
    if (x >= 96 && x <= 127) want = rgb(math(0x03E0, 31 | 8 << 5, true, false)); /* BG2 - fixed */
    expect(&s, x, 77, want);
  }
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_pseudo_hires__sub_screen_on_even_half_pixels) {
  (void)state;
  shot s;
  take("pseudo_hires", 6, &s);
  assert_int_equal(s.img.width, 512);
  for (unsigned x = 0; x < 256; x++) {
    uint16_t sub = x < 128 ? 0x03E0 : 0x4210, main = x >= 64 && x < 192 ? 0x001F : 0x4210;
    expect(&s, 2 * x, 60, rgb(sub));
    expect(&s, 2 * x + 1, 60, rgb(main));
  }
  z3_image_release(&s.img);
}

/* bg16.s: the colour of map pixel (mx, my) of its 64x64 map of 16x16 tiles. */
static uint16_t bg16_color(unsigned mx, unsigned my) {
  static const uint16_t quarter[2][2] = {{0x001F, 0x03E0}, {0x7C00, 0x7FFF}}; /* [row][col] */
  unsigned column = mx / 16 % 64, fx = mx % 16 / 8, fy = my % 16 / 8;
  bool hflip = column >= 32 || column % 2, vflip = column < 32 && column % 2;
  return quarter[vflip ? 1 - fy : fy][hflip ? 1 - fx : fx];
}

Z3_TEST(test_ppu_bg16__16x16_tiles_flips_and_a_64x64_map) {
  (void)state;
  shot s;
  take("bg16", 6, &s);
  for (unsigned y = 0; y < 224; y += 3)
    for (unsigned x = 0; x < 256; x++) /* the line shown is y + 1; scrolls 500 and 1020 */
      expect(&s, x, y, rgb(bg16_color((x + 500) % 1024, (y + 1 + 1020) % 1024)));
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_mode7_extbg__bg2_priority_bit_against_a_sprite) {
  (void)state;
  shot s;
  take("mode7_extbg", 6, &s);
  for (unsigned y = 0; y < 224; y += 7)
    for (unsigned x = 0; x < 256; x++) {
      bool high = x % 8 < 4; /* pixel $81: BG2 high priority, colour 1 */
      uint32_t want = rgb(high ? 0x001F : 0x03E0);
      if (y < 8 && x < 8 && !high) want = rgb(0x7FFF); /* the priority-1 sprite in between */
      expect(&s, x, y, want);
    }
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_overscan__239_lines) {
  (void)state;
  shot s;
  take("overscan", 6, &s);
  assert_int_equal(s.img.height, 239);
  for (unsigned y = 0; y < 239; y++) expect(&s, y % 256, y, rgb((y / 8) % 2 ? 0x03E0 : 0x001F));
  z3_image_release(&s.img);
}

Z3_TEST(test_ppu_mode4__offset_per_tile_h_or_v_by_bit_15) {
  (void)state;
  shot s;
  take("mode4_opt", 6, &s);
  for (unsigned y = 0; y < 224; y += 3)
    for (unsigned x = 0; x < 256; x++) {
      unsigned column = x / 8, mc = column, my = y + 1; /* the line shown is y + 1 */
      if (column >= 1) {
        unsigned kind = (column - 1) % 6 / 2; /* H +8, V +8, none */
        if (kind == 0) mc += 1;
        if (kind == 1) my += 8;
      }
      expect(&s, x, y, rgb((mc + my / 8) % 2 ? 0x03E0 : 0x001F));
    }
  z3_image_release(&s.img);
}

/* The sample ROM boots to a window of overworld area 0x1B (src/zelda3/sample_boot.c):
 * the emulator's frame must be the editor's render of that window, pixel for pixel,
 * except under the sprite markers (a ring in the overlay's sprite colour). */
Z3_TEST(test_ppu_sample__boots_to_the_editors_picture_of_area_1b) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *cmd = z3_strfmt("'%s' emu screenshot --rom '%s' --frames 4 --out '%s/emu.png' -q && "
                        "'%s' overworld render --rom '%s' --map 0x1B --out '%s/editor.png' -q",
                        Z3_EXE, Z3_SAMPLE, dir, Z3_EXE, Z3_SAMPLE, dir);
  assert_int_equal(system(cmd), 0);
  free(cmd);
  z3_image img[2];
  for (int i = 0; i < 2; i++) {
    char *path = z3_strfmt("%s/%s.png", dir, i ? "editor" : "emu");
    z3_buf png;
    z3_buf_init(&png);
    z3_error err;
    z3_error_init(&err);
    assert_ok(z3_file_read(&png, path, 1 << 24, &err), &err);
    assert_ok(z3_png_read(&img[i], png.data, png.len, 0, &err), &err);
    z3_buf_release(&png);
    free(path);
  }
  assert_int_equal(img[0].width, 256);
  assert_int_equal(img[0].height, 224);
  unsigned x0 = (img[1].width - 256) / 2 & ~7u, y0 = (img[1].height - 224) / 2 & ~7u;
  const uint8_t marker[3] = {0xF0 | 0xF0 >> 5, 0x30 | 0x30 >> 5, 0x30 | 0x30 >> 5}; /* via BGR555 */
  size_t same = 0, markers = 0;
  for (unsigned y = 0; y < 224; y++)
    for (unsigned x = 0; x < 256; x++) {
      const uint8_t *e = img[0].rgba + 4 * ((size_t)y * 256 + x);
      const uint8_t *r = img[1].rgba + 4 * ((size_t)(y0 + y) * img[1].width + x0 + x);
      if (memcmp(e, r, 3) == 0) same++;
      else if (memcmp(e, marker, 3) == 0) markers++;
      else fail_msg("pixel (%u, %u): emulator %02x%02x%02x, editor %02x%02x%02x", x, y, e[0], e[1], e[2],
                    r[0], r[1], r[2]);
    }
  assert_true(markers > 0);          /* the area's sprites are shown */
  assert_true(same > 256 * 224 / 2); /* and the picture is the area's */
  z3_image_release(&img[0]);
  z3_image_release(&img[1]);
  cmd = z3_strfmt("rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
  free(cmd);
  free(dir);
}

Z3_RUN(cmocka_unit_test(test_ppu_mode0__priorities_palettes_and_scroll),
       cmocka_unit_test(test_ppu_mode1__bg3_priority_bit_puts_bg3_in_front),
       cmocka_unit_test(test_ppu_colormath__add_half_fixed_and_windows),
       cmocka_unit_test(test_ppu_hdma__brightness_gradient_every_16_lines),
       cmocka_unit_test(test_ppu_mode7__quarter_turn_of_a_checkerboard),
       cmocka_unit_test(test_ppu_hires__mode5_half_pixels_main_odd_sub_even),
       cmocka_unit_test(test_ppu_mosaic__blocks_of_three_show_their_first_pixel),
       cmocka_unit_test(test_ppu_sprites__sizes_order_and_the_32_and_34_limits),
       cmocka_unit_test(test_ppu_mode2__offset_per_tile_shifts_bg1_columns),
       cmocka_unit_test(test_ppu_mode3__direct_colour_from_pixel_and_palette_bits),
       cmocka_unit_test(test_ppu_windows__xor_logic_clip_to_black_and_subtract),
       cmocka_unit_test(test_ppu_pseudo_hires__sub_screen_on_even_half_pixels),
       cmocka_unit_test(test_ppu_bg16__16x16_tiles_flips_and_a_64x64_map),
       cmocka_unit_test(test_ppu_mode7_extbg__bg2_priority_bit_against_a_sprite),
       cmocka_unit_test(test_ppu_overscan__239_lines),
       cmocka_unit_test(test_ppu_mode4__offset_per_tile_h_or_v_by_bit_15),
       cmocka_unit_test(test_ppu_sample__boots_to_the_editors_picture_of_area_1b))
