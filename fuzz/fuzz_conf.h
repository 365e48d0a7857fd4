/* The checks the two vector-loader targets (cpu_vectors, spc_vectors) share:
 * the report a run leaves must add up, and every listed difference must be
 * shown as `z3ed dev cpu-conformance` and `spc-conformance` print it. */
#ifndef Z3_FUZZ_CONF_H
#define Z3_FUZZ_CONF_H

#include <stdint.h>
#include <stdlib.h>

#include "emu/conformance.h"

static inline void fuzz_conf_check_counts(const z3_conf_counts *c) {
  if (c->passed > c->tests || c->cycle_tests > c->tests || c->cycle_agree > c->cycle_tests ||
      c->bus_agree > c->cycle_agree) {
    abort();
  }
}

/* A listed difference names its field, and its values fit the hex width the
 * report prints that field with (a wider one would misalign the columns). */
static inline void fuzz_conf_check_listed(const z3_conf_runner *run, const z3_conf_failure *f, size_t n,
                                          bool counted) {
  for (size_t i = 0; i < n; i++) {
    if (!f[i].field[0] || (counted && f[i].fields_differing < 1)) abort();
    unsigned digits = z3_conf_value_digits(run, f[i].field);
    if (digits && digits < 8 && ((uint64_t)f[i].expected >> (4 * digits) || (uint64_t)f[i].actual >> (4 * digits)))
      abort();
  }
}

static inline void fuzz_conf_check_report(const z3_conf_runner *run, size_t max_listed) {
  const z3_conf_report *rep = z3_conf_report_of(run);
  fuzz_conf_check_counts(&rep->total);
  uint64_t tests = 0, passed = 0, file_tests = 0;
  for (int op = 0; op < 256; op++) {
    fuzz_conf_check_counts(&rep->by_opcode[op]);
    tests += rep->by_opcode[op].tests;
    passed += rep->by_opcode[op].passed;
  }
  for (size_t i = 0; i < rep->file_count; i++) file_tests += rep->files[i].counts.tests;
  if (tests != rep->total.tests || passed != rep->total.passed || file_tests != tests) abort();
  uint64_t failed = rep->total.tests - rep->total.passed;
  if (rep->failure_count > max_listed || rep->failure_count > failed) abort();
  if (rep->cycle_mismatch_count > max_listed || rep->cycle_mismatch_count > rep->total.cycle_tests) abort();
  fuzz_conf_check_listed(run, rep->failures, rep->failure_count, true);
  fuzz_conf_check_listed(run, rep->cycle_mismatches, rep->cycle_mismatch_count, false);
}

#endif
