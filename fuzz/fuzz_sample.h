/* The sample ROM as the fuzz targets' template: built once per process (the
 * first input pays for it), then copied for every input. */
#ifndef Z3_FUZZ_SAMPLE_H
#define Z3_FUZZ_SAMPLE_H

#include <stdint.h>
#include <stdlib.h>

#include "snes/rom.h"
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

/* A 24-bit little-endian SNES address, as the game's long pointer tables hold them. */
static inline void fuzz_put_long(uint8_t *at, uint32_t snes) {
  at[0] = (uint8_t)snes, at[1] = (uint8_t)(snes >> 8), at[2] = (uint8_t)(snes >> 16);
}

/* The long pointer to file offset `pc` under the ROM's mapping, written at file offset `at`. */
static inline void fuzz_put_pointer(z3_rom *rom, size_t at, size_t pc) {
  uint32_t snes = 0;
  if (z3_rom_to_snes(rom, pc, &snes, NULL) != Z3_OK) abort();
  fuzz_put_long(rom->data.data + at, snes);
}

#endif
