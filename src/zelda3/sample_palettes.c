/*
 * The sample ROM's palettes (data reference §5.3-§5.5), designed so the
 * motifs of sample_art*.c read as what they are: every palette row has one
 * role (ground, water, foliage, stone, house, flowers outdoors; floor, wall,
 * wood, clay, fire, cloth indoors) in every world, the Dark World and each
 * dungeon palette tint the same roles. Other palettes of one group differ by
 * a step of blue too small to see, so reading the wrong one still shows.
 */
#include <stdlib.h>
#include <string.h>

#include "zelda3/palettes.h"
#include "zelda3/sample_art.h"
#include "zelda3/sample_internal.h"

typedef struct rgb8 {
  int r, g, b;
} rgb8;

static rgb8 hex(unsigned v) { return (rgb8){(int)(v >> 16) & 255, (int)(v >> 8) & 255, (int)v & 255}; }

static int clamp255(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

static rgb8 scale(rgb8 c, int percent) {
  return (rgb8){clamp255(c.r * percent / 100), clamp255(c.g * percent / 100), clamp255(c.b * percent / 100)};
}

/* The Dark World's look: greens turn olive, blues murky, everything duller. */
static rgb8 dark_world(rgb8 c) {
  return (rgb8){clamp255((60 * c.r + 35 * c.g) / 100), clamp255((15 * c.r + 65 * c.g + 5 * c.b) / 100),
                clamp255((10 * c.r + 20 * c.g + 55 * c.b) / 100 + 10)};
}

/* BGR555, nudged by `step` in blue (down when blue is high) so palettes of a group differ. */
static uint16_t snes(rgb8 c, int step) {
  unsigned r = (unsigned)c.r >> 3, g = (unsigned)c.g >> 3, b = (unsigned)c.b >> 3;
  b = b >= 16 ? b - (unsigned)step : b + (unsigned)step;
  return (uint16_t)(r | g << 5 | b << 10);
}

/* ---- overworld rows (colour 1-7 of each; sample_art_ow.c names them) ---- */

static const unsigned ow_rows[OW_ROWS][7] = {
    {0x183818, 0x307030, 0x58A848, 0x88D068, 0x8C6434, 0xC49A5C, 0xE4CC94}, /* ground */
    {0x182C70, 0x2858B0, 0x3C80D8, 0x7CB8F0, 0xE8F4FC, 0x58A848, 0xDCCB8C}, /* water */
    {0x102810, 0x2C6428, 0x3E9238, 0x78C450, 0x5A3418, 0x94622C, 0x58A848}, /* foliage */
    {0x302820, 0x6C5840, 0x9C8868, 0xC8B894, 0xECE4D0, 0x58A848, 0x307030}, /* stone */
    {0x301414, 0x8C2424, 0xCC4434, 0xF08460, 0x845428, 0xF0E0B8, 0xC4AC80}, /* house */
    {0x183818, 0x307030, 0x58A848, 0x88D068, 0xE83C3C, 0xF8DC40, 0xF8F8F8}, /* flowers */
};
static const unsigned grass_backdrop = 0x58A848;

static uint16_t ow_color(int row, int c, bool dark, int step) {
  rgb8 v = hex(ow_rows[row][c]);
  return snes(dark ? dark_world(v) : v, step);
}

/* ---- underworld rows (15 colours: 1-7 low, 8, 9-15 high = 1-7 again) ---- */

/* Stone of each dungeon palette: blue-grey, green-grey, sandstone, violet, red-brown, teal, grey, ice, moss, slate. */
static const unsigned dungeon_stone[10] = {0x6878A0, 0x6C8C70, 0xA08C60, 0x806C98, 0x98685C,
                                           0x5C8C90, 0x808088, 0x88A8C8, 0x788C50, 0x585C78};
static const unsigned uw_fixed[4][7] = {
    {0x201008, 0x5C3418, 0x8C5A2C, 0xC08848, 0xA07818, 0xE0B830, 0xF8F0A0}, /* wood and gold */
    {0x200C08, 0x7C3C24, 0xB8643C, 0xE09C6C, 0x505058, 0x8C8C98, 0xC8C8D4}, /* clay and grey */
    {0x141418, 0x3C3C48, 0x70707C, 0xD02C1C, 0xF07820, 0xF8D040, 0xFFF8E0}, /* fire and iron */
    {0x180810, 0x701828, 0xB02C3C, 0xE0B840, 0x183C88, 0x3070D0, 0x88C0F8}, /* cloth and water */
};

/* Floor and wall colours from the palette's stone: outline, dark, mid, light, deep, accent, highlight. */
static rgb8 stone_color(int id, int row, int c) {
  rgb8 base = hex(dungeon_stone[id % 10]);
  if (id >= 10) base = scale(base, 85);
  if (row == UW_ROW_WALL) base = scale(base, 90);
  static const int floor_pct[7] = {25, 60, 100, 130, 45, 115, 165}, wall_pct[7] = {20, 55, 85, 120, 30, 70, 155};
  rgb8 v = scale(base, (row == UW_ROW_WALL ? wall_pct : floor_pct)[c]);
  if (row == UW_ROW_FLOOR && c == 5) v.r = clamp255(v.r + 24); /* a warmer accent for patterns */
  return v;
}

static uint16_t dungeon_color(int id, int c) {
  int row = 2 + c / 15, k = c % 15, col = k < 7 ? k : k == 7 ? 2 : k - 8;
  rgb8 v = row <= UW_ROW_WALL ? stone_color(id, row, col) : hex(uw_fixed[row - UW_ROW_WOOD][col]);
  return snes(v, id % 4);
}

/* ---- everything else: ramps per row (outline, then dark to light) ---- */

static rgb8 hue(int degrees, int light) { /* light 0-100 */
  int h = ((degrees % 360) + 360) % 360, x = 255 * (60 - abs(h % 120 - 60)) / 60;
  rgb8 c = h < 60 ? (rgb8){255, x, 0} : h < 120 ? (rgb8){x, 255, 0} : h < 180 ? (rgb8){0, 255, x}
           : h < 240 ? (rgb8){0, x, 255} : h < 300 ? (rgb8){x, 0, 255} : (rgb8){255, 0, x};
  int grey = 128;
  c = (rgb8){(c.r + grey) / 2, (c.g + grey) / 2, (c.b + grey) / 2}; /* soften */
  return light < 50 ? scale(c, light * 2) : (rgb8){c.r + (255 - c.r) * (light - 50) / 50,
                                                    c.g + (255 - c.g) * (light - 50) / 50,
                                                    c.b + (255 - c.b) * (light - 50) / 50};
}

static uint16_t ramp_color(size_t group, int p, int c, int row_len) {
  int k = c % row_len, row = c / row_len;
  int deg = (int)(group * 53) + p * 37 + row * 90;
  if (k == 0) return snes((rgb8){24, 16, 24}, p % 4);
  int light = 20 + 70 * (k - 1) / (row_len > 2 ? row_len - 2 : 1);
  return snes(hue(deg + (k % 2) * 20, light), p % 4);
}

/* HUD: eight 4-colour sets per palette: transparent, outline, a hue, white. */
static uint16_t hud_color(int p, int c) {
  static const unsigned hues[8] = {0xD83030, 0x40B040, 0x3068D0, 0xE8C030, 0x946034, 0x8C8C8C, 0xF08020, 0x9050C0};
  int k = c % 4, set = c / 4;
  if (k == 0) return 0;
  rgb8 v = k == 1 ? hex(0x181818) : k == 2 ? hex(hues[set]) : hex(0xF8F8F8);
  return snes(v, p);
}

/* Link's mail: outline, the tunic's two greens (an example agent script names
 * them), its shadow, skin, hair, belt and trim; the other mails change the tunic. */
static uint16_t armor_color(int p, int c) {
  static const unsigned base[15] = {0x282828, 0x63EF73, 0x8CDE8C, 0x318C42, 0xB56B42, 0xF7B58C, 0xFFDEC6, 0x6B4210,
                                    0xE7C631, 0xF7F7F7, 0x21294A, 0xA5A5B5, 0x3963C6, 0xD63131, 0x101010};
  static const unsigned tunic[5][3] = {{0x63EF73, 0x8CDE8C, 0x318C42}, {0x5A8CEF, 0x94B5F7, 0x2942A5},
                                       {0xEF5A5A, 0xF79494, 0x9C2929}, {0xF7A5C6, 0xFFD6E7, 0xB56B8C},
                                       {0xF7F7A5, 0xFFFFE7, 0xB5B56B}};
  unsigned v = c >= 1 && c <= 3 ? tunic[p % 5][c - 1] : base[c % 15];
  return snes(hex(v), 0);
}

static uint16_t designed_color(const z3_palette_group *g, size_t gi, int p, int c) {
  if (g->includes_transparent && strcmp(g->name, "hud") != 0 && c % 16 == 0) return 0;
  /* outdoors the same role has the same colour in ow_main and ow_aux: a
   * grass tile must match whichever half of the row its sheet expands to */
  if (strcmp(g->name, "ow_main") == 0) return ow_color(c / 7, c % 7, p % 2 == 1, 0);
  if (strcmp(g->name, "ow_aux") == 0) return ow_color(3 * (p % 2) + c / 7, c % 7, p >= 10, 0);
  if (strcmp(g->name, "ow_animated") == 0) return ow_color(OW_ROW_FLOWERS - 2, c, p >= 7, 0);
  if (strcmp(g->name, "grass") == 0) return snes(p == 1 ? dark_world(hex(grass_backdrop)) : hex(grass_backdrop), 0);
  if (strcmp(g->name, "dungeon_main") == 0) return dungeon_color(p, c);
  if (strcmp(g->name, "hud") == 0) return hud_color(p, c);
  if (strcmp(g->name, "armors") == 0) return armor_color(p, c);
  int row_len = g->colors % 15 == 0 ? 15 : g->colors % 16 == 0 ? 16 : 7;
  return ramp_color(gi, p, c, row_len < g->colors ? row_len : g->colors);
}

void z3_sample__write_palettes(uint8_t *img, size_t size) {
  if (size < 0x100000) return;
  for (size_t gi = 0; gi < z3_palette_group_count; gi++) {
    const z3_palette_group *g = &z3_palette_groups[gi];
    for (int p = 0; p < g->count; p++) {
      for (int c = 0; c < g->colors; c++) {
        size_t at[Z3_PALETTE_MAX_COPIES];
        int copies = z3_palette_color_offsets(g, p, c, at);
        uint16_t v = designed_color(g, gi, p, c);
        for (int k = 0; k < copies; k++) {
          if (strcmp(g->name, "grass") == 0) img[at[k] - 1] = 0xA2; /* LDX #imm operands */
          img[at[k]] = (uint8_t)v;
          img[at[k] + 1] = (uint8_t)(v >> 8);
        }
      }
    }
  }
}
