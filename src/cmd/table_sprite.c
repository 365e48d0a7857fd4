/* Commands of the sprite resource: sprite ids, names and properties. */
#include "cmd/handlers_sprite.h"
#include "cmd/table_macros.h"

static const z3_command z3_cmds_sprite[] = {
    {
        .resource = "sprite", .action = "list",
        .summary = "list sprite ids and names (or overlords with --overlords)",
        .description = "Sprites 0x00-0xF2 are the entries of the game's sprite jump table; ids 0xF3 and up "
                       "have no handler. Overlords (0x01-0x1A) are invisible controllers placed in room "
                       "sprite lists. Names follow the usdasm disassembly's labels.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("none"),
        .args = ARGS({"overlords", Z3_ARG_BOOL, false, NULL, NULL, "list the overlords instead", 0, 0},
                     {"find", Z3_ARG_STRING, false, NULL, NULL, "only names containing this text (any case)", 0, 0}),
        .returns = RETURNS({"kind", "string", "sprite or overlord"},
                           {"count", "integer", "entries listed"},
                           {"sprites", "array", "id, name"}),
        .examples = LIST("z3ed sprite list", "z3ed sprite list --overlords",
                         "z3ed sprite list --find guard --output-format json"),
        .handler = cmd_sprite_list,
    },
    {
        .resource = "sprite", .action = "info",
        .summary = "show a sprite's name and its eight property bytes from the ROM",
        .description = "Reads the sprite's byte in each property table of bank $0D (OAM/harm, health, bump, "
                       "OAM properties, hitbox, tile interaction, prize pack, deflection) and splits each "
                       "into its named bit fields.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"id", Z3_ARG_INT, true, NULL, NULL, "sprite id (0x00-0xF2)", 0, 255}),
        .returns = RETURNS({"id", "string", "the sprite id"}, {"name", "string", "its name"},
                           {"properties", "array", "table, offset, address, value, fields per table"}),
        .examples = LIST("z3ed sprite info --rom zelda3.sfc --id 0x08"),
        .handler = cmd_sprite_info,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_sprite, 500)
