/*
 * ALttP dungeon rooms (world reference §3): headers, object streams with
 * doors, sprite lists, chests and message ids of the 296 rooms 0x000-0x127.
 *
 * Model: z3_dungeon_load reads every room through the pointer tables (found
 * through the code operands of §1, as the game and the editors read them).
 * Edits change the model in memory and mark what they touched dirty;
 * z3_dungeon_save re-encodes only dirty structures and writes each one in
 * place when it fits in the bytes it used and changes no byte another
 * pointer reads (the same list, or one read from inside it), otherwise into
 * free space in a bank the pointer can reach, updating the
 * pointer(s). An unchanged model saves nothing, so the ROM stays
 * byte-identical; rooms that share data keep sharing it until one is edited.
 *
 * Every write goes through z3_rom_write with a reason in model terms (the
 * room and what was edited).
 */
#ifndef Z3_ZELDA3_DUNGEON_H
#define Z3_ZELDA3_DUNGEON_H

#include "snes/rom.h"

enum {
  Z3_ROOM_COUNT = 296,         /* ids 0x000-0x127, what every editor reads */
  Z3_ROOM_POINTERS = 320,      /* entries in the game's header/object tables */
  Z3_ROOM_HEADER_SIZE = 14,
  Z3_ROOM_LAYERS = 3,          /* object lists 0 (BG1), 1 (BG2), 2 (BG1, with doors) */
  Z3_ROOM_MAX_OBJECTS = 400,   /* per room, all lists: yaze warns above it (the game lags) */
  Z3_ROOM_MAX_DOORS = 16,      /* the game's door state arrays (§3.16) */
  Z3_ROOM_MAX_SPRITES = 16,    /* active sprite slots */
  Z3_ROOM_MAX_OVERLORDS = 8,   /* ZScream's limit */
  Z3_ROOM_MAX_CHESTS = 5,      /* ZScream's (yaze allows 6; §3.16 says use 5) */
  Z3_CHEST_RECORDS = 168,      /* the vanilla table's length */
  Z3_ROOM_LAYOUTS = 8,
};

/* Vanilla locations (file offsets) of the code operands and fixed tables. */
#define Z3_ROOM_OBJECT_PTR_OPERAND_PC 0x874Cu /* long -> $1F:8000 */
#define Z3_ROOM_DOOR_PTR_OPERAND_PC 0xB6CCu   /* long -> $1F:83C0, the game's door pointers */
#define Z3_ROOM_DOOR_PTR_OPERAND2_PC 0xB7FEu  /* the game's second read of them */
#define Z3_ROOM_DOOR_TABLE_PC 0xF83C0u        /* the vanilla place (the editors use it fixed) */
#define Z3_ROOM_HEADER_PTR_OPERAND_PC 0xB5DDu /* long -> $04:F502 */
#define Z3_ROOM_HEADER_BANK_OPERAND_PC 0xB5E7u
#define Z3_ROOM_LAYOUT_PTR_OPERAND_PC 0x882Du /* long -> $04:EF2F */
#define Z3_OVERLAY_PTR_OPERAND_PC 0xB857u     /* long -> $04:ECC0, the 19 dungeon overlays */
#define Z3_ROOM_SPRITE_PTR_OPERAND_PC 0x4C298u /* word, bank $09 */
#define Z3_ROOM_SPRITE_TABLE_PC 0x4D62Eu       /* $09:D62E, 384 words; the lists follow it */
#define Z3_ROOM_SPRITE_REGION_END_PC 0x4EC9Eu  /* room sprite data ends before this */
#define Z3_CHEST_SIZE_OPERAND_PC 0xEBF6u       /* word: table length in bytes */
#define Z3_CHEST_PTR_OPERAND_PC 0xEBFBu        /* long -> $01:E96E */
#define Z3_ROOM_MESSAGE_PC 0x3F61Du            /* 320 words */
#define Z3_POT_PTR_OPERAND_PC 0xE6C2u          /* long -> $01:DB69, 320 words */
#define Z3_POT_BANK_OPERAND_PC 0xE6C8u         /* LDA.w #bank of the pot data */
#define Z3_POT_TABLE_PC 0xDB69u                /* $01:DB69, 320 words; the lists follow it */
#define Z3_POT_REGION_END_PC 0xE6B2u           /* vanilla pot data ends before this */

typedef enum z3_object_subtype {
  Z3_OBJECT_SUBTYPE1 = 1, /* ids 0x000-0x0F7, with a size 0-15 */
  Z3_OBJECT_SUBTYPE2 = 2, /* ids 0x100-0x13F */
  Z3_OBJECT_SUBTYPE3 = 3, /* ids 0xF80-0xFFF */
} z3_object_subtype;

typedef struct z3_room_object {
  uint16_t id;
  uint8_t x, y;   /* tile8 units, 0-63 */
  uint8_t size;   /* subtype 1 only (0-15); 0 otherwise */
} z3_room_object;

typedef struct z3_room_door {
  uint8_t b0, b1; /* raw record: position << 4 | unused bits | direction, type */
} z3_room_door;

typedef struct z3_room_sprite {
  uint8_t id;        /* sprite id, or overlord id when overlord */
  uint8_t x, y;      /* tile16 units, 0-31 */
  uint8_t layer;     /* 0 upper (BG1), 1 lower (BG2) */
  uint8_t subtype;   /* 0-31: ss << 3 | ttt; overlords have ttt == 7 */
  uint8_t key_drop;  /* 0 none, 1 small key, 2 big key (a marker record follows) */
} z3_room_sprite;

/* A pot item (room secret, §3.8): position word (tilemap offset (y*64+x)*2 in
 * bits 0-12, bit 13 lower layer; kept raw) and item. */
typedef struct z3_pot_item {
  uint16_t position;
  uint8_t item;      /* 0x00-0x16, or 0x80/0x82/0x84/0x86/0x88 (hole, stairs, ...) */
} z3_pot_item;

/* A pushable block (§3.9) or a torch (§3.10): position bits 1-6 x, 7-12 y
 * (tile8), bit 13 lower layer; torches: bit 15 lit. Kept raw. */
typedef struct z3_block {
  uint16_t room;     /* 0xFFFF marks an unused block record */
  uint16_t position;
} z3_block;

typedef struct z3_torch_group {
  uint16_t room;
  uint16_t *positions;
  size_t count;
} z3_torch_group;

typedef struct z3_chest {
  uint16_t room;     /* 0x7FFF marks an unused record */
  bool big;
  uint8_t item;
} z3_chest;

/* Decoded header (§3.2); z3_room_header_encode/decode convert to the 14 bytes. */
typedef struct z3_room_header {
  uint8_t bg2;            /* byte 0 bits 7-5 */
  uint8_t collision;      /* bits 4-2 */
  uint8_t unused_bit;     /* bit 1, kept */
  bool lights_out;        /* bit 0 */
  uint8_t palette, blockset, spriteset, effect, tag1, tag2;
  uint8_t hole_layer;     /* byte 7 bits 1-0 */
  uint8_t stair_layer[4]; /* byte 7 bits 3-2, 5-4, 7-6; byte 8 bits 1-0 */
  uint8_t byte8_high;     /* byte 8 bits 7-2, kept */
  uint8_t hole_room;      /* byte 9 */
  uint8_t stair_room[4];  /* bytes 10-13 */
} z3_room_header;

void z3_room_header_decode(const uint8_t raw[Z3_ROOM_HEADER_SIZE], z3_room_header *out);
void z3_room_header_encode(const z3_room_header *h, uint8_t raw[Z3_ROOM_HEADER_SIZE]);

typedef struct z3_room {
  int id;
  uint8_t header[Z3_ROOM_HEADER_SIZE];
  uint8_t floor_byte;    /* low nibble floor 1 (BG1), high nibble floor 2 (BG2) */
  uint8_t layout_byte;   /* layout << 2 | quadrant bits (kept) */
  z3_room_object *objects[Z3_ROOM_LAYERS];
  size_t object_count[Z3_ROOM_LAYERS];
  size_t object_cap[Z3_ROOM_LAYERS];
  bool door_marker;      /* list 2 had F0 FF (always written when re-encoded) */
  z3_room_door doors[Z3_ROOM_MAX_DOORS * 4];
  size_t door_count;
  uint8_t sprite_sort;
  z3_room_sprite *sprites;
  size_t sprite_count, sprite_cap;
  uint16_t message;
  z3_pot_item *pots;
  size_t pot_count, pot_cap;
  /* Where the data came from. */
  size_t header_pc, object_pc, object_len, sprite_pc, sprite_len;
  uint16_t header_word, sprite_word, pot_word;
  size_t pot_pc, pot_len;
  uint32_t object_addr;
  /* What an edit touched (saved), and descriptions of the edits for the change log. */
  bool dirty_header, dirty_objects, dirty_sprites, dirty_message, dirty_pots;
  char *notes;
} z3_room;

/* A layout (8) or dungeon overlay (19): an FF FF-terminated object list
 * reached through a table of longs (§3.5), shared by every room that selects it. */
typedef enum z3_list_kind { Z3_LIST_LAYOUT = 0, Z3_LIST_OVERLAY = 1 } z3_list_kind;
enum { Z3_DUNGEON_OVERLAYS = 19, Z3_OBJECT_LISTS = Z3_ROOM_LAYOUTS + Z3_DUNGEON_OVERLAYS };

typedef struct z3_object_list {
  z3_list_kind kind;
  int index;             /* 0-7 or 0-18 */
  z3_room_object *objects;
  size_t count, cap;
  size_t pc, len;        /* where it came from; len counts the FF FF */
  uint32_t addr;
  bool dirty;
  char *notes;           /* edit descriptions, the change reason */
} z3_object_list;

typedef struct z3_dungeon {
  z3_room rooms[Z3_ROOM_COUNT];
  /* Layouts first, then overlays (z3_dungeon_list finds one). */
  z3_object_list lists[Z3_OBJECT_LISTS];
  size_t layout_table_pc, overlay_table_pc;
  size_t object_table_pc, door_table_pc, header_table_pc, sprite_table_pc, chest_table_pc, pot_table_pc;
  uint8_t pot_bank;
  uint8_t header_bank;
  size_t chest_count;    /* records in the table (length word / 3) */
  z3_chest *chests;
  bool dirty_chests;
  char *chest_notes;
  /* Blocks: fixed records (the length word's count); torches: groups filling
   * a fixed number of bytes. Both are rewritten whole when dirty. */
  z3_block *blocks;
  size_t block_count, block_table_pc;
  z3_torch_group *torches;
  size_t torch_groups, torch_table_pc, torch_bytes;
  bool dirty_blocks, dirty_torches;
  /* Pointers of rooms 0x128-0x13F (never edited; they still share data). */
  uint32_t extra_object_addr[Z3_ROOM_POINTERS - Z3_ROOM_COUNT];
  uint16_t extra_header_word[Z3_ROOM_POINTERS - Z3_ROOM_COUNT];
  uint16_t extra_pot_word[Z3_ROOM_POINTERS - Z3_ROOM_COUNT];
} z3_dungeon;

/* Reads every room; an error names the room and the table or byte at fault. */
z3_status z3_dungeon_load(const z3_rom *rom, z3_dungeon **out, z3_error *err);
void z3_dungeon_free(z3_dungeon *d);
/* Writes what is dirty (see the top of this file) and clears the dirty flags. */
z3_status z3_dungeon_save(z3_dungeon *d, z3_rom *rom, z3_error *err);

/* "room 0x012" style checks for command arguments. */
z3_status z3_room_check_id(int64_t id, z3_error *err);

/* ---- the object stream (exposed for tests and the fuzzer) ---- */

z3_object_subtype z3_object_subtype_of(uint16_t id);
bool z3_object_id_valid(uint16_t id);
/* Decodes one 3-byte object record (§3.4). */
void z3_object_decode(const uint8_t b[3], z3_room_object *out);
/* Checks that an object can be encoded (id, x, y, size, the reserved words). */
z3_status z3_object_check(const z3_room_object *o, z3_error *err);
void z3_object_encode(const z3_room_object *o, uint8_t b[3]);
/* Field by field (the struct has padding, so never memcmp objects). */
bool z3_room_object_equal(const z3_room_object *a, const z3_room_object *b);

/* Parses a room stream from data[0..len) into room (objects, doors, floor and
 * layout bytes); *used gets the stream's length. Errors name the byte offset
 * inside the stream. The room's previous lists are replaced. */
z3_status z3_room_stream_parse(z3_room *room, const uint8_t *data, size_t len, size_t *used,
                               z3_error *err);
/* The room's stream as bytes; *door_offset is where the door records start. */
z3_status z3_room_stream_encode(const z3_room *room, z3_buf *out, size_t *door_offset,
                                z3_error *err);
/* Parses a sprite list (sort byte, records, 0xFF) into room. */
z3_status z3_room_sprites_parse(z3_room *room, const uint8_t *data, size_t len, size_t *used,
                                z3_error *err);
z3_status z3_room_sprites_encode(const z3_room *room, z3_buf *out, z3_error *err);
/* Parses a pot-item list (3-byte records, FF FF end) into room. */
z3_status z3_room_pots_parse(z3_room *room, const uint8_t *data, size_t len, size_t *used, z3_error *err);
void z3_room_pots_encode(const z3_room *room, uint8_t *out, size_t *len); /* out: 3 * count + 2 bytes */
z3_status z3_pot_check(const z3_pot_item *p, z3_error *err);
z3_status z3_room_set_pots(z3_room *room, const z3_pot_item *p, size_t n, z3_error *err);
enum { Z3_ROOM_MAX_POTS = 64 };

/* Parses an FF FF-terminated object list (layouts, overlays) into a fresh array. */
z3_status z3_object_list_parse(const uint8_t *data, size_t len, z3_room_object **out, size_t *count,
                               size_t *used, z3_error *err);

/* ---- edits (dungeon_edit.c) ---- */

size_t z3_room_object_total(const z3_room *room);
z3_status z3_room_add_object(z3_dungeon *d, int room, int layer, const z3_room_object *o,
                             size_t *index, z3_error *err);
/* Sets a subtype-1 object's size (0-15); other subtypes refuse any size but 0. */
z3_status z3_room_resize_object(z3_dungeon *d, int room, int layer, size_t index, int size, z3_error *err);
z3_status z3_room_move_object(z3_dungeon *d, int room, int layer, size_t index, int x, int y,
                              z3_error *err);
z3_status z3_room_remove_object(z3_dungeon *d, int room, int layer, size_t index, z3_error *err);
z3_status z3_room_add_sprite(z3_dungeon *d, int room, const z3_room_sprite *s, size_t *index,
                             z3_error *err);
z3_status z3_room_remove_sprite(z3_dungeon *d, int room, size_t index, z3_error *err);
/* x, y in tile16 units; layer -1 keeps the sprite's layer. */
z3_status z3_room_move_sprite(z3_dungeon *d, int room, size_t index, int x, int y, int layer, z3_error *err);
z3_status z3_sprite_check(const z3_room_sprite *s, z3_error *err);
/* An overlord record: subtype bits 0-2 all set, and not id 0xE4. The game
 * tests for 0xE4 (the small key, and the key-drop markers) before it looks at
 * those bits (usdasm Underworld_LoadSingleSprite, $09:C32C), so an 0xE4 record
 * is always a sprite. */
bool z3_room_sprite_is_overlord(const z3_room_sprite *s);
/* Chests of a room in table order: fills idx (record numbers), returns the count. */
size_t z3_room_chests(const z3_dungeon *d, int room, size_t idx[Z3_CHEST_RECORDS]);
/* Sets the room's n-th chest (n == count adds one in an unused record). */
z3_status z3_room_set_chest(z3_dungeon *d, int room, size_t n, uint8_t item, bool big,
                            z3_error *err);
/* Copies header, objects, doors, sprites, pot items and message of one room onto another
 * (chests are not copied: they belong to the chest table, see docs/dungeons.md). */
z3_status z3_room_copy(z3_dungeon *d, int from, int to, z3_error *err);
/* The parts a room is written in (its own streams and the header), each
 * copied whole by z3_room_copy_part: objects with doors, floors and layout;
 * sprites with their sort; pot items; the header with the message id. */
typedef enum z3_room_part {
  Z3_ROOM_PART_OBJECTS = 0, Z3_ROOM_PART_SPRITES, Z3_ROOM_PART_POTS, Z3_ROOM_PART_HEADER, Z3_ROOM_PART_COUNT
} z3_room_part;
z3_status z3_room_copy_part(z3_room *dst, const z3_room *src, z3_room_part part, z3_error *err);
/* Appends an edit description to the room's notes (used as the change reason). */
void z3_room_note(z3_room *room, const char *fmt, ...) Z3_PRINTF(2, 3);
z3_status z3_room_set_objects(z3_room *room, int layer, const z3_room_object *objs, size_t n,
                              z3_error *err);
z3_status z3_room_set_sprites(z3_room *room, const z3_room_sprite *s, size_t n, z3_error *err);

/* ---- layouts and dungeon overlays (dungeon_lists.c) ---- */

const char *z3_list_kind_name(z3_list_kind kind); /* "layout", "overlay" */
/* The list, or NULL with an error naming the valid range. */
z3_object_list *z3_dungeon_list(z3_dungeon *d, z3_list_kind kind, int64_t index, z3_error *err);
/* The overlays a room tag makes the game apply (usdasm RoomTag_Holes0-8,
 * RoomTag_ChestHoles0/8, RoomTag_Holes2 in bank $01): fills out[0..2), returns
 * how many (0 for a tag that applies none). */
size_t z3_tag_overlays(uint8_t tag, int out[2]);
/* Rooms that use the list (layout byte, or a tag selecting the overlay), in id
 * order; returns the count (at most Z3_ROOM_COUNT). */
size_t z3_list_rooms(const z3_dungeon *d, const z3_object_list *l, int rooms[Z3_ROOM_COUNT]);
/* The list's bytes: objects then FF FF. */
z3_status z3_object_list_encode(const z3_object_list *l, z3_buf *out, z3_error *err);
z3_status z3_list_add_object(z3_object_list *l, const z3_room_object *o, size_t *index, z3_error *err);
z3_status z3_list_move_object(z3_object_list *l, size_t index, int x, int y, z3_error *err);
z3_status z3_list_remove_object(z3_object_list *l, size_t index, z3_error *err);
void z3_list_note(z3_object_list *l, const char *fmt, ...) Z3_PRINTF(2, 3);

/* ---- doors (dungeon_doors.c) ---- */

/* The other side of a doorway: the room beyond the wall (-1 at the grid's
 * edge) and the index of its door on the opposite wall at the same position
 * (-1 when it has none). */
typedef struct z3_door_pair {
  int room;
  long index;
} z3_door_pair;

/* The room beyond wall dir (0 north, 1 south, 2 west, 3 east), or -1. */
int z3_room_neighbour(int room, unsigned dir);
/* Direction 0-3, position 0-11, a type the game can draw and open. */
z3_status z3_door_check(unsigned dir, unsigned position, uint8_t type, z3_error *err);
z3_door_pair z3_room_door_pair(const z3_dungeon *d, int room, size_t index);
/* Doors a doorway needs on both sides: the plain and key-locked ones. Exits,
 * markers, shutters and one-sided kinds have no partner by design. */
bool z3_door_needs_pair(uint8_t type);
/* pair: also the door on the other side (added only when missing). */
z3_status z3_room_add_door(z3_dungeon *d, int room, unsigned dir, unsigned position, uint8_t type, bool pair,
                           size_t *index, z3_door_pair *partner, z3_error *err);
/* Along the same wall; pair: the other side's door moves too. */
z3_status z3_room_move_door(z3_dungeon *d, int room, size_t index, unsigned position, bool pair, z3_door_pair *partner,
                            z3_error *err);
/* *partner gets the other side as it was before the removal. */
z3_status z3_room_remove_door(z3_dungeon *d, int room, size_t index, bool pair, z3_door_pair *partner, z3_error *err);

/* ---- single fields (dungeon_header.c) ---- */

/* Header fields (bg2, collision, lights_out, palette, blockset, spriteset,
 * effect, tag1, tag2, hole_room, hole_layer, stairN_room, stairN_layer),
 * floor1, floor2, layout and message, NULL-terminated. */
extern const char *const z3_room_field_names[];
z3_status z3_room_get_field(const z3_dungeon *d, int room, const char *name, unsigned *out, z3_error *err);
/* Checks the value against the game's limit and marks the part dirty. */
z3_status z3_room_set_field(z3_dungeon *d, int room, const char *name, int64_t value, z3_error *err);

/* ---- blocks and torches (dungeon_blocks.c) ---- */

z3_status z3_dungeon__load_blocks(const z3_rom *rom, z3_dungeon *d, z3_error *err);
void z3_dungeon__free_blocks(z3_dungeon *d);
z3_status z3_dungeon__save_blocks(z3_dungeon *d, z3_rom *rom, z3_error *err);
/* A room's blocks / torch positions (positions raw); replacing checks the
 * tables' capacity and marks them dirty. */
enum { Z3_BLOCK_RECORDS_MAX = 128, Z3_ROOM_MAX_TORCHES = 32 };
size_t z3_room_blocks(const z3_dungeon *d, int room, uint16_t *positions, size_t max);
z3_status z3_room_check_blocks(const z3_dungeon *d, int room, size_t n, z3_error *err);
z3_status z3_room_check_torches(const z3_dungeon *d, int room, size_t n, z3_error *err);
z3_status z3_room_set_blocks(z3_dungeon *d, int room, const uint16_t *positions, size_t n, z3_error *err);
const z3_torch_group *z3_room_torches(const z3_dungeon *d, int room);
z3_status z3_room_set_torches(z3_dungeon *d, int room, const uint16_t *positions, size_t n, z3_error *err);

/* ---- names (dungeon_names.c) ---- */

const char *z3_object_name(uint16_t id);        /* "Chest", or NULL for an unused id */
const char *z3_door_type_name(uint8_t type);    /* or NULL */
const char *z3_door_direction_name(unsigned dir); /* north, south, west, east */
const char *z3_room_tag_name(uint8_t tag);      /* or NULL past 0x3F */
const char *z3_chest_item_name(uint8_t item);   /* or NULL past 0x4B */
const char *z3_bg2_mode_name(uint8_t mode);
const char *z3_collision_name(uint8_t c);
const char *z3_effect_name(uint8_t e);

#endif
