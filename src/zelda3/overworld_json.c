/*
 * One area as JSON and back. The document describes the whole area:
 *
 *   {"format": "z3ed-overworld-area", "version": 1, "map": "0x1b", "large": true, "size": "large",
 *    "properties": {"gfx", "palette", "message", "sprite_gfx": [3], "sprite_palette": [3], "music": [..],
 *                   "zscustom": {"bg_color", "main_palette", "mosaic", "animated_gfx", "overlay",
 *                                "tile_gfx": [8]}},                  only on a ZSCustomOverworld ROM
 *    "screens": [{"map": "0x1b", "tile32": [[16 ids] x 16]}, ...],   1 screen, 4 for a large parent, 2 wide/tall
 *    "sprites": [[{"x", "y", "id"}], [...], [...]],                  per state; null where none exists
 *    "items": [{"x", "y", "id"}],
 *    "entrances": [{"slot", "x", "y", "entrance"}],
 *    "exits": [{"slot", "room", "x", "y", "door", "door_x", "door_y"}],   x, y: pixels in the area
 *    "transports": [{"slot", "x", "y", "whirlpool_in"}]}              (overworld_json_places.c)
 *
 * "size" (small, large, wide, tall: the area's group) must match the ROM's.
 * Import replaces what the document covers: tiles, properties, the lists,
 * and the area's entrances and exits (its slots not listed become unused). Numbers may
 * be integers or "0x.." strings. Errors name the JSON path of the bad value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/overworld.h"
#include "zelda3/overworld_json.h"

static json_t *hex(unsigned v) {
  char b[12];
  snprintf(b, sizeof b, "0x%02x", v);
  return json_string(b);
}

static json_t *int_array(const int *v, int n) {
  json_t *a = json_array();
  for (int i = 0; i < n; i++) json_array_append_new(a, v[i] < 0 ? json_null() : json_integer(v[i]));
  return a;
}

/* ZSCustomOverworld's values: JSON key, set-area field (tile_gfx: the first of 8). */
static const struct { const char *key, *field; } custom_keys[] = {
    {"bg_color", "bg-color"}, {"main_palette", "main-palette"}, {"mosaic", "mosaic"},
    {"animated_gfx", "animated-gfx"}, {"overlay", "overlay"}, {"tile_gfx", "tile-gfx-0"},
};

static json_t *export_custom(const z3_ow_custom *c) {
  json_t *o = json_object();
  json_object_set_new(o, "bg_color", json_integer(c->bg_color));
  json_object_set_new(o, "main_palette", json_integer(c->main_palette));
  json_object_set_new(o, "mosaic", json_integer(c->mosaic));
  json_object_set_new(o, "animated_gfx", json_integer(c->animated_gfx));
  json_object_set_new(o, "overlay", json_integer(c->overlay));
  json_object_set_new(o, "tile_gfx", int_array(c->tile_gfx, 8));
  return o;
}

static int screen_count(const z3_overworld *ow, int id) {
  int screens[4];
  return z3_ow_group_screens(ow, id, screens);
}
static int screen_id(const z3_overworld *ow, int id, int k) {
  int screens[4];
  z3_ow_group_screens(ow, id, screens);
  return screens[k];
}

json_t *z3_ow_export_json(const z3_overworld *ow, int id) {
  const z3_ow_area *a = &ow->areas[id];
  int p = a->parent;
  json_t *doc = json_object();
  json_object_set_new(doc, "format", json_string("z3ed-overworld-area"));
  json_object_set_new(doc, "version", json_integer(1));
  json_object_set_new(doc, "map", hex((unsigned)id));
  json_object_set_new(doc, "name", json_string(z3_ow_area_name(id)));
  json_object_set_new(doc, "large", json_boolean(screen_count(ow, id) == 4));
  json_object_set_new(doc, "size", json_string(z3_ow_size_name(a->size)));
  json_t *props = json_object();
  json_object_set_new(props, "gfx", a->gfx < 0 ? json_null() : json_integer(a->gfx));
  json_object_set_new(props, "palette", a->palette < 0 ? json_null() : json_integer(a->palette));
  json_object_set_new(props, "message", a->message < 0 ? json_null() : json_integer(a->message));
  json_object_set_new(props, "sprite_gfx", int_array(a->sprite_gfx, Z3_OW_STATES));
  json_object_set_new(props, "sprite_palette", int_array(a->sprite_palette, Z3_OW_STATES));
  json_object_set_new(props, "music", int_array(a->music, 4));
  if (ow->zscustom && ow->areas[p].custom.bg_color >= 0) /* tail maps have no entries */
    json_object_set_new(props, "zscustom", export_custom(&ow->areas[p].custom));
  json_object_set_new(doc, "properties", props);
  json_t *screens = json_array();
  for (int k = 0; k < screen_count(ow, id); k++) {
    json_t *s = json_object(), *rows = json_array();
    json_object_set_new(s, "map", hex((unsigned)screen_id(ow, id, k)));
    for (int y = 0; y < 16; y++) {
      json_t *row = json_array();
      for (int x = 0; x < 16; x++) json_array_append_new(row, json_integer(ow->areas[screen_id(ow, id, k)].map32[y * 16 + x]));
      json_array_append_new(rows, row);
    }
    json_object_set_new(s, "tile32", rows);
    json_array_append_new(screens, s);
  }
  json_object_set_new(doc, "screens", screens);
  json_t *sprites = json_array();
  for (int st = 0; st < Z3_OW_STATES; st++) {
    if (p >= z3_ow_sprite_list_count(st)) {
      json_array_append_new(sprites, json_null());
      continue;
    }
    json_t *list = json_array();
    const z3_ow_list *l = &ow->sprites[st][p];
    for (int i = 0; i < l->count; i++)
      json_array_append_new(list, json_pack("{s:i,s:i,s:o}", "x", l->sprites[i].x, "y", l->sprites[i].y, "id",
                                            hex(l->sprites[i].id)));
    json_array_append_new(sprites, list);
  }
  json_object_set_new(doc, "sprites", sprites);
  if (p < Z3_OW_LIST_AREAS) {
    json_t *items = json_array();
    const z3_ow_list *l = &ow->items[p];
    for (int i = 0; i < l->count; i++)
      json_array_append_new(items, json_pack("{s:i,s:i,s:o}", "x", Z3_OW_POS_X(l->items[i].pos), "y",
                                             Z3_OW_POS_Y(l->items[i].pos), "id", hex(l->items[i].id)));
    json_object_set_new(doc, "items", items);
  }
  json_t *ents = json_array();
  for (int i = 0; i < ow->entrance_count; i++) {
    const z3_ow_entrance *e = &ow->entrances[i];
    if (e->pos == 0xFFFF || e->area != p) continue;
    json_t *o = json_pack("{s:i,s:i,s:i,s:o}", "slot", i, "x", Z3_OW_POS_X(e->pos), "y", Z3_OW_POS_Y(e->pos), "entrance",
                          hex(e->entrance));
    if (e->hole) json_object_set_new(o, "hole", json_true()); /* only the expanded table mixes them */
    json_array_append_new(ents, o);
  }
  json_object_set_new(doc, "entrances", ents);
  z3_ow__export_places(ow, p, doc);
  return doc;
}

/* ---- import ------------------------------------------------------------- */

static z3_status bad(z3_error *err, const char *path, const char *what) {
  return z3_error_set(err, Z3_E_INVALID, "%s: %s", path, what);
}

/* An integer in [lo, hi], given as a number or "0x.." / decimal string. */
static z3_status get_int(const json_t *v, const char *path, long lo, long hi, long *out, z3_error *err) {
  long n = 0;
  if (json_is_integer(v)) {
    n = (long)json_integer_value(v);
  } else if (json_is_string(v)) {
    uint64_t u;
    if (!z3_parse_u64(json_string_value(v), &u) || u > (uint64_t)hi) n = hi + 1;
    else n = (long)u;
  } else {
    return z3_error_set(err, Z3_E_INVALID, "%s: expected a number %ld-%ld", path, lo, hi);
  }
  if (n < lo || n > hi) return z3_error_set(err, Z3_E_INVALID, "%s: %ld is outside %ld-%ld", path, n, lo, hi);
  *out = n;
  return Z3_OK;
}

z3_status z3_ow__json_int(const json_t *o, const char *key, const char *path, long lo, long hi, long *out,
                         z3_error *err) {
  char p[128];
  snprintf(p, sizeof p, "%s.%s", path, key);
  const json_t *v = json_object_get(o, key);
  if (!v) return z3_error_set(err, Z3_E_INVALID, "%s: missing", p);
  return get_int(v, p, lo, hi, out, err);
}

static z3_status import_screens(z3_overworld *ow, int id, const json_t *screens, z3_error *err) {
  int n = screen_count(ow, id);
  if (!json_is_array(screens) || (int)json_array_size(screens) != n) {
    char what[96];
    snprintf(what, sizeof what, "expected an array of %d screen%s for area 0x%02X", n, n > 1 ? "s" : "", id);
    return bad(err, "$.screens", what);
  }
  for (int k = 0; k < n; k++) {
    char path[96];
    snprintf(path, sizeof path, "$.screens[%d].tile32", k);
    const json_t *rows = json_object_get(json_array_get(screens, (size_t)k), "tile32");
    if (!json_is_array(rows) || json_array_size(rows) != 16) return bad(err, path, "expected 16 rows");
    uint16_t map[256];
    for (int y = 0; y < 16; y++) {
      const json_t *row = json_array_get(rows, (size_t)y);
      snprintf(path, sizeof path, "$.screens[%d].tile32[%d]", k, y);
      if (!json_is_array(row) || json_array_size(row) != 16) return bad(err, path, "expected 16 tile32 ids");
      for (int x = 0; x < 16; x++) {
        long v = 0;
        snprintf(path, sizeof path, "$.screens[%d].tile32[%d][%d]", k, y, x);
        z3_status st = get_int(json_array_get(row, (size_t)x), path, 0, ow->tile32_count - 1, &v, err);
        if (st) return st;
        map[y * 16 + x] = (uint16_t)v;
      }
    }
    z3_ow_area *a = &ow->areas[screen_id(ow, id, k)];
    if (memcmp(a->map32, map, sizeof map) != 0) {
      memcpy(a->map32, map, sizeof map);
      a->map_dirty = true;
      snprintf(a->why, sizeof a->why, "area 0x%02X imported from JSON", id);
    }
  }
  return Z3_OK;
}

static z3_status import_prop(const json_t *props, const char *key, int index, int *into, bool *changed,
                             z3_error *err) {
  const json_t *v = json_object_get(props, key);
  char path[64];
  if (index >= 0) {
    v = json_array_get(v, (size_t)index);
    snprintf(path, sizeof path, "$.properties.%s[%d]", key, index);
  } else {
    snprintf(path, sizeof path, "$.properties.%s", key);
  }
  if (!v || json_is_null(v) || *into < 0) return Z3_OK; /* absent, or no table entry for this area */
  long n = 0;
  z3_status st = get_int(v, path, 0, strcmp(key, "message") == 0 ? 0xFFFF : 0xFF, &n, err);
  if (st == Z3_OK && n != *into) *into = (int)n, *changed = true;
  return st;
}

static z3_status import_properties(z3_overworld *ow, int id, const json_t *props, z3_error *err) {
  if (!props) return Z3_OK;
  if (!json_is_object(props)) return bad(err, "$.properties", "expected an object");
  z3_ow_area *a = &ow->areas[ow->areas[id].parent];
  bool changed = false;
  z3_status st = import_prop(props, "gfx", -1, &a->gfx, &changed, err);
  if (st == Z3_OK) st = import_prop(props, "palette", -1, &a->palette, &changed, err);
  if (st == Z3_OK) st = import_prop(props, "message", -1, &a->message, &changed, err);
  for (int s = 0; st == Z3_OK && s < Z3_OW_STATES; s++) {
    st = import_prop(props, "sprite_gfx", s, &a->sprite_gfx[s], &changed, err);
    if (st == Z3_OK) st = import_prop(props, "sprite_palette", s, &a->sprite_palette[s], &changed, err);
  }
  for (int m = 0; st == Z3_OK && m < 4; m++) st = import_prop(props, "music", m, &a->music[m], &changed, err);
  bool one_set = a->id >= 0x40; /* dark and special world: one table entry serves every state */
  for (int s = 1; st == Z3_OK && one_set && s < Z3_OW_STATES; s++) {
    if (a->sprite_gfx[s] != a->sprite_gfx[0])
      st = bad(err, "$.properties.sprite_gfx", "this area has one sprite set for all states: give one value 3 times");
    else if (a->sprite_palette[s] != a->sprite_palette[0])
      st = bad(err, "$.properties.sprite_palette", "this area has one sprite palette for all states: give one value 3 times");
  }
  if (st == Z3_OK && changed) {
    for (int i = 0; i < ow->area_count; i++) /* children repeat the parent's values */
      if (ow->areas[i].parent == a->id && i != a->id) {
        z3_ow_area *c = &ow->areas[i];
        c->gfx = a->gfx, c->palette = a->palette, c->message = a->message;
        memcpy(c->sprite_gfx, a->sprite_gfx, sizeof a->sprite_gfx);
        memcpy(c->sprite_palette, a->sprite_palette, sizeof a->sprite_palette);
        memcpy(c->music, a->music, sizeof a->music);
      }
    a->props_dirty = true;
    snprintf(a->why, sizeof a->why, "area 0x%02X imported from JSON", id);
  }
  return st;
}

/* Records {x, y, id} of one list; the w x h grid bounds the coordinates. */
static z3_status read_records(const json_t *list, const char *path, int w, int h, z3_ow_sprite *out, int *n,
                              z3_error *err) {
  if (!json_is_array(list)) return bad(err, path, "expected an array");
  if (json_array_size(list) > Z3_OW_MAX_LIST) return bad(err, path, "too many entries");
  *n = (int)json_array_size(list);
  for (int i = 0; i < *n; i++) {
    const json_t *r = json_array_get(list, (size_t)i);
    char p[96];
    snprintf(p, sizeof p, "%s[%d]", path, i);
    if (!json_is_object(r)) return bad(err, p, "expected an object with x, y and id");
    long x = 0, y = 0, idv = 0;
    z3_status st = z3_ow__json_int(r, "x", p, 0, w - 1, &x, err);
    if (st == Z3_OK) st = z3_ow__json_int(r, "y", p, 0, h - 1, &y, err);
    if (st == Z3_OK) st = z3_ow__json_int(r, "id", p, 0, 0xFF, &idv, err);
    if (st) return st;
    out[i] = (z3_ow_sprite){.x = (uint8_t)x, .y = (uint8_t)y, .id = (uint8_t)idv};
  }
  return Z3_OK;
}

static z3_status import_lists(z3_overworld *ow, int id, const json_t *doc, z3_error *err) {
  int p = ow->areas[id].parent, w, h;
  z3_ow_area_grid(ow, p, &w, &h);
  static z3_ow_sprite recs[Z3_OW_MAX_LIST];
  const json_t *sprites = json_object_get(doc, "sprites");
  z3_status st = Z3_OK;
  if (sprites && !json_is_array(sprites)) return bad(err, "$.sprites", "expected an array of three states");
  for (int s = 0; sprites && st == Z3_OK && s < Z3_OW_STATES; s++) {
    const json_t *list = json_array_get(sprites, (size_t)s);
    if (!list || json_is_null(list) || p >= z3_ow_sprite_list_count(s)) continue;
    char path[32];
    snprintf(path, sizeof path, "$.sprites[%d]", s);
    int n = 0;
    st = read_records(list, path, w, h, recs, &n, err);
    z3_ow_list *l = &ow->sprites[s][p];
    if (st == Z3_OK) st = z3_ow_list_replace_sprites(l, recs, n, err);
    if (st == Z3_OK && l->dirty) snprintf(l->why, sizeof l->why, "area 0x%02X state %d sprites imported from JSON", p, s);
  }
  const json_t *items = json_object_get(doc, "items");
  if (st == Z3_OK && items && p < Z3_OW_LIST_AREAS) {
    int n = 0;
    st = read_records(items, "$.items", w, h, recs, &n, err);
    static z3_ow_item its[Z3_OW_MAX_LIST];
    for (int i = 0; i < n; i++) its[i] = (z3_ow_item){.pos = Z3_OW_POS(recs[i].x, recs[i].y), .id = recs[i].id};
    z3_ow_list *l = &ow->items[p];
    if (st == Z3_OK) st = z3_ow_list_replace_items(l, its, n, err);
    if (st == Z3_OK && l->dirty) snprintf(l->why, sizeof l->why, "area 0x%02X items imported from JSON", p);
  }
  return st;
}

static z3_status import_entrances(z3_overworld *ow, int id, const json_t *ents, z3_error *err) {
  if (!ents) return Z3_OK;
  if (!json_is_array(ents)) return bad(err, "$.entrances", "expected an array");
  int p = ow->areas[id].parent, w, h;
  z3_ow_area_grid(ow, p, &w, &h);
  if (p >= 0x80 && json_array_size(ents) > 0) return bad(err, "$.entrances", "special-world areas have no entrances");
  z3_ow_entrance next[Z3_OW_ENTRANCE_EXPANDED_COUNT];
  memcpy(next, ow->entrances, sizeof next);
  for (int i = 0; i < ow->entrance_count; i++)
    if (next[i].pos != 0xFFFF && next[i].area == p) next[i] = (z3_ow_entrance){.area = 0, .pos = 0xFFFF, .entrance = 0};
  for (size_t i = 0; i < json_array_size(ents); i++) {
    const json_t *e = json_array_get(ents, i);
    char path[48];
    snprintf(path, sizeof path, "$.entrances[%zu]", i);
    if (!json_is_object(e)) return bad(err, path, "expected an object with slot, x, y and entrance");
    const json_t *hole = json_object_get(e, "hole");
    if (hole && !json_is_boolean(hole)) return bad(err, path, "hole must be true or false");
    if (json_is_true(hole) && !ow->entrances_expanded)
      return bad(err, path, "holes have their own table in this ROM: 'overworld set-entrance --hole' edits them");
    long slot = 0, x = 0, y = 0, ent = 0;
    z3_status st = z3_ow__json_int(e, "slot", path, 0, ow->entrance_count - 1, &slot, err);
    if (st == Z3_OK) st = z3_ow__json_int(e, "x", path, 0, w - 1, &x, err);
    if (st == Z3_OK) st = z3_ow__json_int(e, "y", path, 0, h - 1, &y, err);
    if (st == Z3_OK) st = z3_ow__json_int(e, "entrance", path, 0, Z3_OW_DUNGEON_ENTRANCES - 1, &ent, err);
    if (st) return st;
    if (next[slot].pos != 0xFFFF && next[slot].area != p)
      return bad(err, path, "slot is used by an entrance of another area");
    next[slot] = (z3_ow_entrance){.area = (uint16_t)p, .pos = Z3_OW_POS(x, y), .entrance = (uint8_t)ent, .hole = json_is_true(hole)};
  }
  if (memcmp(next, ow->entrances, sizeof next) != 0) {
    memcpy(ow->entrances, next, sizeof next);
    snprintf(ow->places_why, sizeof ow->places_why, "area 0x%02X entrances imported from JSON", p);
  }
  return Z3_OK;
}

static int field_index(const char *name) {
  for (int i = 0; z3_ow_area_fields[i]; i++)
    if (strcmp(z3_ow_area_fields[i], name) == 0) return i;
  return -1;
}

/* One value of $.properties.zscustom through the set-area field (same ranges). */
static z3_status import_custom_value(z3_overworld *ow, int id, const json_t *v, const char *path, int field, z3_error *err) {
  long n = 0, old = 0;
  z3_status st = get_int(v, path, 0, 0xFFFF, &n, err);
  if (st == Z3_OK) st = z3_ow_get_area_field(ow, id, field, &old, err);
  if (st == Z3_OK && n != old) st = z3_ow_set_area_field(ow, id, field, n, err);
  if (st && !strstr(err->message, path)) {
    char message[Z3_ERROR_MESSAGE_MAX];
    snprintf(message, sizeof message, "%s", err->message);
    z3_error_init(err); /* the innermost message wins otherwise; this one adds the JSON path */
    z3_error_set(err, st, "%s: %s", path, message);
  }
  return st;
}

static z3_status import_custom(z3_overworld *ow, int id, const json_t *props, z3_error *err) {
  const json_t *c = json_object_get(props, "zscustom");
  if (!c || json_is_null(c)) return Z3_OK;
  if (!ow->zscustom) return bad(err, "$.properties.zscustom", "this ROM does not have ZSCustomOverworld (byte 0x140145)");
  if (!json_is_object(c)) return bad(err, "$.properties.zscustom", "expected an object");
  z3_status st = Z3_OK;
  for (size_t k = 0; st == Z3_OK && k < sizeof custom_keys / sizeof custom_keys[0]; k++) {
    const json_t *v = json_object_get(c, custom_keys[k].key);
    char path[64];
    snprintf(path, sizeof path, "$.properties.zscustom.%s", custom_keys[k].key);
    if (!v || json_is_null(v)) continue;
    int field = field_index(custom_keys[k].field);
    if (strcmp(custom_keys[k].key, "tile_gfx") != 0) {
      st = import_custom_value(ow, id, v, path, field, err);
      continue;
    }
    if (!json_is_array(v) || json_array_size(v) != 8) return bad(err, path, "expected 8 sheet ids");
    for (int i = 0; st == Z3_OK && i < 8; i++) {
      char item[80];
      snprintf(item, sizeof item, "%s[%d]", path, i);
      st = import_custom_value(ow, id, json_array_get(v, (size_t)i), item, field + i, err);
    }
  }
  if (st == Z3_OK && ow->areas[ow->areas[id].parent].props_dirty)
    snprintf(ow->areas[ow->areas[id].parent].why, sizeof ow->areas[0].why, "area 0x%02X imported from JSON", id);
  return st;
}

/* "size" (optional: documents from before wide and tall areas lack it) must
 * be the area's: import edits an area's contents, not its shape. */
static z3_status check_size(const z3_overworld *ow, int id, const json_t *size, z3_error *err) {
  if (!size) return Z3_OK;
  const char *have = z3_ow_size_name(ow->areas[id].size);
  if (json_is_string(size) && strcmp(json_string_value(size), have) == 0) return Z3_OK;
  char what[160];
  snprintf(what, sizeof what, "area 0x%02X is %s in this ROM; 'overworld set-area --field size' changes that", id, have);
  return bad(err, "$.size", what);
}

z3_status z3_ow_import_json(z3_overworld *ow, int id, const json_t *doc, z3_error *err) {
  z3_status st = z3_ow_check_map(ow, id, err);
  if (st) return st;
  if (!json_is_object(doc)) return bad(err, "$", "expected an object");
  const json_t *format = json_object_get(doc, "format");
  if (!json_is_string(format) || strcmp(json_string_value(format), "z3ed-overworld-area") != 0)
    return bad(err, "$.format", "expected \"z3ed-overworld-area\"");
  long version = 0;
  st = z3_ow__json_int(doc, "version", "$", 1, 1, &version, err);
  /* Parts are applied in order; a bad value stops the import with the model partly
   * changed, so callers save only after the whole import succeeded (the command does). */
  if (st == Z3_OK) st = check_size(ow, id, json_object_get(doc, "size"), err);
  if (st == Z3_OK) st = import_screens(ow, id, json_object_get(doc, "screens"), err);
  if (st == Z3_OK) st = import_properties(ow, id, json_object_get(doc, "properties"), err);
  if (st == Z3_OK && json_is_object(json_object_get(doc, "properties")))
    st = import_custom(ow, id, json_object_get(doc, "properties"), err);
  if (st == Z3_OK) st = import_lists(ow, id, doc, err);
  if (st == Z3_OK) st = import_entrances(ow, id, json_object_get(doc, "entrances"), err);
  if (st == Z3_OK) st = z3_ow__import_places(ow, id, doc, err);
  return st;
}
