/* The project's sources by hash (for status and incremental builds), and the base ROM check. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "project/project.h"

enum { SOURCE_MAX_BYTES = 64u << 20, MAX_DEPTH = 8 };

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Names in a folder, sorted so the walk is the same on every machine; hidden ones left out. */
static char **sorted_names(const char *path, size_t *count) {
  *count = 0;
  DIR *d = opendir(path);
  if (!d) return NULL;
  char **names = NULL;
  size_t cap = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    if (*count == cap) {
      cap = cap ? cap * 2 : 64;
      char **grown = z3_realloc(names, cap * sizeof *grown);
      if (!grown) break;
      names = grown;
    }
    if (!(names[*count] = z3_strdup(e->d_name))) break;
    (*count)++;
  }
  closedir(d);
  if (*count) qsort(names, *count, sizeof *names, compare_names);
  return names;
}

static z3_status hash_file(const char *path, const char *rel, json_t *out, z3_error *err) {
  z3_buf data;
  z3_buf_init(&data);
  z3_status st = z3_file_read(&data, path, SOURCE_MAX_BYTES, err);
  if (st == Z3_OK) {
    char hex[41];
    z3_sha1_hex(data.data, data.len, hex);
    json_object_set_new(out, rel, json_string(hex));
  }
  z3_buf_release(&data);
  return st;
}

static z3_status walk(const char *dir, const char *rel, int depth, json_t *out, z3_error *err) {
  char *path = z3_project_path(dir, rel);
  struct stat sb;
  z3_status st = path ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK && stat(path, &sb) != 0) {
    z3_free(path);
    return Z3_OK; /* a folder the project does not use */
  }
  if (st == Z3_OK && S_ISREG(sb.st_mode)) st = hash_file(path, rel, out, err);
  if (st == Z3_OK && S_ISDIR(sb.st_mode) && depth < MAX_DEPTH) {
    size_t n;
    char **names = sorted_names(path, &n);
    for (size_t i = 0; i < n; i++) {
      char *child = z3_strfmt("%s/%s", rel, names[i]);
      if (st == Z3_OK) st = child ? walk(dir, child, depth + 1, out, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
      z3_free(child);
      z3_free(names[i]);
    }
    z3_free(names);
  }
  z3_free(path);
  return st;
}

json_t *z3_project_sources(const char *dir, z3_error *err) {
  static const char *const roots[] = {Z3_PROJECT_MANIFEST, "assets", "asm", "patches"};
  json_t *out = json_object();
  for (size_t i = 0; i < sizeof roots / sizeof *roots; i++) {
    if (walk(dir, roots[i], 0, out, err) != Z3_OK) {
      json_decref(out);
      return NULL;
    }
  }
  return out;
}

z3_status z3_project_open_base(const z3_project *p, const char *override_path, z3_rom **rom, z3_buf *file,
                               z3_error *err) {
  *rom = NULL;
  char *path = override_path ? z3_strdup(override_path) : z3_project_path(p->dir, p->base_path);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  if (!z3_file_exists(path)) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "base ROM '%s' not found (SHA-1 %s expected)", path, p->base_sha1);
    z3_error_hint(err, "pass --base BASE.sfc, or fix base.path in %s", Z3_PROJECT_MANIFEST);
  }
  if (st == Z3_OK) st = z3_file_read(file, path, 64u << 20, err);
  char sha1[41] = "";
  if (st == Z3_OK) z3_sha1_hex(file->data, file->len, sha1);
  if (st == Z3_OK && (strcmp(sha1, p->base_sha1) != 0 || file->len != p->base_size)) {
    st = z3_error_set(err, Z3_E_INVALID, "base ROM '%s' has SHA-1 %s (%zu bytes); the project expects %s (%llu bytes)",
                      path, sha1, file->len, p->base_sha1, (unsigned long long)p->base_size);
    z3_error_hint(err, "the project was made from another ROM; pass the right one with --base");
  }
  if (st == Z3_OK) st = z3_rom_from_memory(rom, file->data, file->len, path, err);
  z3_free(path);
  return st;
}
