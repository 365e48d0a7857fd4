/*
 * project: a hack kept as sources (docs/projects.md).
 *
 * A project folder holds a manifest (z3ed-project.toml), the world as one file
 * per asset under assets/ (what the export commands write), asm patches and
 * BPS/IPS patches. `project build` starts from the base ROM (found by path,
 * checked by SHA-1, never copied), imports the assets whose files differ from
 * what the base exports, then runs the manifest's steps in order, and writes
 * the hack, its BPS and a build stamp (build/state.json).
 *
 * The module sits above agent/ because the manifest is TOML and the TOML
 * reader is agent/script.h's.
 */
#ifndef Z3_PROJECT_PROJECT_H
#define Z3_PROJECT_PROJECT_H

#include <jansson.h>

#include "cmd/cmd.h"

#define Z3_PROJECT_MANIFEST "z3ed-project.toml"
#define Z3_PROJECT_STATE "build/state.json"

enum { Z3_PROJECT_MAX_STEPS = 64 };

typedef enum z3_project_step_kind {
  Z3_STEP_ASSETS = 0, /* import assets/ */
  Z3_STEP_ASM,        /* `patch asm --patch FILE` */
  Z3_STEP_PATCH,      /* a BPS or IPS file applied to the whole image */
} z3_project_step_kind;

typedef struct z3_project_step {
  z3_project_step_kind kind;
  char *file;         /* relative to the project folder; NULL for assets */
  int line, column;   /* of the step's [[step]] header */
} z3_project_step;

typedef struct z3_project {
  char *dir;          /* the project folder as given */
  char *name;
  char *output;       /* file name of the hack, written under build/ */
  char *base_path;    /* as written in the manifest (relative to dir unless absolute) */
  char base_sha1[41];
  uint64_t base_size;
  uint64_t expand_to; /* 0 = keep the base's size; else 2 or 4 MiB */
  z3_project_step steps[Z3_PROJECT_MAX_STEPS];
  size_t step_count;
} z3_project;

/* Parses manifest text; errors read "FILE:LINE:COLUMN: ...". */
z3_status z3_project_parse(z3_project *out, const char *text, size_t len, const char *file, z3_error *err);
/* Reads DIR/z3ed-project.toml. */
z3_status z3_project_load(z3_project *out, const char *dir, z3_error *err);
void z3_project_release(z3_project *p);
/* The manifest's text for p (what init writes). Caller frees. */
char *z3_project_manifest_text(const z3_project *p);
/* DIR/rel (rel unchanged when absolute). Caller frees. */
char *z3_project_path(const char *dir, const char *rel);

/* ---- assets ---------------------------------------------------------------- */

/* One exported file: assets/<rel>, and its bytes. */
typedef struct z3_asset_file {
  char rel[64];       /* "dungeon/room_012.json" */
  int kind, index;
  z3_buf data;
} z3_asset_file;

typedef struct z3_asset_set {
  z3_asset_file *files;
  size_t count;
} z3_asset_set;

/* Every asset of rom as the export commands write it, in a fixed order. */
z3_status z3_assets_export(const z3_rom *rom, z3_asset_set *out, z3_error *err);
void z3_asset_set_release(z3_asset_set *s);
/* The file named rel in the set, or NULL. */
const z3_asset_file *z3_asset_find(const z3_asset_set *s, const char *rel);
/* Imports DIR/assets/<f->rel> into rom with the import command of its kind
 * (or the palette library for a group file); errors name the file. */
z3_status z3_asset_import(z3_rom *rom, const char *rom_name, const char *dir, const z3_asset_file *f,
                          z3_error *err);

/* ---- build, status, export --------------------------------------------------- */

/* Loads the base ROM of p (override_path when not NULL) and checks its size and SHA-1. */
z3_status z3_project_open_base(const z3_project *p, const char *override_path, z3_rom **rom, z3_buf *file,
                               z3_error *err);
/* SHA-1 (hex) of every source file of the project: manifest, assets, asm, patches. */
json_t *z3_project_sources(const char *dir, z3_error *err);

/* Handlers (table_project.c). */
z3_status cmd_project_init(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_project_build(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_project_status(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_project_export(z3_cmd_ctx *ctx, z3_error *err);

#endif
