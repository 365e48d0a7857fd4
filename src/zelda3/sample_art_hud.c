/*
 * The sample ROM's 2bpp sheets (HUD, text box): a small 3x5 font for digits
 * and letters, hearts, item icons and the text box's border, as 8x8 tiles in
 * the HUD's colours: 1 outline, 2 the palette's hue, 3 white.
 */
#include <string.h>

#include "zelda3/sample_art.h"

enum { OUTLINE = 1, HUE, WHITE };

/* 3x5 glyphs, three bits per row from the top, leftmost pixel in bit 2. */
static const uint8_t font[36][5] = {
    {7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 7, 1, 7}, {5, 5, 7, 1, 1}, {7, 4, 7, 1, 7},
    {7, 4, 7, 5, 7}, {7, 1, 2, 2, 2}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7}, {2, 5, 7, 5, 5}, {6, 5, 6, 5, 6},
    {3, 4, 4, 4, 3}, {6, 5, 5, 5, 6}, {7, 4, 6, 4, 7}, {7, 4, 6, 4, 4}, {3, 4, 5, 5, 3}, {5, 5, 7, 5, 5},
    {7, 2, 2, 2, 7}, {1, 1, 1, 5, 2}, {5, 5, 6, 5, 5}, {4, 4, 4, 4, 7}, {5, 7, 7, 5, 5}, {6, 5, 5, 5, 5},
    {2, 5, 5, 5, 2}, {6, 5, 6, 4, 4}, {2, 5, 5, 6, 3}, {6, 5, 6, 5, 5}, {3, 4, 2, 1, 6}, {7, 2, 2, 2, 2},
    {5, 5, 5, 5, 7}, {5, 5, 5, 5, 2}, {5, 5, 7, 7, 5}, {5, 5, 2, 5, 5}, {5, 5, 2, 2, 2}, {7, 1, 2, 4, 7},
};

/* 8x8 icons: '#' hue, 'o' outline, '+' white, '.' transparent. */
static const char *const icons[][8] = {
    {".oo.oo..", "o++o##o.", "o+####o.", "o#####o.", ".o###o..", "..o#o...", "...o....", "........"}, /* heart */
    {".oo.oo..", "o++o..o.", "o+#...o.", "o##...o.", ".o#..o..", "..o.o...", "...o....", "........"}, /* half heart */
    {".oo.oo..", "o..o..o.", "o.....o.", "o.....o.", ".o...o..", "..o.o...", "...o....", "........"}, /* empty heart */
    {"...o....", "..o+o...", ".o+##o..", ".o+##o..", ".o+##o..", ".o###o..", "..o#o...", "...o...."}, /* rupee */
    {".....o+.", "....o...", "..ooo...", ".o+##o..", "o+####o.", "o#####o.", ".o###o..", "..ooo..."}, /* bomb */
    {"......o.", ".....o+o", "....o+o.", "...o+o..", "..o+o...", "o#+o....", "o##o....", ".oo....."}, /* arrow */
    {".ooo....", "o+##o...", "o#.#o...", ".ooo#o..", "....o#o.", "...o##o.", "....o#o.", ".....o.."}, /* key */
    {"oooooooo", "o+++++++", "o+######", "o+#.....", "o+#.....", "o+#.....", "o+#.....", "o+#....."}, /* box corner */
    {"oooooooo", "++++++++", "########", "........", "........", "........", "........", "........"}, /* box edge */
    {"o+#.....", "o+#.....", "o+#.....", "o+#.....", "o+#.....", "o+#.....", "o+#.....", "o+#....."}, /* box side */
};
enum { GLYPHS = 36, ICONS = sizeof icons / sizeof icons[0], TILES = GLYPHS + ICONS };

static void glyph(z3_art a, int g) {
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 3; c++)
      if (font[g][r] >> (2 - c) & 1) {
        z3_art_put(a, 2 + c, 1 + r, WHITE);
        if (!z3_art_get(a, 3 + c, 2 + r)) z3_art_put(a, 3 + c, 2 + r, OUTLINE); /* a drop shadow */
      }
}

static void icon(z3_art a, int k) {
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) {
      char ch = icons[k][y][x];
      z3_art_put(a, x, y, ch == '#' ? HUE : ch == 'o' ? OUTLINE : ch == '+' ? WHITE : 0);
    }
}

void z3_sample__draw_hud_sheet(int index, uint8_t *sheet_px) {
  memset(sheet_px, 0, 128 * 64);
  for (int t = 0; t < 128; t++) {
    z3_art a = {sheet_px + (t / 16) * 8 * 128 + (t % 16) * 8, 8, 8, 128};
    int k = (t + index * 7) % TILES; /* each sheet starts its run of tiles elsewhere */
    if (k < GLYPHS) glyph(a, k);
    else icon(a, k - GLYPHS);
  }
}
