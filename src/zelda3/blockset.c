/* Blockset tables and the scene tile set built from them; see blockset.h. */
#include <string.h>

#include "zelda3/blockset.h"
#include "zelda3/gfx.h"

z3_status z3_blockset_main_table(const z3_rom *rom, size_t *pc, z3_error *err) {
  const uint8_t *d = rom->data.data;
  if (rom->data.len < Z3_BLOCKSET_MAIN_OPERAND_PC + 2) {
    return z3_error_set(err, Z3_E_INVALID, "the ROM is too small to hold the blockset tables");
  }
  uint32_t snes = d[Z3_BLOCKSET_MAIN_OPERAND_PC] | (uint32_t)d[Z3_BLOCKSET_MAIN_OPERAND_PC + 1] << 8;
  z3_error ignored; /* the message below says more than the address conversion's */
  z3_error_init(&ignored);
  if (z3_rom_to_pc(rom, snes, pc, &ignored) || *pc + Z3_BLOCKSET_MAIN_COUNT * 8 > rom->data.len) {
    return z3_error_set(err, Z3_E_INVALID,
                        "the main blockset operand at PC 0x%X points to $00:%04X, which does not "
                        "hold 37 blocksets",
                        Z3_BLOCKSET_MAIN_OPERAND_PC, (unsigned)snes);
  }
  return Z3_OK;
}

static z3_status table_entry(const z3_rom *rom, size_t pc, unsigned index, unsigned count,
                             unsigned width, const char *what, uint8_t *out, z3_error *err) {
  if (index >= count) {
    return z3_error_set(err, Z3_E_NOT_FOUND, "%s %u does not exist (0-%u)", what, index, count - 1);
  }
  size_t at = pc + (size_t)index * width;
  if (at + width > rom->data.len) {
    return z3_error_set(err, Z3_E_INVALID, "%s %u at PC 0x%zX lies past the end of the ROM", what,
                        index, at);
  }
  memcpy(out, rom->data.data + at, width);
  return Z3_OK;
}

z3_status z3_blockset_main(const z3_rom *rom, unsigned index, uint8_t sheets[8], z3_error *err) {
  size_t pc;
  z3_status st = z3_blockset_main_table(rom, &pc, err);
  if (st) return st;
  return table_entry(rom, pc, index, Z3_BLOCKSET_MAIN_COUNT, 8, "main blockset", sheets, err);
}

z3_status z3_blockset_aux(const z3_rom *rom, unsigned index, uint8_t sheets[4], z3_error *err) {
  return table_entry(rom, Z3_BLOCKSET_AUX_PC, index, Z3_BLOCKSET_AUX_COUNT, 4, "aux blockset",
                     sheets, err);
}

z3_status z3_spriteset(const z3_rom *rom, unsigned index, uint8_t sheets[4], z3_error *err) {
  return table_entry(rom, Z3_SPRITESET_PC, index, Z3_SPRITESET_COUNT, 4, "sprite set", sheets, err);
}

z3_status z3_blockset_bg_sheets(const z3_rom *rom, unsigned main, unsigned aux, uint8_t sheets[8],
                                z3_error *err) {
  uint8_t repl[4];
  z3_status st = z3_blockset_main(rom, main, sheets, err);
  if (st == Z3_OK) st = z3_blockset_aux(rom, aux, repl, err);
  if (st) return st;
  for (int i = 0; i < 4; i++)
    if (repl[i]) sheets[3 + i] = repl[i];
  return Z3_OK;
}

bool z3_blockset_position_high(unsigned main, unsigned position) {
  if (main < 0x20) return position < 4;
  return position == 0 || position == 3 || position == 4 || position == 5;
}

/* One position's 64 tiles from a sheet's pixel rows (128 pixels wide). A sheet
 * that is not a BG sheet, or fails to load, leaves the position blank: the
 * game would show whatever VRAM held, and a renderer should not fail on it. */
static void load_position(const z3_rom *rom, unsigned main, unsigned pos, z3_scene_tiles *out) {
  z3_buf pixels;
  z3_buf_init(&pixels);
  z3_error ignored;
  z3_error_init(&ignored);
  z3_sheet_info info;
  uint8_t (*tiles)[64] = &out->px[pos * 64];
  memset(tiles, 0, 64 * 64);
  if (out->sheets[pos] < Z3_BG_SHEET_COUNT &&
      z3_gfx_sheet_pixels(rom, out->sheets[pos], &pixels, &info, &ignored) == Z3_OK) {
    bool high = z3_blockset_position_high(main, pos);
    size_t rows = pixels.len / 128;
    for (unsigned t = 0; t < 64 && (t / 16 + 1) * 8 <= rows; t++)
      for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++) {
          uint8_t v = pixels.data[((t / 16) * 8 + y) * 128 + (t % 16) * 8 + x];
          tiles[t][y * 8 + x] = (uint8_t)(v && high ? v + 8 : v);
        }
  }
  z3_buf_release(&pixels);
}

z3_status z3_scene_tiles_load(const z3_rom *rom, unsigned main, unsigned aux, z3_scene_tiles *out,
                              z3_error *err) {
  z3_status st = z3_blockset_bg_sheets(rom, main, aux, out->sheets, err);
  if (st) return st;
  for (unsigned pos = 0; pos < 8; pos++) load_position(rom, main, pos, out);
  return Z3_OK;
}
