/* Commands of the test resource: GUI test suites run against yaze's harness (debug/suite.h). */
#include "cmd/table_macros.h"
#include "debug/handlers_gui.h"
#include "debug/suite.h"

static const z3_command z3_cmds_suite[] = {
    {
        .resource = "test", .action = "suite run",
        .summary = "run a YAML suite of GUI tests against a running yaze",
        .description = "Reads SUITE.yaml (tests with name, group, depends, ci and steps; each step one "
                       "harness method: click, type, wait, assert, screenshot, discover, state, ping) and runs "
                       "the tests in order over one connection to `yaze --harness`. Groups listed under "
                       "`groups:` with `parallel: true` and a `start: {rom, editor}` run instead on a yaze "
                       "of their own (a temporary copy of the ROM, its own socket, this display), up to "
                       "--jobs at once, after the groups their `depends` names; results keep suite order "
                       "and every started yaze is stopped, also on failure or Ctrl-C. A test whose "
                       "dependency did not pass is skipped; --retries runs a failed test again and a "
                       "later pass counts as flaky. Exit 0 when every test passed, 1 when one failed, "
                       "2 when the suite could not be read or run or a step was refused (an error). "
                       "--junit writes JUnit XML, one testsuite per group. --ci-mode skips tests "
                       "marked `ci: false`. --report-dir keeps, for each failed test, a screenshot, the widget "
                       "tree and the actions of its last try (JSON and HTML). --dry-run only reads the suite.",
        .flags = Z3_CMD_CHECK | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_RUNS_PROCESSES,
        .effects = LIST("drives a running yaze through its harness socket", "starts a yaze per parallel group, stopped when the group ends",
                        "writes the JUnit XML file and failure reports"),
        .args = ARGS({"suite", Z3_ARG_PATH, true, NULL, NULL, "the suite's YAML file", 0, 0},
                     {"socket", Z3_ARG_PATH, false, NULL, NULL, "the harness socket (default: $YAZE_HARNESS)", 0, 0},
                     {"ci-mode", Z3_ARG_BOOL, false, NULL, NULL, "skip the tests marked `ci: false`", 0, 0},
                     {"junit", Z3_ARG_OUT_PATH, false, NULL, NULL, "write JUnit XML here", 0, 0},
                     {"retries", Z3_ARG_INT, false, "0", NULL, "extra tries of a failed test", 0, 10},
                     {"jobs", Z3_ARG_INT, false, "2", NULL, "parallel groups running at once (each on its own yaze)", 1, SUITE_MAX_JOBS},
                     {"yaze", Z3_ARG_PATH, false, NULL, NULL, "the yaze parallel groups start (default: beside z3ed, else on PATH)", 0, 0},
                     {"report-dir", Z3_ARG_OUT_PATH, false, NULL, NULL,
                      "a failed test's report goes to DIR/TEST/: screen.png, report.json, index.html", 0, 0}),
        .returns = RETURNS({"suite", "string", "its name"}, {"passed", "integer", "tests passed"},
                           {"failed", "integer", "tests whose assert or wait did not hold"},
                           {"errors", "integer", "tests a step of which was refused"},
                           {"skipped", "integer", "tests not run"}, {"flaky", "integer", "tests that passed on a retry"},
                           {"time_ms", "number", "the whole run"},
                           {"tests", "array", "in suite order: name, group, status, tries, flaky, time_ms, message, report (its folder), pid and socket of its yaze"}),
        .examples = LIST("z3ed test suite run --suite tests/gui/editors.yaml --socket /tmp/yaze.sock --ci-mode --junit out.xml"),
        .handler = cmd_test_suite_run,
    },
    END_OF_SECTION,
};
Z3_COMMAND_SECTION(z3_cmds_suite, 970);
