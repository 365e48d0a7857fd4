/*
 * ALttP sprites (world reference §4): the id → name catalogue for the 243
 * sprite ids 0x00-0xF2 and the 26 overlords 0x01-0x1A, and the eight sprite
 * property tables in bank $0D (one byte per sprite id each).
 *
 * Names follow the usdasm jump-table labels (believed canonical), written as
 * words; ids without a handler (0xF3-0xFF) and overlord 0 / ids above 0x1A
 * have no name.
 */
#ifndef Z3_ZELDA3_SPRITE_H
#define Z3_ZELDA3_SPRITE_H

#include <stdint.h>

#include "snes/rom.h"

enum {
  Z3_SPRITE_COUNT = 0xF3,        /* ids 0x00-0xF2 */
  Z3_OVERLORD_FIRST = 0x01,
  Z3_OVERLORD_LAST = 0x1A,
  Z3_OVERLORD_COUNT = Z3_OVERLORD_LAST - Z3_OVERLORD_FIRST + 1,
};

/* "Octorok", "Green Guard", ...; NULL for ids 0xF3-0xFF. */
const char *z3_sprite_name(uint8_t id);
/* "Falling Stalfos", "Moving Floor", ...; NULL outside 0x01-0x1A. */
const char *z3_overlord_name(uint8_t id);

/* ---- property tables (world reference §4.3) ------------------------------ */

enum { Z3_SPRITE_TABLE_COUNT = 8 };

typedef struct z3_sprite_table {
  const char *name;   /* "oam_harm", "health", ... */
  size_t pc;          /* vanilla file offset of entry 0 */
  const char *about;  /* what the byte holds */
} z3_sprite_table;
extern const z3_sprite_table z3_sprite_tables[Z3_SPRITE_TABLE_COUNT];

/* One named bit field of a table byte. */
typedef struct z3_sprite_field {
  int table;          /* index into z3_sprite_tables */
  const char *name;
  uint8_t shift, width;
} z3_sprite_field;
extern const z3_sprite_field z3_sprite_fields[];
extern const size_t z3_sprite_field_count;
/* The fields' names in the same order, NULL-terminated (choices for commands). */
extern const char *const z3_sprite_field_names[];
/* The field called `name`, or NULL. */
const z3_sprite_field *z3_sprite_field_find(const char *name);

/* The eight bytes of sprite `id` (0x00-0xF2), in table order. */
z3_status z3_sprite_props_read(const z3_rom *rom, uint8_t id, uint8_t out[Z3_SPRITE_TABLE_COUNT],
                               z3_error *err);
/* A field's value within its table's byte. */
unsigned z3_sprite_field_value(const z3_sprite_field *f, uint8_t byte);
/* The largest value a field holds: 1 for a flag, 7 for a 3-bit field ... */
unsigned z3_sprite_field_max(const z3_sprite_field *f);
/* Sets one field of sprite `id` through the change log, the byte's other
 * fields kept. A value the field's bits cannot hold is refused, naming the
 * range; writes nothing when the value is already there. */
z3_status z3_sprite_field_set(z3_rom *rom, uint8_t id, const z3_sprite_field *f, unsigned value,
                              z3_error *err);

#endif
