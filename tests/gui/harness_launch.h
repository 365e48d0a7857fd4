/* Starting and stopping `yaze --harness` for the harness tests (harness_test.c,
 * harness_verbs_test.c): one copy of the launch, the wait for the socket and
 * the clean shutdown. */
#ifndef Z3_TESTS_GUI_HARNESS_LAUNCH_H
#define Z3_TESTS_GUI_HARNESS_LAUNCH_H

#include <fcntl.h>
#include <stdbool.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "debug/rpc.h"
#include "test.h"

static inline void harness_sleep_ms(long ms) {
  nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
}

/* Starts `yaze --harness SOCK --headless ROM` (its stdout to /dev/null) into
 * *pid and waits until the socket answers: 0, or -1 after 30 s (the
 * sanitizers make the start slow). */
static inline int harness_launch(const char *sock, const char *rom, pid_t *pid) {
  *pid = fork();
  if (*pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    execl(Z3_YAZE, Z3_YAZE, "--harness", sock, "--headless", rom, (char *)NULL);
    _exit(127);
  }
  for (int i = 0; i < 600; i++) {
    int fd = -1;
    z3_error err;
    z3_error_init(&err);
    if (z3_rpc_connect(sock, "yaze harness", NULL, &fd, &err) == Z3_OK) return close(fd), 0;
    harness_sleep_ms(50);
  }
  return print_error("yaze did not open %s\n", sock), -1;
}

/* Asks yaze to shut down and waits: true when it exited with 0 and removed its socket. */
static inline bool harness_shutdown(const char *sock, pid_t pid) {
  json_t *r = NULL;
  int fd = -1, code = 0, status = -1;
  z3_error err;
  z3_error_init(&err);
  if (z3_rpc_connect(sock, "yaze harness", NULL, &fd, &err) == Z3_OK) {
    z3_rpc_call(fd, "Shutdown", NULL, &r, &code, &err);
    close(fd);
  }
  json_decref(r);
  waitpid(pid, &status, 0);
  bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0 && access(sock, F_OK) != 0;
  if (!clean) print_error("yaze ended with status %d, socket %s\n", status, access(sock, F_OK) ? "removed" : "left");
  return clean;
}

#endif
