/*
 * Dungeon entrances (133) and starting points (7): where Link appears when he
 * enters a room from the overworld or starts a game (world reference §3.13,
 * §3.14). Both are parallel tables of one field each, edited one field at a
 * time straight in the ROM (there is nothing to relocate: every table has a
 * fixed slot per record).
 *
 * Coordinates (x, y, scrolls, camera triggers) are absolute in the dungeon
 * space, where room R's upper-left corner lies at ((R & 0x0F) * 512,
 * (R >> 4) * 512). The API also shows them relative to the room, and moving
 * an entrance to another room carries them along unless asked not to.
 */
#ifndef Z3_ZELDA3_ENTRANCE_H
#define Z3_ZELDA3_ENTRANCE_H

#include <jansson.h>

#include "base/base.h"
#include "snes/rom.h"

enum { Z3_ENTRANCES = 133, Z3_SPAWN_POINTS = 7,
       Z3_ENTRANCES_EXPANDED = 255 /* ZScream's expanded tables (world reference §6) */ };

typedef enum z3_place_kind { Z3_PLACE_ENTRANCE = 0, Z3_PLACE_SPAWN = 1 } z3_place_kind;

/* How a field's values are checked and shown. */
typedef enum z3_place_value {
  Z3_PV_RAW,        /* any value of its width */
  Z3_PV_ROOM,       /* 0x000-0x127 */
  Z3_PV_COORD,      /* absolute, inside the record's room */
  Z3_PV_BOUND,      /* camera limit high byte: inside the record's room */
  Z3_PV_BLOCKSET,   /* 0x00-0x24 */
  Z3_PV_FLOOR,      /* signed byte */
  Z3_PV_PALACE,     /* even 0x00-0x1A, or 0xFF */
  Z3_PV_NIBBLES01,  /* each nibble 0 or 1 */
  Z3_PV_NIBBLES02,  /* each nibble 0 or 2 */
  Z3_PV_QUADRANT,   /* 0x00, 0x02, 0x10, 0x12 */
  Z3_PV_SONG,       /* a song 0x00-0x22 or a sound-engine command 0xF0-0xFF */
  Z3_PV_ENTRANCE,   /* 0x00-0x84 */
} z3_place_value;

typedef struct z3_place_field {
  const char *name;
  const char *help;
  size_t entrance_pc; /* 0: spawn points only */
  size_t spawn_pc;    /* 0: entrances only */
  uint8_t width;      /* bytes of the value: 1 or 2 */
  uint8_t stride;     /* bytes per record in its table */
  uint8_t sub;        /* byte within the record (camera bounds) */
  z3_place_value value;
  bool vertical;      /* a Y coordinate or bound (checked against the room's row) */
} z3_place_field;

/* Their names in the same order, NULL-terminated (for the command table's choices). */
extern const char *const z3_place_field_names[];
/* The fields, in table order; *count gets their number. */
const z3_place_field *z3_place_fields(size_t *count);
/* NULL when no field has that name. */
const z3_place_field *z3_place_field_find(const char *name);
bool z3_place_field_applies(const z3_place_field *f, z3_place_kind kind);
/* Records of the kind in this ROM: 133 entrances, or 255 when ZScream has
 * expanded them (0x00 at 0x7F000 or 0x01 at 0x7F001: the tables then sit at
 * 0x78000-0x7A0FF, one 0x100/0x200-byte table per field); 7 spawn points. */
int z3_place_count(const z3_rom *rom, z3_place_kind kind);
/* ZScream's expanded dungeon entrances are what this ROM holds. */
bool z3_place_expanded(const z3_rom *rom);
const char *z3_place_kind_name(z3_place_kind kind); /* "entrance" or "spawn point" */

/* Z3_E_INVALID when the ROM is too small to hold the tables (the vanilla
 * ones, or ZScream's expanded ones when it shows them). z3_place_get checks only the size,
 * so callers check this once first; the JSON functions assume it passed. */
z3_status z3_place_check_rom(const z3_rom *rom, z3_error *err);
/* The field's value in record `id` (checked: id in range, field applies). */
z3_status z3_place_get(const z3_rom *rom, z3_place_kind kind, int id, const z3_place_field *f, unsigned *out,
                       z3_error *err);
/* Checks `value` against the field's rules for record `id` as it stands. */
z3_status z3_place_check(const z3_rom *rom, z3_place_kind kind, int id, const z3_place_field *f, int64_t value,
                         z3_error *err);
/* Checks, then writes the field through the change log. A new room moves the
 * record's coordinates and camera bounds by the same offset unless
 * keep_coordinates; *moved (may be NULL) tells whether they moved. */
z3_status z3_place_set(z3_rom *rom, z3_place_kind kind, int id, const z3_place_field *f, int64_t value,
                       bool keep_coordinates, bool *moved, z3_error *err);

/* Every field of one record, with names for rooms, palaces and songs. */
json_t *z3_place_json(const z3_rom *rom, z3_place_kind kind, int id);
/* One line per record for listings: id, room, x, y (relative), palace, song. */
json_t *z3_place_summary_json(const z3_rom *rom, z3_place_kind kind, int id);

const char *z3_song_name(unsigned song);     /* NULL when the game defines no such id */
const char *z3_palace_name(unsigned palace); /* NULL when not a palace id */

#endif
