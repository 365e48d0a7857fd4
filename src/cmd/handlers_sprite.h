/* Handlers of the sprite commands (table_sprite.c); cmd/ only. */
#ifndef Z3_CMD_HANDLERS_SPRITE_H
#define Z3_CMD_HANDLERS_SPRITE_H

#include "cmd/cmd.h"

z3_status cmd_sprite_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_sprite_info(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_sprite_set(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_sprite_link_info(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_sprite_link_export(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_sprite_link_import(z3_cmd_ctx *ctx, z3_error *err);

#endif
