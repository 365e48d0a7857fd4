/*
 * Fuzzes the ZSPR reader. Checks: a parsed file's data ranges lie inside the
 * input and its strings are valid to the end; writing the parsed fields back
 * gives a file that parses again to the same names and data with a correct
 * checksum; a failure names what went wrong. Seeds in fuzz/corpora/zspr_read/.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/zspr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void round_trip(const z3_zspr *z) {
  z3_zspr_fields f = {.name = z->name, .author = z->author, .author_short = z->author_short,
                      .sprite_type = z->sprite_type, .pixels = z->pixels, .pixels_size = z->pixels_size,
                      .palette = z->palette, .palette_size = z->palette_size};
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  if (z3_zspr_write(&out, &f, &err) != Z3_OK) abort();
  z3_zspr again;
  if (z3_zspr_parse(out.data, out.len, &again, &err) != Z3_OK || !again.checksum_ok) abort();
  if (strcmp(again.name, z->name) || strcmp(again.author, z->author) || strcmp(again.author_short, z->author_short))
    abort();
  if (again.pixels_size != z->pixels_size || memcmp(again.pixels, z->pixels, z->pixels_size)) abort();
  if (again.palette_size != z->palette_size || memcmp(again.palette, z->palette, z->palette_size)) abort();
  z3_zspr_release(&again);
  z3_buf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 17) return 0;
  z3_zspr z;
  z3_error err;
  z3_error_init(&err);
  if (z3_zspr_parse(data, size, &z, &err) == Z3_OK) {
    if (z.pixels < data || z.pixels + z.pixels_size > data + size) abort();
    if (z.palette < data || z.palette + z.palette_size > data + size) abort();
    round_trip(&z);
    z3_zspr_release(&z);
  } else if (!err.message[0] || z.name || z.author || z.author_short) {
    abort();
  }
  return 0;
}
