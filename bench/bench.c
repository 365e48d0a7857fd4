/*
 * z3-bench: the figures `make bench` prints, one JSON line each.
 *
 *   z3-bench --z3ed PATH [--only NAME]
 *
 * Timings are wall-clock medians (CLOCK_MONOTONIC) of several runs after one
 * untimed warm-up. A figure that cannot be measured honestly (the binary is
 * missing, a run fails, a result is wrong) is printed as an error line instead
 * of a number.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

extern char **environ;

enum { ROM_SIZE = 4 << 20, SPAWN_RUNS = 21 };

double bench_now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double bench_median(double *v, size_t n) {
  qsort(v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

bool bench_selected(const bench_ctx *ctx, const char *name) {
  return !ctx->only || strncmp(name, ctx->only, strlen(ctx->only)) == 0;
}

void bench_report(const char *name, double *ms, size_t runs, const char *extra) {
  double median = bench_median(ms, runs);
  printf("{\"bench\":\"%s\",\"median_ms\":%.2f,\"min_ms\":%.2f,\"runs\":%zu%s}\n", name, median,
         ms[0], runs, extra ? extra : "");
  fflush(stdout);
}

void bench_report_error(const char *name, const char *message) {
  printf("{\"bench\":\"%s\",\"error\":\"", name);
  for (const char *p = message; *p; p++) {
    if (*p == '"' || *p == '\\') putchar('\\');
    putchar((unsigned char)*p >= 0x20 ? *p : ' ');
  }
  printf("\"}\n");
  fflush(stdout);
}

/* ---- the 4 MiB ROM -------------------------------------------------------- */

/* Runs argv to completion with stdout and stderr on /dev/null; its exit status
 * or -1 when it could not be started or did not exit normally. */
static int run_quiet(char *const argv[]) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int status;
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

/* The sample generator sits beside z3ed in the build folder. */
static bool make_rom_with_mksample(const char *z3ed, const char *size, const char *out) {
  const char *slash = strrchr(z3ed, '/');
  char *tool = slash ? z3_strfmt("%.*s/z3-mksample", (int)(slash - z3ed), z3ed)
                     : z3_strdup("z3-mksample");
  bool ok = false;
  if (tool && access(tool, X_OK) == 0) {
    char *argv[] = {tool, "--size", (char *)size, (char *)out, NULL};
    ok = run_quiet(argv) == 0;
  }
  z3_free(tool);
  return ok;
}

/* Fallback: pseudo-random data with a LoROM header and a valid checksum. */
static z3_status make_rom_fallback(const char *out, z3_error *err) {
  uint8_t *rom = z3_malloc(ROM_SIZE);
  if (!rom) return z3_error_set(err, Z3_E_NOMEM, "out of memory for the bench rom");
  uint64_t x = 0x2545F4914F6CDD1Dull;
  for (size_t i = 0; i < ROM_SIZE; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    rom[i] = (uint8_t)x;
  }
  uint8_t *h = rom + 0x7FC0;
  memcpy(h, "Z3ED BENCH ROM       ", 21);
  h[0x15] = 0x20; /* LoROM */
  h[0x16] = 0x02; /* ROM + RAM + battery */
  h[0x17] = 0x0C; /* 4 MiB */
  h[0x18] = 0x03;
  h[0x19] = 0x01;
  h[0x1A] = 0x33;
  h[0x1B] = 0x00;
  h[0x1C] = 0xFF, h[0x1D] = 0xFF, h[0x1E] = 0x00, h[0x1F] = 0x00;
  h[0x3C] = 0x00, h[0x3D] = 0x80; /* reset vector $8000 */
  uint16_t sum = 0;
  for (size_t i = 0; i < ROM_SIZE; i++) sum = (uint16_t)(sum + rom[i]);
  h[0x1E] = (uint8_t)sum, h[0x1F] = (uint8_t)(sum >> 8);
  h[0x1C] = (uint8_t)~sum, h[0x1D] = (uint8_t)(~sum >> 8);
  z3_status st = z3_file_write_atomic(out, rom, ROM_SIZE, NULL, err);
  z3_free(rom);
  return st;
}

static z3_status prepare_rom(bench_ctx *ctx, z3_error *err) {
  if (!make_rom_with_mksample(ctx->z3ed, "4MiB", ctx->rom_path) || !z3_file_exists(ctx->rom_path)) {
    z3_status st = make_rom_fallback(ctx->rom_path, err);
    if (st) return st;
  }
  return z3_file_read(&ctx->rom, ctx->rom_path, 64u << 20, err);
}

/* ---- whole-process rom info -------------------------------------------------- */

static void bench_rom_info(const bench_ctx *ctx) {
  const char *name = "rom_info_4mib";
  if (!bench_selected(ctx, name)) return;
  char *argv[] = {(char *)ctx->z3ed, "rom", "info", "--rom", (char *)ctx->rom_path,
                  "--format", "json", NULL};
  double ms[SPAWN_RUNS];
  for (int i = -1; i < SPAWN_RUNS; i++) { /* run -1 warms the page cache */
    double t0 = bench_now_ms();
    int rc = run_quiet(argv);
    double t1 = bench_now_ms();
    if (rc != 0) {
      char msg[128];
      snprintf(msg, sizeof msg, "z3ed rom info exited with status %d", rc);
      bench_report_error(name, msg);
      return;
    }
    if (i >= 0) ms[i] = t1 - t0;
  }
  char extra[64];
  snprintf(extra, sizeof extra, ",\"rom_bytes\":%zu", ctx->rom.len);
  bench_report(name, ms, SPAWN_RUNS, extra);
}

/* ---- start-up: what a script pays per z3ed process ------------------------------- */

enum { START_RUNS = 101 };

static void time_process(const char *name, char *const argv[]) {
  static double ms[START_RUNS];
  for (int i = -3; i < START_RUNS; i++) { /* the first runs warm the page cache */
    double t0 = bench_now_ms();
    int rc = run_quiet(argv);
    double t1 = bench_now_ms();
    if (rc != 0) {
      char msg[128];
      snprintf(msg, sizeof msg, "%s %s exited with status %d", argv[1], argv[2] ? argv[2] : "", rc);
      bench_report_error(name, msg);
      return;
    }
    if (i >= 0) ms[i] = t1 - t0;
  }
  qsort(ms, START_RUNS, sizeof *ms, cmp_double);
  char extra[64];
  snprintf(extra, sizeof extra, ",\"p90_ms\":%.2f", ms[START_RUNS * 9 / 10]);
  bench_report(name, ms, START_RUNS, extra);
}

/* Goals (issue 19): `z3ed --version` under 2 ms, `rom info` on a 1 MiB ROM under 4 ms. */
static void bench_start(const bench_ctx *ctx, const char *dir) {
  if (bench_selected(ctx, "start_version")) {
    char *argv[] = {(char *)ctx->z3ed, "--version", NULL};
    time_process("start_version", argv);
  }
  if (!bench_selected(ctx, "start_rom_info_1mib")) return;
  char *rom = z3_strfmt("%s/bench-1mib.sfc", dir);
  if (rom && make_rom_with_mksample(ctx->z3ed, "1MiB", rom)) {
    char *argv[] = {(char *)ctx->z3ed, "rom", "info", "--rom", rom, "--format", "json", NULL};
    time_process("start_rom_info_1mib", argv);
  } else {
    bench_report_error("start_rom_info_1mib", "cannot make a 1 MiB ROM with z3-mksample");
  }
  z3_free(rom);
}

/* Every bench name starts with one of these families. */
static const char *const bench_families[] = {
    "bps_", "ips_", "rom_", "lz2_", "gfx_", "overworld_", "dungeon_", "doctor_", "world_",
    "message_", "cpu_", "emu_", "debug_", "apu_", "disasm_", "asm_", "manifest_", "merge_", "agent_", "mcp_",
    "start_", "tui_", "diag_", "code_", "music_", "gui_",
};

/* --only names a family, a prefix of one, or a bench inside one. */
static bool any_selected(const bench_ctx *ctx) {
  for (size_t i = 0; i < sizeof bench_families / sizeof bench_families[0]; i++) {
    const char *f = bench_families[i];
    if (bench_selected(ctx, f) || strncmp(ctx->only, f, strlen(f)) == 0) return true;
  }
  return false;
}

static int usage(void) {
  fprintf(stderr, "usage: z3-bench --z3ed PATH [--only NAME]\n");
  return 2;
}

int main(int argc, char **argv) {
  bench_ctx ctx = {0};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--z3ed") == 0 && i + 1 < argc) ctx.z3ed = argv[++i];
    else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) ctx.only = argv[++i];
    else return usage();
  }
  if (!ctx.z3ed) return usage();
  if (!any_selected(&ctx)) {
    fprintf(stderr, "z3-bench: no bench name starts with '%s'\n", ctx.only);
    return 2;
  }
  if (access(ctx.z3ed, X_OK) != 0) {
    fprintf(stderr, "z3-bench: '%s' is not an executable z3ed\n", ctx.z3ed);
    return 2;
  }
  const char *tmp = getenv("TMPDIR");
  char *dir = z3_strfmt("%s/z3-bench.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!dir || !mkdtemp(dir)) {
    fprintf(stderr, "z3-bench: cannot create a temporary folder\n");
    return 3;
  }
  char *rom_path = z3_strfmt("%s/bench-4mib.sfc", dir);
  ctx.rom_path = rom_path;
  z3_buf_init(&ctx.rom);
  z3_error err;
  z3_error_init(&err);
  int status = 0;
  if (prepare_rom(&ctx, &err) != Z3_OK) {
    fprintf(stderr, "z3-bench: %s\n", err.message);
    status = 3;
  } else {
    bench_patches(&ctx);
    bench_rom_info(&ctx);
    bench_start(&ctx, dir);
    bench_lz2(&ctx);
    bench_gfx(&ctx);
    bench_overworld(&ctx);
    bench_dungeon(&ctx);
    bench_doctor(&ctx);
    bench_text(&ctx);
    bench_cpu(&ctx);
    bench_emu(&ctx);
    bench_peer(&ctx);
    bench_debug(&ctx);
    bench_apu(&ctx);
    bench_music(&ctx);
    bench_disasm(&ctx);
    bench_assemble(&ctx);
    bench_manifest(&ctx);
    bench_merge(&ctx);
    bench_agent_tokens(&ctx);
    bench_mcp(&ctx);
    bench_tui(&ctx);
    bench_gui(&ctx);
    bench_build_diag(&ctx);
    bench_code(&ctx);
  }
  unlink(rom_path);
  rmdir(dir);
  z3_buf_release(&ctx.rom);
  z3_free(rom_path);
  z3_free(dir);
  return status;
}
