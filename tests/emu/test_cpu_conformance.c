/*
 * The 65C816 core against both vector sets of ../shared/testdata/65816:
 * 100% of registers and listed memory on each, and the SingleStepTests
 * slice's bus-cycle counts. The folder must exist (CI puts ../shared beside
 * the clone): a missing folder fails, it is not skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  print_message("%s: %llu/%llu passed, cycle counts %llu/%llu, bus cycles %llu\n", path,
                (unsigned long long)rep->total.passed, (unsigned long long)rep->total.tests,
                (unsigned long long)rep->total.cycle_agree, (unsigned long long)rep->total.cycle_tests,
                (unsigned long long)rep->total.bus_agree);
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
  /* ...and cycle by cycle: kind, address and byte of every bus access. */
  assert_int_equal(rep->total.bus_agree, rep->total.cycle_tests);
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

/* ---- the runner itself ------------------------------------------------------------------ */

/* LDA #$42 in emulation mode: A becomes $1242 (B kept), 2 cycles. */
#define LDA_TEST(final_a)                                                                       \
  "[{\"name\": \"lda\", \"initial\": {\"pc\": 4096, \"s\": 511, \"p\": 48, \"a\": 4608, "     \
  "\"x\": 0, \"y\": 0, \"dbr\": 0, \"d\": 0, \"pbr\": 0, \"e\": 1, "                          \
  "\"ram\": [[4096, 169], [4097, 66]]}, \"final\": {\"a\": " final_a ", \"pc\": 4098, "          \
  "\"ram\": [[4097, 66]]}, \"cycles\": [[4096, 169, \"dp-remx-\"], [4097, 66, \"-p-remx-\"]]}]"

static z3_status run_text(z3_conf_runner *run, const char *text, z3_error *err) {
  z3_error_init(err);
  return z3_conf_run_buffer(run, "t.json", text, strlen(text), err);
}

Z3_TEST(runner_reports_the_differing_field) {
  (void)state;
  z3_conf_runner *run = z3_conf_new(5);
  z3_error err;
  assert_ok(run_text(run, LDA_TEST("4674"), &err), &err); /* $1242: right */
  assert_ok(run_text(run, LDA_TEST("66"), &err), &err);   /* $0042: wrong */
  const z3_conf_report *rep = z3_conf_report_of(run);
  assert_int_equal(rep->total.tests, 2);
  assert_int_equal(rep->total.passed, 1);
  assert_int_equal(rep->total.cycle_agree, 2);
  assert_int_equal(rep->total.bus_agree, 2);
  assert_int_equal(rep->by_opcode[0xA9].tests, 2);
  assert_int_equal(rep->failure_count, 1);
  assert_string_equal(rep->failures[0].test, "lda");
  assert_string_equal(rep->failures[0].field, "a");
  assert_int_equal(rep->failures[0].expected, 0x42);
  assert_int_equal(rep->failures[0].actual, 0x1242);
  assert_int_equal(rep->file_count, 2);
  z3_conf_free(run);
}

Z3_TEST(runner_rejects_bad_files_naming_where) {
  (void)state;
  z3_conf_runner *run = z3_conf_new(5);
  z3_error err;
  assert_int_equal(run_text(run, "[{\"name\": \"x\",\n \"initial\": }]", &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "t.json:2:"));
  assert_int_equal(run_text(run, "{}", &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "list of tests"));
  const char *big_pc = "[{\"name\": \"n\", \"initial\": {\"pc\": 70000}, \"final\": {}}]";
  assert_int_equal(run_text(run, big_pc, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "test 0 ('n'): initial.pc"));
  z3_error_init(&err);
  assert_int_equal(z3_conf_run_path(run, VECTORS "/no-such-folder", &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "no-such-folder"));
  char *empty = z3_test_tmpdir();
  z3_error_init(&err);
  assert_int_equal(z3_conf_run_path(run, empty, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "no vector files"));
  free(empty);
  assert_int_equal(z3_conf_report_of(run)->total.tests, 0);
  z3_conf_free(run);
}

Z3_RUN(cmocka_unit_test(single_step_tests_slice), cmocka_unit_test(cputest_vectors),
       cmocka_unit_test(runner_reports_the_differing_field),
       cmocka_unit_test(runner_rejects_bad_files_naming_where))
