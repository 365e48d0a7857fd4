/* Turning result trees into text, JSON and YAML; the one place exit codes are decided. */
#include <ctype.h>
#include <libfyaml.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "app/render.h"

json_t *z3_render_error_json(const z3_error *err) {
  json_t *e = json_object();
  json_object_set_new(e, "code", json_string(z3_status_name(err->code)));
  json_object_set_new(e, "message", json_string(err->message));
  json_object_set_new(e, "hint", err->hint[0] ? json_string(err->hint) : json_null());
  if (err->offset >= 0) json_object_set_new(e, "offset", json_integer(err->offset));
  return e;
}

char *z3_render_json(const json_t *value) {
  return json_dumps(value, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
}

/* ---- YAML ---------------------------------------------------------------- */

/* Plain (unquoted) only when no YAML reader could take it for another type. */
static bool plain_safe(const char *s) {
  static const char *const reserved[] = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~", NULL};
  if (!isalpha((unsigned char)s[0])) return false;
  for (const char *const *r = reserved; *r; r++)
    if (strcasecmp(s, *r) == 0) return false;
  for (const char *p = s; *p; p++) {
    if (!isalnum((unsigned char)*p) && !strchr(" _-./()+,'", *p)) return false;
  }
  return s[strlen(s) - 1] != ' ';
}

/* libfyaml's node builder keeps pointing into its input, so the quoted
 * strings live in `keep` until the document has been emitted. */
typedef struct yaml_ctx {
  struct fy_document *doc;
  z3_buf keep; /* array of char* */
} yaml_ctx;

static struct fy_node *yaml_node(yaml_ctx *y, const json_t *v);

static struct fy_node *yaml_string(yaml_ctx *y, const char *s) {
  if (plain_safe(s)) return fy_node_create_scalar_copy(y->doc, s, strlen(s));
  json_t *str = json_string(s);
  char *quoted = json_dumps(str, JSON_ENCODE_ANY); /* JSON strings are valid YAML double-quoted scalars */
  json_decref(str);
  if (!quoted || z3_buf_append(&y->keep, &quoted, sizeof quoted, NULL)) {
    free(quoted);
    return NULL;
  }
  return fy_node_build_from_string(y->doc, quoted, strlen(quoted));
}

static struct fy_node *yaml_scalar_text(struct fy_document *doc, const char *text) {
  return fy_node_create_scalar_copy(doc, text, strlen(text));
}

static struct fy_node *yaml_node(yaml_ctx *y, const json_t *v) {
  struct fy_document *doc = y->doc;
  char num[64];
  switch (json_typeof(v)) {
    case JSON_OBJECT: {
      struct fy_node *map = fy_node_create_mapping(doc);
      const char *key;
      json_t *child;
      json_object_foreach((json_t *)v, key, child) {
        fy_node_mapping_append(map, yaml_string(y, key), yaml_node(y, child));
      }
      return map;
    }
    case JSON_ARRAY: {
      struct fy_node *seq = fy_node_create_sequence(doc);
      size_t i;
      json_t *child;
      json_array_foreach(v, i, child) fy_node_sequence_append(seq, yaml_node(y, child));
      return seq;
    }
    case JSON_STRING: return yaml_string(y, json_string_value(v));
    case JSON_INTEGER:
      snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
      return yaml_scalar_text(doc, num);
    case JSON_REAL:
      snprintf(num, sizeof num, "%.17g", json_real_value(v));
      return yaml_scalar_text(doc, num);
    case JSON_TRUE: return yaml_scalar_text(doc, "true");
    case JSON_FALSE: return yaml_scalar_text(doc, "false");
    case JSON_NULL: return yaml_scalar_text(doc, "null");
  }
  return yaml_scalar_text(doc, "null");
}

char *z3_render_yaml(const json_t *value) {
  yaml_ctx y = {.doc = fy_document_create(NULL)};
  if (!y.doc) return NULL;
  z3_buf_init(&y.keep);
  fy_document_set_root(y.doc, yaml_node(&y, value));
  char *text = fy_emit_document_to_string(y.doc, FYECF_MODE_BLOCK | FYECF_INDENT_2);
  fy_document_destroy(y.doc);
  char **kept = (char **)y.keep.data;
  for (size_t i = 0; i < y.keep.len / sizeof *kept; i++) free(kept[i]);
  z3_buf_release(&y.keep);
  return text;
}

/* ---- text ---------------------------------------------------------------- */

static void text_scalar(z3_buf *b, const json_t *v) {
  switch (json_typeof(v)) {
    case JSON_STRING: z3_buf_put_visible(b, json_string_value(v), json_string_length(v), NULL); break;
    case JSON_INTEGER: z3_buf_printf(b, "%" JSON_INTEGER_FORMAT, json_integer_value(v)); break;
    case JSON_REAL: z3_buf_printf(b, "%g", json_real_value(v)); break;
    case JSON_TRUE: z3_buf_printf(b, "yes"); break;
    case JSON_FALSE: z3_buf_printf(b, "no"); break;
    case JSON_NULL: z3_buf_printf(b, "-"); break;
    default: break;
  }
}

static void text_value(z3_buf *b, const char *key, const json_t *v, int indent);

/* "KEY" + after at the indent; keys can be data too (labels, names). */
static void text_key(z3_buf *b, int indent, const char *key, const char *after) {
  z3_buf_printf(b, "%*s", indent, "");
  z3_buf_put_visible(b, key, strlen(key), NULL);
  z3_buf_printf(b, "%s", after);
}

static void text_object(z3_buf *b, const json_t *v, int indent) {
  const char *key;
  json_t *child;
  json_object_foreach((json_t *)v, key, child) text_value(b, key, child, indent);
}

static bool is_scalar(const json_t *v) { return !json_is_object(v) && !json_is_array(v); }

static void text_scalars(z3_buf *b, const json_t *array) {
  size_t i;
  json_t *child;
  json_array_foreach(array, i, child) {
    z3_buf_printf(b, i ? ", " : " ");
    text_scalar(b, child);
  }
  z3_buf_printf(b, json_array_size(array) ? "\n" : " (none)\n");
}

/* An object in an array: its scalar members on the "- " line as key=value,
 * the nested ones below it. */
static void text_row(z3_buf *b, const json_t *v, int indent) {
  const char *key;
  json_t *child;
  z3_buf_printf(b, "%*s-", indent, "");
  json_object_foreach((json_t *)v, key, child) {
    if (!is_scalar(child)) continue;
    text_key(b, 1, key, "=");
    text_scalar(b, child);
  }
  z3_buf_printf(b, "\n");
  json_object_foreach((json_t *)v, key, child) {
    if (!is_scalar(child)) text_value(b, key, child, indent + 2);
  }
}

static void text_elements(z3_buf *b, const json_t *v, int indent);

static void text_element(z3_buf *b, const json_t *child, int indent) {
  if (json_is_object(child)) {
    text_row(b, child, indent);
  } else if (json_is_array(child)) {
    bool scalars = true;
    size_t i;
    json_t *e;
    json_array_foreach(child, i, e) scalars &= is_scalar(e);
    z3_buf_printf(b, "%*s-", indent, "");
    if (scalars) {
      text_scalars(b, child);
    } else {
      z3_buf_printf(b, "\n");
      text_elements(b, child, indent + 2);
    }
  } else {
    z3_buf_printf(b, "%*s- ", indent, "");
    text_scalar(b, child);
    z3_buf_printf(b, "\n");
  }
}

static void text_elements(z3_buf *b, const json_t *v, int indent) {
  size_t i;
  json_t *child;
  json_array_foreach(v, i, child) text_element(b, child, indent);
}

static void text_array(z3_buf *b, const char *key, const json_t *v, int indent) {
  size_t i;
  json_t *child;
  bool scalars = true;
  json_array_foreach(v, i, child) scalars &= is_scalar(child);
  text_key(b, indent, key, ":");
  if (scalars) {
    text_scalars(b, v);
    return;
  }
  z3_buf_printf(b, "\n");
  text_elements(b, v, indent + 2);
}

/* A multi-line string (a listing, a message) as an indented block under its key. */
static void text_block(z3_buf *b, const char *key, const char *s, int indent) {
  text_key(b, indent, key, ":\n");
  while (*s) {
    const char *end = strchr(s, '\n');
    size_t len = end ? (size_t)(end - s) : strlen(s);
    z3_buf_printf(b, "%*s", indent + 2, "");
    z3_buf_put_visible(b, s, len, NULL);
    z3_buf_printf(b, "\n");
    s += len + (end ? 1 : 0);
  }
}

static void text_value(z3_buf *b, const char *key, const json_t *v, int indent) {
  if (json_is_string(v) && strchr(json_string_value(v), '\n')) {
    text_block(b, key, json_string_value(v), indent);
  } else if (json_is_object(v)) {
    text_key(b, indent, key, ":\n");
    text_object(b, v, indent + 2);
  } else if (json_is_array(v)) {
    text_array(b, key, v, indent);
  } else {
    text_key(b, indent, key, ": ");
    text_scalar(b, v);
    z3_buf_printf(b, "\n");
  }
}

char *z3_render_text(const json_t *value) {
  z3_buf b;
  z3_buf_init(&b);
  if (json_is_object(value)) text_object(&b, value, 0);
  else text_value(&b, "result", value, 0);
  return z3_buf_take_string(&b);
}
