/* Handlers of the overworld commands (table_overworld.c) and their shared helpers; cmd/ only. */
#ifndef Z3_CMD_HANDLERS_OVERWORLD_H
#define Z3_CMD_HANDLERS_OVERWORLD_H

#include "cmd/cmd.h"
#include "zelda3/overworld.h"

z3_status cmd_overworld_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_describe(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_set_area(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_get_tile(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_set_tile(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_fill_tiles(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_move_tiles(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_list_sprites(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_add_sprite(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_move_sprite(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_remove_sprite(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_list_entrances(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_list_exits(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_list_items(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_list_graves(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_set_grave(z3_cmd_ctx *ctx, z3_error *err);
extern const char *const z3_cmd__grave_reveals[]; /* --reveals of set-grave */
z3_status cmd_overworld_set_entrance(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_set_exit(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_set_transport(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_add_item(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_move_item(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_remove_item(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_get_tile16(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_set_tile16(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_find_tile(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_export(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_import(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_render(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_overlays(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_overlay(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_set_overlay(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_add_overlay_tile(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_overworld_remove_overlay_tile(z3_cmd_ctx *ctx, z3_error *err);
/* render --event-overlay: draws the area's (parent's) overlay stores over img
 * and reports them in the result's "event_overlay". */
z3_status z3_cmd__ow_draw_event_overlay(z3_cmd_ctx *ctx, const z3_overworld *ow, int id, z3_ow_image *img,
                                        z3_error *err);

/* --map as a checked area id (unknown ids are Z3_E_NOT_FOUND naming the id). */
z3_status z3_cmd__ow_map(const z3_cmd_ctx *ctx, int *id, z3_error *err);
/* --state as 0-2; `all` (may be NULL) is set when the argument is absent. */
z3_status z3_cmd__ow_state(const z3_cmd_ctx *ctx, int *state, bool *all, z3_error *err);
json_t *z3_cmd__ow_sprite_json(const z3_ow_sprite *s, int index);
json_t *z3_cmd__ow_area_json(const z3_overworld *ow, int id);
/* --map checked and the model loaded; on failure *ow is NULL or loaded. */
z3_status z3_cmd__ow_open(z3_cmd_ctx *ctx, int *id, z3_overworld **ow, z3_error *err);
/* Loads the model; saves it back into ctx->rom (the dispatcher writes the file). */
z3_status z3_cmd__ow_commit(z3_cmd_ctx *ctx, z3_overworld *ow, z3_error *err);

#endif
