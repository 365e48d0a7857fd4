/*
 * zelda3/romap: which game structure owns each byte of a ROM, from the world
 * model (rooms, areas, messages, sheets, palettes, tables, free space).
 *
 * z3_romap_build loads every model the ROM has and records where its data
 * lives as regions [offset, offset + length). Regions may overlap (rooms that
 * share an object list, an entry inside its table); lookups return the
 * narrowest region holding a byte. A model that cannot be read (a ROM that is
 * not ALttP, or one edited beyond what z3ed reads) is skipped and named in
 * `skipped`, so the map still says what it can.
 *
 * hex annotate, patch manifests and rom merge read the same map, so a byte is
 * named the same way everywhere.
 */
#ifndef Z3_ZELDA3_ROMAP_H
#define Z3_ZELDA3_ROMAP_H

#include "snes/rom.h"

typedef enum z3_region_kind {
  Z3_REGION_HEADER = 0,   /* the internal header and vectors */
  Z3_REGION_SHEET,        /* graphics sheet `index` (its stored, maybe compressed, bytes) */
  Z3_REGION_ROOM_HEADER,  /* room `index`'s 14-byte header */
  Z3_REGION_ROOM_OBJECTS, /* room `index`'s object stream (objects and doors) */
  Z3_REGION_ROOM_SPRITES, /* room `index`'s sprite list */
  Z3_REGION_ROOM_POTS,    /* room `index`'s pot items */
  Z3_REGION_CHEST,        /* chest record `index` (part: the room) */
  Z3_REGION_MESSAGE,      /* message `index` with its terminator */
  Z3_REGION_AREA_MAP,     /* area `index`'s map stream, part 0 high bytes, 1 low bytes */
  Z3_REGION_AREA_SPRITES, /* area `index`'s sprite list, part = game state */
  Z3_REGION_AREA_ITEMS,   /* area `index`'s secret items */
  Z3_REGION_AREA_ENTRY,   /* area `index`'s entry of a per-area table: part = z3_ow_entry * 8 + slot */
  Z3_REGION_PALETTE,      /* palette `index` of group `part` (z3_palette_groups) */
  Z3_REGION_TILES,        /* overworld tile16 (part 0) or tile32 quadrant (part 1-4) table */
  Z3_REGION_TABLE,        /* a pointer or fixed table, `part` = z3_romap_table */
  Z3_REGION_FREE,         /* space the allocators may hand out */
  Z3_REGION_AREA_OVERLAY, /* area `index`'s overlay routine, one region per code span (part = span) */
  Z3_REGION_DUNGEON_LIST, /* layout (part 0) or dungeon overlay (part 1) `index`'s object list */
  Z3_REGION_KIND_COUNT
} z3_region_kind;

/* The tables named by Z3_REGION_TABLE regions. */
typedef enum z3_romap_table {
  Z3_TABLE_ROOM_OBJECT_POINTERS = 0,
  Z3_TABLE_ROOM_HEADER_POINTERS,
  Z3_TABLE_ROOM_SPRITE_POINTERS,
  Z3_TABLE_ROOM_POT_POINTERS,
  Z3_TABLE_ROOM_MESSAGES,
  Z3_TABLE_SHEET_POINTERS,
  Z3_TABLE_AREA_MAP_POINTERS,
  Z3_TABLE_AREA_SPRITE_POINTERS,
  Z3_TABLE_AREA_ITEM_POINTERS,
  Z3_TABLE_TEXT_DICTIONARY,
  Z3_TABLE_AREA_MAP_POINTERS_UNREAD, /* the vanilla map pointers, which the tail-map patch replaces */
  Z3_TABLE_ZSCUSTOM_FLAGS,           /* ZSCustomOverworld's enable bytes and version, 0x140140-0x140148 */
  Z3_TABLE_TAIL_MAP_MARKER,          /* the tail-map patch's marker byte at 0x1423FF */
  Z3_TABLE_WATER_FILL,               /* yaze's water-fill zones, 0x12E000-0x12FFFF (water_fill.h) */
  Z3_TABLE_OVERLAY_VECTORS,          /* overlay vectors: 128 words at 0x77664, or ZScream's 128 longs at 0x77677 */
  Z3_TABLE_LAYOUT_POINTERS,          /* 8 longs, through the operand at 0x882D */
  Z3_TABLE_OVERLAY_POINTERS,         /* 19 longs, through the operand at 0xB857 */
  Z3_TABLE_BOMB_DOORS,               /* 128 words at 0x16DC5 (overworld_secrets.h) */
  Z3_TABLE_GRAVESTONES,              /* the gravestone tables, 0x4993A-0x499E8 */
  Z3_TABLE_DUNGEON_MAPS,             /* the pause-screen maps' per-palace tables in bank $0A (dungeon_map.h) */
  Z3_TABLE_DUNGEON_MAP_LISTS,        /* one palace's room list or template list (index = palace) */
  Z3_TABLE_COUNT
} z3_romap_table;

typedef struct z3_region {
  size_t offset, length;
  z3_region_kind kind;
  int index; /* room, area, message, sheet, palette or chest number; -1 for one-of-a-kind regions */
  int part;  /* see the kinds */
} z3_region;

typedef struct z3_romap {
  z3_region *items; /* sorted by offset, then longest first */
  size_t count, cap;
  size_t *reach;    /* reach[i]: largest end among items[0..i], for lookups */
  char skipped[256];/* models that could not be read, comma-separated */
} z3_romap;

/* Builds the map of rom. Fails only for want of memory. */
z3_status z3_romap_build(const z3_rom *rom, z3_romap *out, z3_error *err);
void z3_romap_release(z3_romap *map);

/* The narrowest region holding offset (ties: the first built), or NULL. */
const z3_region *z3_romap_find(const z3_romap *map, size_t offset);
/* Where the next region holding a byte at or after offset starts (SIZE_MAX: none). */
size_t z3_romap_next_start(const z3_romap *map, size_t offset);

/* "room_objects", "sheet", ... (stable, for JSON). */
const char *z3_region_kind_name(z3_region_kind kind);
const char *z3_romap_table_name(z3_romap_table table);
/* The region in game terms: "room 0x012 objects", "sheet 0x5A", "message 0x01F",
 * "area 0x1B map (high bytes)", "area 0x1B bg colour", "palette ow_main 3", "free space". */
void z3_region_describe(const z3_region *r, char *out, size_t cap);
/* An area entry's table in game terms: "bg colour", "tile gfx 3", "transition up". */
void z3_region_entry_name(const z3_region *r, char *out, size_t cap);
/* The game resource a region belongs to, for grouping: "room 0x012", "area 0x1B",
 * "message 0x01F", "sheet 0x5A", "palette ow_main 3", or the description itself. */
void z3_region_resource(const z3_region *r, char *out, size_t cap);
/* The manifest's list for a region: "rooms", "areas", "messages", "sheets",
 * "palettes", "tables", "free_space" or "other". */
const char *z3_region_category(const z3_region *r);
/* Same resource: rooms with rooms of one id, areas with areas of one id, ... */
bool z3_region_same_entry(const z3_region *a, const z3_region *b);

#endif
