/* code callers and callees: call sites from our scanner, attributed to the function whose lines hold them. */
#include <stdlib.h>
#include <string.h>

#include "devtools/code_query.h"
#include "devtools/handlers_code.h"

static bool is_function_tag(const json_t *tag) {
  const char *kind = json_string_value(json_object_get(tag, "kind"));
  if (!kind || !json_object_get(tag, "end")) return false;
  if (strcmp(kind, "function") == 0 || strcmp(kind, "method") == 0) return true;
  return strcmp(kind, "label") == 0 && !json_object_get(tag, "scope"); /* a 65816 routine */
}

static const char *tag_name(const json_t *tag) { return json_string_value(json_object_get(tag, "name")); }
static json_int_t tag_int(const json_t *tag, const char *key) { return json_integer_value(json_object_get(tag, key)); }

/* The function of entry whose line range holds line, or NULL (file scope: declarations, tables). */
static const json_t *enclosing(const json_t *entry, json_int_t line) {
  size_t i;
  const json_t *tag, *best = NULL;
  json_array_foreach(json_object_get(entry, "tags"), i, tag) {
    if (!is_function_tag(tag) || tag_int(tag, "line") > line || tag_int(tag, "end") < line) continue;
    if (!best || tag_int(tag, "line") > tag_int(best, "line")) best = tag;
  }
  return best;
}

/* A call at the function's own first line with its own name is its definition, not a call. */
static bool is_own_definition(const json_t *fn, const char *name, json_int_t line) {
  return tag_int(fn, "line") == line && strcmp(tag_name(fn), name) == 0;
}

static json_t *site(z3_code_query *q, const char *path, json_int_t line) {
  return json_pack("{sIso}", "line", line, "context", z3_code_context(q, path, line));
}

/* The group of `groups` keyed file + function, made on first use. */
static json_t *group_for(json_t *groups, const char *path, const json_t *fn) {
  char *key = z3_strfmt("%s\n%s", path, tag_name(fn));
  json_t *g = key ? json_object_get(groups, key) : NULL;
  if (key && !g) {
    g = json_pack("{sssssIs[]}", "function", tag_name(fn), "file", path, "line", tag_int(fn, "line"), "call_sites");
    json_object_set_new(groups, key, g);
  }
  free(key);
  return g;
}

static json_t *object_values(json_t *groups) {
  json_t *list = json_array();
  const char *key;
  json_t *g;
  json_object_foreach(groups, key, g) json_array_append(list, g);
  json_decref(groups);
  return z3_code_sorted(list);
}

z3_status cmd_code_callers(z3_cmd_ctx *ctx, z3_error *err) {
  z3_code_query q;
  z3_status st = z3_code_query_open(ctx, &q, err);
  const char *name = z3_arg_str(ctx, "name");
  json_t *groups = json_object();
  size_t sites = 0;
  const char *path;
  json_t *entry;
  if (st == Z3_OK) json_object_foreach(q.files, path, entry) {
    size_t i;
    json_t *call;
    json_array_foreach(json_object_get(entry, "calls"), i, call) {
      if (strcmp(json_string_value(json_array_get(call, 0)), name) != 0) continue;
      json_int_t line = json_integer_value(json_array_get(call, 1));
      const json_t *fn = enclosing(entry, line);
      if (!fn || is_own_definition(fn, name, line)) continue;
      json_array_append_new(json_object_get(group_for(groups, path, fn), "call_sites"), site(&q, path, line));
      sites++;
    }
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "function", json_string(name));
    json_object_set_new(ctx->result, "call_sites", json_integer((json_int_t)sites));
    json_object_set_new(ctx->result, "callers", object_values(json_incref(groups)));
  }
  json_decref(groups);
  z3_code_query_close(&q);
  return st;
}

/* Where a callee is defined: its function tags anywhere (at most a few). */
static json_t *definitions(const json_t *files, const char *name) {
  json_t *defs = json_array();
  const char *path;
  json_t *entry;
  json_object_foreach((json_t *)files, path, entry) {
    size_t i;
    json_t *tag;
    json_array_foreach(json_object_get(entry, "tags"), i, tag) {
      if (is_function_tag(tag) && strcmp(tag_name(tag), name) == 0 && json_array_size(defs) < 4)
        json_array_append_new(defs, json_pack("{sssI}", "file", path, "line", tag_int(tag, "line")));
    }
  }
  return z3_code_sorted(defs);
}

/* The calls inside one definition of the function, grouped by callee in order of first call. */
static void callees_of(z3_code_query *q, const char *path, const json_t *entry, const json_t *fn, json_t *out) {
  json_t *by_name = json_object();
  size_t i;
  json_t *call;
  json_array_foreach(json_object_get(entry, "calls"), i, call) {
    const char *callee = json_string_value(json_array_get(call, 0));
    json_int_t line = json_integer_value(json_array_get(call, 1));
    if (enclosing(entry, line) != fn || is_own_definition(fn, callee, line)) continue;
    json_t *g = json_object_get(by_name, callee);
    if (!g) {
      g = json_pack("{sss[]so}", "function", callee, "call_sites", "defined_at", definitions(q->files, callee));
      json_object_set_new(by_name, callee, g);
      json_array_append(out, g);
    }
    json_array_append_new(json_object_get(g, "call_sites"), site(q, path, line));
  }
  json_decref(by_name);
}

z3_status cmd_code_callees(z3_cmd_ctx *ctx, z3_error *err) {
  z3_code_query q;
  z3_status st = z3_code_query_open(ctx, &q, err);
  const char *name = z3_arg_str(ctx, "name"), *only = z3_arg_str(ctx, "file");
  json_t *defs = json_array();
  const char *path;
  json_t *entry;
  if (st == Z3_OK) json_object_foreach(q.files, path, entry) {
    if (only && strcmp(only, path) != 0) continue;
    size_t i;
    json_t *tag;
    json_array_foreach(json_object_get(entry, "tags"), i, tag) {
      if (!is_function_tag(tag) || strcmp(tag_name(tag), name) != 0) continue;
      json_t *callees = json_array();
      callees_of(&q, path, entry, tag, callees);
      json_array_append_new(defs, json_pack("{sssIsIso}", "file", path, "line", tag_int(tag, "line"), "end",
                                            tag_int(tag, "end"), "callees", callees));
    }
  }
  if (st == Z3_OK && json_array_size(defs) == 0) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "no function '%s'%s%s in the code index", name, only ? " in " : "", only ? only : "");
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "function", json_string(name));
    json_object_set_new(ctx->result, "definitions", z3_code_sorted(json_incref(defs)));
  }
  json_decref(defs);
  z3_code_query_close(&q);
  return st;
}
