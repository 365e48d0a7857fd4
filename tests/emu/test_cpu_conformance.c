/*
 * The 65C816 core against both vector sets of ../shared/testdata/65816:
 * 100% of registers and listed memory on each, and the SingleStepTests
 * slice's bus-cycle counts. The folder must exist (CI puts ../shared beside
 * the clone): a missing folder fails, it is not skipped.
 */
#include <stdio.h>

#include "emu/conformance.h"
#include "test.h"

#define VECTORS Z3_SOURCE_DIR "/../shared/testdata/65816"

static void print_failures(const z3_conf_failure *f, size_t n) {
  for (size_t i = 0; i < n; i++) {
    print_error("%s: %s: %s expected $%X, got $%X (%d fields differ)\n", f[i].file, f[i].test,
                f[i].field, f[i].expected, f[i].actual, f[i].fields_differing);
  }
}

static const z3_conf_report *run_set(z3_conf_runner *run, const char *path) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_conf_run_path(run, path, &err), &err);
  const z3_conf_report *rep = z3_conf_report_of(run);
  print_message("%s: %llu/%llu passed, cycles %llu/%llu\n", path, (unsigned long long)rep->total.passed,
                (unsigned long long)rep->total.tests, (unsigned long long)rep->total.cycle_agree,
                (unsigned long long)rep->total.cycle_tests);
  print_failures(rep->failures, rep->failure_count);
  print_failures(rep->cycle_mismatches, rep->cycle_mismatch_count);
  return rep;
}

Z3_TEST(single_step_tests_slice) {
  (void)state;
  z3_conf_runner *run = z3_conf_new(20);
  assert_non_null(run);
  const z3_conf_report *rep = run_set(run, VECTORS "/sst");
  assert_int_equal(rep->file_count, 84);
  assert_int_equal(rep->total.tests, 84 * 300);
  assert_int_equal(rep->total.passed, rep->total.tests);
  assert_int_equal(rep->total.cycle_tests, rep->total.tests);
  assert_int_equal(rep->total.cycle_agree, rep->total.cycle_tests);
  z3_conf_free(run);
}

Z3_TEST(cputest_vectors) {
  (void)state;
  z3_conf_runner *run = z3_conf_new(20);
  assert_non_null(run);
  const z3_conf_report *rep = run_set(run, VECTORS "/cputest/vectors.json");
  assert_int_equal(rep->total.tests, 1610);
  assert_int_equal(rep->total.passed, rep->total.tests);
  assert_int_equal(rep->total.cycle_tests, 0);
  /* Every opcode but WAI and STP is exercised. */
  int opcodes = 0;
  for (int op = 0; op < 256; op++) opcodes += rep->by_opcode[op].tests > 0;
  assert_int_equal(opcodes, 254);
  z3_conf_free(run);
}

Z3_RUN(cmocka_unit_test(single_step_tests_slice), cmocka_unit_test(cputest_vectors))
