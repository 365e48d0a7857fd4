/*
 * Blocksets ("graphics groups", data reference §4.6): which 8 background
 * sheets and 4 sprite sheets a scene loads. Overworld areas and dungeon rooms
 * both render through z3_scene_tiles, so the two renderers agree on how a
 * tile number becomes pixels.
 *
 *   main blocksets  37 x 8 BG sheet indices      table found via the operand at PC 0x6237
 *   aux blocksets   82 x 4 replacements for main positions 3-6 (0 = keep main's)
 *   sprite sets    144 x 4 sprite-local sheets (0x00-0x3F overworld, 0x40+n underworld set n)
 */
#ifndef Z3_ZELDA3_BLOCKSET_H
#define Z3_ZELDA3_BLOCKSET_H

#include "snes/rom.h"

enum {
  Z3_BLOCKSET_MAIN_COUNT = 37,
  Z3_BLOCKSET_AUX_COUNT = 82,
  Z3_SPRITESET_COUNT = 144,
  Z3_SCENE_TILE_COUNT = 512, /* 8 positions x 64 tiles */
};

#define Z3_BLOCKSET_MAIN_OPERAND_PC 0x6237u /* 16-bit operand of LDA SheetsTable_AA1,Y (bank $00) */
#define Z3_BLOCKSET_MAIN_PC 0x6073u         /* $00:E073, where the operand points in the US game */
#define Z3_BLOCKSET_AUX_PC 0x5D97u          /* $00:DD97 */
#define Z3_SPRITESET_PC 0x5B57u             /* $00:DB57 */

/* File offset of the main table, from the code operand; an error names the
 * operand when it points outside the ROM. */
z3_status z3_blockset_main_table(const z3_rom *rom, size_t *pc, z3_error *err);

z3_status z3_blockset_main(const z3_rom *rom, unsigned index, uint8_t sheets[8], z3_error *err);
z3_status z3_blockset_aux(const z3_rom *rom, unsigned index, uint8_t sheets[4], z3_error *err);
z3_status z3_spriteset(const z3_rom *rom, unsigned index, uint8_t sheets[4], z3_error *err);

/* The 8 BG sheets a scene loads: main[0-2], aux[i] or main[3+i] for positions
 * 3-6 (aux 0 keeps main's), main[7]. */
z3_status z3_blockset_bg_sheets(const z3_rom *rom, unsigned main, unsigned aux, uint8_t sheets[8],
                                z3_error *err);

/* Whether BG position 0-7 is expanded "high" (non-zero pixels + 8) under this
 * main blockset: underworld sets (< 0x20) positions 0-3, others 0, 3, 4, 5. */
bool z3_blockset_position_high(unsigned main, unsigned position);

/* Every BG tile of a scene as 4bpp colour indices (0-15; 0 transparent), in
 * VRAM order: tile t comes from position t / 64. */
typedef struct z3_scene_tiles {
  uint8_t px[Z3_SCENE_TILE_COUNT][64];
  uint8_t sheets[8];
} z3_scene_tiles;

z3_status z3_scene_tiles_load(const z3_rom *rom, unsigned main, unsigned aux, z3_scene_tiles *out,
                              z3_error *err);

#endif
