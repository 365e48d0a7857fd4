/*
 * diag: build output into structured diagnostics. A pure function over text,
 * so the build commands, tests and the fuzzer share it.
 *
 * Understood: GCC and Clang "file:line:col: severity: message [-Woption]"
 * (error, fatal error, warning, note; notes nest under the diagnostic they
 * follow), the "In file included from" chain (both compilers' layouts),
 * "file: In function 'f':" context, parseable fix-its
 * (-fdiagnostics-parseable-fixits: fix-it:"file":{l:c-l:c}:"text"), linker
 * errors (undefined reference / undefined symbol, multiple definition) with
 * the symbol, and CMake errors and warnings with file and line.
 */
#ifndef Z3_DEVTOOLS_DIAG_H
#define Z3_DEVTOOLS_DIAG_H

#include <jansson.h>
#include <stddef.h>

/* {"diagnostics": [...], "errors": n, "warnings": n, "notes": n}. Each
 * diagnostic: kind (compiler, linker, cmake), severity (error, warning,
 * note), file, line, column (when known), message, and when present option,
 * fatal, function, included_from [{file, line, column}], fixits [{file, line,
 * column, end_line, end_column, replacement}], symbol, notes [...]. Bytes that
 * are not UTF-8 become '?'. Never fails but for memory (NULL). */
json_t *z3_diag_parse(const char *text, size_t len);
/* Bytes as a JSON string, each byte that is not part of valid UTF-8 as '?'. */
json_t *z3_diag_text(const char *p, size_t n);

#endif
