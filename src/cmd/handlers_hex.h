/* Handlers of the hex and labels commands (table_hex.c); cmd/ only. */
#ifndef Z3_CMD_HANDLERS_HEX_H
#define Z3_CMD_HANDLERS_HEX_H

#include "cmd/cmd.h"

z3_status cmd_hex_read(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_hex_write(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_hex_search(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_hex_dump(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_hex_annotate(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_labels_load(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_labels_resolve(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_labels_find(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_labels_export(z3_cmd_ctx *ctx, z3_error *err);

#endif
