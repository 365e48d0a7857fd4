/* z3-mksample: writes the bundled sample ROM (and variants for tests and benchmarks).
 *   z3-mksample [--size 1MiB|4MiB|N] [--mapping lorom|hirom|exlorom|exhirom] [--seed N] OUT */
#include <stdio.h>
#include <string.h>

#include "zelda3/sample.h"

static bool parse_size(const char *s, size_t *out) {
  uint64_t v;
  char num[32];
  size_t n = strspn(s, "0123456789");
  if (n == 0 || n >= sizeof num) return false;
  memcpy(num, s, n);
  num[n] = '\0';
  if (!z3_parse_u64(num, &v)) return false;
  const char *unit = s + n;
  if (strcmp(unit, "MiB") == 0 || strcmp(unit, "M") == 0) v <<= 20;
  else if (strcmp(unit, "KiB") == 0 || strcmp(unit, "K") == 0) v <<= 10;
  else if (*unit) return false;
  *out = (size_t)v;
  return true;
}

int main(int argc, char **argv) {
  z3_sample_opts opts = {0};
  const char *path = NULL;
  for (int i = 1; i < argc; i++) {
    bool has_value = i + 1 < argc;
    uint64_t seed;
    if (strcmp(argv[i], "--size") == 0 && has_value && parse_size(argv[i + 1], &opts.size)) i++;
    else if (strcmp(argv[i], "--mapping") == 0 && has_value && z3_mapping_parse(argv[i + 1], &opts.mapping)) i++;
    else if (strcmp(argv[i], "--seed") == 0 && has_value && z3_parse_u64(argv[i + 1], &seed)) opts.seed = seed, i++;
    else if (argv[i][0] != '-' && !path) path = argv[i];
    else {
      fprintf(stderr, "usage: z3-mksample [--size 1MiB] [--mapping lorom|hirom|exlorom|exhirom] [--seed N] OUT\n");
      return 2;
    }
  }
  if (!path) {
    fprintf(stderr, "z3-mksample: error: no output file given\n");
    return 2;
  }
  z3_error err;
  z3_error_init(&err);
  z3_buf rom;
  z3_buf_init(&rom);
  z3_status st = z3_sample_build(&rom, &opts, &err);
  if (st == Z3_OK) st = z3_file_write_atomic(path, rom.data, rom.len, NULL, &err);
  z3_buf_release(&rom);
  if (st) {
    fprintf(stderr, "z3-mksample: error: %s\n", err.message);
    return st == Z3_E_IO ? 3 : 2;
  }
  return 0;
}
