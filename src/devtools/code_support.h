/*
 * Helpers the code and debug-tools commands share: confinement to a project
 * root, running an outside program with a time limit and an output cap, and
 * reading a tool's output line by line.
 *
 * Root confinement is fs's (openat2 RESOLVE_BENEATH, fs_path.c): every path a
 * command reads is resolved beneath the root, so "..", absolute paths and
 * symlinks that lead out are refused alike, with fs's messages.
 */
#ifndef Z3_DEVTOOLS_CODE_SUPPORT_H
#define Z3_DEVTOOLS_CODE_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/base.h"

/* The resolved root (caller frees); arg names the flag for the message. */
z3_status z3_dt_root_resolve(const char *root, char **out, z3_error *err);
/* Resolves path (relative to the root unless absolute) and checks it stays
 * under root_real; *out is the resolved absolute path (caller frees). A path
 * that does not exist is Z3_E_NOT_FOUND, one outside the root Z3_E_INVALID;
 * arg names the argument in both messages. */
z3_status z3_dt_root_path(const char *root_real, const char *path, const char *arg, char **out,
                          z3_error *err);
/* path relative to root_real when under it, else NULL (no allocation). */
const char *z3_dt_root_relative(const char *root_real, const char *path);

/* ---- outside programs ---------------------------------------------------- */

typedef struct z3_dt_proc {
  z3_buf output;      /* stdout and stderr interleaved, at most max_output bytes */
  bool truncated;     /* more output than max_output was thrown away */
  bool timed_out;     /* killed at the time limit */
  int exit_code;      /* when the program exited */
  int signal;         /* when a signal ended it (0 otherwise) */
  double seconds;
} z3_dt_proc;

/* Fails with Z3_E_NOT_FOUND naming the Debian package when program is not
 * on PATH. */
z3_status z3_dt_need_program(const char *program, const char *debian_package, z3_error *err);
/* Runs argv[0] (searched on PATH) in cwd through the build runner
 * (z3_build_run_process: its own process group, LC_ALL=C, stdin from
 * /dev/null, the whole group killed at timeout_s). Only a failure to start is
 * an error; the program's own failure is in out. */
z3_status z3_dt_proc_run(const char *cwd, char *const argv[], double timeout_s, size_t max_output, z3_dt_proc *out,
                         z3_error *err);
void z3_dt_proc_release(z3_dt_proc *p);

/* ---- text ---------------------------------------------------------------- */

enum { Z3_DT_MAX_LINE = 4096 };
typedef void (*z3_dt_line_fn)(const char *line, long number, void *data);
/* Calls fn on each line of text with its number from 1: a copy without the newline or a
 * '\r', cut at a character boundary to less than Z3_DT_MAX_LINE bytes, valid UTF-8. */
void z3_dt_each_line(const char *text, size_t len, z3_dt_line_fn fn, void *data);

/* Splits a command line into words (single and double quotes, backslash);
 * NULL-terminated array of owned strings, freed by z3_dt_words_free. */
z3_status z3_dt_split_words(const char *line, char ***out, z3_error *err);
void z3_dt_words_free(char **words);

#endif
