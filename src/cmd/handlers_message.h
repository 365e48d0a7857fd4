/* Handlers of the message commands (table_message.c); cmd/ only. */
#ifndef Z3_CMD_HANDLERS_MESSAGE_H
#define Z3_CMD_HANDLERS_MESSAGE_H

#include "cmd/cmd.h"
#include "zelda3/text.h"

z3_status cmd_message_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_message_get(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_message_set(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_message_search(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_message_export(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_message_import(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_message_dictionary(z3_cmd_ctx *ctx, z3_error *err);

/* The ROM's message table, with a hint when it is not in the game's layout. */
z3_status z3_cmd__message_load(const z3_cmd_ctx *ctx, z3_text *text, z3_error *err);
/* bytes_free (and expanded_bytes_free with the expanded bank) into the result. */
void z3_cmd__message_space(z3_cmd_ctx *ctx, const z3_text *text);
/* Message `id` as text: expanded (readable) or with [D:xx] tokens. Caller frees; NULL on error. */
char *z3_cmd__message_text(const z3_text *text, size_t id, bool expand, z3_error *err);

#endif
