/*
 * Fuzzes the reader of `z3ed batch` lines (CLI words with shell quoting, or a
 * JSON {"command","args"} object). A line that parses must give words the
 * command parser then accepts or refuses cleanly; one that fails must name a
 * column or a JSON member and keep no words.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "server/batch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_batch_line l;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_batch_parse_line((const char *)data, size, &l, &err);
  if (st != Z3_OK) {
    if (l.count != 0 || !err.message[0]) abort();
    if (!strstr(err.message, "column") && !strstr(err.message, "JSON") && !strstr(err.message, "argument") &&
        !strstr(err.message, "command") && !strstr(err.message, "memory") && !strstr(err.message, "tool"))
      abort();
    return 0;
  }
  if (l.count < 0 || l.count > Z3_BATCH_MAX_WORDS) abort();
  for (int i = 0; i < l.count; i++)
    if (!l.words[i]) abort();
  if (l.count) { /* parse only: running would touch files */
    z3_cmd_ctx ctx;
    z3_error_init(&err);
    (void)z3_cmd_parse(&ctx, l.count, l.words, &err);
    z3_cmd_ctx_release(&ctx);
  }
  z3_batch_line_release(&l);
  return 0;
}
