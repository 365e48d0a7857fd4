/*
 * zelda3/dungeon_map: the pause-screen maps of the 14 palaces (docs/formats.md
 * "Dungeon maps"): per floor a 5x5 grid of room ids, the room template drawn
 * on each used square, the boss room and its floor.
 *
 * The tables sit at fixed places in bank $0A (the game reads them with
 * absolute addressing); only the per-palace lists they point at move. The
 * reader follows the pointers whatever the layout; the writer keeps a list
 * in place while its size holds and otherwise moves it into the layout's map
 * data area (ZScream's expanded layout frees the template table's old room).
 */
#ifndef Z3_ZELDA3_DUNGEON_MAP_H
#define Z3_ZELDA3_DUNGEON_MAP_H

#include "snes/rom.h"

enum {
  Z3_DMAP_PALACES = 14,
  Z3_DMAP_SQUARES = 25,      /* 5x5, row by row from the top left */
  Z3_DMAP_MAX_FLOORS = 8,    /* the game's floor-offset table has 8 entries */
  Z3_DMAP_EMPTY = 0x0F,      /* a square without a room */
  Z3_DMAP_NO_BOSS = 0x0F,    /* boss room word of a palace without a boss */
  Z3_DMAP_TEMPLATES = 186,   /* room templates 0x00-0xB9 */
};

typedef struct z3_dmap_palace {
  uint8_t floors;            /* floors from 1F up */
  uint8_t basements;
  uint8_t backdrop;          /* high byte of the floor-count word, kept as read */
  uint16_t boss_room;        /* Z3_DMAP_NO_BOSS: none */
  uint16_t boss_floor_word;  /* as stored: low byte the signed floor, 0xFFFF none */
  /* [floor index from the lowest][square]; gfx is 0xFF on empty squares */
  uint8_t rooms[Z3_DMAP_MAX_FLOORS][Z3_DMAP_SQUARES];
  uint8_t gfx[Z3_DMAP_MAX_FLOORS][Z3_DMAP_SQUARES];
  size_t rooms_pc, gfx_pc;   /* where the lists were read */
} z3_dmap_palace;

typedef struct z3_dmaps {
  bool expanded;             /* ZScream's expanded dungeon maps (0x56652 != 0xB9) */
  z3_dmap_palace palaces[Z3_DMAP_PALACES];
} z3_dmaps;

const char *z3_dmap_palace_name(int palace);
static inline int z3_dmap_floor_total(const z3_dmap_palace *p) { return p->floors + p->basements; }
/* Signed floor number (0 = 1F, -1 = B1) of the floor at `index` from the lowest. */
static inline int z3_dmap_floor_number(const z3_dmap_palace *p, int index) { return index - p->basements; }
/* "1F", "B2" into out (at least 8 bytes). */
void z3_dmap_floor_name(int number, char *out, size_t out_size);
/* Parses "1F", "B2", "-1", "0": the signed floor number; false when not a floor. */
bool z3_dmap_parse_floor(const char *text, int *number);
/* Non-empty squares over all floors: the length of the template list. */
size_t z3_dmap_used_squares(const z3_dmap_palace *p);
/* Index of the lowest floor holding `room`, or -1. */
int z3_dmap_find_room(const z3_dmap_palace *p, unsigned room);

/* The five tables of one word per palace the game reads at fixed places
 * (boss rooms, boss floors, floor counts, room-list and template-list
 * pointers): their PCs into out; returns 5. */
int z3_dmap_table_pcs(size_t out[5]);

/* Reads all 14 palaces. Fails, naming the palace and the offset, on a floor
 * count over 8 or a list outside bank $0A or the image. */
z3_status z3_dmaps_read(const z3_rom *rom, z3_dmaps *out, z3_error *err);

/* Writes palace `palace` of `maps` through the change log: lists, floor
 * counts (backdrop byte kept), boss room, and the boss floor: kept while the
 * boss room is on it, else the lowest floor holding the boss room. Lists that change size move to free bytes of the
 * map data area; fails, writing nothing, when the map is invalid or does not
 * fit (the message names the bytes needed). */
z3_status z3_dmap_write(z3_rom *rom, const z3_dmaps *maps, int palace, z3_error *err);
/* Every palace: an unchanged model writes no byte that differs. */
z3_status z3_dmaps_write(z3_rom *rom, const z3_dmaps *maps, z3_error *err);

#endif
