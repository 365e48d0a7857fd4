/*
 * The sample ROM's hero: Link's 896-tile sheet (link_gfx.h) drawn as 16x16
 * figures in a green cap and tunic, facing down, up, left and right in three
 * steps each, some with a sword or a shield, and his glove colours. Pixel
 * values follow the mail palettes sample_palettes.c writes: 1 outline, 2-4 the
 * tunic, 5-7 skin, 8 leather, 9 hair, 10 white, 12 steel, 13 the shield.
 */
#include <string.h>

#include "snes/tile.h"
#include "zelda3/link_gfx.h"
#include "zelda3/sample_art.h"
#include "zelda3/sample_internal.h"

enum { OUTLINE = 1, TUNIC, TUNIC_LIGHT, TUNIC_DARK, SKIN_DARK, SKIN, SKIN_LIGHT, LEATHER, HAIR, WHITE,
       STEEL = 12, SHIELD };
enum { FACE_DOWN, FACE_UP, FACE_LEFT, FACE_RIGHT };

typedef struct figure {
  uint8_t v[16][16];
} figure;

static void fill(figure *f, int x0, int y0, int w, int h, uint8_t v) {
  for (int y = y0; y < y0 + h; y++)
    for (int x = x0; x < x0 + w; x++)
      if (x >= 1 && x < 15 && y >= 1 && y < 16) f->v[y][x] = v;
}

static void head(figure *f, int facing) {
  fill(f, 5, 1, 6, 4, TUNIC);             /* the cap */
  fill(f, 6, 1, 3, 1, TUNIC_LIGHT);
  fill(f, facing == FACE_RIGHT ? 3 : 11, 3, 2, 2, TUNIC_DARK); /* its tip, trailing behind */
  fill(f, 4, 4, 8, 2, HAIR);
  if (facing == FACE_UP) {
    fill(f, 5, 6, 6, 2, HAIR);
    return;
  }
  int shift = facing == FACE_LEFT ? -1 : facing == FACE_RIGHT ? 1 : 0;
  fill(f, 5 + shift, 5, 6, 3, SKIN);
  fill(f, 6 + shift, 7, 4, 1, SKIN_DARK);
  fill(f, 6 + shift, 5, 1, 1, SKIN_LIGHT);
  if (facing != FACE_RIGHT) fill(f, 6 + shift, 6, 1, 1, WHITE);
  if (facing != FACE_LEFT) fill(f, 9 + shift, 6, 1, 1, WHITE);
}

static void body(figure *f, int step) {
  fill(f, 4, 8, 8, 4, TUNIC);
  fill(f, 5, 8, 2, 3, TUNIC_LIGHT);
  fill(f, 10, 9, 2, 3, TUNIC_DARK);
  fill(f, 4, 11, 8, 1, LEATHER);           /* the belt */
  fill(f, 3, 9, 1, 2, SKIN);               /* hands */
  fill(f, 12, 9, 1, 2, SKIN);
  int left = step == 1 ? 1 : 0, right = step == 2 ? 1 : 0;
  fill(f, 5, 12, 2, 3 - left, TUNIC_DARK);
  fill(f, 9, 12, 2, 3 - right, TUNIC_DARK);
  fill(f, 5, 15 - left, 2, 1, LEATHER);    /* boots, the lifted foot one pixel up */
  fill(f, 9, 15 - right, 2, 1, LEATHER);
}

static void gear(figure *f, int kind, int facing) {
  if (kind == 1) { /* a sword held out */
    int x = facing == FACE_LEFT ? 1 : 13;
    fill(f, x, 4, 1, 6, STEEL);
    fill(f, x - 1, 9, 3, 1, LEATHER);
  } else if (kind == 2) { /* a shield on the arm */
    int x = facing == FACE_RIGHT ? 11 : 2;
    fill(f, x, 8, 3, 4, SHIELD);
    fill(f, x + 1, 9, 1, 2, HAIR);
  }
}

static void draw_cell(uint8_t *sheet_px, int cell) {
  figure f;
  memset(&f, 0, sizeof f);
  int facing = cell % 4, step = (cell / 4) % 3, kind = (cell / 24) % 3;
  body(&f, step);
  head(&f, facing);
  gear(&f, kind, facing);
  uint8_t mask[16 * 16];
  z3_art a = {sheet_px + (size_t)(cell / 8) * 16 * Z3_SHEET_WIDTH + (size_t)(cell % 8) * 16, 16, 16, Z3_SHEET_WIDTH};
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      mask[y * 16 + x] = f.v[y][x] != 0;
      z3_art_put(a, x, y, f.v[y][x]);
    }
  z3_art_outline(a, mask, OUTLINE);
}

z3_status z3_sample__write_link(uint8_t *img, size_t size, z3_error *err) {
  if (size < Z3_LINK_GLOVES_PC + Z3_LINK_GLOVES_SIZE) return Z3_OK;
  uint8_t *px = z3_calloc((size_t)Z3_SHEET_WIDTH * Z3_LINK_SHEET_HEIGHT, 1);
  if (!px) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (int cell = 0; cell < (Z3_SHEET_WIDTH / 16) * (Z3_LINK_SHEET_HEIGHT / 16); cell++) draw_cell(px, cell);
  z3_sheet_encode(Z3_TILE_4BPP, px, Z3_LINK_TILES, img + Z3_LINK_TILES_PC);
  z3_free(px);
  /* Power glove a warm tan, titan's mitt a deep red (BGR555). */
  static const uint8_t gloves[Z3_LINK_GLOVES_SIZE] = {0x1B, 0x2A, 0x56, 0x0C};
  memcpy(img + Z3_LINK_GLOVES_PC, gloves, sizeof gloves);
  return Z3_OK;
}
