/* dungeon list-rooms / describe / list-objects / list-sprites / list-chests. */
#include <string.h>

#include "cmd/handlers_dungeon.h"
#include "zelda3/dungeon_json.h"

static const z3_arg_spec *has_arg(const z3_cmd_ctx *ctx, const char *name) { return z3_command_arg(ctx->cmd, name); }

z3_status z3_cmd__dungeon_open(z3_cmd_ctx *ctx, z3_dungeon **d, int *room, z3_error *err) {
  *room = -1;
  if (has_arg(ctx, "room") && z3_arg_given(ctx, "room")) {
    int64_t id = z3_arg_int(ctx, "room");
    z3_status st = z3_room_check_id(id, err);
    if (st) return st;
    *room = (int)id;
  }
  return z3_dungeon_load(ctx->rom, d, err);
}

z3_status z3_cmd__dungeon_commit(z3_cmd_ctx *ctx, z3_dungeon *d, int room, z3_status st, z3_error *err) {
  if (st == Z3_OK && room >= 0 && d->rooms[room].notes) {
    char *text = z3_strfmt("room 0x%03X %s", room, d->rooms[room].notes);
    json_object_set_new(ctx->result, "description", json_string(text ? text : ""));
    z3_free(text);
  } else if (st == Z3_OK && d->chest_notes) {
    json_object_set_new(ctx->result, "description", json_string(d->chest_notes));
  }
  if (st == Z3_OK) st = z3_dungeon_save(d, ctx->rom, err);
  z3_dungeon_free(d);
  return st;
}

static json_t *room_summary(const z3_dungeon *d, int id) {
  const z3_room *r = &d->rooms[id];
  z3_room_header h;
  z3_room_header_decode(r->header, &h);
  size_t idx[Z3_CHEST_RECORDS];
  json_t *o = json_object();
  json_object_set_new(o, "room", z3_json_hex((unsigned)id, 3));
  json_object_set_new(o, "objects", json_integer((json_int_t)z3_room_object_total(r)));
  json_object_set_new(o, "doors", json_integer((json_int_t)r->door_count));
  json_object_set_new(o, "sprites", json_integer((json_int_t)r->sprite_count));
  json_object_set_new(o, "chests", json_integer((json_int_t)z3_room_chests(d, id, idx)));
  json_object_set_new(o, "blockset", z3_json_hex(h.blockset, 2));
  json_object_set_new(o, "palette", z3_json_hex(h.palette, 2));
  json_object_set_new(o, "spriteset", z3_json_hex(h.spriteset, 2));
  json_object_set_new(o, "tag1", z3_json_hex(h.tag1, 2));
  json_object_set_new(o, "tag2", z3_json_hex(h.tag2, 2));
  json_object_set_new(o, "message", z3_json_hex(r->message, 4));
  return o;
}

static bool room_empty(const z3_dungeon *d, int id) {
  size_t idx[Z3_CHEST_RECORDS];
  const z3_room *r = &d->rooms[id];
  return z3_room_object_total(r) == 0 && r->door_count == 0 && r->sprite_count == 0 && z3_room_chests(d, id, idx) == 0;
}

z3_status cmd_dungeon_list_rooms(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  bool non_empty = z3_arg_bool(ctx, "non-empty");
  json_t *list = json_array();
  for (int i = 0; i < Z3_ROOM_COUNT; i++)
    if (!non_empty || !room_empty(d, i)) json_array_append_new(list, room_summary(d, i));
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(list)));
  json_object_set_new(ctx->result, "rooms", list);
  z3_dungeon_free(d);
  return Z3_OK;
}

static json_t *address_json(const z3_rom *rom, size_t pc) {
  uint32_t addr;
  char text[10];
  if (z3_rom_to_snes(rom, pc, &addr, NULL) != Z3_OK) return json_null();
  z3_snes_format_address(addr, text);
  return json_string(text);
}

static json_t *objects_json(const z3_room *r, int only_layer) {
  json_t *list = json_array();
  for (int l = 0; l < Z3_ROOM_LAYERS; l++) {
    if (only_layer >= 0 && l != only_layer) continue;
    for (size_t i = 0; i < r->object_count[l]; i++) json_array_append_new(list, z3_room_object_json(&r->objects[l][i], l, i));
  }
  return list;
}

static json_t *doors_json(const z3_room *r) {
  json_t *list = json_array();
  for (size_t i = 0; i < r->door_count; i++) json_array_append_new(list, z3_room_door_json(&r->doors[i], i));
  return list;
}

static json_t *sprites_json(const z3_room *r) {
  json_t *list = json_array();
  for (size_t i = 0; i < r->sprite_count; i++) json_array_append_new(list, z3_room_sprite_json(&r->sprites[i], i));
  return list;
}

static json_t *room_chests_json(const z3_dungeon *d, int room) {
  size_t idx[Z3_CHEST_RECORDS];
  size_t n = z3_room_chests(d, room, idx);
  json_t *list = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *c = z3_chest_json(&d->chests[idx[i]], i);
    json_object_set_new(c, "room", z3_json_hex((unsigned)room, 3));
    json_object_set_new(c, "record", json_integer((json_int_t)idx[i]));
    json_array_append_new(list, c);
  }
  return list;
}

z3_status cmd_dungeon_describe(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int id;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &id, err);
  if (st) return st;
  const z3_room *r = &d->rooms[id];
  json_t *o = ctx->result;
  json_object_set_new(o, "room", z3_json_hex((unsigned)id, 3));
  json_object_set_new(o, "header", z3_room_header_json(r->header));
  json_object_set_new(o, "floor1", json_integer(r->floor_byte & 15));
  json_object_set_new(o, "floor2", json_integer(r->floor_byte >> 4));
  json_object_set_new(o, "layout", json_integer(r->layout_byte >> 2));
  json_t *counts = json_array();
  for (int l = 0; l < Z3_ROOM_LAYERS; l++) json_array_append_new(counts, json_integer((json_int_t)r->object_count[l]));
  json_object_set_new(o, "object_counts", counts);
  json_object_set_new(o, "objects", objects_json(r, -1));
  json_object_set_new(o, "doors", doors_json(r));
  json_object_set_new(o, "sprite_sort", json_integer(r->sprite_sort));
  json_object_set_new(o, "sprites", sprites_json(r));
  json_object_set_new(o, "chests", room_chests_json(d, id));
  json_object_set_new(o, "message", z3_json_hex(r->message, 4));
  z3_room_specials_json(ctx->rom, id, o);
  json_t *stored = json_object();
  json_object_set_new(stored, "header", address_json(ctx->rom, r->header_pc));
  json_object_set_new(stored, "objects", address_json(ctx->rom, r->object_pc));
  json_object_set_new(stored, "object_bytes", json_integer((json_int_t)r->object_len));
  json_object_set_new(stored, "sprites", address_json(ctx->rom, r->sprite_pc));
  json_object_set_new(stored, "sprite_bytes", json_integer((json_int_t)r->sprite_len));
  json_object_set_new(o, "stored", stored);
  z3_dungeon_free(d);
  return Z3_OK;
}

z3_status cmd_dungeon_list_objects(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int id;
  z3_object_list *l;
  z3_status st = z3_cmd__objects_open(ctx, &d, &id, &l, err);
  if (st) return st;
  if (l) {
    json_object_set_new(ctx->result, "count", json_integer((json_int_t)l->count));
    json_object_set_new(ctx->result, "objects", z3_cmd__list_objects_json(l));
    z3_cmd__list_result(ctx, d, l);
    z3_dungeon_free(d);
    return Z3_OK;
  }
  int layer = z3_arg_given(ctx, "layer") ? (int)z3_arg_int(ctx, "layer") : -1;
  if (layer >= Z3_ROOM_LAYERS) {
    z3_dungeon_free(d);
    return z3_error_set(err, Z3_E_USAGE, "--layer %d: rooms have object lists 0-2", layer);
  }
  json_t *objects = objects_json(&d->rooms[id], layer);
  json_object_set_new(ctx->result, "room", z3_json_hex((unsigned)id, 3));
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(objects)));
  json_object_set_new(ctx->result, "objects", objects);
  json_object_set_new(ctx->result, "doors", doors_json(&d->rooms[id]));
  z3_dungeon_free(d);
  return Z3_OK;
}

z3_status cmd_dungeon_list_sprites(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int id;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &id, err);
  if (st) return st;
  json_object_set_new(ctx->result, "room", z3_json_hex((unsigned)id, 3));
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)d->rooms[id].sprite_count));
  json_object_set_new(ctx->result, "sort", json_integer(d->rooms[id].sprite_sort));
  json_object_set_new(ctx->result, "sprites", sprites_json(&d->rooms[id]));
  z3_dungeon_free(d);
  return Z3_OK;
}

z3_status cmd_dungeon_list_chests(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int id;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &id, err);
  if (st) return st;
  json_t *list = json_array();
  size_t used = 0;
  for (size_t i = 0; i < d->chest_count; i++) used += d->chests[i].room != 0x7FFF;
  for (int r = 0; r < Z3_ROOM_COUNT; r++) {
    if (id >= 0 && r != id) continue;
    json_t *part = room_chests_json(d, r);
    json_array_extend(list, part);
    json_decref(part);
  }
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(list)));
  json_object_set_new(ctx->result, "used", json_integer((json_int_t)used));
  json_object_set_new(ctx->result, "capacity", json_integer((json_int_t)d->chest_count));
  json_object_set_new(ctx->result, "chests", list);
  z3_dungeon_free(d);
  return Z3_OK;
}
