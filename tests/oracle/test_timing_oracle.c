/*
 * CPU-side timing against the oracle: programs that latch the H/V counters
 * around what they time (timing.s: opcode fetches in SlowROM and FastROM;
 * dma_timing.s: general DMA of several shapes, the reset, refresh pauses)
 * leave their results in WRAM $0100-$01FF; z3ed's console and
 * bsnes-mercury-accuracy must leave the same bytes, to the dot.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"
enum { RESULTS = 0x100, RESULTS_LEN = 0x100 };

static void sh(const char *cmd) {
  int status = system(cmd);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) print_error("failed: %s\n", cmd);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* $0100-$01FF after our console ran the program, from `emu run --read`. */
static void ours(const char *rom, const char *dir, uint8_t *out) {
  char *json = z3_strfmt("%s/ours.json", dir);
  char *cmd = z3_strfmt("'%s' emu run --rom '%s' --frames 3 --read wram:0x%X:%d --format json > '%s'", Z3_EXE, rom,
                        RESULTS, RESULTS_LEN, json);
  sh(cmd);
  json_t *doc = json_load_file(json, 0, NULL);
  assert_non_null(doc);
  json_t *read = json_array_get(json_object_get(json_object_get(doc, "result"), "reads"), 0);
  const char *hex = json_string_value(json_object_get(read, "hex"));
  assert_non_null(hex);
  assert_int_equal(strlen(hex), 2 * RESULTS_LEN);
  for (int i = 0; i < RESULTS_LEN; i++) {
    unsigned byte;
    assert_int_equal(sscanf(hex + 2 * i, "%2x", &byte), 1);
    out[i] = (uint8_t)byte;
  }
  json_decref(doc);
  free(cmd);
  free(json);
}

/* The same bytes of the core's work RAM after the same frames. */
static void oracle(const char *rom, const char *dir, uint8_t *out) {
  char *bin = z3_strfmt("%s/wram.bin", dir);
  /* the core is not our code: its allocations are not ours to check */
  char *cmd = z3_strfmt("ASAN_OPTIONS=detect_leaks=0 '%s' --core '%s' --rom '%s' --frames 3 --wram '%s' > /dev/null",
                        Z3_ORACLE, Z3_ORACLE_CORE, rom, bin);
  sh(cmd);
  FILE *f = fopen(bin, "rb");
  assert_non_null(f);
  assert_int_equal(fseek(f, RESULTS, SEEK_SET), 0);
  assert_int_equal(fread(out, 1, RESULTS_LEN, f), RESULTS_LEN);
  fclose(f);
  free(cmd);
  free(bin);
}

/* Each 4-byte latch is H (low, bit 8) then V (low, bit 8). */
static void compare(const char *program, uint16_t done_at) {
  char *rom = z3_strfmt("%s%s.sfc", PROGRAMS, program), *dir = z3_test_tmpdir();
  uint8_t a[RESULTS_LEN], b[RESULTS_LEN];
  ours(rom, dir, a);
  oracle(rom, dir, b);
  assert_int_equal(a[done_at - RESULTS], 1); /* the program ran to its end */
  for (int i = 0; i < RESULTS_LEN; i += 4) {
    if (!memcmp(a + i, b + i, 4)) continue;
    print_error("%s: latch at $%04X: ours H %u V %u, bsnes H %u V %u\n", program, RESULTS + i, a[i] | a[i + 1] << 8,
                a[i + 2] | a[i + 3] << 8, b[i] | b[i + 1] << 8, b[i + 2] | b[i + 3] << 8);
  }
  assert_memory_equal(a, b, RESULTS_LEN);
  char *cmd = z3_strfmt("rm -rf '%s'", dir);
  sh(cmd);
  free(cmd);
  free(dir);
  free(rom);
}

Z3_TEST(test_timing_oracle__opcode_fetches) {
  (void)state;
  compare("timing", 0x0120);
}

Z3_TEST(test_timing_oracle__dma_reset_and_refresh) {
  (void)state;
  compare("dma_timing", 0x01FF);
}

Z3_RUN(cmocka_unit_test(test_timing_oracle__opcode_fetches),
       cmocka_unit_test(test_timing_oracle__dma_reset_and_refresh))
