/* Pieces of the sample ROM's dungeon writer (sample_dungeon*.c only). */
#ifndef Z3_ZELDA3_SAMPLE_DUNGEON_H
#define Z3_ZELDA3_SAMPLE_DUNGEON_H

#include <stdint.h>

/* The 133 dungeon entrances and 7 spawn points (§3.13, §3.14). */
void z3_sample__write_dungeon_entrances(uint8_t *img);
/* Object and floor tile words, the per-subtype offset tables, door positions
 * and the underworld palette sets (§3.4, data reference §5.5). */
void z3_sample__write_dungeon_gfx(uint8_t *img);
/* The pause-screen dungeon maps (sample_dungeon_map.c), vanilla layout. */
void z3_sample__write_dungeon_maps(uint8_t *img);

#endif
