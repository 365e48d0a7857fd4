/*
 * The player: a walked song (music_seq.c) rendered through an S-DSP the
 * caller owns. Our own small driver: channel n plays on voice n; each song
 * tick it keys notes on and off and sets the voice's sample, envelope,
 * pitch and volume, then lets the DSP run for the tick's share of 32 kHz.
 * The game's sound driver is not used.
 */
#include <string.h>

#include "zelda3/music.h"

enum {
  REG_MVOL_L = 0x0C, REG_MVOL_R = 0x1C, REG_EVOL_L = 0x2C, REG_EVOL_R = 0x3C, REG_KON = 0x4C, REG_KOFF = 0x5C,
  REG_FLG = 0x6C, REG_EFB = 0x0D, REG_PMON = 0x2D, REG_NON = 0x3D, REG_EON = 0x4D, REG_DIR = 0x5D, REG_ESA = 0x6D,
  REG_EDL = 0x7D, REG_FIR0 = 0x0F,
  FLG_ECHO_OFF = 0x20,
  KEY_C5 = 48, PITCH_C5 = 0x085F, /* C5 ($B0) plays a 32-frame period at 523 Hz */
  ECHO_PAGE = 0xF0, ECHO_DELAY = 2, DEFAULT_TEMPO = 48,
};

/* 2^(i/12) in 16.16 fixed point: equal temperament without libm. */
static const uint32_t semitone_ratio[12] = {65536, 69433, 73562, 77936, 82570, 87480,
                                            92682, 98193, 104032, 110218, 116772, 123715};

uint16_t z3_music_pitch(int key, uint16_t mult) {
  int rel = key - KEY_C5, octave = rel >= 0 ? rel / 12 : -((-rel + 11) / 12), semi = rel - 12 * octave;
  uint64_t p = (uint64_t)PITCH_C5 * semitone_ratio[semi] * (mult ? mult : 0x100); /* << 16 << 8 */
  p = octave >= 0 ? (octave > 8 ? UINT64_MAX : p << octave) : p >> (-octave > 40 ? 40 : -octave);
  p >>= 24;
  return (uint16_t)(p < 1 ? 1 : p > 0x3FFF ? 0x3FFF : p);
}

typedef struct voice_state {
  int volume, pan, velocity;
  uint32_t off_tick;
  bool sounding;
} voice_state;

typedef struct player {
  const z3_music_image *img;
  const z3_music_dsp_sink *sink;
  voice_state v[8];
  int master, tempo;
  uint8_t kon, koff;
  uint32_t tick;
} player;

static void w(player *p, uint8_t reg, int value) { p->sink->write(p->sink->data, reg, (uint8_t)value); }

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* VOL L/R from the channel's volume, the note's velocity, the master volume and pan (0 right .. 20 left). */
static void set_volume(player *p, int c) {
  const voice_state *v = &p->v[c];
  double amp = v->volume / 255.0 * v->velocity / 255.0 * p->master / 255.0;
  int left = clamp(v->pan, 0, 20), right = 20 - left; /* each side full up to the centre, then falling */
  w(p, (uint8_t)(c << 4 | 0), clamp((int)(127 * amp * (left >= 10 ? 1.0 : left / 10.0)), 0, 127));
  w(p, (uint8_t)(c << 4 | 1), clamp((int)(127 * amp * (right >= 10 ? 1.0 : right / 10.0)), 0, 127));
}

static void key_on(player *p, const z3_music_seq_event *e) {
  int c = e->channel & 7;
  z3_music_instrument in;
  z3_music_instrument_get(p->img, e->instrument, &in);
  uint16_t pitch = z3_music_pitch(e->key, in.pitch_mult);
  w(p, (uint8_t)(c << 4 | 2), pitch & 0xFF);
  w(p, (uint8_t)(c << 4 | 3), pitch >> 8);
  w(p, (uint8_t)(c << 4 | 4), in.sample);
  w(p, (uint8_t)(c << 4 | 5), in.adsr1);
  w(p, (uint8_t)(c << 4 | 6), in.adsr2);
  w(p, (uint8_t)(c << 4 | 7), in.gain);
  p->v[c].velocity = e->value;
  set_volume(p, c);
  p->v[c].off_tick = e->tick + e->gate;
  p->v[c].sounding = true;
  p->kon |= (uint8_t)(1u << c);
  p->koff &= (uint8_t)~(1u << c);
}

static void echo(player *p, int voices, int volume) {
  w(p, REG_EON, voices);
  w(p, REG_EVOL_L, clamp(volume, 0, 127));
  w(p, REG_EVOL_R, clamp(volume, 0, 127));
  w(p, REG_FLG, voices ? 0 : FLG_ECHO_OFF);
}

static void apply(player *p, const z3_music_seq_event *e) {
  int c = e->channel & 7;
  switch (e->kind) {
    case Z3_SEQ_NOTE: key_on(p, e); break;
    case Z3_SEQ_TEMPO: p->tempo = e->value ? e->value : 1; break;
    case Z3_SEQ_VOLUME: p->v[c].volume = e->value, set_volume(p, c); break;
    case Z3_SEQ_PAN: p->v[c].pan = e->value, set_volume(p, c); break;
    case Z3_SEQ_MASTER_VOLUME:
      p->master = e->value;
      for (int i = 0; i < 8; i++) set_volume(p, i);
      break;
    case Z3_SEQ_ECHO: echo(p, e->value, e->value2); break;
    case Z3_SEQ_INSTRUMENT: break; /* read with each note */
  }
}

static void reset(player *p) {
  w(p, REG_FLG, FLG_ECHO_OFF);
  w(p, REG_DIR, Z3_MUSIC_SAMPLE_DIR >> 8);
  w(p, REG_MVOL_L, 0x60), w(p, REG_MVOL_R, 0x60);
  w(p, REG_EVOL_L, 0), w(p, REG_EVOL_R, 0);
  w(p, REG_KOFF, 0), w(p, REG_PMON, 0), w(p, REG_NON, 0), w(p, REG_EON, 0);
  w(p, REG_ESA, ECHO_PAGE), w(p, REG_EDL, ECHO_DELAY), w(p, REG_EFB, 0x40);
  for (int i = 0; i < 8; i++) w(p, (uint8_t)(REG_FIR0 | i << 4), i == 0 ? 0x7F : 0);
  for (int c = 0; c < 8; c++) p->v[c] = (voice_state){.volume = 255, .pan = 10, .velocity = 255};
  p->master = 255, p->tempo = DEFAULT_TEMPO;
}

z3_status z3_music_play(const z3_music_image *img, const z3_music_seq *seq, double seconds, const z3_music_dsp_sink *sink,
                        z3_error *err) {
  player p = {.img = img, .sink = sink};
  reset(&p);
  size_t idx = 0;
  double due = 0;
  uint64_t total = 0, done = 0;
  bool until_end = seconds <= 0;
  if (!until_end) total = (uint64_t)(seconds * 32000);
  for (;;) {
    p.kon = 0, p.koff = 0;
    for (int c = 0; c < 8; c++)
      if (p.v[c].sounding && p.v[c].off_tick <= p.tick) p.koff |= (uint8_t)(1u << c), p.v[c].sounding = false;
    for (; idx < seq->count && seq->events[idx].tick <= p.tick; idx++) apply(&p, &seq->events[idx]);
    w(&p, REG_KOFF, p.koff);
    w(&p, REG_KON, p.kon);
    if (until_end && p.tick == seq->end_tick) total = done + 32000; /* a second for the last notes to fade */
    due += 32000.0 / z3_music_ticks_per_second(p.tempo);
    uint64_t frames = (uint64_t)due;
    due -= (double)frames;
    if (total && frames > total - done) frames = total - done;
    if (total && done >= total) break;
    z3_status st = sink->render(sink->data, (size_t)frames, err);
    if (st) return st;
    done += frames;
    p.tick++;
  }
  return Z3_OK;
}
