/*
 * Fuzzes the debugger's condition compiler (debug/expr.h): any text either
 * compiles or fails with a message that names a column; what compiles
 * evaluates on a console (registers from the input's first bytes) without
 * crashing, twice with the same result (evaluation changes nothing).
 *
 * Seeds in fuzz/corpora/debug_condition/: conditions as the docs show them,
 * and near-misses.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "debug/expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_snes *console(void) {
  static z3_snes *snes;
  if (snes) return snes;
  enum { SIZE = 0x8000 };
  uint8_t *img = calloc(1, SIZE);
  memcpy(img + 0x7FC0, "FUZZ CONDITIONS      ", 21);
  img[0x7FD5] = 0x20;
  img[0x7FFD] = 0x80;
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  if (z3_rom_from_memory(&rom, img, SIZE, "fuzz.sfc", &err) || z3_snes_create(&snes, rom, &err)) abort();
  z3_rom_free(rom);
  free(img);
  return snes;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = '\0';
  z3_snes *snes = console();
  if (size >= 2) snes->cpu.r.a = (uint16_t)(data[0] | data[1] << 8);
  z3_expr e;
  z3_error err;
  z3_error_init(&err);
  if (z3_expr_compile(&e, text, NULL, &err) != Z3_OK) {
    if (!strstr(err.message, "column") && !strstr(err.message, "too long")) abort();
    if (e.ops) abort();
  } else {
    z3_expr_access acc = {0x7E0010, size};
    if (z3_expr_eval(&e, snes, &acc) != z3_expr_eval(&e, snes, &acc)) abort();
    z3_expr_release(&e);
  }
  free(text);
  return 0;
}
