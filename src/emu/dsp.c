/*
 * The S-DSP, one sample at a time (see dsp.h for the granularity). Formulas
 * and orders follow the hardware reference §6 (itself from anomie's S-DSP
 * document and nocash's fullsnes): BRR decoding §6.2, pitch §6.3, Gaussian
 * interpolation §6.4, envelopes and the rate counter §6.5, noise §6.6,
 * mixing and echo §6.7, the per-sample order §6.8. All arithmetic on
 * samples is integer with arithmetic right shifts, as on the chip.
 */
#include <string.h>

#include "emu/dsp.h"

/* Register addresses: per voice ($x0-$x9, x = voice) and global. */
enum {
  V_VOLL = 0, V_VOLR, V_PITCHL, V_PITCHH, V_SRCN, V_ADSR1, V_ADSR2, V_GAIN, V_ENVX, V_OUTX,
  R_MVOLL = 0x0C, R_MVOLR = 0x1C, R_EVOLL = 0x2C, R_EVOLR = 0x3C, R_KON = 0x4C, R_KOFF = 0x5C,
  R_FLG = 0x6C, R_ENDX = 0x7C, R_EFB = 0x0D, R_PMON = 0x2D, R_NON = 0x3D, R_EON = 0x4D,
  R_DIR = 0x5D, R_ESA = 0x6D, R_EDL = 0x7D, R_FIR = 0x0F,
  FLG_RESET = 0x80, FLG_MUTE = 0x40, FLG_ECHO_OFF = 0x20,
  COUNTER_RANGE = 2048 * 15, /* 30720: the global rate counter's period */
  BRR_BLOCK = 9,
  KON_DELAY = 5,
};

/* Samples between envelope/noise steps per rate (0 never fires), and the
 * phase offset of each rate's grid against the global counter (§6.5). */
static const uint16_t rate_period[32] = {
    0,   2048, 1536, 1280, 1024, 768, 640, 512, 384, 320, 256, 192, 160, 128, 96, 80,
    64,  48,   40,   32,   24,   20,  16,  12,  10,  8,   6,   5,   4,   3,   2,  1,
};
static uint16_t rate_offset(int rate) {
  if (rate >= 30 || rate % 3 == 1) return 0; /* power-of-two periods */
  return rate % 3 == 2 ? 1040 : 536;         /* 3 x 2^k and 5 x 2^k periods */
}

static bool rate_fires(const z3_dsp *dsp, int rate) {
  if (rate == 0) return false;
  return (dsp->counter + rate_offset(rate)) % rate_period[rate] == 0;
}

static int clamp16(int v) { return v < -32768 ? -32768 : v > 32767 ? 32767 : v; }

static uint8_t vreg(const z3_dsp *dsp, int voice, int reg) { return dsp->regs[voice << 4 | reg]; }

void z3_dsp_power_on(z3_dsp *dsp, uint8_t *ram) {
  memset(dsp, 0, sizeof *dsp);
  dsp->ram = ram;
  dsp->regs[R_FLG] = FLG_RESET | FLG_MUTE | FLG_ECHO_OFF;
  dsp->noise = 0x4000;
  dsp->every_other_sample = true;
  for (int v = 0; v < 8; v++) dsp->voices[v].brr_offset = 1;
}

uint8_t z3_dsp_read(const z3_dsp *dsp, uint8_t reg) { return dsp->regs[reg & 0x7F]; }

void z3_dsp_write(z3_dsp *dsp, uint8_t reg, uint8_t value) {
  reg &= 0x7F;
  dsp->regs[reg] = value;
  if (reg == R_KON) dsp->new_kon = value;
  else if (reg == R_ENDX) dsp->regs[R_ENDX] = 0; /* any write clears every bit */
}

/* ---- BRR ----------------------------------------------------------------------------------- */

/* One sample from nibble n under `header`, given the previous two decoded
 * samples as 15-bit values p1 (newest) and p2 (§6.2 steps 2-4). Returns the
 * stored 16-bit form (15 bits times two). */
static int16_t brr_sample(int n, uint8_t header, int p1, int p2) {
  int shift = header >> 4, r;
  if (shift <= 12) r = (n * (1 << shift)) >> 1;
  else r = n < 0 ? -2048 : 0;
  switch ((header >> 2) & 3) {
  case 1: r += p1 + ((-p1) >> 4); break;
  case 2: r += 2 * p1 + ((-3 * p1) >> 5) - p2 + (p2 >> 4); break;
  case 3: r += 2 * p1 + ((-13 * p1) >> 6) - p2 + ((3 * p2) >> 4); break;
  default: break;
  }
  return (int16_t)(uint16_t)(clamp16(r) * 2); /* keeps the low 15 bits: the chip's clip */
}

/* Decodes four samples (two data bytes) into the voice's ring buffer. */
static void brr_decode_group(z3_dsp *dsp, z3_dsp_voice *v, uint8_t header, uint8_t first) {
  uint8_t second = dsp->ram[(uint16_t)(v->brr_addr + v->brr_offset + 1)];
  unsigned nibbles = (unsigned)first << 8 | second;
  int pos = v->buf_pos;
  for (int i = 0; i < 4; i++, pos++) {
    int n = (int)((nibbles >> (12 - 4 * i)) & 15);
    if (n >= 8) n -= 16;
    int p1 = v->buf[pos + Z3_DSP_BRR_BUF - 1] >> 1, p2 = v->buf[pos + Z3_DSP_BRR_BUF - 2] >> 1;
    int16_t s = brr_sample(n, header, p1, p2);
    v->buf[pos] = v->buf[pos + Z3_DSP_BRR_BUF] = s;
  }
  v->buf_pos = (uint8_t)(v->buf_pos + 4 >= Z3_DSP_BRR_BUF ? 0 : v->buf_pos + 4);
}

/* ---- interpolation and envelope ------------------------------------------------------------ */

static int interpolate(const z3_dsp_voice *v) {
  int f = (v->interp_pos >> 4) & 0xFF;
  const int16_t *s = &v->buf[(v->interp_pos >> 12) + v->buf_pos];
  const int16_t *g = z3_dsp_gauss;
  int out = (g[255 - f] * s[0]) >> 11;
  out += (g[511 - f] * s[1]) >> 11;
  out += (g[256 + f] * s[2]) >> 11;
  out = (int16_t)(uint16_t)out; /* the first three wrap */
  out += (g[f] * s[3]) >> 11;
  return clamp16(out) & ~1;
}

static int exponential_step(int env) { return env - (((env - 1) >> 8) + 1); }

/* The candidate envelope for this sample in ADSR or GAIN mode, and its rate. */
static int envelope_candidate(const z3_dsp_voice *v, uint8_t adsr1, uint8_t gain, int *rate) {
  int env = v->env;
  if (adsr1 & 0x80) {
    if (v->env_mode == Z3_ENV_ATTACK) {
      *rate = (adsr1 & 0x0F) * 2 + 1;
      return env + (*rate == 31 ? 0x400 : 0x20);
    }
    *rate = v->env_mode == Z3_ENV_DECAY ? ((adsr1 >> 4) & 7) * 2 + 16 : 0;
    return exponential_step(env);
  }
  if (!(gain & 0x80)) {
    *rate = 31;
    return (gain & 0x7F) * 16;
  }
  *rate = gain & 0x1F;
  switch ((gain >> 5) & 3) {
  case 0: return env - 0x20;
  case 1: return exponential_step(env);
  case 2: return env + 0x20;
  default: return env + ((unsigned)v->hidden_env < 0x600 ? 0x20 : 0x08);
  }
}

static void run_envelope(z3_dsp *dsp, z3_dsp_voice *v, int voice) {
  if (v->env_mode == Z3_ENV_RELEASE) {
    v->env = v->env > 8 ? v->env - 8 : 0;
    return;
  }
  uint8_t adsr1 = vreg(dsp, voice, V_ADSR1), adsr2 = vreg(dsp, voice, V_ADSR2);
  uint8_t gain = vreg(dsp, voice, V_GAIN);
  int rate = 0;
  int env = envelope_candidate(v, adsr1, gain, &rate);
  if ((adsr1 & 0x80) && v->env_mode == Z3_ENV_SUSTAIN) rate = adsr2 & 0x1F;
  uint8_t level_source = (adsr1 & 0x80) ? adsr2 : gain; /* the quirk of §6.5 step 2 */
  if (v->env_mode == Z3_ENV_DECAY && (env >> 8) == (level_source >> 5)) v->env_mode = Z3_ENV_SUSTAIN;
  v->hidden_env = env;
  if (env < 0 || env > 0x7FF) {
    env = env < 0 ? 0 : 0x7FF;
    if (v->env_mode == Z3_ENV_ATTACK) v->env_mode = Z3_ENV_DECAY;
  }
  if (rate_fires(dsp, rate)) v->env = env;
}

/* ---- one voice ----------------------------------------------------------------------------- */

typedef struct sample_ctx {
  int main[2], echo[2]; /* the sums of this sample */
  int prev_output;      /* the previous voice's output, for pitch modulation */
  uint8_t endx;
} sample_ctx;

static uint16_t read16(const uint8_t *ram, uint16_t addr) {
  return (uint16_t)(ram[addr] | ram[(uint16_t)(addr + 1)] << 8);
}

/* Key-on start-up: five samples of silence while the start is fetched and
 * the first groups decode; pitch is not applied. */
static void key_on_delay(z3_dsp_voice *v, uint16_t start, uint8_t *header, int *pitch) {
  if (v->kon_delay == KON_DELAY) {
    v->brr_addr = start;
    v->brr_offset = 1;
    v->buf_pos = 0;
    *header = 0; /* this sample's header is not acted on */
  }
  v->env = v->hidden_env = 0;
  v->interp_pos = --v->kon_delay & 3 ? 0x4000 : 0; /* decode on the last three */
  *pitch = 0;
}

static void advance_brr(z3_dsp *dsp, z3_dsp_voice *v, int voice, uint8_t header, uint8_t byte,
                        uint16_t next, sample_ctx *c) {
  if (v->interp_pos < 0x4000) return;
  brr_decode_group(dsp, v, header, byte);
  v->brr_offset += 2;
  if (v->brr_offset < BRR_BLOCK) return;
  v->brr_addr = (uint16_t)(v->brr_addr + BRR_BLOCK);
  if (header & 1) { /* end flag: on to the loop address, ENDX */
    v->brr_addr = next;
    c->endx |= (uint8_t)(1u << voice);
  }
  v->brr_offset = 1;
}

static void mix(z3_dsp *dsp, int voice, int output, sample_ctx *c) {
  for (int ch = 0; ch < 2; ch++) {
    int amp = (output * (int8_t)vreg(dsp, voice, V_VOLL + ch)) >> 7;
    c->main[ch] = clamp16(c->main[ch] + amp);
    if (dsp->regs[R_EON] & (1u << voice)) c->echo[ch] = clamp16(c->echo[ch] + amp);
  }
}

static void run_voice(z3_dsp *dsp, int voice, sample_ctx *c) {
  z3_dsp_voice *v = &dsp->voices[voice];
  uint8_t *ram = dsp->ram, bit = (uint8_t)(1u << voice);
  uint16_t entry = (uint16_t)(dsp->regs[R_DIR] * 0x100 + vreg(dsp, voice, V_SRCN) * 4);
  uint16_t next = read16(ram, (uint16_t)(entry + (v->kon_delay ? 0 : 2))); /* start or loop */
  int pitch = vreg(dsp, voice, V_PITCHL) | (vreg(dsp, voice, V_PITCHH) & 0x3F) << 8;
  uint8_t byte = ram[(uint16_t)(v->brr_addr + v->brr_offset)], header = ram[v->brr_addr];
  if (voice > 0 && (dsp->regs[R_PMON] & bit)) pitch += ((c->prev_output >> 5) * pitch) >> 10;
  if (v->kon_delay) key_on_delay(v, next, &header, &pitch);

  int sample = (dsp->regs[R_NON] & bit) ? (int16_t)(uint16_t)(dsp->noise << 1) : interpolate(v);
  int output = ((sample * v->env) >> 11) & ~1;
  uint8_t envx = (uint8_t)(v->env >> 4);
  if ((dsp->regs[R_FLG] & FLG_RESET) || (header & 3) == 1) { /* soft reset, end without loop */
    v->env_mode = Z3_ENV_RELEASE;
    v->env = 0;
  }
  if (dsp->every_other_sample) {
    if (dsp->regs[R_KOFF] & bit) v->env_mode = Z3_ENV_RELEASE;
    if (dsp->kon & bit) v->kon_delay = KON_DELAY, v->env_mode = Z3_ENV_ATTACK;
  }
  if (!v->kon_delay) run_envelope(dsp, v, voice);

  advance_brr(dsp, v, voice, header, byte, next, c);
  v->interp_pos = (uint16_t)((v->interp_pos & 0x3FFF) + pitch);
  if (v->interp_pos > 0x7FFF) v->interp_pos = 0x7FFF;
  mix(dsp, voice, output, c);
  if (v->kon_delay == KON_DELAY) c->endx &= (uint8_t)~bit; /* keyed on this sample */
  dsp->regs[voice << 4 | V_OUTX] = (uint8_t)(output >> 8);
  dsp->regs[voice << 4 | V_ENVX] = envx;
  c->prev_output = output;
}

/* ---- echo and output ----------------------------------------------------------------------- */

static int fir(const z3_dsp *dsp, int ch) {
  int sum = 0;
  for (int i = 0; i < 7; i++) sum += (dsp->echo_hist[i][ch] * (int8_t)dsp->regs[R_FIR + 16 * i]) >> 6;
  sum = (int16_t)(uint16_t)sum;
  sum += (dsp->echo_hist[7][ch] * (int8_t)dsp->regs[R_FIR + 16 * 7]) >> 6;
  return clamp16(sum) & ~1;
}

static void echo_and_output(z3_dsp *dsp, const sample_ctx *c, int16_t out[2]) {
  uint8_t *ram = dsp->ram;
  uint16_t addr = (uint16_t)(dsp->regs[R_ESA] * 0x100 + dsp->echo_offset);
  memmove(dsp->echo_hist[0], dsp->echo_hist[1], sizeof dsp->echo_hist[0] * 7);
  for (int ch = 0; ch < 2; ch++) {
    dsp->echo_hist[7][ch] = (int16_t)((int16_t)read16(ram, (uint16_t)(addr + 2 * ch)) >> 1);
  }
  for (int ch = 0; ch < 2; ch++) {
    int filtered = fir(dsp, ch);
    int main_vol = (int8_t)dsp->regs[ch ? R_MVOLR : R_MVOLL];
    int echo_vol = (int8_t)dsp->regs[ch ? R_EVOLR : R_EVOLL];
    int sample = clamp16((int16_t)((c->main[ch] * main_vol) >> 7) + (int16_t)((filtered * echo_vol) >> 7));
    out[ch] = (int16_t)((dsp->regs[R_FLG] & FLG_MUTE) ? 0 : sample);
    int feedback = clamp16(c->echo[ch] + (int16_t)((filtered * (int8_t)dsp->regs[R_EFB]) >> 7)) & ~1;
    if (!(dsp->regs[R_FLG] & FLG_ECHO_OFF)) {
      ram[(uint16_t)(addr + 2 * ch)] = (uint8_t)feedback;
      ram[(uint16_t)(addr + 2 * ch + 1)] = (uint8_t)(feedback >> 8);
    }
  }
  if (dsp->echo_offset == 0) dsp->echo_length = (uint16_t)((dsp->regs[R_EDL] & 15) * 0x800);
  dsp->echo_offset = (uint16_t)(dsp->echo_offset + 4);
  if (dsp->echo_offset >= dsp->echo_length) dsp->echo_offset = 0;
}

/* KON/KOFF polling every other sample, the global counter, noise (§6.8 cycles 29-30). */
static void global_step(z3_dsp *dsp) {
  dsp->every_other_sample = !dsp->every_other_sample;
  if (dsp->every_other_sample) dsp->new_kon &= (uint8_t)~dsp->kon;
  if (dsp->every_other_sample) dsp->kon = dsp->new_kon;
  if (--dsp->counter < 0) dsp->counter = COUNTER_RANGE - 1;
  if (rate_fires(dsp, dsp->regs[R_FLG] & 0x1F)) {
    int n = dsp->noise;
    dsp->noise = (n >> 1) | (((n ^ (n >> 1)) & 1) << 14);
  }
}

void z3_dsp_sample(z3_dsp *dsp, int16_t out[2]) {
  global_step(dsp);
  sample_ctx c = {.endx = dsp->regs[R_ENDX]};
  for (int voice = 0; voice < 8; voice++) run_voice(dsp, voice, &c);
  dsp->regs[R_ENDX] = c.endx;
  echo_and_output(dsp, &c, out);
  dsp->samples++;
}
