/*
 * Fuzzes the music text reader behind `music import` (zelda3/music_asm.c):
 * parse, place into a bank whose whole song area is free, encode; a song
 * that assembles is then read back from an APU image with the song reader
 * and written as text again, which must parse. Nothing may crash, leak or
 * read out of bounds; errors must carry "line N, column M" when the text
 * itself is at fault. A song that parses is also imported into a bank of the
 * sample ROM (`music import`), in a slot the input's length picks: refused
 * with a message, or every other song of the bank reads the same bytes as
 * before and the new one reads back, at most the size the import reported.
 *
 * Seeds in fuzz/corpora/music_text/: the sample's title song as exported,
 * small songs written by hand (labels inside tracks, subroutines, repeats,
 * jump values), and a few refusals.
 */
#include <stdlib.h>
#include <string.h>

#include "zelda3/music.h"
#include "fuzz_sample.h"

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

static z3_music_image before, after;

/* Song k's bytes in im, or NULL when the slot reads as no song (a reference to free). */
static uint8_t *song_bytes(const z3_music_image *im, int k, size_t *len) {
  z3_music_song s;
  if (z3_music_song_read(im, k, &s, NULL) != Z3_OK) return NULL;
  uint8_t *out = malloc(s.bytes + 1);
  if (!out) abort();
  *len = 0;
  for (size_t i = 0; i < s.count; i++) {
    memcpy(out + *len, im->ram + s.blocks[i].addr, s.blocks[i].len);
    *len += s.blocks[i].len;
  }
  z3_music_song_release(&s);
  return out;
}

static void check_import(const uint8_t *data, size_t size) {
  static z3_buf sample;
  z3_rom *rom = fuzz_sample_rom(&sample, 0);
  z3_music_bank_id bank = (z3_music_bank_id)(Z3_MUSIC_OVERWORLD + size % 3); /* the banks with song tables */
  z3_error err;
  z3_error_init(&err);
  if (z3_music_image_load(rom, bank, &before, &err) != Z3_OK || before.slots < 1) abort();
  int id = (int)(size / 3 % (size_t)before.slots) + 1;
  z3_music_import_report rep;
  if (z3_music_import(rom, bank, id, (const char *)data, size, &rep, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    z3_rom_free(rom);
    return;
  }
  if (z3_music_image_load(rom, bank, &after, &err) != Z3_OK) abort();
  for (int k = 1; k <= before.slots; k++) {
    size_t n0 = 0, n1 = 0;
    uint8_t *b0 = song_bytes(&before, k, &n0), *b1 = song_bytes(&after, k, &n1);
    if (k == id) {
      if (!b1 || n1 > rep.bytes) abort(); /* less when a track is entered only at a label inside it */
    } else if (!b0 != !b1 || n0 != n1 || (b0 && memcmp(b0, b1, n0) != 0)) {
      abort();
    }
    free(b0);
    free(b1);
  }
  z3_rom_free(rom);
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
  check_import(data, size);
  return 0;
}
