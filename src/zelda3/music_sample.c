/* Instruments and BRR samples of a sound bank (music.h). */
#include <string.h>

#include "zelda3/music.h"

void z3_music_instrument_get(const z3_music_image *img, int index, z3_music_instrument *out) {
  const uint8_t *p = img->ram + Z3_MUSIC_INSTRUMENTS + Z3_MUSIC_INSTRUMENT_SIZE * (index & 0xFF);
  if (Z3_MUSIC_INSTRUMENTS + Z3_MUSIC_INSTRUMENT_SIZE * (index & 0xFF) + 6 > 0x10000) p = img->ram;
  out->sample = p[0], out->adsr1 = p[1], out->adsr2 = p[2], out->gain = p[3];
  out->pitch_mult = (uint16_t)(p[4] << 8 | p[5]);
}

static int clamp16(int v) { return v < -32768 ? -32768 : v > 32767 ? 32767 : v; }

/* One nibble through the block's shift and filter, as the S-DSP decodes it
 * (fullsnes: shift 13-15 gives 0 or -2048; filters 1-3 predict from the last
 * two outputs; the result is clamped, then kept to 15 bits). */
static int decode_nibble(int nibble, int shift, int filter, int p1, int p2) {
  int s = shift <= 12 ? (nibble * (1 << shift)) >> 1 : (nibble < 0 ? -2048 : 0);
  switch (filter) {
    case 1: s += p1 + (-p1 >> 4); break;
    case 2: s += 2 * p1 + ((-3 * p1) >> 5) - p2 + (p2 >> 4); break;
    case 3: s += 2 * p1 + ((-13 * p1) >> 6) - p2 + ((3 * p2) >> 4); break;
    default: break;
  }
  return (int16_t)(clamp16(s) * 2) >> 1;
}

z3_status z3_music_brr_decode(const uint8_t *ram, int srcn, z3_buf *pcm, size_t *loop_frame, z3_error *err) {
  uint32_t dir = Z3_MUSIC_SAMPLE_DIR + 4u * (unsigned)(srcn & 0xFF);
  uint16_t start = (uint16_t)(ram[dir] | ram[dir + 1] << 8), loop = (uint16_t)(ram[dir + 2] | ram[dir + 3] << 8);
  int p1 = 0, p2 = 0;
  *loop_frame = (size_t)-1;
  pcm->len = 0;
  for (uint32_t at = start, blocks = 0;; at += 9, blocks++) {
    if (at + 9 > 0x10000 || blocks > 0x10000 / 9)
      return z3_error_set(err, Z3_E_INVALID, "sample %d at $%04X has no end block before $FFFF", srcn, start);
    if (at == loop) *loop_frame = pcm->len / 2;
    uint8_t h = ram[at];
    for (int i = 0; i < 16; i++) {
      int byte = ram[at + 1 + i / 2];
      int nibble = (i & 1 ? byte & 15 : byte >> 4);
      nibble = nibble >= 8 ? nibble - 16 : nibble;
      int s = decode_nibble(nibble, h >> 4, (h >> 2) & 3, p1, p2);
      p2 = p1, p1 = s;
      int16_t out = (int16_t)(s * 2);
      z3_status st = z3_buf_append(pcm, &out, 2, err);
      if (st) return st;
    }
    if (h & 1) {
      if (!(h & 2)) *loop_frame = (size_t)-1;
      return Z3_OK;
    }
  }
}
