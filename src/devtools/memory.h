/*
 * Profiler output into results: valgrind's memcheck log and massif.out
 * (memory_parse.c), callgrind_annotate and `perf report --stdio` (perf_parse.c).
 * Each parser fills an object the command merges into its result; text that
 * is not the expected output is Z3_E_INVALID.
 */
#ifndef Z3_DEVTOOLS_MEMORY_H
#define Z3_DEVTOOLS_MEMORY_H

#include <jansson.h>
#include <stddef.h>

#include "base/base.h"
#include "cmd/cmd.h"

/* leaks (bytes, blocks, kind, stack), errors (kind, stack), the leak summary. */
z3_status z3_memcheck_parse(const char *text, size_t len, size_t max_entries, json_t **out, z3_error *err);
/* peak_heap_bytes, snapshots, largest_allocations (bytes, share, function, file, line). */
z3_status z3_massif_parse(const char *text, size_t len, size_t max_entries, json_t **out, z3_error *err);
/* hot_functions (function, file, share, cost) and total cost, from callgrind_annotate. */
z3_status z3_callgrind_parse(const char *text, size_t len, size_t max_entries, json_t **out, z3_error *err);
/* hot_functions (function, module, share) from `perf report --stdio`. */
z3_status z3_perf_report_parse(const char *text, size_t len, size_t max_entries, json_t **out, z3_error *err);

/* One valgrind stack line ("at 0x4C2B: malloc (vg_replace_malloc.c:381)",
 * "by 0x1091: main (in /tmp/a.out)") into a frame object; NULL if not one. */
json_t *z3_valgrind_frame(const char *line);

/* ---- running the profiled command (memory_cmd.c) ----------------------- */

/* A private temporary folder (path in dir, PATH_MAX bytes) and its removal. */
z3_status z3_dt_tmpdir_make(char *dir, size_t cap, z3_error *err);
void z3_dt_tmpdir_remove(const char *dir);
/* Runs tool_argv (NULL-terminated) followed by the words of --command in the
 * root, under --timeout, and adds "run" (exit_code, signal, seconds,
 * output_tail) to the result. A run killed at the time limit is an error. */
z3_status z3_dt_run_profiled(z3_cmd_ctx *ctx, const char *root, char *const tool_argv[], z3_error *err);
/* Reads a file the profiler wrote and hands it to parse; the object it makes is merged into the result. */
z3_status z3_dt_parse_file(z3_cmd_ctx *ctx, const char *path,
                           z3_status (*parse)(const char *, size_t, size_t, json_t **, z3_error *), z3_error *err);

#endif
