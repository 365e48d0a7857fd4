/*
 * The song walker: plays a song's order list, patterns and tracks the way the
 * N-SPC format's documented semantics say, and records what happens as timed
 * events (notes with their gate, tempo, instrument, volume, pan, echo) for
 * the MIDI writer and the player. Our own sequencer, not the game's driver.
 *
 * Semantics kept: a pattern lasts until channel 0's track ends; a duration
 * byte holds for every later note of the channel; a note sounds for its
 * duration scaled by the quantisation and is loudened by the velocity (the
 * driver's two tables are not used: q0-q7 map to (q+1)/8 of the duration,
 * v0-v15 to (v+1)/16 of full volume); ties lengthen the sounding note;
 * subroutines play their track `count` times; repeats jump `count` times;
 * fades are recorded where they start, with their length (`ramp`), and the
 * effects (vibrato, tremolo, pitch envelopes, slides, tuning) as events the
 * player turns into per-tick changes. A slide ($F9) right after a note
 * belongs to that note, as in the driver, so it is read with it.
 */
#include <string.h>

#include "zelda3/music.h"

enum { MAX_EVENTS = 1 << 20, MAX_TICKS = 1 << 24, PATTERN_TICKS = 1 << 16, PERCUSSION_KEY = 36 };

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

double z3_music_ticks_per_second(int tempo) { return (tempo ? tempo : 1) * 500.0 / 256.0; }

typedef struct channel {
  bool active;
  uint32_t ptr;
  uint32_t sub_start, ret;
  int sub_left;           /* plays of the subroutine still to come; 0 = not in one */
  uint32_t wait;          /* ticks until the next read */
  int dur, quant, vel;
  int transpose, inst;
  long last_note;         /* event index of the sounding note, -1 none */
} channel;

typedef struct walker {
  const uint8_t *ram;
  z3_music_seq *seq;
  channel ch[8];
  uint32_t tick;
  int transpose, perc_base;
  bool full;              /* the event or tick limit is reached: the walk stops there */
  z3_error *err;
} walker;

static z3_status push(walker *w, z3_music_seq_event ev) {
  z3_music_seq *s = w->seq;
  if (s->count == MAX_EVENTS) {
    w->full = true;
    return Z3_OK;
  }
  if (s->count == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 256;
    z3_music_seq_event *n = z3_realloc(s->events, cap * sizeof *n);
    if (!n) return z3_error_set(w->err, Z3_E_NOMEM, "out of memory");
    s->events = n, s->cap = cap;
  }
  s->events[s->count++] = ev;
  return Z3_OK;
}

static z3_status value_event(walker *w, int c, z3_music_seq_kind kind, int value, int value2, uint32_t ramp) {
  return push(w, (z3_music_seq_event){.tick = w->tick, .channel = (uint8_t)c, .kind = kind, .value = value,
                                      .value2 = value2, .ramp = ramp});
}

/* The three-parameter effects: delay, rate or length, depth or semitones. */
static z3_status effect_event(walker *w, int c, z3_music_seq_kind kind, const uint8_t *p, int value3, int key) {
  return push(w, (z3_music_seq_event){.tick = w->tick, .channel = (uint8_t)c, .kind = kind, .value = p[0],
                                      .value2 = p[1], .value3 = value3, .key = key});
}

static uint32_t gate_of(const channel *c) {
  uint32_t g = (uint32_t)c->dur * (uint32_t)(c->quant + 1) / 8;
  return g ? g : 1;
}

static z3_status sound(walker *w, int c, int key, int inst) {
  channel *ch = &w->ch[c];
  ch->last_note = w->full ? -1 : (long)w->seq->count;
  return push(w, (z3_music_seq_event){.tick = w->tick, .channel = (uint8_t)c, .kind = Z3_SEQ_NOTE, .key = key,
                                      .instrument = inst, .gate = gate_of(ch), .value = (ch->vel + 1) * 16 - 1});
}

static z3_status command(walker *w, int c, const z3_music_event *ev) {
  channel *ch = &w->ch[c];
  const uint8_t *p = ev->params;
  switch (ev->op) {
    case 0xE0: ch->inst = p[0]; return value_event(w, c, Z3_SEQ_INSTRUMENT, p[0], 0, 0);
    case 0xE1: return value_event(w, c, Z3_SEQ_PAN, p[0] & 0x1F, 0, 0);
    case 0xE2: return value_event(w, c, Z3_SEQ_PAN, p[1] & 0x1F, 0, p[0]);
    case 0xE5: return value_event(w, c, Z3_SEQ_MASTER_VOLUME, p[0], 0, 0);
    case 0xE6: return value_event(w, c, Z3_SEQ_MASTER_VOLUME, p[1], 0, p[0]);
    case 0xE7: return value_event(w, c, Z3_SEQ_TEMPO, p[0], 0, 0);
    case 0xE8: return value_event(w, c, Z3_SEQ_TEMPO, p[1], 0, p[0]);
    case 0xE9: w->transpose = (int8_t)p[0]; return Z3_OK;
    case 0xEA: ch->transpose = (int8_t)p[0]; return Z3_OK;
    case 0xED: return value_event(w, c, Z3_SEQ_VOLUME, p[0], 0, 0);
    case 0xEE: return value_event(w, c, Z3_SEQ_VOLUME, p[1], 0, p[0]);
    case 0xF5: return value_event(w, c, Z3_SEQ_ECHO, p[0], (p[1] + p[2]) / 2, 0);
    case 0xF6: return value_event(w, c, Z3_SEQ_ECHO, 0, 0, 0);
    case 0xF7: return effect_event(w, c, Z3_SEQ_ECHO_PARAMS, p, p[2], 0);
    case 0xF8: return value_event(w, c, Z3_SEQ_ECHO_VOLUME, (p[1] + p[2]) / 2, 0, p[0]);
    case 0xE3: return effect_event(w, c, Z3_SEQ_VIBRATO, p, p[2], 0);
    case 0xE4: return effect_event(w, c, Z3_SEQ_VIBRATO, (const uint8_t[3]){0}, 0, 0);
    case 0xF0: return value_event(w, c, Z3_SEQ_VIBRATO_FADE, p[0], 0, 0);
    case 0xEB: return effect_event(w, c, Z3_SEQ_TREMOLO, p, p[2], 0);
    case 0xEC: return effect_event(w, c, Z3_SEQ_TREMOLO, (const uint8_t[3]){0}, 0, 0);
    case 0xF1: return effect_event(w, c, Z3_SEQ_PITCH_ENV, p, (int8_t)p[2], 1);
    case 0xF2: return effect_event(w, c, Z3_SEQ_PITCH_ENV, p, (int8_t)p[2], -1);
    case 0xF3: return effect_event(w, c, Z3_SEQ_PITCH_ENV, (const uint8_t[3]){0}, 0, 0);
    case 0xF4: return value_event(w, c, Z3_SEQ_TUNE, p[0], 0, 0);
    case 0xF9: return effect_event(w, c, Z3_SEQ_SLIDE, p, 0, (p[2] & 0x7F) + w->transpose + ch->transpose);
    case 0xFA: w->perc_base = p[0]; return Z3_OK;
    case 0xEF:
      if (ch->sub_left) return Z3_OK; /* the format has no nested calls */
      ch->ret = ch->ptr, ch->sub_start = rd16(p), ch->ptr = ch->sub_start, ch->sub_left = p[2] ? p[2] : 1;
      return Z3_OK;
    default: return Z3_OK;
  }
}

/* A slide command right after a note bends that note from its key-on. */
static z3_status slide_of_note(walker *w, int c) {
  z3_music_event ev;
  channel *ch = &w->ch[c];
  if (!z3_music_event_decode(w->ram, ch->ptr, &ev) || ev.kind != Z3_EV_COMMAND || ev.op != 0xF9) return Z3_OK;
  ch->ptr += ev.size;
  return command(w, c, &ev);
}

/* Reads channel c's events up to its next note, tie or rest; *pattern_end when channel 0 ends. */
static z3_status read_channel(walker *w, int c, bool *pattern_end) {
  channel *ch = &w->ch[c];
  z3_music_event ev;
  for (int guard = 0; guard < 0x10000; guard++) {
    if (!z3_music_event_decode(w->ram, ch->ptr, &ev)) ev.kind = Z3_EV_END, ev.size = 1;
    ch->ptr += ev.size;
    z3_status st = Z3_OK;
    switch (ev.kind) {
      case Z3_EV_END:
        if (ch->sub_left) {
          ch->ptr = --ch->sub_left ? ch->sub_start : ch->ret;
          continue;
        }
        ch->active = false;
        if (c == 0) *pattern_end = true;
        return Z3_OK;
      case Z3_EV_DURATION:
        ch->dur = ev.op;
        if (ev.has_qv) ch->quant = (ev.params[0] >> 4) & 7, ch->vel = ev.params[0] & 15;
        continue;
      case Z3_EV_COMMAND: st = command(w, c, &ev); break;
      case Z3_EV_NOTE:
        st = sound(w, c, ev.op - 0x80 + w->transpose + ch->transpose, ch->inst);
        if (st == Z3_OK) st = slide_of_note(w, c);
        break;
      case Z3_EV_PERCUSSION: st = sound(w, c, PERCUSSION_KEY, w->perc_base + ev.op - 0xCA); break;
      case Z3_EV_TIE:
        if (ch->last_note >= 0) {
          z3_music_seq_event *n = &w->seq->events[ch->last_note];
          n->gate = w->tick - n->tick + gate_of(ch);
        }
        break;
      case Z3_EV_REST: ch->last_note = -1; break;
    }
    if (st) return st;
    if (ev.kind != Z3_EV_COMMAND) {
      ch->wait = (uint32_t)(ch->dur ? ch->dur : 1);
      return Z3_OK;
    }
  }
  ch->active = false;
  return Z3_OK;
}

static z3_status play_pattern(walker *w, uint16_t pattern) {
  for (int c = 0; c < 8; c++) {
    channel *ch = &w->ch[c];
    uint16_t t = rd16(w->ram + pattern + 2 * c);
    ch->active = t != 0, ch->ptr = t, ch->wait = 0, ch->sub_left = 0, ch->ret = 0, ch->last_note = -1;
  }
  for (uint32_t n = 0; n < PATTERN_TICKS; n++) {
    bool end = false, any = false;
    for (int c = 0; c < 8 && !end; c++) {
      if (!w->ch[c].active || w->ch[c].wait) continue;
      z3_status st = read_channel(w, c, &end);
      if (st) return st;
    }
    if (end || w->full) return Z3_OK;
    for (int c = 0; c < 8; c++) {
      if (!w->ch[c].active) continue;
      any = true;
      w->ch[c].wait--;
    }
    if (!any) return Z3_OK;
    if (++w->tick >= MAX_TICKS) w->full = true;
  }
  return Z3_OK;
}

z3_status z3_music_seq_build(const z3_music_image *img, const z3_music_song *song, int loops, z3_music_seq *out,
                             z3_error *err) {
  memset(out, 0, sizeof *out);
  walker w = {.ram = img->ram, .seq = out, .err = err};
  for (int c = 0; c < 8; c++) w.ch[c].dur = 1, w.ch[c].quant = 7, w.ch[c].vel = 15, w.ch[c].last_note = -1;
  uint32_t at = song->addr;
  int counter = 0, jumps = 0;
  z3_status st = Z3_OK;
  for (int guard = 0; st == Z3_OK && !w.full && guard < 1 << 16 && at + 2 <= 0x10000; guard++) {
    uint16_t word = rd16(img->ram + at);
    at += 2;
    if (word == 0) break;
    if (word >= 0x100) {
      st = play_pattern(&w, word);
      continue;
    }
    uint16_t target = at + 2 <= 0x10000 ? rd16(img->ram + at) : 0;
    at += 2;
    if (word >= 0x80) {
      if (jumps++ >= loops) {
        out->looped = true;
        break;
      }
      at = target;
      continue;
    }
    counter = counter ? counter - 1 : word;
    if (counter) at = target;
  }
  out->end_tick = w.tick;
  out->truncated = w.full;
  if (st) z3_music_seq_release(out);
  return st;
}

void z3_music_seq_release(z3_music_seq *seq) {
  z3_free(seq->events);
  memset(seq, 0, sizeof *seq);
}
