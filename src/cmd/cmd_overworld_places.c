/* overworld set-exit / set-transport / add-item / move-item / remove-item. */
#include "cmd/handlers.h"
#include "cmd/handlers_overworld.h"

/* Position relative to the area, as the commands take it. */
static json_t *where_json(unsigned area, unsigned abs_x, unsigned abs_y) {
  json_t *o = json_object();
  json_object_set_new(o, "map", z3_cmd__hex(area, 2));
  if (abs_x == 0xFFFF && abs_y == 0xFFFF) { /* an unused record */
    json_object_set_new(o, "unused", json_true());
    return o;
  }
  int x, y;
  z3_ow_area_origin((int)area, &x, &y);
  json_object_set_new(o, "x", json_integer((json_int_t)abs_x - x));
  json_object_set_new(o, "y", json_integer((json_int_t)abs_y - y));
  return o;
}

static json_t *exit_json(const z3_ow_exit *e) {
  json_t *o = where_json(e->area, e->link_x, e->link_y);
  json_object_set_new(o, "room", z3_cmd__hex(e->room, 3));
  json_object_set_new(o, "link_x", json_integer(e->link_x));
  json_object_set_new(o, "link_y", json_integer(e->link_y));
  json_object_set_new(o, "scroll_x", json_integer(e->scroll_x));
  json_object_set_new(o, "scroll_y", json_integer(e->scroll_y));
  json_object_set_new(o, "camera_x", json_integer(e->camera_x));
  json_object_set_new(o, "camera_y", json_integer(e->camera_y));
  json_object_set_new(o, "load_offset", z3_cmd__hex(e->load_offset, 4));
  json_object_set_new(o, "door1", z3_cmd__hex(e->door1, 4));
  json_object_set_new(o, "door2", z3_cmd__hex(e->door2, 4));
  return o;
}

z3_status cmd_overworld_set_exit(z3_cmd_ctx *ctx, z3_error *err) {
  int slot = (int)z3_arg_int(ctx, "slot"), id = 0;
  z3_overworld *ow = NULL;
  bool clear = z3_arg_bool(ctx, "clear");
  z3_status st = clear ? z3_ow_load(&ow, ctx->rom, err) : z3_cmd__ow_open(ctx, &id, &ow, err);
  if (st) {
    z3_ow_free(ow);
    return st;
  }
  json_t *old = slot >= 0 && slot < Z3_OW_EXIT_COUNT ? exit_json(&ow->exits[slot]) : NULL;
  if (clear) {
    st = z3_ow_clear_exit(ow, slot, err);
  } else {
    st = z3_ow_place_exit(ow, slot, (int)z3_arg_int(ctx, "room"), id, (int)z3_arg_int(ctx, "x"), (int)z3_arg_int(ctx, "y"), err);
    if (st == Z3_OK && z3_arg_given(ctx, "door")) {
      st = z3_ow_set_exit_door(ow, slot, z3_arg_choice(ctx, "door"), (int)z3_arg_int(ctx, "door-x"),
                               (int)z3_arg_int(ctx, "door-y"), err);
    }
  }
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "old", json_incref(old));
    json_object_set_new(ctx->result, "new", exit_json(&ow->exits[slot]));
  }
  json_decref(old);
  z3_ow_free(ow);
  return st;
}

static json_t *transport_json(const z3_overworld *ow, int slot) {
  const z3_ow_transport *t = &ow->transports[slot];
  json_t *o = where_json(t->area, t->link_x, t->link_y);
  json_object_set_new(o, "kind", json_string(slot < 8 ? "flute" : slot == 8 ? "pyramid" : "whirlpool"));
  json_object_set_new(o, "link_x", json_integer(t->link_x));
  json_object_set_new(o, "link_y", json_integer(t->link_y));
  json_object_set_new(o, "scroll_x", json_integer(t->scroll_x));
  json_object_set_new(o, "scroll_y", json_integer(t->scroll_y));
  json_object_set_new(o, "load_offset", z3_cmd__hex(t->load_offset, 4));
  if (slot > 8) json_object_set_new(o, "whirlpool_in", z3_cmd__hex(ow->whirlpool_areas[slot - 9], 2));
  return o;
}

z3_status cmd_overworld_set_transport(z3_cmd_ctx *ctx, z3_error *err) {
  int slot = (int)z3_arg_int(ctx, "slot"), id = 0, source = -1;
  z3_overworld *ow = NULL;
  z3_status st = z3_cmd__ow_open(ctx, &id, &ow, err);
  if (st == Z3_OK && z3_arg_given(ctx, "whirlpool-in")) {
    const char *text = z3_arg_str(ctx, "whirlpool-in");
    uint64_t v;
    if (!z3_parse_u64(text, &v) || v > 0xFF) st = z3_error_set(err, Z3_E_USAGE, "--whirlpool-in '%s' is not an area id", text);
    else source = (int)v;
  }
  json_t *old = st == Z3_OK && slot >= 0 && slot < Z3_OW_TRANSPORT_COUNT ? transport_json(ow, slot) : NULL;
  if (st == Z3_OK) st = z3_ow_place_transport(ow, slot, id, (int)z3_arg_int(ctx, "x"), (int)z3_arg_int(ctx, "y"), source, err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "old", json_incref(old));
    json_object_set_new(ctx->result, "new", transport_json(ow, slot));
  }
  json_decref(old);
  z3_ow_free(ow);
  return st;
}

static json_t *item_json(const z3_ow_item *it, int index) {
  json_t *o = json_object();
  json_object_set_new(o, "index", json_integer(index));
  json_object_set_new(o, "x", json_integer(Z3_OW_POS_X(it->pos)));
  json_object_set_new(o, "y", json_integer(Z3_OW_POS_Y(it->pos)));
  json_object_set_new(o, "item", z3_cmd__hex(it->id, 2));
  return o;
}

typedef enum item_edit { ITEM_ADD, ITEM_MOVE, ITEM_REMOVE } item_edit;

static z3_status edit_item(z3_cmd_ctx *ctx, item_edit what, z3_error *err) {
  int id = 0, index = what == ITEM_ADD ? -1 : (int)z3_arg_int(ctx, "index");
  z3_overworld *ow = NULL;
  z3_status st = z3_cmd__ow_open(ctx, &id, &ow, err);
  z3_ow_list *l = NULL;
  if (st == Z3_OK) st = z3_ow_item_list(ow, id, &l, err);
  if (st == Z3_OK && what != ITEM_ADD && index >= 0 && index < l->count) {
    json_object_set_new(ctx->result, what == ITEM_REMOVE ? "removed" : "old", item_json(&l->items[index], index));
  }
  int x = what == ITEM_REMOVE ? 0 : (int)z3_arg_int(ctx, "x"), y = what == ITEM_REMOVE ? 0 : (int)z3_arg_int(ctx, "y");
  if (st == Z3_OK && what == ITEM_ADD) st = z3_ow_item_add(ow, id, x, y, (int)z3_arg_int(ctx, "item"), &index, err);
  if (st == Z3_OK && what == ITEM_MOVE) st = z3_ow_item_move(ow, id, index, x, y, err);
  if (st == Z3_OK && what == ITEM_REMOVE) st = z3_ow_item_remove(ow, id, index, err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)ow->areas[id].parent, 2));
    json_object_set_new(ctx->result, "count", json_integer(l->count));
    if (what != ITEM_REMOVE) json_object_set_new(ctx->result, "item", item_json(&l->items[index], index));
  }
  z3_ow_free(ow);
  return st;
}

z3_status cmd_overworld_add_item(z3_cmd_ctx *ctx, z3_error *err) { return edit_item(ctx, ITEM_ADD, err); }
z3_status cmd_overworld_move_item(z3_cmd_ctx *ctx, z3_error *err) { return edit_item(ctx, ITEM_MOVE, err); }
z3_status cmd_overworld_remove_item(z3_cmd_ctx *ctx, z3_error *err) { return edit_item(ctx, ITEM_REMOVE, err); }
