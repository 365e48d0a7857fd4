/*
 * Code navigation (the `code` commands): an index of a project's sources
 * kept in <root>/.z3ed/code-index.json.
 *
 * Who finds what: universal-ctags gives the C and C++ definitions and
 * members (with line ranges); our own scanners (code_scan.c) give the call
 * sites (an identifier followed by "(" outside comments, strings and
 * preprocessor lines, keywords excepted), the #include lines, and for 65816
 * sources (asar and ca65: .asm .s .inc) labels, macros, defines and the
 * JSL/JSR/JML/JMP targets as calls. A call belongs to the function whose
 * line range holds it (for assembly, the label before it).
 *
 * Only `code index` starts a process (ctags) and writes the cache; the
 * queries read the cache and report files changed since (stale_files).
 */
#ifndef Z3_DEVTOOLS_CODE_H
#define Z3_DEVTOOLS_CODE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/base.h"

#define Z3_CODE_INDEX_PATH ".z3ed/code-index.json"
#define Z3_CODE_INDEX_SCHEMA "z3ed-code-index/1"

/* Call sites of C text: an array of [name, line]. */
json_t *z3_code_scan_calls(const char *text, size_t len);
/* #include lines: an array of [target, line, is_system]. */
json_t *z3_code_scan_includes(const char *text, size_t len);
/* 65816 assembly: tags (objects: name, kind label|macro|define, line, end,
 * scope for sub-labels), calls ([name, line]) and includes ([file, line, false]). */
void z3_code_scan_asm(const char *text, size_t len, json_t *tags, json_t *calls, json_t *includes);

/* Whether path names a source file the index reads; *asm tells 65816. */
bool z3_code_is_source(const char *path, bool *is_asm);

#endif
