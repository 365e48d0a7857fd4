/* debug-tools crash: a crash log, or a core file read through gdb, into a structured report. */
#include <stdlib.h>
#include <string.h>

#include "devtools/code_support.h"
#include "devtools/crash.h"
#include "devtools/handlers_debug_tools.h"

enum { MAX_LOG_BYTES = 16u << 20, MAX_GDB_OUTPUT = 4u << 20 };

static z3_status parse_into(z3_cmd_ctx *ctx, const char *text, size_t len, const char *root, z3_error *err) {
  json_t *report = NULL;
  z3_status st = z3_crash_parse(text, len, root, &report, err);
  if (st != Z3_OK) return st;
  json_object_update(ctx->result, report);
  json_decref(report);
  return Z3_OK;
}

static z3_status crash_from_log(z3_cmd_ctx *ctx, const char *root, z3_error *err) {
  char *log = NULL;
  z3_status st = z3_dt_root_path(root, z3_arg_str(ctx, "log"), "log", &log, err);
  z3_buf text;
  z3_buf_init(&text);
  if (st == Z3_OK) st = z3_file_read(&text, log, MAX_LOG_BYTES, err);
  if (st == Z3_OK) {
    st = parse_into(ctx, (const char *)text.data, text.len, root, err);
    if (st != Z3_OK) z3_error_hint(err, "in --log '%s'", z3_arg_str(ctx, "log"));
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "source", json_string("log"));
    json_object_set_new(ctx->result, "log", json_string(z3_dt_root_relative(root, log)));
  }
  z3_buf_release(&text);
  free(log);
  return st;
}

static z3_status crash_from_core(z3_cmd_ctx *ctx, const char *root, z3_error *err) {
  if (!z3_arg_given(ctx, "binary"))
    return z3_error_set(err, Z3_E_USAGE, "--core needs --binary (the program that dumped it)");
  char *core = NULL, *binary = NULL;
  z3_status st = z3_dt_need_program("gdb", "gdb", err);
  if (st == Z3_OK) st = z3_dt_root_path(root, z3_arg_str(ctx, "core"), "core", &core, err);
  if (st == Z3_OK) st = z3_dt_root_path(root, z3_arg_str(ctx, "binary"), "binary", &binary, err);
  z3_dt_proc proc = {0};
  if (st == Z3_OK) {
    char *argv[] = {"gdb", "-batch", "-nx", "-ex", "bt", "-ex", "p $_siginfo._sifields._sigfault.si_addr",
                    "-c", core, binary, NULL};
    st = z3_dt_proc_run(root, argv, (double)z3_arg_int(ctx, "timeout"), MAX_GDB_OUTPUT, &proc, err);
  }
  if (st == Z3_OK && proc.timed_out)
    st = z3_error_set(err, Z3_E_IO, "gdb did not finish within --timeout %lld s", (long long)z3_arg_int(ctx, "timeout"));
  if (st == Z3_OK) {
    st = parse_into(ctx, (const char *)proc.output.data, proc.output.len, root, err);
    if (st != Z3_OK) z3_error_hint(err, "gdb exited with %d on --core '%s'", proc.exit_code, z3_arg_str(ctx, "core"));
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "source", json_string("core"));
    json_object_set_new(ctx->result, "core", json_string(z3_dt_root_relative(root, core)));
    json_object_set_new(ctx->result, "binary", json_string(z3_dt_root_relative(root, binary)));
  }
  z3_dt_proc_release(&proc);
  free(core);
  free(binary);
  return st;
}

z3_status cmd_debug_tools_crash(z3_cmd_ctx *ctx, z3_error *err) {
  bool log = z3_arg_given(ctx, "log"), core = z3_arg_given(ctx, "core");
  if (log == core) return z3_error_set(err, Z3_E_USAGE, "give either --log or --core (with --binary)");
  char *root = NULL;
  z3_status st = z3_dt_root_resolve(z3_arg_str(ctx, "root"), &root, err);
  if (st == Z3_OK) st = log ? crash_from_log(ctx, root, err) : crash_from_core(ctx, root, err);
  free(root);
  return st;
}
