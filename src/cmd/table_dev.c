/* Commands of the dev resource: developer tools (65C816 and SPC700 conformance). */
#include "cmd/handlers_dev.h"
#include "cmd/table_macros.h"

static const z3_command z3_cmds_dev[] = {
    {
        .resource = "dev", .action = "cpu-conformance",
        .summary = "run 65C816 single-instruction test vectors against the CPU core; exit 1 on failures",
        .description = "Runs every vector file (*.json, sub-folders included) under --dir, or the one "
                       "file --dir names, against z3ed's 65C816 core in a flat 16 MiB memory. Both "
                       "shapes of ../shared/testdata/65816 are read, told apart per test: "
                       "SingleStepTests (with bus cycle lists, compared by count and cycle by cycle) "
                       "and the converted cputest vectors (p_mask, block moves). A test passes when "
                       "every register in its final state and every listed memory byte match; cycle "
                       "agreement is reported apart and decides nothing. Prints totals, counts per "
                       "opcode and per file, and the first failures with the field that differs.",
        .flags = Z3_CMD_CHECK | Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the vector files"),
        .args = ARGS({"dir", Z3_ARG_PATH, true, NULL, NULL, "folder of vector files (or one file)", 0, 0},
                     {"max-failures", Z3_ARG_INT, false, "20", NULL,
                      "list at most this many failures (and as many cycle mismatches)", 0, 100000}),
        .returns = RETURNS({"passed_all", "boolean", "every test passed on registers and memory"},
                           {"files", "integer", "vector files read"},
                           {"tests", "integer", "tests run"},
                           {"passed", "integer", "tests whose registers and memory matched"},
                           {"failed", "integer", "tests that did not"},
                           {"cycle_tests", "integer", "tests that list bus cycles (SingleStepTests)"},
                           {"cycle_count_agree", "integer", "...whose cycle count the core matched"},
                           {"bus_cycles_agree", "integer", "...whose every cycle (kind, address, byte) matched"},
                           {"by_opcode", "array", "opcode, tests, passed, failed, cycle_tests, cycle_count_agree"},
                           {"by_file", "array", "file, tests, passed, failed, cycle_tests, cycle_count_agree"},
                           {"failures", "array", "file, test, field, expected, actual, fields_differing"},
                           {"failures_listed", "integer", "how many of the failures are listed"},
                           {"cycle_mismatches", "array", "file, test, field (cycles or cycle[N]), expected, actual"}),
        .examples = LIST("z3ed dev cpu-conformance --dir vectors",
                         "z3ed dev cpu-conformance --dir vectors --max-failures 5 --format json"),
        .handler = cmd_dev_cpu_conformance,
    },
    {
        .resource = "dev", .action = "spc-conformance",
        .summary = "run SPC700 single-instruction test vectors against the APU's CPU core; exit 1 on failures",
        .description = "Runs every vector file (*.json, sub-folders included) under --dir, or the one "
                       "file --dir names, against z3ed's SPC700 core in a flat 64 KiB memory with no "
                       "I/O registers, one instruction per test: the SingleStepTests SPC700 shape of "
                       "../shared/testdata/spc700 (registers pc, a, x, y, sp, psw; bus cycles listed "
                       "as read, write or wait). A test passes when every register in its final "
                       "state and every listed memory byte match; the cycle count and each cycle "
                       "(a wait or a read of an unknown byte counts as an idle cycle) are reported "
                       "apart. Same result shape as dev cpu-conformance.",
        .flags = Z3_CMD_CHECK | Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the vector files"),
        .args = ARGS({"dir", Z3_ARG_PATH, true, NULL, NULL, "folder of vector files (or one file)", 0, 0},
                     {"max-failures", Z3_ARG_INT, false, "20", NULL,
                      "list at most this many failures (and as many cycle mismatches)", 0, 100000}),
        .returns = RETURNS({"passed_all", "boolean", "every test passed on registers and memory"},
                           {"files", "integer", "vector files read"},
                           {"tests", "integer", "tests run"},
                           {"passed", "integer", "tests whose registers and memory matched"},
                           {"failed", "integer", "tests that did not"},
                           {"cycle_tests", "integer", "tests that list bus cycles"},
                           {"cycle_count_agree", "integer", "...whose cycle count the core matched"},
                           {"bus_cycles_agree", "integer", "...whose every cycle (kind, address, byte) matched"},
                           {"by_opcode", "array", "opcode, tests, passed, failed, cycle_tests, cycle_count_agree"},
                           {"by_file", "array", "file, tests, passed, failed, cycle_tests, cycle_count_agree"},
                           {"failures", "array", "file, test, field, expected, actual, fields_differing"},
                           {"failures_listed", "integer", "how many of the failures are listed"},
                           {"cycle_mismatches", "array", "file, test, field (cycles or cycle[N]), expected, actual"}),
        .examples = LIST("z3ed dev spc-conformance --dir spc-vectors",
                         "z3ed dev spc-conformance --dir spc-vectors --max-failures 5 --format json"),
        .handler = cmd_dev_spc_conformance,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_dev, 1000)
