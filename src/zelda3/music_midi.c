/*
 * A walked song (music_seq.c) as a Standard MIDI File: format 1, 48 ticks a
 * quarter note (the N-SPC convention, so song ticks are MIDI ticks), track 0
 * the tempo map, tracks 1-8 the song's channels on MIDI channels 1-8 with
 * program (instrument number), volume (CC 7), pan (CC 10) and notes. N-SPC
 * key $80 (C1) is MIDI key 24; pan 0 (right) .. 20 (left) becomes 127 .. 0.
 * A fade's value is written where the fade ends; vibrato, tremolo and pitch
 * effects are left out (General MIDI has no portable form for them).
 */
#include <stdlib.h>
#include <string.h>

#include "zelda3/music.h"

enum { DIVISION = 48, MIDI_KEY_C1 = 24 };

typedef struct mev {
  uint32_t tick;
  uint8_t order; /* at one tick: note-offs first, then controls, then note-ons */
  uint8_t bytes[6];
  uint8_t len;
} mev;

typedef struct mlist {
  mev *v;
  size_t n, cap;
} mlist;

static z3_status add(mlist *l, uint32_t tick, uint8_t order, const uint8_t *b, uint8_t len, z3_error *err) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 256;
    mev *v = z3_realloc(l->v, cap * sizeof *v);
    if (!v) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    l->v = v, l->cap = cap;
  }
  mev *e = &l->v[l->n++];
  e->tick = tick, e->order = order, e->len = len;
  memcpy(e->bytes, b, len);
  return Z3_OK;
}

static int cmp_mev(const void *a, const void *b) {
  const mev *x = a, *y = b;
  if (x->tick != y->tick) return x->tick < y->tick ? -1 : 1;
  return (int)x->order - (int)y->order;
}

static z3_status put_vlq(z3_buf *out, uint32_t v, z3_error *err) {
  uint8_t b[5];
  int n = 0;
  b[n++] = (uint8_t)(v & 0x7F);
  while (v >>= 7) b[n++] = (uint8_t)(0x80 | (v & 0x7F));
  z3_status st = Z3_OK;
  while (n-- > 0 && st == Z3_OK) st = z3_buf_push(out, b[n], err);
  return st;
}

static z3_status put_be(z3_buf *out, uint32_t v, int bytes, z3_error *err) {
  z3_status st = Z3_OK;
  for (int i = bytes - 1; i >= 0 && st == Z3_OK; i--) st = z3_buf_push(out, (uint8_t)(v >> (8 * i)), err);
  return st;
}

/* One MTrk chunk from events (sorted here), ended by end-of-track. */
static z3_status put_track(z3_buf *out, mlist *l, z3_error *err) {
  if (l->n) qsort(l->v, l->n, sizeof *l->v, cmp_mev); /* not stable, but (tick, order) ties are independent events */
  z3_buf body;
  z3_buf_init(&body);
  uint32_t last = 0;
  z3_status st = Z3_OK;
  for (size_t i = 0; st == Z3_OK && i < l->n; i++) {
    st = put_vlq(&body, l->v[i].tick - last, err);
    last = l->v[i].tick;
    if (st == Z3_OK) st = z3_buf_append(&body, l->v[i].bytes, l->v[i].len, err);
  }
  if (st == Z3_OK) st = z3_buf_append(&body, (const uint8_t[]){0x00, 0xFF, 0x2F, 0x00}, 4, err);
  if (st == Z3_OK) st = z3_buf_append(out, "MTrk", 4, err);
  if (st == Z3_OK) st = put_be(out, (uint32_t)body.len, 4, err);
  if (st == Z3_OK) st = z3_buf_append(out, body.data, body.len, err);
  z3_buf_release(&body);
  return st;
}

static uint8_t clamp7(int v) { return (uint8_t)(v < 0 ? 0 : v > 127 ? 127 : v); }

static z3_status channel_event(mlist *l, const z3_music_seq_event *e, z3_error *err) {
  uint8_t c = e->channel & 15;
  switch (e->kind) {
    case Z3_SEQ_NOTE: {
      uint8_t key = clamp7(e->key + MIDI_KEY_C1), vel = clamp7(e->value / 2);
      z3_status st = add(l, e->tick, 2, (const uint8_t[]){(uint8_t)(0x90 | c), key, vel ? vel : 1}, 3, err);
      if (st == Z3_OK) st = add(l, e->tick + e->gate, 0, (const uint8_t[]){(uint8_t)(0x80 | c), key, 0}, 3, err);
      return st;
    }
    case Z3_SEQ_INSTRUMENT: return add(l, e->tick, 1, (const uint8_t[]){(uint8_t)(0xC0 | c), clamp7(e->value)}, 2, err);
    case Z3_SEQ_VOLUME:
      return add(l, e->tick + e->ramp, 1, (const uint8_t[]){(uint8_t)(0xB0 | c), 7, clamp7(e->value / 2)}, 3, err);
    case Z3_SEQ_PAN:
      return add(l, e->tick + e->ramp, 1, (const uint8_t[]){(uint8_t)(0xB0 | c), 10, clamp7((20 - e->value) * 127 / 20)}, 3, err);
    default: return Z3_OK;
  }
}

static z3_status tempo_event(mlist *l, const z3_music_seq_event *e, z3_error *err) {
  double tps = z3_music_ticks_per_second(e->value);
  uint32_t us = (uint32_t)(DIVISION / tps * 1e6);
  if (us > 0xFFFFFF) us = 0xFFFFFF;
  const uint8_t meta[] = {0xFF, 0x51, 0x03, (uint8_t)(us >> 16), (uint8_t)(us >> 8), (uint8_t)us};
  return add(l, e->tick + e->ramp, 1, meta, 6, err);
}

z3_status z3_music_midi_write(const z3_music_seq *seq, z3_buf *out, z3_error *err) {
  mlist lists[9];
  memset(lists, 0, sizeof lists);
  z3_status st = Z3_OK;
  for (size_t i = 0; st == Z3_OK && i < seq->count; i++) {
    const z3_music_seq_event *e = &seq->events[i];
    st = e->kind == Z3_SEQ_TEMPO ? tempo_event(&lists[0], e, err) : channel_event(&lists[1 + (e->channel & 7)], e, err);
  }
  out->len = 0;
  if (st == Z3_OK) st = z3_buf_append(out, "MThd", 4, err);
  if (st == Z3_OK) st = put_be(out, 6, 4, err);
  if (st == Z3_OK) st = put_be(out, 1, 2, err);
  if (st == Z3_OK) st = put_be(out, 9, 2, err);
  if (st == Z3_OK) st = put_be(out, DIVISION, 2, err);
  for (int t = 0; st == Z3_OK && t < 9; t++) st = put_track(out, &lists[t], err);
  for (int t = 0; t < 9; t++) z3_free(lists[t].v);
  return st;
}
