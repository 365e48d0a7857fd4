/* The sample overworld's pictures (sample_overworld*.c only): tile16 and
 * tile32 definitions and the tile32 ids of every screen, built from the
 * designed areas of sample_overworld_map.c. */
#ifndef Z3_ZELDA3_SAMPLE_OVERWORLD_H
#define Z3_ZELDA3_SAMPLE_OVERWORLD_H

#include "zelda3/overworld.h"

typedef struct z3_sample_world {
  uint16_t (*tile16)[4];        /* Z3_OW_TILE16_COUNT tile8 words */
  z3_ow_tile32 *tile32;         /* Z3_OW_TILE32_COUNT */
  uint16_t (*screens)[256];     /* Z3_OW_AREA_COUNT screens of tile32 ids */
  int tile16_designed, tile32_designed;
} z3_sample_world;

/* Whether a screen shows a designed area (the others are plain grass, tile32 0). */
bool z3_sample__screen_designed(int id);
z3_status z3_sample__world_build(z3_sample_world *w, z3_error *err);
void z3_sample__world_free(z3_sample_world *w);

#endif
