/*
 * Fuzzes the 65C816 vector loader and runner (emu/conformance.h): any input
 * either fails with a message or runs, and the report it leaves must add up
 * (passes within tests, cycle agreement within cycle tests, per-opcode counts
 * summing to the total, listed failures within the cap). Tests that parse
 * run the CPU core from whatever state they give.
 *
 * Seeds in fuzz/corpora/cpu_vectors/: hand-written vector files of both
 * shapes (hand_written.json: the only one named *.json, so the folder is a
 * passing vector folder for `z3ed dev cpu-conformance` and its CLI case) and
 * broken or failing ones.
 */
#include <stdint.h>
#include <stdlib.h>

#include "emu/conformance.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_LISTED = 4 };

static void check_counts(const z3_conf_counts *c) {
  if (c->passed > c->tests || c->cycle_tests > c->tests || c->cycle_agree > c->cycle_tests ||
      c->bus_agree > c->cycle_agree) {
    abort();
  }
}

static void check_report(const z3_conf_report *rep) {
  check_counts(&rep->total);
  uint64_t tests = 0, passed = 0;
  for (int op = 0; op < 256; op++) {
    check_counts(&rep->by_opcode[op]);
    tests += rep->by_opcode[op].tests;
    passed += rep->by_opcode[op].passed;
  }
  if (tests != rep->total.tests || passed != rep->total.passed) abort();
  uint64_t failed = rep->total.tests - rep->total.passed;
  if (rep->failure_count > MAX_LISTED || rep->failure_count > failed) abort();
  for (size_t i = 0; i < rep->failure_count; i++) {
    if (!rep->failures[i].field[0] || rep->failures[i].fields_differing < 1) abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static z3_conf_runner *run; /* one 16 MiB memory for the whole session */
  if (!run && !(run = z3_conf_new(MAX_LISTED))) abort();
  z3_conf_clear(run);
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_conf_run_buffer(run, "input.json", data, size, &err);
  if (st != Z3_OK && !err.message[0]) abort();
  check_report(z3_conf_report_of(run));
  return 0;
}
