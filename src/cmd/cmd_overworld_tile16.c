/* overworld get-tile16 / set-tile16 / find-tile: tile16 definitions and where they are used. */
#include <stdlib.h>

#include "cmd/handlers.h"
#include "cmd/handlers_overworld.h"

static json_t *tile8_json(z3_ow_tile8 t, int q) {
  json_t *o = json_object();
  json_object_set_new(o, "quadrant", json_string(z3_ow_quadrant_names[q]));
  json_object_set_new(o, "tile", z3_cmd__hex(t.tile, 3));
  json_object_set_new(o, "palette", json_integer(t.palette));
  json_object_set_new(o, "priority", json_integer(t.priority));
  json_object_set_new(o, "hflip", json_integer(t.hflip));
  json_object_set_new(o, "vflip", json_integer(t.vflip));
  json_object_set_new(o, "word", z3_cmd__hex(z3_ow_tile8_encode(t), 4));
  return o;
}

typedef struct usage {
  long *counts;      /* per tile16 id */
  int count_n;
  int want;          /* tile16 being located, or -1 */
  json_t *places;    /* its cells, up to max_places */
  long found;
} usage;

enum { MAX_PLACES = 500 };

static void count_cell(void *user, int area, int x, int y, uint16_t t16) {
  usage *u = user;
  if (t16 < u->count_n) u->counts[t16]++;
  if (t16 != u->want) return;
  if (u->found++ >= MAX_PLACES) return;
  json_t *o = json_object();
  json_object_set_new(o, "map", z3_cmd__hex((uint64_t)area, 2));
  json_object_set_new(o, "x", json_integer(x));
  json_object_set_new(o, "y", json_integer(y));
  json_array_append_new(u->places, o);
}

static z3_status scan(const z3_overworld *ow, int want, usage *u, z3_error *err) {
  *u = (usage){.count_n = 0x10000, .want = want, .places = json_array()};
  u->counts = z3_calloc(0x10000, sizeof *u->counts);
  if (!u->counts) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_ow_tile16_usage(ow, count_cell, u);
  return Z3_OK;
}

static void usage_release(usage *u) {
  z3_free(u->counts);
  json_decref(u->places);
}

static json_t *definition_json(const z3_overworld *ow, int id) {
  z3_ow_tile8 t[4];
  json_t *a = json_array();
  if (z3_ow_get_tile16_def(ow, id, t, NULL) == Z3_OK)
    for (int q = 0; q < 4; q++) json_array_append_new(a, tile8_json(t[q], q));
  return a;
}

z3_status cmd_overworld_get_tile16(z3_cmd_ctx *ctx, z3_error *err) {
  z3_overworld *ow = NULL;
  int id = (int)z3_arg_int(ctx, "id");
  z3_ow_tile8 t[4];
  usage u = {0};
  z3_status st = z3_ow_load(&ow, ctx->rom, err);
  if (st == Z3_OK) st = z3_ow_get_tile16_def(ow, id, t, err);
  if (st == Z3_OK) st = scan(ow, id, &u, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "id", z3_cmd__hex((uint64_t)id, 3));
    json_object_set_new(ctx->result, "entries", definition_json(ow, id));
    json_object_set_new(ctx->result, "uses", json_integer(u.found));
  }
  usage_release(&u);
  z3_ow_free(ow);
  return st;
}

z3_status cmd_overworld_set_tile16(z3_cmd_ctx *ctx, z3_error *err) {
  z3_overworld *ow = NULL;
  int id = (int)z3_arg_int(ctx, "id"), q = z3_arg_choice(ctx, "quadrant");
  z3_ow_tile8 t[4];
  usage u = {0};
  z3_status st = z3_ow_load(&ow, ctx->rom, err);
  if (st == Z3_OK) st = z3_ow_get_tile16_def(ow, id, t, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "old", tile8_json(t[q], q));
    static const char *const names[] = {"tile", "palette", "priority", "hflip", "vflip"};
    unsigned *slots[] = {&t[q].tile, &t[q].palette, &t[q].priority, &t[q].hflip, &t[q].vflip};
    for (int f = 0; f < 5; f++)
      if (z3_arg_given(ctx, names[f])) *slots[f] = (unsigned)z3_arg_int(ctx, names[f]);
    st = z3_ow_set_tile16_entry(ow, id, q, t[q], err);
  }
  if (st == Z3_OK) st = scan(ow, id, &u, err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "new", tile8_json(t[q], q));
    json_object_set_new(ctx->result, "uses", json_integer(u.found));
  }
  usage_release(&u);
  z3_ow_free(ow);
  return st;
}

/* The most used tile16 ids, for --stats. */
static json_t *top_used(const usage *u, int n_ids, int top) {
  json_t *a = json_array();
  bool *taken = z3_calloc((size_t)n_ids, sizeof *taken);
  for (int k = 0; taken && k < top; k++) {
    int best = -1;
    for (int i = 0; i < n_ids; i++)
      if (!taken[i] && u->counts[i] && (best < 0 || u->counts[i] > u->counts[best])) best = i;
    if (best < 0) break;
    taken[best] = true;
    json_t *o = json_object();
    json_object_set_new(o, "id", z3_cmd__hex((uint64_t)best, 3));
    json_object_set_new(o, "uses", json_integer(u->counts[best]));
    json_array_append_new(a, o);
  }
  z3_free(taken);
  return a;
}

static void stats(z3_cmd_ctx *ctx, const z3_overworld *ow, const usage *u) {
  long used = 0, cells = 0;
  for (int i = 0; i < ow->tile16_count; i++) used += u->counts[i] > 0, cells += u->counts[i];
  json_object_set_new(ctx->result, "defined", json_integer(ow->tile16_count));
  json_object_set_new(ctx->result, "used", json_integer(used));
  json_object_set_new(ctx->result, "unused", json_integer(ow->tile16_count - used));
  json_object_set_new(ctx->result, "cells", json_integer(cells));
  json_object_set_new(ctx->result, "most_used", top_used(u, ow->tile16_count, 10));
}

/* tile16 ids whose entries draw tile8 `tile`, with their uses. */
static json_t *users_of_tile8(const z3_overworld *ow, const usage *u, unsigned tile) {
  json_t *a = json_array();
  for (int i = 0; i < ow->tile16_count; i++) {
    z3_ow_tile8 t[4];
    z3_ow_get_tile16_def(ow, i, t, NULL);
    bool hit = false;
    for (int q = 0; q < 4; q++) hit |= t[q].tile == tile;
    if (!hit) continue;
    json_t *o = json_object();
    json_object_set_new(o, "id", z3_cmd__hex((uint64_t)i, 3));
    json_object_set_new(o, "uses", json_integer(u->counts[i]));
    json_array_append_new(a, o);
  }
  return a;
}

z3_status cmd_overworld_find_tile(z3_cmd_ctx *ctx, z3_error *err) {
  bool by16 = z3_arg_given(ctx, "tile16"), by8 = z3_arg_given(ctx, "tile8"), want_stats = z3_arg_bool(ctx, "stats");
  if (by16 + by8 + want_stats != 1) {
    return z3_error_set(err, Z3_E_USAGE, "give exactly one of --tile16 ID, --tile8 ID or --stats");
  }
  z3_overworld *ow = NULL;
  usage u = {0};
  int want = by16 ? (int)z3_arg_int(ctx, "tile16") : -1;
  z3_status st = z3_ow_load(&ow, ctx->rom, err);
  z3_ow_tile8 unused[4];
  if (st == Z3_OK && by16) st = z3_ow_get_tile16_def(ow, want, unused, err);
  if (st == Z3_OK && by8 && z3_arg_int(ctx, "tile8") > 0x3FF) {
    st = z3_error_set(err, Z3_E_INVALID, "tile8 0x%llX does not exist: 0x000-0x3FF", (unsigned long long)z3_arg_int(ctx, "tile8"));
  }
  if (st == Z3_OK) st = scan(ow, want, &u, err);
  if (st == Z3_OK && by16) {
    json_object_set_new(ctx->result, "tile16", z3_cmd__hex((uint64_t)want, 3));
    json_object_set_new(ctx->result, "uses", json_integer(u.found));
    json_object_set_new(ctx->result, "places", json_incref(u.places));
    json_object_set_new(ctx->result, "truncated", json_boolean(u.found > MAX_PLACES));
  } else if (st == Z3_OK && by8) {
    json_t *users = users_of_tile8(ow, &u, (unsigned)z3_arg_int(ctx, "tile8"));
    json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(users)));
    json_object_set_new(ctx->result, "tile16s", users);
  } else if (st == Z3_OK) {
    stats(ctx, ow, &u);
  }
  usage_release(&u);
  z3_ow_free(ow);
  return st;
}
