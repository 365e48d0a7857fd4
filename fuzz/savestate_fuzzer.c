/*
 * Fuzzes the savestate loader (emu/savestate.h) two ways, chosen by the
 * input's first byte:
 *   even: the rest is a savestate file, loaded as is (header, version, ROM
 *         hash, zlib payload);
 *   odd:  the rest is a list of patches (3-byte payload offset, 1-byte
 *         value) applied to a valid payload of the fuzzer's own console,
 *         with the payload cut at the offset of a patch whose value is 0
 *         and whose offset has bit 23 set, so the fuzzer reaches every
 *         field's checks rather than stopping at the first tag.
 * A state that loads must then run a frame without any out-of-bounds access
 * (the sanitizers watch), and a state that is refused must leave the console
 * exactly as it was. A patched payload that restores must capture again to
 * the same bytes: nothing the loader accepts is silently changed or dropped.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "emu/savestate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_snes *console(void) {
  enum { SIZE = 0x8000 };
  uint8_t *img = calloc(1, SIZE);
  memcpy(img + 0x7FC0, "FUZZ SAVESTATES      ", 21);
  img[0x7FD5] = 0x20;
  img[0x7FD8] = 0x03; /* 8 KiB of SRAM, so its section is covered too */
  img[0x7FFC] = 0x00; /* reset at $8000: BRA $8000 */
  img[0x7FFD] = 0x80;
  img[0] = 0x80;
  img[1] = 0xFE;
  z3_rom *rom;
  z3_snes *snes;
  z3_error err;
  z3_error_init(&err);
  if (z3_rom_from_memory(&rom, img, SIZE, "fuzz.sfc", &err) || z3_snes_create(&snes, rom, &err)) abort();
  z3_rom_free(rom);
  free(img);
  z3_snes_run(snes, 2, false, 0);
  return snes;
}

static void capture(const z3_snes *snes, z3_buf *out) {
  z3_buf_init(out);
  if (z3_snes_state_capture(snes, out, NULL)) abort();
}

static z3_buf patched(const z3_buf *valid, const uint8_t *data, size_t size) {
  z3_buf raw;
  z3_buf_init(&raw);
  if (z3_buf_copy(&raw, valid->data, valid->len, NULL)) abort();
  for (size_t i = 0; i + 4 <= size && raw.len; i += 4) {
    uint32_t at = (uint32_t)data[i] | (uint32_t)data[i + 1] << 8 | (uint32_t)(data[i + 2] & 0x7F) << 16;
    at %= (uint32_t)raw.len;
    if (data[i + 2] & 0x80 && data[i + 3] == 0) raw.len = at;
    else raw.data[at] = data[i + 3];
  }
  return raw;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static z3_snes *snes;
  static z3_buf before; /* the console's state at the start of every input */
  if (!snes) {
    snes = console();
    capture(snes, &before);
  }
  if (size < 1) return 0;
  if (z3_snes_state_restore(snes, before.data, before.len, NULL)) abort();
  z3_buf after;
  z3_status st;
  z3_error err;
  z3_error_init(&err);
  if (data[0] & 1) {
    z3_buf raw = patched(&before, data + 1, size - 1);
    st = z3_snes_state_restore(snes, raw.data, raw.len, &err);
    if (st == Z3_OK) {
      capture(snes, &after);
      if (after.len != raw.len || memcmp(after.data, raw.data, raw.len)) abort();
      z3_buf_release(&after);
    }
    z3_buf_release(&raw);
  } else {
    unsigned flags = data[0] & 2 ? Z3_STATE_ANY_ROM : 0; /* a state of another ROM, allowed */
    st = z3_snes_state_load(snes, data + 1, size - 1, "fuzz.z3s", flags, NULL, &err);
  }
  if (st == Z3_OK) {
    z3_snes_run(snes, 1, false, 0); /* every line drawn with what was loaded */
  } else {
    if (!err.message[0]) abort();
    capture(snes, &after);
    if (after.len != before.len || memcmp(after.data, before.data, before.len)) abort();
    z3_buf_release(&after);
  }
  return 0;
}
