/*
 * The sample ROM's designed art (sample_art*.c, used by the sample writers
 * only): small drawing functions that paint motifs (grass, water with shores,
 * trees, houses, dungeon walls, chests ...) into graphics sheets, and the
 * tables that say where each motif lives, so the tile16 and object tile data
 * written later point at the right tiles.
 *
 * A sheet is 128x32 pixels (64 3bpp tiles) seen as 8x2 cells of 16x16. A motif
 * covers w x h cells from cell (cx, cy) of the sheet at blockset position
 * `position`, and is drawn with pixel values 1-7 of palette row `row` (the
 * palettes, sample_palettes.c, give every row the same role in every world).
 */
#ifndef Z3_ZELDA3_SAMPLE_ART_H
#define Z3_ZELDA3_SAMPLE_ART_H

#include <stdbool.h>
#include <stdint.h>

/* A window onto a sheet's pixels (one byte each); drawing outside it is clipped. */
typedef struct z3_art {
  uint8_t *px;
  int w, h, stride;
} z3_art;

void z3_art_put(z3_art a, int x, int y, uint8_t v);
uint8_t z3_art_get(z3_art a, int x, int y);
void z3_art_rect(z3_art a, int x0, int y0, int w, int h, uint8_t v);
void z3_art_fill(z3_art a, uint8_t v);
/* A deterministic pseudo-random number for a pixel (texture without noise). */
uint32_t z3_art_hash(int x, int y, int salt);
/* Pixels inside the ellipse centred on (cx2/2, cy2/2) with radii rx, ry (half-pixel centres). */
bool z3_art_in_ellipse(int x, int y, int cx2, int cy2, int rx, int ry);
/* Draws a 1-pixel outline of `v` on every pixel of `inside` whose 4-neighbour is not `inside`. */
void z3_art_outline(z3_art a, const uint8_t *inside, uint8_t v);

/* Edge shapes of a 16x16 ground cell, drawn for the north-west quadrant of an
 * area of water, path or cliff; the writers flip them for the other corners. */
typedef enum z3_edge {
  Z3_EDGE_NONE,   /* all inside */
  Z3_EDGE_TOP,    /* outside along the top */
  Z3_EDGE_LEFT,   /* outside along the left */
  Z3_EDGE_CORNER, /* outside along the top and the left, rounded */
  Z3_EDGE_INNER,  /* outside only in the top-left corner */
  Z3_EDGE_COUNT,
} z3_edge;
/* Whether pixel (x, y) of a cell with that edge lies outside (on the land side). */
bool z3_edge_outside(z3_edge e, int x, int y);

typedef struct z3_motif {
  uint8_t position, cx, cy, w, h, row;
  void (*draw)(z3_art a);
} z3_motif;

/* The BG tile number (0-511) of tile (tx, ty) of a motif, counted in 8x8 tiles from its top left. */
unsigned z3_motif_tile(const z3_motif *m, int tx, int ty);
/* Draws every motif of `position` into a sheet's 128x32 pixels (cleared first);
 * positions past the last one holding motifs repeat the pages before them. */
void z3_motifs_draw(const z3_motif *motifs, int count, int position, uint8_t *sheet_px);

/* ---- overworld (sample_art_ow.c) ---- */

/* Palette rows and their roles; pixel values name colours of the row. */
enum { OW_ROW_GROUND = 2, OW_ROW_WATER, OW_ROW_FOLIAGE, OW_ROW_STONE, OW_ROW_HOUSE, OW_ROW_FLOWERS };
enum { OW_ROWS = 6 };

typedef enum z3_ow_motif {
  OWM_GRASS, OWM_GRASS_TUFTS, OWM_GRASS_LIGHT,
  OWM_FLOWERS_RED, OWM_FLOWERS_WHITE,
  OWM_PATH, OWM_PATH_PEBBLES, OWM_PATH_TOP, OWM_PATH_LEFT, OWM_PATH_CORNER, OWM_PATH_INNER,
  OWM_WATER, OWM_WATER_WAVES, OWM_SHORE_TOP, OWM_SHORE_LEFT, OWM_SHORE_CORNER, OWM_SHORE_INNER,
  OWM_TREE, OWM_PINE, OWM_BUSH, OWM_ROCK, OWM_FENCE, OWM_SIGN, OWM_STUMP,
  OWM_ROOF, OWM_ROOF_TOP, OWM_ROOF_LEFT, OWM_ROOF_TOP_LEFT, OWM_ROOF_EAVE, OWM_ROOF_EAVE_LEFT,
  OWM_WALL, OWM_WALL_WINDOW, OWM_WALL_DOOR,
  OWM_CLIFF, OWM_CLIFF_TOP, OWM_CLIFF_LEFT, OWM_CLIFF_TOP_LEFT, OWM_CLIFF_BASE, OWM_CLIFF_BASE_LEFT,
  OWM_CLIFF_ROUGH,
  OWM_COUNT,
} z3_ow_motif;

extern const z3_motif z3_ow_motifs[OWM_COUNT];

/* ---- underworld (sample_art_dungeon.c) ---- */

enum { UW_ROW_FLOOR = 2, UW_ROW_WALL, UW_ROW_WOOD, UW_ROW_CLAY, UW_ROW_FIRE, UW_ROW_CLOTH };

typedef enum z3_uw_motif {
  UWM_FLOOR_SLABS, UWM_FLOOR_CHECKS, UWM_FLOOR_BRICKS, UWM_FLOOR_PLANKS, UWM_FLOOR_MOSS, UWM_FLOOR_GRATE,
  UWM_FLOOR_DIAMONDS, UWM_FLOOR_COBBLE, UWM_CEILING,
  UWM_WALL_NORTH, UWM_WALL_WEST, UWM_CORNER, UWM_WALL_COLUMN,
  UWM_DOOR, UWM_STAIRS_UP, UWM_STAIRS_DOWN, UWM_CHEST, UWM_BIG_CHEST, UWM_POT, UWM_TORCH, UWM_BRAZIER,
  UWM_BLOCK, UWM_BARREL, UWM_BED, UWM_FIREPLACE, UWM_TABLE, UWM_STATUE, UWM_SHELF,
  UWM_CARPET, UWM_CARPET_EDGE, UWM_PIT, UWM_WATER, UWM_SPIKES, UWM_LEDGE, UWM_PILLAR, UWM_NOTHING,
  UWM_COUNT,
} z3_uw_motif;

extern const z3_motif z3_uw_motifs[UWM_COUNT];

/* ---- sprites and the HUD (sample_art_sprites.c, sample_art_hud.c) ---- */

/* A 3bpp sprite sheet: sixteen shapes, in an order that depends on the sheet. */
void z3_sample__draw_sprite_sheet(int index, uint8_t *sheet_px);
/* A 2bpp sheet (128x64): digits, letters, hearts, item icons and text-box borders. */
void z3_sample__draw_hud_sheet(int index, uint8_t *sheet_px);

#endif
