/*
 * Fuzzes the vector loader in its SPC700 shape (emu/conformance.h,
 * z3_conf_new_spc700): any input either fails with a message or runs the
 * SPC700 core from whatever state it gives, and the report adds up.
 *
 * Seeds in fuzz/corpora/spc_vectors/: a passing hand-written file
 * (hand_written.json) and broken or failing ones.
 */
#include <stdint.h>
#include <stdlib.h>

#include "emu/conformance.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_LISTED = 4 };

static void check_report(const z3_conf_report *rep) {
  const z3_conf_counts *c = &rep->total;
  if (c->passed > c->tests || c->cycle_tests > c->tests || c->cycle_agree > c->cycle_tests ||
      c->bus_agree > c->cycle_agree) {
    abort();
  }
  uint64_t tests = 0;
  for (int op = 0; op < 256; op++) tests += rep->by_opcode[op].tests;
  if (tests != c->tests) abort();
  if (rep->failure_count > MAX_LISTED || rep->failure_count > c->tests - c->passed) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static z3_conf_runner *run;
  if (!run && !(run = z3_conf_new_spc700(MAX_LISTED))) abort();
  z3_conf_clear(run);
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_conf_run_buffer(run, "input.json", data, size, &err);
  if (st != Z3_OK && !err.message[0]) abort();
  check_report(z3_conf_report_of(run));
  return 0;
}
