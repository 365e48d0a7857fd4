/*
 * The APU against bsnes-mercury-accuracy: our ca65 programs run on both, and
 * the two WAVs must agree sample for sample once aligned on the first sound:
 * both channels, every sample of the overlap. apu_tone.s: an IPL upload,
 * then a square wave with an ADSR envelope. apu_dsp.s: echo with feedback
 * and FIR, noise, pitch modulation, GAIN bent line, ADSR, key-off release. The start
 * itself may differ by a sample or two (the two consoles' APU clocks differ:
 * 32,000 Hz here, 32,040.5 Hz in bsnes), and the core's rate is not ours.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"


static void run(const char *cmd) {
  int status = system(cmd);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) print_error("failed: %s\n", cmd);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

typedef struct pcm {
  z3_buf file;
  const uint8_t *data; /* interleaved 16-bit little-endian stereo */
  size_t frames;
} pcm;

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static void load(const char *path, pcm *p) {
  z3_error err;
  z3_error_init(&err);
  z3_buf_init(&p->file);
  assert_ok(z3_file_read(&p->file, path, 64u << 20, &err), &err);
  const uint8_t *d = p->file.data;
  size_t at = 12;
  while (at + 8 <= p->file.len && memcmp(d + at, "data", 4) != 0) at += 8 + le32(d + at + 4);
  assert_true(at + 8 <= p->file.len);
  p->data = d + at + 8;
  p->frames = le32(d + at + 4) / 4;
}

static int16_t sample(const pcm *p, size_t frame, int ch) {
  const uint8_t *s = p->data + 4 * frame + 2 * ch;
  return (int16_t)(uint16_t)(s[0] | s[1] << 8);
}

static size_t first_sound(const pcm *p) {
  size_t i = 0;
  while (i < p->frames && sample(p, i, 0) == 0 && sample(p, i, 1) == 0) i++;
  return i;
}

static void compare_with_bsnes(const char *program, int frames, size_t min_samples) {
  char *dir = z3_test_tmpdir();
  char *ours = z3_strfmt("'%s' emu run --rom '%s%s.sfc' --frames %d --audio '%s/ours.wav' -q",
                         Z3_EXE, PROGRAMS, program, frames, dir);
  char *theirs = z3_strfmt("ASAN_OPTIONS=detect_leaks=0 '%s' --core '%s' --rom '%s%s.sfc' "
                           "--frames %d --wav '%s/bsnes.wav' > /dev/null",
                           Z3_ORACLE, Z3_ORACLE_CORE, PROGRAMS, program, frames, dir);
  run(ours);
  run(theirs);
  char *a_path = z3_strfmt("%s/ours.wav", dir), *b_path = z3_strfmt("%s/bsnes.wav", dir);
  pcm a, b;
  load(a_path, &a);
  load(b_path, &b);
  size_t fa = first_sound(&a), fb = first_sound(&b);
  print_message("%s: first sound at sample %zu here, %zu in bsnes\n", program, fa, fb);
  assert_true(fa < a.frames && fb < b.frames);
  assert_true(fa + 2 >= fb && fb + 2 >= fa);
  size_t n = a.frames - fa < b.frames - fb ? a.frames - fa : b.frames - fb;
  assert_true(n > min_samples);
  size_t differing = 0;
  for (size_t i = 0; i < n; i++) {
    for (int ch = 0; ch < 2; ch++) {
      if (sample(&a, fa + i, ch) == sample(&b, fb + i, ch)) continue;
      if (differing++ < 5) {
        print_error("sample %zu ch %d: %d here, %d in bsnes\n", i, ch, sample(&a, fa + i, ch),
                    sample(&b, fb + i, ch));
      }
    }
  }
  assert_int_equal(differing, 0);
  z3_buf_release(&a.file);
  z3_buf_release(&b.file);
  free(a_path);
  free(b_path);
  free(ours);
  free(theirs);
  free(dir);
}

Z3_TEST(test_apu_oracle__tone_sample_identical_to_bsnes) {
  (void)state;
  compare_with_bsnes("apu_tone", 60, 30000);
}

Z3_TEST(test_apu_oracle__echo_noise_pmon_envelopes_sample_identical_to_bsnes) {
  (void)state;
  compare_with_bsnes("apu_dsp", 90, 45000);
}

Z3_RUN(cmocka_unit_test(test_apu_oracle__tone_sample_identical_to_bsnes),
       cmocka_unit_test(test_apu_oracle__echo_noise_pmon_envelopes_sample_identical_to_bsnes))
