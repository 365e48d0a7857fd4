/*
 * debug/suite: GUI test suites in YAML (IT-09), read into JSON and run
 * against yaze's automation harness (`z3ed test suite run`, docs/gui.md).
 *
 *   name: editors
 *   tests:
 *     - name: palette-apply
 *       group: palettes            # a JUnit testsuite; default "default"
 *       depends: [open-rom]        # earlier tests that must have passed, else skipped
 *       ci: false                  # false: skipped under --ci-mode
 *       steps:                     # one harness method per step, params as its value
 *         - click: {editor: palettes}
 *         - type: {target: pal-value, text: "$7FFF"}
 *         - assert: {condition: undo-depth, equals: 1}
 *
 * Step keys: ping, discover, click, type, wait, assert, screenshot, state, simulate.
 *
 *   groups:                        # optional; a group not listed is serial and waits for nothing
 *     - name: left
 *       parallel: true             # runs on a yaze of its own, beside the other groups
 *       start: {rom: ../../samples/sample.sfc, editor: overworld}   # rom relative to the suite
 *       depends: [window]          # groups that must have finished before it starts
 *
 * Serial tests run in suite order on the --socket yaze. Each parallel group gets a temporary
 * folder with a copy of its ROM and a `yaze --harness --headless` there, shows its editor and
 * runs its tests in order; at most --jobs such yaze run at once. Errors are FILE:LINE:COLUMN.
 */
#ifndef Z3_DEBUG_SUITE_H
#define Z3_DEBUG_SUITE_H

#include <jansson.h>

#include "base/base.h"

enum { Z3_SUITE_MAX_FILE = 1u << 20, SUITE_MAX_JOBS = 16 };

/* Reads a suite; *out is {"name", "tests": [{"name", "group", "depends": [...], "ci", "line", "column",
 * "steps": [{"method", "params", "line"}]}], "groups": [{"name", "parallel", "start", "depends",
 * "depends_at": [[line, column]...]}] in the order of their first tests}. Errors name the file,
 * line, column and key; dependency cycles (groups waiting on each other, or a serial group
 * waiting on a parallel one that waits on a later serial group) are errors too. */
z3_status z3_suite_parse(const char *text, size_t len, const char *name, json_t **out, z3_error *err);
/* The suite file at path (at most Z3_SUITE_MAX_FILE bytes), read and parsed. */
z3_status z3_suite_load(const char *path, json_t **out, z3_error *err);

typedef struct z3_suite_opts {
  const char *socket_path;
  bool ci_mode;        /* tests with `ci: false` are skipped */
  int retries;         /* a failed test runs again up to this often; a later pass is "flaky" */
  const char *report_dir; /* NULL, or where a failed test's report folder goes (z3_suite_write_report) */
  int jobs;               /* parallel groups running at once, 1..SUITE_MAX_JOBS */
  const char *yaze_path;  /* the yaze parallel groups start; NULL: beside z3ed, else on PATH */
  const char *base_dir;   /* what a group's relative start rom is relative to (the suite's folder) */
} z3_suite_opts;

/* Whether some test runs on the --socket yaze (a test of a group that is not parallel). */
bool z3_suite_has_serial(const json_t *suite);

/* Runs every test; *report (caller decrefs) holds the counts and, in suite order, each test's
 * status (passed, failed, error, skipped), tries, flaky, time_ms, message, and the pid and socket of
 * the yaze that ran it. A parallel group whose yaze fails has its tests as errors. Errors: the
 * --socket harness cannot be reached or goes away. */
z3_status z3_suite_run(const json_t *suite, const z3_suite_opts *opts, json_t **report, z3_error *err);
/* IT-08: ROOT/TEST/ with screen.png (the window when the test stopped), report.json (status,
 * message, the actions of its last try with their outcomes, the widget tree) and index.html
 * showing the same; *folder (z3_free) is that folder. fd is a harness connection. */
z3_status z3_suite_write_report(int fd, const char *root, const json_t *outcome, const json_t *actions, char **folder, z3_error *err);
/* The report as JUnit XML: <testsuites> with one <testsuite> per group (z3_free it). */
char *z3_suite_junit(const json_t *suite, const json_t *report);

#endif
