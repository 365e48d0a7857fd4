/* Backgrounds as SCAD scenes (bg_scene.h): the shared parts. */
#include "zelda3/bg_scene.h"

#include <string.h>

#include "snes/tile.h"

void z3_bg_scene_tiles(const z3_scene_tiles *tiles, z3_bg_scene *out) {
  memset(out->chars, 0, sizeof out->chars);
  for (int t = 0; t < Z3_SCENE_TILE_COUNT; t++) z3_tile_encode(Z3_TILE_4BPP, tiles->px[t], out->chars + (size_t)t * 32);
}

static int find_tile16(const z3_overworld *ow, const uint16_t w[4]) {
  for (int t = 0; t < ow->tile16_count; t++)
    if (memcmp(ow->tile16[t], w, sizeof(uint16_t) * 4) == 0) return t;
  return -1;
}

z3_status z3_ow_tile16_from_words(const z3_overworld *ow, const uint16_t *words, uint16_t grid[32 * 32],
                                  z3_error *err) {
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 32; x++) {
      const uint16_t *row = words + (size_t)y * 2 * 64 + (size_t)x * 2;
      uint16_t w[4] = {row[0], row[1], row[64], row[65]};
      int t = find_tile16(ow, w);
      if (t < 0) {
        z3_error_set(err, Z3_E_INVALID,
                     "tile16 cell (%d, %d) of the screen: words %04X %04X / %04X %04X match no tile16 definition", x, y,
                     w[0], w[1], w[2], w[3]);
        z3_error_hint(err, "define it first with 'z3ed overworld set-tile16', or use tiles the area already has");
        return Z3_E_INVALID;
      }
      grid[y * 32 + x] = (uint16_t)t;
    }
  return Z3_OK;
}
