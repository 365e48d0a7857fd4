/*
 * A warm `z3ed mcp` under a minimal client of our own: one server process,
 * initialize, then 1,000 tools/call rom_info on a 1 MiB ROM, one at a time,
 * each timed from writing the request line to reading its answer line; then
 * the same with debug_step (one instruction in the connection's own debug
 * session, started by the first call). Reports the median and the 99th
 * percentile.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "zelda3/sample.h"

extern char **environ;

enum { CALLS = 1000 };

typedef struct server {
  pid_t pid;
  FILE *to, *from;
} server;

static bool start_server(server *sv, const char *z3ed, const char *dir, const char *rom) {
  int in[2], out[2];
  if (pipe(in) != 0) return false;
  if (pipe(out) != 0) {
    close(in[0]), close(in[1]);
    return false;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addclose(&fa, in[1]);
  posix_spawn_file_actions_addclose(&fa, out[0]);
  char *state = z3_strfmt("Z3ED_HOME=%s/state", dir);
  char *env[] = {state, NULL};
  char *argv[] = {(char *)z3ed, "mcp", "--rom", (char *)rom, NULL};
  int rc = posix_spawn(&sv->pid, z3ed, &fa, NULL, argv, env);
  posix_spawn_file_actions_destroy(&fa);
  z3_free(state);
  close(in[0]);
  close(out[1]);
  sv->to = fdopen(in[1], "w");
  sv->from = fdopen(out[0], "r");
  return rc == 0 && sv->to && sv->from;
}

static void stop_server(server *sv) {
  if (sv->to) fclose(sv->to); /* EOF: the server finishes and exits */
  if (sv->from) fclose(sv->from);
  int status;
  if (sv->pid > 0) waitpid(sv->pid, &status, 0);
}

/* Sends one line and reads the answer line; false when the answer is not what a success looks like. */
static bool round_trip(server *sv, const char *line, const char *must_contain, char **buf, size_t *cap) {
  if (fputs(line, sv->to) < 0 || fflush(sv->to) != 0) return false;
  ssize_t n = getline(buf, cap, sv->from);
  return n > 0 && strstr(*buf, must_contain) != NULL;
}

static char *sample_in(const char *dir) {
  z3_rom *rom = NULL;
  char *path = z3_strfmt("%s/sample.sfc", dir);
  bool ok = path && z3_sample_rom(&rom, NULL, NULL) == Z3_OK && z3_rom_save(rom, path, NULL, NULL) == Z3_OK;
  z3_rom_free(rom);
  return ok ? path : (z3_free(path), NULL);
}

static void measure(const bench_ctx *ctx, const char *name, const char *dir, const char *tool, const char *args) {
  char *rom = sample_in(dir);
  server sv = {0};
  if (!rom || !start_server(&sv, ctx->z3ed, dir, rom)) {
    bench_report_error(name, "cannot start z3ed mcp");
    stop_server(&sv);
    z3_free(rom);
    return;
  }
  char *buf = NULL;
  size_t cap = 0;
  bool ok = round_trip(&sv, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"z3-bench\",\"version\":\"1\"}}}\n",
                       "\"protocolVersion\"", &buf, &cap);
  static double ms[CALLS];
  for (int i = -10; ok && i < CALLS; i++) { /* ten untimed calls warm the server and its ROM */
    char line[200];
    snprintf(line, sizeof line, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":"
             "\"%s\",\"arguments\":%s}}\n", i + 100, tool, args);
    double t0 = bench_now_ms();
    ok = round_trip(&sv, line, "\"structuredContent\"", &buf, &cap);
    if (i >= 0) ms[i] = bench_now_ms() - t0;
  }
  stop_server(&sv);
  free(buf);
  z3_free(rom);
  if (!ok) {
    bench_report_error(name, "a call did not succeed");
    return;
  }
  double median = bench_median(ms, CALLS); /* sorts ms */
  printf("{\"bench\":\"%s\",\"median_ms\":%.3f,\"p99_ms\":%.3f,\"max_ms\":%.3f,\"calls\":%d}\n", name, median,
         ms[CALLS * 99 / 100 - 1], ms[CALLS - 1], CALLS);
  fflush(stdout);
}

static void calls(const bench_ctx *ctx, const char *name, const char *tool, const char *args) {
  if (!bench_selected(ctx, name)) return;
  char dir[] = "/tmp/z3-bench-mcp-XXXXXX";
  if (!mkdtemp(dir)) {
    bench_report_error(name, "cannot create a temporary folder");
    return;
  }
  measure(ctx, name, dir, tool, args);
  char *cmd = z3_strfmt("rm -rf '%s'", dir);
  if (cmd && system(cmd) != 0) { /* a temporary folder left behind is harmless */ }
  z3_free(cmd);
}

void bench_mcp(const bench_ctx *ctx) {
  calls(ctx, "mcp_rom_info_calls", "rom_info", "{}");
  calls(ctx, "mcp_debug_step_calls", "debug_step", "{\"count\":1}");
}
