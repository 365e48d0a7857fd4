/* dungeon add-object / move-object / resize-object / remove-object / add-sprite / remove-sprite /
 * set-chest / copy-room: edit the model, then save what changed into ctx->rom
 * (the dispatcher does --dry-run, the atomic save and the change report). */
#include <stdio.h>

#include "cmd/handlers_dungeon.h"
#include "zelda3/dungeon_json.h"

static int layer_arg(const z3_cmd_ctx *ctx) { return (int)z3_arg_int(ctx, "layer"); }

/* Values the parser accepts widely so the model can say what is wrong in its terms. */
static z3_status small_arg(const z3_cmd_ctx *ctx, const char *name, int64_t max, uint8_t *out, z3_error *err) {
  int64_t v = z3_arg_int(ctx, name);
  if (v < 0 || v > max) return z3_error_set(err, Z3_E_INVALID, "--%s %lld is out of range 0-%lld", name, (long long)v, (long long)max);
  *out = (uint8_t)v;
  return Z3_OK;
}

z3_status cmd_dungeon_add_object(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_object_list *l;
  z3_status st = z3_cmd__objects_open(ctx, &d, &room, &l, err);
  if (st) return st;
  int64_t id = z3_arg_int(ctx, "id"), x = z3_arg_int(ctx, "x"), y = z3_arg_int(ctx, "y"), size = z3_arg_int(ctx, "size");
  z3_room_object o = {.id = (uint16_t)id, .x = (uint8_t)x, .y = (uint8_t)y, .size = (uint8_t)size};
  char where[16];
  if (l) snprintf(where, sizeof where, "%s %d", z3_list_kind_name(l->kind), l->index);
  else snprintf(where, sizeof where, "room 0x%03X", (unsigned)room);
  if (x > 63 || y > 63) {
    st = z3_error_set(err, Z3_E_INVALID, "(%lld,%lld) is outside %s: x and y are 0-63 (tile8 units)", (long long)x,
                      (long long)y, where);
  }
  if (st == Z3_OK && size > 15) st = z3_error_set(err, Z3_E_INVALID, "--size %lld: sizes are 0-15", (long long)size);
  size_t index = 0;
  if (st == Z3_OK) st = l ? z3_list_add_object(l, &o, &index, err) : z3_room_add_object(d, room, layer_arg(ctx), &o, &index, err);
  if (st == Z3_OK) json_object_set_new(ctx->result, "index", json_integer((json_int_t)index));
  return l ? z3_cmd__list_commit(ctx, d, l, st, err) : z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_move_object(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_object_list *l;
  z3_status st = z3_cmd__objects_open(ctx, &d, &room, &l, err);
  if (st) return st;
  size_t index = (size_t)z3_arg_int(ctx, "index");
  int x = (int)z3_arg_int(ctx, "x"), y = (int)z3_arg_int(ctx, "y");
  if (l) return z3_cmd__list_commit(ctx, d, l, z3_list_move_object(l, index, x, y, err), err);
  st = z3_room_move_object(d, room, layer_arg(ctx), index, x, y, err);
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_resize_object(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  st = z3_room_resize_object(d, room, layer_arg(ctx), (size_t)z3_arg_int(ctx, "index"), (int)z3_arg_int(ctx, "size"), err);
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_remove_object(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_object_list *l;
  z3_status st = z3_cmd__objects_open(ctx, &d, &room, &l, err);
  if (st) return st;
  size_t index = (size_t)z3_arg_int(ctx, "index");
  if (l) {
    if (index < l->count) {
      json_object_set_new(ctx->result, "removed", z3_room_object_json(&l->objects[index], -1, index));
    }
    return z3_cmd__list_commit(ctx, d, l, z3_list_remove_object(l, index, err), err);
  }
  int layer = layer_arg(ctx);
  if (layer >= 0 && layer < Z3_ROOM_LAYERS && index < d->rooms[room].object_count[layer]) {
    json_object_set_new(ctx->result, "removed", z3_room_object_json(&d->rooms[room].objects[layer][index], layer, index));
  }
  st = z3_room_remove_object(d, room, layer, index, err);
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_add_sprite(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  z3_room_sprite s = {.id = (uint8_t)z3_arg_int(ctx, "id")};
  if (st == Z3_OK) st = small_arg(ctx, "x", 31, &s.x, err);
  if (st == Z3_OK) st = small_arg(ctx, "y", 31, &s.y, err);
  if (st == Z3_OK) st = small_arg(ctx, "layer", 1, &s.layer, err);
  if (st == Z3_OK) st = small_arg(ctx, "subtype", 31, &s.subtype, err);
  bool overlord = z3_arg_bool(ctx, "overlord");
  if (st == Z3_OK && !overlord && z3_room_sprite_is_overlord(&s)) {
    st = z3_error_set(err, Z3_E_INVALID, "--subtype %u marks an overlord (bits 0-2 set); pass --overlord for one", s.subtype);
  }
  if (overlord) s.subtype |= 7;
  if (st == Z3_OK && overlord && !z3_room_sprite_is_overlord(&s)) {
    st = z3_error_set(err, Z3_E_INVALID, "overlord id 0x%02X does not exist: overlords are 0x01-0x1A", s.id);
  }
  s.key_drop = (uint8_t)z3_arg_choice(ctx, "key");
  if (st == Z3_OK && overlord && s.key_drop) st = z3_error_set(err, Z3_E_INVALID, "overlords cannot drop keys");
  size_t index = 0;
  if (st == Z3_OK) st = z3_room_add_sprite(d, room, &s, &index, err);
  if (st == Z3_OK) json_object_set_new(ctx->result, "index", json_integer((json_int_t)index));
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_remove_sprite(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  size_t index = (size_t)z3_arg_int(ctx, "index");
  if (index < d->rooms[room].sprite_count) {
    json_object_set_new(ctx->result, "removed", z3_room_sprite_json(&d->rooms[room].sprites[index], index));
  }
  st = z3_room_remove_sprite(d, room, index, err);
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_set_chest(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  size_t n = (size_t)z3_arg_int(ctx, "index"), idx[Z3_CHEST_RECORDS];
  size_t count = z3_room_chests(d, room, idx);
  json_object_set_new(ctx->result, "old_item", n < count ? z3_json_hex(d->chests[idx[n]].item, 2) : json_null());
  int64_t item = z3_arg_int(ctx, "item");
  if (item > 0x4B) {
    st = z3_error_set(err, Z3_E_INVALID, "chest item 0x%02llX does not exist: items are 0x00-0x4B", (unsigned long long)item);
  }
  if (st == Z3_OK) st = z3_room_set_chest(d, room, n, (uint8_t)item, z3_arg_bool(ctx, "big"), err);
  return z3_cmd__dungeon_commit(ctx, d, -1, st, err);
}

z3_status cmd_dungeon_copy_room(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int unused;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &unused, err);
  if (st) return st;
  int64_t from = z3_arg_int(ctx, "from"), to = z3_arg_int(ctx, "to");
  st = z3_room_check_id(from, err);
  if (st == Z3_OK) st = z3_room_check_id(to, err);
  if (st == Z3_OK) st = z3_room_copy(d, (int)from, (int)to, err);
  return z3_cmd__dungeon_commit(ctx, d, st == Z3_OK ? (int)to : -1, st, err);
}

z3_status cmd_dungeon_set_header(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  const char *field = z3_arg_str(ctx, "field");
  unsigned old = 0;
  st = z3_room_get_field(d, room, field, &old, err);
  if (st == Z3_OK) st = z3_room_set_field(d, room, field, z3_arg_int(ctx, "value"), err);
  if (st == Z3_OK) json_object_set_new(ctx->result, "old_value", json_integer(old));
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}
