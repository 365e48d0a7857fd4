/* ALttP's sound banks and the N-SPC song structure (music.h). */
#include <stdlib.h>
#include <string.h>

#include "zelda3/music.h"

const char *const z3_music_bank_names[] = {"main", "overworld", "indoor", "ending", NULL};

/* $19:8000, $1A:9EF5, $1B:8000, $1A:D380 (LoROM, headerless). */
static const size_t bank_pcs[Z3_MUSIC_BANK_COUNT] = {0xC8000, 0xD1EF5, 0xD8000, 0xD5380};

size_t z3_music_bank_pc(z3_music_bank_id bank) { return bank_pcs[bank]; }

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

z3_status z3_music_chain_read(const z3_rom *rom, z3_music_bank_id bank, z3_music_chain *out, z3_error *err) {
  const uint8_t *d = rom->data.data;
  size_t size = rom->data.len, at = bank_pcs[bank];
  memset(out, 0, sizeof *out);
  out->bank = bank;
  out->pc = at;
  for (;;) {
    if (at + 4 > size)
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "%s sound bank: transfer block header at 0x%zX runs past the ROM",
                             z3_music_bank_names[bank], at);
    uint16_t len = rd16(d + at), addr = rd16(d + at + 2);
    if (len == 0) {
      out->entry = addr;
      out->end_pc = at + 4;
      return Z3_OK;
    }
    if (out->count == Z3_MUSIC_MAX_BLOCKS)
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "%s sound bank: more than %d transfer blocks",
                             z3_music_bank_names[bank], Z3_MUSIC_MAX_BLOCKS);
    if (at + 4 + len > size || (uint32_t)addr + len > 0x10000)
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at,
                             "%s sound bank: block %zu at 0x%zX ($%04X, %u bytes) runs past the %s",
                             z3_music_bank_names[bank], out->count, at, addr, len,
                             at + 4 + len > size ? "ROM" : "APU's memory");
    out->blocks[out->count++] = (z3_apu_block){.pc = at + 4, .addr = addr, .len = len};
    at += 4 + (size_t)len;
  }
}

static void apply_chain(uint8_t *ram, const z3_rom *rom, const z3_music_chain *c) {
  for (size_t i = 0; i < c->count; i++) memcpy(ram + c->blocks[i].addr, rom->data.data + c->blocks[i].pc, c->blocks[i].len);
}

/* Song table slots: words from $D000 until the lowest song address any earlier slot names. */
static int count_slots(const z3_music_image *img) {
  const z3_apu_block *b = &img->own.blocks[img->table_block];
  uint32_t end = (uint32_t)b->addr + b->len, first = end;
  int n = 0;
  while (n < Z3_MUSIC_MAX_SLOTS && Z3_MUSIC_SONG_TABLE + 2u * (unsigned)n + 2 <= first) {
    uint16_t p = rd16(img->ram + Z3_MUSIC_SONG_TABLE + 2 * n);
    if (p > Z3_MUSIC_SONG_TABLE + 2u * (unsigned)n && p < end && p < first) first = p;
    n++;
  }
  return n;
}

z3_status z3_music_image_load(const z3_rom *rom, z3_music_bank_id bank, z3_music_image *img, z3_error *err) {
  memset(img->ram, 0, sizeof img->ram);
  img->bank = bank;
  z3_status st = z3_music_chain_read(rom, Z3_MUSIC_MAIN, &img->main, err);
  if (st == Z3_OK && bank != Z3_MUSIC_MAIN) st = z3_music_chain_read(rom, bank, &img->own, err);
  if (st) return st;
  if (bank == Z3_MUSIC_MAIN) img->own = img->main;
  apply_chain(img->ram, rom, &img->main);
  if (bank != Z3_MUSIC_MAIN) apply_chain(img->ram, rom, &img->own);
  img->table_block = -1;
  img->slots = 0;
  for (size_t i = 0; i < img->own.count; i++) {
    const z3_apu_block *b = &img->own.blocks[i];
    if (b->addr <= Z3_MUSIC_SONG_TABLE && (uint32_t)b->addr + b->len > Z3_MUSIC_SONG_TABLE + 1) img->table_block = (int)i;
  }
  if (img->table_block >= 0) img->slots = count_slots(img);
  return Z3_OK;
}

bool z3_music_image_pc(const z3_music_image *img, uint16_t addr, size_t *pc) {
  for (size_t i = img->own.count; i-- > 0;) { /* a later block overwrites an earlier one */
    const z3_apu_block *b = &img->own.blocks[i];
    if (addr >= b->addr && (uint32_t)addr < (uint32_t)b->addr + b->len) {
      *pc = b->pc + (size_t)(addr - b->addr);
      return true;
    }
  }
  return false;
}

void z3_music_song_area(const z3_music_image *img, uint16_t *from, uint32_t *to) {
  if (img->table_block < 0) {
    *from = 0, *to = 0;
    return;
  }
  const z3_apu_block *b = &img->own.blocks[img->table_block];
  *from = (uint16_t)(Z3_MUSIC_SONG_TABLE + 2 * img->slots);
  *to = (uint32_t)b->addr + b->len;
}

/* ---- events --------------------------------------------------------------- */

static const int8_t command_params[32] = {1, 1, 2, 3, 0, 1, 2, 1, 2, 1, 1, 3, 0, 1, 2, 3,
                                          1, 3, 3, 0, 1, 3, 0, 3, 3, 3, 1, 2, 0, 0, 0, 0};
static const char *const command_names[32] = {
    "inst",     "pan",      "panfade",   "vibrato",  "vibratooff", "mvol",     "mvolfade", "tempo",
    "tempofade", "transpose", "ctranspose", "tremolo", "tremolooff", "vol",     "volfade",  "call",
    "vibratofade", "penvto", "penvfrom",  "penvoff",  "tune",       "echo",     "echooff",  "echoparams",
    "echofade", "slide",    "percbase",  "opfb",     "opfc",       "opfd",     "opfe",     "opff"};

int z3_music_command_params(uint8_t op) { return op >= 0xE0 ? command_params[op - 0xE0] : 0; }
const char *z3_music_command_name(uint8_t op) { return op >= 0xE0 ? command_names[op - 0xE0] : NULL; }

bool z3_music_event_decode(const uint8_t *ram, uint32_t addr, z3_music_event *ev) {
  memset(ev, 0, sizeof *ev);
  if (addr > 0xFFFF) return false;
  uint8_t b = ram[addr];
  ev->op = b;
  ev->size = 1;
  if (b == 0) ev->kind = Z3_EV_END;
  else if (b < 0x80) {
    ev->kind = Z3_EV_DURATION;
    if (addr + 1 <= 0xFFFF && ram[addr + 1] > 0 && ram[addr + 1] < 0x80) {
      ev->has_qv = true;
      ev->params[0] = ram[addr + 1];
      ev->size = 2;
    }
  } else if (b < 0xC8) ev->kind = Z3_EV_NOTE;
  else if (b == 0xC8) ev->kind = Z3_EV_TIE;
  else if (b == 0xC9) ev->kind = Z3_EV_REST;
  else if (b < 0xE0) ev->kind = Z3_EV_PERCUSSION;
  else {
    ev->kind = Z3_EV_COMMAND;
    ev->nparams = (uint8_t)command_params[b - 0xE0];
    if (addr + ev->nparams > 0xFFFF) return false;
    memcpy(ev->params, ram + addr + 1, ev->nparams);
    ev->size = (uint8_t)(1 + ev->nparams);
  }
  return true;
}

/* ---- a song's blocks ------------------------------------------------------ */

typedef struct song_builder {
  const z3_music_image *img;
  z3_music_song *song;
  size_t block_cap, entry_cap;
  z3_error *err;
} song_builder;

static z3_status add_block(song_builder *b, z3_music_block_kind kind, uint16_t addr, uint32_t len) {
  z3_music_song *s = b->song;
  if ((uint32_t)addr + len > 0x10000)
    return z3_error_set(b->err, Z3_E_INVALID, "song %d: data at $%04X runs past the APU's memory", s->id, addr);
  if (s->count == b->block_cap) {
    b->block_cap = b->block_cap ? 2 * b->block_cap : 16;
    z3_music_block *n = z3_realloc(s->blocks, b->block_cap * sizeof *n);
    if (!n) return z3_error_set(b->err, Z3_E_NOMEM, "out of memory");
    s->blocks = n;
  }
  s->blocks[s->count++] = (z3_music_block){.kind = kind, .addr = addr, .len = (uint16_t)len};
  return Z3_OK;
}

static bool has_entry(const z3_music_song *s, uint16_t addr) {
  for (size_t i = 0; i < s->entry_count; i++)
    if (s->entries[i] == addr) return true;
  return false;
}

static z3_status add_entry(song_builder *b, uint16_t addr) {
  z3_music_song *s = b->song;
  if (has_entry(s, addr)) return Z3_OK;
  if (s->entry_count == b->entry_cap) {
    b->entry_cap = b->entry_cap ? 2 * b->entry_cap : 32;
    uint16_t *n = z3_realloc(s->entries, b->entry_cap * sizeof *n);
    if (!n) return z3_error_set(b->err, Z3_E_NOMEM, "out of memory");
    s->entries = n;
  }
  s->entries[s->entry_count++] = addr;
  return Z3_OK;
}

/* The order list: its length, and every pattern it plays. */
static z3_status read_order(song_builder *b, uint16_t *patterns, int *npat) {
  const uint8_t *ram = b->img->ram;
  z3_music_song *s = b->song;
  uint32_t at = s->addr;
  for (int guard = 0;; guard++) {
    if (at + 2 > 0x10000 || guard > 1024)
      return z3_error_set(b->err, Z3_E_INVALID, "song %d: the order list at $%04X has no end", s->id, s->addr);
    uint16_t w = rd16(ram + at);
    at += 2;
    if (w == 0) break;
    if (w >= 0x100) {
      s->parts++;
      int i = 0;
      while (i < *npat && patterns[i] != w) i++;
      if (i == *npat) {
        if (*npat == 256) return z3_error_set(b->err, Z3_E_INVALID, "song %d: more than 256 patterns", s->id);
        patterns[(*npat)++] = w;
      }
      continue;
    }
    if (at + 2 > 0x10000) continue;
    uint16_t target = rd16(ram + at);
    at += 2;
    if (target < s->addr || target >= at || (target - s->addr) % 2)
      return z3_error_set(b->err, Z3_E_INVALID, "song %d: the order list's jump at $%04X goes to $%04X, not to an entry before it",
                          s->id, (unsigned)(at - 4), target);
    if (w >= 0x80) break; /* a jump forever ends the list */
  }
  return add_block(b, Z3_MB_ORDER, s->addr, at - s->addr);
}

/* Length of the track at addr up to and including its end byte; collects subroutine calls. */
static z3_status track_length(song_builder *b, uint16_t addr, uint32_t *len, uint16_t *calls, int *ncalls) {
  uint32_t at = addr;
  z3_music_event ev;
  for (;;) {
    if (!z3_music_event_decode(b->img->ram, at, &ev))
      return z3_error_set(b->err, Z3_E_INVALID, "song %d: the track at $%04X has no end", b->song->id, addr);
    if (ev.op == 0xEF && calls && *ncalls < 256) calls[(*ncalls)++] = rd16(ev.params);
    at += ev.size;
    if (ev.kind == Z3_EV_END) break;
  }
  *len = at - addr;
  return Z3_OK;
}

static int cmp_u16(const void *a, const void *b) { return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b; }

/* Whether addr is an event boundary of the track starting at start. */
static bool on_boundary(const uint8_t *ram, uint16_t start, uint16_t addr) {
  uint32_t at = start;
  z3_music_event ev;
  while (at < addr && z3_music_event_decode(ram, at, &ev) && ev.kind != Z3_EV_END) at += ev.size;
  return at == addr;
}

/* Tracks and subroutines: every start, grouped into blocks where one runs into another. */
static z3_status read_tracks(song_builder *b, uint16_t *starts, int n) {
  qsort(starts, (size_t)n, sizeof *starts, cmp_u16);
  uint32_t block_end = 0;
  uint16_t block_start = 0;
  for (int i = 0; i < n; i++) {
    if (i && starts[i] == starts[i - 1]) continue;
    int nc = 0;
    uint32_t len = 0;
    z3_status st = track_length(b, starts[i], &len, NULL, &nc);
    if (st) return st;
    if (starts[i] < block_end) {
      if (!on_boundary(b->img->ram, block_start, starts[i]))
        return z3_error_set(b->err, Z3_E_INVALID, "song %d: the track at $%04X starts inside an event of the one at $%04X",
                            b->song->id, starts[i], block_start);
      continue;
    }
    if ((st = add_block(b, Z3_MB_TRACK, starts[i], len))) return st;
    block_start = starts[i];
    block_end = starts[i] + len;
    b->song->tracks++;
  }
  return Z3_OK;
}

static int cmp_block(const void *a, const void *b) {
  return (int)((const z3_music_block *)a)->addr - (int)((const z3_music_block *)b)->addr;
}

static z3_status check_overlaps(song_builder *b) {
  z3_music_song *s = b->song;
  qsort(s->blocks, s->count, sizeof *s->blocks, cmp_block);
  s->bytes = 0;
  for (size_t i = 0; i < s->count; i++) {
    s->bytes += s->blocks[i].len;
    if (i && (uint32_t)s->blocks[i - 1].addr + s->blocks[i - 1].len > s->blocks[i].addr)
      return z3_error_set(b->err, Z3_E_INVALID, "song %d: its data at $%04X and $%04X overlap", s->id, s->blocks[i - 1].addr,
                          s->blocks[i].addr);
  }
  return Z3_OK;
}

/* Collects the tracks of every pattern, then the subroutines they call (and those call). */
static z3_status collect_tracks(song_builder *b, const uint16_t *patterns, int npat, uint16_t *starts, int *n, int max) {
  const uint8_t *ram = b->img->ram;
  for (int p = 0; p < npat; p++)
    for (int c = 0; c < 8; c++) {
      uint16_t t = rd16(ram + patterns[p] + 2 * c);
      if (t && *n < max) starts[(*n)++] = t;
    }
  for (int i = 0; i < *n; i++) {
    uint16_t calls[256];
    int nc = 0;
    uint32_t len = 0;
    z3_status st = track_length(b, starts[i], &len, calls, &nc);
    if (st) return st;
    for (int k = 0; k < nc; k++) {
      bool seen = false;
      for (int j = 0; j < *n && !seen; j++) seen = starts[j] == calls[k];
      if (!seen && *n < max) starts[(*n)++] = calls[k];
    }
  }
  for (int i = 0; i < *n; i++) {
    z3_status st = add_entry(b, starts[i]);
    if (st) return st;
  }
  return Z3_OK;
}

z3_status z3_music_song_read(const z3_music_image *img, int id, z3_music_song *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  out->id = id;
  if (id < 1 || id > img->slots)
    return z3_error_set(err, Z3_E_NOT_FOUND, "the %s bank's song table has %d slots; no song %d", z3_music_bank_names[img->bank],
                        img->slots, id);
  out->addr = rd16(img->ram + Z3_MUSIC_SONG_TABLE + 2 * (id - 1));
  uint16_t from = 0;
  uint32_t to = 0;
  z3_music_song_area(img, &from, &to);
  if (out->addr < from || out->addr >= to)
    return z3_error_set(err, Z3_E_NOT_FOUND, "song %d's slot in the %s bank names $%04X, outside the bank's songs ($%04X-$%04X)",
                        id, z3_music_bank_names[img->bank], out->addr, from, (unsigned)(to - 1));
  song_builder b = {.img = img, .song = out, .err = err};
  uint16_t *patterns = z3_malloc(256 * sizeof *patterns), *starts = z3_malloc(4096 * sizeof *starts);
  int npat = 0, nstarts = 0;
  z3_status st = patterns && starts ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = read_order(&b, patterns, &npat);
  for (int p = 0; st == Z3_OK && p < npat; p++) st = add_block(&b, Z3_MB_PATTERN, patterns[p], 16);
  out->patterns = npat;
  if (st == Z3_OK) st = collect_tracks(&b, patterns, npat, starts, &nstarts, 4096);
  if (st == Z3_OK) st = read_tracks(&b, starts, nstarts);
  if (st == Z3_OK) st = check_overlaps(&b);
  z3_free(patterns);
  z3_free(starts);
  if (st) z3_music_song_release(out);
  return st;
}

void z3_music_song_release(z3_music_song *song) {
  z3_free(song->blocks);
  z3_free(song->entries);
  song->blocks = NULL, song->entries = NULL;
  song->count = song->entry_count = 0;
}

int z3_music_find_bank(const z3_rom *rom, int id) {
  static const z3_music_bank_id order[] = {Z3_MUSIC_OVERWORLD, Z3_MUSIC_INDOOR, Z3_MUSIC_ENDING, Z3_MUSIC_MAIN};
  z3_music_image *img = z3_malloc(sizeof *img);
  int found = -1;
  for (size_t i = 0; img && found < 0 && i < sizeof order / sizeof order[0]; i++) {
    z3_music_song s;
    if (z3_music_image_load(rom, order[i], img, NULL) == Z3_OK && z3_music_song_read(img, id, &s, NULL) == Z3_OK) {
      found = (int)order[i];
      z3_music_song_release(&s);
    }
  }
  z3_free(img);
  return found;
}
