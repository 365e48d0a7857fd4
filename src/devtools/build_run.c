/* build: one child process group with a time limit, its output collected. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "devtools/build.h"

extern char **environ;

enum { EXEC_FAILED = 127, GRACE_MS = 500 };

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The environment with LC_ALL=C, built before fork (the child may only exec). */
static char **c_locale_env(void) {
  size_t n = 0;
  while (environ[n]) n++;
  char **env = z3_calloc(n + 2, sizeof *env);
  if (!env) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (strncmp(environ[i], "LC_ALL=", 7) != 0) env[k++] = environ[i];
  }
  env[k] = "LC_ALL=C";
  return env;
}

static void child(const z3_build_run *run, int out_fd, int status_fd, char **env) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL); /* if z3ed dies, the build does not run on unseen */
  int null_fd = open("/dev/null", O_RDONLY);
  if (null_fd >= 0) dup2(null_fd, 0);
  dup2(out_fd, 1);
  dup2(out_fd, 2);
  if (chdir(run->dir) == 0) execvpe(run->argv[0], run->argv, env);
  int e = errno;
  ssize_t ignored = write(status_fd, &e, sizeof e);
  (void)ignored;
  _exit(EXEC_FAILED);
}

static void take_lines(const z3_build_run *run, const z3_buf *b, size_t *line_start) {
  for (size_t i = *line_start; i < b->len; i++) {
    if (b->data[i] != '\n') continue;
    if (run->on_line) run->on_line((const char *)b->data + *line_start, i - *line_start, run->data);
    *line_start = i + 1;
  }
}

static void collect(const z3_build_run *run, int fd, pid_t pid, double deadline, z3_build_outcome *out) {
  char chunk[8192];
  size_t line_start = 0;
  for (;;) {
    double left = deadline - now_seconds();
    if (left <= 0) {
      out->timed_out = true;
      return;
    }
    struct pollfd p = {.fd = fd, .events = POLLIN};
    int rc = poll(&p, 1, left > 1 ? 1000 : (int)(left * 1000) + 1);
    if (rc < 0 && errno == EINTR) continue;
    if (rc <= 0) continue;
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return; /* every writer closed: the program and what it started are done */
    size_t keep = out->output.len + (size_t)n > run->max_output ? run->max_output - out->output.len : (size_t)n;
    if (keep) z3_buf_append(&out->output, chunk, keep, NULL);
    out->output_dropped += (size_t)n - keep;
    take_lines(run, &out->output, &line_start);
  }
  (void)pid;
}

/* Waits for the child; past the deadline, TERM then KILL to its whole group. */
static void reap(pid_t pid, double deadline, z3_build_outcome *out) {
  int status = 0;
  for (;;) {
    pid_t got = waitpid(pid, &status, WNOHANG);
    if (got == pid || (got < 0 && errno != EINTR)) break;
    if (!out->timed_out && now_seconds() < deadline) {
      nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
      continue;
    }
    out->timed_out = true;
    kill(-pid, SIGTERM);
    nanosleep(&(struct timespec){0, GRACE_MS * 1000 * 1000}, NULL);
    kill(-pid, SIGKILL);
    waitpid(pid, &status, 0);
    break;
  }
  kill(-pid, SIGKILL); /* stragglers the program left behind */
  out->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  out->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

z3_status z3_build_run_process(const z3_build_run *run, z3_build_outcome *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_buf_init(&out->output);
  int out_pipe[2], status_pipe[2];
  char **env = c_locale_env();
  if (!env) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(status_pipe, O_CLOEXEC) != 0) {
    z3_free(env);
    return z3_error_set(err, Z3_E_IO, "cannot make a pipe: %s", strerror(errno));
  }
  double start = now_seconds(), deadline = start + run->timeout;
  pid_t pid = fork();
  if (pid == 0) child(run, out_pipe[1], status_pipe[1], env);
  z3_free(env);
  close(out_pipe[1]);
  close(status_pipe[1]);
  if (pid < 0) {
    close(out_pipe[0]);
    close(status_pipe[0]);
    return z3_error_set(err, Z3_E_IO, "cannot start '%s': %s", run->argv[0], strerror(errno));
  }
  setpgid(pid, pid); /* both sides set it, so a kill right after fork reaches the group */
  int exec_errno = 0;
  ssize_t got = read(status_pipe[0], &exec_errno, sizeof exec_errno);
  close(status_pipe[0]);
  if (got == (ssize_t)sizeof exec_errno) {
    close(out_pipe[0]);
    waitpid(pid, NULL, 0);
    z3_error_set(err, exec_errno == ENOENT ? Z3_E_NOT_FOUND : Z3_E_IO, "cannot run '%s': %s", run->argv[0],
                 strerror(exec_errno));
    if (exec_errno == ENOENT) z3_error_hint(err, "install it (Debian: cmake, make, gcc) or put it on PATH");
    return err ? err->code : Z3_E_NOT_FOUND;
  }
  collect(run, out_pipe[0], pid, deadline, out);
  close(out_pipe[0]);
  reap(pid, deadline, out);
  out->seconds = now_seconds() - start;
  return Z3_OK;
}

void z3_build_outcome_release(z3_build_outcome *out) { z3_buf_release(&out->output); }
