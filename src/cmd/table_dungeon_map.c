/* Commands of the dungeon resource: the pause-screen maps of the palaces (cmd_dungeon_map.c). */
#include "cmd/handlers_dungeon.h"
#include "cmd/table_macros.h"

#define PALACE_ARG {"palace", Z3_ARG_INT, true, NULL, NULL, "palace 0-13 ('dungeon list-maps' names them)", 0, 13}
#define FLOOR_HELP "floor as the game numbers them: 1F, 2F, B1 ... (or 0 for 1F, -1 for B1)"

static const z3_command z3_cmds_dungeon_map[] = {
    {
        .resource = "dungeon", .action = "list-maps",
        .summary = "list the 14 palaces' pause-screen maps: floors, rooms shown, boss",
        .description = "Reads the dungeon maps of bank $0A (docs/formats.md \"Dungeon maps\") through their pointer "
                       "tables, in the vanilla layout or ZScream's expanded one (byte 0x56652 not $B9), and lists per "
                       "palace its floors from the lowest, how many squares show a room, and the boss room and the "
                       "floor it is on.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"layout", "string", "vanilla or expanded"}, {"count", "integer", "palaces (14)"},
                           {"palaces", "array", "palace, name, floors (lowest first), rooms_used, boss_room, boss_floor"}),
        .examples = LIST("z3ed dungeon list-maps --rom zelda3.sfc", "z3ed dungeon list-maps --rom zelda3.sfc --format json"),
        .handler = cmd_dungeon_list_maps,
    },
    {
        .resource = "dungeon", .action = "get-map",
        .summary = "show a palace's map: a 5x5 grid of rooms per floor, with each square's template",
        .description = "Each floor, top first as the pause screen lists them, as five lines of five cells (the room "
                       "id, --- for an empty square) and as the list of used squares with their room template (the "
                       "16x16 picture drawn there, 0x00-0xB9).",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(PALACE_ARG, {"floor", Z3_ARG_STRING, false, NULL, NULL, "only this floor: " FLOOR_HELP, 0, 0}),
        .returns = RETURNS({"palace", "integer", "the palace"}, {"name", "string", "its name"},
                           {"layout", "string", "vanilla or expanded"}, {"boss_room", "string", "boss room, or null"},
                           {"boss_floor", "string", "the floor the boss room is on, or null"}, {"grid", "string", "every floor shown, five lines each (--- an empty square)"},
                           {"floors", "array", "floor, number, rows (five strings of five cells), squares (x, y, room, template)"}),
        .examples = LIST("z3ed dungeon get-map --rom zelda3.sfc --palace 2",
                         "z3ed dungeon get-map --rom zelda3.sfc --palace 3 --floor B1 --format json"),
        .handler = cmd_dungeon_get_map,
    },
    {
        .resource = "dungeon", .action = "set-map-room",
        .summary = "put a room on (or clear) one square of a palace's pause-screen map",
        .description = "Sets square (x,y) of a floor to a room 0x000-0x0FF or to none. A square that had a room keeps "
                       "its template unless --gfx gives one; a newly filled square takes the template the room has "
                       "elsewhere in the palace, or needs --gfx. The boss floor stays while the boss room is on it, "
                       "else becomes the lowest floor with the boss room (removing its only square is refused); "
                       "--boss makes the square's room the boss room. Lists that grow move to free bytes of "
                       "the map data area (bank $0A; more of it in the expanded layout); the command fails, writing "
                       "nothing, when they do not fit.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites the palace's map lists and its table words in bank $0A",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS(PALACE_ARG, {"floor", Z3_ARG_STRING, true, NULL, NULL, FLOOR_HELP, 0, 0},
                     {"x", Z3_ARG_INT, true, NULL, NULL, "column 0-4", 0, 4},
                     {"y", Z3_ARG_INT, true, NULL, NULL, "row 0-4", 0, 4},
                     {"room", Z3_ARG_STRING, true, NULL, NULL, "room id 0x000-0x0FF (not 0x00F), or none", 0, 0},
                     {"gfx", Z3_ARG_INT, false, NULL, NULL, "room template 0x00-0xB9 drawn on the square", 0, 0xB9},
                     {"boss", Z3_ARG_BOOL, false, NULL, NULL, "make the room the palace's boss room (with --room none: no boss)", 0, 0}),
        .returns = RETURNS({"old_room", "string", "what the square showed (null: empty)"},
                           {"room", "string", "what it shows now (null: empty)"},
                           {"template", "string", "its template (null: empty)"},
                           {"description", "string", "what changed, in model terms"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed dungeon set-map-room --rom hack.sfc --palace 2 --floor 1F --x 0 --y 0 --room 0x0B9 --gfx 0x12",
                         "z3ed dungeon set-map-room --rom hack.sfc --palace 2 --floor 1F --x 0 --y 0 --room none",
                         "z3ed dungeon set-map-room --rom hack.sfc --palace 3 --floor B1 --x 2 --y 3 --room 0x033 --boss"),
        .handler = cmd_dungeon_set_map_room,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_dungeon_map, 410)
