/* Room import from JSON (see dungeon_json.h): every field checked, errors
 * name the JSON path, nothing changes unless the whole document is good. */
#include <stdio.h>
#include <string.h>

#include "zelda3/dungeon_internal.h"
#include "zelda3/dungeon_json.h"

/* A number as an integer or a "0x.."/decimal string, within [0, max]. */
static z3_status number(const json_t *v, const char *path, unsigned max, unsigned *out, z3_error *err) {
  uint64_t n = 0;
  bool ok = false;
  if (json_is_integer(v) && json_integer_value(v) >= 0) n = (uint64_t)json_integer_value(v), ok = true;
  if (json_is_string(v)) ok = z3_parse_u64(json_string_value(v), &n);
  if (!v) return z3_error_set(err, Z3_E_INVALID, "%s is missing", path);
  if (!ok) return z3_error_set(err, Z3_E_INVALID, "%s must be a number (an integer or \"0x..\")", path);
  if (n > max) return z3_error_set(err, Z3_E_INVALID, "%s: %llu is outside 0-%u", path, (unsigned long long)n, max);
  *out = (unsigned)n;
  return Z3_OK;
}

static z3_status field(const json_t *obj, const char *path, const char *key, unsigned max, unsigned *out,
                       bool required, unsigned def, z3_error *err) {
  const json_t *v = json_object_get(obj, key);
  if (!v && !required) {
    *out = def;
    return Z3_OK;
  }
  char p[128];
  snprintf(p, sizeof p, "%s.%s", path, key);
  return number(v, p, max, out, err);
}

static z3_status boolean(const json_t *obj, const char *path, const char *key, bool *out, z3_error *err) {
  const json_t *v = json_object_get(obj, key);
  if (!v) {
    *out = false;
    return Z3_OK;
  }
  if (!json_is_boolean(v)) return z3_error_set(err, Z3_E_INVALID, "%s.%s must be true or false", path, key);
  *out = json_is_true(v);
  return Z3_OK;
}

static z3_status object_at(const json_t *doc, const char *key, const char *what, const json_t **out, z3_error *err) {
  *out = json_object_get(doc, key);
  if (json_is_object(*out) || (what[0] == 'a' && json_is_array(*out))) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "$.%s must be %s", key, what);
}

static z3_status read_header(const json_t *h, const uint8_t cur[Z3_ROOM_HEADER_SIZE], uint8_t raw[Z3_ROOM_HEADER_SIZE],
                             z3_error *err) {
  unsigned cur_unused = (cur[0] >> 1 & 1u) | (unsigned)(cur[8] >> 2) << 1;
  z3_room_header x;
  memset(&x, 0, sizeof x);
  unsigned v[10], unused = 0;
  static const char *const keys[10] = {"bg2", "collision", "palette", "blockset", "spriteset", "effect", "tag1", "tag2"};
  static const unsigned max[8] = {7, 4, 0xFF, 0xFF, 0xFF, 7, 0x3F, 0x3F};
  z3_status st = Z3_OK;
  for (int i = 0; i < 8 && st == Z3_OK; i++) st = field(h, "$.header", keys[i], max[i], &v[i], true, 0, err);
  if (st == Z3_OK) st = boolean(h, "$.header", "lights_out", &x.lights_out, err);
  if (st == Z3_OK) st = field(h, "$.header", "unused_bits", 0x7F, &unused, false, cur_unused, err);
  const json_t *hole = json_object_get(h, "hole"), *stairs = json_object_get(h, "stairs");
  if (st == Z3_OK && !json_is_object(hole)) st = z3_error_set(err, Z3_E_INVALID, "$.header.hole must be an object");
  if (st == Z3_OK && (!json_is_array(stairs) || json_array_size(stairs) != 4)) {
    st = z3_error_set(err, Z3_E_INVALID, "$.header.stairs must be an array of 4 {room, layer} objects");
  }
  unsigned room = 0, layer = 0;
  if (st == Z3_OK) st = field(hole, "$.header.hole", "room", 0xFF, &room, true, 0, err);
  if (st == Z3_OK) st = field(hole, "$.header.hole", "layer", 3, &layer, true, 0, err);
  x.hole_room = (uint8_t)room, x.hole_layer = (uint8_t)layer;
  for (int i = 0; i < 4 && st == Z3_OK; i++) {
    char p[64];
    snprintf(p, sizeof p, "$.header.stairs[%d]", i);
    const json_t *s = json_array_get(stairs, (size_t)i);
    if (!json_is_object(s)) st = z3_error_set(err, Z3_E_INVALID, "%s must be an object", p);
    if (st == Z3_OK) st = field(s, p, "room", 0xFF, &room, true, 0, err);
    if (st == Z3_OK) st = field(s, p, "layer", 3, &layer, true, 0, err);
    x.stair_room[i] = (uint8_t)room, x.stair_layer[i] = (uint8_t)layer;
  }
  if (st) return st;
  x.bg2 = (uint8_t)v[0], x.collision = (uint8_t)v[1], x.palette = (uint8_t)v[2], x.blockset = (uint8_t)v[3];
  x.spriteset = (uint8_t)v[4], x.effect = (uint8_t)v[5], x.tag1 = (uint8_t)v[6], x.tag2 = (uint8_t)v[7];
  x.unused_bit = unused & 1, x.byte8_high = (uint8_t)(unused >> 1);
  z3_room_header_encode(&x, raw);
  return Z3_OK;
}

/* One JSON array of objects (path "$.objects[1]" or "$.objects") into a fresh
 * array of n checked objects; *out is the caller's to free. */
static z3_status read_object_array(const json_t *list, const char *path, z3_room_object **out, size_t *n,
                                   z3_error *err) {
  if (!json_is_array(list)) return z3_error_set(err, Z3_E_INVALID, "%s must be an array", path);
  z3_room_object *objs = z3_calloc(json_array_size(list) + 1, sizeof *objs);
  if (!objs) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  for (size_t i = 0; i < json_array_size(list) && st == Z3_OK; i++) {
    char p[64];
    snprintf(p, sizeof p, "%s[%zu]", path, i);
    const json_t *o = json_array_get(list, i);
    unsigned id = 0, x = 0, y = 0, size = 0;
    if (!json_is_object(o)) st = z3_error_set(err, Z3_E_INVALID, "%s must be an object", p);
    if (st == Z3_OK) st = field(o, p, "id", 0xFFF, &id, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "x", 63, &x, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "y", 63, &y, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "size", 15, &size, false, 0, err);
    objs[i] = (z3_room_object){(uint16_t)id, (uint8_t)x, (uint8_t)y, (uint8_t)size};
    z3_error inner;
    z3_error_init(&inner);
    if (st == Z3_OK && z3_object_check(&objs[i], &inner) != Z3_OK) {
      st = z3_error_set(err, Z3_E_INVALID, "%s: %s", p, inner.message);
    }
  }
  if (st) z3_free(objs), objs = NULL;
  *out = objs, *n = st ? 0 : json_array_size(list);
  return st;
}

static z3_status read_objects(const json_t *layers, z3_room *tmp, z3_error *err) {
  if (!json_is_array(layers) || json_array_size(layers) != Z3_ROOM_LAYERS) {
    return z3_error_set(err, Z3_E_INVALID, "$.objects must be an array of 3 object lists");
  }
  size_t total = 0;
  z3_status st = Z3_OK;
  for (int l = 0; l < Z3_ROOM_LAYERS && st == Z3_OK; l++) {
    const json_t *list = json_array_get(layers, (size_t)l);
    total += json_array_size(list);
    if (total > Z3_ROOM_MAX_OBJECTS) {
      return z3_error_set(err, Z3_E_INVALID, "$.objects holds more than %d objects; the limit is %d per room",
                          Z3_ROOM_MAX_OBJECTS, Z3_ROOM_MAX_OBJECTS);
    }
    char path[32];
    snprintf(path, sizeof path, "$.objects[%d]", l);
    z3_room_object *objs = NULL;
    size_t n = 0;
    st = read_object_array(list, path, &objs, &n, err);
    if (st == Z3_OK) st = z3_room_set_objects(tmp, l, objs, n, err);
    z3_free(objs);
  }
  return st;
}

static z3_status read_doors(const json_t *doors, z3_room *tmp, z3_error *err) {
  static const char *const dirs[4] = {"north", "south", "west", "east"};
  if (json_array_size(doors) > Z3_ROOM_MAX_DOORS) {
    return z3_error_set(err, Z3_E_INVALID, "$.doors has %zu doors; the limit is %d", json_array_size(doors), Z3_ROOM_MAX_DOORS);
  }
  tmp->door_count = 0;
  for (size_t i = 0; i < json_array_size(doors); i++) {
    char p[64];
    snprintf(p, sizeof p, "$.doors[%zu]", i);
    const json_t *o = json_array_get(doors, i);
    if (!json_is_object(o)) return z3_error_set(err, Z3_E_INVALID, "%s must be an object", p);
    unsigned pos = 0, type = 0, unused = 0, dir = 4;
    z3_status st = field(o, p, "position", 11, &pos, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "type", 0x66, &type, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "unused_bits", 3, &unused, false, 0, err);
    const char *d = json_string_value(json_object_get(o, "direction"));
    for (unsigned k = 0; d && k < 4; k++)
      if (strcmp(d, dirs[k]) == 0) dir = k;
    if (st == Z3_OK && dir == 4) st = z3_error_set(err, Z3_E_INVALID, "%s.direction must be north, south, west or east", p);
    if (st == Z3_OK && type & 1) st = z3_error_set(err, Z3_E_INVALID, "%s.type 0x%02X: door types are even", p, type);
    if (st) return st;
    tmp->doors[tmp->door_count++] = (z3_room_door){(uint8_t)(pos << 4 | unused << 2 | dir), (uint8_t)type};
  }
  return Z3_OK;
}

static z3_status read_sprites(const json_t *sprites, z3_room *tmp, z3_error *err) {
  static const char *const keys[3] = {"none", "small", "big"};
  size_t n = json_array_size(sprites), plain = 0, lords = 0;
  z3_room_sprite *list = z3_calloc(n + 1, sizeof *list);
  if (!list) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  for (size_t i = 0; i < n && st == Z3_OK; i++) {
    char p[64];
    snprintf(p, sizeof p, "$.sprites[%zu]", i);
    const json_t *o = json_array_get(sprites, i);
    unsigned id = 0, x = 0, y = 0, layer = 0, subtype = 0;
    bool overlord = false;
    if (!json_is_object(o)) st = z3_error_set(err, Z3_E_INVALID, "%s must be an object", p);
    if (st == Z3_OK) st = field(o, p, "id", 0xFF, &id, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "x", 31, &x, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "y", 31, &y, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "layer", 1, &layer, false, 0, err);
    if (st == Z3_OK) st = field(o, p, "subtype", 31, &subtype, false, 0, err);
    if (st == Z3_OK) st = boolean(o, p, "overlord", &overlord, err);
    if (overlord) subtype |= 7;
    z3_room_sprite probe = {.id = (uint8_t)id, .subtype = (uint8_t)subtype};
    if (st == Z3_OK && overlord != z3_room_sprite_is_overlord(&probe)) {
      st = overlord ? z3_error_set(err, Z3_E_INVALID, "%s: overlord id 0x%02X does not exist: overlords are 0x01-0x1A", p, id)
                    : z3_error_set(err, Z3_E_INVALID, "%s.subtype %u marks an overlord but overlord is false", p, subtype);
    }
    const json_t *kv = json_object_get(o, "key_drop");
    unsigned key = 3;
    for (unsigned k = 0; k < 3; k++)
      if (!kv || (json_is_string(kv) && strcmp(json_string_value(kv), keys[k]) == 0)) key = kv ? k : 0;
    if (st == Z3_OK && key == 3) st = z3_error_set(err, Z3_E_INVALID, "%s.key_drop must be none, small or big", p);
    list[i] = (z3_room_sprite){(uint8_t)id, (uint8_t)x, (uint8_t)y, (uint8_t)layer, (uint8_t)subtype, (uint8_t)(key % 3)};
    z3_error inner;
    z3_error_init(&inner);
    if (st == Z3_OK && z3_sprite_check(&list[i], &inner) != Z3_OK) st = z3_error_set(err, Z3_E_INVALID, "%s: %s", p, inner.message);
    overlord ? lords++ : plain++;
  }
  if (st == Z3_OK && (plain > Z3_ROOM_MAX_SPRITES || lords > Z3_ROOM_MAX_OVERLORDS)) {
    st = z3_error_set(err, Z3_E_INVALID, "$.sprites has %zu sprites and %zu overlords; the limits are %d and %d", plain,
                      lords, Z3_ROOM_MAX_SPRITES, Z3_ROOM_MAX_OVERLORDS);
  }
  if (st == Z3_OK) st = z3_room_set_sprites(tmp, list, n, err);
  z3_free(list);
  return st;
}

/* Chests: the room's records are reused in order, extra ones freed (0x7FFF), new ones take unused records. */
static z3_status apply_chests(z3_dungeon *d, int room, const json_t *chests, z3_error *err) {
  size_t n = json_array_size(chests), idx[Z3_CHEST_RECORDS];
  size_t have = z3_room_chests(d, room, idx), unused = 0;
  if (n > Z3_ROOM_MAX_CHESTS) {
    return z3_error_set(err, Z3_E_INVALID, "$.chests has %zu chests; the limit is %d per room", n, Z3_ROOM_MAX_CHESTS);
  }
  for (size_t i = 0; i < d->chest_count; i++) unused += d->chests[i].room == 0x7FFF;
  if (n > have && n - have > unused) {
    return z3_error_set(err, Z3_E_INVALID, "$.chests needs %zu new chest records; the table has %zu unused", n - have, unused);
  }
  z3_chest parsed[Z3_ROOM_MAX_CHESTS];
  for (size_t i = 0; i < n; i++) {
    char p[64];
    snprintf(p, sizeof p, "$.chests[%zu]", i);
    const json_t *o = json_array_get(chests, i);
    unsigned item = 0;
    bool big = false;
    if (!json_is_object(o)) return z3_error_set(err, Z3_E_INVALID, "%s must be an object", p);
    z3_status st = field(o, p, "item", 0x4B, &item, true, 0, err);
    if (st == Z3_OK) st = boolean(o, p, "big", &big, err);
    if (st) return st;
    parsed[i] = (z3_chest){(uint16_t)room, big, (uint8_t)item};
  }
  bool changed = n != have;
  for (size_t i = 0; i < n && i < have; i++) {
    const z3_chest *c = &d->chests[idx[i]];
    changed |= c->big != parsed[i].big || c->item != parsed[i].item;
  }
  if (!changed) return Z3_OK;
  for (size_t i = n; i < have; i++) d->chests[idx[i]] = (z3_chest){0x7FFF, false, 0};
  for (size_t i = 0, free_rec = 0; i < n; i++) {
    if (i < have) {
      d->chests[idx[i]] = parsed[i];
      continue;
    }
    while (d->chests[free_rec].room != 0x7FFF) free_rec++;
    d->chests[free_rec] = parsed[i];
  }
  d->dirty_chests = true;
  z3_dungeon__chest_note(d, "room 0x%03X chests set from JSON (%zu)", room, n);
  return Z3_OK;
}

static z3_status read_pots(const json_t *pots, z3_room *tmp, z3_error *err) {
  if (!json_is_array(pots)) return z3_error_set(err, Z3_E_INVALID, "$.pot_items must be an array");
  if (json_array_size(pots) > Z3_ROOM_MAX_POTS) {
    return z3_error_set(err, Z3_E_INVALID, "$.pot_items has %zu items; the limit is %d", json_array_size(pots), Z3_ROOM_MAX_POTS);
  }
  z3_pot_item list[Z3_ROOM_MAX_POTS];
  for (size_t i = 0; i < json_array_size(pots); i++) {
    char p[64];
    snprintf(p, sizeof p, "$.pot_items[%zu]", i);
    const json_t *o = json_array_get(pots, i);
    unsigned x = 0, y = 0, layer = 0, item = 0, extra = 0;
    z3_status st = json_is_object(o) ? Z3_OK : z3_error_set(err, Z3_E_INVALID, "%s must be an object", p);
    if (st == Z3_OK) st = field(o, p, "x", 63, &x, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "y", 63, &y, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "layer", 1, &layer, false, 0, err);
    if (st == Z3_OK) st = field(o, p, "item", 0xFF, &item, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "position_extra_bits", 0xFFFF, &extra, false, 0, err);
    if (st == Z3_OK && (extra & ~0xC001u)) st = z3_error_set(err, Z3_E_INVALID, "%s.position_extra_bits may only hold bits 0, 14, 15", p);
    list[i] = (z3_pot_item){(uint16_t)((y * 64 + x) * 2 | layer << 13 | extra), (uint8_t)item};
    z3_error inner;
    z3_error_init(&inner);
    if (st == Z3_OK && z3_pot_check(&list[i], &inner)) st = z3_error_set(err, Z3_E_INVALID, "%s: %s", p, inner.message);
    if (st) return st;
  }
  return z3_room_set_pots(tmp, list, json_array_size(pots), err);
}

/* Blocks or torches: positions in tile8 units, layer, (lit), extra bits. */
static z3_status read_positions(const json_t *list, const char *key, bool torch, uint16_t *out, size_t max,
                                size_t *n, z3_error *err) {
  if (!json_is_array(list)) return z3_error_set(err, Z3_E_INVALID, "$.%s must be an array", key);
  if (json_array_size(list) > max) return z3_error_set(err, Z3_E_INVALID, "$.%s has more than %zu entries", key, max);
  for (size_t i = 0; i < json_array_size(list); i++) {
    char p[64];
    snprintf(p, sizeof p, "$.%s[%zu]", key, i);
    const json_t *o = json_array_get(list, i);
    unsigned x = 0, y = 0, layer = 0, extra = 0;
    bool lit = false;
    z3_status st = json_is_object(o) ? Z3_OK : z3_error_set(err, Z3_E_INVALID, "%s must be an object", p);
    if (st == Z3_OK) st = field(o, p, "x", 63, &x, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "y", 63, &y, true, 0, err);
    if (st == Z3_OK) st = field(o, p, "layer", 1, &layer, false, 0, err);
    if (st == Z3_OK && torch) st = boolean(o, p, "lit", &lit, err);
    if (st == Z3_OK) st = field(o, p, "position_extra_bits", 0xFFFF, &extra, false, 0, err);
    unsigned allowed = torch ? 0x4001u : 0xC001u;
    if (st == Z3_OK && (extra & ~allowed)) st = z3_error_set(err, Z3_E_INVALID, "%s.position_extra_bits 0x%04X overlaps x, y or layer", p, extra);
    out[i] = (uint16_t)(x << 1 | y << 7 | layer << 13 | (lit ? 0x8000u : 0) | extra);
    if (st == Z3_OK && out[i] == 0xFFFF) st = z3_error_set(err, Z3_E_INVALID, "%s encodes as FFFF, the end marker", p);
    if (st) return st;
  }
  *n = json_array_size(list);
  return Z3_OK;
}

/* Blocks and torches live in shared tables: read and checked first, applied last. */
typedef struct shared_lists {
  uint16_t blocks[Z3_BLOCK_RECORDS_MAX], torches[Z3_ROOM_MAX_TORCHES];
  size_t block_count, torch_count;
  bool set_blocks, set_torches;
} shared_lists;

static z3_status read_shared(const z3_dungeon *d, int room, const json_t *doc, shared_lists *s, z3_error *err) {
  const json_t *blocks = json_object_get(doc, "blocks"), *torches = json_object_get(doc, "torches");
  z3_status st = Z3_OK;
  if (blocks) st = read_positions(blocks, "blocks", false, s->blocks, Z3_BLOCK_RECORDS_MAX, &s->block_count, err);
  if (st == Z3_OK && torches) st = read_positions(torches, "torches", true, s->torches, Z3_ROOM_MAX_TORCHES, &s->torch_count, err);
  if (st == Z3_OK && blocks) st = z3_room_check_blocks(d, room, s->block_count, err);
  if (st == Z3_OK && torches) st = z3_room_check_torches(d, room, s->torch_count, err);
  uint16_t cur[Z3_BLOCK_RECORDS_MAX];
  size_t n = z3_room_blocks(d, room, cur, Z3_BLOCK_RECORDS_MAX);
  const z3_torch_group *g = z3_room_torches(d, room);
  s->set_blocks = blocks && !(n == s->block_count && memcmp(cur, s->blocks, n * 2) == 0);
  s->set_torches = torches && !(g ? g->count == s->torch_count && memcmp(g->positions, s->torches, g->count * 2) == 0
                                  : s->torch_count == 0);
  return st;
}

static z3_status apply_shared(z3_dungeon *d, int room, const shared_lists *s, z3_error *err) {
  z3_status st = Z3_OK;
  if (s->set_blocks) st = z3_room_set_blocks(d, room, s->blocks, s->block_count, err);
  if (st == Z3_OK && s->set_torches) st = z3_room_set_torches(d, room, s->torches, s->torch_count, err);
  return st;
}

static void release_tmp(z3_room *tmp) {
  for (int l = 0; l < Z3_ROOM_LAYERS; l++) z3_free(tmp->objects[l]);
  z3_free(tmp->sprites);
  z3_free(tmp->pots);
}

/* Everything except the chests, into a scratch room; optional fields left
 * out keep the room's current values (`cur`). */
static z3_status read_room(const json_t *doc, const z3_room *cur, z3_room *tmp, z3_error *err) {
  const char *format = json_string_value(json_object_get(doc, "format"));
  if (!json_is_object(doc)) return z3_error_set(err, Z3_E_INVALID, "$ must be a JSON object (a room as 'dungeon export' writes it)");
  if (format && strcmp(format, Z3_ROOM_JSON_FORMAT) != 0) {
    return z3_error_set(err, Z3_E_INVALID, "$.format is '%s'; this reads '%s' documents", format, Z3_ROOM_JSON_FORMAT);
  }
  unsigned version = 0, f1 = 0, f2 = 0, layout = 0, extra = 0, sort = 0, message = 0;
  z3_status st = field(doc, "$", "version", 1000, &version, false, Z3_ROOM_JSON_VERSION, err);
  if (st == Z3_OK && version != Z3_ROOM_JSON_VERSION) {
    st = z3_error_set(err, Z3_E_INVALID, "$.version %u is not supported (this z3ed reads version %d)", version, Z3_ROOM_JSON_VERSION);
  }
  const json_t *header = NULL, *doors = NULL, *sprites = NULL;
  if (st == Z3_OK) st = object_at(doc, "header", "an object", &header, err);
  if (st == Z3_OK) st = read_header(header, cur->header, tmp->header, err);
  if (st == Z3_OK) st = field(doc, "$", "floor1", 15, &f1, true, 0, err);
  if (st == Z3_OK) st = field(doc, "$", "floor2", 15, &f2, true, 0, err);
  if (st == Z3_OK) st = field(doc, "$", "layout", 7, &layout, true, 0, err);
  if (st == Z3_OK) st = field(doc, "$", "layout_extra_bits", 0xFF, &extra, false, cur->layout_byte & 0xE3u, err);
  if (st == Z3_OK && (extra & 0x1C)) st = z3_error_set(err, Z3_E_INVALID, "$.layout_extra_bits 0x%02X overlaps the layout (bits 2-4)", extra);
  if (st == Z3_OK) st = read_objects(json_object_get(doc, "objects"), tmp, err);
  if (st == Z3_OK) st = object_at(doc, "doors", "an array", &doors, err);
  if (st == Z3_OK) st = read_doors(doors, tmp, err);
  if (st == Z3_OK) st = field(doc, "$", "sprite_sort", 0xFF, &sort, false, cur->sprite_sort, err);
  if (st == Z3_OK) st = object_at(doc, "sprites", "an array", &sprites, err);
  if (st == Z3_OK) st = read_sprites(sprites, tmp, err);
  if (st == Z3_OK) st = field(doc, "$", "message", 0xFFFF, &message, false, cur->message, err);
  const json_t *pots = json_object_get(doc, "pot_items");
  if (st == Z3_OK) st = pots ? read_pots(pots, tmp, err) : z3_room_set_pots(tmp, cur->pots, cur->pot_count, err);
  tmp->floor_byte = (uint8_t)(f2 << 4 | f1), tmp->layout_byte = (uint8_t)(layout << 2 | extra);
  tmp->sprite_sort = (uint8_t)sort, tmp->message = (uint16_t)message;
  return st;
}

z3_status z3_room_import_json(z3_dungeon *d, int room, const json_t *doc, z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st) return st;
  z3_room tmp;
  memset(&tmp, 0, sizeof tmp);
  tmp.id = room;
  const json_t *chests = json_object_get(doc, "chests");
  st = read_room(doc, &d->rooms[room], &tmp, err);
  if (st == Z3_OK && chests && !json_is_array(chests)) st = z3_error_set(err, Z3_E_INVALID, "$.chests must be an array");
  shared_lists shared;
  memset(&shared, 0, sizeof shared);
  if (st == Z3_OK) st = read_shared(d, room, doc, &shared, err);
  if (st == Z3_OK && chests) st = apply_chests(d, room, chests, err);
  if (st == Z3_OK) st = apply_shared(d, room, &shared, err);
  z3_room *r = &d->rooms[room];
  for (int l = 0; l < Z3_ROOM_LAYERS && st == Z3_OK; l++) st = z3_room_set_objects(r, l, tmp.objects[l], tmp.object_count[l], err);
  if (st == Z3_OK) st = z3_room_set_sprites(r, tmp.sprites, tmp.sprite_count, err);
  if (st == Z3_OK) st = z3_room_set_pots(r, tmp.pots, tmp.pot_count, err);
  if (st == Z3_OK) {
    memcpy(r->header, tmp.header, Z3_ROOM_HEADER_SIZE);
    r->floor_byte = tmp.floor_byte, r->layout_byte = tmp.layout_byte;
    memcpy(r->doors, tmp.doors, sizeof r->doors);
    r->door_count = tmp.door_count;
    r->sprite_sort = tmp.sprite_sort, r->message = tmp.message;
    r->dirty_header = r->dirty_objects = r->dirty_sprites = r->dirty_message = r->dirty_pots = true;
    z3_room_note(r, "imported from JSON");
  }
  release_tmp(&tmp);
  return st;
}

/* ---- layouts and overlays ---- */

z3_status z3_list_import_json(z3_object_list *l, const json_t *doc, z3_error *err) {
  const char *format = json_string_value(json_object_get(doc, "format"));
  if (!json_is_object(doc)) return z3_error_set(err, Z3_E_INVALID, "$ must be a JSON object (a list as 'dungeon export' writes it)");
  if (format && strcmp(format, Z3_LIST_JSON_FORMAT) != 0) {
    return z3_error_set(err, Z3_E_INVALID, "$.format is '%s'; this reads '%s' documents", format, Z3_LIST_JSON_FORMAT);
  }
  unsigned version = 0;
  z3_status st = field(doc, "$", "version", 1000, &version, false, Z3_ROOM_JSON_VERSION, err);
  if (st == Z3_OK && version != Z3_ROOM_JSON_VERSION) {
    st = z3_error_set(err, Z3_E_INVALID, "$.version %u is not supported (this z3ed reads version %d)", version, Z3_ROOM_JSON_VERSION);
  }
  z3_room_object *objs = NULL;
  size_t n = 0;
  if (st == Z3_OK) st = read_object_array(json_object_get(doc, "objects"), "$.objects", &objs, &n, err);
  if (st == Z3_OK && n > Z3_ROOM_MAX_OBJECTS) {
    st = z3_error_set(err, Z3_E_INVALID, "$.objects holds %zu objects; the limit is %d", n, Z3_ROOM_MAX_OBJECTS);
  }
  if (st == Z3_OK) {
    z3_free(l->objects);
    l->objects = objs, l->count = l->cap = n, objs = NULL;
    l->dirty = true;
    z3_list_note(l, "imported from JSON (%zu objects)", n);
  }
  z3_free(objs);
  return st;
}
