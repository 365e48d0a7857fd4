/*
 * Dungeon map doctor (doctor.h): the pause-screen maps read, their templates
 * exist, the boss room is on the floor the game looks on, and every square
 * shows a room that has something in it.
 */
#include <stdio.h>

#include "zelda3/doctor_internal.h"
#include "zelda3/dungeon.h"
#include "zelda3/dungeon_map.h"

enum { BOSS_FLOORS_PC = 0x56E79 };

/* The game looks for the boss room on the stored floor only (usdasm
 * DungeonMap_DrawBossIconByFloor and the skull's blinking square). */
static void check_boss(const z3_dmap_palace *p, int i, z3_doctor_report *r) {
  long at = BOSS_FLOORS_PC + 2L * i;
  if (p->boss_room == Z3_DMAP_NO_BOSS) return;
  int f = z3_dmap_find_room(p, p->boss_room), stored = (int8_t)(p->boss_floor_word & 0xFF);
  char where[8], want[8];
  if (f < 0) {
    z3_doctor__add(r, "dungeon.map_boss_floor", "palace", i, at, NULL,
                   "palace %d (%s): boss room 0x%03X is on none of its map's floors", i, z3_dmap_palace_name(i),
                   p->boss_room);
    return;
  }
  int index = stored + p->basements;
  bool on_it = false;
  if (!(p->boss_floor_word & 0x8000) && index >= 0 && index < z3_dmap_floor_total(p))
    for (int s = 0; s < Z3_DMAP_SQUARES; s++) on_it |= p->rooms[index][s] == p->boss_room;
  if (on_it) return;
  z3_dmap_floor_name(z3_dmap_floor_number(p, f), want, sizeof want);
  if (p->boss_floor_word & 0x8000) snprintf(where, sizeof where, "none");
  else z3_dmap_floor_name(stored, where, sizeof where);
  z3_doctor__add(r, "dungeon.map_boss_floor", "palace", i, at, NULL,
                 "palace %d (%s): the boss floor is %s but boss room 0x%03X is on %s", i, z3_dmap_palace_name(i),
                 where, p->boss_room, want);
}

static void check_squares(const z3_dmap_palace *p, int i, const z3_dungeon *d, z3_doctor_report *r) {
  for (int f = 0; f < z3_dmap_floor_total(p); f++)
    for (int s = 0; s < Z3_DMAP_SQUARES; s++) {
      unsigned room = p->rooms[f][s];
      if (room == Z3_DMAP_EMPTY) continue;
      char floor[8];
      z3_dmap_floor_name(z3_dmap_floor_number(p, f), floor, sizeof floor);
      long at = (long)(p->rooms_pc + (size_t)f * Z3_DMAP_SQUARES + (size_t)s);
      if (p->gfx[f][s] >= Z3_DMAP_TEMPLATES)
        z3_doctor__add(r, "dungeon.map_bad_template", "palace", i, at, NULL,
                       "palace %d (%s) %s square (%d,%d): template 0x%02X; the game has 0x00-0x%02X", i,
                       z3_dmap_palace_name(i), floor, s % 5, s / 5, p->gfx[f][s], Z3_DMAP_TEMPLATES - 1);
      if (d && z3_room_object_total(&d->rooms[room]) == 0 && d->rooms[room].door_count == 0)
        z3_doctor__add(r, "dungeon.map_empty_room", "palace", i, at, NULL,
                       "palace %d (%s) %s square (%d,%d) shows room 0x%03X, which has no objects or doors", i,
                       z3_dmap_palace_name(i), floor, s % 5, s / 5, room);
    }
}

void z3_doctor__dungeon_maps(const z3_rom *rom, const z3_dungeon *d, z3_doctor_report *r) {
  z3_dmaps *maps = z3_calloc(1, sizeof *maps);
  if (!maps) return;
  z3_error err;
  z3_error_init(&err);
  if (z3_dmaps_read(rom, maps, &err) != Z3_OK) {
    z3_doctor__add(r, "dungeon.map_unreadable", "dungeon map", -1, (long)err.offset, NULL, "%s", err.message);
  } else {
    for (int i = 0; i < Z3_DMAP_PALACES; i++) {
      check_boss(&maps->palaces[i], i, r);
      check_squares(&maps->palaces[i], i, d, r);
    }
  }
  z3_free(maps);
}
