/* code includes: a file's #include lines resolved in the index, who includes it, depth and cycles. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devtools/code_index.h"
#include "devtools/code_query.h"
#include "devtools/code_support.h"
#include "devtools/handlers_code.h"

enum { MAX_CYCLES = 20, MAX_DEPTH = 64 };
#define CYCLE SIZE_MAX

/* "a/b/../c.h" → "a/c.h" in out; false when it climbs above the root. */
static bool normalize(const char *path, char *out, size_t cap) {
  char buf[PATH_MAX];
  size_t len = 0;
  snprintf(buf, sizeof buf, "%s", path);
  for (char *save = NULL, *part = strtok_r(buf, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
    if (strcmp(part, ".") == 0) continue;
    if (strcmp(part, "..") == 0) {
      if (len == 0) return false;
      while (len > 0 && out[len - 1] != '/') len--;
      if (len > 0) len--;
      continue;
    }
    size_t n = strlen(part);
    if (len + n + 2 > cap) return false;
    if (len) out[len++] = '/';
    memcpy(out + len, part, n);
    len += n;
  }
  out[len] = '\0';
  return len > 0;
}

static const char *indexed(const json_t *files, const char *path) {
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)files, key, v) {
    if (strcmp(key, path) == 0) return key;
  }
  return NULL;
}

const char *z3_code_resolve_include(const json_t *files, const char *from, const char *target) {
  char joined[PATH_MAX], norm[PATH_MAX];
  const char *slash = strrchr(from, '/');
  snprintf(joined, sizeof joined, "%.*s%s%s", slash ? (int)(slash - from) : 0, from, slash ? "/" : "", target);
  if (normalize(joined, norm, sizeof norm) && json_object_get(files, norm)) return indexed(files, norm);
  static const char *const guesses[] = {"", "src/", "include/", NULL};
  for (size_t i = 0; guesses[i]; i++) {
    snprintf(joined, sizeof joined, "%s%s", guesses[i], target);
    if (normalize(joined, norm, sizeof norm) && json_object_get(files, norm)) return indexed(files, norm);
  }
  const char *best = NULL, *key;
  json_t *v;
  size_t tlen = strlen(target);
  json_object_foreach((json_t *)files, key, v) {
    size_t klen = strlen(key);
    if (klen > tlen && key[klen - tlen - 1] == '/' && strcmp(key + klen - tlen, target) == 0 &&
        (!best || klen < strlen(best)))
      best = key;
  }
  return best;
}

/* ---- the graph walk from one file --------------------------------------------- */

typedef struct walk {
  const json_t *files;
  const char *stack[MAX_DEPTH];
  size_t depth;
  json_t *visited;  /* path → the longest chain below it, once finished */
  json_t *cycles;   /* arrays of paths */
  json_t *seen_cycles;
} walk;

static void record_cycle(walk *w, size_t from) {
  /* canonical form: the rotation starting at the smallest path, so each cycle is listed once */
  size_t n = w->depth - from, start = from;
  for (size_t i = from; i < w->depth; i++)
    if (strcmp(w->stack[i], w->stack[start]) < 0) start = i;
  json_t *cycle = json_array();
  z3_buf key;
  z3_buf_init(&key);
  for (size_t k = 0; k <= n; k++) {
    const char *p = w->stack[from + (start - from + k) % n];
    json_array_append_new(cycle, json_string(p));
    z3_buf_printf(&key, "%s\n", p);
  }
  z3_buf_push(&key, 0, NULL);
  const char *k = (const char *)key.data;
  if (k && !json_object_get(w->seen_cycles, k) && json_array_size(w->cycles) < MAX_CYCLES) {
    json_object_set_new(w->seen_cycles, k, json_true());
    json_array_append(w->cycles, cycle);
  }
  json_decref(cycle);
  z3_buf_release(&key);
}

/* Depth-first from path: records cycles, returns the longest chain of includes below path
 * (memoised in visited, so each file is expanded once). */
static size_t visit(walk *w, const char *path) {
  for (size_t i = 0; i < w->depth; i++) {
    if (strcmp(w->stack[i], path) == 0) {
      record_cycle(w, i);
      return CYCLE;
    }
  }
  json_t *known = json_object_get(w->visited, path);
  if (known || w->depth >= MAX_DEPTH) return known ? (size_t)json_integer_value(known) : 0;
  w->stack[w->depth++] = path;
  size_t longest = 0, i;
  json_t *inc;
  json_array_foreach(json_object_get(json_object_get(w->files, path), "includes"), i, inc) {
    if (json_is_true(json_array_get(inc, 2))) continue;
    const char *to = z3_code_resolve_include(w->files, path, json_string_value(json_array_get(inc, 0)));
    size_t below = to ? visit(w, to) : CYCLE;
    below = below == CYCLE ? 0 : below + 1; /* an edge back into the chain adds no depth */
    if (below > longest) longest = below;
  }
  w->depth--;
  json_object_set_new(w->visited, path, json_integer((json_int_t)longest));
  return longest;
}

json_t *z3_code_include_graph(const json_t *files, const char *path) {
  walk w = {.files = files, .visited = json_object(), .cycles = json_array(), .seen_cycles = json_object()};
  const char *key = indexed(files, path);
  size_t depth = key ? visit(&w, key) : 0;
  json_t *graph = json_pack("{sIsIso}", "include_depth", (json_int_t)depth, "reachable",
                            (json_int_t)json_object_size(w.visited) - (key ? 1 : 0), "circular_dependencies", w.cycles);
  json_decref(w.visited);
  json_decref(w.seen_cycles);
  return graph;
}

/* ---- the command ------------------------------------------------------------- */

static json_t *direct_includes(const json_t *files, const char *path) {
  json_t *list = json_array();
  size_t i;
  json_t *inc;
  json_array_foreach(json_object_get(json_object_get(files, path), "includes"), i, inc) {
    bool system = json_is_true(json_array_get(inc, 2));
    const char *target = json_string_value(json_array_get(inc, 0));
    const char *to = system ? NULL : z3_code_resolve_include(files, path, target);
    json_array_append_new(list, json_pack("{sssOsbso}", "include", target, "line", json_array_get(inc, 1), "is_system",
                                          system, "file", to ? json_string(to) : json_null()));
  }
  return list;
}

static json_t *included_by(const json_t *files, const char *path) {
  json_t *list = json_array();
  const char *from;
  json_t *entry;
  json_object_foreach((json_t *)files, from, entry) {
    size_t i;
    json_t *inc;
    json_array_foreach(json_object_get(entry, "includes"), i, inc) {
      if (json_is_true(json_array_get(inc, 2))) continue;
      const char *to = z3_code_resolve_include(files, from, json_string_value(json_array_get(inc, 0)));
      if (to && strcmp(to, path) == 0)
        json_array_append_new(list, json_pack("{sssO}", "file", from, "line", json_array_get(inc, 1)));
    }
  }
  return z3_code_sorted(list);
}

z3_status cmd_code_includes(z3_cmd_ctx *ctx, z3_error *err) {
  z3_code_query q;
  z3_status st = z3_code_query_open(ctx, &q, err);
  char *real = NULL;
  if (st == Z3_OK) st = z3_dt_root_path(q.root, z3_arg_str(ctx, "file"), "file", &real, err);
  const char *path = real ? z3_dt_root_relative(q.root, real) : NULL;
  if (st == Z3_OK && !json_object_get(q.files, path)) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "--file '%s' is not in the code index", z3_arg_str(ctx, "file"));
    z3_error_hint(err, "run `z3ed code index` to add new files");
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "file", json_string(path));
    json_object_set_new(ctx->result, "direct_includes", direct_includes(q.files, path));
    json_object_set_new(ctx->result, "included_by", included_by(q.files, path));
    json_t *graph = z3_code_include_graph(q.files, path);
    json_object_update(ctx->result, graph);
    json_decref(graph);
  }
  free(real);
  z3_code_query_close(&q);
  return st;
}
