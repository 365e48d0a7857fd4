/* debug/suite_yaze: the yaze a parallel group runs on (suite_internal.h): its own folder with a
 * copy of the group's ROM, its own harness socket, the runner's display; stopped and removed
 * when the group ends, and killed with its folder if the runner is interrupted. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "debug/rpc.h"
#include "debug/suite_internal.h"

extern char **environ;

enum { START_TIMEOUT_MS = 60000, REPLY_TIMEOUT_S = 120, STOP_TIMEOUT_MS = 10000, ROM_MAX = 16u << 20 };

/* What a signal handler may read to clean up: pids and folders, no locks. */
static struct {
  volatile pid_t pid;
  char dir[PATH_MAX];
} slots[SUITE_MAX_JOBS];
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction saved[4];
static const int caught[4] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

static void remove_known(const char *dir) { /* async-signal-safe: the names yaze's folder holds */
  static const char *const names[] = {"rom.sfc", "rom.sfc.bak", "h.sock", "yaze.log", "data", ""};
  char path[PATH_MAX + 16];
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    size_t n = strlen(dir), k = strlen(names[i]);
    if (n + k + 2 > sizeof path) return;
    memcpy(path, dir, n);
    path[n] = '/';
    memcpy(path + n + 1, names[i], k + 1);
    if (!k) path[n] = 0;
    if (unlink(path) != 0) rmdir(path);
  }
}

static void on_signal(int sig) {
  for (size_t i = 0; i < SUITE_MAX_JOBS; i++) {
    pid_t pid = slots[i].pid;
    if (pid <= 0) continue;
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    remove_known(slots[i].dir);
  }
  for (size_t i = 0; i < 4; i++)
    if (caught[i] == sig) sigaction(sig, &saved[i], NULL);
  raise(sig);
}

void suite_signals_install(void) {
  struct sigaction sa = {.sa_handler = on_signal};
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < 3; i++) {
    sigaction(caught[i], NULL, &saved[i]);
    if (saved[i].sa_handler != SIG_IGN) sigaction(caught[i], &sa, NULL); /* ignored (a background job): stays so */
  }
  sa.sa_handler = SIG_IGN; /* a yaze that dies mid-reply is a failed step, not the runner's end */
  sigaction(SIGPIPE, &sa, &saved[3]);
}

void suite_signals_restore(void) {
  for (size_t i = 0; i < 4; i++) sigaction(caught[i], &saved[i], NULL);
}

static int claim_slot(pid_t pid, const char *dir) {
  pthread_mutex_lock(&slots_lock);
  int slot = -1;
  for (int i = 0; i < SUITE_MAX_JOBS && slot < 0; i++)
    if (!slots[i].pid) slot = i;
  if (slot >= 0) {
    snprintf(slots[slot].dir, sizeof slots[slot].dir, "%s", dir);
    slots[slot].pid = pid;
  }
  pthread_mutex_unlock(&slots_lock);
  return slot;
}

static void release_slot(int slot) {
  if (slot < 0) return;
  pthread_mutex_lock(&slots_lock);
  slots[slot].pid = 0;
  pthread_mutex_unlock(&slots_lock);
}

static void remove_tree(const char *path) {
  DIR *d = opendir(path);
  for (struct dirent *e; d && (e = readdir(d));) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char *child = z3_strfmt("%s/%s", path, e->d_name);
    struct stat st;
    if (lstat(child, &st) == 0 && S_ISDIR(st.st_mode)) remove_tree(child);
    else unlink(child);
    z3_free(child);
  }
  if (d) closedir(d);
  rmdir(path);
}

char *suite_yaze_default(void) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) {
      char *beside = z3_strfmt("%.*s/yaze", (int)(slash - exe), exe);
      if (access(beside, X_OK) == 0) return beside;
      z3_free(beside);
    }
  }
  const char *path = getenv("PATH");
  for (const char *p = path ? path : ""; *p;) {
    size_t len = strcspn(p, ":");
    char *cand = z3_strfmt("%.*s/yaze", (int)len, p);
    if (len && access(cand, X_OK) == 0) return cand;
    z3_free(cand);
    p += len + (p[len] == ':');
  }
  return NULL;
}

/* The runner's environment with yaze's recent files and the like kept in its folder;
 * *own is the one entry allocated here. */
static char **child_env(const char *dir, char **own) {
  size_t n = 0;
  while (environ[n]) n++;
  char **env = z3_calloc(n + 2, sizeof *env);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (strncmp(environ[i], "XDG_DATA_HOME=", 14) != 0) env[k++] = environ[i];
  env[k] = *own = z3_strfmt("XDG_DATA_HOME=%s/data", dir);
  return env;
}

static pid_t spawn(const char *bin, const char *dir, const char *sock, const char *rom, z3_error *err) {
  char *log = z3_strfmt("%s/yaze.log", dir), *own = NULL;
  char *argv[] = {(char *)bin, "--harness", (char *)sock, "--headless", (char *)rom, NULL};
  char **env = child_env(dir, &own);
  pid_t parent = getpid(), pid = fork();
  if (pid == 0) { /* only async-signal-safe calls from here to exec */
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* a runner killed outright takes its yaze along */
    if (getppid() != parent) _exit(127);
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) dup2(fd, 1), dup2(fd, 2);
    execve(bin, argv, env);
    _exit(127);
  }
  if (pid < 0) z3_error_set(err, Z3_E_IO, "cannot start yaze: %s", strerror(errno));
  z3_free(own), z3_free(env), z3_free(log);
  return pid;
}

/* The last line yaze wrote that begins "yaze: " (its own errors, not GTK's or the
 * sanitizers'), into line; empty when there is none. */
static void last_own_line(const char *dir, char *line, size_t cap) {
  char *log = z3_strfmt("%s/yaze.log", dir);
  FILE *f = log ? fopen(log, "re") : NULL;
  char buf[512];
  line[0] = '\0';
  while (f && fgets(buf, sizeof buf, f))
    if (strncmp(buf, "yaze: ", 6) == 0) snprintf(line, cap, "%.*s", (int)strcspn(buf, "\n"), buf);
  if (f) fclose(f);
  z3_free(log);
}

/* Until its harness answers a Ping: the pid it reports must be the one started. */
static z3_status await_harness(suite_yaze *y, z3_error *err) {
  double t0 = suite_now_ms();
  for (;;) {
    int status;
    if (waitpid(y->pid, &status, WNOHANG) == y->pid) {
      y->pid = 0;
      char said[256];
      last_own_line(y->dir, said, sizeof said);
      return z3_error_set(err, Z3_E_IO, "yaze exited (status %d) before its harness answered%s%s",
                          WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), said[0] ? ": " : "", said);
    }
    z3_error quiet;
    z3_error_init(&quiet);
    if (z3_rpc_connect(y->socket, "yaze harness", NULL, &y->fd, &quiet) == Z3_OK) {
      struct timeval tv = {.tv_sec = REPLY_TIMEOUT_S};
      setsockopt(y->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv); /* a hung yaze fails its step */
      json_t *r = NULL;
      z3_status st = z3_rpc_call(y->fd, "Ping", NULL, &r, NULL, err);
      json_decref(r);
      return st;
    }
    if (suite_now_ms() - t0 > START_TIMEOUT_MS) return z3_error_set(err, Z3_E_IO, "yaze's harness did not answer within %d s", START_TIMEOUT_MS / 1000);
    nanosleep(&(struct timespec){.tv_nsec = 20 * 1000 * 1000}, NULL);
  }
}

static z3_status copy_rom(const char *from, const char *to, z3_error *err) {
  z3_buf b;
  z3_buf_init(&b);
  z3_status st = z3_file_read(&b, from, ROM_MAX, err);
  if (!st) st = z3_file_write_atomic(to, b.data, b.len, &(z3_write_opts){0}, err);
  z3_buf_release(&b);
  return st;
}

z3_status suite_yaze_start(const char *bin, const char *rom, const char *editor, suite_yaze *y, z3_error *err) {
  *y = (suite_yaze){.fd = -1, .slot = -1};
  const char *tmp = getenv("TMPDIR");
  y->dir = z3_strfmt("%s/z3ed-suite-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(y->dir)) {
    z3_status st = z3_error_set(err, Z3_E_IO, "cannot make a folder for yaze in '%s': %s", tmp && *tmp ? tmp : "/tmp", strerror(errno));
    return z3_free(y->dir), y->dir = NULL, st;
  }
  y->socket = z3_strfmt("%s/h.sock", y->dir);
  char *copy = z3_strfmt("%s/rom.sfc", y->dir);
  z3_status st = copy_rom(rom, copy, err);
  if (!st) {
    y->pid = spawn(bin, y->dir, y->socket, copy, err);
    st = y->pid > 0 ? Z3_OK : Z3_E_IO;
  }
  z3_free(copy);
  if (!st) y->slot = claim_slot(y->pid, y->dir);
  if (!st) st = await_harness(y, err);
  if (!st && editor) {
    json_t *r = NULL, *params = json_pack("{s:s}", "editor", editor);
    st = z3_rpc_call(y->fd, "Click", params, &r, NULL, err);
    json_decref(r), json_decref(params);
  }
  return st;
}

void suite_yaze_stop(suite_yaze *y) {
  if (y->fd >= 0) {
    json_t *r = NULL;
    z3_error quiet;
    z3_error_init(&quiet);
    if (y->pid > 0) z3_rpc_call(y->fd, "Shutdown", NULL, &r, NULL, &quiet);
    json_decref(r);
    close(y->fd);
  }
  double t0 = suite_now_ms();
  while (y->pid > 0 && waitpid(y->pid, NULL, WNOHANG) == 0) {
    if (suite_now_ms() - t0 > STOP_TIMEOUT_MS) {
      kill(y->pid, SIGKILL);
      waitpid(y->pid, NULL, 0);
      break;
    }
    nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
  }
  release_slot(y->slot);
  if (y->dir) remove_tree(y->dir);
  z3_free(y->dir), z3_free(y->socket);
  *y = (suite_yaze){.fd = -1, .slot = -1};
}
