/* dungeon collision / set-collision: ZScream's custom collision lists (zelda3/collision.h). */
#include "cmd/handlers_dungeon.h"
#include "zelda3/collision.h"

static z3_status open_room(z3_cmd_ctx *ctx, z3_collision **c, int *room, z3_error *err) {
  int64_t id = z3_arg_int(ctx, "room");
  z3_status st = z3_room_check_id(id, err);
  if (st) return st;
  *room = (int)id;
  return z3_collision_load(ctx->rom, c, err);
}

static json_t *tiles_json(const z3_collision_room *r) {
  json_t *list = json_array();
  for (int i = 0; i < Z3_COLLISION_TILES; i++)
    if (r->tiles[i] != Z3_COLLISION_NONE)
      json_array_append_new(list, json_pack("{s:i,s:i,s:o}", "x", i % Z3_COLLISION_SIDE, "y", i / Z3_COLLISION_SIDE,
                                            "value", z3_json_hex((unsigned)r->tiles[i], 2)));
  return list;
}

z3_status cmd_dungeon_collision(z3_cmd_ctx *ctx, z3_error *err) {
  z3_collision *c;
  int room;
  z3_status st = open_room(ctx, &c, &room, err);
  if (st) return st;
  const z3_collision_room *r = &c->rooms[room];
  json_t *tiles = tiles_json(r);
  json_object_set_new(ctx->result, "room", z3_json_hex((unsigned)room, 3));
  json_object_set_new(ctx->result, "installed", json_boolean(c->installed));
  json_object_set_new(ctx->result, "pointer", r->pointer ? z3_json_hex(r->pointer, 6) : json_null());
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(tiles)));
  json_object_set_new(ctx->result, "tiles", tiles);
  z3_collision_free(c);
  return Z3_OK;
}

z3_status cmd_dungeon_set_collision(z3_cmd_ctx *ctx, z3_error *err) {
  z3_collision *c;
  int room;
  z3_status st = open_room(ctx, &c, &room, err);
  if (st) return st;
  bool clear = z3_arg_bool(ctx, "clear");
  if (clear == z3_arg_given(ctx, "value")) {
    z3_collision_free(c);
    return z3_error_set(err, Z3_E_INVALID, "give either --value 0x00-0xFF or --clear");
  }
  int x = (int)z3_arg_int(ctx, "x"), y = (int)z3_arg_int(ctx, "y");
  int value = clear ? Z3_COLLISION_NONE : (int)z3_arg_int(ctx, "value");
  int old = x >= 0 && y >= 0 && x < Z3_COLLISION_SIDE && y < Z3_COLLISION_SIDE ? c->rooms[room].tiles[y * Z3_COLLISION_SIDE + x] : 0;
  st = z3_collision_set(c, room, x, y, value, err);
  if (st == Z3_OK) st = z3_collision_save(c, ctx->rom, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "old_value", old == Z3_COLLISION_NONE ? json_null() : z3_json_hex((unsigned)old, 2));
    json_object_set_new(ctx->result, "pointer", c->rooms[room].pointer ? z3_json_hex(c->rooms[room].pointer, 6) : json_null());
  }
  z3_collision_free(c);
  return st;
}
