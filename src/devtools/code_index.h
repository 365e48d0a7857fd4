/* The code index cache shared by `code index` (code_index.c) and the queries (code_query*.c). */
#ifndef Z3_DEVTOOLS_CODE_INDEX_H
#define Z3_DEVTOOLS_CODE_INDEX_H

#include <jansson.h>

#include "base/base.h"

/* The cache's "files" object (path → {mtime, size, asm, tags, calls, includes}); a
 * missing cache is Z3_E_NOT_FOUND with a hint naming `code index`. */
z3_status z3_code_index_read(const char *root, json_t **files, z3_error *err);

/* The indexed file target names from an #include in from ("dir/x.h" resolved against
 * from's folder, then the root, src/ and include/, then the one file whose path ends
 * in /target), or NULL. */
const char *z3_code_resolve_include(const json_t *files, const char *from, const char *target);

/* The include graph below path in files: {include_depth (the longest chain of includes),
 * reachable (files reached, path not counted), circular_dependencies (arrays of paths, the
 * first repeated last, each cycle once, at most 20)}. A new reference. */
json_t *z3_code_include_graph(const json_t *files, const char *path);

#endif
