/*
 * A handful of sprite shapes for the sample ROM's sprite sheets: an octorok,
 * a soldier, a blob, a bat, a fairy, a heart, a rupee, a key, a bomb, a
 * skull, an arrow, a shield, a ghost, a crab, a bee, a sparkle and a
 * mushroom. Sprite
 * palette rows run from an outline (1) through dark (2) to light (7), so
 * every shape is drawn as one lit, outlined body.
 */
#include <string.h>

#include "zelda3/sample_art.h"

enum { OUT = 1, DARK, SHADE, MID, LIGHT, BRIGHT, SHINE };

typedef bool (*shape_fn)(int x, int y);

/* Fills a shape lit from its top left (hx, hy), then outlines it. */
static void body(z3_art a, shape_fn in, int hx, int hy) {
  uint8_t mask[16 * 16];
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      mask[y * 16 + x] = in(x, y);
      if (!mask[y * 16 + x]) continue;
      int d = (x - hx) * (x - hx) + (y - hy) * (y - hy);
      z3_art_put(a, x, y, d < 4 ? SHINE : d < 12 ? BRIGHT : d < 30 ? LIGHT : d < 60 ? MID : d < 100 ? SHADE : DARK);
    }
  z3_art_outline(a, mask, OUT);
}

static bool ell(int x, int y, int cx2, int cy2, int rx, int ry) { return z3_art_in_ellipse(x, y, cx2, cy2, rx, ry); }

static bool octorok(int x, int y) { return ell(x, y, 16, 15, 7, 6) || (x >= 6 && x <= 9 && y >= 11 && y <= 15); }
static bool blob(int x, int y) { return ell(x, y, 16, 22, 7, 5) || (y >= 2 && y <= 11 && (x - 8 < 0 ? 7 - x : x - 8) <= (y - 1) / 2); }
static bool bat(int x, int y) {
  int dx = x < 8 ? 7 - x : x - 8;
  return ell(x, y, 16, 16, 3, 3) || (y >= 4 && y <= 11 && dx <= 7 && y >= 4 + dx / 3 && y <= 11 - (dx % 3 == 2));
}
static bool fairy(int x, int y) { return ell(x, y, 16, 19, 2, 4) || ell(x, y, 16, 10, 3, 3) || ell(x, y, 8, 12, 3, 5) || ell(x, y, 24, 12, 3, 5); }
static bool heart(int x, int y) { return ell(x, y, 10, 10, 4, 4) || ell(x, y, 22, 10, 4, 4) || (y >= 5 && y <= 14 && (x < 8 ? 7 - x : x - 8) <= 14 - y); }
static bool rupee(int x, int y) {
  int dx = x < 8 ? 7 - x : x - 8;
  return y >= 1 && y <= 14 && dx <= 4 && dx <= y + 1 && dx <= 15 - y;
}
static bool key(int x, int y) {
  return (ell(x, y, 16, 8, 4, 4) && !ell(x, y, 16, 8, 2, 2)) || (x >= 7 && x <= 8 && y >= 7 && y <= 15) ||
         (x >= 9 && x <= 11 && (y == 11 || y == 14));
}
static bool bomb(int x, int y) { return ell(x, y, 16, 20, 6, 6) || (x >= 7 && x <= 9 && y >= 2 && y <= 5); }
static bool skull(int x, int y) { return ell(x, y, 16, 13, 6, 6) || (x >= 4 && x <= 11 && y >= 10 && y <= 14); }
static bool arrow(int x, int y) {
  return (x + y >= 14 && x + y <= 16 && x >= 3) || (x >= 11 && y <= 4 && x + y >= 12 && y - x >= -14) ||
         (x <= 4 && y >= 11 && x - y >= -13);
}
static bool shield(int x, int y) { return y >= 1 && y <= 15 && x >= 2 && x <= 13 && (y <= 9 || (x < 8 ? 7 - x : x - 8) <= 15 - y); }
static bool ghost(int x, int y) { return ell(x, y, 16, 12, 6, 6) || (x >= 2 && x <= 13 && y >= 6 && y <= 13 + (x / 2) % 2); }
static bool crab(int x, int y) { return ell(x, y, 16, 20, 6, 4) || ell(x, y, 5, 9, 3, 3) || ell(x, y, 27, 9, 3, 3) || (y >= 13 && y <= 14 && x % 3 == 1); }
static bool bee(int x, int y) { return ell(x, y, 16, 18, 5, 4) || ell(x, y, 12, 8, 3, 3) || ell(x, y, 20, 8, 3, 3); }
static bool mushroom(int x, int y) { return (ell(x, y, 16, 12, 7, 5) && y <= 8) || (x >= 5 && x <= 10 && y >= 8 && y <= 14); }
static bool sparkle(int x, int y) {
  int dx = x < 8 ? 7 - x : x - 8, dy = y < 8 ? 7 - y : y - 8;
  return (dx <= 1 && dy <= 7) || (dy <= 1 && dx <= 7) || dx + dy <= 4;
}

static void eyes(z3_art a, int y, int lx, int rx) {
  z3_art_rect(a, lx, y, 2, 2, SHINE), z3_art_rect(a, rx, y, 2, 2, SHINE);
  z3_art_put(a, lx + 1, y + 1, OUT), z3_art_put(a, rx + 1, y + 1, OUT);
}

static void draw_octorok(z3_art a) { body(a, octorok, 5, 4), eyes(a, 5, 4, 10); }
static void draw_blob(z3_art a) { body(a, blob, 6, 8), eyes(a, 9, 5, 9); }
static void draw_bat(z3_art a) { body(a, bat, 8, 6), z3_art_put(a, 7, 7, SHINE), z3_art_put(a, 9, 7, SHINE); }
static void draw_fairy(z3_art a) { body(a, fairy, 7, 4); }
static void draw_heart(z3_art a) { body(a, heart, 5, 4); }
static void draw_rupee(z3_art a) {
  body(a, rupee, 6, 4);
  for (int y = 3; y <= 12; y++) z3_art_put(a, 8, y, BRIGHT);
}
static void draw_key(z3_art a) { body(a, key, 6, 2); }
static void draw_bomb(z3_art a) {
  body(a, bomb, 6, 7);
  z3_art_put(a, 10, 1, SHINE), z3_art_put(a, 11, 0, BRIGHT), z3_art_put(a, 11, 2, BRIGHT);
}
static void draw_skull(z3_art a) {
  body(a, skull, 6, 4);
  z3_art_rect(a, 5, 7, 2, 2, OUT), z3_art_rect(a, 9, 7, 2, 2, OUT), z3_art_rect(a, 6, 12, 4, 1, OUT);
}
static void draw_arrow(z3_art a) { body(a, arrow, 12, 2); }
static void draw_shield(z3_art a) {
  body(a, shield, 5, 4);
  z3_art_rect(a, 7, 3, 2, 9, SHADE), z3_art_rect(a, 4, 6, 8, 2, SHADE);
}
static void draw_ghost(z3_art a) { body(a, ghost, 6, 4), eyes(a, 6, 5, 9); }
static void draw_crab(z3_art a) { body(a, crab, 6, 7), eyes(a, 8, 5, 9); }
static void draw_bee(z3_art a) {
  body(a, bee, 7, 6);
  for (int x = 5; x <= 11; x += 3) z3_art_rect(a, x, 7, 1, 5, OUT);
}
static void draw_sparkle(z3_art a) { body(a, sparkle, 8, 8); }
static void draw_mushroom(z3_art a) {
  body(a, mushroom, 5, 3);
  z3_art_rect(a, 4, 3, 2, 2, SHINE), z3_art_rect(a, 10, 4, 2, 2, SHINE), eyes(a, 10, 5, 9);
}

static void (*const shapes[16])(z3_art) = {
    draw_octorok, draw_bat,    draw_blob,  draw_fairy, draw_heart, draw_rupee, draw_key,  draw_bomb,
    draw_skull,   draw_arrow,  draw_shield, draw_ghost, draw_crab, draw_bee,   draw_sparkle, draw_mushroom,
};

/* Every sprite sheet shows the sixteen shapes, starting at a different one so sheets differ. */
void z3_sample__draw_sprite_sheet(int index, uint8_t *sheet_px) {
  memset(sheet_px, 0, 128 * 32);
  for (int c = 0; c < 16; c++) {
    z3_art a = {sheet_px + (c / 8) * 16 * 128 + (c % 8) * 16, 16, 16, 128};
    shapes[(c + index) % 16](a);
  }
}
