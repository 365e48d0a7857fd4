/*
 * The GUI harness's round trip (issue 17's figure): 1,000 Pings to
 * `yaze --harness --headless` over one connection, as the suite runner sends
 * them, median and 99th percentile. yaze is the one beside z3ed; without a
 * display it runs under xvfb-run, and without either the bench says so.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "debug/rpc.h"

enum { PINGS = 1000, START_TRIES = 400 };

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static char *yaze_beside(const char *z3ed) {
  const char *slash = strrchr(z3ed, '/');
  char *path = slash ? z3_strfmt("%.*s/yaze", (int)(slash - z3ed), z3ed) : z3_strfmt("yaze");
  if (path && access(path, X_OK) == 0) return path;
  z3_free(path);
  return NULL;
}

static pid_t start_yaze(const char *yaze, const char *sock) {
  pid_t pid = fork();
  if (pid != 0) return pid;
  if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(127); /* GTK's session-bus notes */
  setenv("GSK_RENDERER", "cairo", 1);
  setenv("NO_AT_BRIDGE", "1", 1);
  const char *display = getenv("DISPLAY");
  if (display && *display) execl(yaze, yaze, "--harness", sock, "--headless", (char *)NULL);
  else execlp("xvfb-run", "xvfb-run", "-a", yaze, "--harness", sock, "--headless", (char *)NULL);
  _exit(127);
}

static int connect_when_up(const char *sock, pid_t pid) {
  z3_error err;
  for (int i = 0; i < START_TRIES; i++) {
    int fd;
    z3_error_init(&err);
    if (z3_rpc_connect(sock, "yaze harness", NULL, &fd, &err) == Z3_OK) return fd;
    if (waitpid(pid, NULL, WNOHANG) == pid) return -1;
    usleep(25000);
  }
  return -1;
}

static const char *ping_all(int fd, double *us) {
  static char why[256];
  for (int i = 0; i < PINGS; i++) {
    json_t *result = NULL;
    z3_error err;
    z3_error_init(&err);
    double t0 = bench_now_ms();
    z3_status st = z3_rpc_call(fd, "Ping", NULL, &result, NULL, &err);
    us[i] = (bench_now_ms() - t0) * 1000;
    json_decref(result);
    if (st) return snprintf(why, sizeof why, "ping %d: %.200s", i, err.message), why;
  }
  return NULL;
}

void bench_gui(const bench_ctx *ctx) {
  const char *name = "gui_ping_round_trip";
  if (!bench_selected(ctx, name)) return;
  char *yaze = yaze_beside(ctx->z3ed);
  if (!yaze) return bench_report_error(name, "no yaze beside z3ed (built without GTK 4?)");
  char sock[64];
  snprintf(sock, sizeof sock, "/tmp/z3-bench-gui-%ld.sock", (long)getpid());
  pid_t pid = start_yaze(yaze, sock);
  z3_free(yaze);
  if (pid < 0) return bench_report_error(name, "fork");
  int fd = connect_when_up(sock, pid);
  static double us[PINGS];
  const char *failed = fd < 0 ? "yaze --harness did not start (no display and no xvfb-run?)" : ping_all(fd, us);
  if (fd >= 0) {
    json_t *result = NULL;
    z3_error err;
    z3_error_init(&err);
    z3_rpc_call(fd, "Shutdown", NULL, &result, NULL, &err);
    json_decref(result);
    close(fd);
  }
  for (int i = 0; i < 200 && waitpid(pid, NULL, WNOHANG) == 0; i++) usleep(25000);
  if (kill(pid, 0) == 0) kill(pid, SIGTERM), waitpid(pid, NULL, 0);
  unlink(sock);
  if (failed) return bench_report_error(name, failed);
  qsort(us, PINGS, sizeof us[0], by_value);
  double ms[1] = {us[PINGS / 2] / 1000};
  char extra[128];
  snprintf(extra, sizeof extra, ",\"requests\":%d,\"median_us\":%.0f,\"p99_us\":%.0f", PINGS, us[PINGS / 2], us[PINGS * 99 / 100]);
  bench_report(name, ms, 1, extra);
}
