/*
 * build: running a project's build tools in a child process with a time
 * limit, and what the build commands share.
 */
#ifndef Z3_DEVTOOLS_BUILD_H
#define Z3_DEVTOOLS_BUILD_H

#include <stdbool.h>

#include "base/base.h"

typedef struct z3_build_run {
  char *const *argv;   /* argv[0] looked up in PATH */
  const char *dir;     /* working folder */
  double timeout;      /* seconds; the whole process group is killed past it */
  size_t max_output;   /* bytes kept; the rest is counted and dropped */
  /* Each complete output line as it arrives (for a live progress line). */
  void (*on_line)(const char *line, size_t len, void *data);
  void *data;
} z3_build_run;

typedef struct z3_build_outcome {
  int exit_code;       /* -1 when killed by a signal */
  int signal;          /* the signal that ended it, or 0 */
  bool timed_out;
  double seconds;
  z3_buf output;       /* stdout and stderr interleaved, as the program wrote them */
  size_t output_dropped;
} z3_build_outcome;

/* Starts argv in its own process group (LC_ALL=C so messages parse, stdin
 * from /dev/null) and collects its output until it ends or the time limit
 * kills the group. Failing to start the program is an error (Z3_E_NOT_FOUND
 * naming it); the program failing is not. */
z3_status z3_build_run_process(const z3_build_run *run, z3_build_outcome *out, z3_error *err);
void z3_build_outcome_release(z3_build_outcome *out);

#endif
