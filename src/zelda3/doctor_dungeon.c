/*
 * Dungeon and sprite doctors: room limits, door pairs, entrances and chests
 * that lead nowhere, and room sprites the game cannot run (doctor.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/doctor_internal.h"
#include "zelda3/dungeon.h"
#include "zelda3/entrance.h"
#include "zelda3/sprite.h"

/* A load failure names the room in its message ("room 0x012: ..."). */
static long room_of_message(const char *message) {
  const char *at = strstr(message, "room 0x");
  return at ? strtol(at + 5, NULL, 16) : -1;
}

/* The model's own reader is the judge; its message says which room and pointer. */
static z3_dungeon *load_or_report(const z3_rom *rom, z3_doctor_report *r) {
  z3_dungeon *d = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_dungeon_load(rom, &d, &err) == Z3_OK) return d;
  bool pointer = strstr(err.message, "pointer") != NULL;
  long room = room_of_message(err.message);
  z3_doctor__add(r, pointer ? "dungeon.pointer_out_of_range" : "dungeon.unreadable", room >= 0 ? "room" : "dungeon",
                 room, err.offset, NULL, "%s", err.message);
  return NULL;
}

static const char *const direction_names[] = {"north", "south", "west", "east"};


static void check_doors(const z3_dungeon *d, const z3_room *room, z3_doctor_report *r) {
  if (room->door_count > Z3_ROOM_MAX_DOORS) {
    z3_doctor__add(r, "dungeon.too_many_doors", "room", room->id, (long)room->object_pc, NULL,
                   "room 0x%03X has %zu doors; the game keeps %d", room->id, room->door_count, Z3_ROOM_MAX_DOORS);
  }
  for (size_t i = 0; i < room->door_count; i++) {
    const z3_room_door *door = &room->doors[i];
    if (!z3_door_needs_pair(door->b1)) continue;
    z3_door_pair pair = z3_room_door_pair(d, room->id, i);
    if (pair.room < 0 || pair.index >= 0) continue;
    unsigned dir = door->b0 & 3u, pos = door->b0 >> 4;
    json_t *repair = NULL;
    if (d->rooms[pair.room].door_count < Z3_ROOM_MAX_DOORS) {
      json_t *args = json_pack("{s:i,s:s,s:i,s:i}", "room", pair.room, "direction", direction_names[dir ^ 1u],
                               "position", (int)pos, "type", door->b1);
      repair = json_pack("[o]", z3_doctor__command("dungeon_add_door", args));
    }
    z3_doctor__add(r, "dungeon.door_unpaired", "room", room->id, (long)room->object_pc, repair,
                   "room 0x%03X door %zu (%s wall, position %u, type 0x%02X) leads into room 0x%03X, "
                   "which has no door on its %s wall at that position",
                   room->id, i, direction_names[dir], pos, door->b1, pair.room, direction_names[dir ^ 1u]);
  }
}

static void check_rooms(const z3_dungeon *d, z3_doctor_report *r) {
  for (int i = 0; i < Z3_ROOM_COUNT; i++) {
    const z3_room *room = &d->rooms[i];
    size_t objects = z3_room_object_total(room);
    if (objects > Z3_ROOM_MAX_OBJECTS) {
      z3_doctor__add(r, "dungeon.too_many_objects", "room", i, (long)room->object_pc, NULL,
                     "room 0x%03X has %zu objects; above %d the game lags", i, objects, Z3_ROOM_MAX_OBJECTS);
    }
    size_t idx[Z3_CHEST_RECORDS];
    size_t chests = z3_room_chests(d, i, idx);
    if (chests > Z3_ROOM_MAX_CHESTS) {
      z3_doctor__add(r, "dungeon.too_many_chests", "room", i, (long)(d->chest_table_pc + 3 * idx[Z3_ROOM_MAX_CHESTS]),
                     NULL, "room 0x%03X has %zu chests; the game tracks %d", i, chests, Z3_ROOM_MAX_CHESTS);
    }
    check_doors(d, room, r);
  }
  for (size_t c = 0; c < d->chest_count; c++) {
    uint16_t room = d->chests[c].room;
    if (room == 0x7FFF || room < Z3_ROOM_COUNT) continue;
    z3_doctor__add(r, "dungeon.chest_bad_room", "chest", (long)c, (long)(d->chest_table_pc + 3 * c), NULL,
                   "chest record %zu names room 0x%03X; rooms are 0x000-0x127", c, room);
  }
}

static void check_places(const z3_rom *rom, z3_doctor_report *r) {
  const z3_place_field *room_field = z3_place_field_find("room");
  if (!room_field || z3_place_check_rom(rom, NULL) != Z3_OK) return;
  for (int k = Z3_PLACE_ENTRANCE; k <= Z3_PLACE_SPAWN; k++) {
    size_t table = k == Z3_PLACE_ENTRANCE ? room_field->entrance_pc : room_field->spawn_pc;
    int count = z3_place_count(rom, (z3_place_kind)k);
    for (int id = 0; id < count; id++) {
      unsigned room = 0;
      if (z3_place_get(rom, (z3_place_kind)k, id, room_field, &room, NULL) != Z3_OK || room < Z3_ROOM_COUNT) continue;
      long at = z3_place_expanded(rom) && k == Z3_PLACE_ENTRANCE ? -1 : (long)(table + (size_t)id * room_field->stride);
      z3_doctor__add(r, "dungeon.entrance_bad_room", k == Z3_PLACE_ENTRANCE ? "entrance" : "spawn point", id, at, NULL,
                     "%s 0x%02X leads to room 0x%03X; rooms are 0x000-0x127",
                     z3_place_kind_name((z3_place_kind)k), id, room);
    }
  }
}

void z3_doctor__dungeon(const z3_rom *rom, z3_doctor_report *r) {
  z3_dungeon *d = load_or_report(rom, r);
  if (d) check_rooms(d, r);
  z3_doctor__dungeon_maps(rom, d, r);
  z3_dungeon_free(d);
  check_places(rom, r);
}

/* ---- sprites ------------------------------------------------------------------ */

static bool sprite_id_exists(const z3_room_sprite *s) {
  if (z3_room_sprite_is_overlord(s)) return z3_overlord_name(s->id) != NULL;
  return z3_sprite_name(s->id) != NULL;
}

/* Records still in the list, so each removal names the index it has when it
 * runs: the repairs of one room run in report order, each last record first. */
typedef struct room_list {
  bool alive[256];
  size_t count;
} room_list;

static size_t index_now(const room_list *l, size_t original) {
  size_t n = 0;
  for (size_t i = 0; i < original; i++) n += l->alive[i];
  return n;
}

/* Removes the marked records (descending) and returns the repair commands. */
static json_t *removals(room_list *l, int room, const bool *remove) {
  json_t *cmds = json_array();
  for (size_t i = l->count; i-- > 0;) {
    if (!remove[i] || !l->alive[i]) continue;
    json_t *args = json_pack("{s:i,s:i}", "room", room, "index", (int)index_now(l, i));
    json_array_append_new(cmds, z3_doctor__command("dungeon_remove_sprite", args));
    l->alive[i] = false;
  }
  return cmds;
}

static void check_bad_ids(const z3_room *room, room_list *l, z3_doctor_report *r) {
  bool bad[256] = {0};
  char list[160] = "";
  size_t n = 0;
  for (size_t i = 0; i < l->count; i++) {
    if (sprite_id_exists(&room->sprites[i])) continue;
    bad[i] = true;
    size_t len = strlen(list);
    snprintf(list + len, sizeof list - len, "%s%zu (%s 0x%02X)", n++ ? ", " : "",
             i, z3_room_sprite_is_overlord(&room->sprites[i]) ? "overlord" : "sprite", room->sprites[i].id);
  }
  if (!n) return;
  z3_doctor__add(r, "sprite.bad_id", "room", room->id, (long)room->sprite_pc, removals(l, room->id, bad),
                 "room 0x%03X: record%s %s name%s no sprite the game has", room->id, n > 1 ? "s" : "", list,
                 n > 1 ? "" : "s");
}

static void check_limit(const z3_room *room, room_list *l, bool overlords, z3_doctor_report *r) {
  bool extra[256] = {0};
  size_t seen = 0, limit = overlords ? Z3_ROOM_MAX_OVERLORDS : Z3_ROOM_MAX_SPRITES;
  for (size_t i = 0; i < l->count; i++) {
    if (!l->alive[i] || z3_room_sprite_is_overlord(&room->sprites[i]) != overlords) continue;
    extra[i] = ++seen > limit;
  }
  if (seen <= limit) return;
  z3_doctor__add(r, overlords ? "sprite.too_many_overlords" : "sprite.too_many", "room", room->id,
                 (long)room->sprite_pc, removals(l, room->id, extra), "room 0x%03X has %zu %s; the game keeps %zu",
                 room->id, seen, overlords ? "overlords" : "sprites", limit);
}

void z3_doctor__sprites(const z3_rom *rom, z3_doctor_report *r, bool say_why_unreadable) {
  z3_dungeon *d = NULL;
  if (say_why_unreadable) d = load_or_report(rom, r);
  else if (z3_dungeon_load(rom, &d, NULL) != Z3_OK) d = NULL; /* the dungeon doctor said why */
  if (!d) return;
  for (int i = 0; i < Z3_ROOM_COUNT; i++) {
    const z3_room *room = &d->rooms[i];
    room_list l = {.count = room->sprite_count < 256 ? room->sprite_count : 256};
    for (size_t k = 0; k < l.count; k++) l.alive[k] = true;
    check_bad_ids(room, &l, r);
    check_limit(room, &l, false, r);
    check_limit(room, &l, true, r);
  }
  z3_dungeon_free(d);
}
