/*
 * Fuzzes the music text reader behind `music import` (zelda3/music_asm.c):
 * parse, place into a bank whose whole song area is free, encode; a song
 * that assembles is then read back from an APU image with the song reader
 * and written as text again, which must parse. Nothing may crash, leak or
 * read out of bounds; errors must carry "line N, column M" when the text
 * itself is at fault.
 *
 * Seeds in fuzz/corpora/music_text/: the sample's title song as exported,
 * small songs written by hand (labels inside tracks, subroutines, repeats,
 * jump values), and a few refusals.
 */
#include <stdlib.h>
#include <string.h>

#include "zelda3/music.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_music_image img;
static bool free_map[0x10000];

static void read_back(const z3_music_asm *a) {
  memset(img.ram, 0, sizeof img.ram);
  img.bank = Z3_MUSIC_OVERWORLD;
  img.own.count = 1;
  img.own.blocks[0] = (z3_apu_block){.pc = 0, .addr = Z3_MUSIC_SONG_TABLE, .len = 0x2000};
  img.table_block = 0;
  img.slots = 1;
  const z3_music_asm_block *order = NULL;
  for (size_t i = 0; i < a->count; i++) {
    memcpy(img.ram + a->blocks[i].addr, a->blocks[i].bytes.data, a->blocks[i].bytes.len);
    if (a->blocks[i].kind == Z3_MB_ORDER) order = &a->blocks[i];
  }
  img.ram[Z3_MUSIC_SONG_TABLE] = (uint8_t)order->addr, img.ram[Z3_MUSIC_SONG_TABLE + 1] = (uint8_t)(order->addr >> 8);
  z3_music_song s;
  if (z3_music_song_read(&img, 1, &s, NULL) != Z3_OK) return;
  z3_buf text;
  z3_buf_init(&text);
  if (z3_music_text_write(&img, &s, &text, NULL) == Z3_OK) {
    z3_music_asm again;
    if (z3_music_asm_parse((const char *)text.data, text.len, &again, NULL) != Z3_OK) abort();
    if (again.bytes != s.bytes) abort(); /* what the reader found, the text gives back */
    z3_music_asm_release(&again);
  }
  z3_buf_release(&text);
  z3_music_song_release(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_music_asm a;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_music_asm_parse((const char *)data, size, &a, &err);
  if (st == Z3_E_INVALID && strncmp(err.message, "line ", 5) && !strstr(err.message, "larger than")) abort();
  if (st) return 0;
  memset(free_map, 0, sizeof free_map);
  memset(free_map + Z3_MUSIC_SONG_TABLE + 2, 1, 0x2000 - 2);
  if (z3_music_asm_place(&a, free_map, Z3_MUSIC_SONG_TABLE + 2, Z3_MUSIC_SONG_TABLE + 0x2000, &err) == Z3_OK &&
      z3_music_asm_encode(&a, &err) == Z3_OK)
    read_back(&a);
  z3_music_asm_release(&a);
  return 0;
}
