/* music export / import / play: songs as text, MIDI, WAV (zelda3/music.h, emu/dsp.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/wav.h"
#include "cmd/handlers.h"
#include "cmd/handlers_music.h"
#include "emu/dsp.h"
#include "zelda3/music.h"

enum { MUSIC_TEXT_MAX = 4 << 20, DSP_RATE = 32000 };

static z3_status ensure_folder(const z3_cmd_ctx *ctx, const char *dir, z3_error *err) {
  struct stat sb;
  if (stat(dir, &sb) == 0) return S_ISDIR(sb.st_mode) ? Z3_OK : z3_error_set(err, Z3_E_IO, "'%s' exists and is not a folder", dir);
  if (ctx->dry_run || mkdir(dir, 0755) == 0) return Z3_OK;
  return z3_error_set(err, Z3_E_IO, "cannot create folder '%s': %s", dir, strerror(errno));
}

/* Mono PCM as a stereo WAV at the DSP's rate. */
static z3_status pcm_wav(const z3_buf *pcm, z3_buf *out, z3_error *err) {
  size_t frames = pcm->len / 2;
  int16_t *st2 = z3_malloc(frames * 4 + 4);
  if (!st2) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  const int16_t *m = (const int16_t *)(const void *)pcm->data;
  for (size_t i = 0; i < frames; i++) st2[2 * i] = st2[2 * i + 1] = m[i];
  z3_status st = z3_wav_encode(out, st2, frames, DSP_RATE, err);
  z3_free(st2);
  return st;
}

/* The samples of the instruments the song's tracks select, one WAV each. */
static z3_status export_samples(z3_cmd_ctx *ctx, const z3_music_image *img, const z3_music_song *s, const char *dir,
                                z3_error *err) {
  bool used[256] = {false};
  z3_music_event ev;
  for (size_t i = 0; i < s->count; i++) {
    if (s->blocks[i].kind != Z3_MB_TRACK) continue;
    for (uint32_t at = s->blocks[i].addr; at < (uint32_t)s->blocks[i].addr + s->blocks[i].len; at += ev.size) {
      if (!z3_music_event_decode(img->ram, at, &ev) || ev.kind == Z3_EV_END) break;
      if (ev.op == 0xE0) used[ev.params[0]] = true;
      if (ev.op == 0xFA) used[ev.params[0]] = true;
    }
  }
  z3_status st = ensure_folder(ctx, dir, err);
  json_t *list = json_array();
  z3_buf pcm, wav;
  z3_buf_init(&pcm);
  z3_buf_init(&wav);
  for (int k = 0; st == Z3_OK && k < 256; k++) {
    if (!used[k]) continue;
    z3_music_instrument in;
    z3_music_instrument_get(img, k, &in);
    size_t loop = 0;
    st = z3_music_brr_decode(img->ram, in.sample, &pcm, &loop, err);
    if (st == Z3_OK) st = pcm_wav(&pcm, &wav, err);
    char path[4096];
    snprintf(path, sizeof path, "%s/instrument_%02d_sample_%02d.wav", dir, k, in.sample);
    if (st == Z3_OK) st = z3_cmd_write_file(ctx, path, wav.data, wav.len, err);
    if (st == Z3_OK)
      json_array_append_new(list, json_pack("{s:i, s:i, s:I, s:o}", "instrument", k, "sample", in.sample, "frames",
                                            (json_int_t)(pcm.len / 2), "loop_frame",
                                            loop == (size_t)-1 ? json_null() : json_integer((json_int_t)loop)));
  }
  z3_buf_release(&pcm);
  z3_buf_release(&wav);
  if (st == Z3_OK) json_object_set_new(ctx->result, "samples", list);
  else json_decref(list);
  return st;
}

z3_status cmd_music_export(z3_cmd_ctx *ctx, z3_error *err) {
  z3_music_image *img;
  z3_music_song s;
  z3_status st = z3_cmd__music_load(ctx, &img, &s, err);
  if (st) return st;
  const char *format = z3_arg_str(ctx, "format"), *out = z3_arg_str(ctx, "out");
  bool midi = format && !strcmp(format, "midi");
  z3_buf file;
  z3_buf_init(&file);
  if (midi) {
    z3_music_seq seq;
    st = z3_music_seq_build(img, &s, 0, &seq, err);
    if (st == Z3_OK) {
      st = z3_music_midi_write(&seq, &file, err);
      json_object_set_new(ctx->result, "ticks", json_integer(seq.end_tick));
      z3_music_seq_release(&seq);
    }
  } else st = z3_music_text_write(img, &s, &file, err);
  if (st == Z3_OK && out) st = z3_cmd_write_file(ctx, out, file.data, file.len, err);
  if (st == Z3_OK && z3_arg_str(ctx, "samples")) st = export_samples(ctx, img, &s, z3_arg_str(ctx, "samples"), err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "song", json_integer(s.id));
    json_object_set_new(ctx->result, "bank", json_string(z3_music_bank_names[img->bank]));
    json_object_set_new(ctx->result, "format", json_string(midi ? "midi" : "text"));
    json_object_set_new(ctx->result, "bytes", json_integer((json_int_t)file.len));
    if (!out && !midi) json_object_set_new(ctx->result, "text", json_stringn((const char *)file.data, file.len));
  }
  z3_buf_release(&file);
  z3_music_song_release(&s);
  z3_free(img);
  return st;
}

z3_status cmd_music_import(z3_cmd_ctx *ctx, z3_error *err) {
  int id = (int)z3_arg_int(ctx, "song");
  z3_music_bank_id bank;
  z3_status bst = z3_cmd__music_bank(ctx, id, &bank, err);
  if (bst) return bst;
  const char *path = z3_arg_str(ctx, "in");
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = z3_file_read(&text, path, MUSIC_TEXT_MAX, err);
  z3_music_import_report rep;
  if (st == Z3_OK) st = z3_music_import(ctx->rom, (z3_music_bank_id)bank, id, (const char *)text.data, text.len, &rep, err);
  if (st) z3_error_hint(err, "in '%s'", path);
  else {
    json_object_set_new(ctx->result, "song", json_integer(id));
    json_object_set_new(ctx->result, "bank", json_string(z3_music_bank_names[bank]));
    json_object_set_new(ctx->result, "address", z3_cmd__hex(rep.addr, 4));
    json_object_set_new(ctx->result, "bytes", json_integer((json_int_t)rep.bytes));
    json_object_set_new(ctx->result, "kept_addresses", json_boolean(rep.used_hints));
  }
  z3_buf_release(&text);
  return st;
}

/* ---- play: our S-DSP as the player's sink ---------------------------------- */

typedef struct render_sink {
  z3_dsp dsp;
  uint8_t *ram;
  int16_t *pcm;
  size_t frames, cap;
} render_sink;

static void sink_write(void *data, uint8_t reg, uint8_t value) { z3_dsp_write(&((render_sink *)data)->dsp, reg, value); }

static z3_status sink_render(void *data, size_t frames, z3_error *err) {
  render_sink *r = data;
  if (r->frames + frames > r->cap) {
    size_t cap = r->cap ? r->cap : DSP_RATE;
    while (cap < r->frames + frames) cap *= 2;
    int16_t *n = z3_realloc(r->pcm, cap * 4);
    if (!n) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    r->pcm = n, r->cap = cap;
  }
  for (size_t i = 0; i < frames; i++) z3_dsp_sample(&r->dsp, r->pcm + 2 * (r->frames + i));
  r->frames += frames;
  return Z3_OK;
}

/* The echo filters the song selects that the ROM's sound program does not hold. */
static json_t *missing_filters(const z3_music_image *img, const z3_music_seq *seq) {
  json_t *out = json_array();
  bool seen[256] = {false};
  for (size_t i = 0; i < seq->count; i++) {
    const z3_music_seq_event *e = &seq->events[i];
    int8_t fir[8];
    if (e->kind != Z3_SEQ_ECHO_PARAMS || seen[e->value3 & 0xFF]) continue;
    seen[e->value3 & 0xFF] = true;
    if (z3_music_echo_filter(img, e->value3, fir)) continue;
    char text[160];
    snprintf(text, sizeof text, "echo filter %d (tick %u): not in the ROM's sound program, so the pass-through "
             "filter is played", e->value3, e->tick);
    json_array_append_new(out, json_string(text));
  }
  return out;
}

z3_status cmd_music_play(z3_cmd_ctx *ctx, z3_error *err) {
  z3_music_image *img;
  z3_music_song s;
  z3_status st = z3_cmd__music_load(ctx, &img, &s, err);
  if (st) return st;
  double seconds = z3_arg_given(ctx, "seconds") ? (double)z3_arg_int(ctx, "seconds") : 0;
  render_sink *r = z3_calloc(1, sizeof *r);
  uint8_t *ram = z3_malloc(0x10000);
  z3_music_seq seq;
  memset(&seq, 0, sizeof seq);
  if (!r || !ram) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_music_seq_build(img, &s, 0, &seq, err);
  if (st == Z3_OK && seconds > 0 && seq.looped) { /* enough passes for the time asked at the fastest tempo */
    double passes = seconds * z3_music_ticks_per_second(255) / (seq.end_tick ? seq.end_tick : 1) + 2;
    z3_music_seq_release(&seq);
    st = z3_music_seq_build(img, &s, passes > 1e6 ? 1000000 : (int)passes, &seq, err);
  }
  if (st == Z3_OK) {
    memcpy(ram, img->ram, 0x10000);
    z3_dsp_power_on(&r->dsp, ram);
    z3_music_dsp_sink sink = {.write = sink_write, .render = sink_render, .data = r};
    st = z3_music_play(img, &seq, seconds, &sink, err);
  }
  z3_buf wav;
  z3_buf_init(&wav);
  if (st == Z3_OK) st = z3_wav_encode(&wav, r->pcm, r->frames, DSP_RATE, err);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), wav.data, wav.len, err);
  if (st == Z3_OK) {
    int peak = 0;
    for (size_t i = 0; i < 2 * r->frames; i++) peak = r->pcm[i] > peak ? r->pcm[i] : -r->pcm[i] > peak ? -r->pcm[i] : peak;
    json_object_set_new(ctx->result, "song", json_integer(s.id));
    json_object_set_new(ctx->result, "bank", json_string(z3_music_bank_names[img->bank]));
    json_object_set_new(ctx->result, "frames", json_integer((json_int_t)r->frames));
    json_object_set_new(ctx->result, "seconds", json_real((double)r->frames / DSP_RATE));
    json_object_set_new(ctx->result, "rate", json_integer(DSP_RATE));
    json_object_set_new(ctx->result, "peak", json_integer(peak));
    json_object_set_new(ctx->result, "loops", json_boolean(seq.looped));
    json_object_set_new(ctx->result, "warnings", missing_filters(img, &seq));
  }
  z3_buf_release(&wav);
  z3_music_seq_release(&seq);
  if (r) z3_free(r->pcm);
  z3_free(r);
  z3_free(ram);
  z3_music_song_release(&s);
  z3_free(img);
  return st;
}
