/*
 * ALttP overworld model (world reference §2): 160 areas (Light World
 * 0x00-0x3F, Dark World 0x40-0x7F, special 0x80-0x9F), their map32 grids,
 * the global tile16 and tile32 definitions, per-area property tables,
 * sprites per game state, entrances, holes, exits, secret items and
 * transports.
 *
 * Structure: an area ("screen") is 16x16 tile32; a tile32 is 2x2 tile16; a
 * tile16 is 2x2 tile8 words. Each screen's tile32 ids are stored as two
 * LC_LZ2 streams (overworld variant): high bytes and low bytes. A large area
 * is 2x2 screens named by its top-left screen (the parent); lists (sprites,
 * items, entrances) live under the parent with coordinates in its 64x64
 * tile16 grid.
 *
 * Load reads everything, from the vanilla layout, with the tile16 and
 * tile32 tables expanded, or with ZSCustomOverworld's per-area tables
 * (layouts.h, overworld_custom.c), or the 256 expanded entrances, and refuses
 * the expanded layouts it does not read yet (v3 wide and tall areas) with a
 * clear message. Edits change the model;
 * z3_ow_save writes back only what is dirty: fixed tables are re-encoded
 * and only differing bytes are written, a changed map stream is
 * recompressed and written in place when it fits (and is not shared),
 * otherwise into a gap of the map-data region or free space, with its
 * pointer updated. An unchanged model saves nothing.
 */
#ifndef Z3_ZELDA3_OVERWORLD_H
#define Z3_ZELDA3_OVERWORLD_H

#include "snes/rom.h"

enum {
  Z3_OW_AREA_COUNT = 160,       /* maps every layout has (0x00-0x9F) */
  Z3_OW_AREA_MAX = 192,         /* with the special-world tail maps 0xA0-0xBF (world reference §6) */
  Z3_OW_LIST_AREAS = 128,       /* LW + DW: items, properties */
  Z3_OW_TILE16_COUNT = 3752,    /* vanilla-layout definitions (0x78000-0x7F53F) */
  Z3_OW_TILE32_COUNT = 8864,    /* 0x33F0 bytes per quadrant table / 6 * 4 */
  Z3_OW_TILE16_EXPANDED_COUNT = 4096,  /* the expanded table at 0x1E8000 (world reference §6) */
  Z3_OW_TILE32_EXPANDED_COUNT = 17728, /* 0x67E0 bytes per expanded quadrant table / 6 * 4 */
  Z3_OW_SCREEN_TILE32 = 16,     /* tile32 per screen side */
  Z3_OW_STATES = 3,             /* sprite lists: beginning, zelda, agahnim */
  Z3_OW_ENTRANCE_COUNT = 129,
  Z3_OW_ENTRANCE_EXPANDED_COUNT = 256, /* the expanded table, holes included (world reference §2.6) */
  Z3_OW_DUNGEON_ENTRANCES = 133, /* ids an entrance or hole may lead to: the game's entrance tables */
  Z3_OW_HOLE_COUNT = 19,
  Z3_OW_EXIT_COUNT = 79,
  Z3_OW_TRANSPORT_COUNT = 17,
  Z3_OW_WHIRLPOOL_COUNT = 8,
  Z3_OW_MAX_LIST = 256,         /* records per sprite or item list, far above any real one */
};

/* Vanilla table locations (file offsets), world reference §2. */
#define Z3_OW_PARENT_PC 0x125ECu
#define Z3_OW_SIZE_PC 0x1788Du
#define Z3_OW_ZSCUSTOM_VERSION_PC 0x140145u
#define Z3_OW_V3_PARENT_PC 0x140998u  /* ZSCustomOverworld v3: 160 parents */
#define Z3_OW_TILE16_PC 0x78000u
#define Z3_OW_TILE16_EXPANDED_PC 0x1E8000u
#define Z3_OW_MAP_HIGH_PTR_PC 0x1794Du
#define Z3_OW_MAP_LOW_PTR_PC 0x17B2Du
/* The tail-map patch's 192-entry copies of the two tables (yaze's
 * TailMapExpansion.asm, one source); the game reads every map from them. */
#define Z3_OW_TAIL_HIGH_PTR_PC 0x142400u
#define Z3_OW_TAIL_LOW_PTR_PC 0x142640u
#define Z3_OW_TAIL_MARKER_PC 0x1423FFu      /* 0xEA: the patch is installed */
#define Z3_OW_ZSCUSTOM_ENABLES_PC 0x140140u /* enable bytes and version (0x140145), 9 bytes */
#define Z3_OW_SPRITE_PTR_PC 0x4C881u   /* 64 + 144 + 144 words, bank $09 */
#define Z3_OW_SPRITE_DATA_PC 0x4CB41u
#define Z3_OW_SPRITE_DATA_END 0x4D62Eu
#define Z3_OW_ITEM_PTR_OPERAND_PC 0xDC8B9u
#define Z3_OW_ITEM_DATA_PC 0xDC3F9u
#define Z3_OW_ITEM_DATA_END 0xDC89Cu
/* Where a place leads: entrance and hole dungeon-entrance ids (one byte per
 * slot), exit rooms (words) and exit areas (bytes), one per slot. */
#define Z3_OW_ENTRANCE_ID_PC 0xDBB73u
#define Z3_OW_HOLE_ID_PC 0xDB84Cu
#define Z3_OW_EXIT_ROOM_PC 0x15D8Au
#define Z3_OW_EXIT_AREA_PC 0x15E28u

extern const size_t z3_ow_tile32_pc[4]; /* TL, TR, BL, BR quadrant tables */
extern const size_t z3_ow_tile32_expanded_pc[4]; /* the same, expanded (world reference §6) */

typedef uint16_t z3_ow_tile16[4];       /* tile8 words: TL, TR, BL, BR */
typedef uint16_t z3_ow_tile32[4];       /* tile16 ids: TL, TR, BL, BR */

/* One compressed map32 stream (high or low bytes of a screen). */
typedef struct z3_ow_stream {
  uint32_t address;             /* SNES long from the pointer table */
  size_t pc;
  size_t stored_size;           /* compressed bytes, terminator included */
} z3_ow_stream;

typedef struct z3_ow_sprite {
  uint8_t x, y;                 /* tile16 in the (large) area, 0-63 */
  uint8_t id;                   /* sprite id, or 0xF3+ overlord markers */
} z3_ow_sprite;

typedef struct z3_ow_item {
  uint16_t pos;                 /* ((y << 6) | x) << 1, tile16 in the (large) area */
  uint8_t id;                   /* secret id (world reference §2.8) */
} z3_ow_item;
#define Z3_OW_POS_X(pos) (((pos) >> 1) & 0x3F)
#define Z3_OW_POS_Y(pos) (((pos) >> 7) & 0x3F)
#define Z3_OW_POS(x, y) ((uint16_t)((((y) << 6) | (x)) << 1))

/* A 0xFF- or 0xFFFF-terminated list behind a 16-bit pointer. */
typedef struct z3_ow_list {
  uint16_t pointer;             /* as stored (bank implied) */
  size_t pc;
  size_t stored_size;           /* bytes including the terminator */
  int count;
  union {
    z3_ow_sprite *sprites;
    z3_ow_item *items;
  };
  bool dirty;
  char why[96];
} z3_ow_list;

/* ZSCustomOverworld's per-area tables (world reference §6), read at the
 * area's own index; -1 where the ROM has no such table (vanilla). */
typedef struct z3_ow_custom {
  int bg_color;                 /* BGR555 backdrop colour (word at 0x140000 + 2 * id) */
  int main_palette;             /* 0x140160: 0 LW, 1 DW, 2 LW mountain, 3 DW mountain, 4 Triforce, 5 title */
  int mosaic;                   /* 0x140200: bits ....udlr, mosaic when entering from that side */
  int animated_gfx;             /* 0x1402A0: graphics sheet of the animated tiles */
  int overlay;                  /* 0x140340 (word): subscreen overlay area 0x93-0x9F, 0xFF none */
  int tile_gfx[8];              /* 0x140480 + 8 * id: the 8 background sheets, 0xFF keeps the sheet */
} z3_ow_custom;

/* Area sizes. ZSCustomOverworld v3 stores this enum in 0x1788D (0 small,
 * 1 large, 2 wide, 3 tall); vanilla stores 0x00 large, 0x01 small there. */
typedef enum z3_ow_size { Z3_OW_SMALL, Z3_OW_LARGE, Z3_OW_WIDE, Z3_OW_TALL } z3_ow_size;

typedef struct z3_ow_area {
  uint8_t id, parent;
  bool large;                   /* 2x2 screens (size == Z3_OW_LARGE) */
  z3_ow_size size;              /* the group's size, the same in every screen of it */
  uint16_t map32[Z3_OW_SCREEN_TILE32 * Z3_OW_SCREEN_TILE32]; /* row-major tile32 ids */
  z3_ow_stream high, low;
  bool map_dirty, props_dirty;
  char why[96];                 /* the latest edit, in model terms, for the change log */
  /* properties (parent's value repeated for children; -1 = no table entry) */
  int gfx, palette, message;
  /* Special world only: the entry of the 16-byte tables at 0x16811-0x16841
   * this area uses, i.e. the special exit room - 0x180 that loads it (the game
   * indexes them by that room, not by area); -1 = no special exit leads here. */
  int special_slot;
  int sprite_gfx[Z3_OW_STATES], sprite_palette[Z3_OW_STATES];
  int music[4];
  z3_ow_custom custom;
} z3_ow_area;

typedef struct z3_ow_entrance {
  uint16_t area;                /* parent area id (bit 15 of the expanded table's word is `hole`) */
  uint16_t pos;                 /* ((y << 6) | x) << 1, 0xFFFF = unused slot */
  uint8_t entrance;             /* dungeon entrance id */
  bool hole;                    /* a hole: always in the hole table, flagged in the expanded table */
} z3_ow_entrance;

typedef struct z3_ow_exit {
  uint16_t room;
  uint8_t area;
  uint16_t load_offset, scroll_y, scroll_x, link_y, link_x, camera_y, camera_x;
  uint8_t scroll_mod_y, scroll_mod_x;
  uint16_t door1, door2;
} z3_ow_exit;

typedef struct z3_ow_transport {
  uint16_t area, load_offset, scroll_y, scroll_x, link_y, link_x, camera_y, camera_x,
      scroll_mod_y, scroll_mod_x;
} z3_ow_transport;

typedef struct z3_overworld {
  z3_ow_area areas[Z3_OW_AREA_MAX];
  /* 160 maps, or 192 with the special-world tail maps (0xA0-0xBF: small,
   * their own parents, no property tables); where the map pointer tables are. */
  int area_count;
  size_t map_ptr_pc[2];         /* high-byte, low-byte stream pointers */
  z3_ow_tile16 *tile16;         /* tile16_count */
  z3_ow_tile32 *tile32;         /* tile32_count */
  /* Where the tile tables live: the vanilla places, or the expanded ones
   * ZScream saves (4096 tile16 at 0x1E8000; 17728 tile32 per quadrant). */
  int tile16_count, tile32_count;
  size_t tile16_pc, tile32_pc[4], tile32_table_bytes;
  bool tile16_dirty, tile32_dirty;
  char places_why[192];
  char tile32_why[96];          /* latest tile32 definition made, for the change log */
  char tile16_why[96];          /* latest tile16 definition edit, for the change log */
  /* sprites: [0] 64 lists (LW), [1] and [2] 144 lists (0x00-0x8F) */
  z3_ow_list sprites[Z3_OW_STATES][144];
  z3_ow_list items[Z3_OW_LIST_AREAS];
  size_t item_ptr_pc;           /* pointer table, found through the code operand */
  /* Overworld entrances: 129 slots (vanilla) or, with the expanded tables
   * (byte 0xDB895 not 0xB8), 256 slots shared by entrances and holes; the
   * 19-slot hole table is then gone (hole_count 0): its bytes are part of the
   * expanded id table. */
  z3_ow_entrance entrances[Z3_OW_ENTRANCE_EXPANDED_COUNT];
  int entrance_count, hole_count;
  bool entrances_expanded;
  z3_ow_entrance holes[Z3_OW_HOLE_COUNT]; /* pos already + 0x400 (as entrances) */
  uint8_t hole_fallback;
  z3_ow_exit exits[Z3_OW_EXIT_COUNT];
  z3_ow_transport transports[Z3_OW_TRANSPORT_COUNT];
  uint16_t whirlpool_areas[Z3_OW_WHIRLPOOL_COUNT];
  /* ZSCustomOverworld: the version byte at 0x140145 (0 = not installed), its
   * enable bytes 0x140140-0x140148 (read, never changed), and where the
   * tables it moves live in this ROM. */
  int zscustom;
  uint8_t zscustom_enables[9];
  /* v3 size edits: screens whose parent, size and scroll words the save
   * rewrites (the changed groups and their neighbours). */
  bool size_touched[Z3_OW_AREA_COUNT];
  bool size_changed[Z3_OW_AREA_COUNT]; /* screens of a changed group: every size table */
  char sizes_why[64];
  size_t sprite_table_pc[Z3_OW_STATES], message_pc, palette_pc;
} z3_overworld;

/* ---- areas (overworld_area.c) ------------------------------------------ */

const char *z3_ow_area_name(int id);
const char *z3_ow_world_name(int id);       /* "light", "dark", "special" */
/* Lists per state: state 0 covers 0x00-0x3F, states 1 and 2 cover 0x00-0x8F. */
int z3_ow_sprite_list_count(int state);
const char *z3_ow_state_name(int state);    /* "beginning", "zelda", "agahnim" */
/* "0", "1", "2" or a state name. */
bool z3_ow_state_parse(const char *text, int *state);
/* Side of the area's tile16 grid: 64 for the parent of a group of more than
 * one screen, else 32 (a wide or tall group is 64 on one axis only: callers
 * that index the grid use z3_ow_area_grid). */
int z3_ow_area_tile16_side(const z3_overworld *ow, int id);
/* The area's tile16 grid: 64 wide for the parent of a large or wide group, 64
 * tall for a large or tall one's, 32 otherwise (a child screen on its own). */
void z3_ow_area_grid(const z3_overworld *ow, int id, int *width, int *height);
/* Screens of a group of `size` as offsets from its parent, in row order
 * (top-left, top-right, bottom-left, bottom-right): 1, 2 or 4 of them. */
int z3_ow_size_offsets(z3_ow_size size, int offsets[4]);
/* "0-31 on each axis" or "0-63 across, 0-31 down" for a grid of w x h. */
const char *z3_ow_grid_text(int w, int h, char out[48]);
/* The screens of the group whose parent is `id` (just id when it is not a
 * parent of more than itself); returns how many. */
int z3_ow_group_screens(const z3_overworld *ow, int id, int screens[4]);
/* Pixel position of the area's upper-left corner in its world: areas sit on
 * an 8-wide grid of 512-pixel screens, the dark world in the same range. */
void z3_ow_area_origin(int id, int *x, int *y);
/* Checks an area id (0x00-0x9F); the error names it. */
z3_status z3_ow_check_area(int id, z3_error *err);
/* The same against this model: 0xA0-0xBF too when the ROM has the tail maps. */
z3_status z3_ow_check_map(const z3_overworld *ow, int id, z3_error *err);

/* ---- per-area fields (overworld_custom.c) ------------------------------ */

/* Names of the fields `overworld set-area` edits, NULL-terminated. */
extern const char *const z3_ow_area_fields[];
/* Names of the enable bytes at 0x140140-0x140148 (index = offset), NULL-terminated. */
extern const char *const z3_ow_zscustom_enable_names[];
const char *z3_ow_size_name(z3_ow_size size); /* "small", "large", "wide", "tall" */
/* The area's size as the ROM stores it (v3 can say wide or tall). */
z3_ow_size z3_ow_area_size(const z3_overworld *ow, int id);
/* Field `field` (index into z3_ow_area_fields) of the area's group:
 * Z3_E_NOT_FOUND when this ROM has no table for it (a ZSCustomOverworld
 * field on a vanilla ROM, a property the area has no entry for). */
z3_status z3_ow_get_area_field(const z3_overworld *ow, int id, int field, long *out, z3_error *err);
/* Sets it for the whole group (parent and children), checking the range. */
z3_status z3_ow_set_area_field(z3_overworld *ow, int id, int field, long value, z3_error *err);
/* Makes `id` the top-left screen of a group of `size` (small dissolves its
 * current group; overworld_sizes.c). Refused when the group leaves the
 * world's grid, takes in a screen of another group or a small area with
 * sprites, items, entrances or holes of its own, or would leave one of the
 * parent's records outside its grid. On ZSCustomOverworld v3 the save writes
 * the parents (0x140998), the size enum (0x1788D) and the scroll words. On
 * vanilla-layout and v1/v2 ROMs only small and large exist, not in the
 * special world, and the area's twin in the other world (id ^ 0x40) changes
 * with it (one parent table serves both); the save writes every vanilla size
 * table of world reference §2.2 for the changed screens and the seam words of
 * their neighbours. */
z3_status z3_ow_set_area_size(z3_overworld *ow, int id, z3_ow_size size, z3_error *err);
z3_status z3_ow__save_sizes(z3_overworld *ow, z3_rom *rom, z3_error *err);
/* The four OverworldScreenTilemapChangeByScreen words (entering from the
 * west, east, north, south) of screen `id`, from every screen's parent and
 * size (z3_ow_size) indexed by area id: the rule in overworld_sizes.c. */
void z3_ow_seam_words(const uint8_t *parent, const uint8_t *size, int id, uint16_t out[4]);
/* Internal: the version and where the tables it moves live (first step of
 * load); the property values (after the exits); one group's save. */
z3_status z3_ow__place_custom(z3_overworld *ow, const z3_rom *rom, z3_error *err);
void z3_ow__load_properties(z3_overworld *ow, const uint8_t *d);
z3_status z3_ow__save_properties(const z3_overworld *ow, z3_rom *rom, int id, z3_error *err);

/* ---- where each area's table entries live (for the ROM map) ------------ */

/* Per-area table entries: the properties above (in the order the model reads
 * them), then the layout tables (parent, size enum, v3's transition words). */
typedef enum z3_ow_entry {
  Z3_OW_ENTRY_GFX, Z3_OW_ENTRY_PALETTE, Z3_OW_ENTRY_MESSAGE, Z3_OW_ENTRY_SPRITE_GFX, Z3_OW_ENTRY_SPRITE_PALETTE,
  Z3_OW_ENTRY_MUSIC, Z3_OW_ENTRY_BG_COLOR, Z3_OW_ENTRY_MAIN_PALETTE, Z3_OW_ENTRY_MOSAIC, Z3_OW_ENTRY_ANIMATED,
  Z3_OW_ENTRY_OVERLAY, Z3_OW_ENTRY_TILE_GFX, Z3_OW_ENTRY_PARENT, Z3_OW_ENTRY_SIZE, Z3_OW_ENTRY_TRANSITION,
  Z3_OW_ENTRY_COUNT
} z3_ow_entry;
enum { Z3_OW_ENTRY_SLOTS = 8 }; /* n of an entry: state, music row, sheet or transition table, below this */
/* Called once per entry: area `area`'s entry `entry` (slot n) is `width` bytes at pc. */
typedef void (*z3_ow_entry_visit)(void *user, int area, z3_ow_entry entry, int n, size_t pc, size_t width);
/* Every per-area entry this ROM's layout has: vanilla, ZSCustomOverworld v1-v3. */
void z3_ow_entry_places(const z3_overworld *ow, z3_ow_entry_visit visit, void *user);
/* "bg colour", "tile gfx 3", "sprite gfx (zelda)", "transition up", ... into out. */
void z3_ow_entry_name(z3_ow_entry entry, int n, char *out, size_t cap);
/* Internal: the property entries (overworld_props.c) and the layout ones (overworld_sizes.c). */
void z3_ow__property_places(const z3_overworld *ow, z3_ow_entry_visit visit, void *user);
void z3_ow__layout_places(const z3_overworld *ow, z3_ow_entry_visit visit, void *user);

/* ---- load and save (overworld.c) --------------------------------------- */

z3_status z3_ow_load(z3_overworld **out, const z3_rom *rom, z3_error *err);
void z3_ow_free(z3_overworld *ow);
/* Writes what is dirty through z3_rom_write; clears the dirty flags. */
z3_status z3_ow_save(z3_overworld *ow, z3_rom *rom, z3_error *err);

/* ---- tiles (overworld_tiles.c) ----------------------------------------- */

/* The tile32 id at (x, y) of an area's tile32 grid (16 or 32 wide). */
z3_status z3_ow_get_tile32(const z3_overworld *ow, int id, int x, int y, uint16_t *out,
                           z3_error *err);
z3_status z3_ow_set_tile32(z3_overworld *ow, int id, int x, int y, uint16_t value,
                           z3_error *err);
/* The tile16 id at (x, y) of the area's tile16 grid (32 or 64 wide);
 * Z3_E_INVALID when the cell's tile32 id has no definition. */
z3_status z3_ow_get_tile16(const z3_overworld *ow, int id, int x, int y, uint16_t *out,
                           z3_error *err);
/* Sets a tile16 by choosing (or defining, in an unused tile32 slot) the
 * tile32 with that quadrant changed. */
z3_status z3_ow_set_tile16(z3_overworld *ow, int id, int x, int y, uint16_t value,
                           z3_error *err);
/* Decodes the tile32 quadrant tables (4 * 0x33F0 bytes, TL TR BL BR). */
void z3_ow_tile32_decode(const uint8_t *const quadrants[4], z3_ow_tile32 *out, size_t count);
void z3_ow_tile32_encode(const z3_ow_tile32 *defs, size_t count, uint8_t *const quadrants[4]);

/* ---- lists (overworld_lists.c) ----------------------------------------- */

/* The list of sprites of (state, area) (the parent's for a large area);
 * Z3_E_NOT_FOUND when the state has no list for the area. */
z3_status z3_ow_sprite_list(z3_overworld *ow, int state, int id, z3_ow_list **out,
                            z3_error *err);
z3_status z3_ow_sprite_add(z3_overworld *ow, int state, int id, z3_ow_sprite s, int *index,
                           z3_error *err);
z3_status z3_ow_sprite_remove(z3_overworld *ow, int state, int id, int index, z3_error *err);
z3_status z3_ow_sprite_move(z3_overworld *ow, int state, int id, int index, int x, int y,
                            z3_error *err);
z3_status z3_ow_item_list(z3_overworld *ow, int id, z3_ow_list **out, z3_error *err);
/* Secret items under bushes and rocks, in the parent's tile16 grid. */
z3_status z3_ow_item_add(z3_overworld *ow, int id, int x, int y, int item, int *index, z3_error *err);
z3_status z3_ow_item_move(z3_overworld *ow, int id, int index, int x, int y, z3_error *err);
z3_status z3_ow_item_remove(z3_overworld *ow, int id, int index, z3_error *err);
z3_status z3_ow_list_replace_sprites(z3_ow_list *l, const z3_ow_sprite *s, int n, z3_error *err);
z3_status z3_ow_list_replace_items(z3_ow_list *l, const z3_ow_item *s, int n, z3_error *err);

/* ---- places (overworld_places.c) --------------------------------------- */

/* Rewrites entrance slot `slot` (0-128, or 0-255 expanded): area (stored as
 * its parent), tile16 position in the parent's grid, dungeon entrance id. */
z3_status z3_ow_set_entrance(z3_overworld *ow, int slot, int area, int x, int y, int entrance,
                             z3_error *err);
/* The same for hole slot `slot` (0-18; in the expanded layout a slot 0-255 of
 * the shared table, which becomes a hole). */
z3_status z3_ow_set_hole(z3_overworld *ow, int slot, int area, int x, int y, int entrance, z3_error *err);
/* The table that holds holes and its slot count: the hole table, or the
 * shared entrance table in the expanded layout. */
z3_ow_entrance *z3_ow_hole_table(z3_overworld *ow, int *slots);
/* A slot of the shared or the hole table that lists a hole / an entrance. */
bool z3_ow_is_listed_hole(const z3_overworld *ow, const z3_ow_entrance *e);
bool z3_ow_is_listed_entrance(const z3_ow_entrance *e);

/* ---- tile16 definitions (overworld_tile16.c) ---- */
/* One tile8 entry of a tile16: vhopppcc cccccccc. */
typedef struct z3_ow_tile8 {
  unsigned tile, palette, priority, hflip, vflip;
} z3_ow_tile8;
extern const char *const z3_ow_quadrant_names[]; /* tl tr bl br */
z3_ow_tile8 z3_ow_tile8_decode(uint16_t word);
uint16_t z3_ow_tile8_encode(z3_ow_tile8 t);
z3_status z3_ow_get_tile16_def(const z3_overworld *ow, int id, z3_ow_tile8 out[4], z3_error *err);
/* Checks ranges (tile 0-0x3FF, palette 0-7, flags 0-1) and marks the table dirty. */
z3_status z3_ow_set_tile16_entry(z3_overworld *ow, int id, int quadrant, z3_ow_tile8 t, z3_error *err);
/* Calls visit for every tile16 cell of every area grid (small areas and
 * large-area parents), with the tile16 id found there. */
typedef void (*z3_ow_tile16_visit)(void *user, int area, int x, int y, uint16_t tile16);
void z3_ow_tile16_usage(const z3_overworld *ow, z3_ow_tile16_visit visit, void *user);

/* ---- exits and transports placed by position (overworld_exits.c) ---- */
/* Sets exit `slot` (0-78) to lead from `room` (0x000-0x127, or 0x180-0x19F for
 * special-overworld exits) to pixel (x, y) of the area's parent; scroll,
 * camera and load offset follow (scroll centred on Link, kept in the area). */
z3_status z3_ow_place_exit(z3_overworld *ow, int slot, int room, int area, int x, int y, z3_error *err);
/* Marks the slot unused (Link at 0xFFFF, as the editors delete). */
z3_status z3_ow_clear_exit(z3_overworld *ow, int slot, z3_error *err);
/* Door drawn when leaving: 0 none, 1 wooden, 2 bombable, 3 sanctuary, 4
 * palace, at tile16 (x, y) of the exit's area. */
extern const char *const z3_ow_exit_door_names[];
z3_status z3_ow_set_exit_door(z3_overworld *ow, int slot, int kind, int x, int y, z3_error *err);
/* Transport slot 0-7 (flute), 8 (pyramid), 9-16 (whirlpools: whirlpool_in is
 * the area holding the whirlpool, -1 keeps it). */
z3_status z3_ow_place_transport(z3_overworld *ow, int slot, int area, int x, int y, int whirlpool_in, z3_error *err);

/* ---- pictures (overworld_render.c) ------------------------------------- */

/* An area as 8-bit indices into the 128 BG colours (CGRAM rows 0-7; index 0
 * is the backdrop): 512x512, or 1024x1024 for a large area's parent. */
typedef struct z3_ow_image {
  uint32_t width, height;
  uint8_t *pixels;
  uint8_t palette[128][4];      /* RGBA */
} z3_ow_image;
z3_status z3_ow_render(const z3_overworld *ow, const z3_rom *rom, int id, z3_ow_image *out, z3_error *err);
/* Every tile16 definition drawn as area id would draw it, `columns` tiles a
 * row (1-64) in id order: the editor's tile16 picker. */
z3_status z3_ow_render_tile16s(const z3_overworld *ow, const z3_rom *rom, int id, int columns, z3_ow_image *out,
                               z3_error *err);
void z3_ow_image_release(z3_ow_image *img);
/* Draws tile16 ids at tile16 cells (x, y) over a render of area id (an
 * overlay's stores); cells outside the picture or ids without a definition
 * are left out. *drawn: how many were drawn. */
z3_status z3_ow_render_cells(const z3_overworld *ow, const z3_rom *rom, int id, const uint8_t (*cells)[2],
                             const uint16_t *tile16, int n, z3_ow_image *img, int *drawn, z3_error *err);
/* Markers over a render (overworld_overlay.c), palette indices 128-132: */
enum {
  Z3_OW_OVERLAY_SPRITES = 1, Z3_OW_OVERLAY_ENTRANCES = 2, Z3_OW_OVERLAY_EXITS = 4, Z3_OW_OVERLAY_ITEMS = 8,
};
extern const uint8_t z3_ow_marker_rgba[5][4]; /* sprites, entrances, exits, items, outline */
/* counts: markers drawn per kind (sprites of `state`, entrances and holes, exits, items). */
void z3_ow_draw_overlay(const z3_overworld *ow, int id, unsigned kinds, int state, z3_ow_image *img, int counts[4]);

/* internal to overworld*.c */
z3_status z3_ow__load_lists(z3_overworld *ow, const z3_rom *rom, z3_error *err);
z3_status z3_ow__save_lists(z3_overworld *ow, z3_rom *rom, z3_error *err);
void z3_ow__free_lists(z3_overworld *ow);
z3_status z3_ow__load_places(z3_overworld *ow, const z3_rom *rom, z3_error *err);
z3_status z3_ow__save_places(const z3_overworld *ow, z3_rom *rom, z3_error *err);
/* Writes only the bytes of [data, data+len) that differ from the ROM at pc. */
z3_status z3_ow__write_diff(z3_rom *rom, size_t pc, const uint8_t *data, size_t len,
                            const char *reason, z3_error *err);

#endif
