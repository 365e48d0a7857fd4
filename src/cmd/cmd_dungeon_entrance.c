/* dungeon list-entrances / get-entrance / set-entrance: the 133 entrances and
 * 7 starting points (--spawn), one field at a time, straight in the ROM. */
#include "cmd/handlers_dungeon.h"
#include "zelda3/entrance.h"

static z3_place_kind kind_arg(const z3_cmd_ctx *ctx) { return z3_arg_bool(ctx, "spawn") ? Z3_PLACE_SPAWN : Z3_PLACE_ENTRANCE; }

/* --id, checked against the kind's table (the parser only bounds it loosely). */
static z3_status id_arg(const z3_cmd_ctx *ctx, z3_place_kind kind, int *id, z3_error *err) {
  int64_t v = z3_arg_int(ctx, "id");
  int count = z3_place_count(ctx->rom, kind);
  if (v < 0 || v >= count) {
    z3_error_set(err, Z3_E_INVALID, "%s 0x%02llX does not exist: %ss are 0x00-0x%02X", z3_place_kind_name(kind),
                 (unsigned long long)v, z3_place_kind_name(kind), (unsigned)count - 1);
    if (kind == Z3_PLACE_SPAWN && v < Z3_ENTRANCES) z3_error_hint(err, "entrances are addressed without --spawn");
    return Z3_E_INVALID;
  }
  *id = (int)v;
  return z3_place_check_rom(ctx->rom, err);
}

z3_status cmd_dungeon_list_entrances(z3_cmd_ctx *ctx, z3_error *err) {
  z3_place_kind kind = kind_arg(ctx);
  z3_status st = z3_place_check_rom(ctx->rom, err);
  if (st) return st;
  bool by_room = z3_arg_given(ctx, "room");
  unsigned room = (unsigned)z3_arg_int(ctx, "room");
  if (by_room && (st = z3_room_check_id(room, err)) != Z3_OK) return st;
  const z3_place_field *room_field = z3_place_field_find("room");
  json_t *list = json_array();
  for (int id = 0; id < z3_place_count(ctx->rom, kind); id++) {
    unsigned r = 0;
    z3_place_get(ctx->rom, kind, id, room_field, &r, NULL);
    if (!by_room || r == room) json_array_append_new(list, z3_place_summary_json(ctx->rom, kind, id));
  }
  json_object_set_new(ctx->result, "kind", json_string(z3_place_kind_name(kind)));
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(list)));
  json_object_set_new(ctx->result, kind == Z3_PLACE_SPAWN ? "spawn_points" : "entrances", list);
  return Z3_OK;
}

z3_status cmd_dungeon_get_entrance(z3_cmd_ctx *ctx, z3_error *err) {
  z3_place_kind kind = kind_arg(ctx);
  int id;
  z3_status st = id_arg(ctx, kind, &id, err);
  if (st) return st;
  json_t *o = z3_place_json(ctx->rom, kind, id);
  json_object_set_new(ctx->result, "kind", json_string(z3_place_kind_name(kind)));
  json_object_update(ctx->result, o);
  json_decref(o);
  return Z3_OK;
}

z3_status cmd_dungeon_set_entrance(z3_cmd_ctx *ctx, z3_error *err) {
  z3_place_kind kind = kind_arg(ctx);
  int id;
  z3_status st = id_arg(ctx, kind, &id, err);
  if (st) return st;
  const z3_place_field *f = z3_place_field_find(z3_arg_str(ctx, "field"));
  unsigned old = 0;
  if ((st = z3_place_get(ctx->rom, kind, id, f, &old, err)) != Z3_OK) return st;
  bool moved = false;
  int64_t value = z3_arg_int(ctx, "value");
  st = z3_place_set(ctx->rom, kind, id, f, value, z3_arg_bool(ctx, "keep-coordinates"), &moved, err);
  if (st) return st;
  int digits = f->value == Z3_PV_ROOM ? 3 : f->width * 2;
  unsigned neu = (unsigned)value & (f->width == 2 ? 0xFFFFu : 0xFFu);
  char *text = z3_strfmt("%s 0x%02X %s changed from 0x%0*X to 0x%0*X%s", z3_place_kind_name(kind), (unsigned)id, f->name,
                         digits, old, digits, neu, moved ? " (coordinates and camera bounds moved with it)" : "");
  json_object_set_new(ctx->result, "description", json_string(text ? text : ""));
  z3_free(text);
  json_object_set_new(ctx->result, "coordinates_moved", json_boolean(moved));
  return Z3_OK;
}
