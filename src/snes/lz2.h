/*
 * LC_LZ2 as ALttP uses it (data reference §2): decompression of both variants,
 * and compression with an optimal or a fast greedy encoder.
 *
 * Chunk header (one byte, or two when the top three bits are 111):
 *
 *     7 6 5 4 3 2 1 0                    7 6 5 4 3 2 1 0   7 6 5 4 3 2 1 0
 *    +-----+---------+                  +-----+-----+---+ +---------------+
 *    | cmd | len - 1 |   normal         |1 1 1| cmd |len - 1 (10 bits)  |   extended
 *    +-----+---------+  (1..32 bytes)   +-----+-----+---+ +---------------+  (1..1024 bytes)
 *
 *   cmd 0  direct copy     N literal bytes follow
 *   cmd 1  byte fill       1 byte b: b repeated N times
 *   cmd 2  word fill       2 bytes a b: a b a b ... (odd N ends with a)
 *   cmd 3  increasing fill 1 byte b: b, b+1, ... (8-bit wrap)
 *   cmd 4  copy            2-byte ABSOLUTE offset into this stream's output,
 *                          copied byte by byte forwards (may overlap)
 *   cmd 5-7 decode as copies in the game; never written
 *   $FF    end of stream
 *
 * The two variants differ only in the copy offset's byte order.
 *
 * Ownership: `out` is caller-initialised and caller-released.
 */
#ifndef Z3_SNES_LZ2_H
#define Z3_SNES_LZ2_H

#include "base/base.h"

typedef enum z3_lz2_variant {
  Z3_LZ2_GRAPHICS = 0,  /* copy offsets little-endian: $00:E79E, graphics sheets */
  Z3_LZ2_OVERWORLD = 1, /* copy offsets big-endian: $02:FEBB, overworld map data */
} z3_lz2_variant;

typedef enum z3_lz2_mode {
  Z3_LZ2_OPTIMAL = 0,   /* shortest possible output for the input */
  Z3_LZ2_GREEDY = 1,    /* fast, longest-command-first */
} z3_lz2_mode;

/* Copy offsets are 16-bit, so one stream holds at most 64 KiB of output. */
#define Z3_LZ2_MAX_OUTPUT 0x10000u

/*
 * Decompresses the stream starting at src[0] (src_len bytes available).
 * Output is appended to out, capped at max_out bytes (0 = Z3_LZ2_MAX_OUTPUT).
 * *consumed (may be NULL) receives the stream's compressed size including
 * the $FF terminator. Errors (Z3_E_INVALID, with err->offset = the input
 * offset of the offending header): truncated input, output past max_out, a
 * copy from at or beyond the current output length. Commands 5-7 decode as
 * copies, as the game does.
 */
z3_status z3_lz2_decompress(z3_buf *out, const uint8_t *src, size_t src_len,
                            z3_lz2_variant variant, size_t max_out, size_t *consumed,
                            z3_error *err);

/* Compresses len bytes (at most Z3_LZ2_MAX_OUTPUT) into out, terminator
 * included. Only commands 0-4 are emitted; the result always decompresses to
 * exactly the input with either decoder of the same variant. */
z3_status z3_lz2_compress(z3_buf *out, const uint8_t *src, size_t len, z3_lz2_variant variant,
                          z3_lz2_mode mode, z3_error *err);

const char *z3_lz2_variant_name(z3_lz2_variant v); /* "graphics", "overworld" */
const char *z3_lz2_mode_name(z3_lz2_mode m);       /* "optimal", "greedy" */

#endif
