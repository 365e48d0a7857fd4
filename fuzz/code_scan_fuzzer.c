/*
 * Fuzzes the code index's own scanners (code index): C call sites, #include
 * lines and 65816 sources (asar and ca65) on the same bytes, then the include
 * graph `code includes` walks over files made of the input. Every entry the
 * scanners make must pass the index reader's check (z3_code_entry_ok), and an
 * input that is JSON is read as the index's "files" object: the entries the
 * check takes must carry the include graph too (the cache is a file anyone
 * can edit).
 * Checks: every call and include names something with a line inside the
 * text; every assembly tag has a name, a kind and an end not before its line;
 * every include resolves to an indexed file or to nothing; every cycle of the
 * graph starts and ends at one file and follows includes that resolve.
 * Input: NUL bytes split it into files; a file whose first line is "//@ PATH"
 * is named PATH (paths with .. and folders reach the resolver's guesses).
 * Seeds in fuzz/corpora/code_scan/: the code-proj fixture's files, and
 * projects of several files (cycles, ../, src/ and include/ guesses).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "devtools/code.h"
#include "devtools/code_index.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_pairs(const json_t *pairs, json_int_t lines) {
  size_t i;
  const json_t *p;
  json_array_foreach(pairs, i, p) {
    const char *name = json_string_value(json_array_get(p, 0));
    json_int_t line = json_integer_value(json_array_get(p, 1));
    if (!name || !*name || line < 1 || line > lines) abort();
  }
}

static json_int_t line_count(const uint8_t *data, size_t size) {
  json_int_t lines = 1;
  for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
  return lines;
}

static void check_tags(const json_t *tags) {
  size_t i;
  json_t *t;
  json_array_foreach(tags, i, t) {
    json_int_t line = json_integer_value(json_object_get(t, "line"));
    json_t *end = json_object_get(t, "end");
    if (!json_string_value(json_object_get(t, "name")) || !json_string_value(json_object_get(t, "kind"))) abort();
    if (end && json_integer_value(end) < line - 1) abort();
  }
}

/* One file's scan, checked, as the index keeps it: {asm, tags, calls, includes}. */
static json_t *scan_file(const uint8_t *data, size_t size, bool is_asm) {
  const char *text = (const char *)data;
  json_int_t lines = line_count(data, size);
  json_t *calls = z3_code_scan_calls(text, size);
  json_t *includes = z3_code_scan_includes(text, size);
  check_pairs(calls, lines);
  check_pairs(includes, lines);
  json_t *tags = json_array(), *asm_calls = json_array(), *asm_includes = json_array();
  z3_code_scan_asm(text, size, tags, asm_calls, asm_includes);
  check_pairs(asm_calls, lines);
  check_pairs(asm_includes, lines);
  check_tags(tags);
  if (is_asm) {
    json_decref(calls);
    json_decref(includes);
    return json_pack("{sbsososo}", "asm", true, "tags", tags, "calls", asm_calls, "includes", asm_includes);
  }
  json_decref(asm_calls);
  json_decref(asm_includes);
  return json_pack("{sbsososo}", "asm", false, "tags", tags, "calls", calls, "includes", includes);
}

static void check_graph(const json_t *files, const char *path);

/* What the indexer writes for a file must be what its reader accepts. */
static void check_entry(json_t *entry, size_t size) {
  char why[96];
  json_object_set_new(entry, "mtime", json_integer(1));
  json_object_set_new(entry, "size", json_integer((json_int_t)size));
  if (!z3_code_entry_ok(entry, why, sizeof why)) abort();
}

/* The input as a hand-edited cache: the entries the reader would take. */
static void index_document(const uint8_t *data, size_t size) {
  json_t *doc = json_loadb((const char *)data, size, 0, NULL);
  if (!json_is_object(doc)) {
    json_decref(doc);
    return;
  }
  json_t *files = json_object();
  const char *path;
  json_t *entry;
  char why[96];
  json_object_foreach(doc, path, entry) {
    why[0] = '\0';
    if (z3_code_entry_ok(entry, why, sizeof why)) json_object_set(files, path, entry);
    else if (!why[0]) abort();
  }
  json_object_foreach(files, path, entry) check_graph(files, path);
  json_decref(files);
  json_decref(doc);
}

/* The file's name: PATH from a first line "//@ PATH", else src/fN.c. */
static char *file_name(const uint8_t *data, size_t size, size_t n) {
  if (size > 4 && memcmp(data, "//@ ", 4) == 0) {
    const uint8_t *nl = memchr(data, '\n', size);
    size_t len = (nl ? (size_t)(nl - data) : size) - 4;
    if (len > 0 && len < 200 && !memchr(data + 4, 0, len)) return z3_strfmt("%.*s", (int)len, (const char *)data + 4);
  }
  return z3_strfmt("src/f%zu.c", n);
}

static bool includes_resolving_to(const json_t *files, const char *from, const char *to) {
  size_t i;
  json_t *inc;
  json_array_foreach(json_object_get(json_object_get(files, from), "includes"), i, inc) {
    if (json_is_true(json_array_get(inc, 2))) continue;
    const char *r = z3_code_resolve_include(files, from, json_string_value(json_array_get(inc, 0)));
    if (r && strcmp(r, to) == 0) return true;
  }
  return false;
}

static void check_graph(const json_t *files, const char *path) {
  size_t i, k;
  json_t *inc, *cycle;
  json_array_foreach(json_object_get(json_object_get(files, path), "includes"), i, inc) {
    const char *r = z3_code_resolve_include(files, path, json_string_value(json_array_get(inc, 0)));
    if (r && !json_object_get(files, r)) abort();
  }
  json_t *graph = z3_code_include_graph(files, path);
  json_int_t reachable = json_integer_value(json_object_get(graph, "reachable"));
  if (reachable < 0 || reachable >= (json_int_t)json_object_size(files)) abort();
  json_array_foreach(json_object_get(graph, "circular_dependencies"), i, cycle) {
    size_t n = json_array_size(cycle);
    if (n < 2 || !json_equal(json_array_get(cycle, 0), json_array_get(cycle, n - 1))) abort();
    for (k = 0; k + 1 < n; k++)
      if (!includes_resolving_to(files, json_string_value(json_array_get(cycle, k)),
                                 json_string_value(json_array_get(cycle, k + 1))))
        abort();
  }
  json_decref(graph);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 18) return 0;
  json_t *files = json_object();
  size_t n = 0;
  for (size_t start = 0; start <= size && n < 16; n++) {
    const uint8_t *nul = memchr(data + start, 0, size - start);
    size_t len = nul ? (size_t)(nul - data) - start : size - start;
    char *name = file_name(data + start, len, n);
    bool is_asm = false;
    if (!name) abort();
    z3_code_is_source(name, &is_asm);
    json_t *entry = scan_file(data + start, len, is_asm);
    check_entry(entry, len);
    json_object_set_new(files, name, entry);
    z3_free(name);
    start += len + 1;
  }
  const char *path;
  json_t *entry;
  json_object_foreach(files, path, entry) check_graph(files, path);
  json_decref(files);
  index_document(data, size);
  return 0;
}
