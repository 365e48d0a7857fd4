/*
 * z3ed-project.toml: the project's manifest, read with agent/'s TOML reader
 * and checked here key by key, every error with the manifest's line:column.
 *
 *   name = "my-hack"
 *   output = "my-hack.sfc"          # written under build/
 *   expand_to = "2MiB"              # optional: "2MiB" or "4MiB"
 *   [base]
 *   path = "../base.sfc"            # relative to the project folder
 *   sha1 = "..."                    # of the whole file
 *   size = 1048576
 *   [[step]]                        # in order; each has exactly one of:
 *   assets = true                   #   import assets/
 *   asm = "asm/hook.asm"            #   patch asm --patch FILE
 *   patch = "patches/fix.bps"       #   a BPS or IPS file
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/script.h"
#include "project/project.h"

enum { MANIFEST_MAX_BYTES = 1u << 20 };

typedef struct reader {
  const char *file;
  json_t *doc, *positions;
  z3_error *err;
} reader;

static const char *const top_keys[] = {"name", "output", "expand_to", "base", "step", NULL};
static const char *const base_keys[] = {"path", "sha1", "size", NULL};

static z3_status fail(const reader *r, const char *path, const char *fmt, ...) Z3_PRINTF(3, 4);
static z3_status fail(const reader *r, const char *path, const char *fmt, ...) {
  char what[320];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  json_t *at = json_object_get(r->positions, path);
  if (at) {
    return z3_error_set(r->err, Z3_E_INVALID, "%s:%d:%d: %s", r->file, (int)json_integer_value(json_array_get(at, 0)),
                        (int)json_integer_value(json_array_get(at, 1)), what);
  }
  return z3_error_set(r->err, Z3_E_INVALID, "%s: %s", r->file, what);
}

static z3_status only_keys(const reader *r, const json_t *table, const char *prefix, const char *const *allowed) {
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)table, key, v) {
    bool known = false;
    for (size_t i = 0; allowed[i]; i++) known |= strcmp(allowed[i], key) == 0;
    if (known) continue;
    char path[128];
    snprintf(path, sizeof path, "%s%s", prefix, key);
    return fail(r, path, "unknown key '%s'", key);
  }
  return Z3_OK;
}

/* A string value that is a plain relative or absolute file name. */
static z3_status string_at(const reader *r, const json_t *table, const char *key, const char *path, bool required,
                           char **out) {
  json_t *v = json_object_get(table, key);
  *out = NULL;
  if (!v) return required ? fail(r, "", "'%s' is missing", path) : Z3_OK;
  if (!json_is_string(v) || !json_string_length(v)) return fail(r, path, "'%s' must be a non-empty string", path);
  if (strlen(json_string_value(v)) != json_string_length(v)) return fail(r, path, "'%s' holds a NUL character", path);
  *out = z3_strdup(json_string_value(v));
  return *out ? Z3_OK : z3_error_set(r->err, Z3_E_NOMEM, "out of memory");
}

static bool is_hex40(const char *s) {
  if (strlen(s) != 40) return false;
  for (size_t i = 0; i < 40; i++)
    if (!strchr("0123456789abcdef", s[i])) return false;
  return true;
}

static z3_status read_base(const reader *r, z3_project *p) {
  json_t *base = json_object_get(r->doc, "base");
  if (!json_is_object(base)) return fail(r, base ? "base" : "", "[base] with path, sha1 and size is missing");
  z3_status st = only_keys(r, base, "base.", base_keys);
  if (!st) st = string_at(r, base, "path", "base.path", true, &p->base_path);
  char *sha1 = NULL;
  if (!st) st = string_at(r, base, "sha1", "base.sha1", true, &sha1);
  if (!st && !is_hex40(sha1)) st = fail(r, "base.sha1", "base.sha1 must be 40 lowercase hex digits");
  if (!st) memcpy(p->base_sha1, sha1, 41);
  z3_free(sha1);
  json_t *size = json_object_get(base, "size");
  if (!st && (!json_is_integer(size) || json_integer_value(size) <= 0))
    st = fail(r, size ? "base.size" : "base", "base.size must be a positive integer (bytes)");
  if (!st) p->base_size = (uint64_t)json_integer_value(size);
  return st;
}

static z3_status read_step(const reader *r, z3_project *p, size_t i, const json_t *t) {
  char path[32];
  snprintf(path, sizeof path, "step[%zu]", i);
  z3_project_step *s = &p->steps[i];
  json_t *at = json_object_get(r->positions, path);
  s->line = (int)json_integer_value(json_array_get(at, 0));
  s->column = (int)json_integer_value(json_array_get(at, 1));
  if (!json_is_object(t)) return fail(r, path, "step %zu must be a table", i + 1);
  if (json_object_size(t) != 1) return fail(r, path, "step %zu must have exactly one of assets, asm, patch", i + 1);
  static const char *const kinds[] = {"assets", "asm", "patch", NULL};
  char prefix[40];
  snprintf(prefix, sizeof prefix, "%s.", path);
  z3_status st = only_keys(r, t, prefix, kinds);
  if (st) return st;
  if (json_object_get(t, "assets")) {
    s->kind = Z3_STEP_ASSETS;
    return json_is_true(json_object_get(t, "assets")) ? Z3_OK : fail(r, path, "assets must be true");
  }
  const char *key = json_object_get(t, "asm") ? "asm" : "patch";
  s->kind = key[0] == 'a' ? Z3_STEP_ASM : Z3_STEP_PATCH;
  char full[48];
  snprintf(full, sizeof full, "%s%s", prefix, key);
  return string_at(r, t, key, full, true, &s->file);
}

static z3_status read_steps(const reader *r, z3_project *p) {
  json_t *steps = json_object_get(r->doc, "step");
  if (!steps) return Z3_OK;
  if (!json_is_array(steps)) return fail(r, "step", "step must be an array of tables ([[step]])");
  if (json_array_size(steps) > Z3_PROJECT_MAX_STEPS) return fail(r, "step", "more than %d steps", Z3_PROJECT_MAX_STEPS);
  size_t i;
  json_t *t;
  json_array_foreach(steps, i, t) {
    p->step_count = i + 1;
    z3_status st = read_step(r, p, i, t);
    if (st) return st;
  }
  return Z3_OK;
}

static z3_status read_top(const reader *r, z3_project *p) {
  z3_status st = only_keys(r, r->doc, "", top_keys);
  if (!st) st = string_at(r, r->doc, "name", "name", true, &p->name);
  if (!st) st = string_at(r, r->doc, "output", "output", true, &p->output);
  if (!st && (strchr(p->output, '/') || strcmp(p->output, ".") == 0 || strcmp(p->output, "..") == 0))
    st = fail(r, "output", "output must be a file name (it is written under build/)");
  char *expand = NULL;
  if (!st) st = string_at(r, r->doc, "expand_to", "expand_to", false, &expand);
  if (!st && expand) {
    if (strcmp(expand, "2MiB") == 0) p->expand_to = 2u << 20;
    else if (strcmp(expand, "4MiB") == 0) p->expand_to = 4u << 20;
    else st = fail(r, "expand_to", "expand_to must be \"2MiB\" or \"4MiB\"");
  }
  z3_free(expand);
  return st;
}

z3_status z3_project_parse(z3_project *out, const char *text, size_t len, const char *file, z3_error *err) {
  memset(out, 0, sizeof *out);
  reader r = {.file = file, .err = err};
  z3_status st = z3_toml_parse(text, len, file, &r.doc, &r.positions, err);
  if (!st) st = read_top(&r, out);
  if (!st) st = read_base(&r, out);
  if (!st) st = read_steps(&r, out);
  json_decref(r.doc);
  json_decref(r.positions);
  if (st) z3_project_release(out);
  return st;
}

char *z3_project_path(const char *dir, const char *rel) {
  if (rel[0] == '/') return z3_strdup(rel);
  return z3_strfmt("%s/%s", dir, rel);
}

z3_status z3_project_load(z3_project *out, const char *dir, z3_error *err) {
  memset(out, 0, sizeof *out);
  char *path = z3_project_path(dir, Z3_PROJECT_MANIFEST);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = Z3_OK;
  if (!z3_file_exists(path)) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "'%s' has no %s", dir, Z3_PROJECT_MANIFEST);
    z3_error_hint(err, "create a project with 'z3ed project init --base BASE.sfc --dir %s'", dir);
  }
  if (!st) st = z3_file_read(&text, path, MANIFEST_MAX_BYTES, err);
  if (!st) st = z3_project_parse(out, (const char *)text.data, text.len, path, err);
  if (!st) out->dir = z3_strdup(dir);
  if (!st && !out->dir) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_buf_release(&text);
  z3_free(path);
  if (st) z3_project_release(out);
  return st;
}

void z3_project_release(z3_project *p) {
  z3_free(p->dir);
  z3_free(p->name);
  z3_free(p->output);
  z3_free(p->base_path);
  for (size_t i = 0; i < p->step_count; i++) z3_free(p->steps[i].file);
  memset(p, 0, sizeof *p);
}

/* A TOML basic string: quotes, backslashes and control characters escaped. */
static void put_string(z3_buf *b, const char *s) {
  z3_buf_push(b, '"', NULL);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') z3_buf_printf(b, "\\%c", c);
    else if (c < 0x20 || c == 0x7F) z3_buf_printf(b, "\\u%04X", c);
    else z3_buf_push(b, c, NULL);
  }
  z3_buf_push(b, '"', NULL);
}

static void put_key(z3_buf *b, const char *key, const char *value) {
  z3_buf_printf(b, "%s = ", key);
  put_string(b, value);
  z3_buf_push(b, '\n', NULL);
}

char *z3_project_manifest_text(const z3_project *p) {
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "# z3ed hack project (docs/projects.md). 'z3ed project build --dir .' makes ");
  /* A name TOML would refuse in a comment is only in the escaped key below. */
  if (z3_toml_comment_safe(p->output)) z3_buf_printf(&b, "build/%s.\n", p->output);
  else z3_buf_printf(&b, "the output file under build/.\n");
  put_key(&b, "name", p->name);
  put_key(&b, "output", p->output);
  if (p->expand_to) z3_buf_printf(&b, "expand_to = \"%uMiB\"\n", (unsigned)(p->expand_to >> 20));
  z3_buf_printf(&b, "\n# The base ROM is found by path and checked by hash; it is never copied here.\n[base]\n");
  put_key(&b, "path", p->base_path);
  put_key(&b, "sha1", p->base_sha1);
  z3_buf_printf(&b, "size = %llu\n", (unsigned long long)p->base_size);
  z3_buf_printf(&b, "\n# Build steps, in order: assets = true, asm = \"asm/FILE.asm\", patch = \"patches/FILE.bps\".\n");
  for (size_t i = 0; i < p->step_count; i++) {
    const z3_project_step *s = &p->steps[i];
    z3_buf_printf(&b, "[[step]]\n");
    if (s->kind == Z3_STEP_ASSETS) z3_buf_printf(&b, "assets = true\n");
    else put_key(&b, s->kind == Z3_STEP_ASM ? "asm" : "patch", s->file);
  }
  return z3_buf_take_string(&b);
}
