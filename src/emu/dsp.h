/*
 * emu/dsp: the S-DSP (hardware reference §6): eight voices of BRR samples
 * with Gaussian interpolation, ADSR/GAIN envelopes, noise, pitch modulation,
 * the echo unit with its 8-tap FIR filter, and one 16-bit stereo sample per
 * 32 SPC700 cycles (32 kHz).
 *
 * Granularity: one call of z3_dsp_sample computes a whole sample in the
 * order the chip's 32-cycle schedule (§6.8) puts its steps: global
 * counters, KON/KOFF polling and noise first, then voices 0-7 (each: DIR
 * entry, pitch with modulation from the previous voice, BRR header, key-on
 * delay, interpolation or noise, envelope, release, KON/KOFF, envelope step,
 * BRR decode and pitch advance, mixing), then echo (FIR, output, feedback
 * write). A register written between two samples takes effect at the next
 * sample; within a sample the chip reads some registers a few cycles
 * earlier or later than this model, so a write that lands inside a sample
 * can apply one sample sooner or later than on hardware.
 *
 * The DSP shares the APU's RAM (samples, DIR table, echo buffer); `ram`
 * points at it.
 */
#ifndef Z3_EMU_DSP_H
#define Z3_EMU_DSP_H

#include <stdbool.h>
#include <stdint.h>

enum { Z3_DSP_BRR_BUF = 12 };

typedef enum z3_dsp_env_mode {
  Z3_ENV_RELEASE = 0,
  Z3_ENV_ATTACK,
  Z3_ENV_DECAY,
  Z3_ENV_SUSTAIN,
} z3_dsp_env_mode;

typedef struct z3_dsp_voice {
  /* decoded samples (16-bit, bit 0 clear), twice so four in a row never wrap */
  int16_t buf[2 * Z3_DSP_BRR_BUF];
  uint8_t buf_pos;       /* where the next group of four goes */
  uint16_t brr_addr;     /* the current block */
  uint8_t brr_offset;    /* 1, 3, 5 or 7: the next data byte pair in the block */
  uint16_t interp_pos;   /* pitch counter: 12 bits of sample index, 12 of fraction */
  int env;               /* 0-$7FF */
  int hidden_env;        /* the last envelope value before clamping */
  z3_dsp_env_mode env_mode;
  uint8_t kon_delay;     /* samples left of the key-on start-up (5 .. 0) */
} z3_dsp_voice;

typedef struct z3_dsp {
  uint8_t regs[128];
  z3_dsp_voice voices[8];
  uint8_t *ram;          /* the APU's 64 KiB */
  uint8_t new_kon;       /* KON as written, until polled */
  uint8_t kon;           /* KON as polled */
  bool every_other_sample;
  int counter;           /* the global rate counter, 30719 .. 0 */
  int noise;             /* 15-bit LFSR */
  uint16_t echo_offset, echo_length;
  int16_t echo_hist[8][2]; /* oldest first */
  uint64_t samples;      /* produced since power-on */
} z3_dsp;

/* Power-on: registers 0 except FLG $E0 (soft reset, mute, echo writes off),
 * every voice silent. */
void z3_dsp_power_on(z3_dsp *dsp, uint8_t *ram);
uint8_t z3_dsp_read(const z3_dsp *dsp, uint8_t reg);
void z3_dsp_write(z3_dsp *dsp, uint8_t reg, uint8_t value);
/* Computes the next sample: out[0] left, out[1] right. */
void z3_dsp_sample(z3_dsp *dsp, int16_t out[2]);

/* The Gaussian interpolation table (512 entries, see dsp_gauss.c). */
extern const int16_t z3_dsp_gauss[512];

#endif
