/* Overworld tiles: tile32 packing, screen decoding, reading and setting tiles of an area. */
#include <stdio.h>
#include <string.h>

#include "zelda3/overworld.h"

/* Each quadrant table holds groups of 6 bytes for 4 definitions: 4 low
 * bytes, then two bytes of high nibbles (first definition in the high half). */
void z3_ow_tile32_decode(const uint8_t *const quadrants[4], z3_ow_tile32 *out, size_t count) {
  for (size_t n = 0; n < count; n++) {
    for (int q = 0; q < 4; q++) {
      const uint8_t *g = quadrants[q] + 6 * (n / 4);
      uint8_t nib = g[4 + (n % 4) / 2];
      unsigned high = n % 2 == 0 ? nib >> 4 : nib & 0x0F;
      out[n][q] = (uint16_t)(g[n % 4] | high << 8);
    }
  }
}

void z3_ow_tile32_encode(const z3_ow_tile32 *defs, size_t count, uint8_t *const quadrants[4]) {
  for (size_t n = 0; n < count; n++) {
    for (int q = 0; q < 4; q++) {
      uint8_t *g = quadrants[q] + 6 * (n / 4);
      uint16_t v = defs[n][q];
      g[n % 4] = (uint8_t)v;
      uint8_t *nib = &g[4 + (n % 4) / 2];
      unsigned high = (v >> 8) & 0x0F;
      *nib = n % 2 == 0 ? (uint8_t)((*nib & 0x0F) | high << 4) : (uint8_t)((*nib & 0xF0) | high);
    }
  }
}

/* Which screen and cell of it a tile32 (x, y) of area `id` is. */
static z3_status locate_tile32(const z3_overworld *ow, int id, int x, int y, int *screen, int *cell,
                               z3_error *err) {
  z3_status st = z3_ow_check_map(ow, id, err);
  if (st) return st;
  int w, h;
  char range[48];
  z3_ow_area_grid(ow, id, &w, &h);
  w /= 2, h /= 2;
  if (x < 0 || y < 0 || x >= w || y >= h) {
    return z3_error_set(err, Z3_E_INVALID, "tile32 (%d,%d) is outside area 0x%02X (%s)", x, y, id,
                        z3_ow_grid_text(w, h, range));
  }
  *screen = id + x / 16 + 8 * (y / 16);
  *cell = (y % 16) * 16 + x % 16;
  return Z3_OK;
}

static z3_status check_tile16_xy(const z3_overworld *ow, int id, int x, int y, z3_error *err) {
  z3_status st = z3_ow_check_map(ow, id, err);
  if (st) return st;
  int w, h;
  char range[48];
  z3_ow_area_grid(ow, id, &w, &h);
  if (x < 0 || y < 0 || x >= w || y >= h) {
    return z3_error_set(err, Z3_E_INVALID, "tile16 (%d,%d) is outside area 0x%02X (%s)", x, y, id,
                        z3_ow_grid_text(w, h, range));
  }
  return Z3_OK;
}

z3_status z3_ow_get_tile32(const z3_overworld *ow, int id, int x, int y, uint16_t *out,
                           z3_error *err) {
  int screen = 0, cell = 0;
  z3_status st = locate_tile32(ow, id, x, y, &screen, &cell, err);
  if (st == Z3_OK) *out = ow->areas[screen].map32[cell];
  return st;
}

z3_status z3_ow_set_tile32(z3_overworld *ow, int id, int x, int y, uint16_t value,
                           z3_error *err) {
  int screen = 0, cell = 0;
  z3_status st = locate_tile32(ow, id, x, y, &screen, &cell, err);
  if (st) return st;
  if (value >= ow->tile32_count) {
    return z3_error_set(err, Z3_E_INVALID, "tile32 id 0x%X is past the %d definitions", value, ow->tile32_count);
  }
  z3_ow_area *a = &ow->areas[screen];
  snprintf(a->why, sizeof a->why, "area 0x%02X tile32 (%d,%d) set from 0x%04X to 0x%04X", id, x, y,
           a->map32[cell], value);
  a->map32[cell] = value;
  a->map_dirty = true;
  return Z3_OK;
}

z3_status z3_ow_get_tile16(const z3_overworld *ow, int id, int x, int y, uint16_t *out,
                           z3_error *err) {
  z3_status st = check_tile16_xy(ow, id, x, y, err);
  uint16_t t32 = 0;
  if (st == Z3_OK) st = z3_ow_get_tile32(ow, id, x / 2, y / 2, &t32, err);
  if (st) return st;
  if (t32 >= ow->tile32_count) {
    return z3_error_set(err, Z3_E_INVALID, "area 0x%02X tile16 (%d,%d) lies in tile32 0x%04X, which has no definition",
                        id, x, y, t32);
  }
  *out = ow->tile32[t32][(y & 1) * 2 + (x & 1)];
  return Z3_OK;
}

static long find_tile32(const z3_overworld *ow, const z3_ow_tile32 want) {
  for (long n = 0; n < ow->tile32_count; n++)
    if (memcmp(ow->tile32[n], want, sizeof(z3_ow_tile32)) == 0) return n;
  return -1;
}

/* A definition no screen uses, once the cell (screen, cell) stops using its own. */
static long unused_tile32(const z3_overworld *ow, int screen, int cell) {
  uint16_t *uses = z3_calloc(ow->tile32_count, sizeof *uses);
  if (!uses) return -2;
  for (int id = 0; id < ow->area_count; id++)
    for (int i = 0; i < 256; i++) {
      uint16_t t = ow->areas[id].map32[i];
      if (t < ow->tile32_count && uses[t] < UINT16_MAX && !(id == screen && i == cell)) uses[t]++;
    }
  long found = -1;
  uint16_t own = ow->areas[screen].map32[cell];
  if (own < ow->tile32_count && uses[own] == 0) found = own; /* redefine it in place */
  for (long n = 0; found < 0 && n < ow->tile32_count; n++)
    if (uses[n] == 0) found = n;
  z3_free(uses);
  return found;
}

z3_status z3_ow_set_tile16(z3_overworld *ow, int id, int x, int y, uint16_t value,
                           z3_error *err) {
  z3_status st = check_tile16_xy(ow, id, x, y, err);
  int screen = 0, cell = 0;
  if (st == Z3_OK) st = locate_tile32(ow, id, x / 2, y / 2, &screen, &cell, err);
  if (st) return st;
  if (value >= ow->tile16_count) {
    return z3_error_set(err, Z3_E_INVALID, "tile16 id 0x%X is past the %d definitions", value, ow->tile16_count);
  }
  z3_ow_area *a = &ow->areas[screen];
  uint16_t cur = a->map32[cell];
  if (cur >= ow->tile32_count) {
    return z3_error_set(err, Z3_E_INVALID, "area 0x%02X tile16 (%d,%d) lies in tile32 0x%04X, which has no definition",
                        id, x, y, cur);
  }
  z3_ow_tile32 want;
  memcpy(want, ow->tile32[cur], sizeof want);
  int q = (y & 1) * 2 + (x & 1);
  uint16_t old = want[q];
  want[q] = value;
  long n = find_tile32(ow, want);
  if (n < 0) n = unused_tile32(ow, screen, cell);
  if (n == -2) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (n < 0) {
    z3_error_set(err, Z3_E_INVALID, "cannot set area 0x%02X tile16 (%d,%d): no unused tile32 definition is left for the new combination",
                 id, x, y);
    z3_error_hint(err, "all %d tile32 definitions are used by maps; reuse an existing tile32 with --layer tile32",
                  ow->tile32_count);
    return Z3_E_INVALID;
  }
  if (memcmp(ow->tile32[n], want, sizeof want) != 0) {
    memcpy(ow->tile32[n], want, sizeof want);
    ow->tile32_dirty = true;
    snprintf(ow->tile32_why, sizeof ow->tile32_why, "tile32 0x%04lX defined for area 0x%02X tile16 (%d,%d)",
             (unsigned long)n, id, x, y);
  }
  snprintf(a->why, sizeof a->why, "area 0x%02X tile16 (%d,%d) set from 0x%03X to 0x%03X", id, x, y, old, value);
  a->map32[cell] = (uint16_t)n;
  a->map_dirty = a->map_dirty || n != cur;
  return Z3_OK;
}
