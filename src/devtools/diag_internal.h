/* diag: pieces shared by the parser's files; not for other modules. */
#ifndef Z3_DEVTOOLS_DIAG_INTERNAL_H
#define Z3_DEVTOOLS_DIAG_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A piece of the input: not NUL-terminated. */
typedef struct text_span {
  const char *p;
  size_t n;
} text_span;

bool span_starts(text_span s, const char *prefix);
size_t span_find(text_span s, const char *needle);  /* SIZE_MAX when absent */
size_t span_rfind(text_span s, const char *needle); /* last occurrence, or SIZE_MAX */
text_span span_trim(text_span s);
/* The number the span starts with, in base 10 or 16, never reading past the span
 * (strtol would: spans are not NUL-terminated); *used is its digit count (0: none). */
long span_long(text_span s, int base, size_t *used);
/* A JSON string of the bytes, each byte that is not part of valid UTF-8 as '?'. */
json_t *diag_text(const char *p, size_t n);
/* "file:line:col", "file:line" or "file" into file, line, column of obj. */
void diag_location(json_t *obj, text_span s);
/* The first quoted name after from: `x', 'x' or ‘x’ (NULL when none). */
json_t *diag_quoted(text_span s, size_t from);

/* "CMake Error at f:12 (cmd):" and kin: a new diagnostic, or NULL. */
json_t *diag_cmake_start(text_span l, bool *warning);
/* An indented continuation of a CMake message: appended, true. */
bool diag_cmake_more(json_t *d, text_span l);
/* fix-it:"file":{l:c-l:c}:"text" attached to d; true when the line was one. */
bool diag_fixit_line(json_t *d, text_span l);
/* Fix-its read from the quoted source under a diagnostic (diag_caret.c). */
typedef struct diag_caret {
  json_int_t line;       /* the quoted line's number (GCC's gutter); 0 before one or for Clang */
  json_int_t start, end; /* the caret line's columns [start, end); 0 before one */
  json_t *insert;        /* GCC's "+++ |+text", waiting for the number of the line it goes before */
  int clang_lines;       /* lines since the diagnostic, without a gutter */
  bool labels;           /* GCC's range labels follow the caret: no hints */
  bool added;            /* a fix-it came from this form (exact fix-it lines replace them) */
} diag_caret;
void diag_caret_reset(diag_caret *c);
/* A line quoting the source under d (a hint becomes a fix-it of d); true when it was one. */
bool diag_caret_line(diag_caret *c, json_t *d, text_span l);
/* undefined reference / multiple definition / undefined symbol: a new diagnostic, or NULL. */
json_t *diag_linker_line(text_span l);
/* lld's ">>> referenced by f.c:5" giving d its place; true when the line was one. */
bool diag_linker_note(json_t *d, text_span l);

#endif
