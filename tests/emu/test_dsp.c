/*
 * emu/dsp: the S-DSP driven directly over a 64 KiB RAM: the interpolation
 * table, BRR playback (pitch, loop, end), envelopes (ADSR, GAIN, release),
 * KON polling, noise, pitch modulation and echo writes.
 */
#include <stdlib.h>
#include <string.h>

#include "emu/dsp.h"
#include "test.h"

enum { DIR = 0x02, SAMPLE = 0x1000, ECHO = 0x80 };

typedef struct fixture {
  z3_dsp dsp;
  uint8_t ram[0x10000];
} fixture;

/* A 16-sample square wave (eight +7s, eight -7s, shift 10), one block with
 * end and loop set so it repeats; DIR entry 0 points at it. */
static fixture *new_fixture(uint8_t block_flags) {
  fixture *f = calloc(1, sizeof *f);
  assert_non_null(f);
  z3_dsp_power_on(&f->dsp, f->ram);
  static const uint8_t square[9] = {0xA0, 0x77, 0x77, 0x77, 0x77, 0x99, 0x99, 0x99, 0x99};
  memcpy(f->ram + SAMPLE, square, sizeof square);
  f->ram[SAMPLE] |= block_flags;
  f->ram[DIR * 0x100 + 0] = SAMPLE & 0xFF, f->ram[DIR * 0x100 + 1] = SAMPLE >> 8;
  f->ram[DIR * 0x100 + 2] = SAMPLE & 0xFF, f->ram[DIR * 0x100 + 3] = SAMPLE >> 8;
  z3_dsp *d = &f->dsp;
  z3_dsp_write(d, 0x5D, DIR);
  z3_dsp_write(d, 0x6C, 0x20); /* out of reset, unmuted, echo writes off */
  z3_dsp_write(d, 0x0C, 0x7F), z3_dsp_write(d, 0x1C, 0x7F);
  z3_dsp_write(d, 0x00, 0x7F), z3_dsp_write(d, 0x01, 0x7F);
  z3_dsp_write(d, 0x07, 0x7F); /* voice 0: direct GAIN, full */
  z3_dsp_write(d, 0x03, 0x10); /* pitch $1000: one BRR sample per output sample */
  return f;
}

static void run(z3_dsp *d, int n, int16_t *left) {
  for (int i = 0; i < n; i++) {
    int16_t s[2];
    z3_dsp_sample(d, s);
    if (left) left[i] = s[0];
  }
}

static int sign_changes(const int16_t *s, int n) {
  int changes = 0, last = 0;
  for (int i = 0; i < n; i++) {
    int sign = (s[i] > 0) - (s[i] < 0);
    if (sign && last && sign != last) changes++;
    if (sign) last = sign;
  }
  return changes;
}

Z3_TEST(test_dsp_gauss__table_shape) {
  (void)state;
  assert_int_equal(z3_dsp_gauss[0], 0);
  assert_int_equal(z3_dsp_gauss[511], 1305);
  for (int i = 1; i < 512; i++) assert_true(z3_dsp_gauss[i] >= z3_dsp_gauss[i - 1]);
  for (int f = 0; f < 256; f++) {
    int sum = z3_dsp_gauss[255 - f] + z3_dsp_gauss[511 - f] + z3_dsp_gauss[256 + f] + z3_dsp_gauss[f];
    assert_in_range(sum, 2047, 2049);
  }
}

Z3_TEST(test_dsp_brr__square_wave_frequency_follows_pitch) {
  (void)state;
  static const struct { uint8_t pitch_high; int changes; } cases[] = {
      {0x10, 2 * 64}, /* $1000: 16-sample period, 64 periods in 1024 samples */
      {0x08, 2 * 32}, /* $0800: half the frequency */
      {0x20, 2 * 128},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    fixture *f = new_fixture(0x03);
    z3_dsp_write(&f->dsp, 0x03, cases[i].pitch_high);
    z3_dsp_write(&f->dsp, 0x4C, 0x01);
    run(&f->dsp, 16, NULL); /* key-on delay and start */
    int16_t out[1024];
    run(&f->dsp, 1024, out);
    assert_in_range(sign_changes(out, 1024), cases[i].changes - 1, cases[i].changes + 1);
    int peak = 0;
    for (int k = 0; k < 1024; k++) peak = abs(out[k]) > peak ? abs(out[k]) : peak;
    /* 7 << 10 >> 1 = 3584, x2 stored, full envelope and volumes: about 7000 */
    assert_in_range(peak, 6000, 8000);
    assert_true(f->dsp.regs[0x7C] & 1); /* ENDX: the block has the end flag */
    free(f);
  }
}

Z3_TEST(test_dsp_brr__end_without_loop_silences_the_voice) {
  (void)state;
  fixture *f = new_fixture(0x01);
  z3_dsp_write(&f->dsp, 0x4C, 0x01);
  int16_t out[64];
  run(&f->dsp, 64, out);
  assert_int_equal(f->dsp.voices[0].env_mode, Z3_ENV_RELEASE);
  assert_int_equal(f->dsp.voices[0].env, 0);
  assert_int_equal(out[63], 0);
  free(f);
}

Z3_TEST(test_dsp_kon__polled_every_other_sample_five_silent_samples) {
  (void)state;
  fixture *f = new_fixture(0x03);
  z3_dsp_write(&f->dsp, 0x4C, 0x01);
  int16_t out[12];
  run(&f->dsp, 12, out);
  int first = -1;
  for (int i = 0; i < 12 && first < 0; i++) first = out[i] ? i : -1;
  assert_in_range(first, 5, 7); /* poll (0-1 samples), then 5 silent ones */
  free(f);
}

/* ENVX over time for an envelope set up by `regs` (pairs of address, value). */
static void envx_run(const uint8_t *regs, size_t n, int samples, uint8_t *envx) {
  fixture *f = new_fixture(0x03);
  for (size_t i = 0; i < n; i += 2) z3_dsp_write(&f->dsp, regs[i], regs[i + 1]);
  z3_dsp_write(&f->dsp, 0x4C, 0x01);
  for (int i = 0; i < samples; i++) {
    run(&f->dsp, 1, NULL);
    envx[i] = f->dsp.regs[0x08];
  }
  free(f);
}

Z3_TEST(test_dsp_envelope__adsr_attack_decay_sustain) {
  (void)state;
  /* attack 15 (+1024 per sample), decay 7 (rate 30: every 2nd sample), sustain level 3,
   * sustain rate 0 (hold) */
  static const uint8_t regs[] = {0x05, 0xFF, 0x06, 0x60};
  uint8_t envx[800];
  envx_run(regs, sizeof regs, 800, envx);
  int top = 0;
  for (int i = 0; i < 20; i++) top = envx[i] > top ? envx[i] : top;
  assert_int_equal(top, 0x7F); /* attack reached the top in a few samples */
  /* the exponential decay stops where E >> 8 == 3 (ENVX just under $40), then holds */
  assert_in_range(envx[799], 0x38, 0x40); /* held where the rate last fired */
  assert_int_equal(envx[799], envx[600]);
  assert_true(envx[100] > envx[200] && envx[200] > envx[300]);
}

Z3_TEST(test_dsp_envelope__gain_modes) {
  (void)state;
  uint8_t envx[120];
  static const uint8_t direct[] = {0x05, 0x00, 0x07, 0x40};
  envx_run(direct, sizeof direct, 64, envx);
  assert_int_equal(envx[63], 0x40);
  static const uint8_t linear[] = {0x05, 0x00, 0x07, 0xDF}; /* +32 every sample */
  envx_run(linear, sizeof linear, 64, envx);
  for (int i = 20; i < 40; i++) assert_int_equal(envx[i + 1] - envx[i], 2);
  static const uint8_t bent[] = {0x05, 0x00, 0x07, 0xFF}; /* +32 then +8 from $600 */
  envx_run(bent, sizeof bent, 120, envx);
  assert_int_equal(envx[119], 0x7F);
  int slow = 0;
  for (int i = 0; i < 119; i++) slow += envx[i] >= 0x60 && envx[i] < 0x7F;
  assert_true(slow > 20); /* the upper quarter took four times as long per step */
}

Z3_TEST(test_dsp_envelope__release_on_key_off) {
  (void)state;
  fixture *f = new_fixture(0x03);
  z3_dsp_write(&f->dsp, 0x4C, 0x01);
  run(&f->dsp, 16, NULL);
  assert_int_equal(f->dsp.voices[0].env, 0x7F0);
  z3_dsp_write(&f->dsp, 0x5C, 0x01);
  run(&f->dsp, 2, NULL);
  int before = f->dsp.voices[0].env;
  run(&f->dsp, 10, NULL);
  assert_int_equal(before - f->dsp.voices[0].env, 80); /* 8 per sample */
  run(&f->dsp, 300, NULL);
  assert_int_equal(f->dsp.voices[0].env, 0);
  free(f);
}

Z3_TEST(test_dsp_noise__replaces_the_sample) {
  (void)state;
  fixture *f = new_fixture(0x03);
  z3_dsp_write(&f->dsp, 0x3D, 0x01);       /* NON voice 0 */
  z3_dsp_write(&f->dsp, 0x6C, 0x20 | 31);  /* noise at rate 31: every sample */
  z3_dsp_write(&f->dsp, 0x4C, 0x01);
  run(&f->dsp, 16, NULL);
  int16_t out[512];
  run(&f->dsp, 512, out);
  int distinct = 0;
  for (int i = 1; i < 512; i++) distinct += out[i] != out[i - 1];
  assert_true(distinct > 200);
  free(f);
}

Z3_TEST(test_dsp_pmon__modulated_voice_moves_differently) {
  (void)state;
  uint16_t pos[2];
  for (int pmon = 0; pmon < 2; pmon++) {
    fixture *f = new_fixture(0x03);
    for (int r = 0; r < 8; r++) z3_dsp_write(&f->dsp, (uint8_t)(0x10 | r), f->dsp.regs[r]);
    z3_dsp_write(&f->dsp, 0x13, 0x04); /* voice 1 slower */
    z3_dsp_write(&f->dsp, 0x2D, (uint8_t)(pmon ? 0x02 : 0x00));
    z3_dsp_write(&f->dsp, 0x4C, 0x03);
    run(&f->dsp, 101, NULL);
    pos[pmon] = f->dsp.voices[1].interp_pos;
    free(f);
  }
  assert_int_not_equal(pos[0], pos[1]);
}

Z3_TEST(test_dsp_echo__writes_only_when_enabled) {
  (void)state;
  for (int enabled = 0; enabled < 2; enabled++) {
    fixture *f = new_fixture(0x03);
    z3_dsp_write(&f->dsp, 0x4D, 0x01);  /* EON voice 0 */
    z3_dsp_write(&f->dsp, 0x6D, ECHO);  /* ESA $8000 */
    z3_dsp_write(&f->dsp, 0x7D, 0x01);  /* 2 KiB: 512 samples */
    z3_dsp_write(&f->dsp, 0x6C, enabled ? 0x00 : 0x20);
    z3_dsp_write(&f->dsp, 0x7F, 0x40);  /* C7 = 64: the newest sample, unscaled */
    z3_dsp_write(&f->dsp, 0x2C, 0x7F), z3_dsp_write(&f->dsp, 0x3C, 0x7F);
    z3_dsp_write(&f->dsp, 0x4C, 0x01);
    run(&f->dsp, 400, NULL);
    int nonzero = 0;
    for (int i = 0; i < 2048; i++) nonzero += f->ram[ECHO * 0x100 + i] != 0;
    if (enabled) assert_true(nonzero > 500);
    else assert_int_equal(nonzero, 0);
    assert_true(f->dsp.echo_offset < 2048);
    free(f);
  }
}

Z3_RUN(cmocka_unit_test(test_dsp_gauss__table_shape),
       cmocka_unit_test(test_dsp_brr__square_wave_frequency_follows_pitch),
       cmocka_unit_test(test_dsp_brr__end_without_loop_silences_the_voice),
       cmocka_unit_test(test_dsp_kon__polled_every_other_sample_five_silent_samples),
       cmocka_unit_test(test_dsp_envelope__adsr_attack_decay_sustain),
       cmocka_unit_test(test_dsp_envelope__gain_modes),
       cmocka_unit_test(test_dsp_envelope__release_on_key_off),
       cmocka_unit_test(test_dsp_noise__replaces_the_sample),
       cmocka_unit_test(test_dsp_pmon__modulated_voice_moves_differently),
       cmocka_unit_test(test_dsp_echo__writes_only_when_enabled))
