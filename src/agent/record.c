/*
 * Recording: `script record start` leaves a marker in the state folder;
 * while it is there, every command run through z3_cmd_run (seen through the
 * dispatcher's observer hook, registered below) appends one JSON
 * line (tool, arguments, exit code, seconds, SHA-1 of the ROM before it ran)
 * to <state>/recording.jsonl; `script record stop` turns the lines into a
 * .z3edscript.
 *
 * Each line carries an id and the id of the command it ran inside, if any
 * (script run, an agent loop). Tool calls made in a forked child (time
 * limits) inherit the parent's ids, so nesting is known across processes,
 * and stop can leave out every command that ran others: their inner
 * commands are the steps. One write() per line with O_APPEND keeps lines
 * whole when several z3ed processes record at once.
 */
#define _DEFAULT_SOURCE /* getcwd in strict C17 mode is POSIX anyway */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "agent/proposal.h" /* z3_state_dir */
#include "agent/script.h"

enum { MAX_NESTING = 16, ID_SIZE = 48 };

/* One per command running on this thread, outermost first. The MCP server runs
 * tool calls on a worker thread, hence per thread. */
typedef struct frame {
  bool recorded;      /* a recording was on when the command started */
  char id[ID_SIZE];
  double start;
} frame;
static _Thread_local frame frames[MAX_NESTING];
static _Thread_local int nesting;
static atomic_ulong sequence;

/* ---- the state folder ---------------------------------------------------------- */

/* The same state folder as proposals (z3_state_dir). */
char *z3_script_state_path(const char *name) {
  char *dir = z3_state_dir();
  if (!dir || !name || !*name) return dir;
  char *path = z3_strfmt("%s/%s", dir, name);
  z3_free(dir);
  return path;
}

z3_status z3_script_mkdirs(const char *path, z3_error *err) {
  char *copy = z3_strdup(path);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (char *p = copy + 1;; p++) {
    if (*p != '/' && *p) continue;
    char saved = *p;
    *p = '\0';
    if (mkdir(copy, 0755) != 0 && errno != EEXIST) {
      z3_error_set(err, Z3_E_IO, "cannot create the folder '%s': %s", copy, strerror(errno));
      z3_free(copy);
      return Z3_E_IO;
    }
    if (!saved) break;
    *p = saved;
  }
  z3_free(copy);
  return Z3_OK;
}

static char *absolute(const char *path) {
  if (path[0] == '/') return z3_strdup(path);
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd)) return z3_strdup(path);
  return z3_strfmt("%s/%s", cwd, path);
}

static void utc_now(char out[32], const char *fmt) {
  time_t t = time(NULL);
  struct tm tm;
  strftime(out, 32, fmt, gmtime_r(&t, &tm));
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

json_t *z3_script_read_json_file(const char *path, size_t max_bytes) {
  z3_buf b;
  z3_buf_init(&b);
  z3_error e;
  z3_error_init(&e);
  json_t *v = NULL;
  if (z3_file_read(&b, path, max_bytes, &e) == Z3_OK) v = json_loadb((const char *)b.data, b.len, 0, NULL);
  z3_buf_release(&b);
  return v;
}

enum { MARKER_MAX = 1u << 20 };

static z3_status write_json_file(const char *path, const json_t *v, z3_error *err) {
  char *text = json_dumps(v, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  if (!text) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  char *line = z3_strfmt("%s\n", text);
  free(text);
  if (!line) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_file_write_atomic(path, line, strlen(line), NULL, err);
  z3_free(line);
  return st;
}

/* ---- the hook ---------------------------------------------------------------------- */

static bool recording_active(void) {
  char *marker = z3_script_state_path("recording.json");
  bool on = marker && z3_file_exists(marker);
  z3_free(marker);
  return on;
}

/* The recording's own commands are not steps of what is being recorded. */
static bool left_out(const z3_command *cmd) {
  return strcmp(cmd->resource, "script") == 0 ||
         (strcmp(cmd->resource, "agent") == 0 && strcmp(cmd->action, "learn") == 0);
}

/* SHA-1 of the image before the command: the change log undone, newest first. */
static json_t *sha1_before(const z3_rom *rom) {
  if (!rom) return json_null();
  z3_buf img;
  z3_buf_init(&img);
  if (z3_buf_copy(&img, rom->data.data, rom->data.len, NULL)) return json_null();
  for (size_t i = rom->change_count; i-- > 0;) {
    const z3_change *c = &rom->changes[i];
    if (c->offset + c->new_len > img.len) return z3_buf_release(&img), json_null();
    size_t tail = img.len - c->offset - c->new_len, old_total = img.len - c->new_len + c->old_len;
    if (old_total > img.len && z3_buf_resize(&img, old_total, NULL)) return z3_buf_release(&img), json_null();
    memmove(img.data + c->offset + c->old_len, img.data + c->offset + c->new_len, tail);
    if (c->old_len) memcpy(img.data + c->offset, c->old_bytes, c->old_len);
    img.len = old_total;
  }
  char hex[41];
  z3_sha1_hex(img.data, img.len, hex);
  z3_buf_release(&img);
  return json_string(hex);
}

static json_t *arguments_of(const z3_cmd_ctx *ctx) {
  json_t *args = json_object();
  for (size_t i = 0; args && i < ctx->value_count; i++) {
    const z3_arg_value *v = &ctx->values[i];
    if (!v->given || z3_arg_is_secret(v->spec)) continue; /* a replay reads keys from the environment */
    char key[64];
    snprintf(key, sizeof key, "%s", v->spec->name);
    for (char *p = key; *p; p++) if (*p == '-') *p = '_';
    json_t *value = v->spec->type == Z3_ARG_BOOL ? json_true()
                  : v->spec->type == Z3_ARG_INT  ? json_integer(v->number)
                                                 : json_string(v->text);
    json_object_set_new(args, key, value);
  }
  return args;
}

static void append_entry(const z3_cmd_ctx *ctx, z3_status st, const char *id, const char *parent,
                         double seconds, const z3_error *err) {
  char when[32], cwd[4096];
  utc_now(when, "%Y-%m-%dT%H:%M:%SZ");
  json_t *e = json_object();
  json_object_set_new(e, "id", json_string(id));
  json_object_set_new(e, "parent", parent ? json_string(parent) : json_null());
  json_object_set_new(e, "time", json_string(when));
  json_object_set_new(e, "cwd", getcwd(cwd, sizeof cwd) ? json_string(cwd) : json_null());
  char *tool = z3_command_tool_name(ctx->cmd);
  json_object_set_new(e, "tool", tool ? json_string(tool) : json_null());
  z3_free(tool);
  json_object_set_new(e, "arguments", arguments_of(ctx));
  json_object_set_new(e, "exit", json_integer(z3_status_exit_code(st)));
  if (st != Z3_OK && err) json_object_set_new(e, "message", json_string(err->message));
  json_object_set_new(e, "seconds", json_real(seconds));
  json_object_set_new(e, "rom_sha1", sha1_before(ctx->rom));
  char *text = json_dumps(e, JSON_COMPACT | JSON_PRESERVE_ORDER);
  json_decref(e);
  char *line = text ? z3_strfmt("%s\n", text) : NULL;
  free(text);
  char *log = z3_script_state_path("recording.jsonl");
  int fd = log && line ? open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644) : -1;
  if (fd >= 0) { /* best effort: recording never makes a command fail */
    if (write(fd, line, strlen(line)) < 0) { /* nothing more to do */ }
    close(fd);
  }
  z3_free(log);
  z3_free(line);
}

/* The innermost enclosing command that is itself recorded: the parent of a new line. */
static const char *recorded_parent(int depth) {
  for (int i = depth; i-- > 0;)
    if (frames[i].recorded) return frames[i].id;
  return NULL;
}

/* Commands nested deeper than MAX_NESTING (no real workflow comes close) are not recorded. */
static void record_before(const z3_cmd_ctx *ctx, void *data) {
  (void)data;
  int depth = nesting++;
  if (depth >= MAX_NESTING) return;
  frame *f = &frames[depth];
  f->recorded = ctx->cmd && recording_active();
  if (!f->recorded) return;
  snprintf(f->id, sizeof f->id, "%ld-%lu", (long)getpid(), ++sequence);
  f->start = now_seconds();
}

static void record_after(const z3_cmd_ctx *ctx, z3_status st, const z3_error *err, void *data) {
  (void)data;
  int depth = --nesting;
  if (depth >= MAX_NESTING || !frames[depth].recorded || left_out(ctx->cmd)) return;
  const frame *f = &frames[depth];
  append_entry(ctx, st, f->id, recorded_parent(depth), now_seconds() - f->start, err);
}

/* The recorder watches the dispatcher from here; cmd/ does not know it exists. */
__attribute__((constructor)) static void register_recorder(void) {
  z3_cmd_observe(&(z3_cmd_observer){.before = record_before, .after = record_after});
}

/* ---- start, status ------------------------------------------------------------------ */

z3_status z3_record_start(const char *file, const char *name, const char *description,
                          json_t *result, z3_error *err) {
  char *marker_path = z3_script_state_path("recording.json"), *log = z3_script_state_path("recording.jsonl");
  char *state = z3_script_state_path(NULL), *target = NULL;
  json_t *marker = NULL;
  z3_status st = marker_path && log && state ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (!st && z3_file_exists(marker_path)) {
    json_t *old = z3_script_read_json_file(marker_path, MARKER_MAX);
    z3_error_set(err, Z3_E_USAGE, "a recording into '%s' is already running",
                 old ? json_string_value(json_object_get(old, "file")) : marker_path);
    z3_error_hint(err, "stop it first with 'z3ed script record stop'");
    json_decref(old);
    st = Z3_E_USAGE;
  }
  char when[32], stamp[32];
  utc_now(when, "%Y-%m-%dT%H:%M:%SZ");
  utc_now(stamp, "%Y%m%dT%H%M%SZ");
  if (!st) st = z3_script_mkdirs(state, err);
  if (!st) {
    char *fallback = z3_strfmt("%s/recordings/recording-%s.z3edscript", state, stamp);
    target = fallback ? absolute(file ? file : fallback) : NULL;
    z3_free(fallback);
    if (!target) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  if (!st) {
    marker = json_pack("{s:s, s:s, s:s?, s:s?}", "file", target, "started", when, "name", name,
                       "description", description);
    if (unlink(log) != 0 && errno != ENOENT) st = z3_error_set(err, Z3_E_IO, "cannot remove '%s': %s", log, strerror(errno));
  }
  if (!st) st = marker ? write_json_file(marker_path, marker, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (!st) {
    json_object_set_new(result, "recording", json_true());
    json_object_set_new(result, "file", json_string(target));
    json_object_set_new(result, "started", json_string(when));
    json_object_set_new(result, "marker", json_string(marker_path));
  }
  json_decref(marker);
  z3_free(marker_path), z3_free(log), z3_free(state), z3_free(target);
  return st;
}

static size_t count_lines(const char *path) {
  z3_buf b;
  z3_buf_init(&b);
  z3_error e;
  z3_error_init(&e);
  size_t n = 0;
  if (z3_file_read(&b, path, 256u << 20, &e) == Z3_OK)
    for (size_t i = 0; i < b.len; i++) n += b.data[i] == '\n';
  z3_buf_release(&b);
  return n;
}

z3_status z3_record_status(json_t *result, z3_error *err) {
  char *marker_path = z3_script_state_path("recording.json"), *log = z3_script_state_path("recording.jsonl");
  if (!marker_path || !log) {
    z3_free(marker_path), z3_free(log);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  json_t *marker = z3_file_exists(marker_path) ? z3_script_read_json_file(marker_path, MARKER_MAX) : NULL;
  json_object_set_new(result, "recording", json_boolean(marker != NULL));
  json_object_set_new(result, "file", marker ? json_incref(json_object_get(marker, "file")) : json_null());
  json_object_set_new(result, "started", marker ? json_incref(json_object_get(marker, "started")) : json_null());
  json_object_set_new(result, "commands", json_integer(marker ? (json_int_t)count_lines(log) : 0));
  json_decref(marker);
  z3_free(marker_path), z3_free(log);
  return Z3_OK;
}

/* ---- stop ------------------------------------------------------------------------------ */

static z3_status finish_files(const char *target, const char *text, const char *marker_path,
                              const char *log, z3_error *err) {
  char *dir_copy = z3_strdup(target), *last = z3_script_state_path("last_recording.json");
  z3_status st = dir_copy && last ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (!st) st = z3_script_mkdirs(dirname(dir_copy), err);
  z3_write_opts opts = {.backup = z3_file_exists(target)};
  if (!st) st = z3_file_write_atomic(target, text, strlen(text), &opts, err);
  json_t *pointer = json_pack("{s:s}", "file", target);
  if (!st) st = pointer ? write_json_file(last, pointer, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  json_decref(pointer);
  if (!st) {
    unlink(log);
    unlink(marker_path);
  }
  z3_free(dir_copy);
  z3_free(last);
  return st;
}

static char *script_text(const json_t *doc, const char *target, z3_error *err) {
  char *toml = z3_toml_write(doc);
  /* The replay line is meant to be pasted into a shell, so the file name is quoted as one word. */
  z3_buf head;
  z3_buf_init(&head);
  z3_buf_printf(&head, "# Recorded by 'z3ed script record'. Replay: z3ed script run --file ");
  if (z3_toml_comment_safe(target)) z3_buf_shell_word(&head, target);
  else z3_buf_printf(&head, "FILE");
  char *first = z3_buf_take_string(&head);
  char *text = toml && first ? z3_strfmt("%s\n\n%s", first, toml) : NULL;
  z3_free(first);
  z3_free(toml);
  if (!text) z3_error_set(err, Z3_E_INTERNAL, "cannot write the recording as TOML");
  /* what we write must read back as a script, or the recording would be lost later */
  z3_script check;
  if (text && z3_script_parse(&check, text, strlen(text), target, err) != Z3_OK) {
    z3_free(text);
    return NULL;
  }
  if (text) z3_script_release(&check);
  return text;
}

/* The marker, or for a marker that was damaged by hand, one with a fresh file
 * name, so the recording can still be stopped; NULL when none is running. */
static json_t *read_marker(const char *marker_path) {
  if (!marker_path || !z3_file_exists(marker_path)) return NULL;
  json_t *marker = z3_script_read_json_file(marker_path, MARKER_MAX);
  if (json_is_object(marker) && json_is_string(json_object_get(marker, "file"))) return marker;
  json_decref(marker);
  char stamp[32];
  utc_now(stamp, "%Y%m%dT%H%M%SZ");
  char *state = z3_script_state_path(NULL);
  char *file = state ? z3_strfmt("%s/recordings/recording-%s.z3edscript", state, stamp) : NULL;
  marker = file ? json_pack("{s:s}", "file", file) : NULL;
  z3_free(state);
  z3_free(file);
  return marker;
}

z3_status z3_record_stop(const char *file, const char *name, const char *description,
                         bool dry_run, json_t *result, z3_error *err) {
  char *marker_path = z3_script_state_path("recording.json"), *log = z3_script_state_path("recording.jsonl");
  json_t *marker = read_marker(marker_path);
  json_t *doc = NULL;
  char *text = NULL, *target = NULL;
  z3_status st = Z3_OK;
  if (!marker) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "no recording is running");
    z3_error_hint(err, "start one with 'z3ed script record start'");
  }
  if (!st && name) json_object_set_new(marker, "name", json_string(name));
  if (!st && description) json_object_set_new(marker, "description", json_string(description));
  if (!st && !(target = absolute(file ? file : json_string_value(json_object_get(marker, "file")))))
    st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (!st) st = z3_record_to_doc(log, marker, &doc, result, err);
  size_t steps = json_array_size(json_object_get(doc, "step"));
  if (!st && steps) st = (text = script_text(doc, target, err)) ? Z3_OK : err->code;
  json_object_set_new(result, "file", !st && steps ? json_string(target) : json_null());
  json_object_set_new(result, "dry_run", json_boolean(dry_run));
  json_object_set_new(result, "written", json_boolean(!st && steps && !dry_run));
  if (!st && !steps)
    json_object_set_new(result, "warning", json_string("nothing was recorded, so no script was written"));
  if (!st && !dry_run && steps) st = finish_files(target, text, marker_path, log, err);
  if (!st && !dry_run && !steps) unlink(log), unlink(marker_path);
  if (!st) json_object_set_new(result, "recording", json_boolean(dry_run));
  json_decref(marker);
  json_decref(doc);
  z3_free(text), z3_free(target), z3_free(marker_path), z3_free(log);
  return st;
}

/* ---- the lines as a script ------------------------------------------------------------- */

/* A relative path recorded in another folder than the one stopping is made absolute. */
static void fix_paths(const z3_command *cmd, json_t *args, const char *entry_cwd) {
  char cwd[4096];
  if (!entry_cwd || !getcwd(cwd, sizeof cwd) || strcmp(cwd, entry_cwd) == 0) return;
  const char *key;
  json_t *v;
  json_object_foreach(args, key, v) {
    char flag[64];
    snprintf(flag, sizeof flag, "%s", key);
    for (char *p = flag; *p; p++) if (*p == '_') *p = '-';
    const z3_arg_spec *spec = z3_command_arg(cmd, flag);
    const char *text = json_string_value(v);
    if (!spec || !text || text[0] == '/' || (spec->type != Z3_ARG_PATH && spec->type != Z3_ARG_OUT_PATH)) continue;
    json_object_set_new(args, key, json_sprintf("%s/%s", entry_cwd, text));
  }
}

static json_t *step_of(const json_t *entry) {
  const char *tool = json_string_value(json_object_get(entry, "tool"));
  const z3_command *cmd = tool ? z3_tool_find(tool) : NULL;
  json_t *args = json_deep_copy(json_object_get(entry, "arguments"));
  if (!args || !json_is_object(args)) json_decref(args), args = json_object();
  json_t *step = json_object();
  if (cmd) json_object_set_new(step, "command", json_sprintf("%s %s", cmd->resource, cmd->action));
  else json_object_set_new(step, "tool", json_string(tool ? tool : "unknown"));
  if (cmd) fix_paths(cmd, args, json_string_value(json_object_get(entry, "cwd")));
  json_int_t exit = json_integer_value(json_object_get(entry, "exit"));
  if (exit) json_object_set_new(step, "expect_exit", json_integer(exit));
  json_object_set_new(step, "args", args);
  return step;
}

/* Every line of the log that parses, in order; lines cut short by a crash are skipped. */
static json_t *read_entries(const char *log, size_t *unreadable) {
  json_t *entries = json_array();
  z3_buf b;
  z3_buf_init(&b);
  z3_error e;
  z3_error_init(&e);
  *unreadable = 0;
  if (z3_file_exists(log) && z3_file_read(&b, log, 256u << 20, &e) == Z3_OK) {
    for (size_t start = 0; start < b.len;) {
      const uint8_t *nl = memchr(b.data + start, '\n', b.len - start);
      size_t end = nl ? (size_t)(nl - b.data) : b.len;
      json_t *entry = json_loadb((const char *)b.data + start, end - start, 0, NULL);
      if (json_is_object(entry)) json_array_append(entries, entry);
      else if (end > start) ++*unreadable;
      json_decref(entry);
      start = end + 1;
    }
  }
  z3_buf_release(&b);
  return entries;
}

static char *default_name(const char *file) {
  const char *base = file ? strrchr(file, '/') : NULL;
  base = base ? base + 1 : file ? file : "recording";
  const char *dot = strrchr(base, '.');
  return z3_strfmt("%.*s", dot && dot != base ? (int)(dot - base) : (int)strlen(base), base);
}

z3_status z3_record_to_doc(const char *jsonl_path, const json_t *marker, json_t **doc,
                           json_t *result, z3_error *err) {
  size_t unreadable;
  json_t *entries = read_entries(jsonl_path, &unreadable), *parents = json_object(), *steps = json_array();
  *doc = json_object();
  if (!entries || !parents || !steps || !*doc) {
    json_decref(entries), json_decref(parents), json_decref(steps), json_decref(*doc);
    *doc = NULL;
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  size_t i, errors = 0, containers = 0, nonzero = 0;
  json_t *entry, *rom_sha1 = NULL;
  double seconds = 0;
  json_array_foreach(entries, i, entry) {
    const char *parent = json_string_value(json_object_get(entry, "parent"));
    if (parent) json_object_set_new(parents, parent, json_true());
  }
  json_array_foreach(entries, i, entry) {
    const char *id = json_string_value(json_object_get(entry, "id"));
    json_int_t exit = json_integer_value(json_object_get(entry, "exit"));
    if (id && json_object_get(parents, id)) { containers++; continue; } /* its inner commands are the steps */
    if (exit >= 2) { errors++; continue; } /* a failed command changed nothing */
    nonzero += exit != 0;
    seconds += json_number_value(json_object_get(entry, "seconds"));
    json_t *sha = json_object_get(entry, "rom_sha1");
    if (!rom_sha1 && json_is_string(sha)) rom_sha1 = sha;
    json_array_append_new(steps, step_of(entry));
  }
  const char *file = json_string_value(json_object_get(marker, "file"));
  const char *name = json_string_value(json_object_get(marker, "name"));
  const char *description = json_string_value(json_object_get(marker, "description"));
  char *fallback = name ? NULL : default_name(file);
  json_object_set_new(*doc, "name", json_string(name ? name : fallback ? fallback : "recording"));
  json_object_set_new(*doc, "description", json_string(description ? description : "commands recorded with z3ed script record"));
  if (rom_sha1) json_object_set(*doc, "rom_sha1", rom_sha1);
  json_t *started = json_object_get(marker, "started");
  if (json_is_string(started)) json_object_set(*doc, "created", started);
  json_object_set_new(*doc, "duration", json_real((double)(long long)(seconds * 1000 + 0.5) / 1000));
  json_object_set_new(*doc, "success", json_boolean(errors == 0 && nonzero == 0));
  json_object_set_new(*doc, "z3ed_version", json_string(Z3_VERSION));
  json_object_set_new(*doc, "step", steps);
  json_object_set_new(result, "commands_recorded", json_integer((json_int_t)json_array_size(entries)));
  json_object_set_new(result, "steps", json_integer((json_int_t)json_array_size(steps)));
  json_object_set_new(result, "left_out_errors", json_integer((json_int_t)errors));
  json_object_set_new(result, "left_out_containers", json_integer((json_int_t)containers));
  if (unreadable) json_object_set_new(result, "unreadable_lines", json_integer((json_int_t)unreadable));
  z3_free(fallback);
  json_decref(entries);
  json_decref(parents);
  return Z3_OK;
}
