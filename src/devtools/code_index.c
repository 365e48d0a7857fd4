/* code index: the project's sources walked, ctags and our scanners run on changed files, the cache written. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "devtools/code.h"
#include "devtools/code_index.h"
#include "devtools/code_support.h"
#include "devtools/handlers_code.h"
#include "devtools/memory.h"

enum { MAX_FILES = 50000, MAX_SOURCE_BYTES = 8u << 20, MAX_INDEX_BYTES = 512u << 20, MAX_CTAGS_OUTPUT = 512u << 20 };

/* Folders no project wants indexed: hidden ones (.git, .z3ed), build output, dependencies. */
static bool skip_folder(const char *name) {
  return name[0] == '.' || strncmp(name, "build", 5) == 0 || strcmp(name, "node_modules") == 0;
}

static json_int_t mtime_ns(const struct stat *st) {
  return (json_int_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
}

/* Adds every source file under root/rel to files: path → {mtime, size, asm}. Symlinks are not followed. */
static z3_status walk(const char *root, const char *rel, json_t *files, z3_error *err) {
  char *dir_path = *rel ? z3_strfmt("%s/%s", root, rel) : z3_strdup(root);
  DIR *d = dir_path ? opendir(dir_path) : NULL;
  free(dir_path);
  if (!d) return Z3_OK; /* unreadable folders are left out */
  z3_status st = Z3_OK;
  struct dirent *e;
  while (st == Z3_OK && (e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    char *child = *rel ? z3_strfmt("%s/%s", rel, e->d_name) : z3_strdup(e->d_name);
    char *full = z3_strfmt("%s/%s", root, child ? child : "");
    struct stat sb;
    bool is_asm = false;
    if (!child || !full) {
      st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
    } else if (lstat(full, &sb) != 0 || S_ISLNK(sb.st_mode)) {
      /* a symlink may lead outside the root: never followed */
    } else if (S_ISDIR(sb.st_mode) && !skip_folder(e->d_name)) {
      st = walk(root, child, files, err);
    } else if (S_ISREG(sb.st_mode) && sb.st_size <= MAX_SOURCE_BYTES && z3_code_is_source(child, &is_asm)) {
      if (json_object_size(files) >= MAX_FILES)
        st = z3_error_set(err, Z3_E_INVALID, "more than %d source files under the root; give a smaller --root", MAX_FILES);
      else
        json_object_set_new(files, child, json_pack("{sIsIsb}", "mtime", mtime_ns(&sb), "size", (json_int_t)sb.st_size, "asm", is_asm));
    }
    free(child);
    free(full);
  }
  closedir(d);
  return st;
}

static bool unchanged(const json_t *old, const json_t *now) {
  return old && json_integer_value(json_object_get(old, "mtime")) == json_integer_value(json_object_get(now, "mtime")) &&
         json_integer_value(json_object_get(old, "size")) == json_integer_value(json_object_get(now, "size"));
}

/* Our scanners on one file: calls and includes (and tags, for assembly). */
static z3_status scan_file(const char *root, const char *path, json_t *entry, z3_error *err) {
  char *full = z3_strfmt("%s/%s", root, path);
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = full ? z3_file_read(&text, full, MAX_SOURCE_BYTES, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  free(full);
  if (st != Z3_OK) return st;
  const char *t = (const char *)text.data;
  if (json_is_true(json_object_get(entry, "asm"))) {
    json_t *tags = json_array(), *calls = json_array(), *includes = json_array();
    z3_code_scan_asm(t, text.len, tags, calls, includes);
    json_object_set_new(entry, "tags", tags);
    json_object_set_new(entry, "calls", calls);
    json_object_set_new(entry, "includes", includes);
  } else {
    json_object_set_new(entry, "tags", json_array());
    json_object_set_new(entry, "calls", z3_code_scan_calls(t, text.len));
    json_object_set_new(entry, "includes", z3_code_scan_includes(t, text.len));
  }
  z3_buf_release(&text);
  return Z3_OK;
}

/* One ctags JSON line into the tags of its file; a tag the index's reader would
 * refuse (no kind or line) is left out rather than spoiling the cache. */
static void add_ctags_line(const char *line, size_t len, json_t *files) {
  json_t *tag = json_loadb(line, len, 0, NULL);
  const char *path = json_string_value(json_object_get(tag, "path"));
  json_t *entry = path ? json_object_get(files, path) : NULL;
  json_object_del(tag, "_type");
  json_object_del(tag, "path");
  json_object_del(tag, "pattern");
  if (entry && z3_code_tag_ok(tag)) json_array_append(json_object_get(entry, "tags"), tag);
  json_decref(tag);
}

static z3_status run_ctags(z3_cmd_ctx *ctx, const char *root, const json_t *changed, json_t *files, z3_error *err) {
  if (json_array_size(changed) == 0) return Z3_OK;
  z3_status st = z3_dt_need_program("ctags", "universal-ctags", err);
  char tmp[PATH_MAX], list[PATH_MAX + 16];
  if (st == Z3_OK) st = z3_dt_tmpdir_make(tmp, sizeof tmp, err);
  if (st != Z3_OK) return st;
  snprintf(list, sizeof list, "%s/files", tmp);
  z3_buf names;
  z3_buf_init(&names);
  size_t i;
  json_t *p;
  json_array_foreach(changed, i, p) z3_buf_printf(&names, "%s\n", json_string_value(p));
  st = z3_file_write_atomic(list, names.data, names.len, NULL, err);
  z3_buf_release(&names);
  z3_dt_proc proc = {0};
  char *argv[] = {"ctags", "--output-format=json", "--fields=+neKStl", "--kinds-C=+p", "--kinds-C++=+p",
                  "-f", "-", "-L", list, NULL};
  if (st == Z3_OK) st = z3_dt_proc_run(root, argv, (double)z3_arg_int(ctx, "timeout"), MAX_CTAGS_OUTPUT, &proc, err);
  if (st == Z3_OK && (proc.timed_out || proc.truncated || proc.exit_code != 0))
    st = z3_error_set(err, Z3_E_IO, "ctags failed (%s)",
                      proc.timed_out ? "killed at --timeout" : proc.truncated ? "output too large" : "non-zero exit");
  for (size_t pos = 0; st == Z3_OK && pos < proc.output.len;) {
    const char *line = (const char *)proc.output.data + pos;
    const char *nl = memchr(line, '\n', proc.output.len - pos);
    size_t n = nl ? (size_t)(nl - line) : proc.output.len - pos;
    if (n && line[0] == '{') add_ctags_line(line, n, files);
    pos += n + 1;
  }
  z3_dt_proc_release(&proc);
  z3_dt_tmpdir_remove(tmp);
  return st;
}

/* Fills files' entries from old where unchanged, scans the rest; counts go to the result. */
static z3_status refresh(z3_cmd_ctx *ctx, const char *root, json_t *old_files, json_t *files, z3_error *err) {
  json_t *changed = json_array();
  size_t reused = 0, scanned = 0;
  const char *path;
  json_t *entry;
  z3_status st = Z3_OK;
  json_object_foreach(files, path, entry) {
    json_t *old = json_object_get(old_files, path);
    if (unchanged(old, entry)) {
      json_object_set(entry, "tags", json_object_get(old, "tags"));
      json_object_set(entry, "calls", json_object_get(old, "calls"));
      json_object_set(entry, "includes", json_object_get(old, "includes"));
      reused++;
      continue;
    }
    if (st == Z3_OK) st = scan_file(root, path, entry, err);
    if (!json_is_true(json_object_get(entry, "asm"))) json_array_append_new(changed, json_string(path));
    scanned++;
  }
  if (st == Z3_OK) st = run_ctags(ctx, root, changed, files, err);
  json_decref(changed);
  size_t removed = 0;
  json_object_foreach(old_files, path, entry) removed += json_object_get(files, path) == NULL;
  json_object_set_new(ctx->result, "scanned", json_integer((json_int_t)scanned));
  json_object_set_new(ctx->result, "reused", json_integer((json_int_t)reused));
  json_object_set_new(ctx->result, "removed", json_integer((json_int_t)removed));
  return st;
}

static void count_totals(json_t *result, const json_t *files) {
  size_t tags = 0, calls = 0, includes = 0;
  const char *path;
  json_t *entry;
  json_object_foreach((json_t *)files, path, entry) {
    tags += json_array_size(json_object_get(entry, "tags"));
    calls += json_array_size(json_object_get(entry, "calls"));
    includes += json_array_size(json_object_get(entry, "includes"));
  }
  json_object_set_new(result, "files", json_integer((json_int_t)json_object_size(files)));
  json_object_set_new(result, "tags", json_integer((json_int_t)tags));
  json_object_set_new(result, "calls", json_integer((json_int_t)calls));
  json_object_set_new(result, "includes", json_integer((json_int_t)includes));
}

static z3_status save(const char *root, json_t *files, z3_error *err) {
  char *dir = z3_strfmt("%s/.z3ed", root), *path = z3_strfmt("%s/%s", root, Z3_CODE_INDEX_PATH);
  z3_status st = dir && path ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK && mkdir(dir, 0755) != 0 && errno != EEXIST)
    st = z3_error_set(err, Z3_E_IO, "cannot create '%s': %s", dir, strerror(errno));
  json_t *doc = json_pack("{sssO}", "schema", Z3_CODE_INDEX_SCHEMA, "files", files);
  char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
  if (st == Z3_OK && !text) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_file_write_atomic(path, text, strlen(text), NULL, err);
  free(text);
  json_decref(doc);
  free(dir);
  free(path);
  return st;
}

static bool optional_is(const json_t *o, const char *key, json_type type) {
  const json_t *v = json_object_get(o, key);
  return !v || json_typeof(v) == type;
}

bool z3_code_tag_ok(const json_t *tag) {
  static const char *const strings[] = {"scope", "scopeKind", "signature", "typeref", "language", NULL};
  if (!json_is_string(json_object_get(tag, "name")) || !json_is_string(json_object_get(tag, "kind")) ||
      !json_is_integer(json_object_get(tag, "line")) || !optional_is(tag, "end", JSON_INTEGER))
    return false;
  for (size_t i = 0; strings[i]; i++)
    if (!optional_is(tag, strings[i], JSON_STRING)) return false;
  return true;
}

/* [name, line] */
static bool call_ok(const json_t *p) {
  return json_array_size(p) == 2 && json_is_string(json_array_get(p, 0)) && json_is_integer(json_array_get(p, 1));
}

/* [target, line, system] */
static bool include_ok(const json_t *p) {
  return json_array_size(p) == 3 && json_is_string(json_array_get(p, 0)) && json_is_integer(json_array_get(p, 1)) &&
         json_is_boolean(json_array_get(p, 2));
}

/* The entry's list at key with every item passing item_ok; *bad is the first that does
 * not, or SIZE_MAX when there is no list. */
static bool list_ok(const json_t *entry, const char *key, bool (*item_ok)(const json_t *), size_t *bad) {
  const json_t *list = json_object_get(entry, key);
  if (!json_is_array(list)) return *bad = SIZE_MAX, false;
  for (*bad = 0; *bad < json_array_size(list); ++*bad)
    if (!item_ok(json_array_get(list, *bad))) return false;
  return true;
}

bool z3_code_entry_ok(const json_t *entry, char *why, size_t cap) {
  static const struct { const char *key; bool (*item_ok)(const json_t *); } lists[] = {
      {"tags", z3_code_tag_ok}, {"calls", call_ok}, {"includes", include_ok}};
  if (!json_is_object(entry) || !json_is_integer(json_object_get(entry, "mtime")) ||
      !json_is_integer(json_object_get(entry, "size")) || !json_is_boolean(json_object_get(entry, "asm"))) {
    snprintf(why, cap, "it is not an object with mtime, size and asm");
    return false;
  }
  for (size_t k = 0; k < sizeof lists / sizeof lists[0]; k++) {
    size_t bad = 0;
    if (list_ok(entry, lists[k].key, lists[k].item_ok, &bad)) continue;
    if (bad == SIZE_MAX) snprintf(why, cap, "its %s are not a list", lists[k].key);
    else snprintf(why, cap, "%s[%zu] is not one the indexer writes", lists[k].key, bad);
    return false;
  }
  return true;
}

/* Every file entry as the indexer writes it: the queries then read fields without checks. */
static z3_status check_files(const json_t *files, const char *path, z3_error *err) {
  const char *name;
  json_t *entry;
  char why[96];
  json_object_foreach((json_t *)files, name, entry) {
    if (!z3_code_entry_ok(entry, why, sizeof why))
      return z3_error_set(err, Z3_E_INVALID, "'%s' is damaged: its entry for '%s' is wrong (%s)", path, name, why);
  }
  return Z3_OK;
}

z3_status z3_code_index_read(const char *root, json_t **files, z3_error *err) {
  char *path = z3_strfmt("%s/%s", root, Z3_CODE_INDEX_PATH);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = z3_file_exists(path) ? z3_file_read(&text, path, MAX_INDEX_BYTES, err)
                                       : z3_error_set(err, Z3_E_NOT_FOUND, "no code index under '%s'", root);
  if (st == Z3_E_NOT_FOUND) z3_error_hint(err, "run `z3ed code index --root %s` first", root);
  json_t *doc = st == Z3_OK ? json_loadb((const char *)text.data, text.len, 0, NULL) : NULL;
  const char *schema = json_string_value(json_object_get(doc, "schema"));
  if (st == Z3_OK && (!schema || strcmp(schema, Z3_CODE_INDEX_SCHEMA) != 0 || !json_is_object(json_object_get(doc, "files")))) {
    st = z3_error_set(err, Z3_E_INVALID, "'%s' is not a code index of this z3ed", path);
  } else if (st == Z3_OK) {
    st = check_files(json_object_get(doc, "files"), path, err);
  }
  if (st == Z3_E_INVALID) z3_error_hint(err, "run `z3ed code index --root %s --full` to build it again", root);
  if (st == Z3_OK) *files = json_incref(json_object_get(doc, "files"));
  json_decref(doc);
  z3_buf_release(&text);
  free(path);
  return st;
}

z3_status cmd_code_index(z3_cmd_ctx *ctx, z3_error *err) {
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  char *root = NULL;
  z3_status st = z3_dt_root_resolve(z3_arg_str(ctx, "root"), &root, err);
  json_t *files = json_object(), *old = NULL;
  if (st == Z3_OK) st = walk(root, "", files, err);
  if (st == Z3_OK && (z3_arg_bool(ctx, "full") || z3_code_index_read(root, &old, NULL) != Z3_OK)) old = json_object();
  if (st == Z3_OK) st = refresh(ctx, root, old, files, err);
  if (st == Z3_OK) st = save(root, files, err);
  if (st == Z3_OK) {
    count_totals(ctx->result, files);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    json_object_set_new(ctx->result, "seconds", json_real((double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9));
    json_object_set_new(ctx->result, "cache", json_string(Z3_CODE_INDEX_PATH));
  }
  json_decref(files);
  json_decref(old);
  free(root);
  return st;
}
