/*
 * The dispatcher: what a command's flags promise, done once for all of them.
 *
 *  NEEDS_ROM    load --rom into ctx->rom before the handler runs.
 *  MUTATES_ROM  after the handler: if the checksum was valid before, fix it
 *               (a valid ROM stays valid; handlers opt out with
 *               ctx->keep_checksum); list the change log in the result; under
 *               --dry-run stop there; otherwise save atomically to --output,
 *               or over --rom keeping FILE.bak unless --no-backup. A failed
 *               handler saves nothing.
 *  WRITES_FILE  the handler writes through z3_cmd_write_file, which honours
 *               --dry-run and --no-backup the same way; the files are
 *               replaced together once the handler has succeeded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"

enum { CHANGE_BYTES_SHOWN = 32 };

static json_t *change_json(const z3_rom *rom, const z3_change *c) {
  json_t *o = json_object();
  json_object_set_new(o, "offset", json_integer((json_int_t)c->offset));
  uint32_t addr;
  if (z3_rom_to_snes(rom, c->offset, &addr, NULL) == Z3_OK) {
    char text[10];
    z3_snes_format_address(addr, text);
    json_object_set_new(o, "address", json_string(text));
  }
  json_object_set_new(o, "length", json_integer((json_int_t)c->new_len));
  if (c->old_len != c->new_len) json_object_set_new(o, "old_length", json_integer((json_int_t)c->old_len));
  char *old_hex = z3_hex_string(c->old_bytes, c->old_len, CHANGE_BYTES_SHOWN);
  char *new_hex = z3_hex_string(c->new_bytes, c->new_len, CHANGE_BYTES_SHOWN);
  json_object_set_new(o, "old", json_string(old_hex ? old_hex : ""));
  json_object_set_new(o, "new", json_string(new_hex ? new_hex : ""));
  z3_free(old_hex);
  z3_free(new_hex);
  json_object_set_new(o, "reason", json_string(c->reason));
  return o;
}

static void report_changes(z3_cmd_ctx *ctx) {
  json_t *list = json_array();
  for (size_t i = ctx->first_change; i < ctx->rom->change_count; i++) {
    const z3_change *c = &ctx->rom->changes[i];
    if (!z3_change_is_noop(c)) json_array_append_new(list, change_json(ctx->rom, c));
  }
  json_object_set_new(ctx->result, "changes", list);
  json_object_set_new(ctx->result, "bytes_changed",
                      json_integer((json_int_t)z3_rom_bytes_changed_since(ctx->rom, ctx->first_change)));
  json_object_set_new(ctx->result, "dry_run", json_boolean(ctx->dry_run));
}

static z3_status save_rom(z3_cmd_ctx *ctx, z3_error *err) {
  const char *dest = ctx->output ? ctx->output : ctx->rom_path;
  bool overwriting = z3_file_exists(dest);
  z3_write_opts opts = {.backup = overwriting && !ctx->no_backup};
  if (dest == ctx->rom_path && ctx->rom_stamp.exists) opts.unchanged_since = &ctx->rom_stamp;
  z3_status st = z3_rom_save(ctx->rom, dest, &opts, err);
  if (st) return st;
  json_object_set_new(ctx->result, "written", json_string(dest));
  if (opts.backup) {
    char *bak = z3_file_backup_name(dest);
    json_object_set_new(ctx->result, "backup", bak ? json_string(bak) : json_null());
    z3_free(bak);
  }
  return Z3_OK;
}

static bool map_roms;

void z3_cmd_rom_map_enable(bool on) { map_roms = on; }

z3_status z3_cmd_load_rom(const z3_cmd_ctx *ctx, const char *path, z3_rom **out, z3_error *err) {
  if (map_roms && !(ctx->cmd->flags & Z3_CMD_RUNS_LONG)) return z3_rom_load_mapped(out, path, err);
  return z3_rom_load(out, path, err);
}

static z3_status load_rom(z3_cmd_ctx *ctx, z3_error *err) {
  if (!ctx->rom_path) {
    z3_error_set(err, Z3_E_USAGE, "'%s %s' needs --rom", ctx->cmd->resource, ctx->cmd->action);
    z3_error_hint(err, "--rom FILE.sfc; try samples/sample.sfc");
    return Z3_E_USAGE;
  }
  if (!(ctx->cmd->flags & Z3_CMD_MUTATES_ROM) && z3_cmd_rom_cache_active())
    return z3_cmd_rom_cache_borrow(ctx->rom_path, &ctx->rom, &ctx->rom_borrowed, err);
  /* stamped before reading: a save in between makes the stamp differ, never match a newer file */
  z3_file_stamp_take(ctx->rom_path, &ctx->rom_stamp);
  return z3_cmd_load_rom(ctx, ctx->rom_path, &ctx->rom, err);
}

static z3_status run_command(z3_cmd_ctx *ctx, z3_error *err) {
  ctx->result = json_object();
  if (!ctx->result) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  const z3_command *cmd = ctx->cmd;
  if ((cmd->flags & Z3_CMD_MUTATES_ROM) && ctx->output && ctx->rom_path &&
      strcmp(ctx->output, ctx->rom_path) == 0) {
    ctx->output = NULL; /* --output naming the input is an in-place write, with its backup */
  }
  z3_status st = Z3_OK;
  if ((cmd->flags & Z3_CMD_NEEDS_ROM) && !ctx->rom_caller_owned) st = load_rom(ctx, err);
  /* summing the whole ROM is only worth it when the command may change it */
  bool checksum_was_valid = ctx->rom && (cmd->flags & Z3_CMD_MUTATES_ROM) && z3_rom_checksum_ok(ctx->rom);
  if (st == Z3_OK) st = cmd->handler(ctx, err);
  if (st == Z3_OK && ctx->batch) st = z3_write_batch_commit(ctx->batch, err);
  if (st != Z3_OK || !(cmd->flags & Z3_CMD_MUTATES_ROM)) return st;
  if (checksum_was_valid && !ctx->keep_checksum && !z3_rom_checksum_ok(ctx->rom)) {
    st = z3_rom_fix_checksum(ctx->rom, err);
    if (st) return st;
  }
  report_changes(ctx);
  size_t changed = z3_rom_bytes_changed_since(ctx->rom, ctx->first_change);
  if (ctx->max_bytes_changed && changed > ctx->max_bytes_changed) {
    z3_error_set(err, Z3_E_USAGE, "this call would change %zu bytes of the ROM; its limit is %zu",
                 changed, ctx->max_bytes_changed);
    z3_error_hint(err, "nothing was written; split the edit or raise the limit");
    return Z3_E_USAGE;
  }
  if (ctx->dry_run || ctx->rom_caller_owned) return Z3_OK; /* the caller saves its own ROM */
  if (!ctx->output && changed == 0) {
    json_object_set_new(ctx->result, "written", json_null()); /* nothing to save over the input */
    return Z3_OK;
  }
  return save_rom(ctx, err);
}

/* ---- observers ----------------------------------------------------------------------------
 * Layers above cmd/ watch commands without cmd/ knowing them: the recorder in
 * agent/record.c registers here at load time, and a debugger or GUI can do the
 * same. Registered from constructors only, so the list never changes while
 * commands run on several threads. */

enum { MAX_OBSERVERS = 8 };
static z3_cmd_observer observers[MAX_OBSERVERS];
static size_t observer_count;

void z3_cmd_observe(const z3_cmd_observer *observer) {
  if (observer_count == MAX_OBSERVERS) {
    fputs("z3ed: internal error: more than 8 command observers; raise MAX_OBSERVERS\n", stderr);
    abort();
  }
  observers[observer_count++] = *observer;
}

z3_status z3_cmd_run(z3_cmd_ctx *ctx, z3_error *err) {
  for (size_t i = 0; i < observer_count; i++)
    if (observers[i].before) observers[i].before(ctx, observers[i].data);
  z3_status st = run_command(ctx, err);
  for (size_t i = observer_count; i-- > 0;) /* innermost first, like nested scopes */
    if (observers[i].after) observers[i].after(ctx, st, err, observers[i].data);
  return st;
}

z3_status z3_cmd_run_on(z3_cmd_ctx *ctx, z3_rom *rom, z3_error *err) {
  ctx->rom = rom;
  ctx->rom_caller_owned = true;
  ctx->first_change = rom->change_count;
  z3_status st = z3_cmd_run(ctx, err);
  ctx->rom = NULL;
  return st;
}

z3_status z3_cmd_write_file(z3_cmd_ctx *ctx, const char *path, const void *data, size_t len,
                            z3_error *err) {
  json_t *files = json_object_get(ctx->result, "files");
  if (!files) {
    files = json_array();
    json_object_set_new(ctx->result, "files", files);
  }
  json_t *entry = json_object();
  json_object_set_new(entry, "path", json_string(path));
  json_object_set_new(entry, "bytes", json_integer((json_int_t)len));
  bool exists = z3_file_exists(path);
  json_object_set_new(entry, "replaces", json_boolean(exists));
  json_array_append_new(files, entry);
  if (ctx->dry_run) {
    json_object_set_new(entry, "written", json_false());
    return Z3_OK;
  }
  z3_write_opts opts = {.backup = exists && !ctx->no_backup};
  if (!ctx->batch && !(ctx->batch = z3_write_batch_new())) {
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  z3_status st = z3_write_batch_add(ctx->batch, path, data, len, &opts, err);
  json_object_set_new(entry, "written", json_boolean(st == Z3_OK)); /* the command fails otherwise */
  if (st == Z3_OK && opts.backup) {
    char *bak = z3_file_backup_name(path);
    if (bak) json_object_set_new(entry, "backup", json_string(bak));
    z3_free(bak);
  }
  return st;
}

void z3_cmd_ctx_release(z3_cmd_ctx *ctx) {
  for (size_t i = 0; i < ctx->value_count; i++) {
    z3_free(ctx->values[i].joined);
    ctx->values[i].joined = NULL;
  }
  z3_write_batch_free(ctx->batch); /* removes the temporary files of a failed command */
  ctx->batch = NULL;
  if (ctx->rom_borrowed) z3_cmd_rom_cache_give_back(ctx->rom);
  else z3_rom_free(ctx->rom);
  ctx->rom_borrowed = false;
  json_decref(ctx->result);
  ctx->rom = NULL;
  ctx->result = NULL;
}
