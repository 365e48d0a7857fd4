/* Handlers behind the command table, and helpers shared by cmd/ files only. */
#ifndef Z3_CMD_HANDLERS_H
#define Z3_CMD_HANDLERS_H

#include "cmd/cmd.h"

z3_status cmd_rom_info(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_validate(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_diff(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_merge(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_generate_golden(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_export_state(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_fix_checksum(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_header_get(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_header_set(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_patch_apply(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_patch_create(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_patch_info(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_compress_encode(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_compress_decode(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_decompress(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_expand(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_rom_upgrade(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gfx_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gfx_export(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gfx_import(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gfx_get_pixel(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gfx_set_pixel(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gfx_repack(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_gfx_render_scad(z3_cmd_ctx *ctx, z3_error *err);
/* gfx export/import with --format scr (cmd_gfx_scr.c): a background as SCR + CGX + COL. */
bool z3_cmd__gfx_wants_scr(const z3_cmd_ctx *ctx);
z3_status z3_cmd__gfx_export_scr(z3_cmd_ctx *ctx, const char *dir, z3_error *err);
z3_status z3_cmd__gfx_import_scr(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_palette_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_palette_get(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_palette_get_color(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_palette_set_color(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_palette_export(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_palette_import(z3_cmd_ctx *ctx, z3_error *err);

/* Every header field as JSON (used by info, header get, export-state, golden). */
json_t *z3_cmd__header_json(const z3_rom *rom);
/* "0x1a2b"-style hex string value. */
json_t *z3_cmd__hex(uint64_t value, int digits);
/* Per-bank CRC32 (and 16-bit sums when with_sums) as a JSON array. */
json_t *z3_cmd__banks_json(const z3_rom *rom, bool with_sums, z3_error *err);
/* Expanded layouts the ROM shows: [{id, name, evidence, supported}], or JSON
 * null when its title is not ALttP's (used by rom info and overworld list). */
json_t *z3_cmd__layouts_json(const z3_rom *rom);

struct z3_palette_group;
/* "GROUP:INDEX" (or a group name and index) to a checked palette. */
z3_status z3_cmd__palette_spec(const char *spec, const struct z3_palette_group **group, int *index,
                               z3_error *err);
z3_status z3_cmd__palette_group(const char *name, int i, const struct z3_palette_group **group,
                                int *index, z3_error *err);

#endif
