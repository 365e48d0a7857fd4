/* Doors: add, move and remove door records (world reference §3.4), keeping
 * the two sides of a doorway in step. Rooms sit on a 16-wide grid, so the room
 * beyond a room's north wall is id - 0x10, and the door that leads back is on
 * that room's south wall at the same position index; --pair edits both. */
#include <string.h>

#include "zelda3/dungeon.h"

enum { DIR_NORTH, DIR_SOUTH, DIR_WEST, DIR_EAST, POSITIONS = 12, LAST_TYPE = 0x66 };

static unsigned opposite(unsigned dir) { return dir ^ 1u; }

int z3_room_neighbour(int room, unsigned dir) {
  int n = dir == DIR_NORTH ? room - 0x10 : dir == DIR_SOUTH ? room + 0x10 : dir == DIR_WEST ? room - 1 : room + 1;
  if (dir >= DIR_WEST && (n >> 4) != (room >> 4)) return -1; /* the grid's left or right edge */
  return n >= 0 && n < Z3_ROOM_COUNT ? n : -1;
}

z3_status z3_door_check(unsigned dir, unsigned position, uint8_t type, z3_error *err) {
  if (dir > DIR_EAST) return z3_error_set(err, Z3_E_INVALID, "door direction %u does not exist: 0-3", dir);
  if (position >= POSITIONS) {
    return z3_error_set(err, Z3_E_INVALID, "door position %u does not exist: each wall has positions 0-11", position);
  }
  const char *name = z3_door_type_name(type);
  if (!name) return z3_error_set(err, Z3_E_INVALID, "door type 0x%02X does not exist: types are even, 0x00-0x66", type);
  if (strncmp(name, "unusable", 8) == 0) {
    return z3_error_set(err, Z3_E_INVALID, "door type 0x%02X is one the game cannot draw or open (unusable)", type);
  }
  return Z3_OK;
}

bool z3_door_needs_pair(uint8_t type) { return type == 0x00 || type == 0x02 || type == 0x1C || type == 0x1E; }

static unsigned door_dir(const z3_room_door *door) { return door->b0 & 3u; }
static unsigned door_pos(const z3_room_door *door) { return door->b0 >> 4; }

/* Index of the room's door on wall dir at position, or -1. */
static long find_door(const z3_room *r, unsigned dir, unsigned position) {
  for (size_t i = 0; i < r->door_count; i++)
    if (door_dir(&r->doors[i]) == dir && door_pos(&r->doors[i]) == position) return (long)i;
  return -1;
}

z3_door_pair z3_room_door_pair(const z3_dungeon *d, int room, size_t index) {
  const z3_room_door *door = &d->rooms[room].doors[index];
  int n = z3_room_neighbour(room, door_dir(door));
  if (n < 0) return (z3_door_pair){.room = -1};
  long other = find_door(&d->rooms[n], opposite(door_dir(door)), door_pos(door));
  return (z3_door_pair){.room = n, .index = other};
}

/* Whether the room can take a door on wall dir at position. */
static z3_status check_free(const z3_dungeon *d, int room, unsigned dir, unsigned position, z3_error *err) {
  const z3_room *r = &d->rooms[room];
  if (find_door(r, dir, position) >= 0) {
    return z3_error_set(err, Z3_E_INVALID, "room 0x%03X already has a door on its %s wall at position %u", room,
                        z3_door_direction_name(dir), position);
  }
  if (r->door_count >= Z3_ROOM_MAX_DOORS) {
    return z3_error_set(err, Z3_E_INVALID, "room 0x%03X already has %d doors, the most the game keeps", room,
                        Z3_ROOM_MAX_DOORS);
  }
  return Z3_OK;
}

static size_t put_door(z3_dungeon *d, int room, unsigned dir, unsigned position, uint8_t type) {
  z3_room *r = &d->rooms[room];
  size_t index = r->door_count++;
  r->doors[index] = (z3_room_door){(uint8_t)(position << 4 | dir), type};
  r->dirty_objects = true;
  z3_room_note(r, "door %zu 0x%02X added on the %s wall at position %u", index, type, z3_door_direction_name(dir), position);
  return index;
}

z3_status z3_room_add_door(z3_dungeon *d, int room, unsigned dir, unsigned position, uint8_t type, bool pair,
                           size_t *index, z3_door_pair *partner, z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st == Z3_OK) st = z3_door_check(dir, position, type, err);
  if (st == Z3_OK) st = check_free(d, room, dir, position, err);
  if (st) return st;
  int n = z3_room_neighbour(room, dir);
  if (pair && n < 0) {
    return z3_error_set(err, Z3_E_INVALID, "room 0x%03X has no room beyond its %s wall to pair the door with", room,
                        z3_door_direction_name(dir));
  }
  bool add_other = pair && find_door(&d->rooms[n], opposite(dir), position) < 0;
  if (add_other && (st = check_free(d, n, opposite(dir), position, err)) != Z3_OK) return st;
  *index = put_door(d, room, dir, position, type);
  if (add_other) put_door(d, n, opposite(dir), position, type);
  *partner = z3_room_door_pair(d, room, *index);
  return Z3_OK;
}

static z3_status check_door_index(const z3_dungeon *d, int room, size_t index, z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st == Z3_OK && index >= d->rooms[room].door_count) {
    st = z3_error_set(err, Z3_E_INVALID, "room 0x%03X has no door %zu: it has %zu", room, index, d->rooms[room].door_count);
  }
  return st;
}

z3_status z3_room_move_door(z3_dungeon *d, int room, size_t index, unsigned position, bool pair, z3_door_pair *partner,
                            z3_error *err) {
  z3_status st = check_door_index(d, room, index, err);
  if (st) return st;
  z3_room_door *door = &d->rooms[room].doors[index];
  unsigned dir = door_dir(door), from = door_pos(door);
  if ((st = z3_door_check(dir, position, door->b1, err)) != Z3_OK) return st;
  if (position == from) return Z3_OK;
  if (find_door(&d->rooms[room], dir, position) >= 0) {
    return z3_error_set(err, Z3_E_INVALID, "room 0x%03X already has a door on its %s wall at position %u", room,
                        z3_door_direction_name(dir), position);
  }
  z3_door_pair p = z3_room_door_pair(d, room, index);
  bool carry = pair && p.room >= 0 && p.index >= 0;
  if (carry && find_door(&d->rooms[p.room], opposite(dir), position) >= 0) {
    return z3_error_set(err, Z3_E_INVALID, "room 0x%03X (the other side) already has a door at position %u", p.room, position);
  }
  door->b0 = (uint8_t)((door->b0 & 0x0Fu) | position << 4);
  d->rooms[room].dirty_objects = true;
  z3_room_note(&d->rooms[room], "door %zu moved from position %u to %u", index, from, position);
  if (carry) {
    z3_room_door *o = &d->rooms[p.room].doors[p.index];
    o->b0 = (uint8_t)((o->b0 & 0x0Fu) | position << 4);
    d->rooms[p.room].dirty_objects = true;
    z3_room_note(&d->rooms[p.room], "door %ld moved from position %u to %u (other side of room 0x%03X)", p.index, from,
                 position, room);
  }
  *partner = z3_room_door_pair(d, room, index);
  return Z3_OK;
}

static void drop_door(z3_room *r, size_t index) {
  memmove(&r->doors[index], &r->doors[index + 1], (r->door_count - index - 1) * sizeof r->doors[0]);
  r->door_count--;
  r->dirty_objects = true;
}

z3_status z3_room_remove_door(z3_dungeon *d, int room, size_t index, bool pair, z3_door_pair *partner, z3_error *err) {
  z3_status st = check_door_index(d, room, index, err);
  if (st) return st;
  *partner = z3_room_door_pair(d, room, index);
  const z3_room_door *door = &d->rooms[room].doors[index];
  z3_room_note(&d->rooms[room], "door %zu 0x%02X removed from the %s wall", index, door->b1,
               z3_door_direction_name(door_dir(door)));
  drop_door(&d->rooms[room], index);
  if (pair && partner->room >= 0 && partner->index >= 0) {
    z3_room_note(&d->rooms[partner->room], "door %ld removed (other side of room 0x%03X)", partner->index, room);
    drop_door(&d->rooms[partner->room], (size_t)partner->index);
  }
  return Z3_OK;
}
