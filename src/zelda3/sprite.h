/*
 * ALttP sprites (world reference §4): the id → name catalogue for the 243
 * sprite ids 0x00-0xF2 and the 26 overlords 0x01-0x1A, and the eight sprite
 * property tables in bank $0D (one byte per sprite id each).
 *
 * Names follow the usdasm jump-table labels (believed canonical), written as
 * words; ids without a handler (0xF3-0xFF) and overlord 0 / ids above 0x1A
 * have no name.
 */
#ifndef Z3_ZELDA3_SPRITE_H
#define Z3_ZELDA3_SPRITE_H

#include <stdint.h>

enum {
  Z3_SPRITE_COUNT = 0xF3,        /* ids 0x00-0xF2 */
  Z3_OVERLORD_FIRST = 0x01,
  Z3_OVERLORD_LAST = 0x1A,
  Z3_OVERLORD_COUNT = Z3_OVERLORD_LAST - Z3_OVERLORD_FIRST + 1,
};

/* "Octorok", "Green Guard", ...; NULL for ids 0xF3-0xFF. */
const char *z3_sprite_name(uint8_t id);
/* "Falling Stalfos", "Moving Floor", ...; NULL outside 0x01-0x1A. */
const char *z3_overlord_name(uint8_t id);

#endif
