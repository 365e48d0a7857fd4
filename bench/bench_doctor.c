/* Doctor figures on the sample ROM: every check of `doctor rom` in memory, and
 * the whole command as a person runs it (load, checks, report). */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "zelda3/doctor.h"
#include "zelda3/sample.h"

extern char **environ;

static void in_memory(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "doctor_rom_sample";
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  size_t findings = 0;
  z3_error err;
  z3_error_init(&err);
  for (int r = 0; r < BENCH_RUNS; r++) {
    z3_doctor_report rep;
    double t0 = bench_now_ms();
    if (z3_doctor_run(rom, Z3_DOCTOR_ROM, &rep, &err) != Z3_OK) return bench_report_error(name, err.message);
    ms[r] = bench_now_ms() - t0;
    findings = rep.count;
    z3_doctor_report_release(&rep);
  }
  char extra[48];
  snprintf(extra, sizeof extra, ",\"findings\":%zu", findings);
  bench_report(name, ms, BENCH_RUNS, extra);
}

static void process(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "doctor_rom_sample_process";
  if (!bench_selected(ctx, name)) return;
  char dir[] = "/tmp/z3bench.XXXXXX";
  if (!mkdtemp(dir)) return bench_report_error(name, "cannot make a temp folder");
  char *path = z3_strfmt("%s/sample.sfc", dir);
  bool ok = path && z3_rom_save(rom, path, NULL, NULL) == Z3_OK;
  double ms[BENCH_RUNS];
  for (int r = 0; r < BENCH_RUNS && ok; r++) {
    char *argv[] = {(char *)ctx->z3ed, "doctor", "rom", "--rom", path, "--quiet", NULL};
    pid_t pid;
    int status = -1;
    double t0 = bench_now_ms();
    ok = posix_spawn(&pid, ctx->z3ed, NULL, NULL, argv, environ) == 0 && waitpid(pid, &status, 0) >= 0 &&
         WIFEXITED(status) && WEXITSTATUS(status) == 0;
    ms[r] = bench_now_ms() - t0;
  }
  if (path) unlink(path);
  rmdir(dir);
  z3_free(path);
  if (!ok) return bench_report_error(name, "z3ed doctor rom failed on the sample");
  bench_report(name, ms, BENCH_RUNS, "");
}

void bench_doctor(const bench_ctx *ctx) {
  z3_rom *rom = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_sample_rom(&rom, NULL, &err) != Z3_OK) return bench_report_error("doctor", err.message);
  in_memory(ctx, rom);
  process(ctx, rom);
  z3_rom_free(rom);
}
