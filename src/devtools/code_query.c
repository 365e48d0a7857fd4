/* code find-symbol, members, callers, callees: read-only queries over the cached index. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "devtools/code_index.h"
#include "devtools/code_query.h"
#include "devtools/code_support.h"
#include "devtools/handlers_code.h"

enum { MAX_SOURCE_BYTES = 8u << 20, MAX_CONTEXT = 200 };

/* ---- the session every query opens ----------------------------------------- */

z3_status z3_code_query_open(z3_cmd_ctx *ctx, z3_code_query *q, z3_error *err) {
  memset(q, 0, sizeof *q);
  z3_buf_init(&q->text);
  z3_status st = z3_dt_root_resolve(z3_arg_str(ctx, "root"), &q->root, err);
  if (st == Z3_OK) st = z3_code_index_read(q->root, &q->files, err);
  if (st != Z3_OK) return st;
  size_t stale = 0;
  const char *path;
  json_t *entry;
  json_object_foreach(q->files, path, entry) {
    char *full = z3_strfmt("%s/%s", q->root, path);
    struct stat sb;
    json_int_t mtime = full && stat(full, &sb) == 0 ? (json_int_t)sb.st_mtim.tv_sec * 1000000000 + sb.st_mtim.tv_nsec : -1;
    stale += mtime != json_integer_value(json_object_get(entry, "mtime"));
    free(full);
  }
  json_object_set_new(ctx->result, "stale_files", json_integer((json_int_t)stale));
  return Z3_OK;
}

void z3_code_query_close(z3_code_query *q) {
  json_decref(q->files);
  z3_buf_release(&q->text);
  free(q->text_path);
  free(q->root);
}

/* The trimmed text of a source line (the last file read is kept). */
json_t *z3_code_context(z3_code_query *q, const char *path, json_int_t line) {
  if (!q->text_path || strcmp(q->text_path, path) != 0) {
    free(q->text_path);
    q->text_path = z3_strdup(path);
    q->text.len = 0;
    char *full = z3_strfmt("%s/%s", q->root, path);
    if (full && z3_file_read(&q->text, full, MAX_SOURCE_BYTES, NULL) != Z3_OK) q->text.len = 0;
    free(full);
  }
  const char *t = (const char *)q->text.data, *end = t + q->text.len;
  for (json_int_t n = 1; t && t < end && n < line; n++) {
    const char *nl = memchr(t, '\n', (size_t)(end - t));
    t = nl ? nl + 1 : end;
  }
  if (!t || t >= end) return json_null();
  while (t < end && (*t == ' ' || *t == '\t')) t++;
  size_t n = strcspn(t, "\n");
  if (n > (size_t)(end - t)) n = (size_t)(end - t);
  char buf[MAX_CONTEXT + 4];
  snprintf(buf, sizeof buf, "%.*s%s", (int)(n > MAX_CONTEXT ? MAX_CONTEXT : n), t, n > MAX_CONTEXT ? "..." : "");
  buf[strcspn(buf, "\r")] = '\0';
  z3_utf8_fix(buf);
  return json_string(buf);
}

static int by_file_line(const void *a, const void *b) {
  const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
  int c = strcmp(json_string_value(json_object_get(x, "file")), json_string_value(json_object_get(y, "file")));
  if (c) return c;
  json_int_t lx = json_integer_value(json_object_get(x, "line")), ly = json_integer_value(json_object_get(y, "line"));
  if (lx != ly) return (lx > ly) - (lx < ly);
  const char *nx = json_string_value(json_object_get(x, "name")), *ny = json_string_value(json_object_get(y, "name"));
  return nx && ny ? strcmp(nx, ny) : 0;
}

json_t *z3_code_sorted(json_t *array) {
  size_t n = json_array_size(array);
  json_t **items = z3_calloc(n ? n : 1, sizeof *items);
  json_t *out = json_array();
  if (items) {
    for (size_t i = 0; i < n; i++) items[i] = json_array_get(array, i);
    qsort(items, n, sizeof *items, by_file_line);
    for (size_t i = 0; i < n; i++) json_array_append(out, items[i]);
  }
  free(items);
  json_decref(array);
  return out;
}

/* ---- find-symbol ----------------------------------------------------------- */

static bool is_declaration(const char *kind) {
  return strcmp(kind, "prototype") == 0 || strcmp(kind, "externvar") == 0;
}

static json_t *location(z3_code_query *q, const char *path, const json_t *tag) {
  const char *kind = json_string_value(json_object_get(tag, "kind"));
  json_int_t line = json_integer_value(json_object_get(tag, "line"));
  json_t *loc = json_pack("{sssIssss}", "file", path, "line", line, "kind", kind, "role",
                          is_declaration(kind) ? "declaration" : "definition");
  static const char *const copied[] = {"end", "scope", "scopeKind", "signature", "typeref", "language", NULL};
  for (size_t i = 0; copied[i]; i++) {
    json_t *v = json_object_get(tag, copied[i]);
    if (v) json_object_set(loc, strcmp(copied[i], "scopeKind") == 0 ? "scope_kind" : copied[i], v);
  }
  json_object_set_new(loc, "context", z3_code_context(q, path, line));
  return loc;
}

z3_status cmd_code_find_symbol(z3_cmd_ctx *ctx, z3_error *err) {
  z3_code_query q;
  z3_status st = z3_code_query_open(ctx, &q, err);
  const char *name = z3_arg_str(ctx, "name"), *kind = z3_arg_str(ctx, "kind");
  bool declarations = !z3_arg_bool(ctx, "definitions-only");
  json_t *found = json_array();
  const char *path;
  json_t *entry;
  if (st == Z3_OK) json_object_foreach(q.files, path, entry) {
    size_t i;
    json_t *tag;
    json_array_foreach(json_object_get(entry, "tags"), i, tag) {
      const char *k = json_string_value(json_object_get(tag, "kind"));
      if (!k || strcmp(json_string_value(json_object_get(tag, "name")), name) != 0) continue;
      if (kind && strcmp(kind, "any") != 0 && strcmp(kind, k) != 0) continue;
      if (!declarations && is_declaration(k)) continue;
      json_array_append_new(found, location(&q, path, tag));
    }
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "symbol", json_string(name));
    json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(found)));
    json_object_set_new(ctx->result, "locations", z3_code_sorted(json_incref(found)));
    if (json_array_size(found) == 0) {
      st = z3_error_set(err, Z3_E_NOT_FOUND, "no symbol '%s' in the code index", name);
      z3_error_hint(err, "the index has %zu files; run `z3ed code index` if the symbol is new", json_object_size(q.files));
    }
  }
  json_decref(found);
  z3_code_query_close(&q);
  return st;
}

/* ---- members --------------------------------------------------------------- */

static bool is_aggregate(const char *kind) {
  return kind && (strcmp(kind, "struct") == 0 || strcmp(kind, "union") == 0 || strcmp(kind, "enum") == 0 ||
                  strcmp(kind, "class") == 0);
}

/* The aggregate a name stands for: itself, or what a typedef of it names ("struct:__anon..."). */
static bool find_aggregate(const json_t *files, const char *name, char *scope, size_t cap, json_t **where) {
  const char *path;
  json_t *entry;
  json_object_foreach((json_t *)files, path, entry) {
    size_t i;
    json_t *tag;
    json_array_foreach(json_object_get(entry, "tags"), i, tag) {
      if (strcmp(json_string_value(json_object_get(tag, "name")), name) != 0) continue;
      const char *kind = json_string_value(json_object_get(tag, "kind"));
      const char *ref = json_string_value(json_object_get(tag, "typeref"));
      const char *colon = ref ? strchr(ref, ':') : NULL;
      if (is_aggregate(kind)) {
        snprintf(scope, cap, "%s", name);
      } else if (kind && strcmp(kind, "typedef") == 0 && colon && strncmp(ref, "typename:", 9) != 0) {
        snprintf(scope, cap, "%s", colon + 1);
      } else {
        continue;
      }
      *where = json_pack("{sssssO}", "file", path, "kind", is_aggregate(kind) ? kind : "typedef", "line",
                         json_object_get(tag, "line"));
      return true;
    }
  }
  return false;
}

static json_t *member(const char *path, const json_t *tag) {
  const char *ref = json_string_value(json_object_get(tag, "typeref"));
  json_t *m = json_pack("{sOsOsOss}", "name", json_object_get(tag, "name"), "kind", json_object_get(tag, "kind"),
                        "line", json_object_get(tag, "line"), "file", path);
  if (ref) json_object_set_new(m, "type", json_string(strncmp(ref, "typename:", 9) == 0 ? ref + 9 : ref));
  json_t *sig = json_object_get(tag, "signature");
  if (sig) json_object_set(m, "signature", sig);
  return m;
}

z3_status cmd_code_members(z3_cmd_ctx *ctx, z3_error *err) {
  z3_code_query q;
  z3_status st = z3_code_query_open(ctx, &q, err);
  const char *name = z3_arg_str(ctx, "name");
  char scope[256];
  json_t *where = NULL, *members = json_array();
  if (st == Z3_OK && !find_aggregate(q.files, name, scope, sizeof scope, &where))
    st = z3_error_set(err, Z3_E_NOT_FOUND, "no struct, union, enum or typedef of one named '%s' in the code index", name);
  const char *path;
  json_t *entry;
  if (st == Z3_OK) json_object_foreach(q.files, path, entry) {
    size_t i;
    json_t *tag;
    json_array_foreach(json_object_get(entry, "tags"), i, tag) {
      const char *s = json_string_value(json_object_get(tag, "scope"));
      if (s && strcmp(s, scope) == 0 && is_aggregate(json_string_value(json_object_get(tag, "scopeKind"))))
        json_array_append_new(members, member(path, tag));
    }
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "type", json_string(name));
    json_object_set_new(ctx->result, "defined_at", where);
    where = NULL;
    json_object_set_new(ctx->result, "total", json_integer((json_int_t)json_array_size(members)));
    json_object_set_new(ctx->result, "members", z3_code_sorted(json_incref(members)));
  }
  json_decref(where);
  json_decref(members);
  z3_code_query_close(&q);
  return st;
}
