/* debug start/serve run a session; every other debug command is a request to one. */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "debug/handlers_debug.h"
#include "debug/rpc.h"
#include "debug/server.h"
#include "emu/savestate.h"

static const char *socket_dir(void) {
  const char *dir = getenv("XDG_RUNTIME_DIR");
  return dir && *dir ? dir : "/tmp";
}

/* Without --session or $Z3ED_DEBUG_SESSION: the one session of this user that
 * answers where `debug start` puts them by default (a killed session leaves its
 * socket file, which refuses connections). Several: the user must choose. */
static char *only_live_session(z3_error *err) {
  static const char choose_one[] = "give --session PATH or set Z3ED_DEBUG_SESSION";
  char *pattern = z3_strfmt("%s/z3ed-debug-%ld-*.sock", socket_dir(), (long)getuid());
  glob_t g = {0};
  int found = pattern ? glob(pattern, 0, NULL, &g) : GLOB_NOSPACE;
  z3_free(pattern);
  char *live = NULL;
  size_t count = 0;
  z3_buf names;
  z3_buf_init(&names);
  for (size_t i = 0; found == 0 && i < g.gl_pathc; i++) {
    int fd;
    if (z3_rpc_connect(g.gl_pathv[i], "debug session", NULL, &fd, NULL) != Z3_OK) continue;
    close(fd);
    if (count++ == 0) live = z3_strfmt("%s", g.gl_pathv[i]);
    z3_buf_printf(&names, "%s%s", count > 1 ? ", " : "", g.gl_pathv[i]);
  }
  globfree(&g);
  if (count != 1) {
    z3_free(live);
    live = NULL;
    if (count == 0) {
      z3_error_set(err, Z3_E_USAGE, "no session: %s", choose_one);
      z3_error_hint(err, "`z3ed debug start --rom ROM` starts one and prints its path");
    } else {
      z3_error_set(err, Z3_E_USAGE, "%zu sessions are running (%s): %s", count, (const char *)names.data, choose_one);
    }
  }
  z3_buf_release(&names);
  return live;
}

/* The session to talk to: --session, else $Z3ED_DEBUG_SESSION, else the only one running. Caller frees. */
static char *session_path(const z3_cmd_ctx *ctx, z3_error *err) {
  const char *path = z3_arg_str(ctx, "session");
  if (!path || !*path) path = getenv("Z3ED_DEBUG_SESSION");
  return path && *path ? z3_strfmt("%s", path) : only_live_session(err);
}

/* The command's arguments as the method's parameters, by the same names. */
static json_t *params_of(const z3_cmd_ctx *ctx) {
  json_t *p = json_object();
  for (size_t i = 0; i < ctx->value_count; i++) {
    const z3_arg_value *v = &ctx->values[i];
    if (!v->text || strcmp(v->spec->name, "session") == 0) continue;
    json_t *value;
    switch (v->spec->type) {
      case Z3_ARG_INT:
      case Z3_ARG_ADDRESS: value = json_integer(v->number); break;
      case Z3_ARG_BOOL: value = json_boolean(v->number); break;
      case Z3_ARG_PATH:
      case Z3_ARG_OUT_PATH: value = z3_rpc_absolute_path(v->text); break;
      default: value = json_string(v->text); break;
    }
    json_object_set_new(p, v->spec->name, value);
  }
  return p;
}

z3_status cmd_debug_remote(z3_cmd_ctx *ctx, z3_error *err) {
  char *path = session_path(ctx, err);
  if (!path) return err->code ? err->code : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (ctx->dry_run) { /* only save-state writes (a file, through the session) */
    z3_free(path);
    json_object_set_new(ctx->result, "dry_run", json_true());
    return Z3_OK;
  }
  json_t *params = params_of(ctx), *result;
  z3_status st = z3_debug_request(path, ctx->cmd->action, params, &result, err);
  z3_free(path);
  json_decref(params);
  if (st) return st;
  json_object_update(ctx->result, result);
  json_decref(result);
  return Z3_OK;
}

/* ---- serve: the session in this process ------------------------------------ */

enum { STARTER_TEXT_MAX = Z3_ERROR_MESSAGE_MAX + Z3_ERROR_HINT_MAX + 16 };

static void one_line(char *s) {
  while ((s = strchr(s, '\n'))) *s = ' ';
}

/* Tells `debug start` why the session did not start: "error MESSAGE\n", then "hint HINT\n"
 * when there is one (a newline inside either would end its line early). */
static void tell_starter(int fd, const z3_error *err) {
  if (fd < 0) return;
  z3_error e = *err;
  one_line(e.message);
  one_line(e.hint);
  char text[STARTER_TEXT_MAX];
  snprintf(text, sizeof text, "error %s\n%s%s%s", e.message, e.hint[0] ? "hint " : "", e.hint, e.hint[0] ? "\n" : "");
  (void)!write(fd, text, strlen(text));
  close(fd);
}

z3_status cmd_debug_serve(z3_cmd_ctx *ctx, z3_error *err) {
  int ready_fd = z3_arg_given(ctx, "ready-fd") ? (int)z3_arg_int(ctx, "ready-fd") : -1;
  z3_debug_opts opts = {.trace_size = (size_t)z3_arg_int(ctx, "trace")};
  z3_debug *dbg;
  z3_status st = z3_debug_open(&dbg, ctx->rom, &opts, err);
  if (!st && z3_arg_given(ctx, "state")) {
    unsigned flags = z3_arg_bool(ctx, "any-rom") ? Z3_STATE_ANY_ROM : 0;
    st = z3_debug_load_state(dbg, z3_arg_str(ctx, "state"), flags, NULL, err);
    if (st) z3_debug_free(dbg);
  }
  if (!st) {
    z3_debug_serve_opts serve = {z3_arg_str(ctx, "socket"), (unsigned)z3_arg_int(ctx, "idle-timeout"), ready_fd};
    st = z3_debug_serve(dbg, &serve, err);
    if (!st) ready_fd = -1; /* the server wrote "ready" and closed it */
    z3_debug_free(dbg);
  }
  if (st) {
    tell_starter(ready_fd, err);
    return st;
  }
  json_object_set_new(ctx->result, "socket", json_string(z3_arg_str(ctx, "socket")));
  json_object_set_new(ctx->result, "ended", json_true());
  return Z3_OK;
}

/* ---- start: serve in a detached process ------------------------------------ */

static char *default_socket(void) {
  return z3_strfmt("%s/z3ed-debug-%ld-%ld.sock", socket_dir(), (long)getuid(), (long)getpid());
}

/* The grandchild: detached from the terminal, runs `z3ed debug serve`. */
static void exec_server(const z3_cmd_ctx *ctx, const char *socket_path, int ready_fd) {
  setsid();
  if (fork() != 0) _exit(0);
  int null = open("/dev/null", O_RDWR);
  dup2(null, 0), dup2(null, 1), dup2(null, 2);
  /* the session outlives whoever started it: holding their pipes open would
   * keep a reader (an MCP server's tool call) waiting for the end */
  long max_fd = sysconf(_SC_OPEN_MAX);
  for (int fd = 3; fd < (max_fd > 0 && max_fd < 65536 ? max_fd : 1024); fd++)
    if (fd != ready_fd) close(fd);
  char fd_text[16], idle[24], trace[24];
  snprintf(fd_text, sizeof fd_text, "%d", ready_fd);
  snprintf(idle, sizeof idle, "%lld", (long long)z3_arg_int(ctx, "idle-timeout"));
  snprintf(trace, sizeof trace, "%lld", (long long)z3_arg_int(ctx, "trace"));
  const char *argv[20] = {"z3ed", "debug", "serve", "--rom", ctx->rom_path, "--socket", socket_path,
                          "--idle-timeout", idle, "--trace", trace, "--ready-fd", fd_text, "--quiet"};
  int n = 14;
  if (z3_arg_given(ctx, "state")) argv[n++] = "--state", argv[n++] = z3_arg_str(ctx, "state");
  if (z3_arg_bool(ctx, "any-rom")) argv[n++] = "--any-rom";
  execv("/proc/self/exe", (char *const *)argv);
  _exit(127);
}

/* Reads what the server tells until it closes the pipe: "ready", or tell_starter's lines. */
static z3_status await_ready(int fd, const char *socket_path, z3_error *err) {
  char text[STARTER_TEXT_MAX] = "";
  size_t got = 0;
  ssize_t n;
  while (got < sizeof text - 1 && (n = read(fd, text + got, sizeof text - 1 - got)) != 0) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    got += (size_t)n;
  }
  text[got] = '\0';
  char *hint = strstr(text, "\nhint ");
  if (hint) *hint = '\0', hint += 6;
  text[strcspn(text, "\n")] = '\0';
  if (hint) hint[strcspn(hint, "\n")] = '\0';
  if (strcmp(text, "ready") == 0) return Z3_OK;
  if (strncmp(text, "error ", 6) != 0) return z3_error_set(err, Z3_E_IO, "the session for '%s' did not start", socket_path);
  z3_error_set(err, Z3_E_IO, "the session did not start: %s", text + 6);
  if (hint) z3_error_hint(err, "%s", hint);
  return Z3_E_IO;
}

z3_status cmd_debug_start(z3_cmd_ctx *ctx, z3_error *err) {
  char *fallback = z3_arg_str(ctx, "socket") ? NULL : default_socket();
  const char *socket_path = fallback ? fallback : z3_arg_str(ctx, "socket");
  int pipefd[2];
  if (pipe(pipefd) < 0) {
    z3_free(fallback);
    return z3_error_set(err, Z3_E_IO, "cannot make a pipe: %s", strerror(errno));
  }
  fflush(NULL);
  pid_t child = fork();
  if (child == 0) {
    close(pipefd[0]);
    exec_server(ctx, socket_path, pipefd[1]);
  }
  close(pipefd[1]);
  z3_status st = child < 0 ? z3_error_set(err, Z3_E_IO, "cannot start a process: %s", strerror(errno))
                           : await_ready(pipefd[0], socket_path, err);
  close(pipefd[0]);
  if (child > 0) waitpid(child, NULL, 0);
  if (!st) {
    json_object_set_new(ctx->result, "session", json_string(socket_path));
    json_object_set_new(ctx->result, "idle_timeout", json_integer(z3_arg_int(ctx, "idle-timeout")));
  }
  z3_free(fallback);
  return st;
}
