/* Manifests for the patch commands (cmd_patch_manifest.c); cmd/ only. */
#ifndef Z3_CMD_PATCH_MANIFEST_H
#define Z3_CMD_PATCH_MANIFEST_H

#include "cmd/cmd.h"

/* The manifest of from -> to; with --labels, unmodelled ranges inside a
 * label become "code" ranges named Label+N. *out is the caller's. */
z3_status z3_cmd__manifest(const z3_cmd_ctx *ctx, const z3_buf *from, const z3_buf *to, json_t **out,
                           z3_error *err);
/* Puts the manifest (stolen) into the result, with its text form for text output. */
void z3_cmd__add_manifest(z3_cmd_ctx *ctx, json_t *manifest, const char *source);
/* The manifest a BPS patch carries as metadata, checked (z3_manifest_parse). */
z3_status z3_cmd__embedded_manifest(const uint8_t *patch, size_t len, json_t **out, z3_error *err);

#endif
