/* The sample ROM as the fuzz targets' template: built once per process (the
 * first input pays for it), then copied for every input. */
#ifndef Z3_FUZZ_SAMPLE_H
#define Z3_FUZZ_SAMPLE_H

#include <stdlib.h>

#include "zelda3/sample.h"

/* Builds the sample of `size` bytes (0: its own 1 MiB) into *rom unless it
 * holds it already; a failure aborts (the template is not under test). */
static inline void fuzz_sample_once(z3_buf *rom, size_t size) {
  if (rom->len) return;
  z3_error err;
  z3_error_init(&err);
  z3_sample_opts opts = {.size = size};
  if (z3_sample_build(rom, &opts, &err) != Z3_OK) abort();
}

#endif
