/* debug-tools perf: hot functions of a command, sampled by perf or counted by callgrind. */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devtools/code_support.h"
#include "devtools/handlers_debug_tools.h"
#include "devtools/memory.h"

enum { TOOL_AUTO = 0, TOOL_PERF = 1, TOOL_CALLGRIND = 2, MAX_REPORT = 8u << 20 };

/* perf_event_paranoid above 2 forbids even a user's own processes. */
static bool kernel_allows_perf(void) {
  FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
  int level = 4;
  if (f) {
    if (fscanf(f, "%d", &level) != 1) level = 4;
    fclose(f);
  }
  return level <= 2;
}

/* Runs a reporting tool (perf report, callgrind_annotate) and parses its listing. */
static z3_status report(z3_cmd_ctx *ctx, const char *root, char *const argv[],
                        z3_status (*parse)(const char *, size_t, size_t, json_t **, z3_error *), z3_error *err) {
  z3_dt_proc proc = {0};
  json_t *parsed = NULL;
  z3_status st = z3_dt_proc_run(root, argv, (double)z3_arg_int(ctx, "timeout"), MAX_REPORT, &proc, err);
  if (st == Z3_OK)
    st = parse((const char *)proc.output.data, proc.output.len, (size_t)z3_arg_int(ctx, "max-entries"), &parsed, err);
  if (st != Z3_OK) z3_error_hint(err, "%s exited with %d", argv[0], proc.exit_code);
  if (st == Z3_OK) json_object_update(ctx->result, parsed);
  json_decref(parsed);
  z3_dt_proc_release(&proc);
  return st;
}

static z3_status with_perf(z3_cmd_ctx *ctx, const char *root, const char *tmp, bool *recorded, z3_error *err) {
  char data[PATH_MAX + 32];
  snprintf(data, sizeof data, "%s/perf.data", tmp);
  char *record[] = {"perf", "record", "-F", "4999", "-q", "-o", data, "--", NULL};
  z3_status st = z3_dt_run_profiled(ctx, root, record, err);
  *recorded = st == Z3_OK && access(data, R_OK) == 0;
  if (!*recorded) return st;
  char *show[] = {"perf", "report", "--stdio", "--no-children", "--sort", "dso,symbol", "-i", data, NULL};
  json_object_set_new(ctx->result, "tool", json_string("perf"));
  return report(ctx, root, show, z3_perf_report_parse, err);
}

static z3_status with_callgrind(z3_cmd_ctx *ctx, const char *root, const char *tmp, z3_error *err) {
  z3_status st = z3_dt_need_program("valgrind", "valgrind", err);
  char out_file[PATH_MAX + 32], out_arg[PATH_MAX + 64];
  snprintf(out_file, sizeof out_file, "%s/callgrind.out", tmp);
  snprintf(out_arg, sizeof out_arg, "--callgrind-out-file=%s", out_file);
  char *record[] = {"valgrind", "--tool=callgrind", out_arg, NULL};
  if (st == Z3_OK) st = z3_dt_run_profiled(ctx, root, record, err);
  if (st == Z3_OK && access(out_file, R_OK) != 0)
    st = z3_error_set(err, Z3_E_IO, "callgrind wrote no profile: see run.output_tail");
  char *show[] = {"callgrind_annotate", "--threshold=100", out_file, NULL};
  json_object_set_new(ctx->result, "tool", json_string("callgrind"));
  if (st == Z3_OK) st = report(ctx, root, show, z3_callgrind_parse, err);
  return st;
}

static z3_status perf_in(z3_cmd_ctx *ctx, const char *root, const char *tmp, z3_error *err) {
  int tool = z3_arg_choice(ctx, "tool");
  if (tool == TOOL_PERF) {
    z3_status st = z3_dt_need_program("perf", "linux-perf", err);
    bool recorded = false;
    if (st == Z3_OK) st = with_perf(ctx, root, tmp, &recorded, err);
    if (st == Z3_OK && !recorded)
      st = z3_error_set(err, Z3_E_IO, "perf recorded nothing (perf_event_paranoid or a container may forbid it): see run.output_tail");
    return st;
  }
  if (tool == TOOL_AUTO && kernel_allows_perf() && z3_dt_need_program("perf", "linux-perf", NULL) == Z3_OK) {
    bool recorded = false;
    z3_status st = with_perf(ctx, root, tmp, &recorded, err);
    if (st != Z3_OK || recorded) return st;
    json_object_set_new(ctx->result, "fallback", json_string("perf recorded nothing; counted with callgrind"));
    json_object_del(ctx->result, "run");
  }
  return with_callgrind(ctx, root, tmp, err);
}

z3_status cmd_debug_tools_perf(z3_cmd_ctx *ctx, z3_error *err) {
  char *root = NULL, tmp[PATH_MAX];
  z3_status st = z3_dt_root_resolve(z3_arg_str(ctx, "root"), &root, err);
  if (st == Z3_OK) st = z3_dt_tmpdir_make(tmp, sizeof tmp, err);
  if (st == Z3_OK) {
    st = perf_in(ctx, root, tmp, err);
    z3_dt_tmpdir_remove(tmp);
  }
  free(root);
  return st;
}
