/*
 * Running a tool: JSON arguments -> the same parser the CLI uses -> the
 * dispatcher, with the session's safety rules, limits and audit log.
 *
 * Order of a call: find the tool; map and validate arguments; check the
 * safety rules (sandbox, network); run it (in a child process when a time
 * limit is set, so it can be stopped); check the output size; audit.
 */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "agent/tools.h"

void z3_tool_argv_release(z3_tool_argv *a) {
  for (int i = 0; i < a->count; i++) z3_free(a->words[i]);
  a->count = 0;
}

static z3_status push(z3_tool_argv *a, char *word, z3_error *err) {
  if (!word) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (a->count == Z3_TOOL_MAX_WORDS) {
    z3_free(word);
    return z3_error_set(err, Z3_E_USAGE, "too many arguments");
  }
  a->words[a->count++] = word;
  return Z3_OK;
}

static const z3_arg_spec *spec_for(const z3_command *cmd, const char *property) {
  char flag[64];
  size_t i = 0;
  for (; property[i] && i < 63; i++) flag[i] = property[i] == '_' ? '-' : property[i];
  flag[i] = '\0';
  return z3_command_arg(cmd, flag);
}

static z3_status unknown_argument(const z3_command *cmd, const char *tool, const char *key, z3_error *err) {
  z3_error_set(err, Z3_E_USAGE, "tool '%s' has no argument '%s'", tool, key);
  const char *best = NULL;
  size_t best_dist = SIZE_MAX;
  for (size_t i = 0; z3_command_arg_at(cmd, i); i++) {
    size_t d = z3_edit_distance(key, z3_command_arg_at(cmd, i)->name);
    if (d < best_dist) best_dist = d, best = z3_command_arg_at(cmd, i)->name;
  }
  if (best && best_dist <= 2) {
    char name[64];
    snprintf(name, sizeof name, "%s", best);
    for (char *p = name; *p; p++) if (*p == '-') *p = '_';
    z3_error_hint(err, "did you mean '%s'?", name);
  }
  return Z3_E_USAGE;
}

/* A JSON array of strings for a list argument: the flag once per item. */
static z3_status map_list(z3_tool_argv *a, char *flag, const char *key, const json_t *v, z3_error *err) {
  size_t i;
  json_t *item;
  z3_status st = json_array_size(v) ? Z3_OK : z3_error_set(err, Z3_E_USAGE, "argument '%s' needs at least one item", key);
  json_array_foreach(v, i, item) {
    if (st) break;
    if (!json_is_string(item)) {
      st = z3_error_set(err, Z3_E_USAGE, "argument '%s' item %zu must be a string", key, i);
      break;
    }
    st = push(a, z3_strdup(flag), err);
    if (st == Z3_OK) st = push(a, z3_strdup(json_string_value(item)), err);
  }
  z3_free(flag);
  return st;
}

/* One JSON argument as "--flag value" words; the CLI parser then validates it. */
static z3_status map_argument(z3_tool_argv *a, const z3_arg_spec *spec, const char *key,
                              const json_t *v, z3_error *err) {
  char *flag = z3_strfmt("--%s", spec->name);
  if (spec->type == Z3_ARG_BOOL) {
    if (!json_is_boolean(v)) {
      z3_free(flag);
      return z3_error_set(err, Z3_E_USAGE, "argument '%s' must be true or false", key);
    }
    if (json_is_true(v)) return push(a, flag, err);
    z3_free(flag);
    return Z3_OK;
  }
  char *text = NULL;
  if (spec->type == Z3_ARG_LIST && json_is_array(v)) return map_list(a, flag, key, v, err);
  if (json_is_string(v)) text = z3_strdup(json_string_value(v));
  else if (json_is_integer(v) && spec->type != Z3_ARG_PATH && spec->type != Z3_ARG_OUT_PATH)
    text = z3_strfmt("%" JSON_INTEGER_FORMAT, json_integer_value(v));
  if (!text) {
    z3_free(flag);
    return z3_error_set(err, Z3_E_USAGE, "argument '%s' must be %s", key,
                        spec->type == Z3_ARG_INT ? "an integer" : "a string");
  }
  z3_status st = push(a, flag, err);
  return st ? (z3_free(text), st) : push(a, text, err);
}

z3_status z3_tool_argv_build(z3_tool_argv *a, const z3_command *cmd, const json_t *args,
                             const char *default_rom, z3_error *err) {
  char *tool = z3_command_tool_name(cmd);
  if (!tool) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = push(a, z3_strdup(cmd->resource), err);
  for (const char *p = cmd->action; st == Z3_OK && *p;) { /* "header get" is two words */
    size_t n = strcspn(p, " ");
    st = push(a, z3_strfmt("%.*s", (int)n, p), err);
    p += n + (p[n] == ' ');
  }
  /* the default ROM first, so a shown command line reads like one a person types */
  if (st == Z3_OK && z3_command_arg(cmd, "rom") && !json_object_get(args, "rom") && default_rom) {
    st = push(a, z3_strdup("--rom"), err);
    if (st == Z3_OK) st = push(a, z3_strdup(default_rom), err);
  }
  if (st == Z3_OK && args && !json_is_object(args)) {
    st = z3_error_set(err, Z3_E_USAGE, "the arguments of '%s' must be a JSON object", tool);
  }
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)args, key, v) {
    if (st) break;
    const z3_arg_spec *spec = spec_for(cmd, key);
    st = spec ? map_argument(a, spec, key, v, err) : unknown_argument(cmd, tool, key, err);
  }
  z3_free(tool);
  return st;
}

/* ---- safety ---------------------------------------------------------------- */

/* Canonical absolute form of a path that may not exist yet (its folder must). */
static char *resolve(const char *path) {
  char *dir_copy = z3_strdup(path), *base_copy = z3_strdup(path);
  char real_dir[PATH_MAX];
  char *out = NULL;
  if (dir_copy && base_copy && realpath(dirname(dir_copy), real_dir)) {
    out = z3_strfmt("%s/%s", real_dir, basename(base_copy));
  }
  z3_free(dir_copy);
  z3_free(base_copy);
  return out;
}

/* A folder a command writes into (fs write's --root) is judged by where it
 * really leads, symlinks and all, and may be the sandbox itself. */
static bool folder_inside(const char *path, const char *folder) {
  char real_path[PATH_MAX], real_folder[PATH_MAX];
  if (!realpath(path, real_path) || !realpath(folder, real_folder)) return false;
  size_t n = strlen(real_folder);
  return strncmp(real_path, real_folder, n) == 0 && (real_path[n] == '/' || real_path[n] == '\0');
}

static bool inside(const char *path, const char *folder) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return folder_inside(path, folder);
  char real_folder[PATH_MAX];
  char *p = resolve(path);
  bool ok = p && realpath(folder, real_folder) && strncmp(p, real_folder, strlen(real_folder)) == 0 &&
            p[strlen(real_folder)] == '/';
  z3_free(p);
  return ok;
}

/* Every file the call will write must be in the sandbox. */
static z3_status check_writes(const z3_tool_session *s, const z3_cmd_ctx *ctx, z3_error *err) {
  const z3_command *cmd = ctx->cmd;
  for (size_t i = 0; i < ctx->value_count; i++) {
    const z3_arg_value *v = &ctx->values[i];
    bool written = v->spec->type == Z3_ARG_OUT_PATH ||
                   (strcmp(v->spec->name, "rom") == 0 && (cmd->flags & Z3_CMD_MUTATES_ROM) && !ctx->output);
    if (!written || ctx->dry_run) continue;
    if (!s->sandbox_dir) {
      z3_error_set(err, Z3_E_USAGE, "'%s %s' writes '%s', and this agent session has no proposal sandbox",
                   cmd->resource, cmd->action, v->text);
      z3_error_hint(err, "create a proposal (agent proposal create) and work on its copy of the ROM, or use dry_run");
      return Z3_E_USAGE;
    }
    if (!inside(v->text, s->sandbox_dir)) {
      z3_error_set(err, Z3_E_USAGE, "'%s %s' would write '%s', outside the sandbox '%s'", cmd->resource,
                   cmd->action, v->text, s->sandbox_dir);
      z3_error_hint(err, "agents write only inside their proposal's folder");
      return Z3_E_USAGE;
    }
  }
  return Z3_OK;
}

static z3_status check_safety(const z3_tool_session *s, const z3_cmd_ctx *ctx, z3_error *err) {
  if (!s->agent) return Z3_OK;
  if (ctx->cmd->flags & Z3_CMD_PERSON_ONLY) {
    z3_error_set(err, Z3_E_USAGE, "'%s %s' is for people only: it runs other commands or changes "
                 "z3ed's own state (proposals, recordings, learned workflows)", ctx->cmd->resource,
                 ctx->cmd->action);
    z3_error_hint(err, "call the commands it would run yourself, inside your sandbox");
    return Z3_E_USAGE;
  }
  if (ctx->cmd->safety == Z3_SAFETY_NETWORK && !s->allow_network) {
    return z3_error_set(err, Z3_E_USAGE, "'%s %s' uses the network, which this session does not allow",
                        ctx->cmd->resource, ctx->cmd->action);
  }
  if (ctx->cmd->safety == Z3_SAFETY_RUNS_PROCESSES && !s->allow_processes) {
    z3_error_set(err, Z3_E_USAGE, "'%s %s' starts other programs, which this session does not allow",
                 ctx->cmd->resource, ctx->cmd->action);
    z3_error_hint(err, "a person runs it, or allows processes for the session");
    return Z3_E_USAGE;
  }
  return check_writes(s, ctx, err);
}

/* ---- running ----------------------------------------------------------------- */

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void run_in_process(z3_cmd_ctx *ctx, z3_tool_result *out) {
  out->status = z3_cmd_run(ctx, &out->error);
  if ((out->status == Z3_OK || out->status == Z3_E_CHECK) && ctx->result) {
    out->result = json_incref(ctx->result);
  }
}

/* The child's answer on the pipe: {"status":N,"result":...,"error":{...}}. */
static void child_main(z3_cmd_ctx *ctx, int fd) {
  z3_tool_result r = {0};
  z3_error_init(&r.error);
  run_in_process(ctx, &r);
  json_t *msg = json_object();
  json_object_set_new(msg, "status", json_integer(r.status));
  if (r.result) json_object_set_new(msg, "result", r.result);
  json_object_set_new(msg, "message", json_string(r.error.message));
  json_object_set_new(msg, "hint", json_string(r.error.hint));
  json_object_set_new(msg, "offset", json_integer(r.error.offset));
  char *text = json_dumps(msg, JSON_COMPACT);
  size_t len = text ? strlen(text) : 0, done = 0;
  while (done < len) {
    ssize_t n = write(fd, text + done, len - done);
    if (n <= 0) break;
    done += (size_t)n;
  }
  _exit(done == len ? 0 : 1);
}

/* Polls in short slices when the call can be cancelled, so a cancel takes effect promptly. */
static int poll_slice_ms(double deadline, const atomic_bool *cancel) {
  double left = deadline - now_seconds();
  int ms = left > 1e6 ? 1000000000 : (int)(left * 1000);
  return cancel && ms > 50 ? 50 : ms;
}

static z3_status stop_child(pid_t pid, z3_error *err, bool cancelled, double limit) {
  kill(pid, SIGKILL);
  if (cancelled) z3_error_set(err, Z3_E_USAGE, "the call was cancelled and stopped");
  else z3_error_set(err, Z3_E_USAGE, "the call ran longer than its limit of %.1f s and was stopped", limit);
  z3_error_hint(err, "files are replaced only at the end of a call, so none was half-written");
  return Z3_E_USAGE;
}

static z3_status read_child(int fd, pid_t pid, double limit, const atomic_bool *cancel, z3_buf *data,
                            z3_error *err) {
  double deadline = limit > 0 ? now_seconds() + limit : 1e300;
  char chunk[65536];
  for (;;) {
    if (cancel && atomic_load(cancel)) return stop_child(pid, err, true, limit);
    int wait_ms = poll_slice_ms(deadline, cancel);
    struct pollfd p = {.fd = fd, .events = POLLIN};
    int ready = wait_ms <= 0 ? 0 : poll(&p, 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      if (now_seconds() >= deadline) return stop_child(pid, err, false, limit);
      continue;
    }
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Z3_OK;
    if (z3_buf_append(data, chunk, (size_t)n, err)) return Z3_E_NOMEM;
  }
}

static void run_in_child(z3_cmd_ctx *ctx, double limit, const atomic_bool *cancel, z3_tool_result *out) {
  int fds[2];
  if (pipe(fds) != 0) {
    out->status = z3_error_set(&out->error, Z3_E_IO, "cannot create a pipe: %s", strerror(errno));
    return;
  }
  fcntl(fds[0], F_SETFD, FD_CLOEXEC); /* a program the tool starts must not hold the answer pipe */
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    child_main(ctx, fds[1]);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    out->status = z3_error_set(&out->error, Z3_E_IO, "cannot start a process: %s", strerror(errno));
    return;
  }
  z3_buf data;
  z3_buf_init(&data);
  out->status = read_child(fds[0], pid, limit, cancel, &data, &out->error);
  close(fds[0]);
  int wstatus = 0;
  waitpid(pid, &wstatus, 0);
  json_t *msg = out->status == Z3_OK ? json_loadb((const char *)data.data, data.len, 0, NULL) : NULL;
  if (out->status == Z3_OK && !msg) {
    out->status = z3_error_set(&out->error, Z3_E_INTERNAL, "the tool's process ended without an answer (status %d)", wstatus);
  } else if (msg) {
    out->status = (z3_status)json_integer_value(json_object_get(msg, "status"));
    if (out->status != Z3_OK) {
      z3_error_set(&out->error, out->status, "%s", json_string_value(json_object_get(msg, "message")));
      const char *hint = json_string_value(json_object_get(msg, "hint"));
      if (hint && *hint) z3_error_hint(&out->error, "%s", hint);
      out->error.offset = json_integer_value(json_object_get(msg, "offset"));
    }
    out->result = json_incref(json_object_get(msg, "result"));
  }
  json_decref(msg);
  z3_buf_release(&data);
}

static void check_output_size(const z3_tool_session *s, z3_tool_result *out) {
  if (!s->limits.max_output_bytes || !out->result) return;
  char *text = json_dumps(out->result, JSON_COMPACT);
  size_t n = text ? strlen(text) : 0;
  free(text);
  if (n <= s->limits.max_output_bytes) return;
  json_decref(out->result);
  out->result = NULL;
  z3_error_init(&out->error);
  out->status = z3_error_set(&out->error, Z3_E_USAGE, "the result is %zu bytes, over this session's limit of %zu",
                             n, s->limits.max_output_bytes);
  z3_error_hint(&out->error, "ask for less (a --field, --max-ranges, one sheet instead of all)");
}

/* ---- audit ------------------------------------------------------------------ */

/* The arguments as logged: credentials replaced, so the log can be shared. */
static json_t *logged_arguments(const json_t *args) {
  json_t *copy = args ? json_deep_copy(args) : json_object();
  const char *key;
  json_t *v;
  json_object_foreach(copy, key, v) {
    if (z3_arg_name_is_secret(key)) json_object_set_new(copy, key, json_string("(redacted)"));
  }
  return copy;
}

static void audit(const z3_tool_session *s, const char *name, const json_t *args, const z3_tool_result *r) {
  if (!s->audit_path) return;
  json_t *line = json_object();
  char when[32];
  time_t t = time(NULL);
  struct tm tm;
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
  json_object_set_new(line, "time", json_string(when));
  json_object_set_new(line, "tool", json_string(name));
  json_object_set_new(line, "arguments", logged_arguments(args));
  json_object_set_new(line, "status", json_string(z3_status_name(r->status)));
  if (r->status != Z3_OK) json_object_set_new(line, "message", json_string(r->error.message));
  json_object_set_new(line, "seconds", json_real(r->seconds));
  json_t *changed = r->result ? json_object_get(r->result, "bytes_changed") : NULL;
  if (changed) json_object_set(line, "bytes_changed", changed);
  json_object_set_new(line, "sandbox", s->sandbox_dir ? json_string(s->sandbox_dir) : json_null());
  if (s->client) json_object_set_new(line, "client", json_string(s->client));
  if (s->session_id) json_object_set_new(line, "session", json_string(s->session_id));
  char *text = json_dumps(line, JSON_COMPACT);
  json_decref(line);
  int fd = open(s->audit_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd >= 0 && text) { /* one write per line: O_APPEND keeps concurrent writers' lines whole */
    char *with_newline = z3_strfmt("%s\n", text);
    if (with_newline && write(fd, with_newline, strlen(with_newline)) < 0) { /* best effort */ }
    z3_free(with_newline);
  }
  if (fd >= 0) close(fd);
  free(text);
}

bool z3_tool_runs_in_process(const z3_command *cmd) {
  bool harmless = cmd->safety == Z3_SAFETY_READ_ONLY || (cmd->flags & Z3_CMD_FORWARDS);
  return harmless && !(cmd->flags & (Z3_CMD_RUNS_LONG | Z3_CMD_PERSON_ONLY));
}

z3_status z3_tool_call(const z3_tool_session *s, const char *name, const json_t *args,
                       z3_tool_result *out) {
  memset(out, 0, sizeof *out);
  z3_error_init(&out->error);
  double start = now_seconds();
  const z3_command *cmd = z3_tool_find(name);
  z3_tool_argv a = {0};
  z3_cmd_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  if (!cmd) {
    out->status = z3_error_set(&out->error, Z3_E_NOT_FOUND, "unknown tool '%s'", name);
    z3_error_hint(&out->error, "list the tools with 'z3ed agent describe' or tools/list");
  } else {
    out->status = z3_tool_argv_build(&a, cmd, args, s->default_rom, &out->error);
  }
  if (out->status == Z3_OK) out->status = z3_cmd_parse(&ctx, a.count, a.words, &out->error);
  ctx.format = Z3_FORMAT_JSON; /* the caller gets the result as JSON: handlers shape it for machines */
  if (out->status == Z3_OK) out->status = check_safety(s, &ctx, &out->error);
  if (out->status == Z3_OK) {
    ctx.max_bytes_changed = s->limits.max_rom_bytes_changed;
    bool in_process = z3_tool_runs_in_process(cmd) || (s->limits.max_seconds <= 0 && !s->cancel);
    if (!in_process) run_in_child(&ctx, s->limits.max_seconds, s->cancel, out);
    else if (s->cancel && atomic_load(s->cancel)) /* nothing can stop it once started: refuse it now */
      out->status = z3_error_set(&out->error, Z3_E_USAGE, "the call was cancelled before it started");
    else run_in_process(&ctx, out);
    check_output_size(s, out);
  }
  z3_cmd_ctx_release(&ctx);
  z3_tool_argv_release(&a);
  out->seconds = now_seconds() - start;
  audit(s, name, args, out);
  return out->status;
}

void z3_tool_result_release(z3_tool_result *r) {
  json_decref(r->result);
  r->result = NULL;
}
