/*
 * WAV (RIFF, PCM) encoding: 16-bit signed little-endian stereo, the format
 * the SNES's S-DSP produces and every audio tool reads.
 */
#ifndef Z3_BASE_WAV_H
#define Z3_BASE_WAV_H

#include "base/base.h"

/* Replaces out's contents with a WAV file of `frames` stereo frames
 * (interleaved left, right) at `rate` Hz. Refuses data past WAV's 4 GiB. */
z3_status z3_wav_encode(z3_buf *out, const int16_t *samples, size_t frames, uint32_t rate,
                        z3_error *err);

#endif
