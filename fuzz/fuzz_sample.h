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

/* A fresh ROM holding a copy of the template (built first when need be), for a target
 * that edits it; a failure aborts, as for the template. */
static inline z3_rom *fuzz_sample_rom(z3_buf *rom_template, size_t size) {
  fuzz_sample_once(rom_template, size);
  z3_rom *rom = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_rom_from_memory(&rom, rom_template->data, rom_template->len, "fuzz.sfc", &err) != Z3_OK) abort();
  return rom;
}

#endif
