/*
 * Underworld motifs of the sample ROM: floors, the wall profile (north, west
 * and the corner where they meet; the writer flips them for south, east and
 * the other corners), a door, stairs, chests, a pot, torches, a block and
 * furniture. Objects standing on the floor leave their background transparent
 * (pixel 0) so the floor of the layer below shows through.
 */
#include <stddef.h>

#include "zelda3/sample_art.h"

enum { FL_OUT = 1, FL_DARK, FL_MID, FL_LIGHT, FL_GROUT, FL_ACCENT, FL_SHINE };     /* floor row */
enum { WA_OUT = 1, WA_DARK, WA_MID, WA_LIGHT, WA_DEEP, WA_SHADOW, WA_SHINE };      /* wall row */
enum { WO_OUT = 1, WO_DARK, WO_MID, WO_LIGHT, GO_DARK, GO_MID, GO_LIGHT };         /* wood and gold */
enum { CL_OUT = 1, CL_DARK, CL_MID, CL_LIGHT, GR_DARK, GR_MID, GR_LIGHT };         /* clay and grey */
enum { FI_OUT = 1, FI_IRON_DARK, FI_IRON, FI_RED, FI_ORANGE, FI_YELLOW, FI_WHITE }; /* fire and iron */
enum { CO_OUT = 1, CO_DARK, CO_MID, CO_TRIM, BL_DARK, BL_MID, BL_LIGHT };          /* cloth and water */

/* ---- floors (16x16, tiling) ---- */

/* A 16x16 slab: grout on two sides (so slabs tile), a lit top-left bevel, a
 * shaded bottom-right one and a faint grain. */
static uint8_t slab(int x, int y, int salt) {
  int u = x % 16, v = y % 16;
  if (u == 15 || v == 15) return FL_GROUT;
  if (u == 0 || v == 0) return FL_LIGHT;
  if (u == 14 || v == 14) return FL_DARK;
  return z3_art_hash(x, y, salt) % 11 == 0 ? FL_DARK : FL_MID;
}

static void draw_slabs(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) z3_art_put(a, x, y, slab(x, y, 1));
}

static void draw_checks(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      bool light = (x / 8 + y / 8) % 2 == 0;
      int u = x % 8, v = y % 8;
      uint8_t c = light ? FL_ACCENT : FL_MID;
      if (u == 7 || v == 7) c = FL_GROUT;
      else if (u == 0 || v == 0) c = light ? FL_SHINE : FL_LIGHT;
      z3_art_put(a, x, y, c);
    }
}

static void draw_bricks(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int course = y / 4, u = (x + (course % 2) * 4) % 8, v = y % 4;
      uint8_t c = v == 3 || u == 7 ? FL_GROUT : v == 0 ? FL_ACCENT : FL_MID;
      z3_art_put(a, x, y, c);
    }
}

static void draw_planks(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int u = x % 8, seam = (x / 8 % 2) ? 4 : 12;
      uint8_t c = u == 7 || y == seam ? WO_DARK : u == 0 ? WO_LIGHT : WO_MID;
      if (c == WO_MID && z3_art_hash(x, y / 3, 6) % 9 == 0) c = WO_DARK; /* grain */
      if ((u == 1 || u == 5) && y == seam + 1) c = GO_DARK;                /* nails */
      z3_art_put(a, x, y, c);
    }
}

/* Worn slabs: the same grid, cracked and chipped. */
static void draw_moss(z3_art a) {
  draw_slabs(a);
  static const int crack[][2] = {{2, 2}, {3, 3}, {3, 4}, {4, 5}, {11, 9}, {12, 10}, {12, 11}, {13, 12}, {10, 3}};
  for (size_t i = 0; i < sizeof crack / sizeof crack[0]; i++) z3_art_put(a, crack[i][0], crack[i][1], FL_OUT);
  z3_art_rect(a, 1, 9, 2, 2, FL_ACCENT), z3_art_rect(a, 12, 1, 2, 1, FL_ACCENT);
}

static void draw_grate(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int u = x % 4, v = y % 4;
      uint8_t c = u == 0 || v == 0 ? FL_LIGHT : u == 3 || v == 3 ? FL_DARK : FL_OUT;
      z3_art_put(a, x, y, c);
    }
}

static void draw_diamonds(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int u = (x + 8) % 16 - 8, v = (y + 8) % 16 - 8, d = (u < 0 ? -u - 1 : u) + (v < 0 ? -v - 1 : v);
      uint8_t c = d == 7 ? FL_GROUT : d < 3 ? FL_ACCENT : d == 3 ? FL_DARK : FL_MID;
      if (d == 6 && u < 0 && v < 0) c = FL_LIGHT;
      z3_art_put(a, x, y, c);
    }
}

static void draw_cobble(z3_art a) {
  z3_art_fill(a, FL_GROUT);
  static const int stones[5][4] = {{8, 8, 6, 5}, {24, 8, 6, 5}, {16, 22, 7, 6}, {0, 24, 5, 6}, {32, 24, 5, 6}};
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++)
      for (int k = 0; k < 5; k++) {
        const int *s = stones[k];
        for (int wrap = -32; wrap <= 32; wrap += 32) { /* stones cross the edges and tile */
          if (!z3_art_in_ellipse(x, y, s[0] + wrap, s[1], s[2], s[3]) &&
              !z3_art_in_ellipse(x, y, s[0], s[1] + wrap, s[2], s[3]))
            continue;
          int lx = 2 * x - s[0], ly = 2 * y - s[1];
          z3_art_put(a, x, y, lx + ly < -4 ? FL_LIGHT : lx + ly > 4 ? FL_DARK : FL_MID);
        }
      }
}

static void draw_ceiling(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) z3_art_put(a, x, y, z3_art_hash(x, y, 2) % 13 == 0 ? WA_OUT : WA_DEEP);
}

/* ---- walls: one profile across the wall (0 = outside, 31 = the floor's edge) ---- */

/* u runs along the wall, v across it: a dark top, a lit rim, two courses of
 * blocks, a plinth and the shadow it casts on the floor. */
static uint8_t wall_px(int u, int v) {
  if (v < 6) return z3_art_hash(u, v, 3) % 13 == 0 ? WA_OUT : WA_DEEP;
  if (v == 6) return WA_OUT;
  if (v == 7) return WA_SHINE;
  if (v < 24) {
    int course = (v - 8) / 8, w = (v - 8) % 8, along = (u + course * 8) % 16;
    if (w == 7 || along == 15) return WA_OUT;
    if (w == 0 || along == 0) return WA_LIGHT;
    if (w == 6 || along == 14) return WA_DARK;
    return WA_MID;
  }
  if (v == 24) return WA_LIGHT;
  if (v < 28) return (u % 8 == 7) ? WA_DARK : WA_MID;
  if (v == 28) return WA_OUT;
  return WA_SHADOW;
}

static void draw_wall_north(z3_art a) {
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 16; x++) z3_art_put(a, x, y, wall_px(x, y));
}

static void draw_wall_west(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 32; x++) z3_art_put(a, x, y, wall_px(y, x));
}

/* The top-left inside corner: each pixel belongs to the nearer wall. */
static void draw_corner(z3_art a) {
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 32; x++) z3_art_put(a, x, y, y <= x ? wall_px(x, y) : wall_px(y, x));
}

/* A pillar set into the north wall: shaded round shaft on a square base. */
static void draw_wall_column(z3_art a) {
  draw_wall_north(a);
  for (int y = 4; y < 30; y++)
    for (int x = 3; x <= 12; x++) {
      uint8_t c = x == 3 || x == 12 ? WA_OUT : x <= 5 ? WA_SHINE : x <= 8 ? WA_LIGHT : x <= 10 ? WA_MID : WA_DARK;
      if (y == 4 || y == 25 || y == 29) c = WA_OUT; /* capital, base and foot */
      z3_art_put(a, x, y, c);
    }
}

static void draw_pillar(z3_art a) {
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 16; x++) {
      uint8_t c = 0;
      if (x >= 2 && x <= 13 && y >= 1 && y <= 30) {
        c = x == 2 || x == 13 ? WA_OUT : x <= 4 ? WA_SHINE : x <= 7 ? WA_LIGHT : x <= 10 ? WA_MID : WA_DARK;
        if (y <= 3 || y >= 27) c = y == 1 || y == 30 || y == 3 || y == 27 ? WA_OUT : WA_LIGHT;
      }
      z3_art_put(a, x, y, c);
    }
}

/* ---- things in rooms (transparent around them) ---- */

static void draw_door(z3_art a) {
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 32; x++) {
      int dx = 2 * x + 1 - 32, dy = 2 * y + 1 - 24;
      bool frame = y >= 12 || dx * dx + dy * dy <= 26 * 26;
      bool leaf = (x >= 6 && x <= 25) && (y >= 12 || dx * dx + dy * dy <= 20 * 20);
      uint8_t c = 0;
      if (frame) c = (x + y) % 7 == 0 ? GR_DARK : GR_MID;
      if (leaf) c = (x - 6) % 5 == 4 ? CL_OUT : (x - 6) % 5 == 0 ? CL_LIGHT : CL_MID;
      if (leaf && (y == 16 || y == 26)) c = GR_DARK; /* iron bands */
      z3_art_put(a, x, y, c);
    }
  z3_art_rect(a, 21, 19, 2, 3, GR_LIGHT);
}

static void stairs(z3_art a, bool up) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int step = y / 4, v = y % 4;
      uint8_t c = x == 0 || x == 15 ? GR_DARK : v == 0 ? GR_LIGHT : v == 3 ? CL_OUT : GR_MID;
      if (!up) c = v == 3 ? GR_LIGHT : v == 0 ? CL_OUT : step >= 2 ? GR_DARK : GR_MID; /* going down gets darker */
      z3_art_put(a, x, y, c);
    }
}

static void draw_stairs_up(z3_art a) { stairs(a, true); }
static void draw_stairs_down(z3_art a) { stairs(a, false); }

static void chest(z3_art a, bool big) {
  uint8_t in[256];
  int x0 = big ? 0 : 1, x1 = big ? 15 : 14, y0 = big ? 1 : 3;
  for (int i = 0; i < 256; i++) in[i] = i % 16 >= x0 && i % 16 <= x1 && i / 16 >= y0 && i / 16 <= 14;
  for (int y = y0; y <= 14; y++)
    for (int x = x0; x <= x1; x++) {
      uint8_t c = y < y0 + 5 ? (y == y0 + 1 ? WO_LIGHT : WO_MID) : y % 3 == 0 ? WO_MID : WO_DARK; /* lid, then planks */
      if (x == x0 + 2 || x == x1 - 2 || y == y0 + 5) c = big ? GO_MID : GO_DARK; /* bands */
      z3_art_put(a, x, y, c);
    }
  z3_art_rect(a, 7, y0 + 4, 2, 3, GO_LIGHT); /* the lock */
  z3_art_outline(a, in, WO_OUT);
  z3_art_rect(a, x0 + 1, 15, x1 - x0 - 1, 1, WO_OUT); /* its shadow */
}

static void draw_chest(z3_art a) { chest(a, false); }
static void draw_big_chest(z3_art a) { chest(a, true); }

/* The pot and the barrel stand on a slab of their own (floor row), so they
 * look right on the lower layer too, where nothing shows through. */
static void draw_pot(z3_art a) {
  draw_slabs(a);
  uint8_t in[256];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    in[i] = z3_art_in_ellipse(x, y, 16, 19, 6, 6) || (y >= 2 && y <= 5 && x >= 4 && x <= 11);
    if (!in[i]) continue;
    int s = (x - 6) + (y - 8);
    uint8_t c = y <= 3 ? FL_OUT : y == 4 ? FL_SHINE : s < -4 ? FL_SHINE : s > 5 ? FL_DARK : FL_ACCENT;
    if (y == 11) c = FL_DARK; /* a painted band */
    z3_art_put(a, x, y, c);
  }
  z3_art_outline(a, in, FL_OUT);
  z3_art_rect(a, 4, 15, 8, 1, FL_GROUT);
}

static void draw_barrel(z3_art a) {
  draw_slabs(a);
  uint8_t in[256];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    in[i] = z3_art_in_ellipse(x, y, 16, 16, 6, 8) && y >= 1 && y <= 14;
    if (!in[i]) continue;
    uint8_t c = x <= 5 ? FL_SHINE : x >= 10 ? FL_DARK : FL_ACCENT;
    if (y == 3 || y == 12) c = FL_OUT; /* hoops */
    if (y <= 2) c = FL_DARK;
    z3_art_put(a, x, y, c);
  }
  z3_art_outline(a, in, FL_OUT);
}

static void flame(z3_art a, int cx, int top, int height) {
  for (int y = top; y < top + height; y++)
    for (int x = cx - 4; x <= cx + 4; x++) {
      int h = y - top, half = h * 4 / height + 1, d = x < cx ? cx - x : x - cx;
      if (d > half || (h < height / 3 && d > 1)) continue;
      uint8_t c = d <= half - 3 ? FI_WHITE : d <= half - 2 ? FI_YELLOW : d <= half - 1 ? FI_ORANGE : FI_RED;
      z3_art_put(a, x, y, c);
    }
}

static void draw_torch(z3_art a) {
  uint8_t in[256];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    in[i] = (y >= 8 && y <= 10 && x >= 4 && x <= 11) || (y >= 10 && y <= 14 && x >= 6 && x <= 9);
    if (in[i]) z3_art_put(a, x, y, x <= 6 ? FI_IRON : FI_IRON_DARK);
  }
  z3_art_outline(a, in, FI_OUT);
  flame(a, 8, 1, 8);
}

static void draw_brazier(z3_art a) {
  uint8_t in[256];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    in[i] = (y >= 7 && y <= 10 && x >= 1 && x <= 14) || (y >= 10 && y <= 14 && x >= 4 && x <= 11);
    if (in[i]) z3_art_put(a, x, y, y == 7 ? FI_IRON : x <= 5 ? FI_IRON : FI_IRON_DARK);
  }
  z3_art_outline(a, in, FI_OUT);
  flame(a, 5, 0, 8), flame(a, 10, 1, 7), flame(a, 8, 0, 8);
}

/* A pushable block: a bevelled stone cube with a carved mark. */
static void draw_block(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      uint8_t c = x == 0 || y == 0 || x == 15 || y == 15 ? WA_OUT : x <= 2 || y <= 2 ? WA_SHINE
                  : x >= 13 || y >= 13 ? WA_DARK : WA_LIGHT;
      z3_art_put(a, x, y, c);
    }
  z3_art_rect(a, 5, 5, 6, 6, WA_MID), z3_art_rect(a, 6, 6, 4, 4, WA_LIGHT);
}

static void draw_bed(z3_art a) {
  uint8_t in[256];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    in[i] = x >= 1 && x <= 14 && y >= 0 && y <= 15;
    if (!in[i]) continue;
    uint8_t c = y <= 4 ? (x >= 3 && x <= 12 ? BL_LIGHT : CO_TRIM) : (y == 5 ? CO_TRIM : x <= 3 ? CO_MID : CO_DARK + (y % 4 == 0));
    z3_art_put(a, x, y, c);
  }
  z3_art_outline(a, in, CO_OUT);
}

static void draw_fireplace(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      bool opening = x >= 4 && x <= 11 && y >= 6;
      uint8_t c = (y % 4 == 3 || (x + (y / 4) * 3) % 6 == 0) ? FI_IRON_DARK : FI_IRON;
      if (opening) c = FI_OUT;
      if (x == 0 || x == 15 || y == 0) c = FI_OUT;
      z3_art_put(a, x, y, c);
    }
  flame(a, 8, 8, 8);
}

static void draw_table(z3_art a) {
  uint8_t in[256];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    bool top = y >= 2 && y <= 9 && x >= 0 && x <= 15, legs = y >= 10 && y <= 14 && (x == 2 || x == 3 || x == 12 || x == 13);
    in[i] = top || legs;
    if (in[i]) z3_art_put(a, x, y, legs ? WO_DARK : y == 9 ? WO_DARK : y == 2 ? WO_LIGHT : WO_MID);
  }
  z3_art_outline(a, in, WO_OUT);
}

static void draw_statue(z3_art a) {
  uint8_t in[256];
  for (int i = 0; i < 256; i++) {
    int x = i % 16, y = i / 16;
    in[i] = z3_art_in_ellipse(x, y, 16, 8, 4, 4) || (y >= 6 && y <= 11 && x >= 3 && x <= 12) || (y >= 11 && x >= 2 && x <= 13 && y <= 14);
    if (in[i]) z3_art_put(a, x, y, y >= 12 ? GR_DARK : x <= 6 ? GR_LIGHT : GR_MID);
  }
  z3_art_outline(a, in, CL_OUT);
  z3_art_put(a, 6, 3, CL_OUT), z3_art_put(a, 9, 3, CL_OUT); /* eyes */
}

static void draw_shelf(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      uint8_t c = x == 0 || x == 15 || y == 0 || y == 15 ? WO_OUT : y % 5 == 0 ? WO_DARK : WO_MID;
      if (y % 5 != 0 && x > 0 && x < 15 && (x * 7 + y / 5 * 3) % 5 == 0) c = (x + y / 5) % 2 ? GO_MID : CL_OUT; /* books */
      z3_art_put(a, x, y, c);
    }
}

static void draw_carpet(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int u = (x + 4) % 8, v = (y + 4) % 8, d = (u < 4 ? 3 - u : u - 4) + (v < 4 ? 3 - v : v - 4);
      z3_art_put(a, x, y, d == 3 ? CO_TRIM : d < 2 ? CO_MID : CO_DARK);
    }
}

/* The carpet's top border; flipped for the other sides. */
static void draw_carpet_edge(z3_art a) {
  draw_carpet(a);
  for (int x = 0; x < 16; x++) {
    z3_art_put(a, x, 0, CO_OUT), z3_art_put(a, x, 1, CO_TRIM), z3_art_put(a, x, 2, CO_TRIM);
    z3_art_put(a, x, 3, x % 4 == 1 ? CO_TRIM : CO_DARK), z3_art_put(a, x, 4, CO_OUT);
  }
}

static void draw_pit(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) z3_art_put(a, x, y, y < 3 ? (y == 0 ? WA_LIGHT : WA_DARK) : WA_OUT);
}

static void draw_water(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int u = (x + (y / 4) * 3) % 8, v = y % 4;
      z3_art_put(a, x, y, v == 1 && u >= 2 && u <= 4 ? BL_LIGHT : v == 2 && (u == 1 || u == 5) ? BL_LIGHT : BL_MID);
    }
}

static void draw_spikes(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      int u = x % 8, v = y % 8, d = (u < 4 ? 3 - u : u - 4);
      uint8_t c = FI_OUT;
      if (v >= 1 && v <= 6 && d <= (v - 1) / 2 + 0) c = u < 4 ? FI_WHITE : FI_IRON;
      if (v == 7) c = FI_IRON_DARK;
      z3_art_put(a, x, y, c);
    }
}

static void draw_ledge(z3_art a) {
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      uint8_t c = y < 6 ? slab(x, y, 4) : y == 6 ? FL_SHINE : y < 11 ? (x % 4 == 3 ? FL_DARK : FL_LIGHT) : y == 11 ? FL_OUT : FL_GROUT;
      z3_art_put(a, x, y, c);
    }
}

const z3_motif z3_uw_motifs[UWM_COUNT] = {
    [UWM_FLOOR_SLABS] = {0, 0, 0, 1, 1, UW_ROW_FLOOR, draw_slabs},
    [UWM_FLOOR_CHECKS] = {0, 1, 0, 1, 1, UW_ROW_FLOOR, draw_checks},
    [UWM_FLOOR_BRICKS] = {0, 2, 0, 1, 1, UW_ROW_FLOOR, draw_bricks},
    [UWM_FLOOR_PLANKS] = {0, 3, 0, 1, 1, UW_ROW_WOOD, draw_planks},
    [UWM_FLOOR_MOSS] = {0, 4, 0, 1, 1, UW_ROW_FLOOR, draw_moss},
    [UWM_FLOOR_GRATE] = {0, 5, 0, 1, 1, UW_ROW_FLOOR, draw_grate},
    [UWM_FLOOR_DIAMONDS] = {0, 6, 0, 1, 1, UW_ROW_FLOOR, draw_diamonds},
    [UWM_FLOOR_COBBLE] = {0, 7, 0, 1, 1, UW_ROW_FLOOR, draw_cobble},
    [UWM_CEILING] = {0, 0, 1, 1, 1, UW_ROW_WALL, draw_ceiling},
    [UWM_CARPET] = {0, 1, 1, 1, 1, UW_ROW_CLOTH, draw_carpet},
    [UWM_CARPET_EDGE] = {0, 2, 1, 1, 1, UW_ROW_CLOTH, draw_carpet_edge},
    [UWM_WATER] = {0, 3, 1, 1, 1, UW_ROW_CLOTH, draw_water},
    [UWM_PIT] = {0, 4, 1, 1, 1, UW_ROW_WALL, draw_pit},
    [UWM_SPIKES] = {0, 5, 1, 1, 1, UW_ROW_FIRE, draw_spikes},
    [UWM_LEDGE] = {0, 6, 1, 1, 1, UW_ROW_FLOOR, draw_ledge},
    [UWM_BLOCK] = {0, 7, 1, 1, 1, UW_ROW_WALL, draw_block},
    [UWM_WALL_NORTH] = {1, 0, 0, 1, 2, UW_ROW_WALL, draw_wall_north},
    [UWM_WALL_WEST] = {1, 1, 0, 2, 1, UW_ROW_WALL, draw_wall_west},
    [UWM_CORNER] = {1, 3, 0, 2, 2, UW_ROW_WALL, draw_corner},
    [UWM_WALL_COLUMN] = {1, 5, 0, 1, 2, UW_ROW_WALL, draw_wall_column},
    [UWM_PILLAR] = {1, 6, 0, 1, 2, UW_ROW_WALL, draw_pillar},
    [UWM_SHELF] = {1, 1, 1, 1, 1, UW_ROW_WOOD, draw_shelf},
    [UWM_NOTHING] = {1, 7, 0, 1, 1, UW_ROW_FLOOR, NULL}, /* blank: a floor that lets the layer below show */
    [UWM_DOOR] = {2, 0, 0, 2, 2, UW_ROW_CLAY, draw_door},
    [UWM_STAIRS_UP] = {2, 2, 0, 1, 1, UW_ROW_CLAY, draw_stairs_up},
    [UWM_STAIRS_DOWN] = {2, 3, 0, 1, 1, UW_ROW_CLAY, draw_stairs_down},
    [UWM_CHEST] = {2, 4, 0, 1, 1, UW_ROW_WOOD, draw_chest},
    [UWM_BIG_CHEST] = {2, 5, 0, 1, 1, UW_ROW_WOOD, draw_big_chest},
    [UWM_POT] = {2, 6, 0, 1, 1, UW_ROW_FLOOR, draw_pot},
    [UWM_TORCH] = {2, 7, 0, 1, 1, UW_ROW_FIRE, draw_torch},
    [UWM_BRAZIER] = {2, 2, 1, 1, 1, UW_ROW_FIRE, draw_brazier},
    [UWM_BARREL] = {2, 3, 1, 1, 1, UW_ROW_FLOOR, draw_barrel},
    [UWM_BED] = {2, 4, 1, 1, 1, UW_ROW_CLOTH, draw_bed},
    [UWM_FIREPLACE] = {2, 5, 1, 1, 1, UW_ROW_FIRE, draw_fireplace},
    [UWM_TABLE] = {2, 6, 1, 1, 1, UW_ROW_WOOD, draw_table},
    [UWM_STATUE] = {2, 7, 1, 1, 1, UW_ROW_CLAY, draw_statue},
};
