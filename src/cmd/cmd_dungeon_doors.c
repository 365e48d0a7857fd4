/* dungeon add-door / move-door / remove-door / move-sprite. */
#include "cmd/handlers_dungeon.h"

/* Where the other side stands after the edit, for the result. */
static json_t *pair_json(const z3_door_pair *p) {
  json_t *o = json_object();
  json_object_set_new(o, "room", p->room >= 0 ? z3_json_hex((unsigned)p->room, 3) : json_null());
  json_object_set_new(o, "index", p->room >= 0 && p->index >= 0 ? json_integer(p->index) : json_null());
  const char *state = p->room < 0 ? "no room beyond this wall" : p->index >= 0 ? "paired" : "missing: no door leads back";
  json_object_set_new(o, "state", json_string(state));
  return o;
}

z3_status cmd_dungeon_add_door(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  size_t index = 0;
  z3_door_pair pair;
  int64_t type = z3_arg_int(ctx, "type");
  if (type > 0xFF) st = z3_error_set(err, Z3_E_INVALID, "door type 0x%llX does not exist: types are even, 0x00-0x66", (unsigned long long)type);
  if (st == Z3_OK) {
    st = z3_room_add_door(d, room, (unsigned)z3_arg_choice(ctx, "direction"), (unsigned)z3_arg_int(ctx, "position"), (uint8_t)type,
                          z3_arg_bool(ctx, "pair"), &index, &pair, err);
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "index", json_integer((json_int_t)index));
    json_object_set_new(ctx->result, "other_side", pair_json(&pair));
  }
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_move_door(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  z3_door_pair pair;
  st = z3_room_move_door(d, room, (size_t)z3_arg_int(ctx, "index"), (unsigned)z3_arg_int(ctx, "position"),
                         z3_arg_bool(ctx, "pair"), &pair, err);
  if (st == Z3_OK) json_object_set_new(ctx->result, "other_side", pair_json(&pair));
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_remove_door(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  size_t index = (size_t)z3_arg_int(ctx, "index");
  if (index < d->rooms[room].door_count) {
    json_object_set_new(ctx->result, "removed", z3_room_door_json(&d->rooms[room].doors[index], index));
  }
  z3_door_pair pair;
  bool both = z3_arg_bool(ctx, "pair");
  st = z3_room_remove_door(d, room, index, both, &pair, err);
  if (st == Z3_OK) {
    json_t *o = pair_json(&pair);
    if (both && pair.index >= 0) json_object_set_new(o, "state", json_string("removed too"));
    json_object_set_new(ctx->result, "other_side", o);
  }
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_move_sprite(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  int layer = z3_arg_given(ctx, "layer") ? (int)z3_arg_int(ctx, "layer") : -1;
  st = z3_room_move_sprite(d, room, (size_t)z3_arg_int(ctx, "index"), (int)z3_arg_int(ctx, "x"), (int)z3_arg_int(ctx, "y"),
                           layer, err);
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}
