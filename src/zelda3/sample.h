/*
 * The sample-ROM writer: builds samples/sample.sfc from our own synthetic
 * data, in ALttP's layout (LoROM, 1 MiB, its header values), so every
 * command runs and is tested without the game. Later issues add graphics,
 * palettes, world data and text at their real locations.
 *
 * The same writer makes images of other sizes and mappings for tests and
 * benchmarks; its output is deterministic for given options.
 */
#ifndef Z3_ZELDA3_SAMPLE_H
#define Z3_ZELDA3_SAMPLE_H

#include "base/base.h"
#include "snes/rom.h"

typedef struct z3_sample_opts {
  size_t size;          /* bytes; 0 = 1 MiB (ALttP's size) */
  z3_mapping mapping;   /* where the header and reset code go */
  uint64_t seed;        /* varies the filler bytes; 0 = the bundled sample */
} z3_sample_opts;

/* Fills out (initialised by the caller) with a complete image whose header,
 * checksum and complement are correct. Sizes must be whole 32 KiB banks and
 * large enough to hold the mapping's header. */
z3_status z3_sample_build(z3_buf *out, const z3_sample_opts *opts, z3_error *err);
/* The same image loaded as a ROM named "sample" (opts may be NULL: the bundled sample). */
z3_status z3_sample_rom(z3_rom **out, const z3_sample_opts *opts, z3_error *err);

#endif
