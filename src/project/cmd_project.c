/* project init / status / export (build is build.c). */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "project/project.h"

static const char *const gitignore_text = "# z3ed writes the hack, its BPS and the build stamp here\nbuild/\n";
static const char *const asm_readme =
    "asm patches (asar syntax, docs/assembler.md). Add one to the build with a step in z3ed-project.toml:\n"
    "[[step]]\nasm = \"asm/FILE.asm\"\n";
static const char *const patches_readme =
    "BPS and IPS patches applied to the whole image. Add one with a step in z3ed-project.toml:\n"
    "[[step]]\npatch = \"patches/FILE.bps\"\n";

static z3_status make_folder(const z3_cmd_ctx *ctx, const char *dir, const char *rel, z3_error *err) {
  if (ctx->dry_run) return Z3_OK;
  char *path = rel ? z3_project_path(dir, rel) : z3_strdup(dir);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  if (mkdir(path, 0755) != 0 && errno != EEXIST) st = z3_error_set(err, Z3_E_IO, "cannot create folder '%s': %s", path, strerror(errno));
  z3_free(path);
  return st;
}

/* path made relative to the folder `from` (both absolute, without . or .. parts). */
static char *relative_to(const char *from, const char *path) {
  size_t i = 0, common = 0;
  while (from[i] && from[i] == path[i])
    if (from[i++] == '/') common = i;
  if (!from[i] && path[i] == '/') common = i + 1;
  z3_buf b;
  z3_buf_init(&b);
  for (const char *s = from + common; *s;) {
    z3_buf_printf(&b, "../");
    s += strcspn(s, "/");
    s += *s == '/';
  }
  z3_buf_printf(&b, "%s", path + common);
  return z3_buf_take_string(&b);
}

/* The base's path as the manifest keeps it: relative to the project folder. */
static char *base_path_for(const char *dir, const char *base, z3_error *err) {
  char abs_base[PATH_MAX], abs_dir[PATH_MAX];
  if (!realpath(base, abs_base)) {
    z3_error_set(err, Z3_E_IO, "cannot resolve '%s': %s", base, strerror(errno));
    return NULL;
  }
  if (!realpath(dir, abs_dir)) return z3_strdup(abs_base); /* --dry-run: the folder is not there yet */
  return relative_to(abs_dir, abs_base);
}

static z3_status write_text(z3_cmd_ctx *ctx, const char *dir, const char *rel, const char *text, z3_error *err) {
  char *path = z3_project_path(dir, rel);
  z3_status st = path ? z3_cmd_write_file(ctx, path, text, strlen(text), err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_free(path);
  return st;
}

/* Writes the asset files whose bytes differ from the ones on disk; counts both. */
static z3_status write_assets(z3_cmd_ctx *ctx, const char *dir, const z3_asset_set *set, z3_error *err) {
  static const char *const folders[] = {"assets", "assets/dungeon", "assets/overworld", "assets/gfx", "assets/palettes", "assets/music"};
  z3_status st = Z3_OK;
  for (size_t i = 0; st == Z3_OK && i < sizeof folders / sizeof *folders; i++) st = make_folder(ctx, dir, folders[i], err);
  size_t written = 0, unchanged = 0;
  z3_buf old;
  z3_buf_init(&old);
  for (size_t i = 0; st == Z3_OK && i < set->count; i++) {
    const z3_asset_file *f = &set->files[i];
    char *path = z3_strfmt("%s/assets/%s", dir, f->rel);
    if (!path) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
    old.len = 0;
    bool same = path && z3_file_read(&old, path, 64u << 20, NULL) == Z3_OK && old.len == f->data.len &&
                memcmp(old.data, f->data.data, old.len) == 0;
    if (same) unchanged++;
    else if (st == Z3_OK) st = z3_cmd_write_file(ctx, path, f->data.data, f->data.len, err), written++;
    z3_free(path);
  }
  z3_buf_release(&old);
  json_object_set_new(ctx->result, "assets", json_integer((json_int_t)set->count));
  json_object_set_new(ctx->result, "written", json_integer((json_int_t)written));
  json_object_set_new(ctx->result, "unchanged", json_integer((json_int_t)unchanged));
  return st;
}

static z3_status init_manifest(z3_cmd_ctx *ctx, const char *dir, const z3_buf *base, z3_project *p, z3_error *err) {
  const char *name = z3_arg_str(ctx, "name");
  char *copy = z3_strdup(dir);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  p->name = z3_strdup(name ? name : basename(copy));
  z3_free(copy);
  const char *output = z3_arg_str(ctx, "output-name");
  p->output = output ? z3_strdup(output) : z3_strfmt("%s.sfc", p->name);
  p->base_path = base_path_for(dir, z3_arg_str(ctx, "base"), err);
  if (!p->base_path) return err->code ? err->code : Z3_E_NOMEM;
  if (!p->name || !p->output) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_sha1_hex(base->data, base->len, p->base_sha1);
  p->base_size = base->len;
  int expand = z3_arg_choice(ctx, "expand");
  p->expand_to = expand < 0 ? 0 : (uint64_t)(expand == 0 ? 2u : 4u) << 20;
  p->step_count = 1;
  p->steps[0].kind = Z3_STEP_ASSETS;
  char *text = z3_project_manifest_text(p);
  if (!text) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  /* What init writes must read back: a name with characters TOML refuses is caught here. */
  z3_project check;
  z3_status st = z3_project_parse(&check, text, strlen(text), Z3_PROJECT_MANIFEST, err);
  z3_project_release(&check);
  if (st == Z3_OK) st = write_text(ctx, dir, Z3_PROJECT_MANIFEST, text, err);
  z3_free(text);
  return st;
}

z3_status cmd_project_init(z3_cmd_ctx *ctx, z3_error *err) {
  const char *dir = z3_arg_str(ctx, "dir"), *base_path = z3_arg_str(ctx, "base");
  char *manifest = z3_project_path(dir, Z3_PROJECT_MANIFEST);
  if (!manifest) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  bool exists = z3_file_exists(manifest);
  z3_free(manifest);
  if (exists) return z3_error_set(err, Z3_E_INVALID, "'%s' is a project already (it has %s)", dir, Z3_PROJECT_MANIFEST);
  z3_buf base;
  z3_buf_init(&base);
  z3_rom *rom = NULL;
  z3_asset_set set = {0};
  z3_project p;
  memset(&p, 0, sizeof p);
  z3_status st = z3_file_read(&base, base_path, 64u << 20, err);
  if (st == Z3_OK) st = z3_rom_from_memory(&rom, base.data, base.len, base_path, err);
  if (st == Z3_OK) st = z3_assets_export(rom, &set, err);
  if (st == Z3_OK) st = make_folder(ctx, dir, NULL, err);
  if (st == Z3_OK) st = init_manifest(ctx, dir, &base, &p, err);
  if (st == Z3_OK) st = write_text(ctx, dir, ".gitignore", gitignore_text, err);
  if (st == Z3_OK) st = make_folder(ctx, dir, "asm", err);
  if (st == Z3_OK) st = make_folder(ctx, dir, "patches", err);
  if (st == Z3_OK) st = write_text(ctx, dir, "asm/README", asm_readme, err);
  if (st == Z3_OK) st = write_text(ctx, dir, "patches/README", patches_readme, err);
  if (st == Z3_OK) st = write_assets(ctx, dir, &set, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "project", json_string(p.name));
    json_object_set_new(ctx->result, "base_sha1", json_string(p.base_sha1));
    json_object_set_new(ctx->result, "base_path", json_string(p.base_path));
  }
  z3_project_release(&p);
  z3_asset_set_release(&set);
  z3_rom_free(rom);
  z3_buf_release(&base);
  return st;
}

z3_status cmd_project_export(z3_cmd_ctx *ctx, z3_error *err) {
  /* Assets live in version control: a FILE.bak beside each would be one more source. */
  ctx->no_backup = true;
  z3_project p;
  z3_status st = z3_project_load(&p, z3_arg_str(ctx, "dir"), err);
  if (st) return st;
  z3_asset_set set = {0};
  st = z3_assets_export(ctx->rom, &set, err);
  if (st == Z3_OK) st = write_assets(ctx, p.dir, &set, err);
  z3_asset_set_release(&set);
  z3_project_release(&p);
  return st;
}

static json_t *state_sources(const char *dir) {
  char *path = z3_project_path(dir, Z3_PROJECT_STATE);
  json_t *state = path ? json_load_file(path, 0, NULL) : NULL;
  z3_free(path);
  json_t *sources = json_incref(json_object_get(state, "sources"));
  json_decref(state);
  return json_is_object(sources) ? sources : (json_decref(sources), NULL);
}

enum { STATUS_LIST_MAX = 20 }; /* people see the file names when fewer change than this (or with --verbose) */

/* One line for people: how many sources, and what to do. */
static char *status_summary(size_t sources, bool built, size_t added, size_t changed, size_t removed) {
  z3_buf b;
  z3_buf_init(&b);
  if (!built) {
    z3_buf_printf(&b, "%zu sources, never built: run `z3ed project build`", sources);
  } else if (!added && !changed && !removed) {
    z3_buf_printf(&b, "%zu sources, clean: nothing changed since the last build", sources);
  } else {
    const char *sep = "";
    z3_buf_printf(&b, "%zu sources: ", sources);
    if (changed) z3_buf_printf(&b, "%zu changed", changed), sep = ", ";
    if (added) z3_buf_printf(&b, "%s%zu added", sep, added), sep = ", ";
    if (removed) z3_buf_printf(&b, "%s%zu removed", sep, removed);
    z3_buf_printf(&b, " since the last build: run `z3ed project build`");
  }
  z3_buf_push(&b, 0, NULL);
  return (char *)b.data;
}

/* JSON and YAML keep every list; text gets a summary line and the lists only when short or asked for. */
static void status_result(z3_cmd_ctx *ctx, size_t sources, bool built, json_t *added, json_t *changed, json_t *removed) {
  size_t n = json_array_size(added) + json_array_size(changed) + json_array_size(removed);
  const char *dot = ctx->output ? strrchr(ctx->output, '.') : NULL;
  bool structured = ctx->format != Z3_FORMAT_TEXT || (dot && (strcmp(dot, ".json") == 0 || strcmp(dot, ".yaml") == 0 ||
                                                              strcmp(dot, ".yml") == 0));
  if (!structured) {
    char *line = status_summary(sources, built, json_array_size(added), json_array_size(changed), json_array_size(removed));
    json_object_set_new(ctx->result, "summary", json_string(line ? line : ""));
    z3_free(line);
  }
  json_object_set_new(ctx->result, "built", json_boolean(built));
  json_object_set_new(ctx->result, "clean", json_boolean(built && n == 0));
  if (structured || n < STATUS_LIST_MAX || z3_arg_bool(ctx, "verbose")) {
    json_object_set_new(ctx->result, "added", added);
    json_object_set_new(ctx->result, "changed", changed);
    json_object_set_new(ctx->result, "removed", removed);
    return;
  }
  json_object_set_new(ctx->result, "files", json_sprintf("%zu, not listed: --verbose lists them", n));
  json_decref(added), json_decref(changed), json_decref(removed);
}

z3_status cmd_project_status(z3_cmd_ctx *ctx, z3_error *err) {
  z3_project p;
  z3_status st = z3_project_load(&p, z3_arg_str(ctx, "dir"), err);
  if (st) return st;
  json_t *now = z3_project_sources(p.dir, err);
  json_t *then = state_sources(p.dir);
  json_t *added = json_array(), *changed = json_array(), *removed = json_array();
  const char *rel;
  json_t *hash;
  json_object_foreach(now, rel, hash) {
    json_t *old = json_object_get(then, rel);
    if (!old) json_array_append_new(added, json_string(rel));
    else if (!json_equal(old, hash)) json_array_append_new(changed, json_string(rel));
  }
  json_object_foreach(then, rel, hash) if (!json_object_get(now, rel)) json_array_append_new(removed, json_string(rel));
  if (!now) st = err->code ? err->code : Z3_E_IO;
  status_result(ctx, json_object_size(now), then != NULL, added, changed, removed);
  json_decref(now), json_decref(then);
  z3_project_release(&p);
  return st;
}
