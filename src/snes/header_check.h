/*
 * snes/header_check: the internal header's sanity checks (mapping, size,
 * fields, checksum), shared by `rom validate` and the doctors, so both name a
 * problem with the same code.
 *
 * Codes (stable): no_header, map_mode_mismatch, reset_vector, rom_size_code,
 * rom_size_small, rom_size_large, mirrored_size, title, region, sram_size,
 * complement, checksum, copier_header.
 */
#ifndef Z3_SNES_HEADER_CHECK_H
#define Z3_SNES_HEADER_CHECK_H

#include "snes/rom.h"

/* severity: "error", "warning" or "info"; message is one sentence. */
typedef void (*z3_header_finding_fn)(void *data, const char *severity, const char *code, const char *message);

/* Calls fn once per finding, in a fixed order. */
void z3_header_check(const z3_rom *rom, z3_header_finding_fn fn, void *data);

#endif
