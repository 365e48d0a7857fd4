/* Commands of the build resource: configure, compile and test a project, and its state. */
#include "cmd/table_macros.h"
#include "devtools/build_internal.h"

#define ROOT_ARG {"root", Z3_ARG_PATH, false, ".", NULL, "project root; the build runs there", 0, 0}
#define BUILD_DIR_ARG {"build-dir", Z3_ARG_STRING, false, "build", NULL, "build folder, relative to the root", 0, 0}
#define PRESET_ARG {"preset", Z3_ARG_STRING, false, NULL, NULL, "CMake preset (needs CMakePresets.json)", 0, 0}
#define JOBS_ARG {"jobs", Z3_ARG_INT, false, "2", NULL, "parallel jobs", 1, 64}
#define TIMEOUT_ARG {"timeout", Z3_ARG_INT, false, "600", NULL, "seconds before the whole build is killed", 1, 86400}
#define RUN_RETURNS                                                                                  \
  {"status", "string", "success, failed or timed_out"},                                               \
  {"tool", "string", "cmake, make or cc"},                                                            \
  {"command", "array", "the program and arguments run"},                                              \
  {"exit_code", "integer", "the program's exit status (-1: killed)"},                                 \
  {"seconds", "number", "wall time"},                                                                 \
  {"timed_out", "boolean", "killed at --timeout"},                                                    \
  {"output_tail", "string", "the last 4 KiB of output"},                                              \
  {"output_truncated", "boolean", "output_tail is not all of it"}
#define DIAG_RETURNS                                                                                 \
  {"errors", "integer", "error diagnostics"}, {"warnings", "integer", "warning diagnostics"},          \
  {"notes", "integer", "notes (nested under their diagnostic)"},                                      \
  {"diagnostics", "array", "kind (compiler, linker, cmake, tool), severity, file, line, column, message, option, " \
                           "function, included_from, fixits, symbol, notes"}
#define CHILD "The program runs in its own process group with LC_ALL=C, stdin from /dev/null, and is " \
              "killed with everything it started when --timeout passes. Output lines stream as progress (a " \
              "live line on a terminal, MCP progress notifications). "

static const z3_command z3_cmds_build[] = {
    {
        .resource = "build", .action = "configure",
        .summary = "configure a CMake project (with a preset when it has CMakePresets.json)",
        .description = CHILD "Runs `cmake --preset P` or `cmake -S . -B <build-dir>` in the root and parses "
                       "CMake's errors (file, line, command). make and plain C projects need no configure "
                       "step and report so.",
        .flags = Z3_CMD_CHECK | Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_RUNS_PROCESSES,
        .effects = LIST("runs cmake, which writes the build folder"),
        .args = ARGS(ROOT_ARG, BUILD_DIR_ARG, PRESET_ARG, TIMEOUT_ARG),
        .returns = RETURNS({"root", "string", "the root, canonical"}, {"build_dir", "string", "the build folder"},
                           RUN_RETURNS, DIAG_RETURNS),
        .examples = LIST("z3ed build configure --root . --build-dir build/dev",
                         "z3ed build configure --preset debug --format json"),
        .handler = cmd_build_configure,
    },
    {
        .resource = "build", .action = "compile",
        .summary = "build a project and return its compiler and linker diagnostics; exit 1 when it fails",
        .description = CHILD "CMake projects: `cmake --build` (configure first); make projects: `make -j N "
                       "[target]`; otherwise every .c file at the root is compiled with cc into "
                       "<build-dir>/<target or app>. GCC and Clang errors, warnings and notes come back with "
                       "file, line, column, include chain and fix-its; linker errors with the symbol.",
        .flags = Z3_CMD_CHECK | Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_RUNS_PROCESSES,
        .effects = LIST("runs the build, which writes the build folder"),
        .args = ARGS(ROOT_ARG, BUILD_DIR_ARG, PRESET_ARG,
                     {"target", Z3_ARG_STRING, false, NULL, NULL, "target to build (default: all)", 0, 0}, JOBS_ARG,
                     TIMEOUT_ARG),
        .returns = RETURNS({"root", "string", "the root, canonical"}, {"target", "string", "the target asked for"},
                           RUN_RETURNS, DIAG_RETURNS),
        .examples = LIST("z3ed build compile --root . --build-dir build/dev --jobs 2",
                         "z3ed build compile --root game --target z3ed --timeout 300 --format json"),
        .handler = cmd_build_compile,
    },
    {
        .resource = "build", .action = "test",
        .summary = "run a project's tests (ctest, or make check); exit 1 when any fails",
        .description = CHILD "CMake projects: runs ctest (-R --filter, -E --exclude) with a JUnit report for the "
                       "verdicts. make projects: runs `make -k check` (or `test` when there is no check "
                       "target) and reads automake's PASS/FAIL lines (each test's NAME.log too) and TAP's "
                       "ok/not ok lines; with neither, the target's exit status is the verdict. Each failing "
                       "test's output says where it failed: cmocka's ERROR and LINE lines, TAP's `not ok` "
                       "with `# at file line N.` or a YAML block, assert()'s message.",
        .flags = Z3_CMD_CHECK | Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_RUNS_PROCESSES,
        .effects = LIST("runs the project's test programs"),
        .args = ARGS(ROOT_ARG, BUILD_DIR_ARG, PRESET_ARG,
                     {"filter", Z3_ARG_STRING, false, NULL, NULL, "only tests whose name matches (ctest -R)", 0, 0},
                     {"exclude", Z3_ARG_STRING, false, NULL, NULL, "skip tests whose name matches (ctest -E)", 0, 0},
                     JOBS_ARG, TIMEOUT_ARG),
        .returns = RETURNS(RUN_RETURNS, {"tests_run", "integer", "tests that ran"},
                           {"passed", "integer", "tests that passed"}, {"failed", "integer", "tests that failed"},
                           {"skipped", "integer", "tests not run"},
                           {"target", "string", "make projects: the target run (check or test)"},
                           {"failures", "array", "name, time, message, file, line, case, output_tail, log"}),
        .examples = LIST("z3ed build test --root . --build-dir build/dev --filter cli/",
                         "z3ed build test --exclude slow --format json"),
        .handler = cmd_build_test,
    },
    {
        .resource = "build", .action = "status",
        .summary = "show a project's build system, whether it is configured, its presets and cache",
        .description = "Reads, runs nothing: the kind of project (cmake, make, cc), the configure presets of "
                       "CMakePresets.json, and from <build-dir>/CMakeCache.txt the build type, compiler, "
                       "generator and project name, and when it last built.",
        .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the project's build files"),
        .args = ARGS(ROOT_ARG, BUILD_DIR_ARG),
        .returns = RETURNS({"root", "string", "the root, canonical"}, {"tool", "string", "cmake, make or cc"},
                           {"build_dir", "string", "the build folder"},
                           {"configured", "boolean", "ready to compile"},
                           {"presets", "array", "configure presets (when CMakePresets.json exists)"},
                           {"configuration", "object", "CMakeCache.txt values"},
                           {"last_build", "string", "when the build folder last changed, UTC"}),
        .examples = LIST("z3ed build status --root . --build-dir build/asan"),
        .handler = cmd_build_status,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_build, 1020)
