/* What lz2_compress.c (encoders) and lz2_match.c (match finder) share; not
 * part of the public API. */
#ifndef Z3_SNES_LZ2_INTERNAL_H
#define Z3_SNES_LZ2_INTERNAL_H

#include "snes/lz2.h"

/* Longest output of one command. */
#define Z3_LZ2__MAX_LEN 1024

/* For every position i of s: len[i] = the longest match (capped at 1024)
 * between the bytes from i and the bytes from some earlier start o < i, and
 * from[i] = one such o; len[i] = 0 when s[i] never occurred before. The
 * match may run past i (o + len > i). Linear time. */
z3_status z3_lz2__longest_previous(const uint8_t *s, size_t n, uint16_t *len, uint16_t *from,
                                   z3_error *err);

#endif
