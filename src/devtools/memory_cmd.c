/* debug-tools memory: a command under valgrind's memcheck (leaks) or massif (heap profile). */
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devtools/code_support.h"
#include "devtools/handlers_debug_tools.h"
#include "devtools/memory.h"

enum { MAX_RUN_OUTPUT = 1u << 20, OUTPUT_TAIL = 2000, MAX_PROFILE_BYTES = 64u << 20 };

z3_status z3_dt_tmpdir_make(char *dir, size_t cap, z3_error *err) {
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, cap, "%s/z3ed-profile-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) return z3_error_set(err, Z3_E_IO, "cannot create a temporary folder '%s'", dir);
  return Z3_OK;
}

void z3_dt_tmpdir_remove(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path) unlink(path);
  }
  closedir(d);
  rmdir(dir);
}

/* The last OUTPUT_TAIL bytes of the program's output, with a marker when cut. */
static json_t *output_tail(const z3_dt_proc *p) {
  size_t len = p->output.len, from = len > OUTPUT_TAIL ? len - OUTPUT_TAIL : 0;
  char *text = z3_strfmt("%s%.*s%s", from ? "[... output cut ...]\n" : "", (int)(len - from),
                         (const char *)p->output.data + from, p->truncated ? "\n[... output truncated ...]" : "");
  if (!text) return json_null();
  z3_utf8_fix(text);
  json_t *s = json_string(text);
  free(text);
  return s;
}

static char **join_argv(char *const tool_argv[], char **words) {
  size_t n = 0, m = 0;
  while (tool_argv[n]) n++;
  while (words[m]) m++;
  char **argv = z3_calloc(n + m + 1, sizeof *argv);
  if (!argv) return NULL;
  memcpy(argv, tool_argv, n * sizeof *argv);
  memcpy(argv + n, words, m * sizeof *argv);
  return argv;
}

z3_status z3_dt_run_profiled(z3_cmd_ctx *ctx, const char *root, char *const tool_argv[], z3_error *err) {
  char **words = NULL;
  z3_status st = z3_dt_split_words(z3_arg_str(ctx, "command"), &words, err);
  if (st != Z3_OK) return st;
  char **argv = join_argv(tool_argv, words);
  z3_dt_proc proc = {0};
  double limit = (double)z3_arg_int(ctx, "timeout");
  st = argv ? z3_dt_proc_run(root, argv, limit, MAX_RUN_OUTPUT, &proc, err)
            : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "run",
                        json_pack("{si si sf so}", "exit_code", proc.exit_code, "signal", proc.signal,
                                  "seconds", proc.seconds, "output_tail", output_tail(&proc)));
    if (proc.timed_out)
      st = z3_error_set(err, Z3_E_IO, "'%s' was killed at --timeout %.0f s", words[0], limit);
  }
  z3_dt_proc_release(&proc);
  free(argv);
  z3_dt_words_free(words);
  return st;
}

z3_status z3_dt_parse_file(z3_cmd_ctx *ctx, const char *path,
                           z3_status (*parse)(const char *, size_t, size_t, json_t **, z3_error *), z3_error *err) {
  z3_buf text;
  z3_buf_init(&text);
  json_t *parsed = NULL;
  z3_status st = z3_file_read(&text, path, MAX_PROFILE_BYTES, err);
  if (st == Z3_OK) st = parse((const char *)text.data, text.len, (size_t)z3_arg_int(ctx, "max-entries"), &parsed, err);
  if (st == Z3_OK) json_object_update(ctx->result, parsed);
  json_decref(parsed);
  z3_buf_release(&text);
  return st;
}

static z3_status memory_in(z3_cmd_ctx *ctx, const char *root, const char *tmp, z3_error *err) {
  bool massif = z3_arg_choice(ctx, "tool") == 1;
  char out_arg[PATH_MAX + 64], out_file[PATH_MAX + 32];
  snprintf(out_file, sizeof out_file, "%s/%s", tmp, massif ? "massif.out" : "memcheck.log");
  snprintf(out_arg, sizeof out_arg, "%s=%s", massif ? "--massif-out-file" : "--log-file", out_file);
  char *memcheck[] = {"valgrind", "--tool=memcheck", "--leak-check=full", "--num-callers=16", out_arg, NULL};
  char *heap[] = {"valgrind", "--tool=massif", "--detailed-freq=1", out_arg, NULL};
  z3_status st = z3_dt_run_profiled(ctx, root, massif ? heap : memcheck, err);
  if (st == Z3_OK && access(out_file, R_OK) != 0)
    st = z3_error_set(err, Z3_E_IO, "valgrind wrote no profile: see run.output_tail");
  if (st == Z3_OK) st = z3_dt_parse_file(ctx, out_file, massif ? z3_massif_parse : z3_memcheck_parse, err);
  json_object_set_new(ctx->result, "tool", json_string(massif ? "massif" : "memcheck"));
  return st;
}

z3_status cmd_debug_tools_memory(z3_cmd_ctx *ctx, z3_error *err) {
  char *root = NULL, tmp[PATH_MAX];
  z3_status st = z3_dt_need_program("valgrind", "valgrind", err);
  if (st == Z3_OK) st = z3_dt_root_resolve(z3_arg_str(ctx, "root"), &root, err);
  if (st == Z3_OK) st = z3_dt_tmpdir_make(tmp, sizeof tmp, err);
  if (st == Z3_OK) {
    st = memory_in(ctx, root, tmp, err);
    z3_dt_tmpdir_remove(tmp);
  }
  free(root);
  return st;
}
