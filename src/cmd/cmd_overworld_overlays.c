/* overworld overlays (the map changes events reveal): list, show, replace, edit one store. */
#include <stdio.h>
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_overworld.h"
#include "zelda3/overlays.h"

/* --map as an overlay area (0x00-0x7F: only those have vectors). */
static z3_status overlay_map(const z3_cmd_ctx *ctx, int *id, z3_error *err) {
  z3_status st = z3_cmd__ow_map(ctx, id, err);
  if (st == Z3_OK && *id >= Z3_OVL_AREAS) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "area 0x%02X has no overlay: overlays exist for areas 0x00-0x7F", (unsigned)*id);
  }
  return st;
}

static json_t *shared_json(const z3_overlays *set, int id) {
  json_t *a = json_array();
  for (int j = 0; j < Z3_OVL_AREAS; j++)
    if (j != id && !set->areas[id].unused && z3_ovl_shares(&set->areas[id], &set->areas[j]))
      json_array_append_new(a, z3_cmd__hex((uint64_t)j, 2));
  return a;
}

static json_t *summary_json(const z3_overlays *set, int id) {
  const z3_ovl_area *a = &set->areas[id];
  json_t *o = json_object();
  json_object_set_new(o, "map", z3_cmd__hex((uint64_t)id, 2));
  json_object_set_new(o, "count", json_integer(a->count));
  json_object_set_new(o, "address", z3_cmd__hex(a->address, 6));
  json_object_set_new(o, "pc", z3_cmd__hex(a->span_count ? a->spans[0].pc : 0, 6));
  json_object_set_new(o, "bytes", json_integer(a->unused ? 0 : (json_int_t)z3_ovl_code_size(a)));
  json_object_set_new(o, "unused", json_boolean(a->unused));
  json_object_set_new(o, "shared_with", shared_json(set, id));
  return o;
}

static const char *layout_name(const z3_overlays *set) { return set->zscream ? "zscream" : "vanilla"; }

z3_status cmd_overworld_overlays(z3_cmd_ctx *ctx, z3_error *err) {
  int only = -1;
  z3_status st = z3_arg_given(ctx, "map") ? overlay_map(ctx, &only, err) : Z3_OK;
  z3_overlays *set = NULL;
  if (st == Z3_OK) st = z3_ovl_load(&set, ctx->rom, err);
  if (st) return st;
  json_t *list = json_array();
  int with = 0;
  for (int i = 0; i < Z3_OVL_AREAS; i++) {
    with += set->areas[i].count > 0;
    if (only < 0 || i == only) json_array_append_new(list, summary_json(set, i));
  }
  json_object_set_new(ctx->result, "layout", json_string(layout_name(set)));
  json_object_set_new(ctx->result, "with_stores", json_integer(with));
  json_object_set_new(ctx->result, "overlays", list);
  z3_ovl_free(set);
  return Z3_OK;
}

static void report_area(z3_cmd_ctx *ctx, const z3_overlays *set, int id) {
  json_t *o = summary_json(set, id);
  json_object_update(ctx->result, o);
  json_decref(o);
  json_object_set_new(ctx->result, "layout", json_string(layout_name(set)));
  json_object_set_new(ctx->result, "stores", z3_ovl_stores_json(&set->areas[id]));
}

z3_status cmd_overworld_overlay(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0;
  z3_overlays *set = NULL;
  z3_status st = overlay_map(ctx, &id, err);
  if (st == Z3_OK) st = z3_ovl_load(&set, ctx->rom, err);
  if (st == Z3_OK) report_area(ctx, set, id);
  z3_ovl_free(set);
  return st;
}

static z3_status read_doc(const char *path, json_t **doc, z3_error *err) {
  json_error_t jerr;
  *doc = json_load_file(path, 0, &jerr);
  if (*doc) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "'%s' is not valid JSON: %s (line %d, column %d)", path, jerr.text, jerr.line,
                      jerr.column);
}

z3_status cmd_overworld_set_overlay(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0, n = 0;
  z3_overlays *set = NULL;
  json_t *doc = NULL;
  z3_ovl_store *stores = NULL;
  const char *path = z3_arg_str(ctx, "from");
  z3_status st = overlay_map(ctx, &id, err);
  if (st == Z3_OK) st = read_doc(path, &doc, err);
  if (st == Z3_OK && (st = z3_ovl_stores_from_json(doc, &stores, &n, err)) != Z3_OK)
    z3_error_hint(err, "in '%s'; 'z3ed overworld overlay --map N' prints a document to start from", path);
  if (st == Z3_OK) st = z3_ovl_load(&set, ctx->rom, err);
  int old = set ? set->areas[id].count : 0;
  if (st == Z3_OK) st = z3_ovl_set(set, id, stores, n, err);
  if (st == Z3_OK) st = z3_ovl_save(set, ctx->rom, err);
  if (st == Z3_OK) {
    report_area(ctx, set, id);
    json_object_set_new(ctx->result, "old_count", json_integer(old));
  }
  z3_free(stores);
  json_decref(doc);
  z3_ovl_free(set);
  return st;
}

/* The area's stores with one added (index -1) or removed. */
static z3_status edit_one(z3_cmd_ctx *ctx, bool add, z3_error *err) {
  int id = 0;
  z3_overlays *set = NULL;
  z3_status st = overlay_map(ctx, &id, err);
  if (st == Z3_OK) st = z3_ovl_load(&set, ctx->rom, err);
  if (st) return st;
  const z3_ovl_area *a = &set->areas[id];
  z3_ovl_store *s = z3_calloc((size_t)a->count + 1, sizeof *s);
  if (!s) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  int n = a->count, index = add ? n : (int)z3_arg_int(ctx, "index");
  if (st == Z3_OK && !add && index >= n)
    st = z3_error_set(err, Z3_E_NOT_FOUND, "the overlay of area 0x%02X has %d stores; there is no store %d", id, n, index);
  if (st == Z3_OK) {
    if (n) memcpy(s, a->stores, (size_t)n * sizeof *s);
    if (add) s[n++] = (z3_ovl_store){(uint8_t)z3_arg_int(ctx, "x"), (uint8_t)z3_arg_int(ctx, "y"), (uint16_t)z3_arg_int(ctx, "tile16")};
    else memmove(s + index, s + index + 1, (size_t)(--n - index) * sizeof *s);
    st = z3_ovl_set(set, id, s, n, err);
  }
  if (st == Z3_OK) st = z3_ovl_save(set, ctx->rom, err);
  if (st == Z3_OK) {
    report_area(ctx, set, id);
    json_object_set_new(ctx->result, "index", json_integer(index));
  }
  z3_free(s);
  z3_ovl_free(set);
  return st;
}

z3_status cmd_overworld_add_overlay_tile(z3_cmd_ctx *ctx, z3_error *err) { return edit_one(ctx, true, err); }
z3_status cmd_overworld_remove_overlay_tile(z3_cmd_ctx *ctx, z3_error *err) { return edit_one(ctx, false, err); }

z3_status z3_cmd__ow_draw_event_overlay(z3_cmd_ctx *ctx, const z3_overworld *ow, int id, z3_ow_image *img,
                                        z3_error *err) {
  int parent = ow->areas[id].parent;
  if (parent >= Z3_OVL_AREAS)
    return z3_error_set(err, Z3_E_NOT_FOUND, "area 0x%02X has no overlay: overlays exist for areas 0x00-0x7F", (unsigned)id);
  z3_overlays *set = NULL;
  z3_status st = z3_ovl_load(&set, ctx->rom, err);
  if (st) return st;
  const z3_ovl_area *a = &set->areas[parent];
  uint8_t (*cells)[2] = z3_calloc((size_t)a->count + 1, sizeof *cells);
  uint16_t *tiles = z3_calloc((size_t)a->count + 1, sizeof *tiles);
  int drawn = 0;
  if (!cells || !tiles) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  /* A child screen drawn alone sees its quarter of the parent's buffer. */
  int dx = (id - parent) % 8 * 32, dy = (id - parent) / 8 * 32, n = 0;
  for (int i = 0; st == Z3_OK && i < a->count; i++) {
    int x = a->stores[i].x - dx, y = a->stores[i].y - dy;
    if (x < 0 || y < 0) continue;
    cells[n][0] = (uint8_t)x, cells[n][1] = (uint8_t)y, tiles[n++] = a->stores[i].tile16;
  }
  if (st == Z3_OK) st = z3_ow_render_cells(ow, ctx->rom, id, (const uint8_t(*)[2])cells, tiles, n, img, &drawn, err);
  if (st == Z3_OK) {
    json_t *o = json_object();
    json_object_set_new(o, "map", z3_cmd__hex((uint64_t)parent, 2));
    json_object_set_new(o, "stores", json_integer(a->count));
    json_object_set_new(o, "drawn", json_integer(drawn));
    json_object_set_new(ctx->result, "event_overlay", o);
  }
  z3_free(cells);
  z3_free(tiles);
  z3_ovl_free(set);
  return st;
}
