/*
 * A background as SCAD files hold one (snes/scad.h): an overworld screen's or a
 * room layer's 64x64 tile8 words, the scene's 512 BG tiles as 4bpp characters
 * (in VRAM order, so the words' tile numbers index them), and its CGRAM. Written
 * out as SCR + CGX + COL, it draws the same picture the renderers draw
 * (`gfx export --format scr`); read back, an overworld screen's words become
 * tile16 choices again (`gfx import --format scr`).
 */
#ifndef Z3_ZELDA3_BG_SCENE_H
#define Z3_ZELDA3_BG_SCENE_H

#include "snes/scad.h"
#include "zelda3/blockset.h"
#include "zelda3/dungeon.h"
#include "zelda3/overworld.h"

/* Cells nothing draws point at character 512, past the scene's tiles and
 * blank, so the SCAD picture leaves them transparent as the renderers do. */
enum { Z3_BG_SCENE_CHARS = 1024, Z3_BG_SCENE_BLANK = 0x200 };

typedef struct z3_bg_scene {
  z3_scr scr;
  uint16_t cgram[256];                    /* BG colours 0-127; the rest 0 */
  uint8_t chars[Z3_BG_SCENE_CHARS * 32];  /* 4bpp; characters past the scene's 512 are blank */
} z3_bg_scene;

/* Screen `id` of the overworld (one 512x512 quarter of a large area). */
z3_status z3_ow_bg_scene(const z3_overworld *ow, const z3_rom *rom, int id, z3_bg_scene *out, z3_error *err);
/* Room `room`'s layer bg (0 = BG1, 1 = BG2). */
z3_status z3_room_bg_scene(const z3_rom *rom, const z3_dungeon *d, int room, int bg, z3_bg_scene *out,
                           z3_error *err);
/* Fills out->chars from the scene's tiles (bg_scene.c; for the two above). */
void z3_bg_scene_tiles(const z3_scene_tiles *tiles, z3_bg_scene *out);

/* Screen id's tile16 grid (32x32) for a screen's words: each 2x2 group of
 * words must equal one tile16 definition's four words; the first group that
 * matches none fails with its place (tile16 column and row). */
z3_status z3_ow_tile16_from_words(const z3_overworld *ow, const uint16_t *words, uint16_t grid[32 * 32],
                                  z3_error *err);

#endif
