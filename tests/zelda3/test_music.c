/* Songs of the sound banks (zelda3/music.h) on the sample's own song set, and the vanilla game when Z3ED_TEST_ROM is set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/dsp.h"
#include "test.h"
#include "zelda3/music.h"

static z3_music_image img;

static void load(const z3_rom *rom, z3_music_bank_id bank) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_music_image_load(rom, bank, &img, &err), &err);
}

static void read_song(int id, z3_music_song *s) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_music_song_read(&img, id, s, &err), &err);
}

static char *export_text(const z3_rom *rom, int id) {
  load(rom, (z3_music_bank_id)z3_music_find_bank(rom, id));
  z3_music_song s;
  read_song(id, &s);
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_music_text_write(&img, &s, &out, &err), &err);
  z3_buf_push(&out, 0, &err);
  z3_music_song_release(&s);
  return (char *)out.data;
}

static z3_status import_text(z3_rom *rom, int id, const char *text, z3_error *err) {
  z3_music_import_report rep;
  return z3_music_import(rom, (z3_music_bank_id)z3_music_find_bank(rom, id), id, text, strlen(text), &rep, err);
}

/* The sample's banks hold the songs sample_music.c puts there, with the table sizes of the game. */
Z3_TEST(sample_banks_hold_their_songs) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  assert_int_equal(z3_music_find_bank(rom, 1), Z3_MUSIC_OVERWORLD);
  assert_int_equal(z3_music_find_bank(rom, 3), Z3_MUSIC_OVERWORLD);
  assert_int_equal(z3_music_find_bank(rom, 12), Z3_MUSIC_INDOOR);
  assert_int_equal(z3_music_find_bank(rom, 32), Z3_MUSIC_ENDING);
  assert_int_equal(z3_music_find_bank(rom, 4), -1);
  load(rom, Z3_MUSIC_OVERWORLD);
  assert_int_equal(img.slots, 11);
  assert_int_equal(img.own.count, 1);
  assert_int_equal(img.own.blocks[0].addr, Z3_MUSIC_SONG_TABLE);
  z3_music_song s;
  read_song(1, &s);
  assert_int_equal(s.parts, 3);
  assert_int_equal(s.patterns, 3);
  assert_int_equal(s.tracks, 8); /* 6 tracks and 2 subroutines */
  assert_int_equal(s.blocks[0].kind, Z3_MB_ORDER);
  assert_int_equal(s.blocks[0].len, 10); /* play, play, play, jump + target */
  z3_music_song_release(&s);
  load(rom, Z3_MUSIC_INDOOR);
  assert_int_equal(img.slots, 35);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_music_song_read(&img, 13, &s, &err), Z3_E_NOT_FOUND);
  z3_rom_free(rom);
}

/* The instruments' BRR decodes to the waves the sample encoded: a looping square, a one-shot hit. */
Z3_TEST(samples_decode) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  load(rom, Z3_MUSIC_OVERWORLD);
  z3_buf pcm;
  z3_buf_init(&pcm);
  z3_error err;
  z3_error_init(&err);
  size_t loop;
  assert_ok(z3_music_brr_decode(img.ram, 0, &pcm, &loop, &err), &err);
  assert_int_equal(pcm.len / 2, 32);
  assert_int_equal(loop, 0);
  const int16_t *x = (const int16_t *)(const void *)pcm.data;
  for (int i = 0; i < 32; i++) assert_true(i < 16 ? x[i] > 10000 && x[i] < 14000 : x[i] < -10000 && x[i] > -14000);
  assert_ok(z3_music_brr_decode(img.ram, 3, &pcm, &loop, &err), &err);
  assert_int_equal(pcm.len / 2, 256);
  assert_true(loop == (size_t)-1);
  z3_buf_release(&pcm);
  z3_music_instrument in;
  z3_music_instrument_get(&img, 3, &in);
  assert_int_equal(in.sample, 3);
  assert_int_equal(in.pitch_mult, 0x200);
  z3_rom_free(rom);
}

/* Every sample song exported and imported unchanged writes no byte. */
Z3_TEST(text_round_trip_is_identical) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  static const int ids[] = {1, 2, 3, 12, 14, 32};
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
    char *text = export_text(rom, ids[i]);
    z3_error err;
    z3_error_init(&err);
    assert_ok(import_text(rom, ids[i], text, &err), &err);
    assert_int_equal(z3_rom_bytes_changed(rom), 0);
    z3_free(text);
  }
  z3_rom_free(rom);
}

/* Text that no longer fits its old place moves to free space; the other songs stay byte for byte. */
Z3_TEST(grown_song_is_relocated) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  char *text = export_text(rom, 1), *other = export_text(rom, 2);
  const char *grow = "  l24 c4 d4 e4 f4 g4 a4 b4 c5 d5 e5 f5 g5 a5 b5 c6\n";
  char *bigger = z3_malloc(strlen(text) + strlen(grow) + 1);
  char *at = strstr(text, "track trk_D0A4");
  assert_non_null(at);
  at = strchr(at, '\n') + 1;
  sprintf(bigger, "%.*s%s%s", (int)(at - text), text, grow, at);
  z3_error err;
  z3_error_init(&err);
  assert_ok(import_text(rom, 1, bigger, &err), &err);
  load(rom, Z3_MUSIC_OVERWORLD);
  z3_music_song s;
  read_song(1, &s);
  assert_int_equal(s.bytes, 181 + 16);
  assert_true(s.addr > 0xD130); /* after song 3, the last of the bank */
  z3_music_song_release(&s);
  char *after = export_text(rom, 2);
  assert_string_equal(after, other);
  z3_free(after), z3_free(bigger), z3_free(text), z3_free(other);
  z3_rom_free(rom);
}

/* A song larger than the free space is refused with how many bytes over, and nothing is written. */
Z3_TEST(oversized_song_is_refused) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_buf t;
  z3_buf_init(&t);
  z3_buf_printf(&t, "order\n  play p\n  end\npattern p\n  t - - - - - - -\ntrack t\n");
  for (int i = 0; i < 1400; i++) z3_buf_printf(&t, " c4");
  z3_buf_push(&t, 0, NULL);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(import_text(rom, 3, (const char *)t.data, &err), Z3_E_INVALID);
  /* 2 + 2 + 16 + 1401 = 1421 bytes; song 3's 51 bytes join the 1195 free ones, in two runs */
  assert_non_null(strstr(err.message, "the song needs 1421 bytes"));
  assert_non_null(strstr(err.message, "bytes over"));
  assert_int_equal(rom->change_count, 0);
  z3_buf_release(&t);
  z3_rom_free(rom);
}

static void expect_error(const char *text, const char *where, const char *what) {
  z3_music_asm a;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_music_asm_parse(text, strlen(text), &a, &err), Z3_E_INVALID);
  if (!strstr(err.message, where) || !strstr(err.message, what)) print_error("got: %s\n", err.message);
  assert_non_null(strstr(err.message, where));
  assert_non_null(strstr(err.message, what));
}

/* Mistakes in the text are named with line and column. */
Z3_TEST(text_errors_have_line_and_column) {
  (void)state;
  const char *head = "order\n  play p\n  end\npattern p\n  t - - - - - - -\n";
  char buf[512];
  snprintf(buf, sizeof buf, "%strack t\n  l24 c4 h4\n", head);
  expect_error(buf, "line 7, column 10", "'h4' is not a note");
  snprintf(buf, sizeof buf, "%strack t\n  vol 300\n", head);
  expect_error(buf, "line 7, column 7", "must be a number 0-255");
  snprintf(buf, sizeof buf, "%strack t\n  call nowhere 2\n", head);
  expect_error(buf, "line 7, column 8", "no label 'nowhere'");
  snprintf(buf, sizeof buf, "%strack t\n  l200 c4\n", head);
  expect_error(buf, "line 7, column 3", "a duration is l1-l127");
  expect_error("order\n  play p\npattern p\n  - - - - - - - -\n", "column", "must finish with end or jump");
  expect_error("order\n  play p\n  end\npattern p\n  t t\ntrack t\n c4\n", "line 6, column 1", "has 2 tracks, not 8");
  expect_error("order\n  play t\n  end\ntrack t\n c4\n", "line 2, column 8", "'t' is not a pattern");
  snprintf(buf, sizeof buf, "%strack t\n  l24\n  l12 c4\n", head);
  expect_error(buf, "line 8, column 3", "right after a duration");
  expect_error("track t @12345\n", "line 1, column 9", "an address is @ and four hex digits");
  /* a block nothing plays would be written where no song reads it */
  snprintf(buf, sizeof buf, "%strack t\n  c4\ntrack spare\n  d4\n", head);
  expect_error(buf, "line 8, column 7", "track 'spare' is never played");
  /* a loop forward to the end: the song reader (and so export) refuses such an order list */
  expect_error("order\ntop:\n  repeat 3 later\n  jump top\nlater:\n", "line 3, column 12", "'later' comes after this repeat or jump");
}

/* A minimal MIDI reader: the header's fields, and note-ons per track. */
static void read_midi(const uint8_t *d, size_t n, int *tracks, int *division, int note_ons[16], int first_key[16]) {
  assert_memory_equal(d, "MThd", 4);
  assert_int_equal(d[9], 1); /* format 1 */
  *tracks = d[10] << 8 | d[11], *division = d[12] << 8 | d[13];
  size_t at = 14;
  for (int t = 0; t < *tracks; t++) {
    assert_true(at + 8 <= n);
    assert_memory_equal(d + at, "MTrk", 4);
    size_t len = (size_t)d[at + 4] << 24 | (size_t)d[at + 5] << 16 | (size_t)d[at + 6] << 8 | d[at + 7], p = at + 8;
    note_ons[t] = 0, first_key[t] = -1;
    while (p < at + 8 + len) {
      while (d[p] & 0x80) p++; /* delta time */
      p++;
      uint8_t s = d[p];
      if (s == 0xFF) { p += 3 + d[p + 2]; continue; }
      if ((s & 0xF0) == 0x90) {
        if (first_key[t] < 0) first_key[t] = d[p + 1];
        note_ons[t]++;
      }
      p += (s & 0xF0) == 0xC0 ? 2 : 3;
    }
    assert_int_equal(p, at + 8 + len);
    at = p;
  }
  assert_int_equal(at, n);
}

/* MIDI of song 2: one track per channel, its notes, the first at G4. */
Z3_TEST(midi_reads_back) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  load(rom, Z3_MUSIC_OVERWORLD);
  z3_music_song s;
  read_song(2, &s);
  z3_music_seq seq;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_music_seq_build(&img, &s, 0, &seq, &err), &err);
  assert_false(seq.looped);
  z3_buf mid;
  z3_buf_init(&mid);
  assert_ok(z3_music_midi_write(&seq, &mid, &err), &err);
  int tracks, division, ons[16], first[16];
  read_midi(mid.data, mid.len, &tracks, &division, ons, first);
  assert_int_equal(tracks, 9);
  assert_int_equal(division, 48);
  /* order: a, a (repeat 2 jumps once more... twice), b: melody 5 notes x3 + ending 4 */
  int notes = 0;
  for (size_t i = 0; i < seq.count; i++) notes += seq.events[i].kind == Z3_SEQ_NOTE;
  assert_int_equal(ons[1] + ons[3], notes);
  assert_int_equal(ons[1], 5 * 3 + 4);
  assert_int_equal(first[1], 67); /* g4 = $AB, MIDI C1 = 24 */
  assert_int_equal(ons[2], 0);
  z3_buf_release(&mid);
  z3_music_seq_release(&seq);
  z3_music_song_release(&s);
  z3_rom_free(rom);
}

typedef struct fake_dsp {
  z3_dsp dsp;
  size_t frames;
  int kon_writes, peak;
} fake_dsp;

static void fw(void *data, uint8_t reg, uint8_t value) {
  fake_dsp *f = data;
  if (reg == 0x4C && value) f->kon_writes++;
  z3_dsp_write(&f->dsp, reg, value);
}

static z3_status fr(void *data, size_t frames, z3_error *err) {
  (void)err;
  fake_dsp *f = data;
  for (size_t i = 0; i < frames; i++) {
    int16_t out[2];
    z3_dsp_sample(&f->dsp, out);
    for (int c = 0; c < 2; c++) f->peak = abs(out[c]) > f->peak ? abs(out[c]) : f->peak;
  }
  f->frames += frames;
  return Z3_OK;
}

/* Playing through the S-DSP: the asked length, keys on, and sound comes out. */
Z3_TEST(play_renders_sound) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  load(rom, Z3_MUSIC_INDOOR);
  z3_music_song s;
  read_song(12, &s);
  z3_music_seq seq;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_music_seq_build(&img, &s, 4, &seq, &err), &err);
  assert_true(seq.looped);
  fake_dsp *f = calloc(1, sizeof *f);
  static uint8_t ram[0x10000];
  memcpy(ram, img.ram, sizeof ram);
  z3_dsp_power_on(&f->dsp, ram);
  z3_music_dsp_sink sink = {.write = fw, .render = fr, .data = f};
  assert_ok(z3_music_play(&img, &seq, 2.0, &sink, &err), &err);
  assert_int_equal(f->frames, 64000);
  assert_true(f->kon_writes >= 8); /* channel 0 keys on every 24 ticks, about 101 ticks a second */
  assert_true(f->peak > 1000);
  free(f);
  z3_music_seq_release(&seq);
  z3_music_song_release(&s);
  z3_rom_free(rom);
}

/* Pitch: C5 is the table's base, an octave doubles, the multiplier scales. */
Z3_TEST(pitch_follows_the_scale) {
  (void)state;
  assert_int_equal(z3_music_pitch(48, 0x100), 0x085F);
  assert_int_equal(z3_music_pitch(60, 0x100), 0x10BE);
  assert_int_equal(z3_music_pitch(36, 0x100), 0x042F);
  assert_int_equal(z3_music_pitch(48, 0x200), 0x10BE);
  assert_int_equal(z3_music_pitch(57, 0x100), 0x0E14); /* A5: 2143 * 2^(9/12) */
  assert_int_equal(z3_music_pitch(200, 0x100), 0x3FFF);
  int quarter_tone = z3_music_pitch_fine(48 * 256 + 128, 0x100); /* 2143 x 2^(1/24) = 2205.6, interpolated */
  assert_true(quarter_tone >= 2204 && quarter_tone <= 2208);
  assert_int_equal(z3_music_pitch_fine(47 * 256, 0x100), z3_music_pitch(47, 0x100));
  assert_true(z3_music_pitch_fine(47 * 256 + 255, 0x100) < 0x085F);
}

/* ---- effects: a synthetic song's per-tick voice registers ---------------- */

enum { MAX_TICKS_SEEN = 4096 };

/* A sink that keeps the registers and, at each tick's render, voice 0's pitch and left volume. */
typedef struct recorder {
  uint8_t regs[0x80];
  int pitch[MAX_TICKS_SEEN], vol[MAX_TICKS_SEEN], echo_vol[MAX_TICKS_SEEN], feedback[MAX_TICKS_SEEN];
  size_t frames[MAX_TICKS_SEEN];
  size_t ticks;
} recorder;

static void rec_write(void *data, uint8_t reg, uint8_t value) { ((recorder *)data)->regs[reg & 0x7F] = value; }

static z3_status rec_render(void *data, size_t frames, z3_error *err) {
  (void)err;
  recorder *r = data;
  if (r->ticks < MAX_TICKS_SEEN) {
    r->pitch[r->ticks] = r->regs[2] | (r->regs[3] & 0x3F) << 8;
    r->vol[r->ticks] = r->regs[0];
    r->echo_vol[r->ticks] = r->regs[0x2C];
    r->feedback[r->ticks] = (int8_t)r->regs[0x0D];
    r->frames[r->ticks] = frames;
  }
  r->ticks++;
  return Z3_OK;
}

/* A stand-in sound program for the echo tests: the sample ROM uploads none. At
 * $0840 a filter table in the driver's shape (the pass-through filter first);
 * filter 1's coefficients are ours. */
static const int8_t test_filter1[8] = {0x30, 0x20, 0x10, -0x08, -0x10, 0x08, 0x04, -0x04};
static bool with_driver;

static void plant_driver(void) {
  img.main.entry = 0x0800;
  img.main.blocks[img.main.count++] = (z3_apu_block){.addr = 0x0800, .len = 0x60};
  memset(img.ram + 0x0800, 0xEA, 0x60);
  memcpy(img.ram + 0x0840, (const uint8_t[8]){0x7F, 0, 0, 0, 0, 0, 0, 0}, 8);
  memcpy(img.ram + 0x0848, test_filter1, 8);
}

/* Plays one track (channel 0) given as text at $E000 of the sample's overworld image; *mult gets instrument 0's. */
static recorder *play_track(const char *track, uint16_t *mult) {
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  load(rom, Z3_MUSIC_OVERWORLD);
  z3_rom_free(rom);
  if (with_driver) plant_driver();
  char text[1024];
  snprintf(text, sizeof text, "order\n  play p\n  end\npattern p\n  t - - - - - - -\ntrack t\n  inst 0\n%s\n", track);
  z3_error err;
  z3_error_init(&err);
  z3_music_asm a;
  assert_ok(z3_music_asm_parse(text, strlen(text), &a, &err), &err);
  bool *free_map = calloc(0x10000, sizeof *free_map);
  for (int i = 0xE000; i < 0xF000; i++) free_map[i] = true;
  assert_ok(z3_music_asm_place(&a, free_map, 0xE000, 0xF000, &err), &err);
  assert_ok(z3_music_asm_encode(&a, &err), &err);
  z3_music_song song = {.id = 1};
  for (size_t i = 0; i < a.count; i++) {
    memcpy(img.ram + a.blocks[i].addr, a.blocks[i].bytes.data, a.blocks[i].bytes.len);
    if (a.blocks[i].kind == Z3_MB_ORDER) song.addr = a.blocks[i].addr;
  }
  z3_music_asm_release(&a);
  free(free_map);
  z3_music_seq seq;
  assert_ok(z3_music_seq_build(&img, &song, 0, &seq, &err), &err);
  recorder *r = calloc(1, sizeof *r);
  z3_music_dsp_sink sink = {.write = rec_write, .render = rec_render, .data = r};
  assert_ok(z3_music_play(&img, &seq, 0, &sink, &err), &err);
  assert_true(r->ticks > 48 && r->ticks < MAX_TICKS_SEEN);
  z3_music_seq_release(&seq);
  z3_music_instrument in;
  z3_music_instrument_get(&img, 0, &in);
  *mult = in.pitch_mult;
  return r;
}

/* Vibrato: the note's pitch until the delay, then a triangle of the rate's period (256/32 = 8 ticks)
 * peaking at depth/256 semitones (128: half a semitone) either side. */
Z3_TEST(vibrato_oscillates_after_its_delay) {
  (void)state;
  uint16_t m;
  recorder *r = play_track("  vibrato 6 32 128\n  l48 c5", &m);
  int base = z3_music_pitch(48, m);
  for (int t = 0; t <= 6; t++) assert_int_equal(r->pitch[t], base);
  assert_true(r->pitch[7] > base && r->pitch[7] < r->pitch[8]);
  assert_int_equal(r->pitch[8], z3_music_pitch_fine(48 * 256 + 128, m));
  assert_int_equal(r->pitch[10], base);
  assert_int_equal(r->pitch[12], z3_music_pitch_fine(48 * 256 - 128, m));
  for (int t = 6; t < 40; t++) assert_int_equal(r->pitch[t], r->pitch[t + 8]);
  free(r);
  /* vibratooff: steady again from the next note */
  r = play_track("  vibrato 0 32 128\n  l16 c5\n  vibratooff\n  c5", &m);
  assert_int_not_equal(r->pitch[2], base);
  for (int t = 16; t < 32; t++) assert_int_equal(r->pitch[t], base);
  free(r);
}

/* vibratofade: the same vibrato grows from nothing to its full depth over the fade's ticks. */
Z3_TEST(vibrato_fade_grows_the_depth) {
  (void)state;
  uint16_t m;
  recorder *r = play_track("  vibrato 0 32 128\n  vibratofade 16\n  l48 c5", &m);
  int base = z3_music_pitch(48, m), full = z3_music_pitch_fine(48 * 256 + 128, m);
  assert_true(r->pitch[2] > base && r->pitch[2] < r->pitch[10] && r->pitch[10] < full);
  assert_int_equal(r->pitch[18], full);
  free(r);
}

/* A slide after a note bends it from the delay on and reaches the target's pitch after delay + length ticks. */
Z3_TEST(slide_reaches_its_target) {
  (void)state;
  uint16_t m;
  recorder *r = play_track("  l48 c4\n  slide 4 8 $B0", &m); /* c4 = key 36 to $B0 = c5, key 48 */
  for (int t = 0; t <= 4; t++) assert_int_equal(r->pitch[t], z3_music_pitch(36, m));
  for (int t = 4; t < 12; t++) assert_true(r->pitch[t] < r->pitch[t + 1]);
  assert_int_equal(r->pitch[8], z3_music_pitch(42, m)); /* half way: six semitones */
  for (int t = 12; t < 48; t++) assert_int_equal(r->pitch[t], z3_music_pitch(48, m));
  free(r);
}

/* Pitch envelopes: penvfrom starts each note away and comes back; penvto goes away; penvoff stops them. */
Z3_TEST(pitch_envelopes_bend_each_note) {
  (void)state;
  uint16_t m;
  recorder *r = play_track("  penvfrom 0 4 12\n  l16 c4 d4\n  penvto 2 4 $FE\n  c4\n  penvoff\n  c4", &m);
  assert_int_equal(r->pitch[0], z3_music_pitch(48, m));
  assert_int_equal(r->pitch[2], z3_music_pitch(42, m));
  assert_int_equal(r->pitch[4], z3_music_pitch(36, m));
  assert_int_equal(r->pitch[16], z3_music_pitch(50, m)); /* d4 (38) + 12, again from its key-on */
  assert_int_equal(r->pitch[20], z3_music_pitch(38, m));
  assert_int_equal(r->pitch[34], z3_music_pitch(36, m));
  assert_int_equal(r->pitch[36], z3_music_pitch(35, m)); /* -2 semitones ($FE) over 4 ticks from tick 2 */
  assert_int_equal(r->pitch[38], z3_music_pitch(34, m));
  for (int t = 48; t < 64; t++) assert_int_equal(r->pitch[t], z3_music_pitch(36, m));
  free(r);
}

/* A volume fade moves every tick, monotonically, and ends at its value; tremolo dips the volume in its period. */
Z3_TEST(volume_fades_and_tremolo_move_per_tick) {
  (void)state;
  uint16_t m;
  recorder *r = play_track("  vol 200\n  volfade 16 40\n  l48 c4", &m);
  assert_int_equal(r->vol[0], 127 * 200 / 255);
  for (int t = 0; t < 16; t++) assert_true(r->vol[t] >= r->vol[t + 1]);
  assert_true(r->vol[0] > r->vol[8] && r->vol[8] > r->vol[15] && r->vol[15] > r->vol[16]);
  for (int t = 16; t < 48; t++) assert_int_equal(r->vol[t], 127 * 40 / 255);
  free(r);
  r = play_track("  tremolo 0 64 128\n  l48 c4", &m);
  assert_int_equal(r->vol[0], 127);
  assert_int_equal(r->vol[2], 63); /* half the cycle: down by depth/256 */
  for (int t = 0; t < 40; t++) assert_int_equal(r->vol[t], r->vol[t + 4]);
  free(r);
}

/* A tempo fade shortens the ticks step by step (more ticks a second, fewer frames a tick). */
Z3_TEST(tempo_fade_moves_per_tick) {
  (void)state;
  uint16_t m;
  recorder *r = play_track("  tempo 48\n  tempofade 32 96\n  l64 c4", &m);
  assert_true(r->frames[0] > 330 && r->frames[0] < 350); /* 32000 / (48 x 500 / 256) = 341 */
  assert_true(r->frames[16] < r->frames[4] - 40 && r->frames[16] > r->frames[40] + 40);
  assert_true(r->frames[40] > 165 && r->frames[40] < 176); /* tempo 96: 170.7 */
  free(r);
}

/* Z3ED_TEST_ROM: the game's 34 songs (yaze's vanilla table: 1-11 overworld, 12-31 indoor,
 * 32-34 ending) read, and each exports and imports back to the same bytes. */
Z3_TEST(vanilla_songs) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path) {
    skip();
    return;
  }
  z3_rom *rom = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  for (int id = 1; id <= 34; id++) {
    int want = id <= 11 ? Z3_MUSIC_OVERWORLD : id <= 31 ? Z3_MUSIC_INDOOR : Z3_MUSIC_ENDING;
    assert_int_equal(z3_music_find_bank(rom, id), want);
    char *text = export_text(rom, id);
    z3_music_song s;
    read_song(id, &s);
    assert_true(s.patterns > 0 && s.tracks > 0);
    z3_music_song_release(&s);
    assert_ok(import_text(rom, id, text, &err), &err);
    assert_int_equal(z3_rom_bytes_changed(rom), 0);
    z3_free(text);
  }
  z3_rom_free(rom);
}

/* echoparams: delay, buffer below the song table, feedback, and the filter read from the driver's table;
 * echo output and feedback stay at zero until the new buffer has been written over once. */
Z3_TEST(echo_params_set_delay_feedback_and_filter) {
  (void)state;
  uint16_t m;
  with_driver = true;
  recorder *r = play_track("  echo 1 40 40\n  echoparams 3 $EC 1\n  l48 c5", &m);
  with_driver = false;
  assert_int_equal(r->regs[0x7D], 3);                 /* EDL */
  assert_int_equal(r->regs[0x6D], 0xD0 - 3 * 8);      /* ESA: 6 KiB ending at $D000 */
  assert_int_equal((int8_t)r->regs[0x0D], -20);       /* EFB */
  for (int i = 0; i < 8; i++) assert_int_equal((int8_t)r->regs[0x0F | i << 4], test_filter1[i]);
  size_t start = 0, t = 0;
  for (; t < r->ticks && start < 4 * 512; t++) {    /* (delay + 1) x 16 ms of silence */
    assert_int_equal(r->echo_vol[t], 0);
    assert_int_equal(r->feedback[t], 0);
    start += r->frames[t];
  }
  assert_int_equal(r->echo_vol[t + 1], 40);
  assert_int_equal(r->feedback[t + 1], -20);
  free(r);
  /* without a sound program to read the table from, the pass-through filter stays */
  r = play_track("  echo 1 40 40\n  echoparams 3 $EC 1\n  l48 c5", &m);
  assert_int_equal(r->regs[0x7D], 3);
  assert_int_equal((uint8_t)r->regs[0x0F], 0x7F);
  for (int i = 1; i < 8; i++) assert_int_equal(r->regs[0x0F | i << 4], 0);
  free(r);
  /* a filter index past the driver's upload is not read from whatever follows it */
  int8_t fir[8];
  plant_driver();
  assert_true(z3_music_echo_filter(&img, 0, fir) && fir[0] == 0x7F);
  assert_true(z3_music_echo_filter(&img, 1, fir) && fir[3] == -0x08);
  assert_true(z3_music_echo_filter(&img, 3, fir));
  assert_false(z3_music_echo_filter(&img, 4, fir));
}

Z3_RUN(cmocka_unit_test(sample_banks_hold_their_songs), cmocka_unit_test(samples_decode),
       cmocka_unit_test(text_round_trip_is_identical), cmocka_unit_test(grown_song_is_relocated),
       cmocka_unit_test(oversized_song_is_refused), cmocka_unit_test(text_errors_have_line_and_column),
       cmocka_unit_test(midi_reads_back), cmocka_unit_test(play_renders_sound), cmocka_unit_test(pitch_follows_the_scale),
       cmocka_unit_test(vibrato_oscillates_after_its_delay), cmocka_unit_test(vibrato_fade_grows_the_depth),
       cmocka_unit_test(slide_reaches_its_target), cmocka_unit_test(pitch_envelopes_bend_each_note),
       cmocka_unit_test(volume_fades_and_tremolo_move_per_tick), cmocka_unit_test(tempo_fade_moves_per_tick),
       cmocka_unit_test(echo_params_set_delay_feedback_and_filter),
       cmocka_unit_test(vanilla_songs))
