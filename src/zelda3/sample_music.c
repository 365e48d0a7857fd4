/*
 * The sample ROM's sound banks: a small song set of our own in the game's
 * layout (music.h), so music commands run and are tested without the game.
 *
 * The main chain ($19:8000) uploads a sample directory, 25 instruments and
 * four BRR samples made here (square, saw, triangle, a noise hit); there is
 * no sound program (the game's is Nintendo's), so the entry address is only
 * the vanilla $0800. Each song bank uploads one block at $D000: the song
 * table (11 slots overworld, 35 indoor and ending, as in the game), the songs
 * below assembled from the music text format, and zero padding up to the
 * bank's size, which import may use.
 */
#include <string.h>

#include "zelda3/music.h"
#include "zelda3/sample_internal.h"

enum { SAMPLES = 4, BRR_MAX = 0x400 };

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }

/* Filter-0 BRR of n 16-bit samples (n a multiple of 16): per block the
 * smallest shift that keeps every nibble in -8..7. */
/* x / 2^shift rounded to nearest, without libm. */
static long scaled(int x, int shift) {
  long d = 1L << shift;
  return x >= 0 ? (x + d / 2) / d : -((-x + d / 2) / d);
}

static size_t brr_encode(const int16_t *pcm, size_t n, bool loop, uint8_t *out) {
  size_t o = 0;
  for (size_t blk = 0; blk < n / 16; blk++) {
    const int16_t *x = pcm + blk * 16;
    int shift = 0;
    for (; shift < 12; shift++) {
      bool fits = true;
      for (int i = 0; i < 16 && fits; i++) {
        long v = scaled(x[i], shift);
        fits = v >= -8 && v <= 7;
      }
      if (fits) break;
    }
    bool last = blk + 1 == n / 16;
    out[o++] = (uint8_t)(shift << 4 | (last && loop ? 2 : 0) | (last ? 1 : 0));
    for (int i = 0; i < 16; i += 2) {
      long a = scaled(x[i], shift), b = scaled(x[i + 1], shift);
      a = a < -8 ? -8 : a > 7 ? 7 : a;
      b = b < -8 ? -8 : b > 7 ? 7 : b;
      out[o++] = (uint8_t)((a & 15) << 4 | (b & 15));
    }
  }
  return o;
}

/* One period of 32 frames (looped) for the tones, 256 decaying frames for the hit. */
static size_t make_wave(int kind, int16_t *pcm) {
  if (kind == 3) {
    uint32_t s = 0x1234567;
    for (int i = 0; i < 256; i++) {
      s = s * 1103515245u + 12345u;
      pcm[i] = (int16_t)(((int)((s >> 16) & 0x7FFF) - 0x4000) * (256 - i) / 256);
    }
    return 256;
  }
  for (int i = 0; i < 32; i++) {
    int v = kind == 0 ? (i < 16 ? 12000 : -12000) : kind == 1 ? -12000 + i * 750 : (i < 16 ? -12000 + i * 1500 : 12000 - (i - 16) * 1500);
    pcm[i] = (int16_t)v;
  }
  return 32;
}

/* Directory, instruments and samples into the main chain. */
static size_t write_main(uint8_t *at) {
  uint8_t dir[SAMPLES * 4], inst[Z3_MUSIC_INSTRUMENT_COUNT * Z3_MUSIC_INSTRUMENT_SIZE], brr[BRR_MAX];
  size_t brr_len = 0;
  for (int k = 0; k < SAMPLES; k++) {
    int16_t pcm[256];
    size_t n = make_wave(k, pcm);
    unsigned start = Z3_MUSIC_SAMPLES + (unsigned)brr_len;
    put16(dir + 4 * k, start);
    put16(dir + 4 * k + 2, start);
    brr_len += brr_encode(pcm, n, k != 3, brr + brr_len);
  }
  /* sample, ADSR1 (enabled, attack, decay), ADSR2 (sustain level, rate), GAIN, pitch x1.0 */
  static const uint8_t kinds[SAMPLES][6] = {
      {0, 0xFE, 0x6A, 0x7F, 0x01, 0x00}, {1, 0xFF, 0xE8, 0x7F, 0x01, 0x00},
      {2, 0xFA, 0xEE, 0x7F, 0x01, 0x00}, {3, 0xFF, 0x0E, 0x7F, 0x02, 0x00}};
  for (int i = 0; i < Z3_MUSIC_INSTRUMENT_COUNT; i++) memcpy(inst + 6 * i, kinds[i % SAMPLES], 6);
  size_t o = 0;
  const struct { uint16_t addr; const uint8_t *data; size_t len; } blocks[] = {
      {Z3_MUSIC_SAMPLE_DIR, dir, sizeof dir}, {Z3_MUSIC_INSTRUMENTS, inst, sizeof inst}, {Z3_MUSIC_SAMPLES, brr, brr_len}};
  for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
    put16(at + o, (unsigned)blocks[i].len), put16(at + o + 2, blocks[i].addr);
    memcpy(at + o + 4, blocks[i].data, blocks[i].len);
    o += 4 + blocks[i].len;
  }
  put16(at + o, 0), put16(at + o + 2, 0x0800);
  return o + 4;
}

static const char song_title[] =
    "song 1\n"
    "order\n  play intro\nmain:\n  play verse\n  play verse2\n  jump main\n"
    "pattern intro\n  lead bass drums - - - - -\n"
    "pattern verse\n  lead2 bass drums - - - - -\n"
    "pattern verse2\n  lead3 bass2 drums - - - - -\n"
    "track lead\n  tempo 48\n  mvol 200\n  echo 1 40 40\n  echoparams 2 64 0\n"
    "  inst 0\n  vol 200\n  pan 10\n  l24q7v15 c5 e5 g5 l48 c6 tie l24 rest b4\n"
    "track bass\n  inst 1\n  vol 170\n  pan 14\n  l48q5v12 c3 g3 a2 g2 c3\n"
    "track bass2\n  ctranspose 2\n  call bass_riff 2\n  ctranspose 0\n  l48 c3\n"
    "track bass_riff\n  l24q5v12 c3 c4 g3 c4\n"
    "track drums\n  inst 3\n  vol 190\n  pan 6\n  percbase 3\n  l24q7v10 p0 rest p0 rest\n  call fill 2\n  l48 p0 p0\n"
    "track fill\n  l12 p0 p0\n"
    "track lead2\n  inst 2\n  vibrato 8 20 40\n  l24q7v14 e5 d5 c5 l48 g4 tie l24 a4 b4\n  vibratooff\n"
    "track lead3\n  inst 0\n  l24q6v15 c5 c5 g5 g5 a5 a5 l48 g5 l24 f5 e5\n";

static const char song_field[] =
    "song 2\n"
    "order\nstart:\n  play a\n  repeat 2 start\n  play b\n  end\n"
    "pattern a\n  melody - chords - - - - -\n"
    "pattern b\n  ending - chords - - - - -\n"
    "track melody\n  tempo 60\n  inst 2\n  vol 220\n  pan 12\n  l36q7v15 g4 a4 b4 d5 l72 c5\n"
    "track chords\n  inst 0\n  vol 120\n  pan 8\n  panfade 72 12\n  l72q4v9 c4 g3\n  volfade 36 60\n  l72 c4\n"
    "track ending\n  inst 2\n  l36 c5 b4 g4 l108 c5\n";

static const char song_cave[] =
    "song 3\n"
    "order\nloop:\n  play p\n  jump loop\n"
    "pattern p\n  t0 t1 - - - - - -\n"
    "track t0\n  tempo 36\n  inst 1\n  vol 150\n  transpose 0\n  l18q3v8 c3 rest d#3 rest g3 rest a#3 rest\n"
    "track t1\n  inst 2\n  vol 90\n  pan 3\n  l72 c5 tie\n";

static const char song_dungeon[] =
    "song 12\n"
    "order\nloop:\n  play p\n  play q\n  jump loop\n"
    "pattern p\n  t0 t1 t2 - - - - -\n"
    "pattern q\n  t3 t1 t2 - - - - -\n"
    "track t0\n  tempo 52\n  inst 0\n  vol 180\n  l24q7v13 a3 c4 e4 a4 g#4 e4 c4 b3\n"
    "track t3\n  inst 0\n  l24q7v13 a3 c4 e4 a4 l48 b4 g#4\n"
    "track t1\n  inst 1\n  vol 140\n  pan 15\n  l96q6v11 a2 e2\n"
    "track t2\n  inst 3\n  vol 200\n  percbase 3\n  l48q7v12 p0 p0 p0 p0\n";

static const char song_shop[] =
    "song 14\n"
    "order\n  play p\n  end\n"
    "pattern p\n  t0 - - - - - - -\n"
    "track t0\n  tempo 70\n  inst 2\n  vol 200\n  tune 8\n  l12q7v15 c5 d5 e5 f5 g5 a5 b5 c6\n";

static const char song_credits[] =
    "song 32\n"
    "order\n  play p\n  play p\n  end\n"
    "pattern p\n  t0 t1 - - - - - -\n"
    "track t0\n  tempo 44\n  mvolfade 48 160\n  inst 2\n  vol 200\n  l48q7v15 e4 g4 c5 tie\n"
    "track t1\n  inst 1\n  vol 130\n  l96q5v10 c3 g2\n";

typedef struct bank_plan {
  z3_music_bank_id bank;
  int slots;
  uint16_t size; /* the block's length, table and padding included */
  const char *songs[4];
} bank_plan;

static const bank_plan plans[] = {
    {Z3_MUSIC_OVERWORLD, 11, 0x600, {song_title, song_field, song_cave, NULL}},
    {Z3_MUSIC_INDOOR, 35, 0x500, {song_dungeon, song_shop, NULL}},
    {Z3_MUSIC_ENDING, 35, 0x300, {song_credits, NULL}},
};

/* Assembles text at *cursor (APU addresses) into area (the block's bytes from $D000). */
static z3_status put_song(uint8_t *area, uint16_t *cursor, const char *text, z3_error *err) {
  z3_music_asm a;
  z3_status st = z3_music_asm_parse(text, strlen(text), &a, err);
  if (st) return st;
  bool *free_map = z3_calloc(0x10000, sizeof *free_map);
  if (!free_map) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) {
    memset(free_map + *cursor, 1, 0x10000 - *cursor);
    st = z3_music_asm_place(&a, free_map, *cursor, 0x10000, err);
  }
  if (st == Z3_OK) st = z3_music_asm_encode(&a, err);
  for (size_t i = 0; st == Z3_OK && i < a.count; i++) {
    memcpy(area + (a.blocks[i].addr - Z3_MUSIC_SONG_TABLE), a.blocks[i].bytes.data, a.blocks[i].bytes.len);
    if (a.blocks[i].kind == Z3_MB_ORDER) put16(area + 2 * (a.song - 1), a.blocks[i].addr);
  }
  *cursor = (uint16_t)(*cursor + a.bytes);
  z3_free(free_map);
  z3_music_asm_release(&a);
  return st;
}

static z3_status write_bank(uint8_t *img, const bank_plan *plan, z3_error *err) {
  uint8_t *at = img + z3_music_bank_pc(plan->bank);
  put16(at, plan->size), put16(at + 2, Z3_MUSIC_SONG_TABLE);
  uint8_t *area = at + 4;
  memset(area, 0, plan->size);
  uint16_t cursor = (uint16_t)(Z3_MUSIC_SONG_TABLE + 2 * plan->slots);
  z3_status st = Z3_OK;
  for (int i = 0; st == Z3_OK && plan->songs[i]; i++) st = put_song(area, &cursor, plan->songs[i], err);
  if (st == Z3_OK && cursor > Z3_MUSIC_SONG_TABLE + plan->size)
    st = z3_error_set(err, Z3_E_INTERNAL, "the sample's %s songs overflow their bank", z3_music_bank_names[plan->bank]);
  put16(area + plan->size, 0), put16(area + plan->size + 2, 0x0800);
  return st;
}

z3_status z3_sample__write_music(uint8_t *img, size_t size, z3_error *err) {
  if (size < 0x100000) return Z3_OK;
  write_main(img + z3_music_bank_pc(Z3_MUSIC_MAIN));
  z3_status st = Z3_OK;
  for (size_t i = 0; st == Z3_OK && i < sizeof plans / sizeof plans[0]; i++) st = write_bank(img, &plans[i], err);
  return st;
}
