/* music list / info / export / import / play: ALttP's songs (zelda3/music.h). */
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_music.h"
#include "zelda3/entrance.h"

z3_status z3_cmd__music_bank(z3_cmd_ctx *ctx, int song, z3_music_bank_id *bank, z3_error *err) {
  int choice = z3_arg_choice(ctx, "bank");
  if (choice >= 0) {
    *bank = (z3_music_bank_id)choice;
    return Z3_OK;
  }
  int found = z3_music_find_bank(ctx->rom, song);
  if (found < 0) {
    z3_error_set(err, Z3_E_NOT_FOUND, "no sound bank of the ROM has a song %d", song);
    z3_error_hint(err, "'z3ed music list' shows the songs of every bank");
    return Z3_E_NOT_FOUND;
  }
  *bank = (z3_music_bank_id)found;
  return Z3_OK;
}

z3_status z3_cmd__music_load(z3_cmd_ctx *ctx, z3_music_image **img, z3_music_song *song, z3_error *err) {
  int id = (int)z3_arg_int(ctx, "song");
  z3_music_bank_id bank;
  *img = NULL;
  z3_status st = z3_cmd__music_bank(ctx, id, &bank, err);
  if (st) return st;
  *img = z3_malloc(sizeof **img);
  if (!*img) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  st = z3_music_image_load(ctx->rom, bank, *img, err);
  if (st == Z3_OK) st = z3_music_song_read(*img, id, song, err);
  if (st) {
    z3_free(*img);
    *img = NULL;
  }
  return st;
}

static json_t *song_summary(const z3_music_image *img, const z3_music_song *s) {
  json_t *o = json_object();
  const char *name = z3_song_name((unsigned)s->id);
  json_object_set_new(o, "song", json_integer(s->id));
  json_object_set_new(o, "name", name ? json_string(name) : json_null());
  json_object_set_new(o, "bank", json_string(z3_music_bank_names[img->bank]));
  json_object_set_new(o, "address", z3_cmd__hex(s->addr, 4));
  json_object_set_new(o, "bytes", json_integer((json_int_t)s->bytes));
  json_object_set_new(o, "parts", json_integer(s->parts));
  json_object_set_new(o, "patterns", json_integer(s->patterns));
  json_object_set_new(o, "tracks", json_integer(s->tracks));
  return o;
}

static json_t *bank_json(const z3_music_image *img) {
  json_t *o = json_object(), *songs = json_array(), *broken = json_array();
  uint16_t from = 0;
  uint32_t to = 0;
  z3_music_song_area(img, &from, &to);
  size_t used = 0, bytes = 0;
  for (size_t i = 0; i < img->own.count; i++) bytes += img->own.blocks[i].len;
  for (int id = 1; id <= img->slots; id++) {
    z3_music_song s;
    z3_error e;
    z3_error_init(&e);
    z3_status st = z3_music_song_read(img, id, &s, &e);
    if (st == Z3_E_NOT_FOUND) continue;
    if (st) {
      json_array_append_new(broken, json_pack("{s:i, s:s}", "song", id, "error", e.message));
      continue;
    }
    used += s.bytes;
    json_array_append_new(songs, song_summary(img, &s));
    z3_music_song_release(&s);
  }
  json_object_set_new(o, "bank", json_string(z3_music_bank_names[img->bank]));
  json_object_set_new(o, "offset", z3_cmd__hex(img->own.pc, 6));
  json_object_set_new(o, "blocks", json_integer((json_int_t)img->own.count));
  json_object_set_new(o, "bytes", json_integer((json_int_t)bytes));
  json_object_set_new(o, "slots", json_integer(img->slots));
  json_object_set_new(o, "song_area", to ? json_sprintf("$%04X-$%04X", from, (unsigned)(to - 1)) : json_null());
  json_object_set_new(o, "song_bytes", json_integer((json_int_t)used));
  json_object_set_new(o, "free_bytes", json_integer(to > from + used ? (json_int_t)(to - from - used) : 0));
  json_object_set_new(o, "count", json_integer((json_int_t)json_array_size(songs)));
  json_object_set_new(o, "songs", songs);
  if (json_array_size(broken)) json_object_set_new(o, "unreadable", broken);
  else json_decref(broken);
  return o;
}

z3_status cmd_music_list(z3_cmd_ctx *ctx, z3_error *err) {
  int only = z3_arg_choice(ctx, "bank");
  json_t *banks = json_array();
  z3_music_image *img = z3_malloc(sizeof *img);
  if (!img) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  int total = 0;
  for (int b = 0; st == Z3_OK && b < Z3_MUSIC_BANK_COUNT; b++) {
    if (only >= 0 && b != only) continue;
    st = z3_music_image_load(ctx->rom, (z3_music_bank_id)b, img, err);
    if (st) break;
    json_t *o = bank_json(img);
    total += (int)json_integer_value(json_object_get(o, "count"));
    json_array_append_new(banks, o);
  }
  z3_free(img);
  if (st) {
    json_decref(banks);
    return st;
  }
  json_object_set_new(ctx->result, "songs", json_integer(total));
  json_object_set_new(ctx->result, "banks", banks);
  return Z3_OK;
}

static json_t *order_json(const z3_music_image *img, const z3_music_block *b) {
  json_t *a = json_array();
  for (uint32_t at = b->addr; at + 1 < (uint32_t)b->addr + b->len; at += 2) {
    uint16_t w = (uint16_t)(img->ram[at] | img->ram[at + 1] << 8);
    if (w >= 0x100) json_array_append_new(a, json_sprintf("play $%04X", w));
    else if (w == 0) json_array_append_new(a, json_string("end"));
    else {
      uint16_t t = (uint16_t)(img->ram[at + 2] | img->ram[at + 3] << 8);
      at += 2;
      json_array_append_new(a, w < 0x80 ? json_sprintf("repeat %u $%04X", w, t) : json_sprintf("jump $%04X", t));
    }
  }
  return a;
}

static json_t *instruments_json(const z3_music_image *img, const z3_music_song *s) {
  bool used[256] = {false};
  z3_music_event ev;
  for (size_t i = 0; i < s->count; i++) {
    if (s->blocks[i].kind != Z3_MB_TRACK) continue;
    for (uint32_t at = s->blocks[i].addr; at < (uint32_t)s->blocks[i].addr + s->blocks[i].len; at += ev.size)
      if (!z3_music_event_decode(img->ram, at, &ev) || ev.kind == Z3_EV_END) break;
      else if (ev.op == 0xE0) used[ev.params[0]] = true;
  }
  json_t *a = json_array();
  for (int k = 0; k < 256; k++) {
    if (!used[k]) continue;
    z3_music_instrument in;
    z3_music_instrument_get(img, k, &in);
    json_array_append_new(a, json_pack("{s:i, s:i, s:o, s:o, s:o, s:o}", "instrument", k, "sample", in.sample, "adsr1",
                                       z3_cmd__hex(in.adsr1, 2), "adsr2", z3_cmd__hex(in.adsr2, 2), "gain",
                                       z3_cmd__hex(in.gain, 2), "pitch_mult", z3_cmd__hex(in.pitch_mult, 4)));
  }
  return a;
}

z3_status cmd_music_info(z3_cmd_ctx *ctx, z3_error *err) {
  z3_music_image *img;
  z3_music_song s;
  z3_status st = z3_cmd__music_load(ctx, &img, &s, err);
  if (st) return st;
  z3_music_seq seq;
  st = z3_music_seq_build(img, &s, 0, &seq, err);
  if (st == Z3_OK) {
    json_t *o = song_summary(img, &s), *patterns = json_array(), *tracks = json_array();
    json_object_update(ctx->result, o);
    json_decref(o);
    for (size_t i = 0; i < s.count; i++) {
      const z3_music_block *b = &s.blocks[i];
      if (b->kind == Z3_MB_ORDER) json_object_set_new(ctx->result, "order", order_json(img, b));
      else if (b->kind == Z3_MB_PATTERN) {
        json_t *ch = json_array();
        for (int c = 0; c < 8; c++) {
          uint16_t t = (uint16_t)(img->ram[b->addr + 2 * c] | img->ram[b->addr + 2 * c + 1] << 8);
          json_array_append_new(ch, t ? json_sprintf("$%04X", t) : json_null());
        }
        json_array_append_new(patterns, json_pack("{s:o, s:o}", "address", json_sprintf("$%04X", b->addr), "tracks", ch));
      } else json_array_append_new(tracks, json_pack("{s:o, s:i}", "address", json_sprintf("$%04X", b->addr), "bytes", b->len));
    }
    size_t notes = 0;
    for (size_t i = 0; i < seq.count; i++) notes += seq.events[i].kind == Z3_SEQ_NOTE;
    json_object_set_new(ctx->result, "pattern_list", patterns);
    json_object_set_new(ctx->result, "track_list", tracks);
    json_object_set_new(ctx->result, "instruments", instruments_json(img, &s));
    json_object_set_new(ctx->result, "notes", json_integer((json_int_t)notes));
    json_object_set_new(ctx->result, "ticks", json_integer(seq.end_tick));
    json_object_set_new(ctx->result, "loops", json_boolean(seq.looped));
    z3_music_seq_release(&seq);
  }
  z3_music_song_release(&s);
  z3_free(img);
  return st;
}
