/*
 * emu: the APU end to end through `z3ed emu run --audio`. The ca65 program
 * tests/emu/programs/apu_tone.s uploads an SPC700 program through the IPL
 * handshake from the 65816; the SPC700 program answers on the ports and
 * plays a 1000 Hz square wave with instant attack and an exponential decay
 * to half level. The WAV must show that tone and that envelope, and two
 * runs must give the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"

enum { RATE = 32000 };

static int run_z3ed_on(const char *program, const char *args, char **out_text) {
  char *cmd = z3_strfmt("'%s' emu run --rom '%s%s.sfc' %s --output-format json", Z3_EXE,
                        PROGRAMS, program, args);
  int code;
  *out_text = z3_test_sh(cmd, &code);
  free(cmd);
  return code;
}

static int run_z3ed(const char *args, char **out_text) { return run_z3ed_on("apu_tone", args, out_text); }

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

typedef struct wav {
  z3_buf file;
  int16_t *left; /* the left channel */
  size_t frames;
} wav;

/* Reads the WAV at path: 2 channels, 16 bits, 32 kHz, and its left channel. */
static void load_wav(const char *path, wav *w) {
  z3_error err;
  z3_error_init(&err);
  z3_buf_init(&w->file);
  assert_ok(z3_file_read(&w->file, path, 64u << 20, &err), &err);
  const uint8_t *d = w->file.data;
  assert_true(w->file.len > 44);
  assert_memory_equal(d, "RIFF", 4);
  assert_memory_equal(d + 8, "WAVEfmt ", 8);
  assert_int_equal(le16(d + 22), 2);
  assert_int_equal(le32(d + 24), RATE);
  assert_int_equal(le16(d + 34), 16);
  size_t at = 12;
  while (at + 8 <= w->file.len && memcmp(d + at, "data", 4) != 0) at += 8 + le32(d + at + 4);
  assert_true(at + 8 <= w->file.len);
  w->frames = le32(d + at + 4) / 4;
  w->left = calloc(w->frames + 1, sizeof *w->left);
  for (size_t i = 0; i < w->frames; i++) w->left[i] = (int16_t)le16(d + at + 8 + 4 * i);
}

static void free_wav(wav *w) {
  z3_buf_release(&w->file);
  free(w->left);
}

static int peak(const int16_t *s, size_t n) {
  int p = 0;
  for (size_t i = 0; i < n; i++) p = abs(s[i]) > p ? abs(s[i]) : p;
  return p;
}

static int sign_changes(const int16_t *s, size_t n) {
  int changes = 0, last = 0;
  for (size_t i = 0; i < n; i++) {
    int sign = (s[i] > 0) - (s[i] < 0);
    if (sign && last && sign != last) changes++;
    if (sign) last = sign;
  }
  return changes;
}

Z3_TEST(test_apu_programs__upload_tone_and_envelope) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *path = z3_strfmt("%s/tone.wav", dir);
  char *args = z3_strfmt("--frames 60 --read wram:0x100:3 --audio '%s'", path);
  char *out;
  int code = run_z3ed(args, &out);
  if (code) print_error("%s\n", out);
  assert_int_equal(code, 0);
  /* the handshake finished, the SPC700 program ran and read DIR back */
  assert_non_null(strstr(out, "\"hex\": \"015a03\""));
  assert_non_null(strstr(out, "\"audio_samples\": "));
  wav w;
  load_wav(path, &w);
  /* 60 frames of 357,366 clocks: about a second of sound */
  assert_in_range(w.frames, RATE * 99 / 100, RATE);
  size_t start = 0;
  while (start < w.frames && w.left[start] == 0) start++;
  assert_true(start > 0 && start < RATE / 20); /* after the upload, within 50 ms */
  /* 1000 Hz: 2 sign changes per millisecond over half a second */
  assert_in_range(sign_changes(w.left + start, RATE / 2), 995, 1001);
  /* envelope: full level at once (square 7 << 9, unity volumes), then down to
   * about half by 100 ms (sustain level 3: E just under $400 of $7FF), held */
  int attack = peak(w.left + start, 64);
  int early = peak(w.left + start + RATE / 100, 64);
  int held = peak(w.left + start + RATE / 5, 64), later = peak(w.left + start + RATE / 2, 64);
  assert_in_range(attack, 6800, 7300);
  assert_true(early < attack && early > held);
  assert_in_range(held * 1000 / attack, 470, 520);
  assert_int_equal(held, later);
  free_wav(&w);
  free(out);
  free(args);
  free(path);
  free(dir);
}

Z3_TEST(test_apu_programs__two_runs_same_bytes) {
  (void)state;
  char *dir = z3_test_tmpdir();
  z3_buf a, b;
  z3_error err;
  z3_error_init(&err);
  for (int i = 0; i < 2; i++) {
    char *args = z3_strfmt("--frames 20 --audio '%s/run%d.wav'", dir, i);
    char *out;
    assert_int_equal(run_z3ed(args, &out), 0);
    free(out);
    free(args);
  }
  char *p0 = z3_strfmt("%s/run0.wav", dir), *p1 = z3_strfmt("%s/run1.wav", dir);
  z3_buf_init(&a);
  z3_buf_init(&b);
  assert_ok(z3_file_read(&a, p0, 64u << 20, &err), &err);
  assert_ok(z3_file_read(&b, p1, 64u << 20, &err), &err);
  assert_int_equal(a.len, b.len);
  assert_memory_equal(a.data, b.data, a.len);
  z3_buf_release(&a);
  z3_buf_release(&b);
  free(p0);
  free(p1);
  free(dir);
}

/* apu_dsp.s reaches its end: uploaded, running, voice 1 keyed off after 16 timer steps. */
Z3_TEST(test_apu_programs__dsp_program_runs_to_its_key_off) {
  (void)state;
  char *out;
  int code = run_z3ed_on("apu_dsp", "--frames 40 --read wram:0x100:3", &out);
  if (code) print_error("%s\n", out);
  assert_int_equal(code, 0);
  assert_non_null(strstr(out, "\"hex\": \"015a0f\""));
  free(out);
}

Z3_RUN(cmocka_unit_test(test_apu_programs__upload_tone_and_envelope),
       cmocka_unit_test(test_apu_programs__dsp_program_runs_to_its_key_off),
       cmocka_unit_test(test_apu_programs__two_runs_same_bytes))
