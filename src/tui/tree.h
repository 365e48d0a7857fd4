/* tui/tree: lines of text the views scroll through, and a JSON value as an indented tree. */
#ifndef Z3_TUI_TREE_H
#define Z3_TUI_TREE_H

#include <jansson.h>
#include <stdarg.h>

#include "base/base.h"

typedef struct tui_lines {
  char **items;
  size_t count, cap;
} tui_lines;

void tui_lines_clear(tui_lines *l);
void tui_lines_add(tui_lines *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "key: value" per scalar, nested values indented under "key:", array items as "[i]". */
void tui_lines_from_json(tui_lines *l, const json_t *v);

#endif
