/*
 * `z3ed batch`: runs command lines (batch_parse.c) one after another in one
 * process, printing one JSON line per command. With --save end, every ROM a
 * command changes in place is copied once to a private work folder; later
 * commands naming that ROM use the copy, and the originals are replaced
 * together at the end (only when every command succeeded, or with
 * --keep-going), so a failed batch leaves no ROM half-edited.
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/batch.h"

static const char usage[] =
    "usage: z3ed batch [FILE] [--keep-going] [--save each|end] [--no-backup]\n"
    "\n"
    "Runs many commands in one process: one per line of FILE (or stdin when FILE\n"
    "is missing or -), either as on the command line (rom info --rom game.sfc)\n"
    "or as JSON ({\"command\": \"rom info\", \"args\": {\"rom\": \"game.sfc\"}}).\n"
    "Prints one JSON line per command: {\"line\", \"ok\", \"command\", \"result\"}\n"
    "or {\"line\", \"ok\": false, \"error\": {\"code\", \"message\", \"hint\"}}.\n"
    "ROMs stay loaded between commands while their files are unchanged.\n"
    "\n"
    "  --keep-going   run every line even after a failure (default: stop at the first)\n"
    "  --save each    each command saves its changes, as when run alone (default)\n"
    "  --save end     changes accumulate in work copies; every changed ROM is saved\n"
    "                 once at the end, and only if no command failed (or with\n"
    "                 --keep-going)\n"
    "  --no-backup    with --save end: keep no FILE.bak of the replaced ROMs\n"
    "\n"
    "Exit code: 0 when every command succeeded, else the first failure's code.\n";

typedef struct work_copy {
  char *original, *work;
} work_copy;

typedef struct batch {
  bool keep_going, save_end, no_backup;
  char *work_dir;
  work_copy copies[64];
  size_t copy_count;
  int failures, first_code, commands;
} batch;

/* ---- --save end: work copies ------------------------------------------------------- */

static const char *work_path_of(const batch *b, const char *path) {
  for (size_t i = 0; i < b->copy_count; i++)
    if (strcmp(b->copies[i].original, path) == 0) return b->copies[i].work;
  return NULL;
}

static z3_status make_work_copy(batch *b, const char *path, const char **out, z3_error *err) {
  if (b->copy_count == sizeof b->copies / sizeof *b->copies)
    return z3_error_set(err, Z3_E_USAGE, "--save end keeps at most 64 ROMs changed in one batch");
  if (!b->work_dir) {
    b->work_dir = z3_strdup("/tmp/z3ed-batch-XXXXXX");
    if (!b->work_dir || !mkdtemp(b->work_dir))
      return z3_error_set(err, Z3_E_IO, "cannot create a work folder: %s", strerror(errno));
  }
  z3_buf data;
  z3_buf_init(&data);
  char *work = z3_strfmt("%s/%zu.sfc", b->work_dir, b->copy_count);
  z3_status st = work ? z3_file_read(&data, path, 64u << 20, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_file_write_atomic(work, data.data, data.len, NULL, err);
  z3_buf_release(&data);
  if (st != Z3_OK) {
    z3_free(work);
    return st;
  }
  b->copies[b->copy_count++] = (work_copy){z3_strdup(path), work};
  *out = work;
  return Z3_OK;
}

/* Points the line's --rom at the work copy (made now when this command writes the ROM in place). */
static z3_status redirect_rom(batch *b, z3_batch_line *l, const z3_cmd_ctx *ctx, z3_error *err) {
  if (!ctx->rom_path) return Z3_OK;
  bool writes_in_place = (ctx->cmd->flags & Z3_CMD_MUTATES_ROM) && !ctx->output && !ctx->dry_run;
  const char *work = work_path_of(b, ctx->rom_path);
  if (!work && !writes_in_place) return Z3_OK;
  z3_status st = work ? Z3_OK : make_work_copy(b, ctx->rom_path, &work, err);
  for (int i = 0; st == Z3_OK && i < l->count; i++) {
    char *replacement = NULL;
    if (strcmp(l->words[i], "--rom") == 0 && i + 1 < l->count) replacement = z3_strdup(work), i++;
    else if (strncmp(l->words[i], "--rom=", 6) == 0) replacement = z3_strfmt("--rom=%s", work);
    else continue;
    if (!replacement) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    z3_free(l->words[i]);
    l->words[i] = replacement;
  }
  /* the work copy is private: its backups would only pile up in the work folder */
  if (st == Z3_OK && writes_in_place && z3_command_arg(ctx->cmd, "no-backup") && l->count < Z3_BATCH_MAX_WORDS)
    l->words[l->count++] = z3_strdup("--no-backup");
  return st;
}

/* Results name the work copy where the person wrote the original. */
static void unredirect(const batch *b, json_t *result) {
  const char *key;
  json_t *v;
  json_object_foreach(result, key, v) {
    for (size_t i = 0; json_is_string(v) && i < b->copy_count; i++) {
      if (strcmp(json_string_value(v), b->copies[i].work) != 0) continue;
      json_object_set_new(result, key, json_string(b->copies[i].original)); /* frees v */
      break;
    }
  }
}

static void save_all(batch *b) {
  bool save = b->failures == 0 || b->keep_going;
  for (size_t i = 0; i < b->copy_count; i++) {
    z3_error err;
    z3_error_init(&err);
    z3_buf data;
    z3_buf_init(&data);
    z3_write_opts opts = {.backup = !b->no_backup};
    z3_status st = save ? z3_file_read(&data, b->copies[i].work, 64u << 20, &err) : Z3_OK;
    if (save && st == Z3_OK) st = z3_file_write_atomic(b->copies[i].original, data.data, data.len, &opts, &err);
    if (st != Z3_OK) fprintf(stderr, "z3ed batch: error: cannot save '%s': %s\n", b->copies[i].original, err.message);
    else fprintf(stderr, "z3ed batch: %s '%s'\n", save ? "saved" : "left unchanged (a command failed)", b->copies[i].original);
    if (st != Z3_OK && !b->failures++) b->first_code = z3_status_exit_code(st);
    z3_buf_release(&data);
    unlink(b->copies[i].work);
    z3_free(b->copies[i].original);
    z3_free(b->copies[i].work);
  }
  if (b->work_dir) rmdir(b->work_dir);
  z3_free(b->work_dir);
}

/* ---- one command ----------------------------------------------------------------------- */

static void print_line(json_t *out) {
  char *text = json_dumps(out, JSON_COMPACT);
  if (text) printf("%s\n", text);
  free(text);
  fflush(stdout);
  json_decref(out);
}

static json_t *error_json(const z3_error *err) {
  return json_pack("{s:s,s:s,s:o}", "code", z3_status_name(err->code), "message", err->message, "hint",
                   err->hint[0] ? json_string(err->hint) : json_null());
}

static z3_status parse_for_batch(batch *b, z3_batch_line *l, z3_cmd_ctx *ctx, z3_error *err) {
  z3_status st = z3_cmd_parse(ctx, l->count, l->words, err);
  if (st == Z3_OK && ctx->help) st = z3_error_set(err, Z3_E_USAGE, "--help has no place in a batch");
  if (st == Z3_OK && b->save_end) {
    st = redirect_rom(b, l, ctx, err);
    z3_cmd_ctx_release(ctx);
    if (st == Z3_OK) st = z3_cmd_parse(ctx, l->count, l->words, err);
  }
  return st;
}

static void run_line(batch *b, int number, const char *text, size_t len) {
  z3_batch_line l;
  z3_error err;
  z3_error_init(&err);
  z3_cmd_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  z3_status st = z3_batch_parse_line(text, len, &l, &err);
  if (st == Z3_OK && l.count == 0) return; /* blank or a comment */
  if (st == Z3_OK) st = parse_for_batch(b, &l, &ctx, &err);
  ctx.format = Z3_FORMAT_JSON; /* results shaped for machines, as tools get them */
  if (st == Z3_OK) st = z3_cmd_run(&ctx, &err);
  json_t *out = json_pack("{s:i,s:b}", "line", number, "ok", st == Z3_OK);
  if (ctx.cmd) {
    char *name = z3_strfmt("%s %s", ctx.cmd->resource, ctx.cmd->action);
    json_object_set_new(out, "command", json_string(name ? name : ""));
    z3_free(name);
  }
  if (ctx.result && (st == Z3_OK || st == Z3_E_CHECK)) {
    unredirect(b, ctx.result);
    json_object_set(out, "result", ctx.result);
  }
  if (st != Z3_OK) json_object_set_new(out, "error", error_json(&err));
  print_line(out);
  b->commands++;
  if (st != Z3_OK && !b->failures++) b->first_code = z3_status_exit_code(st);
  z3_cmd_ctx_release(&ctx);
  z3_batch_line_release(&l);
}

/* ---- the front door ---------------------------------------------------------------------- */

static int parse_args(int argc, char **argv, batch *b, const char **file) {
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    } else if (strcmp(a, "--keep-going") == 0) {
      b->keep_going = true;
    } else if (strcmp(a, "--no-backup") == 0) {
      b->no_backup = true;
    } else if (strcmp(a, "--save") == 0 || strncmp(a, "--save=", 7) == 0) {
      const char *v = a[6] == '=' ? a + 7 : i + 1 < argc ? argv[++i] : "";
      if (strcmp(v, "each") != 0 && strcmp(v, "end") != 0) {
        fprintf(stderr, "z3ed: error: --save takes each or end, not '%s'\nhint: z3ed batch --help\n", v);
        return 2;
      }
      b->save_end = strcmp(v, "end") == 0;
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "z3ed: error: unknown argument '%s' for 'batch'\nhint: z3ed batch --help\n", a);
      return 2;
    } else if (*file) {
      fprintf(stderr, "z3ed: error: batch reads one file; '%s' is a second\n", a);
      return 2;
    } else {
      *file = a;
    }
  }
  return -1;
}

int z3_batch_main(int argc, char **argv) {
  batch b = {0};
  const char *file = NULL;
  int early = parse_args(argc, argv, &b, &file);
  if (early >= 0) return early;
  bool from_stdin = !file || strcmp(file, "-") == 0;
  FILE *in = from_stdin ? stdin : fopen(file, "r");
  if (!in) {
    fprintf(stderr, "z3ed: error: cannot read the batch file '%s': %s\n", file, strerror(errno));
    return 3;
  }
  z3_cmd_rom_cache_enable(true);
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  for (int number = 1; (n = getline(&line, &cap, in)) >= 0; number++) {
    if (b.failures && !b.keep_going) break;
    run_line(&b, number, line, (size_t)n && line[n - 1] == '\n' ? (size_t)n - 1 : (size_t)n);
  }
  free(line);
  if (!from_stdin) fclose(in);
  if (b.save_end) save_all(&b);
  z3_cmd_rom_cache_enable(false);
  if (b.failures) fprintf(stderr, "z3ed batch: %d of %d commands failed\n", b.failures, b.commands);
  return b.failures ? b.first_code : 0;
}
