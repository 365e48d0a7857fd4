/* dungeon list-maps / get-map / set-map-room: the pause-screen maps of the 14
 * palaces (zelda3/dungeon_map.h), straight in the ROM through the change log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/handlers_dungeon.h"
#include "zelda3/dungeon_map.h"

static json_t *room_json(unsigned room) { return room == Z3_DMAP_EMPTY ? json_null() : z3_json_hex(room, 3); }

static json_t *floor_name_json(int number) {
  char name[8];
  z3_dmap_floor_name(number, name, sizeof name);
  return json_string(name);
}

static json_t *boss_json(const z3_dmap_palace *p, json_t *o) {
  bool boss = p->boss_room != Z3_DMAP_NO_BOSS;
  int f = boss ? z3_dmap_find_room(p, p->boss_room) : -1;
  json_object_set_new(o, "boss_room", boss ? z3_json_hex(p->boss_room, 3) : json_null());
  json_object_set_new(o, "boss_floor", f >= 0 ? floor_name_json(z3_dmap_floor_number(p, f)) : json_null());
  return o;
}

static z3_status read_maps(z3_cmd_ctx *ctx, z3_dmaps **maps, z3_error *err) {
  *maps = z3_calloc(1, sizeof **maps);
  if (!*maps) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  return z3_dmaps_read(ctx->rom, *maps, err);
}

z3_status cmd_dungeon_list_maps(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dmaps *maps;
  z3_status st = read_maps(ctx, &maps, err);
  json_t *list = json_array();
  for (int i = 0; st == Z3_OK && i < Z3_DMAP_PALACES; i++) {
    const z3_dmap_palace *p = &maps->palaces[i];
    json_t *o = json_pack("{s:i,s:s}", "palace", i, "name", z3_dmap_palace_name(i)), *floors = json_array();
    for (int f = 0; f < z3_dmap_floor_total(p); f++) json_array_append_new(floors, floor_name_json(z3_dmap_floor_number(p, f)));
    json_object_set_new(o, "floors", floors);
    json_object_set_new(o, "rooms_used", json_integer((json_int_t)z3_dmap_used_squares(p)));
    json_array_append_new(list, boss_json(p, o));
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "layout", json_string(maps->expanded ? "expanded" : "vanilla"));
    json_object_set_new(ctx->result, "count", json_integer(Z3_DMAP_PALACES));
    json_object_set_new(ctx->result, "palaces", list);
  } else {
    json_decref(list);
  }
  z3_free(maps);
  return st;
}

/* --floor as the game numbers floors ("1F", "B1", or 0 = 1F, -1 = B1), checked against the palace. */
static z3_status floor_arg(z3_cmd_ctx *ctx, const z3_dmap_palace *p, int palace, int *index, z3_error *err) {
  const char *text = z3_arg_str(ctx, "floor");
  int number = 0;
  char lowest[8], highest[8];
  z3_dmap_floor_name(-p->basements, lowest, sizeof lowest);
  z3_dmap_floor_name(p->floors - 1, highest, sizeof highest);
  if (!z3_dmap_parse_floor(text, &number) || number < -p->basements || number >= p->floors) {
    z3_error_set(err, Z3_E_INVALID, "--floor %s: palace %d (%s) has floors %s to %s", text ? text : "", palace,
                 z3_dmap_palace_name(palace), lowest, highest);
    z3_error_hint(err, "floors are written 1F, 2F, B1 ... or as numbers, 0 for 1F and -1 for B1");
    return Z3_E_INVALID;
  }
  *index = number + p->basements;
  return Z3_OK;
}

/* One row of five cells: the room id, "---" for an empty square. */
static void row_text(const z3_dmap_palace *p, int f, int y, char out[24]) {
  int at = 0;
  for (int x = 0; x < 5; x++) {
    unsigned room = p->rooms[f][y * 5 + x];
    at += room == Z3_DMAP_EMPTY ? sprintf(out + at, "---") : sprintf(out + at, "%03X", room);
    if (x < 4) out[at++] = ' ';
  }
  out[at] = 0;
}

/* For people: each floor's name, then its five rows. */
static void grid_append(z3_buf *b, const z3_dmap_palace *p, int f) {
  char name[8], row[24];
  z3_dmap_floor_name(z3_dmap_floor_number(p, f), name, sizeof name);
  for (int y = 0; y < 5; y++) {
    row_text(p, f, y, row);
    z3_buf_printf(b, "%-4s%s\n", y == 0 ? name : "", row);
  }
}

static json_t *floor_json(const z3_dmap_palace *p, int f) {
  json_t *o = json_object(), *squares = json_array(), *rows = json_array();
  json_object_set_new(o, "floor", floor_name_json(z3_dmap_floor_number(p, f)));
  json_object_set_new(o, "number", json_integer(z3_dmap_floor_number(p, f)));
  for (int y = 0; y < 5; y++) {
    char row[24];
    row_text(p, f, y, row);
    json_array_append_new(rows, json_string(row));
  }
  json_object_set_new(o, "rows", rows);
  for (int s = 0; s < Z3_DMAP_SQUARES; s++) {
    if (p->rooms[f][s] == Z3_DMAP_EMPTY) continue;
    json_t *q = json_pack("{s:i,s:i}", "x", s % 5, "y", s / 5);
    json_object_set_new(q, "room", room_json(p->rooms[f][s]));
    json_object_set_new(q, "template", z3_json_hex(p->gfx[f][s], 2));
    json_array_append_new(squares, q);
  }
  json_object_set_new(o, "squares", squares);
  return o;
}

z3_status cmd_dungeon_get_map(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dmaps *maps;
  int palace = (int)z3_arg_int(ctx, "palace"), only = -1;
  z3_status st = read_maps(ctx, &maps, err);
  const z3_dmap_palace *p = st == Z3_OK ? &maps->palaces[palace] : NULL;
  if (st == Z3_OK && z3_arg_given(ctx, "floor")) st = floor_arg(ctx, p, palace, &only, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "palace", json_integer(palace));
    json_object_set_new(ctx->result, "name", json_string(z3_dmap_palace_name(palace)));
    json_object_set_new(ctx->result, "layout", json_string(maps->expanded ? "expanded" : "vanilla"));
    boss_json(p, ctx->result);
    json_t *floors = json_array();
    z3_buf grid;
    z3_buf_init(&grid);
    for (int f = z3_dmap_floor_total(p) - 1; f >= 0; f--) { /* top floor first, as the screen lists them */
      if (only >= 0 && f != only) continue;
      json_array_append_new(floors, floor_json(p, f));
      grid_append(&grid, p, f);
    }
    char *text = z3_buf_take_string(&grid);
    json_object_set_new(ctx->result, "grid", json_string(text ? text : ""));
    z3_free(text);
    json_object_set_new(ctx->result, "floors", floors);
  }
  z3_free(maps);
  return st;
}

/* --room: a room id 0x00-0xFF other than the empty marker, or "none". */
static z3_status room_arg(z3_cmd_ctx *ctx, unsigned *room, z3_error *err) {
  const char *text = z3_arg_str(ctx, "room");
  if (text && strcmp(text, "none") == 0) {
    *room = Z3_DMAP_EMPTY;
    return Z3_OK;
  }
  char *end = NULL;
  long v = text ? strtol(text[0] == '$' ? text + 1 : text, &end, text[0] == '$' ? 16 : 0) : -1;
  if (!text || !*text || *end || v < 0 || v > 0xFF || v == Z3_DMAP_EMPTY) {
    z3_error_set(err, Z3_E_INVALID, "--room %s: a map square holds a room 0x000-0x0FF (not 0x00F, the empty marker) "
                 "or none", text ? text : "");
    if (v >= 0x100 && v < 0x128) z3_error_hint(err, "rooms 0x100-0x127 cannot be shown on a dungeon map: its room ids are one byte");
    return Z3_E_INVALID;
  }
  *room = (unsigned)v;
  return Z3_OK;
}

/* The template a newly filled square gets: --gfx, else the square's own, else
 * the one the room already has elsewhere in the palace. */
static z3_status template_for(z3_cmd_ctx *ctx, const z3_dmap_palace *p, int f, int s, unsigned room, uint8_t *gfx,
                              z3_error *err) {
  if (z3_arg_given(ctx, "gfx")) return *gfx = (uint8_t)z3_arg_int(ctx, "gfx"), Z3_OK;
  if (p->rooms[f][s] != Z3_DMAP_EMPTY) return *gfx = p->gfx[f][s], Z3_OK;
  for (int k = 0; k < z3_dmap_floor_total(p); k++)
    for (int q = 0; q < Z3_DMAP_SQUARES; q++)
      if (p->rooms[k][q] == room) return *gfx = p->gfx[k][q], Z3_OK;
  return z3_error_set(err, Z3_E_USAGE, "--gfx is needed: square (%d,%d) was empty and room 0x%03X is nowhere else on "
                      "this palace's map, so there is no template to keep", s % 5, s / 5, room);
}

static void describe(z3_cmd_ctx *ctx, int palace, int number, int x, int y, unsigned old, unsigned room, uint8_t gfx) {
  char floor[8], from[8] = "none", to[8] = "none";
  z3_dmap_floor_name(number, floor, sizeof floor);
  if (old != Z3_DMAP_EMPTY) snprintf(from, sizeof from, "0x%03X", old);
  if (room != Z3_DMAP_EMPTY) snprintf(to, sizeof to, "0x%03X", room);
  char *text = z3_strfmt("palace %d (%s) %s square (%d,%d): room %s -> %s", palace, z3_dmap_palace_name(palace), floor,
                         x, y, from, to);
  json_object_set_new(ctx->result, "description", json_string(text ? text : ""));
  z3_free(text);
  json_object_set_new(ctx->result, "old_room", room_json(old));
  json_object_set_new(ctx->result, "room", room_json(room));
  json_object_set_new(ctx->result, "template", room == Z3_DMAP_EMPTY ? json_null() : z3_json_hex(gfx, 2));
}

z3_status cmd_dungeon_set_map_room(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dmaps *maps;
  int palace = (int)z3_arg_int(ctx, "palace"), f = 0, x = (int)z3_arg_int(ctx, "x"), y = (int)z3_arg_int(ctx, "y");
  unsigned room = 0;
  uint8_t gfx = 0xFF;
  z3_status st = read_maps(ctx, &maps, err);
  z3_dmap_palace *p = st == Z3_OK ? &maps->palaces[palace] : NULL;
  if (st == Z3_OK) st = floor_arg(ctx, p, palace, &f, err);
  if (st == Z3_OK) st = room_arg(ctx, &room, err);
  int s = y * 5 + x;
  if (st == Z3_OK && room != Z3_DMAP_EMPTY) st = template_for(ctx, p, f, s, room, &gfx, err);
  if (st == Z3_OK) {
    unsigned old = p->rooms[f][s];
    p->rooms[f][s] = (uint8_t)room, p->gfx[f][s] = gfx;
    if (z3_arg_bool(ctx, "boss")) p->boss_room = (uint16_t)room; /* none: the palace has no boss */
    st = z3_dmap_write(ctx->rom, maps, palace, err);
    if (st == Z3_OK) describe(ctx, palace, z3_dmap_floor_number(p, f), x, y, old, room, gfx);
  }
  z3_free(maps);
  return st;
}
