/* Shared by merge.c (bytes) and merge_rooms.c (rooms); zelda3/ only. */
#ifndef Z3_ZELDA3_MERGE_INTERNAL_H
#define Z3_ZELDA3_MERGE_INTERNAL_H

#include "zelda3/merge.h"
#include "zelda3/romap.h"

typedef struct z3_dungeon z3_dungeon;
typedef struct z3_text z3_text;
typedef struct z3_overworld z3_overworld;

typedef struct z3_merge_three {
  const z3_rom *rom[3]; /* base, ours, theirs */
  z3_romap map[3];
  size_t size;
  z3_dungeon *dungeon[3]; /* each image's rooms, when all three load */
  z3_text *text[3];       /* each image's messages, when they merge as messages */
  z3_overworld *ow[3];    /* each image's overworld, when all three load */
  z3_buf *sheets[3];      /* each image's decoded sheets (Z3_SHEET_COUNT), when all read */
} z3_merge_three;

int z3_merge__category(const char *name);
/* Byte i is held by a region `kind` accepts in some image and by nothing
 * else (free space aside) in any: a structured merge owns it. */
bool z3_merge__owned_by(const z3_merge_three *t, size_t i, bool (*kind)(const z3_region *));

/* One entry of a structured merge (a room part, an area map, a sheet, a
 * message) compared in the three images. */
typedef struct z3_merge_part {
  bool ours, theirs, agree; /* ours / theirs differ from the base; both sides equal */
  const char *what, *category;
  size_t offset;            /* the base's offset, for the report; SIZE_MAX: none */
} z3_merge_part;
/* Which image the entry comes from: 0 (unchanged or an unresolved
 * conflict), 1 or 2; a conflict is counted, settled by --prefer for its
 * category when given, and listed. */
int z3_merge__source(const z3_merge_part *part, const z3_merge_opts *opts, z3_merge_result *res, json_t *list);
/* Byte i belongs to rooms (streams, lists, headers, their pointer tables) in
 * some image, and to nothing else in any: the room merge owns it. */
bool z3_merge__room_byte(const z3_merge_three *t, size_t i);
/* Loads every image's rooms into t->dungeon; false (nothing kept) when one does not load. */
bool z3_merge__rooms_load(z3_merge_three *t);
void z3_merge__rooms_release(z3_merge_three *t);
/* Merges the rooms part by part into rom (the merged image: the byte merge,
 * room bytes at the base's), adding conflicts to list; writes them only when
 * none is unresolved. The other structured merges take the same image. */
z3_status z3_merge__rooms(const z3_merge_three *t, const z3_merge_opts *opts, z3_rom *rom, z3_merge_result *res,
                          json_t *list, z3_error *err);

/* merge_areas.c, the same for area maps (tile32 grids). */
bool z3_merge__areas_load(z3_merge_three *t);
void z3_merge__areas_release(z3_merge_three *t);
bool z3_merge__area_byte(const z3_merge_three *t, size_t i);
z3_status z3_merge__areas(const z3_merge_three *t, const z3_merge_opts *opts, z3_rom *rom, z3_merge_result *res,
                          json_t *list, z3_error *err);

/* merge_sheets.c, the same for graphics sheets (decoded tiles). */
bool z3_merge__sheets_load(z3_merge_three *t);
void z3_merge__sheets_release(z3_merge_three *t);
bool z3_merge__sheet_byte(const z3_merge_three *t, size_t i);
z3_status z3_merge__sheets(const z3_merge_three *t, const z3_merge_opts *opts, z3_rom *rom, z3_merge_result *res,
                           json_t *list, z3_error *err);

/* merge_messages.c, the same for messages: t->text is loaded only when all
 * three load with one dictionary and text banks holding nothing else. */
bool z3_merge__messages_load(z3_merge_three *t);
void z3_merge__messages_release(z3_merge_three *t);
/* Byte i lies in a text bank and messages merge as messages: the message merge owns it. */
bool z3_merge__message_byte(const z3_merge_three *t, size_t i);
z3_status z3_merge__messages(const z3_merge_three *t, const z3_merge_opts *opts, z3_rom *rom, z3_merge_result *res,
                             json_t *list, z3_error *err);

#endif
