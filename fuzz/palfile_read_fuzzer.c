/*
 * Fuzzes the palette-file readers: the input is read as each of the four
 * formats in turn. A read that succeeds must give 1..256 BGR555 colours, and
 * writing them in the same format and reading that back must give the same
 * colours (read -> write -> read is the identity); a read that fails must say
 * why and report no colours. Read again into less room (from byte 0), a
 * file reads the same: the count of all, the first colours as before. The input's first
 * line is also taken as a format name and as a path: what it names must
 * name itself back.
 *
 * The seeds in fuzz/corpora/palfile_read/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "snes/palfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void roundtrip(z3_palfile_format f, const uint16_t *colors, size_t n) {
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  if (z3_palfile_write(&file, f, colors, n, &err) != Z3_OK) abort();
  uint16_t back[256];
  size_t got;
  if (z3_palfile_read(back, 256, &got, f, file.data, file.len, &err) != Z3_OK) abort();
  size_t want = f == Z3_PALFILE_COL ? 256 : n;
  if (got != want || memcmp(back, colors, n * sizeof colors[0]) != 0) abort();
  z3_buf_release(&file);
}

/* A smaller room (the callers pass 256): the file still reads, *n still
 * counts every colour, and the first ones land as before. */
static void read_capped(z3_palfile_format f, const uint8_t *data, size_t size, const uint16_t *colors, size_t n) {
  if (!size) return;
  size_t cap = (size_t)data[0] % 256 + 1, got = 12345;
  uint16_t capped[256];
  z3_error err;
  z3_error_init(&err);
  if (z3_palfile_read(capped, cap, &got, f, data, size, &err) != Z3_OK || got != n) abort();
  if (memcmp(capped, colors, (n < cap ? n : cap) * sizeof colors[0]) != 0) abort();
}

static void read_as(z3_palfile_format f, const uint8_t *data, size_t size) {
  uint16_t colors[256];
  size_t n = 12345;
  z3_error err;
  z3_error_init(&err);
  if (z3_palfile_read(colors, 256, &n, f, data, size, &err) != Z3_OK) {
    if (!err.message[0] || n != 0) abort();
    return;
  }
  if (n < 1 || n > 256) abort();
  for (size_t i = 0; i < n; i++)
    if (colors[i] & 0x8000) abort();
  roundtrip(f, colors, n);
  read_capped(f, data, size, colors, n);
}

/* The first line (up to 63 bytes) as a --format name and as a file path. */
static void check_names(const uint8_t *data, size_t size) {
  char line[64];
  size_t len = 0;
  while (len < size && len < sizeof line - 1 && data[len] && data[len] != '\n') line[len] = (char)data[len], len++;
  line[len] = 0;
  z3_palfile_format f;
  if (z3_palfile_format_parse(line, &f) && !z3_palfile_format_parse(z3_palfile_format_name(f), &f)) abort();
  if (z3_palfile_format_from_path(line, &f)) {
    z3_palfile_format named;
    if (!z3_palfile_format_parse(z3_palfile_format_name(f), &named) || named != f) abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (int f = 0; f < 4; f++) read_as((z3_palfile_format)f, data, size);
  check_names(data, size);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

static void seed(const char *dir, const char *name, z3_palfile_format f, size_t n) {
  uint16_t colors[256];
  for (size_t i = 0; i < n; i++) colors[i] = (uint16_t)(i * 0x0421 + (i >> 2) * 0x1F) & 0x7FFF;
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  if (z3_palfile_write(&file, f, colors, n, &err) != Z3_OK) abort();
  write_seed(dir, name, file.data, file.len);
  z3_buf_release(&file);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  seed(argv[1], "json-16", Z3_PALFILE_JSON, 16);
  seed(argv[1], "jasc-16", Z3_PALFILE_JASC, 16);
  seed(argv[1], "col", Z3_PALFILE_COL, 16);
  seed(argv[1], "png-20", Z3_PALFILE_PNG, 20);
  seed(argv[1], "png-256", Z3_PALFILE_PNG, 256);
  static const char bare[] = "[\"#FF0000\", \"$7C00\", \"0x03E0\", \"1,2,3\", \"00ff00\"]\n";
  write_seed(argv[1], "json-bare", bare, sizeof bare - 1);
  static const char jasc[] = "JASC-PAL\n0100 \n3\n255 0 0\n0 255 0 255\n  0 0 255\n\n";
  write_seed(argv[1], "jasc-lf", jasc, sizeof jasc - 1);
  uint8_t col[0x400] = {0};
  col[0] = 0x1F;
  memcpy(col + 0x200, "NAK1989 S-CG-CADVer1.00 000101  ", 32);
  write_seed(argv[1], "col-footer", col, sizeof col);
  return 0;
}
#endif
