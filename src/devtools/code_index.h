/* The code index cache shared by `code index` (code_index.c) and the queries (code_query*.c). */
#ifndef Z3_DEVTOOLS_CODE_INDEX_H
#define Z3_DEVTOOLS_CODE_INDEX_H

#include <jansson.h>

#include "base/base.h"

/* The cache's "files" object (path → {mtime, size, asm, tags, calls, includes}); a
 * missing cache is Z3_E_NOT_FOUND with a hint naming `code index`. */
z3_status z3_code_index_read(const char *root, json_t **files, z3_error *err);

/* Whether a tag is one the index keeps: name, kind and line, and end, scope,
 * scopeKind, signature, typeref and language of their types when present. */
bool z3_code_tag_ok(const json_t *tag);
/* Whether a file entry is as `code index` writes it ({mtime, size, asm, tags,
 * calls: [[name, line]], includes: [[target, line, system]]}); if not, why says
 * what is wrong. The reader refuses an index with any other entry. */
bool z3_code_entry_ok(const json_t *entry, char *why, size_t cap);

/* The indexed file target names from an #include in from ("dir/x.h" resolved against
 * from's folder, then the root, src/ and include/, then the one file whose path ends
 * in /target), or NULL. */
const char *z3_code_resolve_include(const json_t *files, const char *from, const char *target);

/* The include graph below path in files: {include_depth (the longest chain of includes),
 * reachable (files reached, path not counted), circular_dependencies (arrays of paths, the
 * first repeated last, each cycle once, at most 20)}. A new reference. */
json_t *z3_code_include_graph(const json_t *files, const char *path);

#endif
