/* Commands of the dungeon resource: dungeon rooms: objects, sprites, chests. */
#include "cmd/handlers_dungeon.h"
#include "cmd/table_macros.h"
#include "zelda3/entrance.h"

static const char *const layer_choices[] = {"all", "bg1", "bg2", NULL};
static const char *const key_choices[] = {"none", "small", "big", NULL};
static const char *const direction_choices[] = {"north", "south", "west", "east", NULL};

#define ROOM_ARG {"room", Z3_ARG_INT, true, NULL, NULL, "room id, 0x000-0x127", 0, 0xFFFF}
#define LAYER_ARG(req) {"layer", Z3_ARG_INT, req, req ? NULL : "0", NULL, "object list: 0 (BG1), 1 (BG2), 2 (BG1, with the doors)", 0, 255}
/* The object commands' target: a room, or a layout / overlay, which are shared lists. */
#define TARGET_ARGS                                                                                          \
  {"room", Z3_ARG_INT, false, NULL, NULL, "room id, 0x000-0x127 (or --layout / --overlay)", 0, 0xFFFF},      \
  {"layout", Z3_ARG_INT, false, NULL, NULL, "layout 0-7 instead of a room: shared by every room using it", 0, 255}, \
  {"overlay", Z3_ARG_INT, false, NULL, NULL, "dungeon overlay 0-18 instead of a room: shared by the rooms whose tags select it", 0, 255}
#define SHARED_NOTE " With --layout or --overlay the edit is to a list every room using it draws: the result's " \
  "rooms_affected names them."
#define LIST_RETURNS {"layout", "integer", "the layout edited (with --layout)"}, {"overlay", "integer", "the overlay edited (with --overlay)"}, \
  {"rooms_affected", "array", "rooms that draw the layout or overlay"}
#define XY_ARGS(what, max)                                                                        \
  {"x", Z3_ARG_INT, true, NULL, NULL, "column in " what " units, 0-" max, 0, 255},                 \
  {"y", Z3_ARG_INT, true, NULL, NULL, "row in " what " units, 0-" max, 0, 255}
#define MUTATE_EFFECTS(what) LIST(what, "saves atomically over --rom (keeping FILE.bak) or to --output")
#define DOOR_INDEX_ARG {"index", Z3_ARG_INT, true, NULL, NULL, "door number as 'dungeon list-objects' shows it", 0, 65535}
#define PAIR_RETURNS {"other_side", "object", "room beyond the wall, its door's index, state (paired, missing, ...)"}
#define CHANGE_RETURNS {"description", "string", "what changed, in model terms"}, {"changes", "array", "the change set"}

static const z3_command z3_cmds_dungeon[] = {
    {
        .resource = "dungeon", .action = "list-rooms",
        .summary = "list the 296 dungeon rooms with their counts and graphics",
        .description = "Reads every room through the game's pointer tables (found through the code "
                       "operands that load them) and lists objects, doors, sprites and chests per room, "
                       "with the blockset, palette set and tags of its header.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"non-empty", Z3_ARG_BOOL, false, NULL, NULL, "only rooms with objects, sprites or chests", 0, 0}),
        .returns = RETURNS({"count", "integer", "rooms listed"},
                           {"rooms", "array", "room, objects, doors, sprites, chests, blockset, palette, spriteset, tag1, tag2, message"}),
        .examples = LIST("z3ed dungeon list-rooms --rom zelda3.sfc --non-empty",
                         "z3ed dungeon list-rooms --rom zelda3.sfc --format json"),
        .handler = cmd_dungeon_list_rooms,
    },
    {
        .resource = "dungeon", .action = "describe",
        .summary = "show one room: header, floors, layout, objects, doors, sprites, chests",
        .description = "The decoded header (BG2 mode, collision, palette set, blockset, sprite set, effect, "
                       "tags, hole and staircase destinations), the floor and layout bytes, counts per object "
                       "list, the doors, sprites and chests, the message id and where each part is stored; "
                       "also (read only) pot items, pushable blocks, torches, pit damage, entrances and spawn points.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(ROOM_ARG),
        .returns = RETURNS({"room", "string", "the room id"}, {"header", "object", "decoded header fields"},
                           {"objects", "array", "objects per list (0, 1, 2)"}, {"doors", "array", "door records"},
                           {"sprites", "array", "sprites and overlords"}, {"chests", "array", "chest items in order"},
                           {"message", "string", "message id"}, {"stored", "object", "addresses of header, objects, sprites"},
                           {"pot_items", "array", "x, y, layer, item (read only)"}, {"blocks", "array", "pushable blocks: x, y, layer"},
                           {"torches", "array", "x, y, layer, lit"}, {"pit_damage", "boolean", "pits hurt instead of dropping Link"},
                           {"entrances", "array", "entrance ids leading here"}, {"spawn_points", "array", "spawn point ids here"}),
        .examples = LIST("z3ed dungeon describe --rom zelda3.sfc --room 0x012"),
        .handler = cmd_dungeon_describe,
    },
    {
        .resource = "dungeon", .action = "list-objects",
        .summary = "list a room's objects (all lists or one) and its doors",
        .description = "Each object with its list (layer), index within the list, id, name, subtype, x and y "
                       "in tile8 units and size (subtype 1 only). --layout N or --overlay N lists a layout's or a "
                       "dungeon overlay's objects instead (one list, no doors) and the rooms that draw it.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(TARGET_ARGS, {"layer", Z3_ARG_INT, false, NULL, NULL, "only this list (0-2)", 0, 255}),
        .returns = RETURNS({"count", "integer", "objects listed"}, {"objects", "array", "layer, index, id, name, subtype, x, y, size"},
                           {"doors", "array", "index, position, direction, type, name (rooms)"}, LIST_RETURNS),
        .examples = LIST("z3ed dungeon list-objects --rom zelda3.sfc --room 0x012",
                         "z3ed dungeon list-objects --rom zelda3.sfc --room 0x012 --layer 1",
                         "z3ed dungeon list-objects --rom zelda3.sfc --layout 2",
                         "z3ed dungeon list-objects --rom zelda3.sfc --overlay 5"),
        .handler = cmd_dungeon_list_objects,
    },
    {
        .resource = "dungeon", .action = "add-object",
        .summary = "add an object to a room's object list",
        .description = "Ids 0x000-0x0F7 (subtype 1, with --size 0-15), 0x100-0x13F (subtype 2) and 0xF80-0xFFF "
                       "(subtype 3). The object goes to the end of the list (drawn last). The room's data is "
                       "rewritten in place, or moved to free space when it grew." SHARED_NOTE,
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's object data, and its pointers when it moves"),
        .args = ARGS(TARGET_ARGS, LAYER_ARG(false), {"id", Z3_ARG_INT, true, NULL, NULL, "object id", 0, 0xFFFF},
                     XY_ARGS("tile8", "63"), {"size", Z3_ARG_INT, false, "0", NULL, "size 0-15 (subtype 1 only)", 0, 255}),
        .returns = RETURNS({"index", "integer", "the new object's index in its list"}, CHANGE_RETURNS, LIST_RETURNS),
        .examples = LIST("z3ed dungeon add-object --rom hack.sfc --room 0x012 --layer 0 --id 0xF99 --x 10 --y 20",
                         "z3ed dungeon add-object --rom hack.sfc --room 0x012 --id 0x001 --x 4 --y 4 --size 3",
                         "z3ed dungeon add-object --rom hack.sfc --overlay 5 --id 0x0A4 --x 20 --y 20"),
        .handler = cmd_dungeon_add_object,
    },
    {
        .resource = "dungeon", .action = "move-object",
        .summary = "move one object of a room",
        .description = "Objects are numbered per list from 0, in drawing order (see 'dungeon list-objects')." SHARED_NOTE,
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's object data"),
        .args = ARGS(TARGET_ARGS, LAYER_ARG(false), {"index", Z3_ARG_INT, true, NULL, NULL, "object number in the list", 0, 65535},
                     XY_ARGS("tile8", "63")),
        .returns = RETURNS(CHANGE_RETURNS, LIST_RETURNS),
        .examples = LIST("z3ed dungeon move-object --rom hack.sfc --room 0x012 --layer 0 --index 0 --x 5 --y 4",
                         "z3ed dungeon move-object --rom hack.sfc --layout 3 --index 4 --x 6 --y 2"),
        .handler = cmd_dungeon_move_object,
    },
    {
        .resource = "dungeon", .action = "resize-object",
        .summary = "set the size of one object of a room",
        .description = "The size (0-15) is how far a subtype-1 object (ids 0x000-0x0F7) repeats: a wall's or a "
                       "floor's length, in its own steps. Subtype 2 and 3 objects have a fixed size and refuse "
                       "any other than 0. The object keeps its place and index.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's object data"),
        .args = ARGS(ROOM_ARG, LAYER_ARG(false), {"index", Z3_ARG_INT, true, NULL, NULL, "object number in the list", 0, 65535},
                     {"size", Z3_ARG_INT, true, NULL, NULL, "the new size, 0-15", -1, 255}),
        .returns = RETURNS(CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon resize-object --rom hack.sfc --room 0x012 --layer 0 --index 0 --size 3"),
        .handler = cmd_dungeon_resize_object,
    },
    {
        .resource = "dungeon", .action = "remove-object",
        .summary = "remove one object from a room",
        .description = "The objects after it move up one index; the room's data shrinks in place." SHARED_NOTE,
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's object data"),
        .args = ARGS(TARGET_ARGS, LAYER_ARG(false), {"index", Z3_ARG_INT, true, NULL, NULL, "object number in the list", 0, 65535}),
        .returns = RETURNS({"removed", "object", "the object removed"}, CHANGE_RETURNS, LIST_RETURNS),
        .examples = LIST("z3ed dungeon remove-object --rom hack.sfc --room 0x012 --layer 0 --index 1",
                         "z3ed dungeon remove-object --rom hack.sfc --overlay 0 --index 0"),
        .handler = cmd_dungeon_remove_object,
    },
    {
        .resource = "dungeon", .action = "list-layouts",
        .summary = "list the 8 room layouts with the rooms that use each",
        .description = "A room's layout byte (bits 4-2) selects one of 8 layouts: object lists drawn on BG1 "
                       "before the room's own objects, read through the table of longs the operand at 0x882D "
                       "points to. Each entry: where it is stored, its object count and bytes, and the rooms "
                       "whose layout byte selects it. Edit one with the object commands' --layout.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .returns = RETURNS({"count", "integer", "8"},
                           {"layouts", "array", "index, address, offset, objects, bytes, rooms"}),
        .examples = LIST("z3ed dungeon list-layouts --rom zelda3.sfc"),
        .handler = cmd_dungeon_list_layouts,
    },
    {
        .resource = "dungeon", .action = "list-overlays",
        .summary = "list the 19 dungeon overlays (holes and floors) with the tags and rooms that apply them",
        .description = "The \"holes\" room tags apply one of 19 object lists (pits, floors) when a switch is "
                       "pressed or a chest opened; the table of longs is read through the operand at 0xB857. "
                       "Holes 0, 1 and 3-8 select overlay base + 0 on switch tiles 0x23/0x3A and base + 1 on "
                       "0x3B (bases 1, 3, 6, 8, 10, 12, 14, 16); holes 2 selects 5, the chest tags 0 and 18 "
                       "(usdasm RoomTag_Holes0-8, bank $01). Each entry lists the tags and the rooms having one. "
                       "Edit one with the object commands' --overlay.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .returns = RETURNS({"count", "integer", "19"},
                           {"overlays", "array", "index, address, offset, objects, bytes, rooms, tags (tag, name, when)"}),
        .examples = LIST("z3ed dungeon list-overlays --rom zelda3.sfc"),
        .handler = cmd_dungeon_list_overlays,
    },
    {
        .resource = "dungeon", .action = "list-sprites",
        .summary = "list a room's sprites and overlords",
        .description = "Each record with x and y in tile16 units, layer, subtype, whether it is an overlord "
                       "(subtype bits 0-2 all set) and the key it drops.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(ROOM_ARG),
        .returns = RETURNS({"count", "integer", "records"}, {"sort", "integer", "the list's sort byte"},
                           {"sprites", "array", "index, id, overlord, name, x, y, layer, subtype, key_drop"}),
        .examples = LIST("z3ed dungeon list-sprites --rom zelda3.sfc --room 0x012"),
        .handler = cmd_dungeon_list_sprites,
    },
    {
        .resource = "dungeon", .action = "add-sprite",
        .summary = "add a sprite or an overlord to a room",
        .description = "Sprite ids 0x00-0xF2, overlord ids 0x01-0x1A (--overlord). At most 16 sprites and "
                       "8 overlords per room. --key gives the sprite a small or big key to drop.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's sprite list, and its pointer when it moves"),
        .args = ARGS(ROOM_ARG, {"id", Z3_ARG_INT, true, NULL, NULL, "sprite or overlord id", 0, 255},
                     XY_ARGS("tile16", "31"),
                     {"layer", Z3_ARG_INT, false, "0", NULL, "0 upper (BG1), 1 lower (BG2)", 0, 255},
                     {"subtype", Z3_ARG_INT, false, "0", NULL, "subtype 0-31 (sprites)", 0, 255},
                     {"overlord", Z3_ARG_BOOL, false, NULL, NULL, "the id is an overlord", 0, 0},
                     {"key", Z3_ARG_ENUM, false, "none", key_choices, "key the sprite drops", 0, 0}),
        .returns = RETURNS({"index", "integer", "the new record's index"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon add-sprite --rom hack.sfc --room 0x012 --id 0x41 --x 8 --y 9 --key small"),
        .handler = cmd_dungeon_add_sprite,
    },
    {
        .resource = "dungeon", .action = "remove-sprite",
        .summary = "remove one sprite (with its key drop) from a room",
        .description = "Records are numbered from 0 as 'dungeon list-sprites' shows them.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's sprite list"),
        .args = ARGS(ROOM_ARG, {"index", Z3_ARG_INT, true, NULL, NULL, "record number", 0, 65535}),
        .returns = RETURNS({"removed", "object", "the record removed"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon remove-sprite --rom hack.sfc --room 0x012 --index 0"),
        .handler = cmd_dungeon_remove_sprite,
    },
    {
        .resource = "dungeon", .action = "move-sprite",
        .summary = "move one sprite or overlord of a room (and optionally change its layer)",
        .description = "Records are numbered from 0 as 'dungeon list-sprites' shows them; x and y are tile16 units.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's sprite list"),
        .args = ARGS(ROOM_ARG, {"index", Z3_ARG_INT, true, NULL, NULL, "record number", 0, 65535}, XY_ARGS("tile16", "31"),
                     {"layer", Z3_ARG_INT, false, NULL, NULL, "0 upper (BG1), 1 lower (BG2); default: unchanged", 0, 255}),
        .returns = RETURNS(CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon move-sprite --rom hack.sfc --room 0x012 --index 0 --x 10 --y 12"),
        .handler = cmd_dungeon_move_sprite,
    },
    {
        .resource = "dungeon", .action = "add-door",
        .summary = "add a door on a wall of a room (and, with --pair, the door back from the room beyond)",
        .description = "Rooms sit on a 16-wide grid: beyond the north wall of room R is R-0x10, beyond its west wall "
                       "R-1. A doorway needs a door on both sides at the same position index; --pair adds the other "
                       "side's door (opposite wall, same position and type) when it is missing. Positions 0-11 along the "
                       "wall; types even 0x00-0x66 except those the game cannot draw or open; at most 16 doors per room.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the object data of the room (and of the room beyond with --pair)"),
        .args = ARGS(ROOM_ARG, {"direction", Z3_ARG_ENUM, true, NULL, direction_choices, "the wall", 0, 0},
                     {"position", Z3_ARG_INT, true, NULL, NULL, "position along the wall, 0-11", 0, 11},
                     {"type", Z3_ARG_INT, false, "0", NULL, "door type (0x00 normal, 0x1C small key, 0x1E big key, ...)", 0, 0xFFFF},
                     {"pair", Z3_ARG_BOOL, false, NULL, NULL, "also add the door on the other side", 0, 0}),
        .returns = RETURNS({"index", "integer", "the new door's index"}, PAIR_RETURNS, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon add-door --rom hack.sfc --room 0x012 --direction east --position 5 --type 0x1C --pair"),
        .handler = cmd_dungeon_add_door,
    },
    {
        .resource = "dungeon", .action = "move-door",
        .summary = "move a door along its wall (with --pair, the other side's door too)",
        .description = "The door keeps its wall and type; --pair moves the matching door of the room beyond the "
                       "wall to the same new position so the doorway stays whole.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the object data of the room (and of the room beyond with --pair)"),
        .args = ARGS(ROOM_ARG, DOOR_INDEX_ARG, {"position", Z3_ARG_INT, true, NULL, NULL, "new position, 0-11", 0, 11},
                     {"pair", Z3_ARG_BOOL, false, NULL, NULL, "move the other side's door too", 0, 0}),
        .returns = RETURNS(PAIR_RETURNS, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon move-door --rom hack.sfc --room 0x012 --index 0 --position 6 --pair"),
        .handler = cmd_dungeon_move_door,
    },
    {
        .resource = "dungeon", .action = "remove-door",
        .summary = "remove a door (with --pair, the other side's door too)",
        .description = "The doors after it move up one index. Without --pair the result says whether a door "
                       "beyond the wall still leads here.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the object data of the room (and of the room beyond with --pair)"),
        .args = ARGS(ROOM_ARG, DOOR_INDEX_ARG, {"pair", Z3_ARG_BOOL, false, NULL, NULL, "remove the other side's door too", 0, 0}),
        .returns = RETURNS({"removed", "object", "the door removed"}, PAIR_RETURNS, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon remove-door --rom hack.sfc --room 0x012 --index 0 --pair"),
        .handler = cmd_dungeon_remove_door,
    },
    {
        .resource = "dungeon", .action = "add-pot",
        .summary = "add a pot item to a room",
        .description = "The item a pot (or bush-like object) at x, y gives when lifted; at most 64 per room. The room's list is rewritten in place or moved within its bank.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the pot item records"),
        .args = ARGS(ROOM_ARG, XY_ARGS("tile8", "63"),
                     {"layer", Z3_ARG_INT, false, "0", NULL, "0 upper (BG1), 1 lower (BG2)", 0, 1},
                     {"item", Z3_ARG_INT, true, NULL, NULL, "0x00-0x16, or 0x80/0x82/0x84/0x86/0x88 (hole, stairs, switch...)", 0, 255}),
        .returns = RETURNS({"index", "integer", "the new record's index"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon add-pot --rom hack.sfc --room 0x012 --x 20 --y 12 --item 0x0B"),
        .handler = cmd_dungeon_add_pot,
    },
    {
        .resource = "dungeon", .action = "remove-pot",
        .summary = "remove one pot item from a room",
        .description = "Records are numbered from 0 as 'dungeon describe' shows them; the later ones move up one.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the pot item records"),
        .args = ARGS(ROOM_ARG, {"index", Z3_ARG_INT, true, NULL, NULL, "record number", 0, 65535}),
        .returns = RETURNS({"removed", "object", "the record removed"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon remove-pot --rom hack.sfc --room 0x012 --index 0"),
        .handler = cmd_dungeon_remove_pot,
    },
    {
        .resource = "dungeon", .action = "add-block",
        .summary = "add a pushable block to a room",
        .description = "Blocks live in one shared table of fixed size (99 records in vanilla); an add that does not fit is refused.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the pushable block records"),
        .args = ARGS(ROOM_ARG, XY_ARGS("tile8", "63"),
                     {"layer", Z3_ARG_INT, false, "0", NULL, "0 upper (BG1), 1 lower (BG2)", 0, 1}),
        .returns = RETURNS({"index", "integer", "the new record's index"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon add-block --rom hack.sfc --room 0x012 --x 30 --y 20"),
        .handler = cmd_dungeon_add_block,
    },
    {
        .resource = "dungeon", .action = "remove-block",
        .summary = "remove one pushable block from a room",
        .description = "Records are numbered from 0 as 'dungeon describe' shows them; the later ones move up one.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the pushable block records"),
        .args = ARGS(ROOM_ARG, {"index", Z3_ARG_INT, true, NULL, NULL, "record number", 0, 65535}),
        .returns = RETURNS({"removed", "object", "the record removed"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon remove-block --rom hack.sfc --room 0x024 --index 0"),
        .handler = cmd_dungeon_remove_block,
    },
    {
        .resource = "dungeon", .action = "add-torch",
        .summary = "add a lightable torch to a room",
        .description = "Torches live in one shared table of fixed size (0x120 bytes in vanilla); an add that does not fit is refused.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the lightable torch records"),
        .args = ARGS(ROOM_ARG, XY_ARGS("tile8", "63"),
                     {"layer", Z3_ARG_INT, false, "0", NULL, "0 upper (BG1), 1 lower (BG2)", 0, 1},
                     {"lit", Z3_ARG_BOOL, false, NULL, NULL, "lit when the room loads", 0, 0}),
        .returns = RETURNS({"index", "integer", "the new record's index"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon add-torch --rom hack.sfc --room 0x012 --x 8 --y 8 --lit"),
        .handler = cmd_dungeon_add_torch,
    },
    {
        .resource = "dungeon", .action = "remove-torch",
        .summary = "remove one lightable torch from a room",
        .description = "Records are numbered from 0 as 'dungeon describe' shows them; the later ones move up one.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the lightable torch records"),
        .args = ARGS(ROOM_ARG, {"index", Z3_ARG_INT, true, NULL, NULL, "record number", 0, 65535}),
        .returns = RETURNS({"removed", "object", "the record removed"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon remove-torch --rom hack.sfc --room 0x012 --index 0"),
        .handler = cmd_dungeon_remove_torch,
    },
    {
        .resource = "dungeon", .action = "list-chests",
        .summary = "list chest items (one room or the whole table)",
        .description = "The n-th chest object of a room receives the n-th record of that room in the "
                       "168-record chest table.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"room", Z3_ARG_INT, false, NULL, NULL, "only this room", 0, 0xFFFF}),
        .returns = RETURNS({"count", "integer", "records listed"}, {"used", "integer", "records in use in the table"},
                           {"capacity", "integer", "records in the table"},
                           {"chests", "array", "room, index, item, name, big, record"}),
        .examples = LIST("z3ed dungeon list-chests --rom zelda3.sfc --room 0x012", "z3ed dungeon list-chests --rom zelda3.sfc"),
        .handler = cmd_dungeon_list_chests,
    },
    {
        .resource = "dungeon", .action = "set-chest",
        .summary = "set the item of a room's chest (or add the room's next chest)",
        .description = "--index N changes the room's N-th chest; N equal to the room's chest count adds a "
                       "chest in an unused record of the table (at most 5 per room).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites records of the chest table"),
        .args = ARGS(ROOM_ARG, {"index", Z3_ARG_INT, false, "0", NULL, "the room's chest number", 0, 255},
                     {"item", Z3_ARG_INT, true, NULL, NULL, "item id 0x00-0x4B", 0, 255},
                     {"big", Z3_ARG_BOOL, false, NULL, NULL, "a big chest", 0, 0}),
        .returns = RETURNS({"old_item", "string", "the item before (null when added)"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon set-chest --rom hack.sfc --room 0x012 --index 0 --item 0x28"),
        .handler = cmd_dungeon_set_chest,
    },
    {
        .resource = "dungeon", .action = "set-header",
        .summary = "change one field of a room's header, its floors, layout or message id",
        .description = "Header fields (world reference 3.2): bg2 0-7, collision 0-4, lights_out 0-1, palette 0x00-0x28, "
                       "blockset (aux) 0x00-0x51, spriteset 0x00-0x4F, effect 0-7, tag1/tag2 0x00-0x3F, hole_room and "
                       "stairN_room (low byte of the destination room), hole_layer and stairN_layer 0-3; floor1/floor2 "
                       "0-15 and layout 0-7 (one of the 8 layout templates) live in the object stream; message is the "
                       "room's message id. Only the part that changed is rewritten; a header shared with other rooms "
                       "moves to free space in its bank.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's header (and its pointer when it moves), object stream or message id"),
        .args = ARGS(ROOM_ARG, {"field", Z3_ARG_ENUM, true, NULL, z3_room_field_names, "the field to change", 0, 0},
                     {"value", Z3_ARG_INT, true, NULL, NULL, "the new value", 0, 0xFFFF}),
        .returns = RETURNS({"old_value", "integer", "the field before"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon set-header --rom hack.sfc --room 0x012 --field tag1 --value 0x33",
                         "z3ed dungeon set-header --rom hack.sfc --room 0x012 --field layout --value 3"),
        .handler = cmd_dungeon_set_header,
    },
    {
        .resource = "dungeon", .action = "collision",
        .summary = "list the custom collision tiles ZScream's patch sets in a room",
        .description = "ZScream's custom collision (a room pointer at 0x128090 set): each room's list sets tiles of its "
                       "64x64 tile8 collision map to a tile type 0x00-0xFF. Lists every tile the room's list sets; a ROM "
                       "without the layout answers installed false and no tiles.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(ROOM_ARG),
        .returns = RETURNS({"installed", "boolean", "the ROM has ZScream's custom collision"},
                           {"pointer", "string", "the room's list (SNES), null when it has none"},
                           {"count", "integer", "tiles set"}, {"tiles", "array", "x, y, value"}),
        .examples = LIST("z3ed dungeon collision --rom hack.sfc --room 0x012"),
        .handler = cmd_dungeon_collision,
    },
    {
        .resource = "dungeon", .action = "set-collision",
        .summary = "set or clear one custom collision tile of a room (ZScream's layout only)",
        .description = "Sets tile (x, y) of the room's 64x64 collision map to a tile type, or with --clear takes it out "
                       "of the room's list. Only on a ROM that already has ZScream's custom collision: z3ed never "
                       "installs it. The list is rewritten as one-row rectangles, in place when it fits, else after "
                       "the last list (below 0x12E000); a room left with no tiles gets pointer 0.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's collision list and its pointer at 0x128090"),
        .args = ARGS(ROOM_ARG, {"x", Z3_ARG_INT, true, NULL, NULL, "column in tile8 units, 0-63", 0, 63},
                     {"y", Z3_ARG_INT, true, NULL, NULL, "row in tile8 units, 0-63", 0, 63},
                     {"value", Z3_ARG_INT, false, NULL, NULL, "tile type 0x00-0xFF", 0, 0xFF},
                     {"clear", Z3_ARG_BOOL, false, NULL, NULL, "take the tile out of the list instead", 0, 0}),
        .returns = RETURNS({"old_value", "string", "the tile before, null when unset"},
                           {"pointer", "string", "the room's list after"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed dungeon set-collision --rom collision.sfc --room 0x012 --x 10 --y 12 --value 0x08",
                         "z3ed dungeon set-collision --rom collision.sfc --room 0x012 --x 16 --y 8 --clear"),
        .handler = cmd_dungeon_set_collision,
    },
    {
        .resource = "dungeon", .action = "water-fill",
        .summary = "list yaze's water-fill zones: the collision tiles a room's water fill turns into water",
        .description = "yaze keeps water-fill zones (Oracle of Secrets' water gates) in 0x12E000-0x12FFFF, the tail of "
                       "ZScream's custom collision bank: per room (0x00-0xFF) the tiles of its 64x64 collision map that "
                       "become water and the bit of SRAM $7EF411 that remembers the fill, at most 8 zones. A ROM without "
                       "that region (no custom collision, a collision list reaching into it, other bytes there) answers "
                       "installed false and says why.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"room", Z3_ARG_INT, false, NULL, NULL, "only this room's zone, 0x000-0x127", 0, 0xFFFF}),
        .returns = RETURNS({"installed", "boolean", "the ROM has yaze's water-fill table (maybe empty)"},
                           {"why_absent", "string", "why not, else null"}, {"count", "integer", "zones listed"},
                           {"zones", "array", "room, mask, count, tiles as [x, y]"}),
        .examples = LIST("z3ed dungeon water-fill --rom collision.sfc"),
        .handler = cmd_dungeon_water_fill,
    },
    {
        .resource = "dungeon", .action = "set-water-fill",
        .summary = "set or remove a room's water-fill zone (yaze's table, where the ROM has it)",
        .description = "Replaces the room's zone with the tiles of --tiles: 'x,y' tiles and 'x,y,width,height' "
                       "rectangles of the 64x64 collision map, separated by spaces or ';', at most 255 tiles. The zone "
                       "keeps its SRAM bit, or takes --mask, or the lowest free one. --remove drops it. The table is "
                       "rewritten as yaze writes it (zones by room, tiles sorted, the rest of the region zero); only on "
                       "a ROM with ZScream's custom collision whose region 0x12E000-0x12FFFF is free or holds the table.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the water-fill table at 0x12E000"),
        .args = ARGS({"room", Z3_ARG_INT, true, NULL, NULL, "room id, 0x00-0xFF (the table stores a byte)", 0, 0xFFFF},
                     {"tiles", Z3_ARG_STRING, false, NULL, NULL, "'x,y' tiles and 'x,y,w,h' rectangles, 0-63", 0, 0},
                     {"mask", Z3_ARG_INT, false, NULL, NULL, "SRAM bit of $7EF411: 0x01, 0x02, ... 0x80", 1, 0x80},
                     {"remove", Z3_ARG_BOOL, false, NULL, NULL, "drop the room's zone instead", 0, 0}),
        .returns = RETURNS({"old_count", "integer", "tiles the zone had (0: none)"},
                           {"zone", "object", "the zone after, null when removed"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed dungeon set-water-fill --rom collision.sfc --room 0x27 --tiles '10,20,8,4 30,31'",
                         "z3ed dungeon set-water-fill --rom collision.sfc --room 0x27 --remove"),
        .handler = cmd_dungeon_set_water_fill,
    },
    {
        .resource = "dungeon", .action = "copy-room",
        .summary = "copy a room's header, objects, doors, sprites, pot items and message onto another room",
        .description = "The target keeps its own chest, block and torch records (those tables are shared by all rooms); "
                       "its data is written where it fits or moved to free space.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the target room's header, objects, sprites, pot items and message id"),
        .args = ARGS({"from", Z3_ARG_INT, true, NULL, NULL, "source room", 0, 0xFFFF},
                     {"to", Z3_ARG_INT, true, NULL, NULL, "target room", 0, 0xFFFF}),
        .returns = RETURNS(CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon copy-room --rom hack.sfc --from 0x012 --to 0x013"),
        .handler = cmd_dungeon_copy_room,
    },
    {
        .resource = "dungeon", .action = "export",
        .summary = "write one room as JSON",
        .description = "Everything z3ed models of the room (format z3ed-room, version 1): header fields, "
                       "floors, layout, the three object lists, doors, sprites, chests, pot items, pushable "
                       "blocks, torches and message id. "
                       "'dungeon import' reads it back. --layout N or --overlay N writes that list instead "
                       "(format z3ed-object-list, version 1: kind, index and the objects with the same fields).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes --out atomically"),
        .args = ARGS(TARGET_ARGS, {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "JSON file to write", 0, 0}),
        .returns = RETURNS({"room", "string", "the room"}, {"files", "array", "the file written"}, LIST_RETURNS),
        .examples = LIST("z3ed dungeon export --rom zelda3.sfc --room 0x012 --out room.json",
                         "z3ed dungeon export --rom zelda3.sfc --overlay 3 --out overlay3.json"),
        .handler = cmd_dungeon_export,
    },
    {
        .resource = "dungeon", .action = "import",
        .summary = "replace one room from JSON (as 'dungeon export' writes it)",
        .description = "Checks every field first and names the JSON path of a bad one; then replaces the "
                       "room's header, objects, doors, sprites, chests, pot items, blocks, torches and message id "
                       "and saves them "
                       "(optional fields left out keep the room's values). With --layout or --overlay it replaces "
                       "that list's objects from a z3ed-object-list document (shared: see rooms_affected).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the room's data and chest records"),
        .args = ARGS(TARGET_ARGS, {"in", Z3_ARG_PATH, true, NULL, NULL, "JSON file to read", 0, 0}),
        .returns = RETURNS(CHANGE_RETURNS, LIST_RETURNS),
        .examples = LIST("z3ed dungeon import --rom hack.sfc --room 0x020 --in room.json",
                         "z3ed dungeon import --rom hack.sfc --layout 2 --in layout.json"),
        .handler = cmd_dungeon_import,
    },
    {
        .resource = "dungeon", .action = "render",
        .summary = "draw a room to a 512x512 indexed PNG",
        .description = "Floors, layout, objects and doors drawn from the game's object and door tile data with "
                       "the room's blockset and palette, in the room's initial state (shut doors shut). An "
                       "object or door whose data cannot be read is drawn as a magenta box and counted in "
                       "objects_unrendered. --layout N or --overlay N draws that list alone on a transparent "
                       "backdrop, in the graphics of --room (default: the first room using it, else room 0x000).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes --out atomically"),
        .args = ARGS(TARGET_ARGS, {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "PNG file to write", 0, 0},
                     {"layer", Z3_ARG_ENUM, false, "all", layer_choices, "draw both backgrounds or one", 0, 0}),
        .returns = RETURNS({"room", "string", "the room (its graphics, with --layout / --overlay)"},
                           {"layout", "integer", "the layout drawn alone"}, {"overlay", "integer", "the overlay drawn alone"},
                           {"objects_drawn", "integer", "objects and doors drawn from tile data"},
                           {"objects_unrendered", "integer", "objects and doors drawn as placeholder boxes"},
                           {"blockset", "object", "main and aux blocksets used"}, {"palette", "integer", "dungeon palette used"},
                           {"files", "array", "the file written"}),
        .examples = LIST("z3ed dungeon render --rom zelda3.sfc --room 0x012 --out room.png",
                         "z3ed dungeon render --rom zelda3.sfc --layout 2 --out layout2.png"),
        .handler = cmd_dungeon_render,
    },
    {
        .resource = "dungeon", .action = "list-entrances",
        .summary = "list the dungeon entrances (133, or 255 expanded) or the 7 starting points with room, position, palace and music",
        .description = "Entrances are where Link appears when he walks in from the overworld (overworld entrances "
                       "and holes point at them); starting points (--spawn) where a game starts or resumes. "
                       "x and y are shown relative to the room's upper-left corner. A ROM where ZScream expanded "
                       "the entrances (0x00 at 0x7F000 or 0x01 at 0x7F001) has 255, read from its tables at "
                       "0x78000-0x7A0FF, and shows face_down from its extra byte.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"spawn", Z3_ARG_BOOL, false, NULL, NULL, "the starting points instead of the entrances", 0, 0},
                     {"room", Z3_ARG_INT, false, NULL, NULL, "only those leading to this room", 0, 0xFFFF}),
        .returns = RETURNS({"kind", "string", "entrance or spawn point"}, {"count", "integer", "records listed"},
                           {"entrances", "array", "id, room, palace_name, floor, song_name, x, y (spawn_points with --spawn)"}),
        .examples = LIST("z3ed dungeon list-entrances --rom zelda3.sfc", "z3ed dungeon list-entrances --rom zelda3.sfc --room 0x012",
                         "z3ed dungeon list-entrances --rom zelda3.sfc --spawn --format json"),
        .handler = cmd_dungeon_list_entrances,
    },
    {
        .resource = "dungeon", .action = "get-entrance",
        .summary = "show every field of one entrance or starting point",
        .description = "Room, the eight camera limits, scroll, Link's position and camera triggers (absolute, and "
                       "relative to the room in 'relative'), blockset, floor, palace, doorway, layer, scrolling, "
                       "quadrant, overworld door tile and music, with palace and song names. Field names are the ones "
                       "'dungeon set-entrance --field' takes.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"id", Z3_ARG_INT, true, NULL, NULL, "entrance 0x00-0x84 (0x00-0xFE expanded), or starting point 0-6 with --spawn", 0, 0xFFFF},
                     {"spawn", Z3_ARG_BOOL, false, NULL, NULL, "a starting point instead of an entrance", 0, 0}),
        .returns = RETURNS({"id", "string", "the record"}, {"room", "string", "room entered"},
                           {"relative", "object", "coordinates relative to the room"},
                           {"palace_name", "string", "palace (or none)"}, {"song_name", "string", "music"}),
        .examples = LIST("z3ed dungeon get-entrance --rom zelda3.sfc --id 0x04",
                         "z3ed dungeon get-entrance --rom zelda3.sfc --id 0 --spawn --format json"),
        .handler = cmd_dungeon_get_entrance,
    },
    {
        .resource = "dungeon", .action = "set-entrance",
        .summary = "change one field of an entrance or starting point, within the game's limits",
        .description = "Rooms 0x000-0x127; positions, scrolls, triggers and camera limits inside the record's room; "
                       "blocksets 0x00-0x24; palaces 0x00-0x1A (even) or 0xFF; quadrant 0x00/0x02/0x10/0x12; layer "
                       "nibbles 0-1; scrolling nibbles 0 or 2; music a song 0x00-0x22 or a sound command 0xF0-0xFF; floor "
                       "signed (-1 is B1). A new room carries the positions, scrolls and camera limits along "
                       "(same place in the new room) unless --keep-coordinates.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = MUTATE_EFFECTS("rewrites the field's bytes in the entrance tables (and the coordinates on a room change)"),
        .args = ARGS({"id", Z3_ARG_INT, true, NULL, NULL, "entrance 0x00-0x84 (0x00-0xFE expanded), or starting point 0-6 with --spawn", 0, 0xFFFF},
                     {"field", Z3_ARG_ENUM, true, NULL, z3_place_field_names, "the field to change ('dungeon get-entrance' shows them)", 0, 0},
                     {"value", Z3_ARG_INT, true, NULL, NULL, "the new value", -128, 0xFFFF},
                     {"spawn", Z3_ARG_BOOL, false, NULL, NULL, "a starting point instead of an entrance", 0, 0},
                     {"keep-coordinates", Z3_ARG_BOOL, false, NULL, NULL, "on a room change, keep the absolute coordinates", 0, 0}),
        .returns = RETURNS({"coordinates_moved", "boolean", "the coordinates followed a room change"}, CHANGE_RETURNS),
        .examples = LIST("z3ed dungeon set-entrance --rom hack.sfc --id 0x04 --field song --value 0x11",
                         "z3ed dungeon set-entrance --rom hack.sfc --id 0x04 --field room --value 0x024",
                         "z3ed dungeon set-entrance --rom hack.sfc --id 0 --spawn --field floor --value -1"),
        .handler = cmd_dungeon_set_entrance,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_dungeon, 400)
