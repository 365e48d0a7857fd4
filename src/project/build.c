/*
 * project build: base ROM, then the manifest's steps in order, then the hack,
 * its BPS and the build stamp. Everything happens on one ROM in memory and
 * every file is written through the command's write batch, so a failing step
 * writes nothing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "project/project.h"
#include "snes/patch.h"

typedef struct build {
  z3_cmd_ctx *ctx;
  const z3_project *p;
  z3_rom *rom;
  const char *rom_name;
  z3_asset_set base;      /* what the base ROM exports, filled before any step runs */
  json_t *imported, *ignored, *steps;
} build;

/* Imports every asset file whose bytes differ from the base's export. */
static z3_status step_assets(build *b, const json_t *sources, z3_error *err) {
  const char *rel;
  json_t *hash;
  json_object_foreach((json_t *)sources, rel, hash) {
    if (strncmp(rel, "assets/", 7) != 0) continue;
    const z3_asset_file *f = z3_asset_find(&b->base, rel + 7);
    if (!f) {
      json_array_append_new(b->ignored, json_string(rel));
      continue;
    }
    char base_hash[41];
    z3_sha1_hex(f->data.data, f->data.len, base_hash);
    if (strcmp(base_hash, json_string_value(hash)) == 0) continue;
    z3_status st = z3_asset_import(b->rom, b->rom_name, b->p->dir, f, err);
    if (st) return st;
    json_array_append_new(b->imported, json_string(rel));
  }
  return Z3_OK;
}

static z3_status step_asm(build *b, const z3_project_step *s, z3_error *err) {
  char *path = z3_project_path(b->p->dir, s->file);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  char *argv[] = {"patch", "asm", "--patch", path, "--rom", (char *)b->rom_name};
  z3_cmd_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  z3_error inner;
  z3_error_init(&inner);
  z3_status st = z3_cmd_parse(&ctx, 6, argv, &inner);
  if (st == Z3_OK) st = z3_cmd_run_on(&ctx, b->rom, &inner);
  z3_cmd_ctx_release(&ctx);
  if (st) {
    z3_error_set(err, st, "%s (step %d:%d, asm): %s", Z3_PROJECT_MANIFEST, s->line, s->column, inner.message);
    if (inner.hint[0]) z3_error_hint(err, "%s", inner.hint);
  }
  z3_free(path);
  return st;
}

/* The file image as a save would write it (copier header put back). */
static z3_status rom_image(const z3_rom *rom, z3_buf *out, z3_error *err) {
  out->len = 0;
  z3_status st = rom->has_copier_header ? z3_buf_append(out, rom->copier_header, Z3_COPIER_HEADER_SIZE, err) : Z3_OK;
  if (st == Z3_OK) st = z3_buf_append(out, rom->data.data, rom->data.len, err);
  return st;
}

/* A BPS or IPS patch on the whole file image; the ROM is rebuilt from the result. */
static z3_status step_patch(build *b, const z3_project_step *s, z3_error *err) {
  char *path = z3_project_path(b->p->dir, s->file);
  z3_buf patch, image, out;
  z3_buf_init(&patch), z3_buf_init(&image), z3_buf_init(&out);
  z3_error inner;
  z3_error_init(&inner);
  z3_status st = path ? z3_file_read(&patch, path, 64u << 20, &inner) : z3_error_set(&inner, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = rom_image(b->rom, &image, &inner);
  z3_patch_format f = st == Z3_OK ? z3_patch_detect(patch.data, patch.len) : Z3_PATCH_UNKNOWN;
  if (st == Z3_OK && f == Z3_PATCH_IPS) st = z3_ips_apply(&out, image.data, image.len, patch.data, patch.len, NULL, &inner);
  else if (st == Z3_OK && f == Z3_PATCH_BPS) st = z3_bps_apply(&out, image.data, image.len, patch.data, patch.len, NULL, &inner);
  else if (st == Z3_OK) st = z3_error_set(&inner, Z3_E_INVALID, "'%s' is neither an IPS nor a BPS patch", path);
  z3_rom *next = NULL;
  if (st == Z3_OK) st = z3_rom_from_memory(&next, out.data, out.len, b->rom_name, &inner);
  if (st == Z3_OK) {
    z3_rom_free(b->rom);
    b->rom = next;
  } else {
    z3_error_set(err, st, "%s (step %d:%d, patch %s): %s", Z3_PROJECT_MANIFEST, s->line, s->column, s->file, inner.message);
  }
  z3_buf_release(&patch), z3_buf_release(&image), z3_buf_release(&out);
  z3_free(path);
  return st;
}

static z3_status expand(build *b, z3_error *err) {
  if (!b->p->expand_to || b->rom->data.len >= b->p->expand_to) return Z3_OK;
  char size[8];
  snprintf(size, sizeof size, "%uMiB", (unsigned)(b->p->expand_to >> 20));
  char *argv[] = {"rom", "expand", "--size", size, "--rom", (char *)b->rom_name};
  z3_cmd_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  z3_status st = z3_cmd_parse(&ctx, 6, argv, err);
  if (st == Z3_OK) st = z3_cmd_run_on(&ctx, b->rom, err);
  z3_cmd_ctx_release(&ctx);
  return st;
}

static z3_status run_steps(build *b, const json_t *sources, z3_error *err) {
  z3_status st = expand(b, err);
  for (size_t i = 0; st == Z3_OK && i < b->p->step_count; i++) {
    const z3_project_step *s = &b->p->steps[i];
    st = s->kind == Z3_STEP_ASSETS ? step_assets(b, sources, err)
         : s->kind == Z3_STEP_ASM  ? step_asm(b, s, err)
                                   : step_patch(b, s, err);
    json_array_append_new(b->steps, json_string(s->kind == Z3_STEP_ASSETS ? "assets" : s->file));
  }
  return st;
}

static char *bps_name(const char *output) {
  const char *dot = strrchr(output, '.');
  int stem = dot && dot != output ? (int)(dot - output) : (int)strlen(output);
  return z3_strfmt("build/%.*s.bps", stem, output);
}

static json_t *read_state(const char *dir) {
  char *path = z3_project_path(dir, Z3_PROJECT_STATE);
  json_t *state = path ? json_load_file(path, 0, NULL) : NULL;
  z3_free(path);
  return state;
}

/* The previous build made these very bytes from these very sources. */
static bool up_to_date(const char *dir, const char *out_path, const json_t *sources, const char *base_sha1) {
  json_t *state = read_state(dir);
  bool same = state && json_equal(json_object_get(state, "sources"), (json_t *)sources) &&
              strcmp(json_string_value(json_object_get(state, "base_sha1")) ? json_string_value(json_object_get(state, "base_sha1")) : "", base_sha1) == 0;
  const char *want = json_string_value(json_object_get(state, "output_sha1"));
  const char *was_out = json_string_value(json_object_get(state, "output"));
  if (same) same = want && was_out && strcmp(was_out, out_path) == 0;
  z3_buf file;
  z3_buf_init(&file);
  if (same) same = z3_file_read(&file, out_path, 64u << 20, NULL) == Z3_OK;
  char have[41] = "";
  if (same) z3_sha1_hex(file.data, file.len, have);
  z3_buf_release(&file);
  bool ok = same && strcmp(have, want) == 0;
  json_decref(state);
  return ok;
}

static z3_status ensure_folder(const char *path, z3_error *err) {
  if (mkdir(path, 0755) == 0 || errno == EEXIST) return Z3_OK;
  return z3_error_set(err, Z3_E_IO, "cannot create folder '%s': %s", path, strerror(errno));
}

static z3_status write_outputs(build *b, const z3_buf *base_file, const char *out_path, const json_t *sources,
                               z3_error *err) {
  z3_cmd_ctx *ctx = b->ctx;
  z3_buf image, bps;
  z3_buf_init(&image), z3_buf_init(&bps);
  z3_status st = rom_image(b->rom, &image, err);
  char *bps_rel = bps_name(b->p->output), *bps_path = bps_rel ? z3_project_path(b->p->dir, bps_rel) : NULL;
  char *build_dir = z3_project_path(b->p->dir, "build"), *state_path = z3_project_path(b->p->dir, Z3_PROJECT_STATE);
  if (st == Z3_OK && (!bps_path || !build_dir || !state_path)) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_bps_create(&bps, base_file->data, base_file->len, image.data, image.len, NULL, NULL, err);
  if (st == Z3_OK && !ctx->dry_run) st = ensure_folder(build_dir, err);
  char sha1[41] = "";
  if (st == Z3_OK) z3_sha1_hex(image.data, image.len, sha1);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, out_path, image.data, image.len, err);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, bps_path, bps.data, bps.len, err);
  json_t *state = json_pack("{s:s,s:i,s:s,s:s,s:s,s:O,s:O}", "format", "z3ed-project-state", "version", 1, "base_sha1",
                            b->p->base_sha1, "output", out_path, "output_sha1", sha1, "imported", b->imported, "sources",
                            sources);
  char *text = state ? json_dumps(state, JSON_INDENT(2) | JSON_SORT_KEYS) : NULL;
  if (st == Z3_OK && !text) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, state_path, text, strlen(text), err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "output", json_string(out_path));
    json_object_set_new(ctx->result, "output_sha1", json_string(sha1));
    json_object_set_new(ctx->result, "bytes", json_integer((json_int_t)image.len));
    json_object_set_new(ctx->result, "bps", json_string(bps_path));
    json_object_set_new(ctx->result, "bps_bytes", json_integer((json_int_t)bps.len));
  }
  free(text);
  json_decref(state);
  z3_free(bps_rel), z3_free(bps_path), z3_free(build_dir), z3_free(state_path);
  z3_buf_release(&image), z3_buf_release(&bps);
  return st;
}

static z3_status build_project(z3_cmd_ctx *ctx, const z3_project *p, z3_error *err) {
  const char *out_arg = z3_arg_str(ctx, "out");
  char *out_rel = z3_strfmt("build/%s", p->output);
  char *out_path = out_arg ? z3_strdup(out_arg) : out_rel ? z3_project_path(p->dir, out_rel) : NULL;
  z3_free(out_rel);
  if (!out_path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  build b = {.ctx = ctx, .p = p, .imported = json_array(), .ignored = json_array(), .steps = json_array()};
  z3_buf base_file;
  z3_buf_init(&base_file);
  json_t *sources = z3_project_sources(p->dir, err);
  z3_status st = sources ? z3_project_open_base(p, z3_arg_str(ctx, "base"), &b.rom, &base_file, err) : Z3_E_IO;
  if (sources && !st && !z3_arg_bool(ctx, "force") && up_to_date(p->dir, out_path, sources, p->base_sha1)) {
    json_object_set_new(ctx->result, "up_to_date", json_true());
    json_object_set_new(ctx->result, "output", json_string(out_path));
  } else if (st == Z3_OK) {
    b.rom_name = b.rom->path ? b.rom->path : "base.sfc";
    st = z3_assets_export(b.rom, &b.base, err);
    if (st == Z3_OK) st = run_steps(&b, sources, err);
    if (st == Z3_OK) st = write_outputs(&b, &base_file, out_path, sources, err);
    json_object_set_new(ctx->result, "up_to_date", json_false());
    json_object_set_new(ctx->result, "steps", json_incref(b.steps));
    json_object_set_new(ctx->result, "imported", json_incref(b.imported));
    json_object_set_new(ctx->result, "ignored", json_incref(b.ignored));
  }
  z3_asset_set_release(&b.base);
  z3_rom_free(b.rom);
  json_decref(b.imported), json_decref(b.ignored), json_decref(b.steps), json_decref(sources);
  z3_buf_release(&base_file);
  z3_free(out_path);
  return st;
}

z3_status cmd_project_build(z3_cmd_ctx *ctx, z3_error *err) {
  z3_project p;
  z3_status st = z3_project_load(&p, z3_arg_str(ctx, "dir"), err);
  if (st) return st;
  st = build_project(ctx, &p, err);
  json_object_set_new(ctx->result, "project", json_string(p.name));
  z3_project_release(&p);
  return st;
}
