/* Handlers of the emu commands (table_emu.c); cmd/ only. */
#ifndef Z3_CMD_HANDLERS_EMU_H
#define Z3_CMD_HANDLERS_EMU_H

#include "cmd/cmd.h"

z3_status cmd_emu_run(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_emu_screenshot(z3_cmd_ctx *ctx, z3_error *err);

typedef struct z3_snes z3_snes;
/* The console for ctx's ROM, with --region's timing (auto: the header's). */
z3_status z3_cmd__emu_create(z3_cmd_ctx *ctx, z3_snes **out, z3_error *err);
/* Queues the console's last frame as a PNG at path; *info gets width,
 * height, rgb_sha1 and path (NULL on failure). */
z3_status cmd_emu__screenshot(z3_cmd_ctx *ctx, const z3_snes *snes, const char *path,
                              json_t **info, z3_error *err);

#endif
