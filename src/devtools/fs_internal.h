/* fs: handlers behind table_fs.c and test hooks; not for other modules. */
#ifndef Z3_DEVTOOLS_FS_INTERNAL_H
#define Z3_DEVTOOLS_FS_INTERNAL_H

#include <time.h>

#include "cmd/cmd.h"
#include "devtools/fs.h"

z3_status cmd_fs_list(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_fs_read(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_fs_write(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_fs_search(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_fs_stat(z3_cmd_ctx *ctx, z3_error *err);

/* Makes z3_fs_resolve use the O_NOFOLLOW walk even where openat2 exists (tests). */
void z3_fs__force_walk(bool on);
/* "2026-11-26T05:36:24Z" for a time stamp. */
json_t *z3_fs__time_json(time_t t);
/* len shortened so it does not end inside a UTF-8 sequence. */
size_t z3_fs__utf8_whole(const uint8_t *p, size_t len);

#endif
