/*
 * Fuzzes the assembler: the input is a patch's text, assembled against a small
 * zero-filled LoROM image with a bump allocator for freespace, and with
 * includes disabled (no root folder), so the fuzzer never reads files.
 * Checks: a success stays inside the image and its chunks inside the bytes;
 * a failure leaves the result empty and names what went wrong.
 * Seeds in fuzz/corpora/asm/ are the patches of tests/asm/patches/ plus a few
 * one-feature files.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asm/assembler.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { ROM_SIZE = 0x20000 };
static uint8_t rom[ROM_SIZE];

typedef struct bump {
  size_t next;
} bump;

static z3_status bump_alloc(void *user, size_t need, bool one_bank, size_t *offset, z3_error *err) {
  bump *b = user;
  (void)one_bank;
  if (b->next + need > ROM_SIZE) return z3_error_set(err, Z3_E_NOT_FOUND, "no room");
  *offset = b->next;
  b->next += need;
  return Z3_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 16) return 0;
  bump b = {0x10000};
  z3_asm_options o = {.mapping = Z3_MAP_LOROM, .rom = rom, .rom_size = ROM_SIZE,
                      .rom_title = "FUZZ", .alloc = bump_alloc, .alloc_user = &b};
  z3_asm_result r;
  z3_asm_result_init(&r);
  z3_error err;
  z3_error_init(&err);
  if (z3_asm_assemble("fuzz.asm", (const char *)data, size, &o, &r, &err) == Z3_OK) {
    for (size_t i = 0; i < r.chunk_count; i++) {
      const z3_asm_chunk *c = &r.chunks[i];
      if (c->offset + c->len > ROM_SIZE || c->start + c->len > r.bytes.len) abort();
    }
    z3_buf sym;
    z3_buf_init(&sym);
    if (z3_asm_write_sym(&r, &sym, &err) != Z3_OK) abort();
    z3_buf_release(&sym);
  } else if (r.chunk_count || r.bytes.len || !err.message[0]) {
    abort();
  }
  z3_asm_result_release(&r);
  return 0;
}
