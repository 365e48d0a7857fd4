/* debug/suite_internal: what the suite reader (suite.c), its groups (suite_groups.c) and the
 * runner's plan (suite_plan.c, suite_run.c, suite_parallel.c) share. */
#ifndef Z3_DEBUG_SUITE_INTERNAL_H
#define Z3_DEBUG_SUITE_INTERNAL_H

#include <libfyaml.h>

#include "debug/suite.h"

typedef struct suite_mark {
  int line, col; /* 1-based; 0:0 when nothing in the file names the place */
} suite_mark;

typedef struct suite_reader {
  const char *name;
  z3_error *err;
} suite_reader;

/* err = "NAME:LINE:COL: text", Z3_E_INVALID. */
z3_status suite_fail(suite_reader *r, suite_mark at, const char *fmt, ...) Z3_PRINTF(3, 4);
suite_mark suite_mark_of(struct fy_node *n);
/* Where KEY of the mapping map is written (for "unknown key" errors), else fallback. */
suite_mark suite_key_mark(struct fy_node *map, const char *key, suite_mark fallback);
z3_status suite_to_json(suite_reader *r, struct fy_node *n, int depth, json_t **out);
/* The suite's `groups:` (node may be NULL) checked against its tests; sets suite["groups"]. */
z3_status suite_read_groups(suite_reader *r, struct fy_node *node, json_t *suite);

/* The order a run must keep. A node is a parallel group (index < ngroups, its own yaze) or a
 * test of the serial lane (ngroups + test index, all on the --socket yaze, in suite order).
 * An edge says `from` may start only when `to` has finished. */
typedef struct suite_edge {
  size_t from, to;
  suite_mark at; /* the depends entry that asked for it; 0:0 for the serial lane's order */
} suite_edge;

typedef struct suite_plan {
  size_t ngroups, ntests;
  size_t *group_of; /* per test */
  bool *parallel;   /* per group */
  suite_edge *edges;
  size_t nedges;
} suite_plan;

/* From a parsed suite (its "tests" and "groups"). */
void suite_plan_make(const json_t *suite, suite_plan *plan);
void suite_plan_free(suite_plan *plan);
static inline size_t suite_plan_node(const suite_plan *p, size_t test) {
  return p->parallel[p->group_of[test]] ? p->group_of[test] : p->ngroups + test;
}
/* A cycle, if any: *path (z3_free) reads "group 'a' -> group 'b' -> group 'a'", *at where one of
 * its depends entries is. */
bool suite_plan_cycle(const suite_plan *p, const json_t *suite, char **path, suite_mark *at);

/* One test over the connection fd: its outcome (name, group, status, tries, flaky, time_ms, message,
 * report); skipped when missing names a dependency that did not pass. NULL with err when the
 * connection itself failed. */
/* Milliseconds on the monotonic clock: test timings and start/stop deadlines. */
double suite_now_ms(void);
json_t *suite_run_test(int fd, const json_t *test, const char *missing, const z3_suite_opts *opts, z3_error *err);

/* ---- a parallel group's own yaze (suite_yaze.c) ---- */

typedef struct suite_yaze {
  int pid; /* 0 once reaped */
  int fd;  /* the harness connection, -1 when none */
  int slot;
  char *dir, *socket;
} suite_yaze;

/* The yaze beside this z3ed, else the first on PATH; NULL when there is none (z3_free). */
char *suite_yaze_default(void);
/* A temporary folder with a copy of rom, `bin --harness DIR/h.sock --headless DIR/rom.sfc` started
 * in it, connected once its Ping answers, the editor (may be NULL) shown. On failure call
 * suite_yaze_stop all the same. */
z3_status suite_yaze_start(const char *bin, const char *rom, const char *editor, suite_yaze *y, z3_error *err);
/* Shutdown, else SIGKILL after 10 s; reaped, its folder removed. */
void suite_yaze_stop(suite_yaze *y);
/* While a run lasts: SIGINT, SIGTERM and SIGHUP kill every started yaze and remove its folder
 * before the runner ends as the signal says; SIGPIPE is ignored. */
void suite_signals_install(void);
void suite_signals_restore(void);

#endif
