/*
 * Expanded ROM layouts (world reference §6): the ways ZScream, yaze and
 * ZSCustomOverworld move or grow ALttP's tables, and the bytes that show each.
 *
 * Detection only looks at those bytes; it never changes the ROM. Reports
 * (rom info, overworld list) use z3_layouts_detect, which says nothing for a
 * ROM whose internal title is not ALttP's: the offsets mean something else
 * in another game. Readers that would misread a moved table use
 * z3_layouts_scan, which looks regardless of the title, because hacks often
 * rename the game.
 */
#ifndef Z3_ZELDA3_LAYOUTS_H
#define Z3_ZELDA3_LAYOUTS_H

#include "snes/rom.h"

typedef enum z3_layout_id {
  Z3_LAYOUT_ZSCUSTOM_V1 = 0,
  Z3_LAYOUT_ZSCUSTOM_V2,
  Z3_LAYOUT_ZSCUSTOM_V3,      /* version byte 3 or more */
  Z3_LAYOUT_SW_TAIL_MAPS,     /* v3 only: special-world maps 0xA0-0xBF */
  Z3_LAYOUT_TILE16,
  Z3_LAYOUT_TILE32,
  Z3_LAYOUT_OW_ENTRANCES,
  Z3_LAYOUT_DUNGEON_ENTRANCES,
  Z3_LAYOUT_ROOM_HEADERS,
  Z3_LAYOUT_OVERLAYS,
  Z3_LAYOUT_COLLISION,
  Z3_LAYOUT_DUNGEON_MAPS,
  Z3_LAYOUT_OBJECT_SPACE,
  Z3_LAYOUT_MESSAGE_BANK,     /* yaze's expanded message bank, by Oracle of Secrets' hook */
  Z3_LAYOUT_COUNT
} z3_layout_id;

typedef struct z3_layout_info {
  const char *id;       /* stable, for scripts: "tile16", "zscustom-v3", ... */
  const char *name;     /* for people: "expanded tile16 table" */
  bool supported;       /* z3ed reads and writes it like the vanilla layout */
  bool overworld;       /* moves something the overworld model reads */
} z3_layout_info;

/* What showed a layout: the bytes found at an offset. */
typedef struct z3_layout_hit {
  z3_layout_id layout;
  size_t offset;        /* PC offset of the evidence */
  unsigned size;        /* 1 (a byte) or 3 (a long pointer; 4 with its JML opcode before it) */
  uint32_t found;       /* the byte, or the long as stored */
  const char *vanilla;  /* what a vanilla-layout ROM holds there, in words */
} z3_layout_hit;

typedef struct z3_layouts {
  size_t count;
  z3_layout_hit hits[Z3_LAYOUT_COUNT]; /* in z3_layout_id order */
} z3_layouts;

const z3_layout_info *z3_layout_info_of(z3_layout_id id);

/* The internal title is one of ALttP's releases' (data reference §1.6):
 * "THE LEGEND OF ZELDA" or "ZELDANODENSETSU", space-padded. */
bool z3_rom_title_is_alttp(const z3_rom *rom);

/* Every layout the ROM's bytes show, whatever its title. Offsets past the end
 * of the image read as vanilla (a 1 MiB file has no expanded space). */
void z3_layouts_scan(const z3_rom *rom, z3_layouts *out);
/* The same for reports: false and nothing found when the title is not ALttP's. */
bool z3_layouts_detect(const z3_rom *rom, z3_layouts *out);

/* "byte 0x3D at 0x17D28 (vanilla 0x0F)" into out. */
void z3_layout_hit_evidence(const z3_layout_hit *hit, char *out, size_t out_size);

#endif
