/* Pieces of the sample ROM's dungeon writer (sample_dungeon*.c only). */
#ifndef Z3_ZELDA3_SAMPLE_DUNGEON_H
#define Z3_ZELDA3_SAMPLE_DUNGEON_H

#include <stdint.h>

#include "zelda3/dungeon.h"

enum { Z3_SAMPLE_GALLERY_SLOTS = 64 }; /* objects per list of a gallery room: an 8x8 grid */

/* One room the sample designs: header, object lists, doors, sprites and the
 * specials that live in tables of their own (pot item, torch, block). */
typedef struct z3_sample_room {
  int id;
  uint8_t header[Z3_ROOM_HEADER_SIZE];
  uint8_t floor, layout;
  z3_room_object objects[3][Z3_SAMPLE_GALLERY_SLOTS];
  size_t counts[3];
  z3_room_door doors[Z3_ROOM_MAX_DOORS];
  size_t door_count;
  z3_room_sprite sprites[6];
  size_t sprite_count;
  uint16_t message;
  z3_pot_item pot;        /* pot.position 0: none (the gallery and curated pots are written apart) */
  uint16_t torches[2];    /* torch table positions, 0: none */
  uint16_t block;         /* pushable block table position, 0: none */
} z3_sample_room;

/* A palace of the sample (sample_palaces.c): its rooms at ids the game's own
 * palace uses, entrance first, chest room second, boss room last. */
enum { Z3_SAMPLE_PALACES = 14, Z3_SAMPLE_PALACE_ROOMS = 4 };
typedef struct z3_sample_palace {
  uint16_t rooms[Z3_SAMPLE_PALACE_ROOMS]; /* 0 ends a shorter list */
  uint8_t palette, blockset, sprite_set;
  uint8_t boss, foe;                      /* sprite ids */
  bool big_chest, torches, block;
  bool boss_below;                        /* the boss room is on the map's basement floor */
} z3_sample_palace;
extern const z3_sample_palace z3_sample__palaces[Z3_SAMPLE_PALACES];
int z3_sample__palace_rooms(const z3_sample_palace *p);
/* Appends every palace's rooms to list (count in/out, at most max); fails
 * naming the palace and room when the list is full, a room id is taken or a
 * room has no neighbour in its palace to join by a door. */
z3_status z3_sample__build_palaces(z3_sample_room *list, size_t *count, size_t max, z3_error *err);

/* The 133 dungeon entrances and 7 spawn points (§3.13, §3.14). */
void z3_sample__write_dungeon_entrances(uint8_t *img);
/* Object and floor tile words, the per-subtype offset tables, door positions
 * and the underworld palette sets (§3.4, data reference §5.5). */
void z3_sample__write_dungeon_gfx(uint8_t *img);
/* The pause-screen dungeon maps (sample_dungeon_map.c), vanilla layout. */
z3_status z3_sample__write_dungeon_maps(uint8_t *img, z3_error *err);

#endif
