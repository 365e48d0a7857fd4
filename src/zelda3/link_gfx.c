/* Link's tiles and palettes in the ROM (link_gfx.h). */
#include "zelda3/link_gfx.h"

#include <string.h>

const char *const z3_link_mail_names[] = {"green", "blue", "red", "bunny", NULL};

static z3_status check_size(const z3_rom *rom, z3_error *err) {
  size_t need = Z3_LINK_GLOVES_PC + Z3_LINK_GLOVES_SIZE;
  if (rom->data.len >= need) return Z3_OK;
  z3_error_set(err, Z3_E_INVALID, "the ROM has 0x%zX bytes; Link's palettes end at 0x%zX", rom->data.len, need);
  z3_error_hint(err, "Link's graphics live in a 1 MiB (or larger) ALttP ROM");
  return Z3_E_INVALID;
}

z3_status z3_link_gfx_read(const z3_rom *rom, z3_link_gfx *out, z3_error *err) {
  z3_status st = check_size(rom, err);
  if (st) return st;
  const uint8_t *d = rom->data.data;
  memcpy(out->tiles, d + Z3_LINK_TILES_PC, Z3_LINK_TILES_SIZE);
  memcpy(out->palette, d + Z3_LINK_MAILS_PC, Z3_LINK_MAILS_SIZE);
  memcpy(out->palette + Z3_LINK_MAILS_SIZE, d + Z3_LINK_GLOVES_PC, Z3_LINK_GLOVES_SIZE);
  return Z3_OK;
}

z3_status z3_link_gfx_write(z3_rom *rom, const z3_link_gfx *g, size_t palette_size, z3_error *err) {
  z3_status st = check_size(rom, err);
  if (st == Z3_OK)
    st = z3_rom_write_changed(rom, Z3_LINK_TILES_PC, g->tiles, Z3_LINK_TILES_SIZE, 32, "Link's tiles", err);
  if (st == Z3_OK && palette_size >= Z3_LINK_MAILS_SIZE)
    st = z3_rom_write_changed(rom, Z3_LINK_MAILS_PC, g->palette, Z3_LINK_MAILS_SIZE, 2, "Link's mail palettes", err);
  if (st == Z3_OK && palette_size >= Z3_LINK_PALETTE_SIZE)
    st = z3_rom_write_changed(rom, Z3_LINK_GLOVES_PC, g->palette + Z3_LINK_MAILS_SIZE, Z3_LINK_GLOVES_SIZE, 2,
                              "Link's glove colours", err);
  return st;
}

void z3_link_mail_colors(const z3_link_gfx *g, int mail, uint16_t out[16]) {
  out[0] = 0;
  const uint8_t *p = g->palette + (size_t)mail * 30;
  for (int i = 0; i < 15; i++) out[i + 1] = (uint16_t)(p[2 * i] | p[2 * i + 1] << 8);
}
