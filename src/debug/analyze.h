/*
 * debug/analyze: what a routine does and who touches an address, from a
 * static walk of the code (walk.h) and from what the session's trace saw.
 * Static walks assume the session's D and DBR where the code does not say;
 * accesses through pointers name the pointer's own place.
 */
#ifndef Z3_DEBUG_ANALYZE_H
#define Z3_DEBUG_ANALYZE_H

#include <jansson.h>

#include "debug/debug.h"

/* `sizes`: NULL (from the trace at the entry, else the registers now) or
 * "8h"-style M then X (8 or h for 16-bit). Fills out. */
z3_status debug_analyze_routine(z3_debug *dbg, uint32_t entry, const char *sizes, json_t *out, z3_error *err);
/* Static references from a walk of the whole program (from the vectors and
 * every instruction the trace saw) and the ones the trace saw run. */
z3_status debug_references(z3_debug *dbg, uint32_t target, json_t *out, z3_error *err);

#endif
