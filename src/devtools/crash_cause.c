/* What a parsed crash most likely means, from its type and its frames. */
#include <stdlib.h>
#include <string.h>

#include "devtools/crash.h"

/* Recursion this deep with the same function repeating is a stack overflow
 * even when the report only says SIGSEGV. */
enum { RECURSION_REPEATS = 16 };

/* The first user frame that names its function (a signal handler's unnamed
 * frames come first in a glibc backtrace), else the first user frame, else 0. */
static const json_t *site_frame(const json_t *frames) {
  size_t i;
  const json_t *f, *unnamed = NULL;
  json_array_foreach(frames, i, f) {
    if (!json_is_true(json_object_get(f, "is_user_code"))) continue;
    if (json_string_value(json_object_get(f, "function"))) return f;
    if (!unnamed) unnamed = f;
  }
  return unnamed ? unnamed : json_array_get(frames, 0);
}

static char *describe(const json_t *f) {
  if (!f) return z3_strdup("an unknown function");
  const char *fn = json_string_value(json_object_get(f, "function"));
  const char *file = json_string_value(json_object_get(f, "file"));
  json_int_t line = json_integer_value(json_object_get(f, "line"));
  if (!fn) fn = "an unnamed function";
  if (file && line) return z3_strfmt("%s (%s:%lld)", fn, file, (long long)line);
  if (file) return z3_strfmt("%s (%s)", fn, file);
  return z3_strdup(fn);
}

static bool recursion(const json_t *frames) {
  const json_t *first = json_array_get(frames, 0);
  const char *fn = json_string_value(json_object_get(first, "function"));
  size_t repeats = 0, i;
  const json_t *f;
  json_array_foreach(frames, i, f) {
    const char *name = json_string_value(json_object_get(f, "function"));
    if (fn && name && strcmp(fn, name) == 0) repeats++;
  }
  return repeats >= RECURSION_REPEATS;
}

static bool near_null(const char *address) {
  if (!address || !*address) return false;
  return strtoull(address, NULL, 16) < 0x1000;
}

static bool is(const char *type, const char *word) { return strstr(type, word) != NULL; }

typedef struct verdict {
  char *cause;
  const char *fixes[3];
} verdict;

static const char *overflow_kind(const char *type) {
  if (is(type, "heap")) return "heap";
  if (is(type, "stack")) return "stack";
  if (is(type, "global")) return "global";
  return "memory";
}

static verdict judge(const char *type, const char *signal, const char *address, const json_t *frames,
                     const json_t *freed_by, const char *region, const char *where) {
  verdict v = {0};
  bool segv = is(type, "SEGV") || (signal && strcmp(signal, "SIGSEGV") == 0);
  if (is(type, "use-after-free")) {
    char *freed = describe(site_frame(freed_by));
    v.cause = z3_strfmt("use after free in %s: the memory was freed in %s", where, freed);
    free(freed);
    v.fixes[0] = "set the pointer to NULL when freeing it and check it before use";
    v.fixes[1] = "make one owner responsible for the block's lifetime";
  } else if (is(type, "double-free")) {
    char *freed = describe(site_frame(freed_by));
    v.cause = json_array_size(freed_by) ? z3_strfmt("double free in %s: first freed in %s", where, freed)
                                        : z3_strfmt("double free in %s", where);
    free(freed);
    v.fixes[0] = "set the pointer to NULL right after free()";
    v.fixes[1] = "check which path frees the block twice (error paths, cleanup labels)";
  } else if (is(type, "stack-overflow") || (segv && recursion(frames))) {
    v.cause = z3_strfmt("stack overflow: unbounded recursion in %s", where);
    v.fixes[0] = "check the recursion's base case";
    v.fixes[1] = "turn deep recursion into a loop or move large locals to the heap";
  } else if (is(type, "overflow") || is(type, "underflow") || is(type, "out-of-bounds")) {
    const char *kind = is(type, "index-out-of-bounds") ? "array" : overflow_kind(type);
    v.cause = region && *region ? z3_strfmt("%s buffer overflow in %s: %s", kind, where, region)
                                : z3_strfmt("%s buffer overflow in %s", kind, where);
    v.fixes[0] = "check the index or length against the buffer's size before the access";
    v.fixes[1] = "look for an off-by-one in the loop bound (< versus <=)";
  } else if (is(type, "null-pointer") || (segv && near_null(address))) {
    v.cause = z3_strfmt("null pointer dereference in %s", where);
    v.fixes[0] = "check the pointer for NULL before dereferencing it";
    v.fixes[1] = "find where it should have been set (a failed allocation or lookup)";
  } else if (is(type, "memory-leak")) {
    v.cause = z3_strfmt("memory leak: a block allocated in %s is never freed", where);
    v.fixes[0] = "free the block on every path, error paths included";
  } else if (segv) {
    v.cause = z3_strfmt("invalid memory access at %s in %s", address && *address ? address : "an unknown address", where);
    v.fixes[0] = "check pointers that may be uninitialised or already freed";
  } else {
    v.cause = z3_strfmt("%s in %s", *type ? type : "crash", where);
  }
  return v;
}

json_t *z3_crash_conclude(const char *type, const char *signal, const char *address,
                          const json_t *frames, const json_t *freed_by, const char *region) {
  json_t *r = json_object();
  const json_t *site = site_frame(frames);
  if (site) json_object_set_new(r, "crash_site", json_deep_copy(site));
  char *where = describe(site);
  verdict v = judge(type ? type : "", signal, address, frames, freed_by, region, where);
  free(where);
  json_object_set_new(r, "likely_cause", json_string(v.cause ? v.cause : "unknown"));
  free(v.cause);
  json_t *fixes = json_array();
  for (size_t i = 0; i < 3 && v.fixes[i]; i++) json_array_append_new(fixes, json_string(v.fixes[i]));
  json_object_set_new(r, "suggested_fixes", fixes);
  return r;
}
