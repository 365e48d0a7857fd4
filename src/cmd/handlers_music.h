/* Handlers of the music commands (table_music.c); cmd/ only. */
#ifndef Z3_CMD_HANDLERS_MUSIC_H
#define Z3_CMD_HANDLERS_MUSIC_H

#include "cmd/cmd.h"
#include "zelda3/music.h"

z3_status cmd_music_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_music_info(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_music_export(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_music_import(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_music_play(z3_cmd_ctx *ctx, z3_error *err);

/* The bank --bank names, else the first whose own data holds song `song`. */
z3_status z3_cmd__music_bank(z3_cmd_ctx *ctx, int song, z3_music_bank_id *bank, z3_error *err);
/* --song (and --bank): the bank's APU image (caller frees) and the song read from it. */
z3_status z3_cmd__music_load(z3_cmd_ctx *ctx, z3_music_image **img, z3_music_song *song, z3_error *err);

#endif
