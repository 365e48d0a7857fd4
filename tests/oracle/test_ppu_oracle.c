/*
 * The PPU against the oracle: every PPU test program (tests/emu/programs)
 * runs on z3ed's console and on bsnes-mercury-accuracy through retro_oracle,
 * and frames 4-6 must be pixel-identical (from frame 4 every program's
 * set-up, which clears all of VRAM, is over). The core always delivers 512
 * half-pixels per line, so a 256-wide frame of ours is compared with each
 * pixel doubled.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "base/png.h"
#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"
enum { FIRST = 4, FRAMES = 7 };

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

/* Pixels of ours that differ from the oracle's frame (reported: the first). */
static size_t differences(const z3_image *ours, const z3_image *oracle, const char *what) {
  assert_int_equal(oracle->width, 512);
  assert_int_equal(ours->height, oracle->height);
  unsigned scale = ours->width == 256 ? 2 : 1;
  assert_int_equal(ours->width * scale, 512);
  size_t bad = 0;
  for (uint32_t y = 0; y < ours->height; y++)
    for (uint32_t x = 0; x < 512; x++) {
      const uint8_t *a = ours->rgba + 4 * ((size_t)y * ours->width + x / scale);
      const uint8_t *b = oracle->rgba + 4 * ((size_t)y * 512 + x);
      if (memcmp(a, b, 3) == 0) continue;
      if (!bad++)
        print_error("%s: first difference at half-pixel (%u, %u): ours %02x%02x%02x, bsnes %02x%02x%02x\n",
                    what, x, y, a[0], a[1], a[2], b[0], b[1], b[2]);
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
  for (int k = FIRST + 1; k <= FRAMES; k++) {
    char *a = z3_strfmt("%s/ours/frame_%05d.png", dir, k);
    char *b = z3_strfmt("%s/oracle/frame_%05d.png", dir, k - 1);
    z3_image ours = load_png(a), oracle = load_png(b);
    char what[64];
    snprintf(what, sizeof what, "%s frame %d", program, k - 1);
    assert_int_equal(differences(&ours, &oracle, what), 0);
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
