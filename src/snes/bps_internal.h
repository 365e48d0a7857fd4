/* What bps.c (apply) and bps_create.c (encoder) share; not part of the public API. */
#ifndef Z3_SNES_BPS_INTERNAL_H
#define Z3_SNES_BPS_INTERNAL_H

#include "snes/patch.h"

/* The action kind is the low two bits of each action word (see bps_create.c). */
enum { BPS_SOURCE_READ = 0, BPS_TARGET_READ = 1, BPS_SOURCE_COPY = 2, BPS_TARGET_COPY = 3 };

/* Counts one action of `kind` in stats (which may be NULL). */
void z3_bps__count_action(z3_patch_stats *stats, unsigned kind);

#endif
