/*
 * The test oracle's front end works: a program of ours (backdrop.s) runs on
 * bsnes-mercury through retro_oracle, the joypad script reaches the core
 * (button ids mapped right), and the frames and audio come out in the shape
 * the comparisons with z3ed's console rely on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/png.h"
#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"

static void run_oracle(const char *args) {
  /* the core is not our code: its allocations are not ours to check */
  char *cmd = z3_strfmt("ASAN_OPTIONS=detect_leaks=0 '%s' --core '%s' %s", Z3_ORACLE, Z3_ORACLE_CORE, args);
  int status = system(cmd);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) print_error("failed: %s\n", cmd);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  free(cmd);
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

/* The colour every pixel of the frame has, or -1 when they differ. */
static long uniform_colour(const z3_image *img) {
  for (size_t i = 1; i < (size_t)img->width * img->height; i++)
    if (memcmp(img->rgba + 4 * i, img->rgba, 3) != 0) return -1;
  return img->rgba[0] << 16 | img->rgba[1] << 8 | img->rgba[2];
}

Z3_TEST(test_oracle__buttons_reach_the_core_frame_by_frame) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *script = z3_strfmt("%s/pad.txt", dir);
  FILE *f = fopen(script, "w");
  assert_non_null(f);
  fputs("3 a\n5 b\n7 -\n", f);
  fclose(f);
  char *args = z3_strfmt("--rom '%sbackdrop.sfc' --frames 10 --input '%s' --every 1 --out-dir '%s' "
                         "--wav '%s/out.wav' > '%s/summary.json'",
                         PROGRAMS, script, dir, dir, dir);
  run_oracle(args);
  /* backdrop.s: the NMI of frame k reads frame k's buttons; the colour shows from frame k + 1 */
  const long red = 0xFF0000, green = 0x00FF00, blue = 0x0000FF;
  const long expect[10] = {red, red, red, red, green, green, blue, blue, red, red};
  for (int k = 1; k < 10; k++) {
    char *png = z3_strfmt("%s/frame_%05d.png", dir, k);
    z3_image img = load_png(png);
    assert_true(img.width == 256 || img.width == 512);
    assert_true(img.height >= 224);
    long c = uniform_colour(&img);
    if (c != expect[k]) print_error("frame %d: colour %06lx, expected %06lx\n", k, c, expect[k]);
    assert_int_equal(c, expect[k]);
    z3_image_release(&img);
    free(png);
  }
  /* about 32 kHz stereo: 10 frames of 1/60 s are some 5,300 sample pairs */
  char *wav = z3_strfmt("%s/out.wav", dir);
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&data, wav, 1u << 24, &err), &err);
  size_t pairs = (data.len - 44) / 4;
  assert_true(pairs > 5000 && pairs < 5600);
  z3_buf_release(&data);
  free(wav);
  free(args);
  free(script);
  free(dir);
}

Z3_RUN(cmocka_unit_test(test_oracle__buttons_reach_the_core_frame_by_frame))
