/* Rendering results and errors as text, JSON or YAML; exit codes. app/ only. */
#ifndef Z3_APP_RENDER_H
#define Z3_APP_RENDER_H

#include <jansson.h>
#include <stdio.h>

#include "cmd/cmd.h"

/* JSON (pretty, key order kept) or YAML of any value. Caller frees. */
char *z3_render_json(const json_t *value);
char *z3_render_yaml(const json_t *value);
/* Human-readable "key: value" lines. Caller frees. */
char *z3_render_text(const json_t *value);
/* The error object {"code","message","hint"[,"offset"]}. */
json_t *z3_render_error_json(const z3_error *err);

#endif
