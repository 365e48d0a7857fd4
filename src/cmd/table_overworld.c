/* Commands of the overworld resource: overworld areas: tiles, sprites, entrances, exits, items. */
#include "cmd/handlers_overworld.h"
#include "cmd/table_macros.h"
#include "cmd/table_overworld_args.h"

static const char *const layers[] = {"tile16", "tile32", NULL};


static const z3_command z3_cmds_overworld[] = {
    {
        .resource = "overworld", .action = "list",
        .summary = "list the 160 overworld areas: world, size, parent, graphics, list sizes",
        .description = "Loads the whole overworld model (maps, tile tables, property tables, sprite and item "
                       "lists, entrances) and summarises every area. Parts of a large (2x2), wide (2x1) or tall (1x2) "
                       "area name their parent; lists belong to the parent. Reads the vanilla tile tables or the "
                       "expanded tile16 and tile32 tables ZScream saves, the 256 expanded entrances and "
                       "ZSCustomOverworld v1-v3's tables, v3's wide and tall areas included, and with the tail-map "
                       "patch the special-world maps 0xA0-0xBF (192 areas); 'z3ed rom info' lists the layouts a ROM shows.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"count", "integer", "160, or 192 with the special-world tail maps"}, {"large_areas", "integer", "large (2x2 screen) areas"},
                           {"wide_areas", "integer", "ZSCustomOverworld v3 wide (2x1) areas"},
                           {"tall_areas", "integer", "ZSCustomOverworld v3 tall (1x2) areas"},
                           {"areas", "array", "map, name, world, large, size, parent, gfx, palette, sprites per state, items, entrances"},
                           {"expanded_layouts", "array", "as in rom info: every expanded layout the ROM shows "
                                                         "(null for a non-ALttP title)"}),
        .examples = LIST("z3ed overworld list --rom zelda3.sfc"),
        .handler = cmd_overworld_list,
    },
    {
        .resource = "overworld", .action = "describe",
        .summary = "show one area: properties, screens and their map streams, list sizes",
        .description = "Everything the model knows about one area: name, world, size and parent, graphics, "
                       "palette, sprite sets per state, sign message, music, and where each screen's two "
                       "compressed map32 streams live. On a ZSCustomOverworld ROM also the patch's per-area "
                       "values (backdrop colour, main palette, mosaic, animated sheet, subscreen overlay, the 8 "
                       "sheets) and which of its features are enabled. Sizes: small 1x1, large 2x2 screens; "
                       "ZSCustomOverworld v3 adds wide (2x1) and tall (1x2) and stores the size at 0x1788D as "
                       "0 small, 1 large, 2 wide, 3 tall, which is not the vanilla meaning (0x00 large, 0x01 small).",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(MAP_ARG),
        .returns = RETURNS({"map", "string", "the area"}, {"name", "string", "area name"},
                           {"large", "boolean", "2x2 screens"}, {"size", "string", "small, large (v3: also wide, tall)"},
                           {"screens", "array", "map, high and low stream address and size"},
                           {"tile16_size", "integer", "the tile16 grid's longer side (32 or 64)"},
                           {"tile16_width", "integer", "tile16 columns: 64 for a large or wide area's parent, else 32"},
                           {"tile16_height", "integer", "tile16 rows: 64 for a large or tall area's parent, else 32"},
                           {"zscustom", "object", "ZSCustomOverworld: version, bg_color, main_palette, mosaic, animated_gfx, "
                                                  "overlay, tile_gfx, enabled; null on a ROM without the patch"}),
        .examples = LIST("z3ed overworld describe --rom zelda3.sfc --map 0x00"),
        .handler = cmd_overworld_describe,
    },
    {
        .resource = "overworld", .action = "set-area",
        .summary = "change one property of an area (and its group's other screens), or its size",
        .description = "Fields: gfx (area graphics, index into the aux blocksets), palette (area palette set), "
                       "message (sign text id); on a ZSCustomOverworld ROM also bg-color (BGR555 backdrop colour "
                       "0x0000-0x7FFF), main-palette (0 light world, 1 dark world, 2 light mountain, 3 dark mountain, "
                       "4 Triforce room, 5 title), mosaic (bits 8 up, 4 down, 2 left, 1 right: the sides that mosaic "
                       "on entering), animated-gfx (sheet of the animated tiles), overlay (subscreen overlay area "
                       "0x93-0x9F, 0xFF none) and tile-gfx-0 to tile-gfx-7 (the 8 background sheets, 0xFF keeps the "
                       "sheet loaded). The value is written at every screen of the area. size: 0 small, 1 large "
                       "(2x2), 2 wide (2x1), 3 tall (1x2); the area becomes the top-left screen of the new group (0 "
                       "dissolves its group into small areas). A large group's top-left must sit at x 0-6 and y 0-6 "
                       "of its world's 8x8 grid; a group may not take in another group's screen or a small area with "
                       "sprites, items, entrances or holes of its own (the game would never show them: move them "
                       "first), and the parent's own records must fit the new grid. On a vanilla-layout or "
                       "ZSCustomOverworld v1/v2 ROM only small and large exist, the special world (0x80+) is fixed "
                       "by the game's code, and the light-world area and its dark-world twin (id +/- 0x40) change "
                       "together, because one parent table (0x125EC) serves both worlds (the result names the twin); "
                       "the save writes the parent, size tables (0x1788D both worlds, 0x12844, 0x12884, 0x4C635 all "
                       "three copies), transition positions and targets of the changed screens and the seam words "
                       "(0x12634-0x12833) of their neighbours. On ZSCustomOverworld v3 (whose own enum 0x1788D "
                       "stores) wide and tall exist too and the save writes v3's parents (0x140998), sizes and "
                       "scroll tables (0x140A38-0x141437). z3ed never installs the patch: on a vanilla ROM its "
                       "fields are refused.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the field's table entries of the area's screens"),
        .args = ARGS(MAP_ARG, {"field", Z3_ARG_ENUM, true, NULL, z3_ow_area_fields, "the property to change", 0, 0},
                     {"value", Z3_ARG_INT, true, NULL, NULL, "the new value (range per field, see the description)", 0, 0xFFFF}),
        .returns = RETURNS({"map", "string", "the area's parent"}, {"field", "string", "the field"},
                           {"old_value", "string", "before"}, {"value", "string", "after"},
                           {"twin", "string", "size on a vanilla-layout or v1/v2 ROM: the other world's area, changed with it"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld set-area --rom hack.sfc --map 0x2C --field message --value 0x44",
                         "z3ed overworld set-area --rom zelda3.sfc --map 0x0C --field size --value 1",
                         "z3ed overworld set-area --rom zscustom.sfc --map 0x1B --field bg-color --value 0x2669",
                         "z3ed overworld set-area --rom zscustom-v3.sfc --map 0x28 --field size --value 2"),
        .handler = cmd_overworld_set_area,
    },
    {
        .resource = "overworld", .action = "get-tile",
        .summary = "read the tile16 or tile32 at a position of an area",
        .description = "Coordinates count tiles of the chosen layer inside the area: tile16 0-31 (0-63 for a "
                       "large area named by its parent), tile32 0-15 (0-31). Shows what the tile is made of.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(MAP_ARG, XY_ARGS("tile"),
                     {"layer", Z3_ARG_ENUM, false, "tile16", layers, "tile16 or tile32", 0, 0}),
        .returns = RETURNS({"value", "string", "the tile id"}, {"tile8", "array", "tile16: its four tile8 words"},
                           {"tile16", "array", "tile32: its four tile16 ids"}),
        .examples = LIST("z3ed overworld get-tile --rom zelda3.sfc --map 0x00 --x 10 --y 12",
                         "z3ed overworld get-tile --rom zelda3.sfc --map 0x1B --x 20 --y 20 --layer tile32"),
        .handler = cmd_overworld_get_tile,
    },
    {
        .resource = "overworld", .action = "set-tile",
        .summary = "change the tile16 or tile32 at a position of an area",
        .description = "A tile16 edit picks the tile32 holding the new combination, or defines one in an unused "
                       "tile32 slot. The screen's map streams are recompressed and written in place when they "
                       "fit, otherwise moved to free space with their pointers updated.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the screen's map streams (and tile32 definitions when needed)"),
        .args = ARGS(MAP_ARG, XY_ARGS("tile"),
                     {"layer", Z3_ARG_ENUM, false, "tile16", layers, "tile16 or tile32", 0, 0},
                     {"value", Z3_ARG_INT, true, NULL, NULL, "new tile id: tile16 below 3752 (4096 with the expanded table), "
                      "tile32 below 8864 (17728 expanded)", 0, 0xFFFF}),
        .returns = RETURNS({"old_value", "string", "before"}, {"value", "string", "after"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld set-tile --rom zelda3.sfc --map 0x00 --x 10 --y 12 --value 0x123"),
        .handler = cmd_overworld_set_tile,
    },
    {
        .resource = "overworld", .action = "fill-tiles",
        .summary = "flood-fill the tile16 region around a cell of an area with one tile16",
        .description = "Every cell 4-connected to --x/--y (left, right, up, down, never diagonal) that holds the "
                       "same tile16 as that cell becomes --value, in the area's whole tile16 grid (64x64 for a "
                       "large area named by its parent). One command, so one change set and one undo step; "
                       "each cell is set as set-tile sets it. A cell that already holds --value fills nothing.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the screens' map streams (and tile32 definitions when needed)"),
        .args = ARGS(MAP_ARG, XY_ARGS("tile16"),
                     {"value", Z3_ARG_INT, true, NULL, NULL, "the tile16 to fill with", 0, 0xFFFF}),
        .returns = RETURNS({"old_value", "string", "the tile16 that was at --x/--y"}, {"value", "string", "the fill"},
                           {"cells", "integer", "cells changed"}),
        .examples = LIST("z3ed overworld fill-tiles --rom hack.sfc --map 0x00 --x 10 --y 12 --value 0x123"),
        .handler = cmd_overworld_fill_tiles,
    },
    {
        .resource = "overworld", .action = "move-tiles",
        .summary = "move a rectangle of tile16 cells of an area to another place in it",
        .description = "The --width x --height cells at --x/--y are copied to --to-x/--to-y (read before any "
                       "is written, so the two may overlap); with --fill the cells they left and the copy does "
                       "not cover become that tile16, without it they keep their tiles (a copy). Both "
                       "rectangles must lie inside the area's tile16 grid. One change set, one undo step.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the screens' map streams (and tile32 definitions when needed)"),
        .args = ARGS(MAP_ARG, XY_ARGS("first tile16"),
                     {"width", Z3_ARG_INT, true, NULL, NULL, "columns of the rectangle", 1, 64},
                     {"height", Z3_ARG_INT, true, NULL, NULL, "rows of the rectangle", 1, 64},
                     {"to-x", Z3_ARG_INT, true, NULL, NULL, "destination column of the first cell", -1, 1000},
                     {"to-y", Z3_ARG_INT, true, NULL, NULL, "destination row of the first cell", -1, 1000},
                     {"fill", Z3_ARG_INT, false, NULL, NULL, "tile16 for the cells left behind", 0, 0xFFFF}),
        .returns = RETURNS({"cells", "integer", "cells moved"}, {"fill", "string", "the tile16 left behind, or null"}),
        .examples = LIST("z3ed overworld move-tiles --rom hack.sfc --map 0x00 --x 4 --y 4 --width 3 --height 2 "
                         "--to-x 10 --to-y 4 --fill 0x0"),
        .handler = cmd_overworld_move_tiles,
    },
    {
        .resource = "overworld", .action = "list-sprites",
        .summary = "list an area's sprites for one game state or all three",
        .description = "Positions are tile16 coordinates in the area (0-63 for a large one). Ids 0xF3 and up "
                       "are overlord markers. State 0 has lists for the light world only.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(MAP_ARG, STATE_ARG(false)),
        .returns = RETURNS({"count", "integer", "sprites listed"}, {"states", "array", "state, name, sprites (index, x, y, id)"}),
        .examples = LIST("z3ed overworld list-sprites --rom zelda3.sfc --map 0x00",
                         "z3ed overworld list-sprites --rom zelda3.sfc --map 0x1B --state agahnim"),
        .handler = cmd_overworld_list_sprites,
    },
    {
        .resource = "overworld", .action = "add-sprite",
        .summary = "add a sprite to an area's list for one game state",
        .description = "Appends to the list; it is written in place when it fits, else into free room of the "
                       "sprite data region with its pointer updated.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the sprite list and its pointer"),
        .args = ARGS(MAP_ARG, STATE_ARG(true), XY_ARGS("tile16"),
                     {"id", Z3_ARG_INT, true, NULL, NULL, "sprite id (0xF3+ overlord markers)", 0, 0xFF}),
        .returns = RETURNS({"index", "integer", "the new sprite's index"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld add-sprite --rom zelda3.sfc --map 0x2C --state 1 --x 5 --y 6 --id 0x41"),
        .handler = cmd_overworld_add_sprite,
    },
    {
        .resource = "overworld", .action = "move-sprite",
        .summary = "move one sprite of an area's list",
        .description = "Index as shown by list-sprites.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the sprite list"),
        .args = ARGS(MAP_ARG, STATE_ARG(true), {"index", Z3_ARG_INT, true, NULL, NULL, "sprite index", 0, 255},
                     XY_ARGS("tile16")),
        .returns = RETURNS({"old", "object", "the sprite before"}, {"sprite", "object", "after"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld move-sprite --rom zelda3.sfc --map 0x00 --state 0 --index 0 --x 14 --y 12"),
        .handler = cmd_overworld_move_sprite,
    },
    {
        .resource = "overworld", .action = "remove-sprite",
        .summary = "remove one sprite from an area's list",
        .description = "Later sprites move down one index.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the sprite list"),
        .args = ARGS(MAP_ARG, STATE_ARG(true), {"index", Z3_ARG_INT, true, NULL, NULL, "sprite index", 0, 255}),
        .returns = RETURNS({"removed", "object", "the sprite removed"}, {"count", "integer", "sprites left"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld remove-sprite --rom zelda3.sfc --map 0x00 --state 0 --index 1"),
        .handler = cmd_overworld_remove_sprite,
    },
    {
        .resource = "overworld", .action = "list-entrances",
        .summary = "list overworld entrances and holes (all, or one area's)",
        .description = "129 entrance slots (unused ones left out) and 19 holes; each gives the area, the tile16 "
                       "position and the dungeon entrance id it leads to. A ROM with the expanded overworld "
                       "entrances (byte 0xDB895 not 0xB8) has 256 slots shared by entrances and holes instead: "
                       "a hole's slot is then a slot of that table.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(OPTIONAL_MAP_ARG),
        .returns = RETURNS({"entrances", "integer", "entrances listed"}, {"holes", "integer", "holes listed"},
                           {"free_slots", "integer", "unused entrance slots"}, {"slots", "integer", "entrance slots: 129, or 256 expanded"},
                           {"expanded", "boolean", "the expanded 256-slot table (holes in it)"},
                           {"list", "array", "slot, kind, map, x, y, entrance"}),
        .examples = LIST("z3ed overworld list-entrances --rom zelda3.sfc", "z3ed overworld list-entrances --rom zelda3.sfc --map 0x2C"),
        .handler = cmd_overworld_list_entrances,
    },
    {
        .resource = "overworld", .action = "list-exits",
        .summary = "list exits back to the overworld, and flute/whirlpool transports",
        .description = "Exits (79 records, unused ones left out) say where Link appears when leaving a room; "
                       "transports are the 8 flute spots, the pyramid landing and 8 whirlpool destinations.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(OPTIONAL_MAP_ARG),
        .returns = RETURNS({"count", "integer", "exits listed"}, {"exits", "array", "slot, room, map, link_x, link_y, scroll, door"},
                           {"transports", "array", "slot, kind, map, link_x, link_y"}),
        .examples = LIST("z3ed overworld list-exits --rom zelda3.sfc"),
        .handler = cmd_overworld_list_exits,
    },
    {
        .resource = "overworld", .action = "list-items",
        .summary = "list secret items (under bushes, rocks) of all areas or one",
        .description = "Item ids follow the game's secret table: 0x01 green rupee ... 0x16, 0x80 hole, 0x82 warp, "
                       "0x84 staircase, 0x86 bombable door, 0x88 switch.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(OPTIONAL_MAP_ARG),
        .returns = RETURNS({"count", "integer", "items listed"},
                           {"items", "array", "map, index, x, y, item; a bombable door (0x86) also 'remembered': the "
                                              "bomb-door table (0x16DC5) redraws it open when Link returns"}),
        .examples = LIST("z3ed overworld list-items --rom zelda3.sfc"),
        .handler = cmd_overworld_list_items,
    },
    {
        .resource = "overworld", .action = "set-entrance",
        .summary = "point an entrance (or hole) slot at an area position and dungeon entrance",
        .description = "Rewrites one of the 129 entrance slots, or with --hole one of the 19 hole slots. A part "
                       "of a large area is stored as its parent with the position in the parent's 64x64 grid. "
                       "With the expanded overworld entrances (256 slots shared by entrances and holes) the slot "
                       "is 0-255 either way and --hole makes that slot a hole.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the slot in the three entrance tables"),
        .args = ARGS({"slot", Z3_ARG_INT, true, NULL, NULL, "entrance slot (0-128; 0-255 expanded), or hole slot (0-18) with --hole", 0, 255},
                     MAP_ARG, XY_ARGS("tile16"),
                     {"entrance", Z3_ARG_INT, true, NULL, NULL, "dungeon entrance id", 0, 0xFF},
                     {"hole", Z3_ARG_BOOL, false, NULL, NULL, "edit a hole slot instead of an entrance slot", 0, 0}),
        .returns = RETURNS({"old", "object", "the slot before"}, {"new", "object", "after"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld set-entrance --rom zelda3.sfc --slot 10 --map 0x2C --x 12 --y 14 --entrance 0x02",
                         "z3ed overworld set-entrance --rom zelda3.sfc --hole --slot 2 --map 0x1B --x 20 --y 30 --entrance 0x05"),
        .handler = cmd_overworld_set_entrance,
    },
    {
        .resource = "overworld", .action = "get-tile16",
        .summary = "show a tile16 definition: its four tile8 entries and how often it is placed",
        .description = "Each entry: tile8 number (0x000-0x3FF in the area's graphics), palette row 0-7, priority, "
                       "horizontal and vertical flip, and the raw word (vhopppcc cccccccc).",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"id", Z3_ARG_INT, true, NULL, NULL, "tile16 id: below 3752 (4096 with the expanded table)", 0, 0xFFFF}),
        .returns = RETURNS({"id", "string", "the tile16"}, {"entries", "array", "tl, tr, bl, br: tile, palette, priority, hflip, vflip, word"},
                           {"uses", "integer", "cells of all area maps that show it"}),
        .examples = LIST("z3ed overworld get-tile16 --rom zelda3.sfc --id 0x034"),
        .handler = cmd_overworld_get_tile16,
    },
    {
        .resource = "overworld", .action = "set-tile16",
        .summary = "change one tile8 entry of a tile16 definition (tile, palette, priority, flips)",
        .description = "Only the fields given change; the others keep their values. Tile16 definitions are shared by "
                       "every area, so the change shows wherever the tile16 is placed ('uses' says how often).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the entry in the tile16 table"),
        .args = ARGS({"id", Z3_ARG_INT, true, NULL, NULL, "tile16 id: below 3752 (4096 with the expanded table)", 0, 0xFFFF},
                     {"quadrant", Z3_ARG_ENUM, true, NULL, z3_ow_quadrant_names, "which tile8 entry", 0, 0},
                     {"tile", Z3_ARG_INT, false, NULL, NULL, "tile8 number 0x000-0x3FF", 0, 0xFFFF},
                     {"palette", Z3_ARG_INT, false, NULL, NULL, "palette row 0-7", 0, 255},
                     {"priority", Z3_ARG_INT, false, NULL, NULL, "0 or 1: drawn above sprites", 0, 255},
                     {"hflip", Z3_ARG_INT, false, NULL, NULL, "0 or 1", 0, 255},
                     {"vflip", Z3_ARG_INT, false, NULL, NULL, "0 or 1", 0, 255}),
        .returns = RETURNS({"old", "object", "the entry before"}, {"new", "object", "after"}, {"uses", "integer", "cells that show it"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld set-tile16 --rom hack.sfc --id 0x034 --quadrant tl --palette 3 --hflip 1"),
        .handler = cmd_overworld_set_tile16,
    },
    {
        .resource = "overworld", .action = "find-tile",
        .summary = "find where a tile16 is placed, which tile16s draw a tile8, or tile16 usage statistics",
        .description = "--tile16 lists the map cells (area, x, y in the area's tile16 grid; at most 500) that show it; "
                       "--tile8 lists the tile16 definitions using that tile8 with their use counts; --stats counts used "
                       "and unused definitions and names the ten most used.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"tile16", Z3_ARG_INT, false, NULL, NULL, "a tile16 id", 0, 0xFFFF},
                     {"tile8", Z3_ARG_INT, false, NULL, NULL, "a tile8 number", 0, 0xFFFF},
                     {"stats", Z3_ARG_BOOL, false, NULL, NULL, "usage statistics of all tile16s", 0, 0}),
        .returns = RETURNS({"uses", "integer", "--tile16: cells"}, {"places", "array", "--tile16: map, x, y"},
                           {"tile16s", "array", "--tile8: id, uses"}, {"used", "integer", "--stats: tile16s placed at least once"},
                           {"most_used", "array", "--stats: id, uses"}),
        .examples = LIST("z3ed overworld find-tile --rom zelda3.sfc --tile16 0x034", "z3ed overworld find-tile --rom zelda3.sfc --tile8 0x120",
                         "z3ed overworld find-tile --rom zelda3.sfc --stats"),
        .handler = cmd_overworld_find_tile,
    },
    {
        .resource = "overworld", .action = "set-exit",
        .summary = "point an exit (room -> overworld) at a position in an area, or clear it",
        .description = "Sets one of the 79 exit records: the room it belongs to, the area and where Link appears "
                       "(pixels from the area's corner; a large area's parts are stored as the parent with the position "
                       "in its 1024x1024 space). Scroll, camera and load offset are recomputed as ZScream and yaze do "
                       "when an exit is dragged (screen centred on Link, kept inside the area). --door draws a door "
                       "tile at --door-x/--door-y (tile16) when leaving; --clear marks the record unused.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the exit's fields in the exit tables"),
        .args = ARGS({"slot", Z3_ARG_INT, true, NULL, NULL, "exit record 0-78 ('overworld list-exits')", 0, 1000},
                     {"room", Z3_ARG_INT, false, "0", NULL, "room 0x000-0x127 (0x180-0x19F: special-overworld exits)", 0, 0xFFFF},
                     {"map", Z3_ARG_STRING, false, NULL, NULL, "area the exit leads to", 0, 0},
                     {"x", Z3_ARG_INT, false, "0", NULL, "Link's X in pixels from the area's left edge", -1, 5000},
                     {"y", Z3_ARG_INT, false, "0", NULL, "Link's Y in pixels from the area's top edge", -1, 5000},
                     {"door", Z3_ARG_ENUM, false, NULL, z3_ow_exit_door_names, "door drawn when leaving", 0, 0},
                     {"door-x", Z3_ARG_INT, false, "0", NULL, "door column (tile16)", -1, 1000},
                     {"door-y", Z3_ARG_INT, false, "0", NULL, "door row (tile16)", -1, 1000},
                     {"clear", Z3_ARG_BOOL, false, NULL, NULL, "mark the record unused", 0, 0}),
        .returns = RETURNS({"old", "object", "the record before"}, {"new", "object", "after: map, x, y, room, scrolls, camera, doors"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld set-exit --rom hack.sfc --slot 3 --room 0x012 --map 0x1E --x 256 --y 300",
                         "z3ed overworld set-exit --rom hack.sfc --slot 3 --room 0x012 --map 0x1E --x 256 --y 300 --door wooden --door-x 16 --door-y 18",
                         "z3ed overworld set-exit --rom hack.sfc --slot 3 --clear"),
        .handler = cmd_overworld_set_exit,
    },
    {
        .resource = "overworld", .action = "set-transport",
        .summary = "move a flute spot, the pyramid landing or a whirlpool destination",
        .description = "Slots 0-7 are the flute spots, 8 the pyramid landing, 9-16 whirlpool destinations "
                       "(--whirlpool-in: the area holding the whirlpool that sends Link there). Position as in set-exit, "
                       "with scroll, camera and load offset recomputed.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the slot in the transport tables"),
        .args = ARGS({"slot", Z3_ARG_INT, true, NULL, NULL, "transport slot 0-16", 0, 1000}, MAP_ARG, PIXEL_ARGS,
                     {"whirlpool-in", Z3_ARG_STRING, false, NULL, NULL, "whirlpool slots: the area with the whirlpool", 0, 0}),
        .returns = RETURNS({"old", "object", "the slot before"}, {"new", "object", "after"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld set-transport --rom hack.sfc --slot 0 --map 0x03 --x 300 --y 200",
                         "z3ed overworld set-transport --rom hack.sfc --slot 9 --map 0x2F --x 100 --y 100 --whirlpool-in 0x35"),
        .handler = cmd_overworld_set_transport,
    },
    {
        .resource = "overworld", .action = "add-item",
        .summary = "hide a secret item under a bush or rock of an area",
        .description = "Items 0x00-0x16 (drops), 0x80 hole, 0x82 warp, 0x84 staircase, 0x86 bombable door, 0x88 switch, "
                       "at tile16 x, y of the area (the parent's 64x64 grid for a large area). A bombable door also "
                       "sets the area's entry in the bomb-door table (0x16DC5), which the game reads to draw the door "
                       "open again when Link returns; an area holds one (moving or removing the item updates it).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the area's item list (moved within bank $1B when it grows) and, for a "
                                     "bombable door, the area's bomb-door entries"),
        .args = ARGS(MAP_ARG, XY_ARGS("tile16"), {"item", Z3_ARG_INT, true, NULL, NULL, "secret item id", 0, 255}),
        .returns = RETURNS({"item", "object", "index, x, y, item"}, {"count", "integer", "items in the area"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld add-item --rom hack.sfc --map 0x18 --x 10 --y 12 --item 0x07"),
        .handler = cmd_overworld_add_item,
    },
    {
        .resource = "overworld", .action = "move-item",
        .summary = "move one secret item of an area",
        .description = "Items are numbered from 0 as 'overworld list-items' shows them.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the area's item list"),
        .args = ARGS(MAP_ARG, {"index", Z3_ARG_INT, true, NULL, NULL, "item number", 0, 1000}, XY_ARGS("tile16")),
        .returns = RETURNS({"old", "object", "before"}, {"item", "object", "after"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld move-item --rom hack.sfc --map 0x00 --index 0 --x 11 --y 12"),
        .handler = cmd_overworld_move_item,
    },
    {
        .resource = "overworld", .action = "remove-item",
        .summary = "remove one secret item of an area",
        .description = "The items after it move up one index.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the area's item list"),
        .args = ARGS(MAP_ARG, {"index", Z3_ARG_INT, true, NULL, NULL, "item number", 0, 1000}),
        .returns = RETURNS({"removed", "object", "the item removed"}, {"count", "integer", "items left"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld remove-item --rom hack.sfc --map 0x00 --index 0"),
        .handler = cmd_overworld_remove_item,
    },
    {
        .resource = "overworld", .action = "export",
        .summary = "write one area as a JSON document (tiles, properties, sprites, items, entrances)",
        .description = "The document holds the area's tile32 grid per screen, its property bytes, its sprite "
                       "lists per game state, its secret items and its entrances; 'overworld import' reads it "
                       "back.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes --out atomically"),
        .args = ARGS(MAP_ARG, {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "JSON file to write", 0, 0}),
        .returns = RETURNS({"map", "string", "the area"}, {"screens", "integer", "screens written (1 or 4)"},
                           {"files", "array", "the file written"}),
        .examples = LIST("z3ed overworld export --rom zelda3.sfc --map 0x00 --out area00.json"),
        .handler = cmd_overworld_export,
    },
    {
        .resource = "overworld", .action = "import",
        .summary = "replace one area's tiles, properties, lists and entrances from a JSON document",
        .description = "Reads a document written by 'overworld export' (possibly of another area of the same "
                       "size) and replaces what it covers; the area's entrance slots not listed become unused. "
                       "A bad value is reported with its JSON path and nothing is written.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites what changed: map streams, tile tables, property bytes, lists, entrance tables"),
        .args = ARGS(MAP_ARG, {"in", Z3_ARG_PATH, true, NULL, NULL, "JSON document", 0, 0}),
        .returns = RETURNS({"map", "string", "the area"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld import --rom zelda3.sfc --map 0x30 --in area00.json",
                         "z3ed overworld import --rom zelda3.sfc --map 0x00 --in area00.json"),
        .handler = cmd_overworld_import,
    },
    {
        .resource = "overworld", .action = "render",
        .summary = "draw an area as an indexed PNG",
        .description = "Draws the area's tiles with its blocksets (the world's main blockset and the area's "
                       "aux blockset) and the BG palettes the game builds for it. A large area named by its "
                       "parent is 1024x1024, any other area 512x512. Priority is not modelled. --overlay draws markers "
                       "over the picture: sprites as hollow red squares, entrances as yellow squares (holes hollow), "
                       "exits as cyan squares at Link's position and secret items as small green squares.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes --out atomically"),
        .args = ARGS(MAP_ARG, {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "PNG file to write", 0, 0},
                     {"overlay", Z3_ARG_LIST, false, NULL, NULL, "markers: sprites (red), entrances and holes (yellow), exits (cyan), items (green)", 0, 0},
                     {"state", Z3_ARG_STRING, false, NULL, NULL, "sprites of this game state (default 1, zelda)", 0, 0},
                     {"event-overlay", Z3_ARG_BOOL, false, NULL, NULL, "draw the overworld overlay of the area's parent (the map as after its event: see 'overworld overlay'); a child screen shows its part", 0, 0}),
        .returns = RETURNS({"width", "integer", "pixels"}, {"height", "integer", "pixels"},
                           {"overlay", "object", "markers drawn per kind"},
                           {"event_overlay", "object", "with --event-overlay: map (the parent whose overlay it is), stores, drawn (inside the picture)"},
                           {"files", "array", "the file written"}),
        .examples = LIST("z3ed overworld render --rom zelda3.sfc --map 0x00 --out area00.png",
                         "z3ed overworld render --rom zelda3.sfc --map 0x2C --out area2c.png --overlay sprites,entrances,exits,items",
                         "z3ed overworld render --rom zelda3.sfc --map 0x1B --out castle-open.png --event-overlay"),
        .handler = cmd_overworld_render,
    },
#define OVL_MAP_ARG {"map", Z3_ARG_STRING, true, NULL, NULL, "area id 0x00-0x7F (light and dark world; the special world has no overlays)", 0, 0}
#define OVL_AREA_RETURNS                                                                                             \
  {"map", "string", "the area"}, {"count", "integer", "stores"}, {"address", "string", "SNES address of its routine"}, \
  {"pc", "string", "PC offset of its routine"}, {"bytes", "integer", "code bytes the routine covers"},                \
  {"unused", "boolean", "the vector points into free space (no overlay)"},                                             \
  {"shared_with", "array", "areas whose routine shares bytes with this one"},                                          \
  {"layout", "string", "vanilla or zscream"}, {"stores", "array", "x, y (tile16 cell of the 64x64 map16 buffer), tile16"}
    {
        .resource = "overworld", .action = "overlays",
        .summary = "list the overworld overlays (map changes events reveal): stores, size, sharing per area",
        .description = "Overlays are the tile changes the game applies when an event has happened (the opened castle "
                       "gate, the drained dam, bombed walls). They are code: per area 0x00-0x7F a routine that stores "
                       "tile16 ids into the 64x64 map16 buffer. z3ed reads the vanilla layout (word vectors at "
                       "0x77664 into bank $0E, routines of LDA #, LDX #, STA abs, STA abs,X, STA long, INC A, JMP "
                       "and RTS) and ZScream's (byte 0x77676 = 0x6B, long pointers at 0x77677, routines ending in "
                       "RTL); any other opcode is refused naming the area, PC offset and byte. Several areas may "
                       "share one routine or a tail of one: shared_with names them. A vanilla vector into $FF free "
                       "space is an unused area (unused: true, no stores).",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"map", Z3_ARG_STRING, false, NULL, NULL, "only this area (0x00-0x7F)", 0, 0}),
        .returns = RETURNS({"layout", "string", "vanilla or zscream"}, {"with_stores", "integer", "areas whose overlay stores at least one tile"},
                           {"overlays", "array", "map, count, address, pc, bytes, unused, shared_with"}),
        .examples = LIST("z3ed overworld overlays --rom zelda3.sfc", "z3ed overworld overlays --rom zelda3.sfc --map 0x1B"),
        .handler = cmd_overworld_overlays,
    },
    {
        .resource = "overworld", .action = "overlay",
        .summary = "show one area's overlay: its tile16 stores in order",
        .description = "Each store puts a tile16 id at a cell (x, y) of the 64x64 map16 buffer (a large area's "
                       "whole grid; a small area uses 0-31). Later stores win over earlier ones at the same cell. "
                       "The result's stores array is the document 'overworld set-overlay --from' reads.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(OVL_MAP_ARG),
        .returns = RETURNS(OVL_AREA_RETURNS),
        .examples = LIST("z3ed overworld overlay --rom zelda3.sfc --map 0x1B"),
        .handler = cmd_overworld_overlay,
    },
    {
        .resource = "overworld", .action = "set-overlay",
        .summary = "replace one area's overlay stores from a JSON document",
        .description = "The document is {\"stores\": [{\"x\": 0-63, \"y\": 0-63, \"tile16\": id}, ...]} (a bare "
                       "array works too, and so does the whole output of 'overworld overlay --format json'); an empty array removes the overlay. The "
                       "routine is re-encoded compactly (LDA # only when the tile changes, STA abs per store, RTS; "
                       "RTL on ZScream ROMs) and written in place when the old routine is the area's alone and long "
                       "enough, otherwise into free space (vanilla: the free block of bank $0E, as the vectors are "
                       "words; ZScream: its region 0x120000-0x127FFF) with the vector updated. Areas that shared the "
                       "old routine keep it unchanged (the edit splits them). Refused, with the bytes needed, when "
                       "the bank has no room. A vanilla ROM stays vanilla: byte 0x77676 (area 0x09's vector) never "
                       "becomes the ZScream marker 0x6B.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the area's overlay routine and maybe its vector"),
        .args = ARGS(OVL_MAP_ARG, {"from", Z3_ARG_PATH, true, NULL, NULL, "JSON document with the stores", 0, 0}),
        .returns = RETURNS(OVL_AREA_RETURNS, {"old_count", "integer", "stores before"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld set-overlay --rom hack.sfc --map 0x1B --from gate.json"),
        .handler = cmd_overworld_set_overlay,
    },
    {
        .resource = "overworld", .action = "add-overlay-tile",
        .summary = "append one tile16 store to an area's overlay",
        .description = "Adds a store after the existing ones (so it wins at its cell); saved as set-overlay saves.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the area's overlay routine and maybe its vector"),
        .args = ARGS(OVL_MAP_ARG, {"x", Z3_ARG_INT, true, NULL, NULL, "map16 buffer column", 0, 63},
                     {"y", Z3_ARG_INT, true, NULL, NULL, "map16 buffer row", 0, 63},
                     {"tile16", Z3_ARG_INT, true, NULL, NULL, "tile16 id", 0, 0xFFFF}),
        .returns = RETURNS(OVL_AREA_RETURNS, {"index", "integer", "the new store's index"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld add-overlay-tile --rom hack.sfc --map 0x00 --x 20 --y 12 --tile16 0x0DC"),
        .handler = cmd_overworld_add_overlay_tile,
    },
    {
        .resource = "overworld", .action = "remove-overlay-tile",
        .summary = "remove one store (by index) from an area's overlay",
        .description = "Index as listed by 'overworld overlay'; later stores move down one.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the area's overlay routine and maybe its vector"),
        .args = ARGS(OVL_MAP_ARG, {"index", Z3_ARG_INT, true, NULL, NULL, "store index", 0, 1023}),
        .returns = RETURNS(OVL_AREA_RETURNS, {"index", "integer", "the store removed"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld remove-overlay-tile --rom hack.sfc --map 0x00 --index 0"),
        .handler = cmd_overworld_remove_overlay_tile,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_overworld, 300)
