/*
 * The PPU against the oracle: every PPU test program (tests/emu/programs)
 * runs on z3ed's console and on bsnes-mercury-accuracy through retro_oracle,
 * and frames 0-6 must be pixel-identical: the set-up (a DMA clearing all of
 * VRAM, then the registers) ends in frame 1 or 2, mid-line, so this also
 * checks the CPU and DMA timing to the dot where the display turns on.
 *
 * One exception, on that turn-on line only: bsnes fetches BG tiles some
 * pixels ahead of the one it shows, so BG registers written just before the
 * display turns on (mosaic, mode 7, offset-per-tile, hires colour math) reach
 * its first pixels later than ours, which draws a line segment with one
 * register state. There the black part before the turn-on must match to the
 * half-pixel; the rest of that one row is not compared.
 *
 * The core always delivers 512 half-pixels per line, so a 256-wide frame of
 * ours is compared with each pixel doubled.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "base/png.h"
#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"
enum { FIRST = 0, FRAMES = 7 };

static void sh(const char *cmd) {
  int status = system(cmd);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) print_error("failed: %s\n", cmd);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static z3_image load_png(const char *path) {
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&data, path, 1u << 24, &err), &err);
  z3_image img;
  assert_ok(z3_png_read(&img, data.data, data.len, 0, &err), &err);
  z3_buf_release(&data);
  return img;
}

static bool black(const uint8_t *p) { return !p[0] && !p[1] && !p[2]; }

/* The first non-black half-pixel of an oracle row (512 when all black). */
static unsigned first_lit(const z3_image *img, uint32_t y, unsigned scale) {
  for (unsigned x = 0; x < 512; x++)
    if (!black(img->rgba + 4 * ((size_t)y * img->width + x / scale))) return x;
  return 512;
}

static bool any_lit(const z3_image *img) {
  for (uint32_t y = 0; y < img->height; y++)
    if (first_lit(img, y, 1) < 512) return true;
  return false;
}

/* The row where the display turned on mid-line, in the first oracle frame
 * with anything lit: its first lit row, when that row starts black; else
 * UINT32_MAX. */
static uint32_t turn_on_row(const z3_image *oracle) {
  for (uint32_t y = 0; y < oracle->height; y++) {
    unsigned lit = first_lit(oracle, y, 1);
    if (lit < 512) return lit > 0 ? y : UINT32_MAX;
  }
  return UINT32_MAX;
}

/* Pixels of ours that differ from the oracle's frame (reported: the first). */
static size_t differences(const z3_image *ours, const z3_image *oracle, const char *what, bool first_lit_frame) {
  assert_int_equal(oracle->width, 512);
  assert_int_equal(ours->height, oracle->height);
  unsigned scale = ours->width == 256 ? 2 : 1;
  assert_int_equal(ours->width * scale, 512);
  size_t bad = 0;
  uint32_t turn_on = first_lit_frame ? turn_on_row(oracle) : UINT32_MAX;
  for (uint32_t y = 0; y < ours->height; y++) {
    unsigned end = 512;
    if (y == turn_on) {
      end = first_lit(oracle, y, 1);
      if (first_lit(ours, y, scale) != end) {
        print_error("%s: the display turns on at half-pixel %u of row %u in bsnes, at %u in ours\n", what, end, y,
                    first_lit(ours, y, scale));
        bad++;
      }
    }
    for (uint32_t x = 0; x < end; x++) {
      const uint8_t *a = ours->rgba + 4 * ((size_t)y * ours->width + x / scale);
      const uint8_t *b = oracle->rgba + 4 * ((size_t)y * 512 + x);
      if (memcmp(a, b, 3) == 0) continue;
      if (!bad++)
        print_error("%s: first difference at half-pixel (%u, %u): ours %02x%02x%02x, bsnes %02x%02x%02x\n",
                    what, x, y, a[0], a[1], a[2], b[0], b[1], b[2]);
    }
  }
  return bad;
}

static void compare_rom(const char *program, const char *rom) {
  char *dir = z3_test_tmpdir();
  char *cmd = z3_strfmt("'%s' emu screenshot --rom '%s' --frames %d --every 1 --out-dir '%s/ours' -q",
                        Z3_EXE, rom, FRAMES, dir);
  sh(cmd);
  free(cmd);
  /* the core is not our code: its allocations are not ours to check */
  cmd = z3_strfmt("ASAN_OPTIONS=detect_leaks=0 '%s' --core '%s' --rom '%s' --frames %d --every 1 "
                  "--out-dir '%s' > /dev/null && mkdir '%s/oracle' && mv '%s'/frame_*.png '%s/oracle/'",
                  Z3_ORACLE, Z3_ORACLE_CORE, rom, FRAMES, dir, dir, dir, dir);
  sh(cmd);
  free(cmd);
  /* our frame_k is frame k - 1 completed (k frames run); the oracle numbers from 0 */
  bool lit_before = false;
  for (int k = FIRST + 1; k <= FRAMES; k++) {
    char *a = z3_strfmt("%s/ours/frame_%05d.png", dir, k);
    char *b = z3_strfmt("%s/oracle/frame_%05d.png", dir, k - 1);
    z3_image ours = load_png(a), oracle = load_png(b);
    char what[64];
    snprintf(what, sizeof what, "%s frame %d", program, k - 1);
    assert_int_equal(differences(&ours, &oracle, what, !lit_before), 0);
    lit_before = lit_before || any_lit(&oracle);
    z3_image_release(&ours);
    z3_image_release(&oracle);
    free(a);
    free(b);
  }
  cmd = z3_strfmt("rm -rf '%s'", dir);
  sh(cmd);
  free(cmd);
  free(dir);
}

static void compare(const char *program) {
  char *rom = z3_strfmt("%s%s.sfc", PROGRAMS, program);
  compare_rom(program, rom);
  free(rom);
}

/* The sample ROM's boot picture (src/zelda3/sample_boot.c). */
Z3_TEST(test_ppu_oracle__sample_boot) {
  (void)state;
  compare_rom("sample", Z3_SAMPLE);
}

#define PROGRAM_TEST(name)                          \
  Z3_TEST(test_ppu_oracle__##name) {                \
    (void)state;                                    \
    compare(#name);                                 \
  }

PROGRAM_TEST(mode0)
PROGRAM_TEST(mode1)
PROGRAM_TEST(colormath)
PROGRAM_TEST(hdma_brightness)
PROGRAM_TEST(mode7)
PROGRAM_TEST(hires)
PROGRAM_TEST(mosaic)
PROGRAM_TEST(sprites)
PROGRAM_TEST(sprites_large)
PROGRAM_TEST(mode2_opt)
PROGRAM_TEST(mode3_direct)
PROGRAM_TEST(windows)
PROGRAM_TEST(pseudo_hires)
PROGRAM_TEST(bg16)
PROGRAM_TEST(mode7_extbg)
PROGRAM_TEST(overscan)
PROGRAM_TEST(mode4_opt)
PROGRAM_TEST(mode6_opt)
PROGRAM_TEST(mode6_opt_scroll)
PROGRAM_TEST(hires_colormath)
PROGRAM_TEST(hires_colormath_sub)
PROGRAM_TEST(pal_timing)
PROGRAM_TEST(interlace)
PROGRAM_TEST(interlace_obj16)

Z3_RUN(cmocka_unit_test(test_ppu_oracle__mode0), cmocka_unit_test(test_ppu_oracle__mode1),
       cmocka_unit_test(test_ppu_oracle__colormath), cmocka_unit_test(test_ppu_oracle__hdma_brightness),
       cmocka_unit_test(test_ppu_oracle__mode7), cmocka_unit_test(test_ppu_oracle__hires),
       cmocka_unit_test(test_ppu_oracle__mosaic), cmocka_unit_test(test_ppu_oracle__sprites),
       cmocka_unit_test(test_ppu_oracle__sprites_large), cmocka_unit_test(test_ppu_oracle__mode2_opt),
       cmocka_unit_test(test_ppu_oracle__mode3_direct), cmocka_unit_test(test_ppu_oracle__windows),
       cmocka_unit_test(test_ppu_oracle__pseudo_hires), cmocka_unit_test(test_ppu_oracle__bg16),
       cmocka_unit_test(test_ppu_oracle__mode7_extbg), cmocka_unit_test(test_ppu_oracle__sample_boot),
       cmocka_unit_test(test_ppu_oracle__overscan), cmocka_unit_test(test_ppu_oracle__mode4_opt),
       cmocka_unit_test(test_ppu_oracle__mode6_opt),
       cmocka_unit_test(test_ppu_oracle__mode6_opt_scroll),
       cmocka_unit_test(test_ppu_oracle__hires_colormath),
       cmocka_unit_test(test_ppu_oracle__hires_colormath_sub),
       cmocka_unit_test(test_ppu_oracle__pal_timing), cmocka_unit_test(test_ppu_oracle__interlace),
       cmocka_unit_test(test_ppu_oracle__interlace_obj16))
