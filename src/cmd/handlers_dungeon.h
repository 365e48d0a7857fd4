/* Handlers of the dungeon commands (table_dungeon.c) and helpers shared by cmd_dungeon*.c. */
#ifndef Z3_CMD_HANDLERS_DUNGEON_H
#define Z3_CMD_HANDLERS_DUNGEON_H

#include "cmd/handlers.h"
#include "zelda3/dungeon.h"
#include "zelda3/dungeon_json.h"

z3_status cmd_dungeon_list_rooms(z3_cmd_ctx *ctx, z3_error *err);
/* cmd_dungeon_map.c: the pause-screen maps (table_dungeon_map.c) */
z3_status cmd_dungeon_list_maps(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_get_map(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_set_map_room(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_describe(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_list_objects(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_add_object(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_move_object(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_resize_object(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_remove_object(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_list_sprites(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_add_sprite(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_remove_sprite(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_list_chests(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_set_chest(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_set_header(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_collision(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_set_collision(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_water_fill(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_set_water_fill(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_add_door(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_move_door(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_remove_door(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_move_sprite(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_add_pot(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_remove_pot(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_add_block(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_remove_block(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_add_torch(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_remove_torch(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_copy_room(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_export(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_import(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_list_entrances(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_get_entrance(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_set_entrance(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_render(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_list_layouts(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_dungeon_list_overlays(z3_cmd_ctx *ctx, z3_error *err);

/* Loads the model from ctx->rom and checks --room (when the command has one). */
z3_status z3_cmd__dungeon_open(z3_cmd_ctx *ctx, z3_dungeon **d, int *room, z3_error *err);
/* Saves a changed model into ctx->rom and frees it; the result gets "description". */
z3_status z3_cmd__dungeon_commit(z3_cmd_ctx *ctx, z3_dungeon *d, int room, z3_status st, z3_error *err);

/* The object commands' target: exactly one of --room, --layout, --overlay.
 * *list is set for a layout or overlay (then *room is -1). */
z3_status z3_cmd__objects_open(z3_cmd_ctx *ctx, z3_dungeon **d, int *room, z3_object_list **list, z3_error *err);
/* The result names the list and the rooms that draw it ("rooms_affected"). */
void z3_cmd__list_result(z3_cmd_ctx *ctx, const z3_dungeon *d, const z3_object_list *l);
/* z3_cmd__dungeon_commit for an edited layout or overlay. */
z3_status z3_cmd__list_commit(z3_cmd_ctx *ctx, z3_dungeon *d, z3_object_list *l, z3_status st, z3_error *err);
json_t *z3_cmd__list_objects_json(const z3_object_list *l);

#endif
