/*
 * The player: a walked song (music_seq.c) rendered through an S-DSP the
 * caller owns. Our own small driver: channel n plays on voice n; each song
 * tick it keys notes on and off, moves fades a step, works out every voice's
 * pitch (the note, tuning, slide, pitch envelope and vibrato) and volume
 * (channel volume, velocity, master volume, tremolo, pan), writes the
 * registers that changed, then lets the DSP run for the tick's share of
 * 32 kHz. The game's sound driver is not used.
 *
 * Effect model (after the public descriptions of the N-SPC commands; the
 * arithmetic is ours): a fade moves linearly from the current value to its
 * target over its ticks. Vibrato and tremolo are triangle waves whose phase
 * (256 = one cycle) advances `rate` a tick from `delay` ticks after each
 * key-on. Vibrato depth is the peak bend in 1/256 semitones ($F1-$FF: 1-15
 * whole semitones); `vibratofade T` grows it from 0 over T ticks. Tremolo
 * lowers the volume by up to depth/256 (full volume at the cycle's start).
 * A pitch envelope bends each note linearly by its semitones (to: from the
 * note away; from: from away back to the note) over `length` ticks after
 * `delay`; a slide bends the note it follows to its target note the same way.
 */
#include <string.h>

#include "zelda3/music.h"

enum {
  REG_MVOL_L = 0x0C, REG_MVOL_R = 0x1C, REG_EVOL_L = 0x2C, REG_EVOL_R = 0x3C, REG_KON = 0x4C, REG_KOFF = 0x5C,
  REG_FLG = 0x6C, REG_EFB = 0x0D, REG_PMON = 0x2D, REG_NON = 0x3D, REG_EON = 0x4D, REG_DIR = 0x5D, REG_ESA = 0x6D,
  REG_EDL = 0x7D, REG_FIR0 = 0x0F,
  FLG_ECHO_OFF = 0x20,
  KEY_C5 = 48, PITCH_C5 = 0x085F, /* C5 ($B0) plays a 32-frame period at 523 Hz */
  ECHO_DELAY = 2, DEFAULT_FEEDBACK = 0x40, DEFAULT_TEMPO = 48,
  FRAMES_PER_DELAY = 512, /* a delay step is 16 ms, 512 samples at 32 kHz */
  FINE = 256, /* key steps a semitone */
};

/* 2^(i/12) in 16.16 fixed point: equal temperament without libm (the 13th closes the octave for interpolation). */
static const uint32_t semitone_ratio[13] = {65536, 69433, 73562, 77936, 82570, 87480, 92682,
                                            98193, 104032, 110218, 116772, 123715, 131072};

uint16_t z3_music_pitch_fine(int key256, uint16_t mult) {
  int key = key256 >= 0 ? key256 / FINE : -((-key256 + FINE - 1) / FINE), frac = key256 - key * FINE;
  int rel = key - KEY_C5, octave = rel >= 0 ? rel / 12 : -((-rel + 11) / 12), semi = rel - 12 * octave;
  uint64_t step = semitone_ratio[semi + 1] - semitone_ratio[semi];
  uint64_t ratio = semitone_ratio[semi] + step * (uint64_t)frac / FINE;
  uint64_t p = (uint64_t)PITCH_C5 * ratio * (mult ? mult : 0x100); /* << 16 << 8 */
  p = octave >= 0 ? (octave > 8 ? UINT64_MAX : p << octave) : p >> (-octave > 40 ? 40 : -octave);
  p >>= 24;
  return (uint16_t)(p < 1 ? 1 : p > 0x3FFF ? 0x3FFF : p);
}

uint16_t z3_music_pitch(int key, uint16_t mult) { return z3_music_pitch_fine(key * FINE, mult); }

/* The main chain's block holding the sound program (it starts at the entry address). */
static const z3_apu_block *program_block(const z3_music_image *img) {
  for (size_t i = 0; i < img->main.count; i++) {
    const z3_apu_block *b = &img->main.blocks[i];
    if (img->main.entry >= b->addr && img->main.entry < b->addr + b->len) return b;
  }
  return NULL;
}

bool z3_music_echo_filter(const z3_music_image *img, int index, int8_t fir[8]) {
  static const uint8_t pass_through[8] = {0x7F};
  const z3_apu_block *b = program_block(img);
  if (!b || index < 0 || index > 0xFF) return false;
  uint32_t end = (uint32_t)b->addr + b->len;
  for (uint32_t a = b->addr; a + 8 <= end; a++) {
    if (memcmp(img->ram + a, pass_through, 8)) continue;
    uint32_t at = a + 8u * (uint32_t)index;
    if (at + 8 > end) return false;
    for (int i = 0; i < 8; i++) fir[i] = (int8_t)img->ram[at + (uint32_t)i];
    return true;
  }
  return false;
}

/* A value that moves linearly from `from` to `to` over [start, start + len]. */
typedef struct ramp {
  double from, to;
  uint32_t start, len;
} ramp;

static ramp ramp_fixed(double v) { return (ramp){v, v, 0, 0}; }

static double ramp_at(const ramp *r, uint32_t t) {
  if (!r->len || t >= r->start + r->len) return r->to;
  if (t <= r->start) return r->from;
  return r->from + (r->to - r->from) * (double)(t - r->start) / r->len;
}

static void ramp_to(ramp *r, uint32_t t, double to, uint32_t len) {
  r->from = ramp_at(r, t), r->to = to, r->start = t, r->len = len;
}

typedef struct lfo {
  int delay, rate, depth;
} lfo;

typedef struct bend { /* pitch envelope or slide */
  int delay, len, semis, dir; /* dir 1: towards note + semis, -1: back from it, 0: none */
  uint32_t from;              /* the tick delay counts from */
} bend;

typedef struct voice_state {
  ramp volume, pan;
  int velocity, key, tune, vibrato_fade;
  uint16_t mult;
  uint32_t on_tick, off_tick;
  bool sounding, keyed;
  lfo vibrato, tremolo;
  bend env, slide;
} voice_state;

typedef struct player {
  const z3_music_image *img;
  const z3_music_dsp_sink *sink;
  voice_state v[8];
  ramp master, tempo, echo_volume;
  int echo_voices, feedback;
  uint64_t frames, echo_quiet_until; /* samples rendered; echo muted before this one */
  uint8_t kon, koff;
  uint32_t tick;
  uint8_t shadow[0x80];
  bool known[0x80];
} player;

/* Writes a register; the ones that hold their value are written only when it changes. */
static void w(player *p, uint8_t reg, int value) {
  reg &= 0x7F;
  bool strobe = reg == REG_KON || reg == REG_KOFF;
  if (!strobe && p->known[reg] && p->shadow[reg] == (uint8_t)value) return;
  p->known[reg] = true, p->shadow[reg] = (uint8_t)value;
  p->sink->write(p->sink->data, reg, (uint8_t)value);
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* How far along [delay, delay + len] elapsed is, 0..1. */
static double progress(uint32_t elapsed, int delay, int len) {
  if (elapsed < (uint32_t)delay) return 0;
  if (len <= 0) return 1;
  double f = (double)(elapsed - (uint32_t)delay) / len;
  return f > 1 ? 1 : f;
}

/* The triangle wave at phase (256 a cycle): 0 at 0, +256 at 64, -256 at 192. */
static int triangle(uint32_t phase) {
  int ph = (int)(phase & 0xFF);
  return ph < 64 ? ph * 4 : ph < 192 ? (128 - ph) * 4 : (ph - 256) * 4;
}

static double vibrato_of(const voice_state *v, uint32_t t) {
  const lfo *l = &v->vibrato;
  uint32_t e = t - v->on_tick;
  if (!l->depth || e < (uint32_t)l->delay) return 0;
  int peak = l->depth >= 0xF1 ? (l->depth & 15) * FINE : l->depth;
  double grow = v->vibrato_fade ? progress(e, l->delay, v->vibrato_fade) : 1;
  return peak * grow * triangle((e - (uint32_t)l->delay) * (uint32_t)l->rate) / 256.0;
}

static double bend_of(const bend *b, uint32_t t) {
  if (!b->dir) return 0;
  double f = progress(t - b->from, b->delay, b->len);
  return b->semis * FINE * (b->dir > 0 ? f : 1 - f);
}

/* The voice's key at tick t, in 1/256 semitones. */
static int key_at(const voice_state *v, uint32_t t) {
  double k = v->key * FINE + v->tune + bend_of(&v->env, t) + bend_of(&v->slide, t) + vibrato_of(v, t);
  return (int)(k < 0 ? k - 0.5 : k + 0.5);
}

static double tremolo_of(const voice_state *v, uint32_t t) {
  const lfo *l = &v->tremolo;
  uint32_t e = t - v->on_tick;
  if (!l->depth || e < (uint32_t)l->delay) return 1;
  uint32_t ph = ((e - (uint32_t)l->delay) * (uint32_t)l->rate) & 0xFF;
  return 1 - l->depth / 256.0 * (ph < 128 ? ph : 256 - ph) / 128.0;
}

/* VOL L/R from the channel's volume, the note's velocity, the master volume, tremolo and pan (0 right .. 20 left). */
static void set_volume(player *p, int c) {
  const voice_state *v = &p->v[c];
  double amp = ramp_at(&v->volume, p->tick) / 255.0 * v->velocity / 255.0 * ramp_at(&p->master, p->tick) / 255.0 *
               tremolo_of(v, p->tick);
  double left = ramp_at(&v->pan, p->tick), right = 20 - left; /* each side full up to the centre, then falling */
  w(p, (uint8_t)(c << 4 | 0), clamp((int)(127 * amp * (left >= 10 ? 1.0 : left / 10.0)), 0, 127));
  w(p, (uint8_t)(c << 4 | 1), clamp((int)(127 * amp * (right >= 10 ? 1.0 : right / 10.0)), 0, 127));
}

static void set_pitch(player *p, int c) {
  uint16_t pitch = z3_music_pitch_fine(key_at(&p->v[c], p->tick), p->v[c].mult);
  w(p, (uint8_t)(c << 4 | 2), pitch & 0xFF);
  w(p, (uint8_t)(c << 4 | 3), pitch >> 8);
}

static void key_on(player *p, const z3_music_seq_event *e) {
  int c = e->channel & 7;
  voice_state *v = &p->v[c];
  z3_music_instrument in;
  z3_music_instrument_get(p->img, e->instrument, &in);
  w(p, (uint8_t)(c << 4 | 4), in.sample);
  w(p, (uint8_t)(c << 4 | 5), in.adsr1);
  w(p, (uint8_t)(c << 4 | 6), in.adsr2);
  w(p, (uint8_t)(c << 4 | 7), in.gain);
  v->key = e->key, v->mult = in.pitch_mult, v->velocity = e->value;
  v->on_tick = e->tick, v->off_tick = e->tick + e->gate, v->env.from = e->tick;
  v->slide.dir = 0;
  v->sounding = v->keyed = true;
  p->kon |= (uint8_t)(1u << c);
  p->koff &= (uint8_t)~(1u << c);
}

static void set_echo(player *p, int voices, int volume) {
  w(p, REG_EON, voices);
  p->echo_voices = voices;
  p->echo_volume = ramp_fixed(volume);
}

/* The echo buffer's first page: delay x 2 KiB ending where the song table starts. */
static int echo_page(int delay) { return (Z3_MUSIC_SONG_TABLE >> 8) - 8 * delay; }

/* echoparams: the delay, the feedback and the filter. The buffer ends where the
 * song table starts, as the game's driver places it. A new delay leaves the
 * old buffer's bytes in place, so, like the driver, the player keeps echo
 * output and feedback at zero until the new buffer has been written over once.
 * The filter comes from the ROM's driver; with none to read, the pass-through
 * filter stays. */
static void set_echo_params(player *p, const z3_music_seq_event *e) {
  int delay = e->value & 0x0F;
  if (!p->known[REG_EDL] || p->shadow[REG_EDL] != delay) p->echo_quiet_until = p->frames + FRAMES_PER_DELAY * (delay + 1);
  w(p, REG_EDL, delay);
  w(p, REG_ESA, echo_page(delay));
  p->feedback = (int8_t)e->value2;
  int8_t fir[8];
  if (!z3_music_echo_filter(p->img, e->value3, fir)) return;
  for (int i = 0; i < 8; i++) w(p, (uint8_t)(REG_FIR0 | i << 4), fir[i]);
}

static void set_bend(bend *b, const z3_music_seq_event *e, int semis, int dir) {
  *b = (bend){.delay = e->value, .len = e->value2, .semis = semis, .dir = dir, .from = b->from};
}

static void apply(player *p, const z3_music_seq_event *e) {
  voice_state *v = &p->v[e->channel & 7];
  switch (e->kind) {
    case Z3_SEQ_NOTE: key_on(p, e); break;
    case Z3_SEQ_TEMPO: ramp_to(&p->tempo, e->tick, e->value ? e->value : 1, e->ramp); break;
    case Z3_SEQ_VOLUME: ramp_to(&v->volume, e->tick, e->value, e->ramp); break;
    case Z3_SEQ_PAN: ramp_to(&v->pan, e->tick, clamp(e->value, 0, 20), e->ramp); break;
    case Z3_SEQ_MASTER_VOLUME: ramp_to(&p->master, e->tick, e->value, e->ramp); break;
    case Z3_SEQ_ECHO: set_echo(p, e->value, e->value2); break;
    case Z3_SEQ_ECHO_VOLUME: ramp_to(&p->echo_volume, e->tick, e->value, e->ramp); break;
    case Z3_SEQ_VIBRATO: v->vibrato = (lfo){e->value, e->value2, e->value3}; break;
    case Z3_SEQ_VIBRATO_FADE: v->vibrato_fade = e->value; break;
    case Z3_SEQ_TREMOLO: v->tremolo = (lfo){e->value, e->value2, e->value3}; break;
    case Z3_SEQ_PITCH_ENV: set_bend(&v->env, e, e->value3, e->key); break;
    case Z3_SEQ_SLIDE:
      set_bend(&v->slide, e, e->key - v->key, 1);
      v->slide.from = e->tick;
      break;
    case Z3_SEQ_TUNE: v->tune = e->value; break;
    case Z3_SEQ_ECHO_PARAMS: set_echo_params(p, e); break;
    case Z3_SEQ_INSTRUMENT: break; /* read with each note */
  }
}

/* This tick's pitch of every keyed voice, volumes and echo volume. */
static void update(player *p) {
  for (int c = 0; c < 8; c++) {
    if (p->v[c].keyed) set_pitch(p, c);
    set_volume(p, c);
  }
  bool quiet = p->frames < p->echo_quiet_until;
  int echo = quiet ? 0 : clamp((int)ramp_at(&p->echo_volume, p->tick), 0, 127);
  w(p, REG_EVOL_L, echo), w(p, REG_EVOL_R, echo);
  w(p, REG_EFB, quiet ? 0 : p->feedback);
  w(p, REG_FLG, p->echo_voices || quiet ? 0 : FLG_ECHO_OFF);
}

static void reset(player *p) {
  w(p, REG_FLG, FLG_ECHO_OFF);
  w(p, REG_DIR, Z3_MUSIC_SAMPLE_DIR >> 8);
  w(p, REG_MVOL_L, 0x60), w(p, REG_MVOL_R, 0x60);
  w(p, REG_EVOL_L, 0), w(p, REG_EVOL_R, 0);
  w(p, REG_KOFF, 0), w(p, REG_PMON, 0), w(p, REG_NON, 0), w(p, REG_EON, 0);
  w(p, REG_ESA, echo_page(ECHO_DELAY)), w(p, REG_EDL, ECHO_DELAY), w(p, REG_EFB, 0);
  p->feedback = DEFAULT_FEEDBACK, p->echo_quiet_until = FRAMES_PER_DELAY * (ECHO_DELAY + 1);
  for (int i = 0; i < 8; i++) w(p, (uint8_t)(REG_FIR0 | i << 4), i == 0 ? 0x7F : 0);
  for (int c = 0; c < 8; c++) p->v[c] = (voice_state){.volume = ramp_fixed(255), .pan = ramp_fixed(10), .velocity = 255};
  p->master = ramp_fixed(255), p->tempo = ramp_fixed(DEFAULT_TEMPO), p->echo_volume = ramp_fixed(0);
}

z3_status z3_music_play(const z3_music_image *img, const z3_music_seq *seq, double seconds, const z3_music_dsp_sink *sink,
                        z3_error *err) {
  player *p = z3_calloc(1, sizeof *p);
  if (!p) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  p->img = img, p->sink = sink;
  reset(p);
  size_t idx = 0;
  double due = 0;
  uint64_t total = 0, done = 0;
  bool until_end = seconds <= 0;
  if (!until_end) total = (uint64_t)(seconds * 32000);
  z3_status st = Z3_OK;
  for (;;) {
    p->kon = 0, p->koff = 0;
    for (int c = 0; c < 8; c++)
      if (p->v[c].sounding && p->v[c].off_tick <= p->tick) p->koff |= (uint8_t)(1u << c), p->v[c].sounding = false;
    for (; idx < seq->count && seq->events[idx].tick <= p->tick; idx++) apply(p, &seq->events[idx]);
    p->frames = done;
    update(p);
    w(p, REG_KOFF, p->koff);
    w(p, REG_KON, p->kon);
    if (until_end && p->tick == seq->end_tick) total = done + 32000; /* a second for the last notes to fade */
    due += 32000.0 / z3_music_ticks_per_second((int)(ramp_at(&p->tempo, p->tick) + 0.5));
    uint64_t frames = (uint64_t)due;
    due -= (double)frames;
    if (total && frames > total - done) frames = total - done;
    if (total && done >= total) break;
    st = sink->render(sink->data, (size_t)frames, err);
    if (st) break;
    done += frames;
    p->tick++;
  }
  z3_free(p);
  return st;
}
