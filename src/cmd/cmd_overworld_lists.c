/* overworld sprites, entrances, exits and items: list and edit. */
#include <stdio.h>
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_overworld.h"
#include "zelda3/overworld_secrets.h"

z3_status z3_cmd__ow_open(z3_cmd_ctx *ctx, int *id, z3_overworld **ow, z3_error *err) {
  *ow = NULL;
  z3_status st = z3_cmd__ow_map(ctx, id, err);
  if (st == Z3_OK) st = z3_ow_load(ow, ctx->rom, err);
  return st;
}

/* --map when given (else -1), and the model. */
static z3_status open_optional_map(z3_cmd_ctx *ctx, int *id, z3_overworld **ow, z3_error *err) {
  *id = -1, *ow = NULL;
  z3_status st = z3_arg_given(ctx, "map") ? z3_cmd__ow_map(ctx, id, err) : Z3_OK;
  if (st == Z3_OK) st = z3_ow_load(ow, ctx->rom, err);
  return st;
}

static json_t *sprite_list_json(const z3_ow_list *l) {
  json_t *a = json_array();
  for (int i = 0; i < l->count; i++) json_array_append_new(a, z3_cmd__ow_sprite_json(&l->sprites[i], i));
  return a;
}

z3_status cmd_overworld_list_sprites(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0, state = 0;
  bool all = false;
  z3_overworld *ow;
  z3_status st = z3_cmd__ow_state(ctx, &state, &all, err);
  if (st == Z3_OK) st = z3_cmd__ow_open(ctx, &id, &ow, err);
  if (st) return st;
  int parent = ow->areas[id].parent;
  json_t *states = json_array();
  int total = 0;
  for (int s = 0; s < Z3_OW_STATES; s++) {
    if (!all && s != state) continue;
    z3_ow_list *l;
    z3_error e2;
    z3_error_init(&e2);
    z3_status ls = z3_ow_sprite_list(ow, s, id, &l, all ? &e2 : err);
    if (ls != Z3_OK && !all) st = ls;
    if (ls != Z3_OK) continue;
    json_t *o = json_object();
    json_object_set_new(o, "state", json_integer(s));
    json_object_set_new(o, "name", json_string(z3_ow_state_name(s)));
    json_object_set_new(o, "sprites", sprite_list_json(l));
    json_array_append_new(states, o);
    total += l->count;
  }
  json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
  json_object_set_new(ctx->result, "parent", z3_cmd__hex((uint64_t)parent, 2));
  json_object_set_new(ctx->result, "count", json_integer(total));
  json_object_set_new(ctx->result, "states", states);
  z3_ow_free(ow);
  return st;
}

/* The state for an edit: required. */
static z3_status edit_state(const z3_cmd_ctx *ctx, int *state, z3_error *err) {
  bool all;
  z3_status st = z3_cmd__ow_state(ctx, state, &all, err);
  if (st == Z3_OK && all) st = z3_error_set(err, Z3_E_USAGE, "--state is required: 0 (beginning), 1 (zelda) or 2 (agahnim)");
  return st;
}

static void report_edit(z3_cmd_ctx *ctx, int id, int state, const z3_ow_list *l, int index) {
  json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
  json_object_set_new(ctx->result, "state", json_integer(state));
  json_object_set_new(ctx->result, "index", json_integer(index));
  json_object_set_new(ctx->result, "count", json_integer(l->count));
  if (index >= 0 && index < l->count) json_object_set_new(ctx->result, "sprite", z3_cmd__ow_sprite_json(&l->sprites[index], index));
}

z3_status cmd_overworld_add_sprite(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0, state = 0, index = -1;
  z3_overworld *ow = NULL;
  z3_status st = edit_state(ctx, &state, err);
  if (st == Z3_OK) st = z3_cmd__ow_open(ctx, &id, &ow, err);
  int64_t sid = z3_arg_int(ctx, "id");
  z3_ow_sprite s = {.x = (uint8_t)z3_arg_int(ctx, "x"), .y = (uint8_t)z3_arg_int(ctx, "y"), .id = (uint8_t)sid};
  if (st == Z3_OK) st = z3_ow_sprite_add(ow, state, id, s, &index, err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  z3_ow_list *l;
  if (st == Z3_OK && z3_ow_sprite_list(ow, state, id, &l, err) == Z3_OK) report_edit(ctx, id, state, l, index);
  z3_ow_free(ow);
  return st;
}

z3_status cmd_overworld_move_sprite(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0, state = 0;
  z3_overworld *ow = NULL;
  z3_status st = edit_state(ctx, &state, err);
  if (st == Z3_OK) st = z3_cmd__ow_open(ctx, &id, &ow, err);
  int index = (int)z3_arg_int(ctx, "index");
  json_t *old = NULL;
  z3_ow_list *l = NULL;
  if (st == Z3_OK) st = z3_ow_sprite_list(ow, state, id, &l, err);
  if (st == Z3_OK && index < l->count) old = z3_cmd__ow_sprite_json(&l->sprites[index], index);
  if (st == Z3_OK) st = z3_ow_sprite_move(ow, state, id, index, (int)z3_arg_int(ctx, "x"), (int)z3_arg_int(ctx, "y"), err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    report_edit(ctx, id, state, l, index);
    json_object_set_new(ctx->result, "old", json_incref(old));
  }
  json_decref(old);
  z3_ow_free(ow);
  return st;
}

z3_status cmd_overworld_remove_sprite(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0, state = 0;
  z3_overworld *ow = NULL;
  z3_status st = edit_state(ctx, &state, err);
  if (st == Z3_OK) st = z3_cmd__ow_open(ctx, &id, &ow, err);
  int index = (int)z3_arg_int(ctx, "index");
  z3_ow_list *l = NULL;
  json_t *removed = NULL;
  if (st == Z3_OK) st = z3_ow_sprite_list(ow, state, id, &l, err);
  if (st == Z3_OK && index < l->count) removed = z3_cmd__ow_sprite_json(&l->sprites[index], index);
  if (st == Z3_OK) st = z3_ow_sprite_remove(ow, state, id, index, err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    report_edit(ctx, id, state, l, -1);
    json_object_set_new(ctx->result, "removed", json_incref(removed));
  }
  json_decref(removed);
  z3_ow_free(ow);
  return st;
}

static json_t *place_json(const z3_ow_entrance *e, int slot, bool hole) {
  json_t *o = json_object();
  json_object_set_new(o, "slot", json_integer(slot));
  json_object_set_new(o, "kind", json_string(hole ? "hole" : "entrance"));
  json_object_set_new(o, "map", z3_cmd__hex(e->area, 2));
  json_object_set_new(o, "x", json_integer(Z3_OW_POS_X(e->pos)));
  json_object_set_new(o, "y", json_integer(Z3_OW_POS_Y(e->pos)));
  json_object_set_new(o, "entrance", z3_cmd__hex(e->entrance, 2));
  return o;
}

z3_status cmd_overworld_list_entrances(z3_cmd_ctx *ctx, z3_error *err) {
  int id;
  z3_overworld *ow;
  z3_status st = open_optional_map(ctx, &id, &ow, err);
  if (st) return st;
  int parent = id < 0 ? -1 : ow->areas[id].parent;
  json_t *list = json_array();
  for (int i = 0; i < ow->entrance_count; i++) {
    const z3_ow_entrance *e = &ow->entrances[i];
    if (!z3_ow_is_listed_entrance(e) || (parent >= 0 && e->area != parent)) continue;
    json_array_append_new(list, place_json(e, i, false));
  }
  int entrances = (int)json_array_size(list), hole_slots;
  const z3_ow_entrance *holes = z3_ow_hole_table(ow, &hole_slots);
  for (int i = 0; i < hole_slots; i++) {
    const z3_ow_entrance *h = &holes[i];
    if (!z3_ow_is_listed_hole(ow, h) || (parent >= 0 && h->area != parent)) continue;
    json_array_append_new(list, place_json(h, i, true));
  }
  json_object_set_new(ctx->result, "entrances", json_integer(entrances));
  json_object_set_new(ctx->result, "holes", json_integer((json_int_t)json_array_size(list) - entrances));
  int free_slots = 0;
  for (int i = 0; i < ow->entrance_count; i++) free_slots += ow->entrances[i].pos == 0xFFFF;
  json_object_set_new(ctx->result, "free_slots", json_integer(free_slots));
  json_object_set_new(ctx->result, "slots", json_integer(ow->entrance_count));
  json_object_set_new(ctx->result, "expanded", json_boolean(ow->entrances_expanded));
  json_object_set_new(ctx->result, "list", list);
  z3_ow_free(ow);
  return Z3_OK;
}

z3_status cmd_overworld_list_exits(z3_cmd_ctx *ctx, z3_error *err) {
  int id;
  z3_overworld *ow;
  z3_status st = open_optional_map(ctx, &id, &ow, err);
  if (st) return st;
  int parent = id < 0 ? -1 : ow->areas[id].parent;
  json_t *list = json_array();
  for (int i = 0; i < Z3_OW_EXIT_COUNT; i++) {
    const z3_ow_exit *e = &ow->exits[i];
    if (e->link_x == 0xFFFF && e->link_y == 0xFFFF) continue; /* unused record */
    if (parent >= 0 && ow->areas[e->area < ow->area_count ? e->area : 0].parent != parent) continue;
    json_t *o = json_object();
    json_object_set_new(o, "slot", json_integer(i));
    json_object_set_new(o, "room", z3_cmd__hex(e->room, 3));
    json_object_set_new(o, "map", z3_cmd__hex(e->area, 2));
    json_object_set_new(o, "link_x", json_integer(e->link_x));
    json_object_set_new(o, "link_y", json_integer(e->link_y));
    json_object_set_new(o, "scroll_x", json_integer(e->scroll_x));
    json_object_set_new(o, "scroll_y", json_integer(e->scroll_y));
    json_object_set_new(o, "door", e->door1 ? z3_cmd__hex(e->door1, 4) : e->door2 ? z3_cmd__hex(e->door2, 4) : json_null());
    json_array_append_new(list, o);
  }
  json_t *transports = json_array();
  for (int i = 0; i < Z3_OW_TRANSPORT_COUNT; i++) {
    const z3_ow_transport *t = &ow->transports[i];
    if (parent >= 0 && t->area != parent) continue;
    json_t *o = json_object();
    json_object_set_new(o, "slot", json_integer(i));
    json_object_set_new(o, "kind", json_string(i < 8 ? "flute" : i == 8 ? "pyramid" : "whirlpool"));
    json_object_set_new(o, "map", z3_cmd__hex(t->area, 2));
    json_object_set_new(o, "link_x", json_integer(t->link_x));
    json_object_set_new(o, "link_y", json_integer(t->link_y));
    if (i > 8) json_object_set_new(o, "whirlpool_in", z3_cmd__hex(ow->whirlpool_areas[i - 9], 2));
    json_array_append_new(transports, o);
  }
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(list)));
  json_object_set_new(ctx->result, "exits", list);
  json_object_set_new(ctx->result, "transports", transports);
  z3_ow_free(ow);
  return Z3_OK;
}

z3_status cmd_overworld_list_items(z3_cmd_ctx *ctx, z3_error *err) {
  int id;
  z3_overworld *ow;
  z3_status st = open_optional_map(ctx, &id, &ow, err);
  if (st == Z3_OK && id >= 0 && ow->areas[id].parent >= Z3_OW_LIST_AREAS) {
    z3_ow_list *l;
    st = z3_ow_item_list(ow, id, &l, err);
  }
  if (st) {
    z3_ow_free(ow);
    return st;
  }
  json_t *list = json_array();
  for (int a = 0; a < Z3_OW_LIST_AREAS; a++) {
    if (ow->areas[a].parent != a || (id >= 0 && ow->areas[id].parent != a)) continue;
    const z3_ow_list *l = &ow->items[a];
    for (int i = 0; i < l->count; i++) {
      json_t *o = json_object();
      json_object_set_new(o, "map", z3_cmd__hex((uint64_t)a, 2));
      json_object_set_new(o, "index", json_integer(i));
      json_object_set_new(o, "x", json_integer(Z3_OW_POS_X(l->items[i].pos)));
      json_object_set_new(o, "y", json_integer(Z3_OW_POS_Y(l->items[i].pos)));
      json_object_set_new(o, "item", z3_cmd__hex(l->items[i].id, 2));
      if (l->items[i].id == Z3_OW_BOMB_DOOR_ITEM) /* redrawn open on return only with its table entry */
        json_object_set_new(o, "remembered", json_boolean(z3_ow_bomb_door(ctx->rom, a) == l->items[i].pos));
      json_array_append_new(list, o);
    }
  }
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(list)));
  json_object_set_new(ctx->result, "items", list);
  z3_ow_free(ow);
  return Z3_OK;
}

z3_status cmd_overworld_set_entrance(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0;
  z3_overworld *ow = NULL;
  z3_status st = z3_cmd__ow_open(ctx, &id, &ow, err);
  int slot = (int)z3_arg_int(ctx, "slot");
  bool hole = z3_arg_bool(ctx, "hole");
  int slots = 0;
  z3_ow_entrance *table = !ow ? NULL : hole ? z3_ow_hole_table(ow, &slots) : ow->entrances;
  if (ow && !hole) slots = ow->entrance_count;
  json_t *old = NULL;
  if (st == Z3_OK && slot >= 0 && slot < slots) old = place_json(&table[slot], slot, hole);
  int x = (int)z3_arg_int(ctx, "x"), y = (int)z3_arg_int(ctx, "y"), entrance = (int)z3_arg_int(ctx, "entrance");
  if (st == Z3_OK && hole) st = z3_ow_set_hole(ow, slot, id, x, y, entrance, err);
  else if (st == Z3_OK) st = z3_ow_set_entrance(ow, slot, id, x, y, entrance, err);
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "old", json_incref(old));
    json_object_set_new(ctx->result, "new", place_json(&table[slot], slot, hole));
  }
  json_decref(old);
  z3_ow_free(ow);
  return st;
}
