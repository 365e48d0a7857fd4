/* Fuzzes command-line parsing against the table: the input is split at NUL
 * bytes into argv words. Nothing is run; only parsing and validation. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_WORDS = 32 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *copy = malloc(size + 1);
  if (!copy) return 0;
  memcpy(copy, data, size);
  copy[size] = '\0';
  char *argv[MAX_WORDS];
  int argc = 0;
  for (size_t i = 0; i <= size && argc < MAX_WORDS;) {
    argv[argc++] = copy + i;
    i += strlen(copy + i) + 1;
  }
  z3_cmd_ctx ctx;
  z3_error err;
  z3_error_init(&err);
  if (z3_cmd_parse(&ctx, argc, argv, &err) == Z3_OK && ctx.cmd && !ctx.help) {
    for (size_t i = 0; z3_command_arg_at(ctx.cmd, i); i++) {
      const z3_arg_spec *a = z3_command_arg_at(ctx.cmd, i);
      (void)z3_arg_str(&ctx, a->name);
    }
  }
  free(copy);
  return 0;
}
