/*
 * The SPC700 core against ../shared/testdata/spc700 (all 256 opcodes, 300
 * tests each): 100% of registers and listed memory, of cycle counts and of
 * the cycles themselves. The folder must exist: a missing folder fails.
 */
#include <string.h>

#include "emu/conformance.h"
#include "test.h"

#define VECTORS Z3_SOURCE_DIR "/../shared/testdata/spc700"

static void print_failures(const z3_conf_failure *f, size_t n) {
  for (size_t i = 0; i < n; i++) {
    print_error("%s: %s: %s expected $%X, got $%X\n", f[i].file, f[i].test, f[i].field,
                f[i].expected, f[i].actual);
  }
}

Z3_TEST(all_opcodes_pass_on_registers_memory_and_cycles) {
  (void)state;
  z3_conf_runner *run = z3_conf_new_spc700(20);
  assert_non_null(run);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_conf_run_path(run, VECTORS, &err), &err);
  const z3_conf_report *rep = z3_conf_report_of(run);
  print_failures(rep->failures, rep->failure_count);
  print_failures(rep->cycle_mismatches, rep->cycle_mismatch_count);
  assert_int_equal(rep->file_count, 256);
  assert_int_equal(rep->total.tests, 256 * 300);
  assert_int_equal(rep->total.passed, rep->total.tests);
  assert_int_equal(rep->total.cycle_tests, rep->total.tests);
  assert_int_equal(rep->total.cycle_agree, rep->total.tests);
  assert_int_equal(rep->total.bus_agree, rep->total.tests);
  for (int op = 0; op < 256; op++) assert_int_equal(rep->by_opcode[op].passed, 300);
  z3_conf_free(run);
}

/* MOV A,#$42 at $0200; `final_a` decides pass or fail, `cycles` lists the bus cycles. */
#define MOV_TEST(final_a, cycles)                                                              \
  "[{\"name\": \"e8 0\", \"initial\": {\"pc\": 512, \"a\": 0, \"x\": 0, \"y\": 0, \"sp\": 239, " \
  "\"psw\": 2, \"ram\": [[512, 232], [513, 66]]}, \"final\": {\"pc\": 514, \"a\": " final_a      \
  ", \"x\": 0, \"y\": 0, \"sp\": 239, \"psw\": 0, \"ram\": [[513, 66]]}, \"cycles\": " cycles "}]"

static z3_status run_text(z3_conf_runner *run, const char *text, z3_error *err) {
  z3_error_init(err);
  return z3_conf_run_buffer(run, "t.json", text, strlen(text), err);
}

Z3_TEST(runner_reports_fields_and_cycles_in_spc700_widths) {
  (void)state;
  z3_conf_runner *run = z3_conf_new_spc700(5);
  z3_error err;
#define TWO "[[512, 232, \"read\"], [513, 66, \"read\"]]"
#define THREE "[[512, 232, \"read\"], [513, 66, \"read\"], [null, null, \"wait\"]]"
  assert_ok(run_text(run, MOV_TEST("66", TWO), &err), &err);
  assert_ok(run_text(run, MOV_TEST("65", TWO), &err), &err);   /* wrong A */
  assert_ok(run_text(run, MOV_TEST("66", THREE), &err), &err); /* one cycle too many */
  const z3_conf_report *rep = z3_conf_report_of(run);
  assert_int_equal(rep->total.tests, 3);
  assert_int_equal(rep->total.passed, 2);
  assert_int_equal(rep->total.cycle_agree, 2);
  assert_int_equal(rep->by_opcode[0xE8].tests, 3);
  assert_string_equal(rep->failures[0].field, "a");
  assert_int_equal(rep->failures[0].actual, 0x42);
  assert_string_equal(rep->cycle_mismatches[0].field, "cycles");
  assert_int_equal(z3_conf_value_digits(run, "a"), 2);
  assert_int_equal(z3_conf_value_digits(run, "pc"), 4);
  assert_int_equal(z3_conf_value_digits(run, "cycles"), 0);
  z3_conf_free(run);
}

Z3_TEST(runner_rejects_addresses_beyond_64k) {
  (void)state;
  z3_conf_runner *run = z3_conf_new_spc700(5);
  z3_error err;
  const char *far = "[{\"name\": \"n\", \"initial\": {\"pc\": 0, \"a\": 0, \"x\": 0, \"y\": 0, "
                    "\"sp\": 0, \"psw\": 0, \"ram\": [[65536, 1]]}, \"final\": {}}]";
  assert_int_equal(run_text(run, far, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "initial.ram"));
  assert_non_null(strstr(err.hint, "65535"));
  const char *wide_a = "[{\"name\": \"n\", \"initial\": {\"pc\": 0, \"a\": 256, \"x\": 0, "
                       "\"y\": 0, \"sp\": 0, \"psw\": 0, \"ram\": []}, \"final\": {}}]";
  assert_int_equal(run_text(run, wide_a, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "initial.a"));
  z3_conf_free(run);
}

Z3_RUN(cmocka_unit_test(all_opcodes_pass_on_registers_memory_and_cycles),
       cmocka_unit_test(runner_reports_fields_and_cycles_in_spc700_widths),
       cmocka_unit_test(runner_rejects_addresses_beyond_64k))
