/* tui/tree: a command's result as indented lines, the way the palette shows it. */
#include <stdio.h>
#include <string.h>

#include "tui/tree.h"

enum { MAX_LINES = 20000 };

void tui_lines_clear(tui_lines *l) {
  for (size_t i = 0; i < l->count; i++) z3_free(l->items[i]);
  z3_free(l->items);
  memset(l, 0, sizeof *l);
}

void tui_lines_add(tui_lines *l, const char *fmt, ...) {
  if (l->count >= MAX_LINES) return;
  if (l->count == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 64;
    char **items = z3_realloc(l->items, cap * sizeof *items);
    if (!items) return;
    l->items = items, l->cap = cap;
  }
  char text[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  char *copy = z3_strdup(text);
  if (copy) l->items[l->count++] = copy;
}

static void scalar_text(const json_t *v, char *out, size_t cap) {
  switch (json_typeof(v)) {
  case JSON_STRING: snprintf(out, cap, "%s", json_string_value(v)); break;
  case JSON_INTEGER: snprintf(out, cap, "%lld", (long long)json_integer_value(v)); break;
  case JSON_REAL: snprintf(out, cap, "%g", json_real_value(v)); break;
  case JSON_TRUE: snprintf(out, cap, "true"); break;
  case JSON_FALSE: snprintf(out, cap, "false"); break;
  case JSON_NULL: snprintf(out, cap, "null"); break;
  default: snprintf(out, cap, "%s", json_is_object(v) ? "{}" : "[]");
  }
}

static bool is_leaf(const json_t *v) {
  return (!json_is_object(v) && !json_is_array(v)) || (json_is_object(v) && json_object_size(v) == 0) ||
         (json_is_array(v) && json_array_size(v) == 0);
}

static void add_node(tui_lines *l, const json_t *v, int depth, const char *label) {
  char value[400];
  if (is_leaf(v)) {
    scalar_text(v, value, sizeof value);
    tui_lines_add(l, "%*s%s%s%s", depth * 2, "", label, label[0] ? " " : "", value);
    return;
  }
  if (label[0]) tui_lines_add(l, "%*s%s", depth * 2, "", label);
  int inner = label[0] ? depth + 1 : depth;
  if (json_is_object(v)) {
    const char *key;
    json_t *child;
    json_object_foreach((json_t *)v, key, child) {
      char name[128];
      snprintf(name, sizeof name, "%s:", key);
      add_node(l, child, inner, name);
    }
    return;
  }
  size_t i;
  json_t *child;
  json_array_foreach(v, i, child) {
    char name[32];
    snprintf(name, sizeof name, "[%zu]", i);
    add_node(l, child, inner, name);
  }
}

void tui_lines_from_json(tui_lines *l, const json_t *v) { add_node(l, v, 0, ""); }
