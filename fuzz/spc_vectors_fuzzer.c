/*
 * Fuzzes the vector loader in its SPC700 shape (emu/conformance.h,
 * z3_conf_new_spc700): any input either fails with a message or runs the
 * SPC700 core from whatever state it gives, and the report adds up
 * (fuzz_conf.h).
 *
 * Seeds in fuzz/corpora/spc_vectors/: a passing hand-written file
 * (hand_written.json) and broken or failing ones.
 */
#include <stdint.h>

#include "fuzz_conf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_LISTED = 4 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static z3_conf_runner *run;
  if (!run && !(run = z3_conf_new_spc700(MAX_LISTED))) abort();
  z3_conf_clear(run);
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_conf_run_buffer(run, "input.json", data, size, &err);
  if (st != Z3_OK && !err.message[0]) abort();
  fuzz_conf_check_report(run, MAX_LISTED);
  return 0;
}
