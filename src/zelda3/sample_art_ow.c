/*
 * Overworld motifs of the sample ROM: grass, flowers, a dirt path and a pond
 * with their edges, trees, bushes, rocks, a fence, a sign, house pieces and a
 * cliff. Pixel values are colours of the motif's palette row (see the enums
 * below and sample_palettes.c, which gives each row its colours).
 */
#include "zelda3/sample_art.h"

/* Ground row: grass and dirt. */
enum { G_OUT = 1, G_DARK, G_GRASS, G_LIGHT, D_DARK, D_MID, D_LIGHT };
/* Water row: water, its foam and sand, and the grass around it. */
enum { W_DEEP = 1, W_DARK, W_MID, W_LIGHT, W_FOAM, W_GRASS, W_SAND };
/* Foliage row: leaves, bark and the grass they stand on. */
enum { F_OUT = 1, F_DARK, F_MID, F_LIGHT, F_BARK_DARK, F_BARK, F_GRASS };
/* Stone row: greys and the grass around rocks. */
enum { S_OUT = 1, S_DARK, S_MID, S_LIGHT, S_WHITE, S_GRASS, S_GRASS_DARK };
/* House row: roof, wood and plaster. */
enum { H_OUT = 1, H_ROOF_DARK, H_ROOF, H_ROOF_LIGHT, H_WOOD, H_WALL, H_WALL_SHADOW };
/* Flower row: grass and petals. */
enum { L_OUT = 1, L_DARK, L_GRASS, L_LIGHT, L_RED, L_YELLOW, L_WHITE };

/* Grass of any row: a base colour with tufts ("v" shapes) on a jittered 8x8
 * grid, so the texture is even and tiles without seams. */
static void grass(z3_art a, uint8_t base, uint8_t dark, uint8_t light, int per16, int salt) {
  z3_art_fill(a, base);
  for (int by = 0; by < a.h; by += 8)
    for (int bx = 0; bx < a.w; bx += 8) {
      uint32_t h = z3_art_hash(bx, by, salt);
      if ((int)(h % 16) >= per16) continue;
      int x = bx + (int)(h >> 4) % 5, y = by + 1 + (int)(h >> 8) % 5;
      z3_art_put(a, x, y, dark), z3_art_put(a, x + 1, y + 1, dark), z3_art_put(a, x + 2, y, dark);
      if (light != base) z3_art_put(a, x + 1, y, light);
    }
}

static void draw_grass(z3_art a) { grass(a, G_GRASS, G_DARK, G_GRASS, 5, 1); }
static void draw_grass_tufts(z3_art a) { grass(a, G_GRASS, G_DARK, G_LIGHT, 12, 2); }

/* Grass with a clover: three light leaves and a dark stem. */
static void draw_grass_light(z3_art a) {
  grass(a, G_GRASS, G_DARK, G_GRASS, 4, 3);
  static const int leaves[3][2] = {{8, 6}, {6, 8}, {10, 8}};
  for (int i = 0; i < 3; i++) z3_art_rect(a, leaves[i][0], leaves[i][1], 2, 2, G_LIGHT);
  z3_art_put(a, 8, 10, G_DARK), z3_art_put(a, 8, 11, G_DARK), z3_art_put(a, 9, 8, G_DARK);
}

static void flowers(z3_art a, uint8_t petal, int salt) {
  grass(a, L_GRASS, L_DARK, L_LIGHT, 6, salt);
  static const int at[4][2] = {{3, 3}, {11, 5}, {6, 11}, {13, 12}};
  for (int i = 0; i < 4; i++) {
    int x = at[i][0] + (int)(z3_art_hash(i, salt, 5) % 2), y = at[i][1];
    z3_art_rect(a, x - 1, y - 1, 3, 3, petal);
    z3_art_put(a, x - 1, y - 1, L_GRASS), z3_art_put(a, x + 1, y - 1, L_GRASS), z3_art_put(a, x - 1, y + 1, L_GRASS);
    z3_art_put(a, x + 1, y + 1, L_DARK), z3_art_put(a, x, y + 2, L_DARK), z3_art_put(a, x, y, L_YELLOW);
  }
}

static void draw_flowers_red(z3_art a) { flowers(a, L_RED, 6); }
static void draw_flowers_white(z3_art a) { flowers(a, L_WHITE, 7); }

/* ---- the path ---- */

static uint8_t dirt(int x, int y, int salt) {
  uint32_t h = z3_art_hash(x, y, salt) % 23;
  return h == 0 ? D_DARK : h == 1 ? D_LIGHT : D_MID;
}

/* Dirt where the edge says inside, grass outside; grass hangs over the dirt
 * with a dark fringe and the dirt under it is shaded. */
static void path_edge(z3_art a, z3_edge e) {
  grass(a, G_GRASS, G_DARK, G_GRASS, 6, 8);
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      if (z3_edge_outside(e, x, y)) {
        bool rim = !z3_edge_outside(e, x + 1, y) || !z3_edge_outside(e, x, y + 1) || !z3_edge_outside(e, x - 1, y) ||
                   !z3_edge_outside(e, x, y - 1);
        if (rim) z3_art_put(a, x, y, G_DARK);
        continue;
      }
      bool shade = z3_edge_outside(e, x - 1, y) || z3_edge_outside(e, x, y - 1);
      z3_art_put(a, x, y, shade ? D_DARK : dirt(x, y, 9));
    }
}

static void draw_path(z3_art a) { path_edge(a, Z3_EDGE_NONE); }

static void draw_path_pebbles(z3_art a) {
  path_edge(a, Z3_EDGE_NONE);
  static const int at[3][2] = {{3, 4}, {10, 2}, {8, 11}};
  for (int i = 0; i < 3; i++) {
    int x = at[i][0], y = at[i][1];
    z3_art_rect(a, x, y, 2, 1, D_LIGHT), z3_art_put(a, x + 2, y + 1, D_DARK), z3_art_rect(a, x, y + 1, 2, 1, D_MID);
    z3_art_rect(a, x, y + 2, 3, 1, D_DARK);
  }
}

static void draw_path_top(z3_art a) { path_edge(a, Z3_EDGE_TOP); }
static void draw_path_left(z3_art a) { path_edge(a, Z3_EDGE_LEFT); }
static void draw_path_corner(z3_art a) { path_edge(a, Z3_EDGE_CORNER); }
static void draw_path_inner(z3_art a) { path_edge(a, Z3_EDGE_INNER); }

/* ---- water ---- */

/* Pixels of water within `d` (square distance) of the shore. */
static bool near_land(z3_edge e, int x, int y, int d) {
  for (int dy = -d; dy <= d; dy++)
    for (int dx = -d; dx <= d; dx++)
      if (z3_edge_outside(e, x + dx, y + dy)) return true;
  return false;
}

static bool near_water(z3_edge e, int x, int y, int d) {
  for (int dy = -d; dy <= d; dy++)
    for (int dx = -d; dx <= d; dx++)
      if (!z3_edge_outside(e, x + dx, y + dy)) return true;
  return false;
}

/* Open water: small wave crests on a jittered grid. */
static uint8_t water(int x, int y, int crests) {
  int bx = x & ~7, by = y & ~7, u = x - bx, v = y - by;
  uint32_t h = z3_art_hash(bx, by, 11);
  int cx = (int)(h % 3), cy = 1 + (int)(h >> 4) % 4;
  bool crest = (int)((h >> 8) % 8) < crests;
  if (crest && v == cy && u >= cx + 1 && u <= cx + 3) return W_LIGHT;
  if (crest && v == cy + 1 && (u == cx || u == cx + 4)) return W_LIGHT;
  if (crest && v == cy + 1 && u >= cx + 1 && u <= cx + 3) return W_DARK;
  return W_MID;
}

static void shore(z3_art a, z3_edge e, int crests) {
  grass(a, W_GRASS, W_GRASS, W_GRASS, 0, 12);
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      uint8_t v;
      if (z3_edge_outside(e, x, y)) v = near_water(e, x, y, 2) ? W_SAND : W_GRASS;
      else if (near_land(e, x, y, 1)) v = W_FOAM;
      else if (near_land(e, x, y, 2)) v = W_LIGHT;
      else if (near_land(e, x, y, 3)) v = W_DARK;
      else v = water(x, y, crests);
      z3_art_put(a, x, y, v);
    }
}

static void draw_water(z3_art a) { shore(a, Z3_EDGE_NONE, 4); }

static void draw_water_waves(z3_art a) {
  shore(a, Z3_EDGE_NONE, 7);
  z3_art_put(a, 12, 12, W_FOAM), z3_art_put(a, 4, 13, W_FOAM);
}

static void draw_shore_top(z3_art a) { shore(a, Z3_EDGE_TOP, 4); }
static void draw_shore_left(z3_art a) { shore(a, Z3_EDGE_LEFT, 4); }
static void draw_shore_corner(z3_art a) { shore(a, Z3_EDGE_CORNER, 4); }
static void draw_shore_inner(z3_art a) { shore(a, Z3_EDGE_INNER, 4); }

/* ---- trees, bushes, rocks ---- */

/* A lit blob: light towards the top left, dark towards the bottom right, outlined. */
static void shade_blob(z3_art a, const uint8_t *in, int cx, int cy, int spread, uint8_t out, uint8_t dark,
                       uint8_t mid, uint8_t light) {
  for (int y = 0; y < a.h; y++)
    for (int x = 0; x < a.w; x++) {
      if (!in[y * a.w + x]) continue;
      int s = (x - cx) + (y - cy);
      uint8_t v = s < -spread ? light : s > spread ? dark : mid;
      if (v == mid && z3_art_hash(x, y, 13) % 11 == 0) v = dark; /* leaf or grain texture */
      z3_art_put(a, x, y, v);
    }
  z3_art_outline(a, in, out);
}

static void draw_tree(z3_art a) {
  grass(a, F_GRASS, F_DARK, F_GRASS, 6, 14);
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 32; x++)
      if (z3_art_in_ellipse(x, y, 32, 56, 12, 4)) z3_art_put(a, x, y, F_DARK); /* shadow */
  uint8_t trunk[32 * 32];
  for (int i = 0; i < 32 * 32; i++) {
    int x = i % 32, y = i / 32;
    trunk[i] = (y >= 18 && y <= 28 && x >= 13 && x <= 18) || (y >= 26 && y <= 28 && x >= 11 && x <= 20);
  }
  shade_blob(a, trunk, 14, 20, 1, F_OUT, F_BARK_DARK, F_BARK, F_BARK);
  static const int lumps[6][3] = {{32, 24, 12}, {14, 18, 6}, {50, 18, 6}, {18, 34, 6}, {46, 34, 6}, {32, 6, 6}};
  uint8_t crown[32 * 32];
  for (int i = 0; i < 32 * 32; i++) {
    crown[i] = 0;
    for (int k = 0; k < 6; k++) crown[i] |= z3_art_in_ellipse(i % 32, i / 32, lumps[k][0], lumps[k][1], lumps[k][2], lumps[k][2] - (k == 0));
  }
  shade_blob(a, crown, 14, 10, 7, F_OUT, F_DARK, F_MID, F_LIGHT);
}

static void draw_pine(z3_art a) {
  grass(a, F_GRASS, F_DARK, F_GRASS, 6, 15);
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 32; x++)
      if (z3_art_in_ellipse(x, y, 32, 58, 9, 3)) z3_art_put(a, x, y, F_DARK);
  uint8_t trunk[32 * 32], crown[32 * 32];
  for (int i = 0; i < 32 * 32; i++) {
    int x = i % 32, y = i / 32, dx = x < 16 ? 15 - x : x - 16;
    trunk[i] = y >= 24 && y <= 29 && dx <= 2;
    /* three stacked tiers, each wider than the one above */
    crown[i] = (y >= 1 && y <= 11 && dx <= (y - 1) * 6 / 10 + 1) || (y >= 7 && y <= 18 && dx <= (y - 7) * 8 / 11 + 3) ||
               (y >= 13 && y <= 25 && dx <= (y - 13) * 10 / 12 + 4);
  }
  shade_blob(a, trunk, 15, 26, 0, F_OUT, F_BARK_DARK, F_BARK, F_BARK);
  shade_blob(a, crown, 11, 12, 5, F_OUT, F_DARK, F_MID, F_LIGHT);
}

static void draw_bush(z3_art a) {
  grass(a, F_GRASS, F_DARK, F_GRASS, 3, 16);
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++)
      if (z3_art_in_ellipse(x, y, 16, 25, 7, 3)) z3_art_put(a, x, y, F_DARK);
  uint8_t in[16 * 16];
  for (int i = 0; i < 256; i++)
    in[i] = z3_art_in_ellipse(i % 16, i / 16, 16, 15, 7, 6) || z3_art_in_ellipse(i % 16, i / 16, 10, 9, 4, 4) ||
            z3_art_in_ellipse(i % 16, i / 16, 22, 9, 4, 4);
  shade_blob(a, in, 7, 6, 4, F_OUT, F_DARK, F_MID, F_LIGHT);
  z3_art_put(a, 5, 5, F_LIGHT), z3_art_put(a, 9, 4, F_LIGHT), z3_art_put(a, 11, 8, F_LIGHT);
}

static void draw_rock(z3_art a) {
  grass(a, S_GRASS, S_GRASS_DARK, S_GRASS, 4, 17);
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++)
      if (z3_art_in_ellipse(x, y, 17, 26, 7, 3)) z3_art_put(a, x, y, S_GRASS_DARK);
  uint8_t in[16 * 16];
  for (int i = 0; i < 256; i++) in[i] = z3_art_in_ellipse(i % 16, i / 16, 16, 17, 7, 6) && i / 16 >= 3;
  shade_blob(a, in, 7, 8, 3, S_OUT, S_DARK, S_MID, S_LIGHT);
  z3_art_put(a, 4, 5, S_WHITE), z3_art_put(a, 5, 5, S_WHITE), z3_art_put(a, 4, 6, S_WHITE);
  z3_art_put(a, 9, 7, S_DARK), z3_art_put(a, 10, 8, S_DARK), z3_art_put(a, 10, 9, S_DARK); /* a crack */
}

static void draw_stump(z3_art a) {
  grass(a, F_GRASS, F_DARK, F_GRASS, 4, 18);
  uint8_t side[16 * 16], top[16 * 16];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    top[i] = z3_art_in_ellipse(x, y, 16, 12, 6, 3);
    side[i] = (x >= 2 && x <= 13 && y >= 6 && y <= 12) || z3_art_in_ellipse(x, y, 16, 25, 6, 2);
  }
  shade_blob(a, side, 6, 9, 2, F_OUT, F_BARK_DARK, F_BARK, F_BARK);
  for (int i = 0; i < 256; i++)
    if (top[i]) z3_art_put(a, i % 16, i / 16, z3_art_in_ellipse(i % 16, i / 16, 16, 12, 3, 1) ? F_BARK_DARK : F_LIGHT);
  z3_art_outline(a, top, F_BARK_DARK);
}

/* A rail fence: two rails across the whole cell so fences join, one post. */
static void draw_fence(z3_art a) {
  grass(a, F_GRASS, F_DARK, F_GRASS, 3, 19);
  uint8_t wood[16 * 16];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    wood[i] = (y >= 5 && y <= 7) || (y >= 10 && y <= 12) || (x >= 6 && x <= 9 && y >= 2 && y <= 14);
  }
  for (int x = 0; x < 16; x++) z3_art_put(a, x, 8, F_DARK), z3_art_put(a, x, 13, F_DARK);
  z3_art_rect(a, 6, 15, 5, 1, F_DARK);
  shade_blob(a, wood, 7, 8, 20, F_OUT, F_BARK_DARK, F_BARK, F_BARK);
  for (int y = 3; y <= 14; y++) z3_art_put(a, 9, y, F_BARK_DARK);
  for (int x = 0; x < 16; x++) z3_art_put(a, x, 7, F_BARK_DARK), z3_art_put(a, x, 12, F_BARK_DARK);
}

static void draw_sign(z3_art a) {
  grass(a, F_GRASS, F_DARK, F_GRASS, 3, 20);
  uint8_t post[16 * 16], board[16 * 16];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    post[i] = x >= 7 && x <= 8 && y >= 9 && y <= 14;
    board[i] = x >= 2 && x <= 13 && y >= 2 && y <= 9;
  }
  z3_art_rect(a, 5, 14, 6, 2, F_DARK);
  shade_blob(a, post, 7, 9, 0, F_OUT, F_BARK_DARK, F_BARK, F_BARK);
  shade_blob(a, board, 7, 5, 20, F_OUT, F_BARK_DARK, F_BARK, F_BARK);
  z3_art_rect(a, 4, 4, 8, 1, F_BARK_DARK), z3_art_rect(a, 4, 6, 6, 1, F_BARK_DARK);
}

/* ---- the house ---- */

enum { SIDE_TOP = 1, SIDE_LEFT = 2, SIDE_BOTTOM = 4 };

/* Shingles in offset rows; the ridge, the gable board and the eave by `sides`. */
static void roof(z3_art a, int sides) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int r = y % 4, u = (x + (y / 4 % 2) * 4) % 8;
      uint8_t v = r == 3 || u == 0 ? H_ROOF_DARK : r == 0 && u <= 3 ? H_ROOF_LIGHT : H_ROOF;
      if ((sides & SIDE_TOP) && y <= 2) v = y == 0 ? H_OUT : y == 1 ? H_ROOF_LIGHT : H_ROOF_DARK;
      if ((sides & SIDE_BOTTOM) && y >= 12) v = y == 15 ? H_OUT : y == 12 ? H_ROOF_DARK : H_WOOD;
      if ((sides & SIDE_LEFT) && x <= 2) v = x == 0 ? H_OUT : x == 1 ? H_WOOD : H_ROOF_DARK;
      z3_art_put(a, x, y, v);
    }
}

static void draw_roof(z3_art a) { roof(a, 0); }
static void draw_roof_top(z3_art a) { roof(a, SIDE_TOP); }
static void draw_roof_left(z3_art a) { roof(a, SIDE_LEFT); }
static void draw_roof_top_left(z3_art a) { roof(a, SIDE_TOP | SIDE_LEFT); }
static void draw_roof_eave(z3_art a) { roof(a, SIDE_BOTTOM); }
static void draw_roof_eave_left(z3_art a) { roof(a, SIDE_BOTTOM | SIDE_LEFT); }

/* Plaster between timber posts, shaded under the eave, on a stone footing. */
static void wall(z3_art a) {
  z3_art_fill(a, H_WALL);
  z3_art_rect(a, 0, 0, 32, 3, H_WALL_SHADOW);
  z3_art_rect(a, 0, 0, 2, 26, H_WOOD), z3_art_rect(a, 30, 0, 2, 26, H_WOOD);
  z3_art_rect(a, 0, 0, 1, 32, H_OUT), z3_art_rect(a, 31, 0, 1, 32, H_OUT);
  for (int y = 25; y < 32; y++)
    for (int x = 0; x < 32; x++) {
      int course = (y - 25) / 3, u = (x + course * 3) % 7;
      uint8_t v = y == 25 || y == 31 || (y - 25) % 3 == 0 || u == 0 ? H_OUT : H_WALL_SHADOW;
      z3_art_put(a, x, y, v);
    }
}

static void draw_wall(z3_art a) { wall(a); }

static void draw_wall_window(z3_art a) {
  wall(a);
  z3_art_rect(a, 7, 6, 18, 14, H_OUT);
  z3_art_rect(a, 8, 7, 4, 12, H_WOOD), z3_art_rect(a, 20, 7, 4, 12, H_WOOD); /* shutters */
  z3_art_rect(a, 12, 7, 8, 12, H_OUT);
  z3_art_rect(a, 13, 8, 6, 10, H_ROOF_DARK); /* warm light behind the glass */
  z3_art_rect(a, 15, 8, 2, 10, H_WOOD), z3_art_rect(a, 13, 12, 6, 2, H_WOOD);
  z3_art_put(a, 13, 8, H_ROOF_LIGHT), z3_art_put(a, 14, 9, H_ROOF_LIGHT);
  z3_art_rect(a, 7, 20, 18, 1, H_WALL_SHADOW);
}

static void draw_wall_door(z3_art a) {
  wall(a);
  for (int y = 6; y < 32; y++)
    for (int x = 9; x <= 22; x++) {
      int dx = 2 * x + 1 - 32, dy = 2 * y + 1 - 2 * 13;
      bool arch = y >= 13 || dx * dx + dy * dy <= 14 * 14;
      bool inner = (x >= 10 && x <= 21) && (y >= 13 ? true : dx * dx + dy * dy <= 12 * 12);
      if (!arch) continue;
      uint8_t v = !inner ? H_OUT : (x - 10) % 3 == 2 ? H_OUT : H_WOOD;
      z3_art_put(a, x, y, v);
    }
  z3_art_rect(a, 18, 19, 2, 2, H_ROOF_LIGHT);
  z3_art_rect(a, 7, 29, 18, 3, H_WALL_SHADOW), z3_art_rect(a, 7, 29, 18, 1, H_OUT); /* door step */
}

/* ---- the cliff ---- */

/* The rock face: tall boulders (the nearest of jittered points, wrapping at
 * 16 pixels so faces tile), each lit from the top left, with dark cracks. */
static int boulder(int x, int y, int salt, int *px, int *py) {
  int best = -1, best_d = 1 << 30;
  for (int gy = 0; gy < 2; gy++)
    for (int gx = 0; gx < 4; gx++)
      for (int wy = -16; wy <= 16; wy += 16)
        for (int wx = -16; wx <= 16; wx += 16) {
          uint32_t h = z3_art_hash(gx, gy, salt);
          int cx = gx * 4 + (int)(h % 4) + wx, cy = gy * 8 + (int)(h >> 4) % 8 + wy;
          int d = 4 * (x - cx) * (x - cx) + (y - cy) * (y - cy);
          if (d < best_d) best_d = d, best = gy * 4 + gx, *px = cx, *py = cy;
        }
  return best;
}

static uint8_t strata(int x, int y, int salt) {
  int cx, cy, ox, oy, me = boulder(x, y, salt, &cx, &cy);
  if (boulder(x + 1, y, salt, &ox, &oy) != me || boulder(x, y + 1, salt, &ox, &oy) != me) return S_OUT;
  int s = 2 * (x - cx) + (y - cy);
  return s < -4 ? S_LIGHT : s > 5 ? S_DARK : S_MID;
}

static void cliff(z3_art a, int sides, int salt) {
  grass(a, S_GRASS, S_GRASS_DARK, S_GRASS, 4, 22);
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int top = (sides & SIDE_TOP) ? 4 + (x % 7 == 3) : -1, left = (sides & SIDE_LEFT) ? 4 + (y % 6 == 2) : -1;
      int bottom = (sides & SIDE_BOTTOM) ? 11 : 16;
      if (y < top || x < left) continue;
      uint8_t v = strata(x, y, salt);
      if (y == top || x == left) v = S_OUT;
      else if (y == top + 1) v = S_LIGHT; /* the rim, seen from above */
      else if (x == left + 1) v = S_LIGHT;
      if (y == bottom) v = S_OUT;
      else if (y > bottom) v = y <= bottom + 2 ? S_GRASS_DARK : S_GRASS;
      z3_art_put(a, x, y, v);
    }
}

static void draw_cliff(z3_art a) { cliff(a, 0, 23); }
static void draw_cliff_rough(z3_art a) { cliff(a, 0, 24); }
static void draw_cliff_top(z3_art a) { cliff(a, SIDE_TOP, 23); }
static void draw_cliff_left(z3_art a) { cliff(a, SIDE_LEFT, 23); }
static void draw_cliff_top_left(z3_art a) { cliff(a, SIDE_TOP | SIDE_LEFT, 23); }
static void draw_cliff_base(z3_art a) { cliff(a, SIDE_BOTTOM, 23); }
static void draw_cliff_base_left(z3_art a) { cliff(a, SIDE_BOTTOM | SIDE_LEFT, 23); }

/* Where each motif lives: position (sheet), cell column and row, size in cells, palette row. */
const z3_motif z3_ow_motifs[OWM_COUNT] = {
    [OWM_GRASS] = {0, 0, 0, 1, 1, OW_ROW_GROUND, draw_grass},
    [OWM_GRASS_TUFTS] = {0, 1, 0, 1, 1, OW_ROW_GROUND, draw_grass_tufts},
    [OWM_GRASS_LIGHT] = {0, 2, 0, 1, 1, OW_ROW_GROUND, draw_grass_light},
    [OWM_FLOWERS_RED] = {0, 3, 0, 1, 1, OW_ROW_FLOWERS, draw_flowers_red},
    [OWM_FLOWERS_WHITE] = {0, 4, 0, 1, 1, OW_ROW_FLOWERS, draw_flowers_white},
    [OWM_PATH] = {0, 0, 1, 1, 1, OW_ROW_GROUND, draw_path},
    [OWM_PATH_PEBBLES] = {0, 1, 1, 1, 1, OW_ROW_GROUND, draw_path_pebbles},
    [OWM_PATH_TOP] = {0, 2, 1, 1, 1, OW_ROW_GROUND, draw_path_top},
    [OWM_PATH_LEFT] = {0, 3, 1, 1, 1, OW_ROW_GROUND, draw_path_left},
    [OWM_PATH_CORNER] = {0, 4, 1, 1, 1, OW_ROW_GROUND, draw_path_corner},
    [OWM_PATH_INNER] = {0, 5, 1, 1, 1, OW_ROW_GROUND, draw_path_inner},
    [OWM_SIGN] = {0, 5, 0, 1, 1, OW_ROW_FOLIAGE, draw_sign},
    [OWM_STUMP] = {0, 6, 0, 1, 1, OW_ROW_FOLIAGE, draw_stump},
    [OWM_WATER] = {1, 0, 0, 1, 1, OW_ROW_WATER, draw_water},
    [OWM_WATER_WAVES] = {1, 1, 0, 1, 1, OW_ROW_WATER, draw_water_waves},
    [OWM_SHORE_TOP] = {1, 2, 0, 1, 1, OW_ROW_WATER, draw_shore_top},
    [OWM_SHORE_LEFT] = {1, 3, 0, 1, 1, OW_ROW_WATER, draw_shore_left},
    [OWM_SHORE_CORNER] = {1, 4, 0, 1, 1, OW_ROW_WATER, draw_shore_corner},
    [OWM_SHORE_INNER] = {1, 5, 0, 1, 1, OW_ROW_WATER, draw_shore_inner},
    [OWM_BUSH] = {1, 0, 1, 1, 1, OW_ROW_FOLIAGE, draw_bush},
    [OWM_ROCK] = {1, 1, 1, 1, 1, OW_ROW_STONE, draw_rock},
    [OWM_FENCE] = {1, 2, 1, 1, 1, OW_ROW_FOLIAGE, draw_fence},
    [OWM_TREE] = {2, 0, 0, 2, 2, OW_ROW_FOLIAGE, draw_tree},
    [OWM_PINE] = {2, 2, 0, 2, 2, OW_ROW_FOLIAGE, draw_pine},
    [OWM_WALL] = {3, 0, 0, 2, 2, OW_ROW_HOUSE, draw_wall},
    [OWM_WALL_WINDOW] = {3, 2, 0, 2, 2, OW_ROW_HOUSE, draw_wall_window},
    [OWM_WALL_DOOR] = {3, 4, 0, 2, 2, OW_ROW_HOUSE, draw_wall_door},
    [OWM_ROOF] = {4, 0, 0, 1, 1, OW_ROW_HOUSE, draw_roof},
    [OWM_ROOF_TOP] = {4, 1, 0, 1, 1, OW_ROW_HOUSE, draw_roof_top},
    [OWM_ROOF_LEFT] = {4, 2, 0, 1, 1, OW_ROW_HOUSE, draw_roof_left},
    [OWM_ROOF_TOP_LEFT] = {4, 3, 0, 1, 1, OW_ROW_HOUSE, draw_roof_top_left},
    [OWM_ROOF_EAVE] = {4, 4, 0, 1, 1, OW_ROW_HOUSE, draw_roof_eave},
    [OWM_ROOF_EAVE_LEFT] = {4, 5, 0, 1, 1, OW_ROW_HOUSE, draw_roof_eave_left},
    [OWM_CLIFF] = {5, 0, 0, 1, 1, OW_ROW_STONE, draw_cliff},
    [OWM_CLIFF_TOP] = {5, 1, 0, 1, 1, OW_ROW_STONE, draw_cliff_top},
    [OWM_CLIFF_LEFT] = {5, 2, 0, 1, 1, OW_ROW_STONE, draw_cliff_left},
    [OWM_CLIFF_TOP_LEFT] = {5, 3, 0, 1, 1, OW_ROW_STONE, draw_cliff_top_left},
    [OWM_CLIFF_BASE] = {5, 4, 0, 1, 1, OW_ROW_STONE, draw_cliff_base},
    [OWM_CLIFF_BASE_LEFT] = {5, 5, 0, 1, 1, OW_ROW_STONE, draw_cliff_base_left},
    [OWM_CLIFF_ROUGH] = {5, 6, 0, 1, 1, OW_ROW_STONE, draw_cliff_rough},
};
