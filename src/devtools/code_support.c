/* Root confinement and child processes for the code and debug-tools commands. */
#define _GNU_SOURCE
#include "devtools/code_support.h"

#include <errno.h>
#include <fcntl.h>
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

z3_status z3_dt_root_resolve(const char *root, char **out, z3_error *err) {
  char *real = realpath(root && *root ? root : ".", NULL);
  if (!real) return z3_error_set(err, Z3_E_NOT_FOUND, "--root '%s': %s", root, strerror(errno));
  struct stat st;
  if (stat(real, &st) != 0 || !S_ISDIR(st.st_mode)) {
    free(real);
    return z3_error_set(err, Z3_E_INVALID, "--root '%s' is not a folder", root);
  }
  *out = real;
  return Z3_OK;
}

const char *z3_dt_root_relative(const char *root_real, const char *path) {
  size_t n = strlen(root_real);
  if (strcmp(root_real, "/") == 0) return path + 1;
  if (strncmp(path, root_real, n) != 0) return NULL;
  if (path[n] == '\0') return path + n;
  if (path[n] != '/') return NULL;
  return path + n + 1;
}

/* Whether absolute path, with "." and ".." collapsed by spelling alone, stays under root_real:
 * checked before the file is looked up, so a missing file outside the root is refused as
 * outside and never reported as missing (which would tell what exists out there). */
static bool lexically_under(const char *root_real, const char *path) {
  char *copy = z3_strdup(path);
  char *norm = z3_calloc(1, strlen(path) + 2);
  bool under = false;
  if (copy && norm) {
    size_t len = 0;
    for (char *save = NULL, *part = strtok_r(copy, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
      if (strcmp(part, ".") == 0) continue;
      if (strcmp(part, "..") == 0) {
        while (len > 0 && norm[len - 1] != '/') len--;
        if (len > 0) len--;
        continue;
      }
      norm[len++] = '/';
      memcpy(norm + len, part, strlen(part));
      len += strlen(part);
    }
    norm[len] = '\0';
    under = z3_dt_root_relative(root_real, len ? norm : "/") != NULL;
  }
  free(copy);
  free(norm);
  return under;
}

z3_status z3_dt_root_path(const char *root_real, const char *path, const char *arg, char **out,
                          z3_error *err) {
  char *joined = path[0] == '/' ? z3_strdup(path) : z3_strfmt("%s/%s", root_real, path);
  if (!joined) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (!lexically_under(root_real, joined)) {
    free(joined);
    return z3_error_set(err, Z3_E_INVALID, "--%s '%s' leads outside the root '%s'", arg, path, root_real);
  }
  char *real = realpath(joined, NULL);
  free(joined);
  if (!real) return z3_error_set(err, Z3_E_NOT_FOUND, "--%s '%s': %s", arg, path, strerror(errno));
  if (!z3_dt_root_relative(root_real, real)) {
    z3_error_set(err, Z3_E_INVALID, "--%s '%s' leads outside the root '%s'", arg, path, root_real);
    free(real);
    return Z3_E_INVALID;
  }
  *out = real;
  return Z3_OK;
}

/* ---- outside programs ---------------------------------------------------- */

static bool on_path(const char *program) {
  if (strchr(program, '/')) return access(program, X_OK) == 0;
  const char *path = getenv("PATH");
  if (!path) path = "/usr/bin:/bin";
  while (*path) {
    size_t n = strcspn(path, ":");
    char full[PATH_MAX];
    if (n > 0 && snprintf(full, sizeof full, "%.*s/%s", (int)n, path, program) < (int)sizeof full &&
        access(full, X_OK) == 0)
      return true;
    path += n + (path[n] == ':');
  }
  return false;
}

z3_status z3_dt_need_program(const char *program, const char *debian_package, z3_error *err) {
  if (on_path(program)) return Z3_OK;
  z3_error_set(err, Z3_E_NOT_FOUND, "'%s' is not installed (Debian package %s)", program, debian_package);
  z3_error_hint(err, "apt-get install %s", debian_package);
  return Z3_E_NOT_FOUND;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void child_exec(const char *cwd, char *const argv[], char *const extra_env[], int out_fd) {
  setpgid(0, 0);
  int devnull = open("/dev/null", O_RDONLY);
  if (devnull >= 0) dup2(devnull, STDIN_FILENO);
  dup2(out_fd, STDOUT_FILENO);
  dup2(out_fd, STDERR_FILENO);
  if (cwd && chdir(cwd) != 0) _exit(126);
  for (size_t i = 0; extra_env && extra_env[i]; i++) putenv(extra_env[i]);
  execvp(argv[0], argv);
  dprintf(STDERR_FILENO, "cannot start '%s': %s\n", argv[0], strerror(errno));
  _exit(127);
}

static void keep_output(z3_dt_proc *out, const char *data, size_t n, size_t max_output) {
  size_t room = out->output.len < max_output ? max_output - out->output.len : 0;
  if (n > room) out->truncated = true;
  if (room > 0) z3_buf_append(&out->output, data, n < room ? n : room, NULL);
}

/* Reads until the pipe closes or the deadline passes; true when it closed. */
static bool drain(int fd, double deadline, size_t max_output, z3_dt_proc *out) {
  char chunk[8192];
  for (;;) {
    double left = deadline - now_seconds();
    if (left <= 0) return false;
    struct pollfd p = {.fd = fd, .events = POLLIN};
    int r = poll(&p, 1, (int)(left * 1000) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) continue;
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    keep_output(out, chunk, (size_t)n, max_output);
  }
}

z3_status z3_dt_proc_run(const char *cwd, char *const argv[], char *const extra_env[],
                         double timeout_s, size_t max_output, z3_dt_proc *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_buf_init(&out->output);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    return z3_error_set(err, Z3_E_IO, "cannot create a pipe: %s", strerror(errno));
  double start = now_seconds();
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) child_exec(cwd, argv, extra_env, fds[1]);
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    return z3_error_set(err, Z3_E_IO, "cannot start '%s': %s", argv[0], strerror(errno));
  }
  setpgid(pid, pid); /* either side may win the race; both ask for the same group */
  if (!drain(fds[0], start + timeout_s, max_output, out)) {
    out->timed_out = true;
    kill(-pid, SIGKILL);
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  kill(-pid, SIGKILL); /* grandchildren left behind by the program (valgrind's helpers) */
  out->seconds = now_seconds() - start;
  if (WIFEXITED(status)) out->exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) out->signal = WTERMSIG(status);
  return Z3_OK;
}

void z3_dt_proc_release(z3_dt_proc *p) { z3_buf_release(&p->output); }

/* ---- command lines ------------------------------------------------------- */

static z3_status push_word(char ***words, size_t *n, z3_buf *word, z3_error *err) {
  char **grown = z3_realloc(*words, (*n + 2) * sizeof **words);
  if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  *words = grown;
  z3_buf_push(word, 0, NULL);
  grown[*n] = z3_strdup((const char *)word->data);
  grown[++*n] = NULL;
  word->len = 0;
  return grown[*n - 1] ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
}

z3_status z3_dt_split_words(const char *line, char ***out, z3_error *err) {
  char **words = z3_calloc(1, sizeof *words);
  size_t n = 0;
  z3_buf word;
  z3_buf_init(&word);
  char quote = 0;
  bool in_word = false;
  z3_status st = words ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (const char *p = line; st == Z3_OK && *p; p++) {
    if (quote && *p == quote) {
      quote = 0;
    } else if (!quote && (*p == '\'' || *p == '"')) {
      quote = *p;
      in_word = true;
    } else if (*p == '\\' && quote != '\'' && p[1]) {
      z3_buf_push(&word, (uint8_t)*++p, NULL);
      in_word = true;
    } else if (!quote && (*p == ' ' || *p == '\t' || *p == '\n')) {
      if (in_word) st = push_word(&words, &n, &word, err);
      in_word = false;
    } else {
      z3_buf_push(&word, (uint8_t)*p, NULL);
      in_word = true;
    }
  }
  if (st == Z3_OK && quote) st = z3_error_set(err, Z3_E_USAGE, "--command: unclosed %c quote", quote);
  if (st == Z3_OK && in_word) st = push_word(&words, &n, &word, err);
  if (st == Z3_OK && n == 0) st = z3_error_set(err, Z3_E_USAGE, "--command is empty");
  z3_buf_release(&word);
  if (st != Z3_OK) {
    z3_dt_words_free(words);
    return st;
  }
  *out = words;
  return Z3_OK;
}

void z3_dt_words_free(char **words) {
  for (size_t i = 0; words && words[i]; i++) free(words[i]);
  free(words);
}

/* ---- text ---------------------------------------------------------------- */

static size_t utf8_sequence(const unsigned char *s) {
  size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
  if (n == 2 && s[0] < 0xC2) return 0; /* overlong */
  for (size_t i = 1; i < n; i++)
    if ((s[i] & 0xC0) != 0x80) return 0;
  if (n == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0))) return 0;
  if (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || s[0] > 0xF4 || (s[0] == 0xF4 && s[1] >= 0x90))) return 0;
  return n;
}

void z3_dt_utf8_fix(char *s) {
  unsigned char *p = (unsigned char *)s;
  while (*p) {
    size_t n = utf8_sequence(p);
    if (n == 0) {
      *p++ = '?';
    } else {
      p += n;
    }
  }
}
