/*
 * SNES colours (data reference §5.1). A colour is a little-endian BGR555 word:
 *
 *   15 14    10 9     5 4     0
 *  +--+--------+-------+-------+
 *  | 0|  blue  | green |  red  |
 *  +--+--------+-------+-------+
 *
 * To 8 bits per channel by bit replication: (x << 3) | (x >> 2), so 31 -> 255.
 * Back by truncation: v >> 3. Truncation inverts replication exactly, so
 * SNES -> RGB -> SNES is the identity and RGB -> SNES -> RGB -> SNES is stable.
 */
#ifndef Z3_SNES_COLOR_H
#define Z3_SNES_COLOR_H

#include "base/base.h"

typedef struct z3_rgb {
  uint8_t r, g, b;
} z3_rgb;

z3_rgb z3_color_to_rgb(uint16_t bgr555);
uint16_t z3_color_from_rgb(z3_rgb rgb); /* bit 15 always 0 */
/* Parses "#RRGGBB", "RRGGBB", "$7FFF"/"0x7FFF" (BGR555) or "r,g,b" (0-255). */
bool z3_color_parse(const char *text, uint16_t *out);
/* "#RRGGBB" into out[8]. */
void z3_color_format_hex(uint16_t bgr555, char out[8]);

#endif
