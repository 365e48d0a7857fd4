/* dungeon collision / set-collision: ZScream's custom collision lists (zelda3/collision.h);
 * dungeon water-fill / set-water-fill: yaze's water-fill zones in that bank (zelda3/water_fill.h). */
#include "cmd/handlers_dungeon.h"
#include "zelda3/collision.h"
#include "zelda3/water_fill.h"

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

/* ---- water-fill zones ------------------------------------------------------ */

static json_t *zone_json(const z3_water_zone *z) {
  json_t *tiles = json_array();
  for (int i = 0; i < z->count; i++)
    json_array_append_new(tiles, json_pack("[i,i]", z->offsets[i] % Z3_WATER_SIDE, z->offsets[i] / Z3_WATER_SIDE));
  return json_pack("{s:o,s:o,s:i,s:o}", "room", z3_json_hex((unsigned)z->room, 3), "mask", z3_json_hex(z->mask, 2),
                   "count", z->count, "tiles", tiles);
}

static void table_json(json_t *result, const z3_water_table *t, int only_room) {
  json_t *zones = json_array();
  for (int k = 0; k < t->count; k++)
    if (only_room < 0 || t->zones[k].room == only_room) json_array_append_new(zones, zone_json(&t->zones[k]));
  json_object_set_new(result, "installed", json_boolean(t->present));
  json_object_set_new(result, "why_absent", t->present ? json_null() : json_string(t->why_absent));
  json_object_set_new(result, "count", json_integer((json_int_t)json_array_size(zones)));
  json_object_set_new(result, "zones", zones);
}

z3_status cmd_dungeon_water_fill(z3_cmd_ctx *ctx, z3_error *err) {
  int room = -1;
  if (z3_arg_given(ctx, "room")) {
    z3_status st = z3_room_check_id(z3_arg_int(ctx, "room"), err);
    if (st) return st;
    room = (int)z3_arg_int(ctx, "room");
  }
  z3_water_table t;
  z3_status st = z3_water_load(ctx->rom, &t, err);
  if (st == Z3_OK) table_json(ctx->result, &t, room);
  return st;
}

z3_status cmd_dungeon_set_water_fill(z3_cmd_ctx *ctx, z3_error *err) {
  bool remove = z3_arg_bool(ctx, "remove");
  if (remove == z3_arg_given(ctx, "tiles")) return z3_error_set(err, Z3_E_INVALID, "give either --tiles or --remove");
  if (remove && z3_arg_given(ctx, "mask")) return z3_error_set(err, Z3_E_INVALID, "--mask goes with --tiles, not --remove");
  int64_t room = z3_arg_int(ctx, "room");
  uint16_t offsets[Z3_WATER_MAX_TILES];
  int n = 0;
  z3_status st = z3_room_check_id(room, err);
  if (st == Z3_OK && !remove) st = z3_water_parse_tiles(z3_arg_str(ctx, "tiles"), offsets, &n, err);
  if (st == Z3_OK && !remove && n == 0) st = z3_error_set(err, Z3_E_INVALID, "--tiles lists no tile; use --remove to drop the zone");
  z3_water_table t;
  if (st == Z3_OK) st = z3_water_load(ctx->rom, &t, err);
  if (st) return st;
  const z3_water_zone *old = z3_water_find(&t, (int)room);
  json_object_set_new(ctx->result, "old_count", json_integer(old ? old->count : 0));
  st = z3_water_set(&t, (int)room, (int)z3_arg_int(ctx, "mask"), offsets, n, err);
  if (st == Z3_OK) st = z3_water_save(&t, ctx->rom, err);
  const z3_water_zone *now = st == Z3_OK ? z3_water_find(&t, (int)room) : NULL;
  if (st == Z3_OK) json_object_set_new(ctx->result, "zone", now ? zone_json(now) : json_null());
  return st;
}
