/* A song as the music text format (docs/music.md); music_asm.c reads it back. */
#include <stdio.h>
#include <string.h>

#include "zelda3/entrance.h"
#include "zelda3/music.h"

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

static const char *const note_names[12] = {"c", "c#", "d", "d#", "e", "f", "f#", "g", "g#", "a", "a#", "b"};

static z3_status write_order(const z3_music_image *img, const z3_music_block *b, z3_buf *out) {
  const uint8_t *ram = img->ram;
  bool target[0x200] = {false}; /* word offsets a repeat or jump goes to */
  for (uint32_t at = b->addr; at < (uint32_t)b->addr + b->len; at += 2) {
    uint16_t w = rd16(ram + at);
    if (w && w < 0x100) {
      uint16_t t = rd16(ram + at + 2);
      if ((t - b->addr) / 2 < 0x200) target[(t - b->addr) / 2] = true;
      at += 2;
    }
  }
  z3_status st = z3_buf_printf(out, "order @%04X\n", b->addr);
  for (uint32_t at = b->addr; st == Z3_OK && at < (uint32_t)b->addr + b->len; at += 2) {
    if ((at - b->addr) / 2 < 0x200 && target[(at - b->addr) / 2]) st = z3_buf_printf(out, "ord_%04X:\n", (unsigned)at);
    uint16_t w = rd16(ram + at);
    if (st) break;
    if (w >= 0x100) st = z3_buf_printf(out, "  play pat_%04X\n", w);
    else if (w == 0) st = z3_buf_printf(out, "  end\n");
    else {
      uint16_t t = rd16(ram + at + 2);
      at += 2;
      if (w < 0x80) st = z3_buf_printf(out, "  repeat %u ord_%04X\n", w, t);
      else if (w == 0xFF) st = z3_buf_printf(out, "  jump ord_%04X\n", t);
      else st = z3_buf_printf(out, "  jump ord_%04X $%02X\n", t, w);
    }
  }
  return st;
}

static z3_status write_pattern(const z3_music_image *img, const z3_music_block *b, z3_buf *out) {
  z3_status st = z3_buf_printf(out, "pattern pat_%04X @%04X\n ", b->addr, b->addr);
  for (int c = 0; st == Z3_OK && c < 8; c++) {
    uint16_t t = rd16(img->ram + b->addr + 2 * c);
    st = t ? z3_buf_printf(out, " trk_%04X", t) : z3_buf_printf(out, " -");
  }
  return st ? st : z3_buf_printf(out, "\n");
}

/* One event's words (no leading space). */
static z3_status write_event(const z3_music_event *ev, z3_buf *out) {
  switch (ev->kind) {
    case Z3_EV_DURATION:
      if (!ev->has_qv) return z3_buf_printf(out, "l%u", ev->op);
      return z3_buf_printf(out, "l%uq%uv%u", ev->op, ev->params[0] >> 4, ev->params[0] & 15);
    case Z3_EV_NOTE: return z3_buf_printf(out, "%s%d", note_names[(ev->op - 0x80) % 12], (ev->op - 0x80) / 12 + 1);
    case Z3_EV_TIE: return z3_buf_printf(out, "tie");
    case Z3_EV_REST: return z3_buf_printf(out, "rest");
    case Z3_EV_PERCUSSION: return z3_buf_printf(out, "p%d", ev->op - 0xCA);
    case Z3_EV_COMMAND: break;
    case Z3_EV_END: return Z3_OK;
  }
  if (ev->op == 0xEF) return z3_buf_printf(out, "call trk_%04X %u", rd16(ev->params), ev->params[2]);
  z3_status st = z3_buf_printf(out, "%s", z3_music_command_name(ev->op));
  for (int i = 0; st == Z3_OK && i < ev->nparams; i++) st = z3_buf_printf(out, " %u", ev->params[i]);
  return st;
}

static bool is_entry(const z3_music_song *s, uint32_t addr) {
  for (size_t i = 0; i < s->entry_count; i++)
    if (s->entries[i] == addr) return true;
  return false;
}

/* Commands one to a line, notes and durations up to 12 to a line, labels alone. */
static z3_status write_track(const z3_music_image *img, const z3_music_song *s, const z3_music_block *b, z3_buf *out) {
  z3_status st = z3_buf_printf(out, "track trk_%04X @%04X\n", b->addr, b->addr);
  int on_line = 0;
  z3_music_event ev;
  for (uint32_t at = b->addr; st == Z3_OK && at < (uint32_t)b->addr + b->len; at += ev.size) {
    bool label = at != b->addr && is_entry(s, at);
    if (!z3_music_event_decode(img->ram, at, &ev)) break;
    bool alone = ev.kind == Z3_EV_COMMAND;
    if (on_line && (label || alone || ev.kind == Z3_EV_END || on_line == 12)) st = z3_buf_printf(out, "\n"), on_line = 0;
    if (st == Z3_OK && label) st = z3_buf_printf(out, "trk_%04X:\n", (unsigned)at);
    if (st || ev.kind == Z3_EV_END) break;
    st = z3_buf_printf(out, on_line ? " " : "  ");
    if (st == Z3_OK) st = write_event(&ev, out);
    on_line++;
    if (st == Z3_OK && alone) st = z3_buf_printf(out, "\n"), on_line = 0;
  }
  return st;
}

z3_status z3_music_text_write(const z3_music_image *img, const z3_music_song *song, z3_buf *out, z3_error *err) {
  const char *name = z3_song_name((unsigned)song->id);
  z3_status st = z3_buf_printf(out,
                               "; z3ed music text 1 (docs/music.md)\n"
                               "; song %d (%s) of the %s bank: %zu bytes, %d parts, %d patterns, %d tracks\n"
                               "song %d\n",
                               song->id, name ? name : "no vanilla name", z3_music_bank_names[img->bank], song->bytes,
                               song->parts, song->patterns, song->tracks, song->id);
  for (size_t i = 0; st == Z3_OK && i < song->count; i++) {
    const z3_music_block *b = &song->blocks[i];
    st = z3_buf_printf(out, "\n");
    if (st == Z3_OK) {
      if (b->kind == Z3_MB_ORDER) st = write_order(img, b, out);
      else if (b->kind == Z3_MB_PATTERN) st = write_pattern(img, b, out);
      else st = write_track(img, song, b, out);
    }
  }
  if (st) z3_error_set(err, st, "out of memory writing the song's text");
  return st;
}
