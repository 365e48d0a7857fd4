/*
 * Link's own graphics: his 896 uncompressed 4bpp tiles and his palettes, where
 * the game loads them from (data reference §4.7 and §5):
 *   tiles   PC 0x80000-0x86FFF ($10:8000-$10:EFFF), one 128x448 sheet of 16 tiles per row;
 *   mails   PC 0xDD308 ($1B:D308), the armors group: green, blue, red mail and bunny,
 *           15 colours each (the fifth, electrocuted, palette is not a sprite's);
 *   gloves  PC 0xDEDF5 ($1B:EDF5), power glove then titan's mitt, one colour each,
 *           which the game puts over armor colour 13.
 * These are also the places the randomizers' ZSPR writers use.
 */
#ifndef Z3_ZELDA3_LINK_GFX_H
#define Z3_ZELDA3_LINK_GFX_H

#include "snes/rom.h"

#define Z3_LINK_TILES_PC 0x80000u
#define Z3_LINK_MAILS_PC 0xDD308u
#define Z3_LINK_GLOVES_PC 0xDEDF5u
enum {
  Z3_LINK_TILES = 896,
  Z3_LINK_TILES_SIZE = 0x7000,
  Z3_LINK_SHEET_HEIGHT = 448,
  Z3_LINK_MAIL_COUNT = 4,
  Z3_LINK_MAILS_SIZE = 0x78, /* 4 x 15 colours */
  Z3_LINK_GLOVES_SIZE = 4,
  Z3_LINK_PALETTE_SIZE = Z3_LINK_MAILS_SIZE + Z3_LINK_GLOVES_SIZE,
};

/* "green", "blue", "red", "bunny" */
extern const char *const z3_link_mail_names[];

typedef struct z3_link_gfx {
  uint8_t tiles[Z3_LINK_TILES_SIZE];
  uint8_t palette[Z3_LINK_PALETTE_SIZE]; /* mails then gloves, as the ROM and ZSPR hold them */
} z3_link_gfx;

/* Reads both from the ROM; fails when the ROM is too small to hold them. */
z3_status z3_link_gfx_read(const z3_rom *rom, z3_link_gfx *out, z3_error *err);
/* Writes the tiles and `palette_size` bytes of the palette (0, the mails only,
 * or mails and gloves) through the change log, only the bytes that differ. */
z3_status z3_link_gfx_write(z3_rom *rom, const z3_link_gfx *g, size_t palette_size, z3_error *err);
/* Mail m's 16 colours as CGRAM would hold them: 0 transparent, then its 15. */
void z3_link_mail_colors(const z3_link_gfx *g, int mail, uint16_t out[16]);

#endif
