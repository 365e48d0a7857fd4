/* Room export to JSON (see dungeon_json.h). */
#include <stdio.h>
#include <string.h>

#include "zelda3/dungeon_json.h"
#include "zelda3/sprite.h"

json_t *z3_json_hex(unsigned value, int digits) {
  char text[16];
  snprintf(text, sizeof text, "0x%0*X", digits, value);
  return json_string(text);
}

static json_t *named(json_t *o, const char *key, const char *name) {
  json_object_set_new(o, key, name ? json_string(name) : json_null());
  return o;
}

json_t *z3_room_header_json(const uint8_t raw[Z3_ROOM_HEADER_SIZE]) {
  z3_room_header h;
  z3_room_header_decode(raw, &h);
  json_t *o = json_object();
  json_object_set_new(o, "bg2", json_integer(h.bg2));
  named(o, "bg2_name", z3_bg2_mode_name(h.bg2));
  json_object_set_new(o, "collision", json_integer(h.collision));
  named(o, "collision_name", z3_collision_name(h.collision));
  json_object_set_new(o, "lights_out", json_boolean(h.lights_out));
  json_object_set_new(o, "palette", z3_json_hex(h.palette, 2));
  json_object_set_new(o, "blockset", z3_json_hex(h.blockset, 2));
  json_object_set_new(o, "spriteset", z3_json_hex(h.spriteset, 2));
  json_object_set_new(o, "effect", json_integer(h.effect));
  named(o, "effect_name", z3_effect_name(h.effect));
  json_object_set_new(o, "tag1", z3_json_hex(h.tag1, 2));
  named(o, "tag1_name", z3_room_tag_name(h.tag1));
  json_object_set_new(o, "tag2", z3_json_hex(h.tag2, 2));
  named(o, "tag2_name", z3_room_tag_name(h.tag2));
  json_t *hole = json_object();
  json_object_set_new(hole, "room", z3_json_hex(h.hole_room, 2));
  json_object_set_new(hole, "layer", json_integer(h.hole_layer));
  json_object_set_new(o, "hole", hole);
  json_t *stairs = json_array();
  for (int i = 0; i < 4; i++) {
    json_t *s = json_object();
    json_object_set_new(s, "room", z3_json_hex(h.stair_room[i], 2));
    json_object_set_new(s, "layer", json_integer(h.stair_layer[i]));
    json_array_append_new(stairs, s);
  }
  json_object_set_new(o, "stairs", stairs);
  json_object_set_new(o, "unused_bits", json_integer(h.unused_bit | h.byte8_high << 1));
  return o;
}

json_t *z3_room_object_json(const z3_room_object *o, int layer, size_t index) {
  json_t *j = json_object();
  if (layer >= 0) json_object_set_new(j, "layer", json_integer(layer));
  json_object_set_new(j, "index", json_integer((json_int_t)index));
  json_object_set_new(j, "id", z3_json_hex(o->id, 3));
  named(j, "name", z3_object_name(o->id));
  json_object_set_new(j, "subtype", json_integer(z3_object_subtype_of(o->id)));
  json_object_set_new(j, "x", json_integer(o->x));
  json_object_set_new(j, "y", json_integer(o->y));
  json_object_set_new(j, "size", json_integer(o->size));
  return j;
}

json_t *z3_room_door_json(const z3_room_door *door, size_t index) {
  json_t *j = json_object();
  json_object_set_new(j, "index", json_integer((json_int_t)index));
  json_object_set_new(j, "position", json_integer(door->b0 >> 4));
  json_object_set_new(j, "direction", json_string(z3_door_direction_name(door->b0 & 3)));
  json_object_set_new(j, "type", z3_json_hex(door->b1, 2));
  named(j, "name", z3_door_type_name(door->b1));
  if (door->b0 & 0x0C) json_object_set_new(j, "unused_bits", json_integer((door->b0 >> 2) & 3));
  return j;
}

static const char *const key_names[3] = {"none", "small", "big"};

json_t *z3_room_sprite_json(const z3_room_sprite *s, size_t index) {
  json_t *j = json_object();
  bool overlord = z3_room_sprite_is_overlord(s);
  json_object_set_new(j, "index", json_integer((json_int_t)index));
  json_object_set_new(j, "id", z3_json_hex(s->id, 2));
  json_object_set_new(j, "overlord", json_boolean(overlord));
  named(j, "name", overlord ? z3_overlord_name(s->id) : z3_sprite_name(s->id));
  json_object_set_new(j, "x", json_integer(s->x));
  json_object_set_new(j, "y", json_integer(s->y));
  json_object_set_new(j, "layer", json_integer(s->layer));
  json_object_set_new(j, "subtype", json_integer(s->subtype));
  json_object_set_new(j, "key_drop", json_string(key_names[s->key_drop % 3]));
  return j;
}

json_t *z3_chest_json(const z3_chest *c, size_t index) {
  json_t *j = json_object();
  json_object_set_new(j, "index", json_integer((json_int_t)index));
  json_object_set_new(j, "item", z3_json_hex(c->item, 2));
  named(j, "name", z3_chest_item_name(c->item));
  json_object_set_new(j, "big", json_boolean(c->big));
  return j;
}

json_t *z3_pot_json(const z3_pot_item *p, size_t index) {
  json_t *j = json_object();
  unsigned cell = (p->position & 0x1FFF) / 2, extra = p->position & 0xC001u;
  json_object_set_new(j, "index", json_integer((json_int_t)index));
  json_object_set_new(j, "x", json_integer(cell % 64));
  json_object_set_new(j, "y", json_integer(cell / 64));
  json_object_set_new(j, "layer", json_integer(p->position >> 13 & 1));
  json_object_set_new(j, "item", z3_json_hex(p->item, 2));
  if (extra) json_object_set_new(j, "position_extra_bits", z3_json_hex(extra, 4));
  return j;
}

/* Blocks and torches: x, y, layer (and lit); bits outside those kept as extra. */
json_t *z3_block_json(uint16_t position, bool torch) {
  json_t *j = json_object();
  unsigned extra = position & (torch ? 0x4001u : 0xC001u);
  json_object_set_new(j, "x", json_integer((position >> 1) & 63));
  json_object_set_new(j, "y", json_integer((position >> 7) & 63));
  json_object_set_new(j, "layer", json_integer(position >> 13 & 1));
  if (torch) json_object_set_new(j, "lit", json_boolean(position & 0x8000));
  if (extra) json_object_set_new(j, "position_extra_bits", z3_json_hex(extra, 4));
  return j;
}

json_t *z3_room_export_json(const z3_dungeon *d, int id) {
  const z3_room *r = &d->rooms[id];
  json_t *o = json_object();
  json_object_set_new(o, "format", json_string(Z3_ROOM_JSON_FORMAT));
  json_object_set_new(o, "version", json_integer(Z3_ROOM_JSON_VERSION));
  json_object_set_new(o, "room", z3_json_hex((unsigned)id, 3));
  json_object_set_new(o, "header", z3_room_header_json(r->header));
  json_object_set_new(o, "floor1", json_integer(r->floor_byte & 15));
  json_object_set_new(o, "floor2", json_integer(r->floor_byte >> 4));
  json_object_set_new(o, "layout", json_integer(r->layout_byte >> 2));
  json_object_set_new(o, "layout_extra_bits", json_integer(r->layout_byte & 0xE3));
  json_t *layers = json_array();
  for (int l = 0; l < Z3_ROOM_LAYERS; l++) {
    json_t *list = json_array();
    for (size_t i = 0; i < r->object_count[l]; i++) json_array_append_new(list, z3_room_object_json(&r->objects[l][i], -1, i));
    json_array_append_new(layers, list);
  }
  json_object_set_new(o, "objects", layers);
  json_t *doors = json_array();
  for (size_t i = 0; i < r->door_count; i++) json_array_append_new(doors, z3_room_door_json(&r->doors[i], i));
  json_object_set_new(o, "doors", doors);
  json_object_set_new(o, "sprite_sort", json_integer(r->sprite_sort));
  json_t *sprites = json_array();
  for (size_t i = 0; i < r->sprite_count; i++) json_array_append_new(sprites, z3_room_sprite_json(&r->sprites[i], i));
  json_object_set_new(o, "sprites", sprites);
  json_t *chests = json_array();
  size_t idx[Z3_CHEST_RECORDS];
  size_t n = z3_room_chests(d, id, idx);
  for (size_t i = 0; i < n; i++) json_array_append_new(chests, z3_chest_json(&d->chests[idx[i]], i));
  json_object_set_new(o, "chests", chests);
  json_object_set_new(o, "message", z3_json_hex(r->message, 4));
  json_t *pots = json_array();
  for (size_t i = 0; i < r->pot_count; i++) json_array_append_new(pots, z3_pot_json(&r->pots[i], i));
  json_object_set_new(o, "pot_items", pots);
  uint16_t pos[Z3_BLOCK_RECORDS_MAX];
  size_t nb = z3_room_blocks(d, id, pos, Z3_BLOCK_RECORDS_MAX);
  json_t *blocks = json_array(), *torches = json_array();
  for (size_t i = 0; i < nb; i++) json_array_append_new(blocks, z3_block_json(pos[i], false));
  const z3_torch_group *g = z3_room_torches(d, id);
  for (size_t i = 0; g && i < g->count; i++) json_array_append_new(torches, z3_block_json(g->positions[i], true));
  json_object_set_new(o, "blocks", blocks);
  json_object_set_new(o, "torches", torches);
  return o;
}

json_t *z3_list_export_json(const z3_object_list *l) {
  json_t *doc = json_object();
  json_object_set_new(doc, "format", json_string(Z3_LIST_JSON_FORMAT));
  json_object_set_new(doc, "version", json_integer(Z3_ROOM_JSON_VERSION));
  json_object_set_new(doc, "kind", json_string(z3_list_kind_name(l->kind)));
  json_object_set_new(doc, "index", json_integer(l->index));
  json_t *objs = json_array();
  for (size_t i = 0; i < l->count; i++) {
    json_t *o = z3_room_object_json(&l->objects[i], -1, i);
    json_object_del(o, "index");
    json_array_append_new(objs, o);
  }
  json_object_set_new(doc, "objects", objs);
  return doc;
}
