/*
 * Fuzzes the 65C816 vector loader and runner (emu/conformance.h): any input
 * either fails with a message or runs, and the report it leaves must add up
 * (passes within tests, cycle agreement within cycle tests, per-opcode counts
 * and per-file counts summing to the total, listed failures within the cap,
 * their values as wide as the report prints them: fuzz_conf.h). Tests that parse
 * run the CPU core from whatever state they give.
 *
 * Seeds in fuzz/corpora/cpu_vectors/: hand-written vector files of both
 * shapes (hand_written.json: the only one named *.json, so the folder is a
 * passing vector folder for `z3ed dev cpu-conformance` and its CLI case) and
 * broken or failing ones.
 */
#include <stdint.h>

#include "fuzz_conf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_LISTED = 4 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static z3_conf_runner *run; /* one 16 MiB memory for the whole session */
  if (!run && !(run = z3_conf_new(MAX_LISTED))) abort();
  z3_conf_clear(run);
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_conf_run_buffer(run, "input.json", data, size, &err);
  if (st != Z3_OK && !err.message[0]) abort();
  fuzz_conf_check_report(run, MAX_LISTED);
  return 0;
}
