/* What the code queries share (code_query.c): the opened index and source lines for context. */
#ifndef Z3_DEVTOOLS_CODE_QUERY_H
#define Z3_DEVTOOLS_CODE_QUERY_H

#include <jansson.h>

#include "base/base.h"
#include "cmd/cmd.h"

typedef struct z3_code_query {
  char *root;       /* resolved --root */
  json_t *files;    /* the index's files object */
  char *text_path;  /* the file last read for context */
  z3_buf text;
} z3_code_query;

/* Resolves --root, reads the index and adds stale_files (files changed or gone since) to the result. */
z3_status z3_code_query_open(z3_cmd_ctx *ctx, z3_code_query *q, z3_error *err);
void z3_code_query_close(z3_code_query *q);
/* The trimmed text of line in path (under the root), or null. */
json_t *z3_code_context(z3_code_query *q, const char *path, json_int_t line);
/* array's objects sorted by file then line, as a new array (array is released). */
json_t *z3_code_sorted(json_t *array);

#endif
