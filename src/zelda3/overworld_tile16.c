/* Tile16 definitions (world reference §2.3): four tile8 words each, edited one
 * quadrant at a time, and where each tile16 is used. The table is global, so
 * an edit shows everywhere the tile16 is placed; usage tells how far. */
#include <stdio.h>
#include <string.h>

#include "zelda3/overworld.h"

const char *const z3_ow_quadrant_names[] = {"tl", "tr", "bl", "br", NULL};

static z3_status check_id(const z3_overworld *ow, int id, z3_error *err) {
  if (id >= 0 && id < ow->tile16_count) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "tile16 0x%X does not exist: this ROM defines 0x000-0x%03X", (unsigned)id,
                      (unsigned)ow->tile16_count - 1);
}

z3_ow_tile8 z3_ow_tile8_decode(uint16_t w) {
  return (z3_ow_tile8){.tile = w & 0x3FF, .palette = w >> 10 & 7, .priority = w >> 13 & 1, .hflip = w >> 14 & 1,
                       .vflip = w >> 15 & 1};
}

uint16_t z3_ow_tile8_encode(z3_ow_tile8 t) {
  return (uint16_t)((t.vflip & 1u) << 15 | (t.hflip & 1u) << 14 | (t.priority & 1u) << 13 | (t.palette & 7u) << 10 |
                    (t.tile & 0x3FFu));
}

z3_status z3_ow_get_tile16_def(const z3_overworld *ow, int id, z3_ow_tile8 out[4], z3_error *err) {
  z3_status st = check_id(ow, id, err);
  if (st) return st;
  for (int q = 0; q < 4; q++) out[q] = z3_ow_tile8_decode(ow->tile16[id][q]);
  return Z3_OK;
}

z3_status z3_ow_set_tile16_entry(z3_overworld *ow, int id, int quadrant, z3_ow_tile8 t, z3_error *err) {
  z3_status st = check_id(ow, id, err);
  if (st) return st;
  if (quadrant < 0 || quadrant > 3) return z3_error_set(err, Z3_E_INVALID, "quadrant %d does not exist: 0-3 (tl tr bl br)", quadrant);
  if (t.tile > 0x3FF) return z3_error_set(err, Z3_E_INVALID, "tile8 0x%X does not exist: 0x000-0x3FF", t.tile);
  if (t.palette > 7) return z3_error_set(err, Z3_E_INVALID, "palette %u does not exist: 0-7", t.palette);
  if (t.priority > 1 || t.hflip > 1 || t.vflip > 1) {
    return z3_error_set(err, Z3_E_INVALID, "priority, hflip and vflip are 0 or 1");
  }
  uint16_t w = z3_ow_tile8_encode(t), old = ow->tile16[id][quadrant];
  if (w == old) return Z3_OK;
  ow->tile16[id][quadrant] = w;
  ow->tile16_dirty = true;
  snprintf(ow->tile16_why, sizeof ow->tile16_why, "tile16 0x%03X %s changed from 0x%04X to 0x%04X", (unsigned)id,
           z3_ow_quadrant_names[quadrant], old, w);
  return Z3_OK;
}

/* Areas whose tile16 grid is their own: small areas and group parents. */
static bool owns_grid(const z3_overworld *ow, int area) { return ow->areas[area].parent == area; }

void z3_ow_tile16_usage(const z3_overworld *ow, z3_ow_tile16_visit visit, void *user) {
  for (int a = 0; a < ow->area_count; a++) {
    if (!owns_grid(ow, a)) continue;
    int w, h;
    z3_ow_area_grid(ow, a, &w, &h);
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        uint16_t t16;
        if (z3_ow_get_tile16(ow, a, x, y, &t16, NULL) == Z3_OK) visit(user, a, x, y, t16);
      }
  }
}
