/* Thin layer over cmocka so test files read alike (mGBA's suite.h idea). */
#ifndef Z3_TEST_H
#define Z3_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/base.h"
#include "snes/rom.h"

/* Where the build put things; set per test binary by tests/CMakeLists.txt. */
#ifndef Z3_SOURCE_DIR
#define Z3_SOURCE_DIR "."
#endif
#ifndef Z3_BINARY_DIR
#define Z3_BINARY_DIR "."
#endif

#define Z3_TEST(name) static void name(void **state)
#define Z3_RUN(...)                                               \
  int main(void) {                                                \
    const struct CMUnitTest tests[] = {__VA_ARGS__};              \
    return cmocka_run_group_tests(tests, NULL, NULL);             \
  }

/* Asserts a status is Z3_OK and prints the error message when it is not. */
#define assert_ok(expr, err)                                                     \
  do {                                                                           \
    z3_status st_ = (expr);                                                      \
    if (st_ != Z3_OK) print_error("unexpected failure: %s\n", (err)->message);   \
    assert_int_equal(st_, Z3_OK);                                                \
  } while (0)

/* A fresh empty folder for one test; caller frees the string. */
char *z3_test_tmpdir(void);
/* Fills buf with deterministic pseudo-random bytes from seed. */
void z3_test_fill_random(uint8_t *buf, size_t n, uint64_t seed);
uint64_t z3_test_rand(uint64_t *state);
/* Runs cmd through /bin/sh and returns what it wrote to stdout (caller frees; add 2>&1 to
 * cmd for stderr too); *exit_code gets its exit status, -1 when a signal ended it. */
char *z3_test_sh(const char *cmd, int *exit_code);
/* A fresh sample ROM in memory (z3_sample_build: size 0 = the default 1 MiB). */
z3_rom *z3_test_sample_rom(size_t size, z3_mapping mapping);

#endif
