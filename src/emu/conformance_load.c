/*
 * Reading vector files: JSON text to checked tests, files, folders. Every
 * value is range-checked before the runner sees it, so a malformed file is
 * an error naming the file, the test and the key, never a wild address.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "emu/conformance_internal.h"

enum { MAX_VECTOR_FILE = 256u << 20, MAX_FOLDER_DEPTH = 8 };

static z3_status bad(z3_error *err, const char *file, size_t index, const char *name,
                     const char *what) {
  if (name) {
    return z3_error_set(err, Z3_E_INVALID, "%s: test %zu ('%s'): %s", file, index, name, what);
  }
  return z3_error_set(err, Z3_E_INVALID, "%s: test %zu: %s", file, index, what);
}

/* An integer in 0..max, else false. */
static bool get_uint(const json_t *v, uint32_t max, uint32_t *out) {
  if (!json_is_integer(v)) return false;
  json_int_t n = json_integer_value(v);
  if (n < 0 || (uint64_t)n > max) return false;
  *out = (uint32_t)n;
  return true;
}

static bool ram_ok(const json_t *ram, uint32_t max_addr) {
  if (!json_is_array(ram)) return false;
  for (size_t i = 0; i < json_array_size(ram); i++) {
    const json_t *pair = json_array_get(ram, i);
    uint32_t addr, value;
    if (!json_is_array(pair) || json_array_size(pair) != 2 ||
        !get_uint(json_array_get(pair, 0), max_addr, &addr) ||
        !get_uint(json_array_get(pair, 1), 0xFF, &value)) {
      return false;
    }
  }
  return true;
}

/* The address may be null on a cycle without a byte (the SPC700 vectors' "wait"). */
static bool cycles_ok(const json_t *cycles, uint32_t max_addr) {
  if (!json_is_array(cycles)) return false;
  for (size_t i = 0; i < json_array_size(cycles); i++) {
    const json_t *c = json_array_get(cycles, i), *value = json_array_get(c, 1);
    const char *pins = json_string_value(json_array_get(c, 2));
    uint32_t addr, byte;
    const json_t *where = json_array_get(c, 0);
    bool addr_ok = get_uint(where, max_addr, &addr) || (json_is_null(where) && json_is_null(value));
    if (!json_is_array(c) || json_array_size(c) != 3 || !addr_ok ||
        !(json_is_null(value) || get_uint(value, 0xFF, &byte)) || !pins || strlen(pins) < 4) {
      return false;
    }
  }
  return true;
}

/* `key` is "initial" (every register required) or "final" (any subset). */
static z3_status parse_state(const conf_arch *arch, const json_t *test, const char *key,
                             conf_state *s, const char *file, size_t index, const char *name,
                             z3_error *err) {
  char what[160];
  const json_t *obj = json_object_get(test, key);
  bool initial = strcmp(key, "initial") == 0;
  memset(s, 0, sizeof *s);
  if (!json_is_object(obj)) {
    snprintf(what, sizeof what, "'%s' is missing or not an object", key);
    return bad(err, file, index, name, what);
  }
  for (int r = 0; r < arch->reg_count; r++) {
    const json_t *v = json_object_get(obj, arch->reg_names[r]);
    if (!v && !initial) continue;
    if (!get_uint(v, arch->reg_max[r], &s->reg[r])) {
      snprintf(what, sizeof what, "%s.%s: %s", key, arch->reg_names[r],
               v ? "not an integer in range" : "missing");
      z3_error_hint(err, "%s.%s must be an integer from 0 to %u", key, arch->reg_names[r],
                    arch->reg_max[r]);
      return bad(err, file, index, name, what);
    }
    s->present |= 1u << r;
  }
  s->ram = json_object_get(obj, "ram"); /* required in initial, optional in final */
  if ((s->ram || initial) && !ram_ok(s->ram, arch->mem_size - 1)) {
    snprintf(what, sizeof what, "%s.ram: not a list of [address, byte] pairs", key);
    z3_error_hint(err, "each entry is [address 0..%u, value 0..255]", arch->mem_size - 1);
    return bad(err, file, index, name, what);
  }
  return Z3_OK;
}

z3_status z3_conf_parse_test(const conf_arch *arch, const json_t *json, size_t index,
                             const char *file, conf_test *t, z3_error *err) {
  const json_t *test = json_array_get(json, index);
  memset(t, 0, sizeof *t);
  if (!json_is_object(test)) return bad(err, file, index, NULL, "not an object");
  t->name = json_string_value(json_object_get(test, "name"));
  if (!t->name) return bad(err, file, index, NULL, "'name' is missing or not a string");
  z3_status st = parse_state(arch, test, "initial", &t->initial, file, index, t->name, err);
  if (st == Z3_OK) st = parse_state(arch, test, "final", &t->final, file, index, t->name, err);
  if (st) return st;
  t->cycles = json_object_get(test, "cycles");
  if (t->cycles && !cycles_ok(t->cycles, arch->mem_size - 1)) {
    z3_error_hint(err, "each entry is [address, byte or null, pins], pins like \"dp-remx-\"");
    return bad(err, file, index, t->name, "'cycles' is not a list of bus cycles");
  }
  const json_t *mask = json_object_get(test, "p_mask");
  uint32_t m = 0xFF;
  if (mask && !json_is_null(mask) && !get_uint(mask, 0xFF, &m)) {
    return bad(err, file, index, t->name, "'p_mask' is not a byte");
  }
  t->has_p_mask = mask && !json_is_null(mask);
  t->p_mask = (uint8_t)m;
  const json_t *block = json_object_get(test, "block_move");
  if (block && !json_is_boolean(block)) return bad(err, file, index, t->name, "'block_move' is not true or false");
  t->block_move = json_is_true(block);
  return Z3_OK;
}

/* The name kept in the report: the tail of the path when it is long. */
static void copy_tail(char *dst, size_t cap, const char *src) {
  size_t len = strlen(src);
  if (len < cap) {
    memcpy(dst, src, len + 1);
    return;
  }
  snprintf(dst, cap, "...%s", src + len - (cap - 4));
}

static z3_status add_file(z3_conf_runner *run, const char *name, size_t *index, z3_error *err) {
  z3_conf_report *rep = &run->rep;
  z3_conf_file *files = z3_realloc(rep->files, (rep->file_count + 1) * sizeof *files);
  if (!files) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading '%s'", name);
  rep->files = files;
  *index = rep->file_count++;
  memset(&files[*index], 0, sizeof files[*index]);
  copy_tail(files[*index].name, sizeof files[*index].name, name);
  return Z3_OK;
}

z3_status z3_conf_run_buffer(z3_conf_runner *run, const char *name, const void *text, size_t len,
                             z3_error *err) {
  json_error_t jerr;
  json_t *json = json_loadb(text, len, 0, &jerr);
  if (!json) {
    z3_error_set_at(err, Z3_E_INVALID, jerr.position, "%s:%d:%d: invalid JSON: %s", name, jerr.line,
                    jerr.column, jerr.text);
    return Z3_E_INVALID;
  }
  z3_status st = Z3_OK;
  size_t file_index = 0;
  if (!json_is_array(json)) {
    st = z3_error_set(err, Z3_E_INVALID, "%s: not a vector file: the top level must be a list of tests", name);
    z3_error_hint(err, "see %s for the shape", run->arch->readme);
  }
  if (st == Z3_OK) st = add_file(run, name, &file_index, err);
  for (size_t i = 0; st == Z3_OK && i < json_array_size(json); i++) {
    conf_test t;
    st = z3_conf_parse_test(run->arch, json, i, name, &t, err);
    if (st == Z3_OK) z3_conf_run_test(run, &t, file_index);
  }
  json_decref(json);
  return st;
}

z3_status z3_conf_run_file(z3_conf_runner *run, const char *path, z3_error *err) {
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = z3_file_read(&text, path, MAX_VECTOR_FILE, err);
  if (st == Z3_OK) st = z3_conf_run_buffer(run, path, text.data, text.len, err);
  z3_buf_release(&text);
  return st;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_json_name(const char *name) {
  size_t n = strlen(name);
  return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

/* Collects the entries of one folder, sorted, without "." and "..". */
static z3_status list_folder(const char *dir, char ***names, size_t *count, z3_error *err) {
  DIR *d = opendir(dir);
  *names = NULL;
  *count = 0;
  if (!d) return z3_error_set(err, Z3_E_IO, "cannot open folder '%s'", dir);
  size_t cap = 0;
  z3_status st = Z3_OK;
  for (struct dirent *e; st == Z3_OK && (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    if (*count == cap) {
      cap = cap ? cap * 2 : 64;
      char **grown = z3_realloc(*names, cap * sizeof *grown);
      if (!grown) st = z3_error_set(err, Z3_E_NOMEM, "out of memory listing '%s'", dir);
      else *names = grown;
    }
    if (st == Z3_OK && !((*names)[*count] = z3_strdup(e->d_name))) {
      st = z3_error_set(err, Z3_E_NOMEM, "out of memory listing '%s'", dir);
    }
    if (st == Z3_OK) (*count)++;
  }
  closedir(d);
  if (*count) qsort(*names, *count, sizeof **names, by_name);
  return st;
}

static z3_status run_folder(z3_conf_runner *run, const char *dir, int depth, size_t *found,
                            z3_error *err) {
  char **names;
  size_t count;
  z3_status st = list_folder(dir, &names, &count, err);
  for (size_t i = 0; i < count; i++) {
    char *path = st == Z3_OK ? z3_strfmt("%s/%s", dir, names[i]) : NULL;
    struct stat sb;
    if (st == Z3_OK && !path) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
    if (st == Z3_OK && stat(path, &sb) == 0) {
      if (S_ISDIR(sb.st_mode) && depth < MAX_FOLDER_DEPTH) {
        st = run_folder(run, path, depth + 1, found, err);
      } else if (S_ISREG(sb.st_mode) && is_json_name(names[i])) {
        (*found)++;
        st = z3_conf_run_file(run, path, err);
      }
    }
    z3_free(path);
    z3_free(names[i]);
  }
  z3_free(names);
  return st;
}

z3_status z3_conf_run_path(z3_conf_runner *run, const char *path, z3_error *err) {
  struct stat sb;
  if (stat(path, &sb) != 0) {
    z3_error_set(err, Z3_E_NOT_FOUND, "'%s' does not exist", path);
    z3_error_hint(err, "give a folder of vector files, e.g. ../shared/testdata/65816 or .../spc700");
    return Z3_E_NOT_FOUND;
  }
  if (!S_ISDIR(sb.st_mode)) return z3_conf_run_file(run, path, err);
  size_t found = 0;
  z3_status st = run_folder(run, path, 0, &found, err);
  if (st == Z3_OK && found == 0) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "no vector files (*.json) under '%s'", path);
  }
  return st;
}
