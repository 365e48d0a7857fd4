/* Handlers of the message commands (table_message.c); cmd/ only. */
#ifndef Z3_CMD_HANDLERS_MESSAGE_H
#define Z3_CMD_HANDLERS_MESSAGE_H

#include "cmd/cmd.h"

z3_status cmd_message_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_message_get(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_message_set(z3_cmd_ctx *ctx, z3_error *err);

#endif
