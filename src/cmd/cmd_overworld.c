/* overworld list / describe / get-tile / set-tile, and helpers shared by the overworld handlers. */
#include <stdio.h>
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_overworld.h"
#include "zelda3/layouts.h"
#include "zelda3/sprite.h"

/* Areas 0xA0-0xBF exist only with the tail-map patch (layouts.h). */
static bool has_tail_maps(const z3_rom *rom) {
  z3_layouts found;
  z3_layouts_scan(rom, &found);
  for (size_t i = 0; i < found.count; i++)
    if (found.hits[i].layout == Z3_LAYOUT_SW_TAIL_MAPS) return true;
  return false;
}

z3_status z3_cmd__ow_map(const z3_cmd_ctx *ctx, int *id, z3_error *err) {
  const char *text = z3_arg_str(ctx, "map");
  uint64_t v;
  if (!text || !z3_parse_u64(text, &v) || v >= Z3_OW_AREA_MAX || (v >= Z3_OW_AREA_COUNT && !has_tail_maps(ctx->rom))) {
    z3_error_set(err, Z3_E_NOT_FOUND, "--map '%s' is not an overworld area", text ? text : "");
    z3_error_hint(err, "areas are 0x00-0x3F (light world), 0x40-0x7F (dark world), 0x80-0x9F (special; 0xA0-0xBF with the "
                       "tail-map patch); see 'z3ed overworld list'");
    return Z3_E_NOT_FOUND;
  }
  *id = (int)v;
  return Z3_OK;
}

z3_status z3_cmd__ow_state(const z3_cmd_ctx *ctx, int *state, bool *all, z3_error *err) {
  const char *text = z3_arg_str(ctx, "state");
  if (all) *all = !text;
  *state = 0;
  if (!text) return Z3_OK;
  if (!z3_ow_state_parse(text, state)) {
    return z3_error_set(err, Z3_E_USAGE, "--state '%s' is not a game state: use 0 (beginning), 1 (zelda) or 2 (agahnim)",
                        text);
  }
  return Z3_OK;
}

json_t *z3_cmd__ow_sprite_json(const z3_ow_sprite *s, int index) {
  json_t *o = json_object();
  json_object_set_new(o, "index", json_integer(index));
  json_object_set_new(o, "x", json_integer(s->x));
  json_object_set_new(o, "y", json_integer(s->y));
  json_object_set_new(o, "id", z3_cmd__hex(s->id, 2));
  /* 0xF3 spawns overlord 1, 0xF4 only starts falling rocks, 0xF5+ spawn overlord id - 0xF2 (§2.5) */
  const char *name = s->id < Z3_SPRITE_COUNT ? z3_sprite_name(s->id)
                     : s->id == 0xF4         ? "Falling Rocks (marker)"
                                             : z3_overlord_name((uint8_t)(s->id == 0xF3 ? 1 : s->id - 0xF2));
  if (name) json_object_set_new(o, "name", json_string(name));
  if (s->id >= 0xF3) json_object_set_new(o, "overlord", json_true());
  return o;
}

z3_status z3_cmd__ow_commit(z3_cmd_ctx *ctx, z3_overworld *ow, z3_error *err) {
  return z3_ow_save(ow, ctx->rom, err);
}

static json_t *hex_or_null(int v, int digits) { return v < 0 ? json_null() : z3_cmd__hex((uint64_t)v, digits); }

static int count_entrances(const z3_overworld *ow, int parent) {
  int n = 0;
  for (int i = 0; i < ow->entrance_count; i++)
    n += z3_ow_is_listed_entrance(&ow->entrances[i]) && ow->entrances[i].area == parent;
  return n;
}

json_t *z3_cmd__ow_area_json(const z3_overworld *ow, int id) {
  const z3_ow_area *a = &ow->areas[id];
  json_t *o = json_object();
  json_object_set_new(o, "map", z3_cmd__hex((uint64_t)id, 2));
  json_object_set_new(o, "name", json_string(z3_ow_area_name(id)));
  json_object_set_new(o, "world", json_string(z3_ow_world_name(id)));
  json_object_set_new(o, "large", json_boolean(a->large));
  json_object_set_new(o, "size", json_string(z3_ow_size_name(a->size)));
  json_object_set_new(o, "parent", z3_cmd__hex(a->parent, 2));
  json_object_set_new(o, "gfx", hex_or_null(a->gfx, 2));
  json_object_set_new(o, "palette", hex_or_null(a->palette, 2));
  json_t *sprites = json_array();
  for (int s = 0; s < Z3_OW_STATES; s++) {
    int p = a->parent;
    json_array_append_new(sprites, p < z3_ow_sprite_list_count(s) ? json_integer(ow->sprites[s][p].count) : json_null());
  }
  json_object_set_new(o, "sprites", sprites);
  json_object_set_new(o, "items", a->parent < Z3_OW_LIST_AREAS ? json_integer(ow->items[a->parent].count) : json_null());
  json_object_set_new(o, "entrances", json_integer(count_entrances(ow, a->parent)));
  return o;
}

static z3_status load(z3_cmd_ctx *ctx, z3_overworld **ow, z3_error *err) { return z3_ow_load(ow, ctx->rom, err); }

z3_status cmd_overworld_list(z3_cmd_ctx *ctx, z3_error *err) {
  z3_overworld *ow;
  z3_status st = load(ctx, &ow, err);
  if (st) return st;
  json_t *areas = json_array();
  int large = 0, multi[4] = {0};
  for (int id = 0; id < ow->area_count; id++) {
    json_array_append_new(areas, z3_cmd__ow_area_json(ow, id));
    large += ow->areas[id].large && ow->areas[id].parent == id;
    multi[ow->areas[id].size] += ow->areas[id].parent == id && ow->areas[id].size != Z3_OW_SMALL;
  }
  json_object_set_new(ctx->result, "count", json_integer(ow->area_count));
  json_object_set_new(ctx->result, "large_areas", json_integer(large));
  json_object_set_new(ctx->result, "wide_areas", json_integer(multi[Z3_OW_WIDE]));
  json_object_set_new(ctx->result, "tall_areas", json_integer(multi[Z3_OW_TALL]));
  json_object_set_new(ctx->result, "areas", areas);
  json_object_set_new(ctx->result, "expanded_layouts", z3_cmd__layouts_json(ctx->rom));
  z3_ow_free(ow);
  return Z3_OK;
}

static json_t *stream_json(const z3_rom *rom, const z3_ow_stream *s) {
  (void)rom;
  char addr[10];
  z3_snes_format_address(s->address, addr);
  json_t *o = json_object();
  json_object_set_new(o, "address", json_string(addr));
  json_object_set_new(o, "stored_size", json_integer((json_int_t)s->stored_size));
  return o;
}

static json_t *music_json(const z3_ow_area *a) {
  json_t *m = json_array();
  for (int i = 0; i < 4; i++)
    if (a->music[i] >= 0) json_array_append_new(m, z3_cmd__hex((uint64_t)a->music[i], 2));
  return m;
}

/* ZSCustomOverworld's per-area values and its ROM-wide enable bytes, or
 * null when the patch is not installed. */
static json_t *zscustom_json(const z3_overworld *ow, int parent) {
  if (!ow->zscustom) return json_null();
  const z3_ow_custom *c = &ow->areas[parent].custom;
  json_t *o = json_object(), *sheets = json_array(), *enables = json_object();
  json_object_set_new(o, "version", json_integer(ow->zscustom));
  json_object_set_new(o, "bg_color", z3_cmd__hex((uint64_t)c->bg_color, 4));
  json_object_set_new(o, "main_palette", json_integer(c->main_palette));
  json_object_set_new(o, "mosaic", z3_cmd__hex((uint64_t)c->mosaic, 2));
  json_object_set_new(o, "animated_gfx", z3_cmd__hex((uint64_t)c->animated_gfx, 2));
  json_object_set_new(o, "overlay", z3_cmd__hex((uint64_t)c->overlay, 2));
  for (int i = 0; i < 8; i++) json_array_append_new(sheets, z3_cmd__hex((uint64_t)c->tile_gfx[i], 2));
  json_object_set_new(o, "tile_gfx", sheets);
  for (int i = 0; z3_ow_zscustom_enable_names[i]; i++)
    if (i != 5) json_object_set_new(enables, z3_ow_zscustom_enable_names[i], json_boolean(ow->zscustom_enables[i] != 0));
  json_object_set_new(o, "enabled", enables);
  return o;
}

z3_status cmd_overworld_describe(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0;
  z3_overworld *ow = NULL;
  z3_status st = z3_cmd__ow_map(ctx, &id, err);
  if (st == Z3_OK) st = load(ctx, &ow, err);
  if (st) return st;
  const z3_ow_area *a = &ow->areas[id];
  json_t *o = z3_cmd__ow_area_json(ow, id);
  json_object_update(ctx->result, o);
  json_decref(o);
  json_t *screens = json_array();
  int group[4], n = z3_ow_group_screens(ow, id, group);
  for (int k = 0; k < n; k++) {
    int sid = group[k];
    json_t *s = json_object();
    json_object_set_new(s, "map", z3_cmd__hex((uint64_t)sid, 2));
    json_object_set_new(s, "high", stream_json(ctx->rom, &ow->areas[sid].high));
    json_object_set_new(s, "low", stream_json(ctx->rom, &ow->areas[sid].low));
    json_array_append_new(screens, s);
  }
  json_object_set_new(ctx->result, "screens", screens);
  int w, h;
  z3_ow_area_grid(ow, id, &w, &h);
  json_object_set_new(ctx->result, "tile16_size", json_integer(w > h ? w : h));
  json_object_set_new(ctx->result, "tile16_width", json_integer(w));
  json_object_set_new(ctx->result, "tile16_height", json_integer(h));
  json_object_set_new(ctx->result, "message", hex_or_null(a->message, 3));
  json_t *sg = json_array(), *sp = json_array();
  for (int s = 0; s < Z3_OW_STATES; s++) {
    json_array_append_new(sg, hex_or_null(a->sprite_gfx[s], 2));
    json_array_append_new(sp, hex_or_null(a->sprite_palette[s], 2));
  }
  json_object_set_new(ctx->result, "sprite_gfx", sg);
  json_object_set_new(ctx->result, "sprite_palette", sp);
  json_object_set_new(ctx->result, "music", music_json(a));
  json_object_set_new(ctx->result, "size", json_string(z3_ow_size_name(z3_ow_area_size(ow, id))));
  json_object_set_new(ctx->result, "zscustom", zscustom_json(ow, a->parent));
  z3_ow_free(ow);
  return Z3_OK;
}

z3_status cmd_overworld_set_area(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0, field = z3_arg_choice(ctx, "field");
  z3_overworld *ow = NULL;
  long old = 0, value = (long)z3_arg_int(ctx, "value");
  z3_status st = z3_cmd__ow_open(ctx, &id, &ow, err);
  if (st == Z3_OK) st = z3_ow_get_area_field(ow, id, field, &old, err);
  if (st == Z3_OK) st = z3_ow_set_area_field(ow, id, field, value, err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)ow->areas[id].parent, 2));
    json_object_set_new(ctx->result, "field", json_string(z3_ow_area_fields[field]));
    json_object_set_new(ctx->result, "old_value", z3_cmd__hex((uint64_t)old, 2));
    json_object_set_new(ctx->result, "value", z3_cmd__hex((uint64_t)value, 2));
    if (strcmp(z3_ow_area_fields[field], "size") == 0 && ow->zscustom < 3) /* one parent table for both worlds */
      json_object_set_new(ctx->result, "twin", z3_cmd__hex((uint64_t)(ow->areas[id].parent ^ 0x40), 2));
  }
  z3_ow_free(ow);
  return st;
}

static bool layer_is_tile32(const z3_cmd_ctx *ctx) {
  const char *layer = z3_arg_str(ctx, "layer");
  return layer && strcmp(layer, "tile32") == 0;
}

static json_t *words_json(const uint16_t *w, int n, int digits) {
  json_t *a = json_array();
  for (int i = 0; i < n; i++) json_array_append_new(a, z3_cmd__hex(w[i], digits));
  return a;
}

/* The value at --x/--y and what it is made of. */
static z3_status tile_json(const z3_cmd_ctx *ctx, const z3_overworld *ow, int id, json_t *into, z3_error *err) {
  int x = (int)z3_arg_int(ctx, "x"), y = (int)z3_arg_int(ctx, "y");
  uint16_t v;
  if (layer_is_tile32(ctx)) {
    z3_status st = z3_ow_get_tile32(ow, id, x, y, &v, err);
    if (st) return st;
    json_object_set_new(into, "value", z3_cmd__hex(v, 4));
    if (v < ow->tile32_count) json_object_set_new(into, "tile16", words_json(ow->tile32[v], 4, 3));
    return Z3_OK;
  }
  z3_status st = z3_ow_get_tile16(ow, id, x, y, &v, err);
  if (st) return st;
  json_object_set_new(into, "value", z3_cmd__hex(v, 3));
  json_object_set_new(into, "tile8", words_json(ow->tile16[v], 4, 4));
  return Z3_OK;
}

z3_status cmd_overworld_get_tile(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0;
  z3_overworld *ow = NULL;
  z3_status st = z3_cmd__ow_map(ctx, &id, err);
  if (st == Z3_OK) st = load(ctx, &ow, err);
  if (st) return st;
  json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
  json_object_set_new(ctx->result, "layer", json_string(layer_is_tile32(ctx) ? "tile32" : "tile16"));
  json_object_set_new(ctx->result, "x", json_integer(z3_arg_int(ctx, "x")));
  json_object_set_new(ctx->result, "y", json_integer(z3_arg_int(ctx, "y")));
  st = tile_json(ctx, ow, id, ctx->result, err);
  z3_ow_free(ow);
  return st;
}

z3_status cmd_overworld_set_tile(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0;
  z3_overworld *ow = NULL;
  z3_status st = z3_cmd__ow_map(ctx, &id, err);
  if (st == Z3_OK) st = load(ctx, &ow, err);
  if (st) return st;
  int x = (int)z3_arg_int(ctx, "x"), y = (int)z3_arg_int(ctx, "y");
  int64_t value = z3_arg_int(ctx, "value");
  json_t *old = json_object();
  st = tile_json(ctx, ow, id, old, err);
  if (st == Z3_OK && (value < 0 || value > 0xFFFF)) st = z3_error_set(err, Z3_E_INVALID, "--value %lld is not a tile id", (long long)value);
  if (st == Z3_OK && layer_is_tile32(ctx)) st = z3_ow_set_tile32(ow, id, x, y, (uint16_t)value, err);
  else if (st == Z3_OK) st = z3_ow_set_tile16(ow, id, x, y, (uint16_t)value, err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
    json_object_set_new(ctx->result, "layer", json_string(layer_is_tile32(ctx) ? "tile32" : "tile16"));
    json_object_set_new(ctx->result, "old_value", json_incref(json_object_get(old, "value")));
    json_object_set_new(ctx->result, "value", z3_cmd__hex((uint64_t)value, layer_is_tile32(ctx) ? 4 : 3));
  }
  json_decref(old);
  z3_ow_free(ow);
  return st;
}
