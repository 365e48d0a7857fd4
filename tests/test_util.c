/* Helpers shared by every test binary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "test.h"
#include "zelda3/sample.h"

char *z3_test_tmpdir(void) {
  const char *root = getenv("TMPDIR");
  char *tmpl = z3_strfmt("%s/z3test.XXXXXX", root && *root ? root : "/tmp");
  if (!tmpl || !mkdtemp(tmpl)) abort();
  return tmpl;
}

uint64_t z3_test_rand(uint64_t *state) { /* splitmix64: small, deterministic, good enough */
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void z3_test_fill_random(uint8_t *buf, size_t n, uint64_t seed) {
  for (size_t i = 0; i < n; i++) buf[i] = (uint8_t)z3_test_rand(&seed);
}

z3_rom *z3_test_sample_rom(size_t size, z3_mapping mapping) {
  z3_error err;
  z3_error_init(&err);
  z3_sample_opts opts = {.size = size, .mapping = mapping};
  z3_rom *rom = NULL;
  assert_ok(z3_sample_rom(&rom, &opts, &err), &err);
  return rom;
}

char *z3_test_sh(const char *cmd, int *exit_code) {
  FILE *p = popen(cmd, "r");
  if (!p) abort();
  z3_buf out;
  z3_buf_init(&out);
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, p)) > 0)
    if (z3_buf_append(&out, chunk, n, NULL)) abort();
  int status = pclose(p);
  *exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  char *text = z3_buf_take_string(&out);
  if (!text) abort();
  return text;
}
