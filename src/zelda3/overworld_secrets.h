/*
 * Overworld secrets kept outside the item lists: the bomb-door table the game
 * reads to redraw a door that was bombed open, and the graveyard's
 * gravestones (pushable or dashable stones that reveal a skull, stairs or a
 * hole). World reference §2.9 and §2.11.
 */
#ifndef Z3_ZELDA3_OVERWORLD_SECRETS_H
#define Z3_ZELDA3_OVERWORLD_SECRETS_H

#include "zelda3/overworld.h"

enum { Z3_OW_BOMB_DOOR_ITEM = 0x86, Z3_GRAVES = 15, Z3_GRAVE_LINES = 8 };
/* The gravestone tables from the row values to the row offsets, as one span. */
enum { Z3_GRAVES_PC = 0x4993A, Z3_GRAVES_BYTES = 0x499E9 - 0x4993A };

/* ---- bomb doors ---- */

/* PC of the 128-word table: the operand of the game's `LDA.l table,X` at
 * $02:EF64 when that instruction is there (yaze moves the table on some
 * ROMs), else the vanilla place 0x16DC5. */
size_t z3_ow_bomb_door_pc(const z3_rom *rom);
/* The area's entry: an item position (Z3_OW_POS), 0 when the area has none. */
uint16_t z3_ow_bomb_door(const z3_rom *rom, int area);
/* The first bomb-door item (0x86) of a list, or -1. */
int z3_ow_bomb_door_item(const z3_ow_list *items);
/* After item lists changed: every screen of each changed list's group gets
 * the position of the list's first 0x86 item (0 without one), as the game
 * needs to redraw an opened door when Link comes back. `changed` is indexed
 * by list (0x00-0x7F). Entries already right are not written. */
z3_status z3_ow__save_bomb_doors(const z3_overworld *ow, z3_rom *rom, const bool changed[Z3_OW_LIST_AREAS],
                                 z3_error *err);

/* ---- gravestones ---- */

typedef enum z3_grave_reveal {
  Z3_GRAVE_SKULL = 0x30, Z3_GRAVE_STAIRS = 0x38, Z3_GRAVE_HOLE = 0x58,
} z3_grave_reveal;

typedef struct z3_grave {
  uint16_t x, y;           /* world pixels of the stone's top-left (tilemap_x/tilemap_y) */
  uint16_t trigger_x;      /* Link's X range starts here (16 px wide) */
  uint16_t trigger_y;      /* Link's Y (rounded to 16) that starts the push: its row */
  uint16_t map_addr;       /* offset in the area's tile16 buffer that the stone redraws */
  uint16_t reveal;         /* tile32 update the game applies: skull, stairs, hole */
} z3_grave;

typedef struct z3_graves {
  z3_grave graves[Z3_GRAVES];
  int count;               /* graves the row table reaches (15 in the game) */
  uint16_t rows[Z3_GRAVE_LINES];
  uint8_t row_start[Z3_GRAVE_LINES + 1]; /* byte offsets: row r holds graves [start/2, next/2) */
  int dash_grave;          /* the grave that opens only to a dash, -1 when the code is not there */
  int stairs_addr, hole_addr; /* the map_addr - 0x80 the finishing code compares, -1 if absent */
} z3_graves;

/* Reads and checks the tables (row offsets even, ascending, within 15). */
z3_status z3_graves_read(const z3_rom *rom, z3_graves *out, z3_error *err);
/* Moves grave `index` so its stone's top-left is at world pixels (x, y)
 * (multiples of 16) and sets what it reveals (0 keeps it). The rows are
 * rebuilt (graves kept sorted by row, at most 8 rows) and the dash, stairs
 * and hole operands follow their graves. *new_index says where the grave
 * went. `parent` is the area group holding (x, y), whose top-left the
 * tile16 buffer starts at. */
z3_status z3_graves_set(z3_rom *rom, int index, int x, int y, int reveal, int parent, int *new_index, z3_error *err);
const char *z3_grave_reveal_name(int reveal);
/* The grave of `g` whose finishing address (map_addr - 0x80, the stairs and
 * hole operands) is `addr`, or -1. */
int z3_grave_of_addr(const z3_graves *g, int addr);
/* A stone's tile16 buffer address: world pixels (x, y) in area group `parent`,
 * whose top-left the buffer starts at. */
uint16_t z3_grave_map_addr(int x, int y, int parent);
/* The screen (0x00-0x3F) holding world pixels (x, y), -1 outside the world. */
int z3_grave_screen(int x, int y);

#endif
