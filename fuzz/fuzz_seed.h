/* Seed mode shared by the fuzz targets: built with -DZ3_FUZZ_SEEDS, a target
 * writes its own seed corpus with our writers instead of fuzzing. */
#ifndef Z3_FUZZ_SEED_H
#define Z3_FUZZ_SEED_H

#include <stdlib.h>

#include "base/base.h"

/* Writes one seed file DIR/NAME; any failure aborts (seed mode is a tool, not a test). */
static inline void write_seed(const char *dir, const char *name, const void *p, size_t n) {
  char *path = z3_strfmt("%s/%s", dir, name);
  z3_error err;
  z3_error_init(&err);
  if (!path || z3_file_write_atomic(path, p, n, NULL, &err) != Z3_OK) abort();
  z3_free(path);
}

#endif
