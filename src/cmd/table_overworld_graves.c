/* Commands of the overworld resource: the graveyard's gravestones. */
#include "cmd/handlers_overworld.h"
#include "cmd/table_macros.h"
#include "cmd/table_overworld_args.h"

static const z3_command z3_cmds_overworld_graves[] = {
    {
        .resource = "overworld", .action = "list-graves",
        .summary = "list the 15 gravestones: place, what each reveals, which one opens only to a dash",
        .description = "The game finds the stone Link pushes by his row (8 row values at 0x4993A) and then by "
                       "column among that row's graves. A grave is 'placed' when a row reaches it. Each shows its "
                       "area and tile16 place, world pixels, the tile16 buffer address the game redraws, what it "
                       "reveals (skull, stairs or hole) and whether it opens only to a dash (the operand at "
                       "$09:9A3F). The stairs and hole graves are the ones the finishing code at $08:EDD8 compares.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .returns = RETURNS({"placed", "integer", "graves a row reaches"}, {"rows", "integer", "rows in use (at most 8)"},
                           {"dash_grave", "integer", "the grave that opens only to a dash (null: code not found)"},
                           {"stairs_grave", "integer", "the grave the finishing code draws stairs for (or null)"},
                           {"hole_grave", "integer", "the grave the finishing code draws a hole for (or null)"},
                           {"graves", "array", "index, placed, map, x, y, world_x, world_y, trigger_y, map_address, "
                                               "reveals, reveal_tile, dash"}),
        .examples = LIST("z3ed overworld list-graves --rom zelda3.sfc", "z3ed overworld list-graves --rom zelda3.sfc --format json"),
        .handler = cmd_overworld_list_graves,
    },
    {
        .resource = "overworld", .action = "set-grave",
        .summary = "move a gravestone (and set what it reveals); the rows and code operands follow",
        .description = "Places grave --index at tile16 --x, --y of --map (the stone's top-left; Link pushes it from "
                       "the row below). The graves are kept sorted by row as the game's search needs, so a grave "
                       "that changes row can change number ('renumbered' and the new 'index' say so); at most 8 rows. "
                       "The dash grave's operand, and the stairs and hole graves' operands in the finishing code, "
                       "follow their graves. One grave reveals stairs and one a hole; the stairs also need the "
                       "area's event overlay (overworld overlay), which the game applies once they are open.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = OW_MUTATE_EFFECTS("rewrites the gravestone tables at 0x4993A-0x499E8 and the three operands"),
        .args = ARGS({"index", Z3_ARG_INT, true, NULL, NULL, "grave 0-14", 0, 14}, MAP_ARG, XY_ARGS("tile16"),
                     {"reveals", Z3_ARG_ENUM, false, NULL, z3_cmd__grave_reveals, "what the grave reveals (default: unchanged)", 0, 0}),
        .returns = RETURNS({"old", "object", "the grave before"}, {"grave", "object", "after, with its index now"},
                           {"renumbered", "boolean", "the grave's index changed"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed overworld set-grave --rom hack.sfc --index 3 --map 0x14 --x 20 --y 18",
                         "z3ed overworld set-grave --rom hack.sfc --index 14 --map 0x14 --x 4 --y 10 --reveals hole"),
        .handler = cmd_overworld_set_grave,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_overworld_graves, 310)
