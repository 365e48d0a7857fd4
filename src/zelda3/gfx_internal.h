/* Pieces of the graphics model shared between gfx.c and gfx_repack.c. */
#ifndef Z3_ZELDA3_GFX_INTERNAL_H
#define Z3_ZELDA3_GFX_INTERNAL_H

#include "zelda3/gfx.h"

/* Sheet i's 24-bit pointer as the three tables hold it. */
uint32_t z3_gfx__pointer(const z3_rom *rom, const z3_gfx_tables *t, int sheet);
/* Writes sheet i's pointer into the three tables, logged as "sheet 0xNN pointer<why>". */
z3_status z3_gfx__set_pointer(z3_rom *rom, const z3_gfx_tables *t, int sheet, uint32_t addr, const char *why,
                              z3_error *err);

#endif
