/*
 * music import: a song's text back into its bank (music.h).
 *
 * The song may use the bytes of the bank's song block that no other song of
 * the bank uses (its own old bytes included); the block's length in ROM is
 * the limit, since the next bank's data follows it there. Everything is
 * worked out before the first byte is written.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/music.h"

/* Marks the bytes of every other song of the bank as taken. */
static z3_status mark_other_songs(const z3_music_image *img, int id, bool *free_map, z3_error *err) {
  for (int k = 1; k <= img->slots; k++) {
    if (k == id) continue;
    z3_music_song s;
    z3_error e;
    z3_error_init(&e);
    z3_status st = z3_music_song_read(img, k, &s, &e);
    if (st == Z3_E_NOT_FOUND) continue;
    if (st) {
      z3_error_set(err, st, "cannot tell which bytes song %d uses: %s", k, e.message);
      z3_error_hint(err, "repair or re-import song %d first", k);
      return st;
    }
    for (size_t i = 0; i < s.count; i++) memset(free_map + s.blocks[i].addr, 0, s.blocks[i].len);
    z3_music_song_release(&s);
  }
  return Z3_OK;
}

static z3_status write_at(z3_rom *rom, const z3_music_image *img, uint16_t addr, const uint8_t *bytes, size_t len,
                          const char *reason, z3_error *err) {
  size_t pc = 0;
  if (!z3_music_image_pc(img, addr, &pc))
    return z3_error_set(err, Z3_E_INTERNAL, "APU address $%04X is not uploaded by the bank", addr);
  return z3_rom_write_changed(rom, pc, bytes, len, 16, reason, err);
}

static z3_status place_song(const z3_music_image *img, int id, z3_music_asm *a, z3_error *err) {
  uint16_t from = 0;
  uint32_t to = 0;
  z3_music_song_area(img, &from, &to);
  bool *free_map = z3_calloc(0x10000, sizeof *free_map);
  if (!free_map) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  memset(free_map + from, 1, to - from);
  z3_status st = mark_other_songs(img, id, free_map, err);
  if (st == Z3_OK) st = z3_music_asm_place(a, free_map, from, to, err);
  if (st == Z3_OK) st = z3_music_asm_encode(a, err);
  z3_free(free_map);
  return st;
}

z3_status z3_music_import(z3_rom *rom, z3_music_bank_id bank, int id, const char *text, size_t len,
                          z3_music_import_report *rep, z3_error *err) {
  memset(rep, 0, sizeof *rep);
  z3_music_image *img = z3_malloc(sizeof *img);
  if (!img) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_music_asm a;
  memset(&a, 0, sizeof a);
  z3_status st = z3_music_image_load(rom, bank, img, err);
  if (st == Z3_OK && img->table_block < 0)
    st = z3_error_set(err, Z3_E_INVALID, "the %s bank uploads no song table at $D000", z3_music_bank_names[bank]);
  if (st == Z3_OK && (id < 1 || id > img->slots))
    st = z3_error_set(err, Z3_E_NOT_FOUND, "the %s bank's song table has slots 1-%d; no song %d", z3_music_bank_names[bank],
                      img->slots, id);
  if (st == Z3_OK) st = z3_music_asm_parse(text, len, &a, err);
  if (st == Z3_OK) st = place_song(img, id, &a, err);
  char reason[64];
  snprintf(reason, sizeof reason, "music: song %d of the %s bank", id, z3_music_bank_names[bank]);
  for (size_t i = 0; st == Z3_OK && i < a.count; i++)
    st = write_at(rom, img, a.blocks[i].addr, a.blocks[i].bytes.data, a.blocks[i].bytes.len, reason, err);
  if (st == Z3_OK) {
    const z3_music_asm_block *order = NULL;
    for (size_t i = 0; i < a.count; i++)
      if (a.blocks[i].kind == Z3_MB_ORDER) order = &a.blocks[i];
    uint8_t w[2] = {(uint8_t)order->addr, (uint8_t)(order->addr >> 8)};
    st = write_at(rom, img, (uint16_t)(Z3_MUSIC_SONG_TABLE + 2 * (id - 1)), w, 2, reason, err);
    rep->addr = order->addr;
    rep->bytes = a.bytes;
    rep->used_hints = true;
    for (size_t i = 0; i < a.count; i++) rep->used_hints &= a.blocks[i].hint == (int)a.blocks[i].addr;
  }
  z3_music_asm_release(&a);
  z3_free(img);
  return st;
}
