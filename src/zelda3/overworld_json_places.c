/* Exits and transports in an area's JSON document (format: overworld_json.c).
 * Positions are Link's pixels from the parent area's corner. Import keeps a
 * record byte for byte when its position, room and door are unchanged, so an
 * export imported back changes nothing; a moved one is placed anew (scroll,
 * camera and load offset recomputed, overworld_exits.c). */
#include <stdio.h>
#include <string.h>

#include "zelda3/overworld_json.h"

static int rel_x(int p, unsigned abs_x) {
  int x, y;
  z3_ow_area_origin(p, &x, &y);
  return (int)abs_x - x;
}

static int rel_y(int p, unsigned abs_y) {
  int x, y;
  z3_ow_area_origin(p, &x, &y);
  return (int)abs_y - y;
}

/* 0 none, 1 wooden, 2 bombable, 3 sanctuary, 4 palace (z3_ow_exit_door_names). */
static int door_kind(const z3_ow_exit *e) {
  if (e->door1) return e->door1 & 0x8000 ? 2 : 1;
  if (e->door2) return e->door2 & 0x8000 ? 4 : 3;
  return 0;
}

static uint16_t door_word(const z3_ow_exit *e) { return e->door1 ? e->door1 : e->door2; }

void z3_ow__export_places(const z3_overworld *ow, int p, json_t *doc) {
  json_t *exits = json_array(), *transports = json_array();
  for (int i = 0; i < Z3_OW_EXIT_COUNT; i++) {
    const z3_ow_exit *e = &ow->exits[i];
    if (e->link_x == 0xFFFF || e->area != p) continue;
    char room[8];
    snprintf(room, sizeof room, "0x%03x", e->room);
    json_t *o = json_pack("{s:i,s:s,s:i,s:i,s:s}", "slot", i, "room", room, "x", rel_x(p, e->link_x), "y",
                          rel_y(p, e->link_y), "door", z3_ow_exit_door_names[door_kind(e)]);
    if (door_kind(e)) {
      json_object_set_new(o, "door_x", json_integer(Z3_OW_POS_X(door_word(e))));
      json_object_set_new(o, "door_y", json_integer(Z3_OW_POS_Y(door_word(e))));
    }
    json_array_append_new(exits, o);
  }
  for (int i = 0; i < Z3_OW_TRANSPORT_COUNT; i++) {
    const z3_ow_transport *t = &ow->transports[i];
    if (t->area != p) continue;
    json_t *o = json_pack("{s:i,s:i,s:i}", "slot", i, "x", rel_x(p, t->link_x), "y", rel_y(p, t->link_y));
    if (i > 8) json_object_set_new(o, "whirlpool_in", json_integer(ow->whirlpool_areas[i - 9]));
    json_array_append_new(transports, o);
  }
  json_object_set_new(doc, "exits", exits);
  json_object_set_new(doc, "transports", transports);
}

static z3_status bad(z3_error *err, const char *path, const char *what) {
  return z3_error_set(err, Z3_E_INVALID, "%s: %s", path, what);
}

/* The model's refusal, prefixed with the JSON path it came from (the first
 * message set wins, so the error is cleared before it is restated). */
static z3_status at_path(z3_error *err, const char *path) {
  if (!err) return Z3_E_INVALID;
  char what[Z3_ERROR_MESSAGE_MAX];
  snprintf(what, sizeof what, "%s", err->message);
  z3_error_init(err);
  return z3_error_set(err, Z3_E_INVALID, "%s: %.400s", path, what);
}

static int door_named(const json_t *v) {
  for (int k = 0; json_is_string(v) && z3_ow_exit_door_names[k]; k++)
    if (strcmp(json_string_value(v), z3_ow_exit_door_names[k]) == 0) return k;
  return v ? -1 : 0;
}

static z3_status import_exit(z3_overworld *ow, int id, const json_t *e, const char *path, bool *listed, z3_error *err) {
  int p = ow->areas[id].parent, w, h;
  z3_ow_area_grid(ow, p, &w, &h);
  if (!json_is_object(e)) return bad(err, path, "expected an object with slot, room, x and y");
  long slot = 0, room = 0, x = 0, y = 0, dx = 0, dy = 0;
  z3_status st = z3_ow__json_int(e, "slot", path, 0, Z3_OW_EXIT_COUNT - 1, &slot, err);
  if (st == Z3_OK) st = z3_ow__json_int(e, "room", path, 0, 0x1FF, &room, err);
  if (st == Z3_OK) st = z3_ow__json_int(e, "x", path, 0, w * 16 - 1, &x, err);
  if (st == Z3_OK) st = z3_ow__json_int(e, "y", path, 0, h * 16 - 1, &y, err);
  int kind = door_named(json_object_get(e, "door"));
  if (st == Z3_OK && kind < 0) return bad(err, path, "door must be none, wooden, bombable, sanctuary or palace");
  if (st == Z3_OK && kind) st = z3_ow__json_int(e, "door_x", path, 0, w - 1, &dx, err);
  if (st == Z3_OK && kind) st = z3_ow__json_int(e, "door_y", path, 0, h - 1, &dy, err);
  if (st) return st;
  if (listed[slot]) return bad(err, path, "the slot is listed twice");
  listed[slot] = true;
  z3_ow_exit *cur = &ow->exits[slot];
  bool same_place = cur->link_x != 0xFFFF && cur->area == p && cur->room == room && rel_x(p, cur->link_x) == x &&
                    rel_y(p, cur->link_y) == y;
  if (!same_place) st = z3_ow_place_exit(ow, (int)slot, (int)room, p, (int)x, (int)y, err);
  bool same_door = door_kind(cur) == kind && (!kind || (Z3_OW_POS_X(door_word(cur)) == dx && Z3_OW_POS_Y(door_word(cur)) == dy));
  if (st == Z3_OK && !same_door) st = z3_ow_set_exit_door(ow, (int)slot, kind, (int)dx, (int)dy, err);
  return st ? at_path(err, path) : Z3_OK;
}

static z3_status import_exits(z3_overworld *ow, int id, const json_t *exits, z3_error *err) {
  if (!exits) return Z3_OK;
  if (!json_is_array(exits)) return bad(err, "$.exits", "expected an array");
  bool listed[Z3_OW_EXIT_COUNT] = {false};
  for (size_t i = 0; i < json_array_size(exits); i++) {
    char path[48];
    snprintf(path, sizeof path, "$.exits[%zu]", i);
    z3_status st = import_exit(ow, id, json_array_get(exits, i), path, listed, err);
    if (st) return st;
  }
  int p = ow->areas[id].parent;
  for (int i = 0; i < Z3_OW_EXIT_COUNT; i++) /* the area's exits left out become unused */
    if (!listed[i] && ow->exits[i].link_x != 0xFFFF && ow->exits[i].area == p) z3_ow_clear_exit(ow, i, NULL);
  return Z3_OK;
}

static z3_status import_transports(z3_overworld *ow, int id, const json_t *list, z3_error *err) {
  if (!list) return Z3_OK;
  if (!json_is_array(list)) return bad(err, "$.transports", "expected an array");
  int p = ow->areas[id].parent, w, h;
  z3_ow_area_grid(ow, p, &w, &h);
  for (size_t i = 0; i < json_array_size(list); i++) {
    char path[48];
    snprintf(path, sizeof path, "$.transports[%zu]", i);
    const json_t *t = json_array_get(list, i);
    if (!json_is_object(t)) return bad(err, path, "expected an object with slot, x and y");
    long slot = 0, x = 0, y = 0, source = -1;
    z3_status st = z3_ow__json_int(t, "slot", path, 0, Z3_OW_TRANSPORT_COUNT - 1, &slot, err);
    if (st == Z3_OK) st = z3_ow__json_int(t, "x", path, 0, w * 16 - 1, &x, err);
    if (st == Z3_OK) st = z3_ow__json_int(t, "y", path, 0, h * 16 - 1, &y, err);
    if (st == Z3_OK && json_object_get(t, "whirlpool_in")) {
      if (slot < 9) return bad(err, path, "only whirlpool slots 9-16 have whirlpool_in");
      st = z3_ow__json_int(t, "whirlpool_in", path, 0, Z3_OW_LIST_AREAS - 1, &source, err);
    }
    if (st) return st;
    const z3_ow_transport *cur = &ow->transports[slot];
    bool same = cur->area == p && rel_x(p, cur->link_x) == x && rel_y(p, cur->link_y) == y &&
                (source < 0 || ow->whirlpool_areas[slot - 9] == source);
    if (!same && z3_ow_place_transport(ow, (int)slot, p, (int)x, (int)y, (int)source, err) != Z3_OK) return at_path(err, path);
  }
  return Z3_OK;
}

z3_status z3_ow__import_places(z3_overworld *ow, int id, const json_t *doc, z3_error *err) {
  z3_status st = import_exits(ow, id, json_object_get(doc, "exits"), err);
  if (st == Z3_OK) st = import_transports(ow, id, json_object_get(doc, "transports"), err);
  return st;
}
