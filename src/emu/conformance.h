/*
 * Conformance runner: single-instruction test vectors run against a CPU core
 * in a flat memory. z3_conf_new runs the 65C816 shapes of
 * ../shared/testdata/65816/README.md against z3_cpu in 16 MiB;
 * z3_conf_new_spc700 the SPC700 shape of ../shared/testdata/spc700/README.md
 * (registers pc a x y sp psw, cycles listed as read/write/wait) against
 * z3_spc700 in 64 KiB. Everything below applies to both.
 *
 * Both sets in that folder share one JSON shape, a list of tests each with
 * `name`, `initial` and `final` states; the runner tells them apart per test
 * from the content: a `cycles` list (SingleStepTests) is compared by length
 * and entry by entry,
 * `p_mask` restricts the compared bits of P, `block_move: true` runs until
 * PBR:PC leaves the instruction (cputest's MVN/MVP). A test passes when
 * every register present in `final` and every listed `final.ram` byte
 * equals the CPU's; cycle agreement is counted apart and decides nothing.
 *
 * Usage: z3_conf_new, then any number of z3_conf_run_* calls adding to one
 * report, then z3_conf_report_of, then z3_conf_free. A file that is not a
 * well-formed vector file is an error naming the file and the position (JSON
 * line and column, or the test's index and key); tests before it in the same
 * file still count.
 */
#ifndef Z3_EMU_CONFORMANCE_H
#define Z3_EMU_CONFORMANCE_H

#include <stddef.h>
#include <stdint.h>

#include "base/base.h"

typedef struct z3_conf_counts {
  uint64_t tests, passed;
  uint64_t cycle_tests;  /* tests that list their bus cycles */
  uint64_t cycle_agree;  /* ...whose cycle count the CPU matched */
  uint64_t bus_agree;    /* ...and whose every cycle matched too: read, write or
                            internal, address and byte (internal cycles are the
                            entries with a null byte) */
} z3_conf_counts;

enum { Z3_CONF_NAME_MAX = 96, Z3_CONF_FIELD_MAX = 24 };

/* One difference: a failing test's first differing field, or a cycle count
 * that differs (field "cycles"; expected and actual are counts), or the
 * first bus cycle that differs (field "cycle[N]"; expected and actual are
 * addresses). */
typedef struct z3_conf_failure {
  char file[Z3_CONF_NAME_MAX]; /* file name as given, shortened from the left if long */
  char test[Z3_CONF_NAME_MAX];
  char field[Z3_CONF_FIELD_MAX]; /* "a", "p", "pc", "ram[$7E1234]", "cycles" */
  uint32_t expected, actual;
  int fields_differing; /* how many fields of this test differ */
} z3_conf_failure;

typedef struct z3_conf_file {
  char name[Z3_CONF_NAME_MAX];
  z3_conf_counts counts;
} z3_conf_file;

typedef struct z3_conf_report {
  z3_conf_counts total;
  z3_conf_counts by_opcode[256]; /* by the byte at the initial PBR:PC */
  z3_conf_file *files;
  size_t file_count;
  /* The first max_failures failures and cycle mismatches, in run order. */
  z3_conf_failure *failures;
  size_t failure_count;
  z3_conf_failure *cycle_mismatches;
  size_t cycle_mismatch_count;
} z3_conf_report;

typedef struct z3_conf_runner z3_conf_runner;

/* NULL when out of memory. max_failures caps both lists of the report. */
z3_conf_runner *z3_conf_new(size_t max_failures);
z3_conf_runner *z3_conf_new_spc700(size_t max_failures);
void z3_conf_free(z3_conf_runner *run);

/* Runs the tests in one JSON text; `name` is how errors and the report call it. */
z3_status z3_conf_run_buffer(z3_conf_runner *run, const char *name, const void *text, size_t len,
                             z3_error *err);
/* One vector file. */
z3_status z3_conf_run_file(z3_conf_runner *run, const char *path, z3_error *err);
/* Every *.json file under `path` (sub-folders included, in name order), or
 * `path` itself when it is a file. A folder without any is an error. */
z3_status z3_conf_run_path(z3_conf_runner *run, const char *path, z3_error *err);

const z3_conf_report *z3_conf_report_of(const z3_conf_runner *run);
/* How a failure's expected/actual value of `field` is best shown: hex
 * digits (2 for bytes, 4 for words, 6 for 24-bit addresses), or 0 for a
 * plain count ("cycles"). */
unsigned z3_conf_value_digits(const z3_conf_runner *run, const char *field);
/* Empties the report (keeping the memory) for a new run. */
void z3_conf_clear(z3_conf_runner *run);

#endif
