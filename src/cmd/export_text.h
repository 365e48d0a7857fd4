/*
 * The exact bytes the export commands write for one asset, for callers that
 * compare a file with what a ROM would export (hack projects, src/project/):
 * `dungeon export`, `overworld export` and `gfx export` (PNG, no --palette)
 * call these too, so the two can never drift apart.
 */
#ifndef Z3_CMD_EXPORT_TEXT_H
#define Z3_CMD_EXPORT_TEXT_H

#include "base/base.h"
#include "snes/rom.h"
#include "zelda3/dungeon.h"
#include "zelda3/overworld.h"

/* A room as `dungeon export --room N` writes it. */
z3_status z3_export_room_text(const z3_dungeon *d, int room, z3_buf *out, z3_error *err);
/* An area as `overworld export --map N` writes it (rows of plain values on
 * one line); *screens (may be NULL) = screens in it. */
z3_status z3_export_area_text(const z3_overworld *ow, int id, z3_buf *out, size_t *screens, z3_error *err);
/* A sheet as `gfx export --sheet N` writes it: indexed PNG, grey ramp, value 0 transparent. */
z3_status z3_export_sheet_png(const z3_rom *rom, int index, z3_buf *out, z3_error *err);

#endif
