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
 */
#ifndef Z3_DEBUG_SUITE_H
#define Z3_DEBUG_SUITE_H

#include <jansson.h>

#include "base/base.h"

enum { Z3_SUITE_MAX_FILE = 1u << 20 };

/* Reads a suite; *out is {"name", "tests": [{"name", "group", "depends": [...], "ci", "line",
 * "steps": [{"method", "params", "line"}]}]}. Errors name the file, line and key. */
z3_status z3_suite_parse(const char *text, size_t len, const char *name, json_t **out, z3_error *err);
/* The suite file at path (at most Z3_SUITE_MAX_FILE bytes), read and parsed. */
z3_status z3_suite_load(const char *path, json_t **out, z3_error *err);

typedef struct z3_suite_opts {
  const char *socket_path;
  bool ci_mode;        /* tests with `ci: false` are skipped */
  int retries;         /* a failed test runs again up to this often; a later pass is "flaky" */
  const char *report_dir; /* NULL, or where a failed test's report folder goes (z3_suite_write_report) */
} z3_suite_opts;

/* Runs every test over one connection; *report (caller decrefs) holds the counts and each test's
 * status (passed, failed, error, skipped), tries, flaky, time_ms and message. Errors: the harness
 * cannot be reached. */
z3_status z3_suite_run(const json_t *suite, const z3_suite_opts *opts, json_t **report, z3_error *err);
/* IT-08: ROOT/TEST/ with screen.png (the window when the test stopped), report.json (status,
 * message, the actions of its last try with their outcomes, the widget tree) and index.html
 * showing the same; *folder (z3_free) is that folder. fd is a harness connection. */
z3_status z3_suite_write_report(int fd, const char *root, const json_t *outcome, const json_t *actions, char **folder, z3_error *err);
/* The report as JUnit XML: <testsuites> with one <testsuite> per group (z3_free it). */
char *z3_suite_junit(const json_t *suite, const json_t *report);

#endif
