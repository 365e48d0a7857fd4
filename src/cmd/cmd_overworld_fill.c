/*
 * overworld fill-tiles / move-tiles: many tile16 cells of an area changed by
 * one command, so the change log holds them as one edit (one undo step in
 * yaze and the TUI, one proposal change set for an agent) instead of one
 * `set-tile` per cell. Both go through z3_ow_set_tile16, which picks or
 * defines the tile32 for each new combination exactly as set-tile does.
 */
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_overworld.h"

typedef struct grid {
  int id, width, height;
  uint16_t *cells; /* width * height tile16 ids as the area has them */
} grid;

static z3_status grid_read(const z3_overworld *ow, int id, grid *g, z3_error *err) {
  g->id = id;
  z3_ow_area_grid(ow, id, &g->width, &g->height);
  g->cells = z3_calloc((size_t)g->width * (size_t)g->height, sizeof *g->cells);
  if (!g->cells) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading area 0x%02X", id);
  for (int y = 0; y < g->height; y++)
    for (int x = 0; x < g->width; x++) {
      z3_status st = z3_ow_get_tile16(ow, id, x, y, &g->cells[y * g->width + x], err);
      if (st) return st;
    }
  return Z3_OK;
}

static z3_status check_cell(const grid *g, const char *what, int x, int y, z3_error *err) {
  if (x >= 0 && y >= 0 && x < g->width && y < g->height) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "%s (%d, %d) is outside area 0x%02X's %dx%d tile16 grid", what, x, y, g->id,
                      g->width, g->height);
}

static z3_status check_value(int64_t value, const z3_overworld *ow, const char *arg, z3_error *err) {
  if (value >= 0 && value < ow->tile16_count) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "%s %lld is not a tile16 id (0-%d)", arg, (long long)value, ow->tile16_count - 1);
}

/* Marks the 4-connected cells holding the start cell's tile16; returns how many. */
static size_t flood(const grid *g, int x0, int y0, uint8_t *mark, int *stack) {
  uint16_t from = g->cells[y0 * g->width + x0];
  size_t top = 0, count = 0;
  stack[top++] = y0 * g->width + x0;
  mark[y0 * g->width + x0] = 1;
  static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
  while (top) {
    int at = stack[--top], x = at % g->width, y = at / g->width;
    count++;
    for (int k = 0; k < 4; k++) {
      int nx = x + dx[k], ny = y + dy[k], n = ny * g->width + nx;
      if (nx < 0 || ny < 0 || nx >= g->width || ny >= g->height || mark[n] || g->cells[n] != from) continue;
      mark[n] = 1;
      stack[top++] = n; /* each cell is pushed once: the stack never outgrows the grid */
    }
  }
  return count;
}

static z3_status fill(z3_overworld *ow, const grid *g, int x, int y, uint16_t value, size_t *cells, z3_error *err) {
  size_t n = (size_t)g->width * (size_t)g->height;
  uint8_t *mark = z3_calloc(n, 1);
  int *stack = z3_calloc(n, sizeof *stack);
  z3_status st = mark && stack ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory filling area 0x%02X", g->id);
  *cells = st == Z3_OK && g->cells[y * g->width + x] != value ? flood(g, x, y, mark, stack) : 0;
  for (size_t i = 0; st == Z3_OK && *cells && i < n; i++)
    if (mark[i]) st = z3_ow_set_tile16(ow, g->id, (int)(i % (size_t)g->width), (int)(i / (size_t)g->width), value, err);
  z3_free(mark);
  z3_free(stack);
  return st;
}

z3_status cmd_overworld_fill_tiles(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0;
  z3_overworld *ow = NULL;
  grid g = {0};
  z3_status st = z3_cmd__ow_open(ctx, &id, &ow, err);
  int x = (int)z3_arg_int(ctx, "x"), y = (int)z3_arg_int(ctx, "y");
  int64_t value = z3_arg_int(ctx, "value");
  if (st == Z3_OK) st = check_value(value, ow, "--value", err);
  if (st == Z3_OK) st = grid_read(ow, id, &g, err);
  if (st == Z3_OK) st = check_cell(&g, "--x/--y", x, y, err);
  uint16_t old = st == Z3_OK ? g.cells[y * g.width + x] : 0;
  size_t cells = 0;
  if (st == Z3_OK) st = fill(ow, &g, x, y, (uint16_t)value, &cells, err);
  if (st == Z3_OK && cells) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
    json_object_set_new(ctx->result, "old_value", z3_cmd__hex(old, 3));
    json_object_set_new(ctx->result, "value", z3_cmd__hex((uint64_t)value, 3));
    json_object_set_new(ctx->result, "cells", json_integer((json_int_t)cells));
  }
  z3_free(g.cells);
  z3_ow_free(ow);
  return st;
}

/* The rectangle's tiles, copied first so an overlapping destination reads the old ones. */
static z3_status move(z3_overworld *ow, const grid *g, const int r[6], int64_t fill_value, z3_error *err) {
  int x = r[0], y = r[1], w = r[2], h = r[3], tx = r[4], ty = r[5];
  z3_status st = Z3_OK;
  for (int j = 0; st == Z3_OK && fill_value >= 0 && j < h; j++)
    for (int i = 0; st == Z3_OK && i < w; i++) {
      bool covered = x + i >= tx && x + i < tx + w && y + j >= ty && y + j < ty + h;
      if (!covered) st = z3_ow_set_tile16(ow, g->id, x + i, y + j, (uint16_t)fill_value, err);
    }
  for (int j = 0; st == Z3_OK && j < h; j++)
    for (int i = 0; st == Z3_OK && i < w; i++)
      st = z3_ow_set_tile16(ow, g->id, tx + i, ty + j, g->cells[(y + j) * g->width + x + i], err);
  return st;
}

z3_status cmd_overworld_move_tiles(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0;
  z3_overworld *ow = NULL;
  grid g = {0};
  z3_status st = z3_cmd__ow_open(ctx, &id, &ow, err);
  int r[6] = {(int)z3_arg_int(ctx, "x"),    (int)z3_arg_int(ctx, "y"),    (int)z3_arg_int(ctx, "width"),
              (int)z3_arg_int(ctx, "height"), (int)z3_arg_int(ctx, "to-x"), (int)z3_arg_int(ctx, "to-y")};
  int64_t fill_value = z3_arg_given(ctx, "fill") ? z3_arg_int(ctx, "fill") : -1;
  if (st == Z3_OK && fill_value >= 0) st = check_value(fill_value, ow, "--fill", err);
  if (st == Z3_OK) st = grid_read(ow, id, &g, err);
  if (st == Z3_OK) st = check_cell(&g, "--x/--y", r[0], r[1], err);
  if (st == Z3_OK) st = check_cell(&g, "the selection's last cell (--x + --width - 1, --y + --height - 1)",
                                   r[0] + r[2] - 1, r[1] + r[3] - 1, err);
  if (st == Z3_OK) st = check_cell(&g, "--to-x/--to-y", r[4], r[5], err);
  if (st == Z3_OK) st = check_cell(&g, "the destination's last cell", r[4] + r[2] - 1, r[5] + r[3] - 1, err);
  if (st == Z3_OK) st = move(ow, &g, r, fill_value, err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
    json_object_set_new(ctx->result, "cells", json_integer((json_int_t)r[2] * r[3]));
    json_object_set_new(ctx->result, "fill", fill_value >= 0 ? z3_cmd__hex((uint64_t)fill_value, 3) : json_null());
  }
  z3_free(g.cells);
  z3_ow_free(ow);
  return st;
}
