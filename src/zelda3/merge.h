/*
 * zelda3/merge: three-way merge of two hacks of one base ROM.
 *
 * Byte by byte against the base: a byte only one side changed takes that
 * side's value; a byte both changed to the same value takes it; a byte both
 * changed differently is a conflict. Conflicting bytes are grouped into runs
 * and named in game terms from the ROM maps of the three images (room 0x012
 * sprites, message 0x01F, free space, code...). A conflict is resolved by the
 * side --prefer names for its category; otherwise it keeps the base's bytes
 * and is reported unresolved. The header checksum is recomputed, never
 * merged. The result must still load every model the base loads.
 *
 * Rooms are merged as rooms (merge_rooms.c) when all three images' rooms
 * load: each room's objects with doors, sprites, pot items and header are
 * taken part by part from the side that changed them and written by the
 * dungeon model, which re-allocates what grew; so a room one side moved is
 * followed through its pointer, and two sides that moved different rooms
 * into the same free space merge cleanly. A part both sides changed
 * differently is a conflict named "room 0x012 sprites".
 *
 * Messages are merged as messages (merge_messages.c) when all three load
 * with one dictionary: each message from the side that changed it, the
 * stream packed again by the text model, so one side's longer message no
 * longer shifts the other side's edits into conflicts. Both sides changing
 * one message differently is a conflict named "message 0x01F".
 *
 * Area maps are merged as maps (merge_areas.c) when all three overworlds
 * load: each area's tile32 grid from the side that changed it, written by
 * the overworld model, which re-allocates streams that grew.
 *
 * Graphics sheets are merged as sheets (merge_sheets.c) when every sheet of
 * all three reads: each sheet's tiles from the side that changed them,
 * packed and placed by the graphics writer.
 *
 * Everything else (palettes, tables, code) merges as bytes.
 */
#ifndef Z3_ZELDA3_MERGE_H
#define Z3_ZELDA3_MERGE_H

#include <jansson.h>

#include "snes/rom.h"

typedef enum z3_merge_side { Z3_MERGE_NONE = 0, Z3_MERGE_OURS, Z3_MERGE_THEIRS } z3_merge_side;

/* Categories --prefer may name (as the manifest names its lists), "code" for
 * bytes no model holds. */
enum { Z3_MERGE_CATEGORIES = 9 };
extern const char *const z3_merge_categories[Z3_MERGE_CATEGORIES];

typedef struct z3_merge_opts {
  z3_merge_side prefer[Z3_MERGE_CATEGORIES];
} z3_merge_opts;

/* Parses "ours", "theirs", or a comma list of CATEGORY=ours|theirs (a bare side sets every category). */
z3_status z3_merge_parse_prefer(const char *text, z3_merge_opts *opts, z3_error *err);

typedef struct z3_merge_result {
  size_t from_ours, from_theirs;  /* bytes taken from one side */
  size_t conflicts, unresolved;   /* conflict runs, and those left at the base's bytes */
  size_t rooms_from[2];           /* room parts taken from ours, from theirs */
  size_t messages_from[2];        /* messages taken from ours, from theirs */
  size_t area_maps_from[2];       /* area maps taken from ours, from theirs */
  size_t sheets_from[2];          /* graphics sheets taken from ours, from theirs */
  json_t *report;                 /* {"conflicts": [...], ...}; the caller's */
} z3_merge_result;

/* Merges into out (caller-initialised). An error only for sizes that cannot
 * merge, a result that no longer loads, or memory. */
z3_status z3_merge(const z3_rom *base, const z3_rom *ours, const z3_rom *theirs, const z3_merge_opts *opts,
                   z3_buf *out, z3_merge_result *res, z3_error *err);

#endif
