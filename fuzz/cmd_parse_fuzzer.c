/* Fuzzes command-line parsing against the table: the input is split at NUL
 * bytes into argv words. Nothing is run; only parsing and validation. A
 * refusal says why; what parses gives every argument back as its spec says:
 * required ones given, integers inside their range, a choice one of the
 * spec's (the text given), switches without a value.
 * Seeds in fuzz/corpora/cmd_parse/: every command of the table with each of
 * its flags (scripts/cmd-parse-seeds.sh, from `z3ed agent describe`). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_WORDS = 32 };

static void check_arg(const z3_cmd_ctx *ctx, const z3_arg_spec *a) {
  bool given = z3_arg_given(ctx, a->name);
  const char *text = z3_arg_str(ctx, a->name);
  if (a->required && !given) abort();
  if (given && !text && a->type != Z3_ARG_BOOL) abort();
  switch (a->type) {
    case Z3_ARG_INT: {
      int64_t v = z3_arg_int(ctx, a->name);
      if (given && a->min < a->max && (v < a->min || v > a->max)) abort();
      break;
    }
    case Z3_ARG_ENUM: {
      int k = z3_arg_choice(ctx, a->name);
      if (text && (k < 0 || strcmp(a->choices[k], text) != 0)) abort();
      break;
    }
    case Z3_ARG_BOOL: (void)z3_arg_bool(ctx, a->name); break;
    default: break;
  }
}

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
  z3_status st = z3_cmd_parse(&ctx, argc, argv, &err);
  if (st != Z3_OK && !err.message[0]) abort();
  if (st == Z3_OK && ctx.cmd && !ctx.help)
    for (size_t i = 0; z3_command_arg_at(ctx.cmd, i); i++) check_arg(&ctx, z3_command_arg_at(ctx.cmd, i));
  z3_cmd_ctx_release(&ctx); /* a list flag given twice joins its values in memory the context owns */
  free(copy);
  return 0;
}
