/* WAV encoding (wav.h). */
#include "base/wav.h"

#include <string.h>

static void put16(uint8_t *p, uint16_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v) {
  put16(p, (uint16_t)v);
  put16(p + 2, (uint16_t)(v >> 16));
}

z3_status z3_wav_encode(z3_buf *out, const int16_t *samples, size_t frames, uint32_t rate,
                        z3_error *err) {
  enum { CHANNELS = 2, BYTES_PER_FRAME = 4, HEADER = 44 };
  out->len = 0;
  if (frames > (0xFFFFFFFFu - HEADER) / BYTES_PER_FRAME)
    return z3_error_set(err, Z3_E_INVALID, "%zu audio frames do not fit in a WAV file", frames);
  uint32_t data_len = (uint32_t)(frames * BYTES_PER_FRAME);
  uint8_t h[HEADER];
  memcpy(h, "RIFF", 4);
  put32(h + 4, 36 + data_len);
  memcpy(h + 8, "WAVEfmt ", 8);
  put32(h + 16, 16);                      /* fmt chunk size */
  put16(h + 20, 1);                       /* PCM */
  put16(h + 22, CHANNELS);
  put32(h + 24, rate);
  put32(h + 28, rate * BYTES_PER_FRAME);  /* bytes per second */
  put16(h + 32, BYTES_PER_FRAME);
  put16(h + 34, 16);                      /* bits per sample */
  memcpy(h + 36, "data", 4);
  put32(h + 40, data_len);
  z3_status st = z3_buf_resize(out, HEADER + (size_t)data_len, err);
  if (st) return st;
  memcpy(out->data, h, sizeof h);
  for (size_t i = 0; i < frames * CHANNELS; i++) put16(out->data + HEADER + 2 * i, (uint16_t)samples[i]);
  return Z3_OK;
}
