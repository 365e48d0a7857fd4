/* Fuzzes the console with arbitrary programs: whatever the code does to the
 * I/O registers, DMA and PPU ports, one frame runs without a crash, and
 * peeking the whole system area afterwards changes nothing. The state after
 * that frame, restored into a second console, must run the next frame to the
 * same state as the first console does: step-back and savestates rely on the
 * state holding everything the next frame depends on.
 *
 * Input: byte 0 picks the mapping (bit 0: HiROM) and the SRAM size code
 * (bits 1-3); the rest is the code placed at $00:8000. The header and the
 * reset vector are forced so the image always loads as that mapping. */
#include <stdlib.h>
#include <string.h>

#include "emu/savestate.h"
#include "emu/snes.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { LO_SIZE = 0x8000, HI_SIZE = 0x10000 };

static void build(uint8_t *img, bool hirom, uint8_t sram, const uint8_t *code, size_t n) {
  size_t size = hirom ? HI_SIZE : LO_SIZE, start = hirom ? 0x8000 : 0;
  memset(img, 0xFF, size);
  if (n > 0x7FB0) n = 0x7FB0; /* keep clear of the header */
  memcpy(img + start, code, n);
  uint8_t *h = img + (hirom ? 0xFFC0 : 0x7FC0);
  memcpy(h, "FUZZ                 ", 21);
  h[0x15] = hirom ? 0x21 : 0x20;
  h[0x18] = sram;
  h[0x1C] = 0xFF, h[0x1D] = 0xFF, h[0x1E] = 0x00, h[0x1F] = 0x00;
  h[0x3C] = 0x00, h[0x3D] = 0x80;
}

/* A second console restored from snes's state runs the next frame as snes does. */
static void check_state_replays(z3_snes *snes, const z3_rom *rom) {
  z3_buf state, mine, theirs;
  z3_buf_init(&state), z3_buf_init(&mine), z3_buf_init(&theirs);
  z3_snes *copy = NULL;
  if (z3_snes_state_capture(snes, &state, NULL) != Z3_OK || z3_snes_create(&copy, rom, NULL) != Z3_OK ||
      z3_snes_state_restore(copy, state.data, state.len, NULL) != Z3_OK)
    __builtin_trap();
  z3_snes_run(snes, 1, false, 0);
  z3_snes_run(copy, 1, false, 0);
  if (z3_snes_state_capture(snes, &mine, NULL) != Z3_OK || z3_snes_state_capture(copy, &theirs, NULL) != Z3_OK ||
      mine.len != theirs.len || memcmp(mine.data, theirs.data, mine.len) != 0)
    __builtin_trap(); /* the state left out something the frame depends on */
  z3_snes_free(copy);
  z3_buf_release(&state), z3_buf_release(&mine), z3_buf_release(&theirs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  bool hirom = data[0] & 1;
  uint8_t *img = malloc(HI_SIZE);
  build(img, hirom, (data[0] >> 1) & 7, data + 1, size - 1);
  z3_rom *rom = NULL;
  z3_snes *snes = NULL;
  if (z3_rom_from_memory(&rom, img, hirom ? HI_SIZE : LO_SIZE, "fuzz", NULL) == Z3_OK) {
    rom->mapping = hirom ? Z3_MAP_HIROM : Z3_MAP_LOROM;
    if (z3_snes_create(&snes, rom, NULL) == Z3_OK) {
      z3_snes_run(snes, 1, false, 0);
      z3_snes *before = malloc(sizeof *before);
      memcpy(before, snes, sizeof *snes);
      uint8_t buf[0x6000];
      if (z3_snes_read_region(snes, Z3_REGION_BUS, 0x002000, sizeof buf, buf, NULL) != Z3_OK ||
          memcmp(before, snes, sizeof *snes) != 0)
        __builtin_trap(); /* a peek changed the machine */
      free(before);
      check_state_replays(snes, rom);
    }
  }
  z3_snes_free(snes);
  z3_rom_free(rom);
  free(img);
  return 0;
}
