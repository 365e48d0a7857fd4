/* overworld list-graves / set-grave: the graveyard's gravestones, kept in the
 * game's row order (zelda3/overworld_graves.c). */
#include "cmd/handlers.h"
#include "cmd/handlers_overworld.h"
#include "zelda3/overworld_secrets.h"

const char *const z3_cmd__grave_reveals[] = {"skull", "stairs", "hole", NULL};
static const int reveal_values[] = {Z3_GRAVE_SKULL, Z3_GRAVE_STAIRS, Z3_GRAVE_HOLE};

/* Grave `i` as the user addresses it: the area group and tile16 place in it. */
static json_t *grave_json(const z3_overworld *ow, const z3_graves *g, int i) {
  const z3_grave *v = &g->graves[i];
  int screen = z3_grave_screen(v->x, v->y), parent = screen >= 0 ? ow->areas[screen].parent : -1;
  json_t *o = json_object();
  json_object_set_new(o, "index", json_integer(i));
  json_object_set_new(o, "placed", json_boolean(i < g->count));
  if (parent >= 0 && i < g->count) {
    json_object_set_new(o, "map", z3_cmd__hex((uint64_t)parent, 2));
    json_object_set_new(o, "x", json_integer((v->x - (parent & 7) * 512) / 16));
    json_object_set_new(o, "y", json_integer((v->y - ((parent & 0x3F) >> 3) * 512) / 16));
  }
  json_object_set_new(o, "world_x", json_integer(v->x));
  json_object_set_new(o, "world_y", json_integer(v->y));
  json_object_set_new(o, "trigger_y", json_integer(v->trigger_y));
  json_object_set_new(o, "map_address", z3_cmd__hex(v->map_addr, 4));
  json_object_set_new(o, "reveals", json_string(z3_grave_reveal_name(v->reveal)));
  json_object_set_new(o, "reveal_tile", z3_cmd__hex(v->reveal, 4));
  json_object_set_new(o, "dash", json_boolean(i == g->dash_grave));
  return o;
}

/* The placed grave the finishing code names by address (map_address - 0x80), or null. */
static json_t *special_json(const z3_graves *g, int addr) {
  int grave = z3_grave_of_addr(g, addr);
  return grave >= 0 ? json_integer(grave) : json_null();
}

static z3_status read_graves(z3_cmd_ctx *ctx, z3_overworld **ow, z3_graves *g, z3_error *err) {
  z3_status st = z3_ow_load(ow, ctx->rom, err);
  return st ? st : z3_graves_read(ctx->rom, g, err);
}

z3_status cmd_overworld_list_graves(z3_cmd_ctx *ctx, z3_error *err) {
  z3_overworld *ow = NULL;
  z3_graves g;
  z3_status st = read_graves(ctx, &ow, &g, err);
  if (st == Z3_OK) {
    json_t *list = json_array();
    for (int i = 0; i < Z3_GRAVES; i++) json_array_append_new(list, grave_json(ow, &g, i));
    json_object_set_new(ctx->result, "placed", json_integer(g.count));
    int rows = 0;
    for (int r = 0; r < Z3_GRAVE_LINES; r++) rows += g.row_start[r + 1] > g.row_start[r];
    json_object_set_new(ctx->result, "rows", json_integer(rows));
    json_object_set_new(ctx->result, "graves", list);
    json_object_set_new(ctx->result, "dash_grave", g.dash_grave >= 0 ? json_integer(g.dash_grave) : json_null());
    json_object_set_new(ctx->result, "stairs_grave", special_json(&g, g.stairs_addr));
    json_object_set_new(ctx->result, "hole_grave", special_json(&g, g.hole_addr));
  }
  z3_ow_free(ow);
  return st;
}

z3_status cmd_overworld_set_grave(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0, index = (int)z3_arg_int(ctx, "index"), moved_to = -1;
  int choice = z3_arg_choice(ctx, "reveals"), reveal = choice >= 0 ? reveal_values[choice] : 0;
  z3_overworld *ow = NULL;
  z3_graves before;
  z3_status st = z3_cmd__ow_open(ctx, &id, &ow, err);
  if (st == Z3_OK && id >= Z3_OW_LIST_AREAS) st = z3_error_set(err, Z3_E_INVALID, "gravestones stand in the light or dark world (0x00-0x7F), not in area 0x%02X", id);
  if (st == Z3_OK) st = z3_graves_read(ctx->rom, &before, err);
  int parent = st == Z3_OK ? ow->areas[id].parent : 0;
  int x = (int)z3_arg_int(ctx, "x"), y = (int)z3_arg_int(ctx, "y");
  if (st == Z3_OK && index >= 0 && index < Z3_GRAVES) json_object_set_new(ctx->result, "old", grave_json(ow, &before, index));
  if (st == Z3_OK) st = z3_graves_set(ctx->rom, index, (parent & 7) * 512 + 16 * x, ((parent & 0x3F) >> 3) * 512 + 16 * y,
                                      reveal, parent, &moved_to, err);
  z3_graves after;
  if (st == Z3_OK) st = z3_graves_read(ctx->rom, &after, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "grave", grave_json(ow, &after, moved_to));
    json_object_set_new(ctx->result, "renumbered", json_boolean(moved_to != index));
  }
  z3_ow_free(ow);
  return st;
}
