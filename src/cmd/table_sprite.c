/* Commands of the sprite resource: sprite ids, names and properties. */
#include "cmd/handlers_sprite.h"
#include "cmd/table_macros.h"
#include "zelda3/sprite.h"

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
    {
        .resource = "sprite", .action = "set",
        .summary = "set one field of a sprite's property bytes",
        .description = "Changes one named bit field (as 'sprite info' lists them: health, bump_damage_class, "
                       "palette, prize_pack, hitbox, harmless ...) in the sprite's byte of its property table "
                       "in bank $0D; the byte's other fields stay as they are. Flags take 0 or 1; wider fields "
                       "their bit range (palette 0-7, prize_pack 0-15, health 0-255). Only that byte is "
                       "written, and nothing when the value is already there.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("changes one byte of a sprite property table",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS({"id", Z3_ARG_INT, true, NULL, NULL, "sprite id (0x00-0xF2)", 0, 255},
                     {"field", Z3_ARG_ENUM, true, NULL, z3_sprite_field_names, "the field, as 'sprite info' names it", 0, 0},
                     {"value", Z3_ARG_INT, true, NULL, NULL, "the new value: 0/1 for a flag, else within the field's bits", 0, 255}),
        .returns = RETURNS({"id", "string", "the sprite id"}, {"name", "string", "its name"},
                           {"field", "string", "the field"}, {"table", "string", "the property table holding it"},
                           {"offset", "string", "file offset of the byte"},
                           {"old_value", "integer", "value before (a boolean for flags)"},
                           {"value", "integer", "value now (a boolean for flags)"},
                           {"byte", "string", "the table byte now"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed sprite set --rom hack.sfc --id 0x08 --field health --value 6",
                         "z3ed sprite set --rom hack.sfc --id 0x41 --field palette --value 5 --dry-run"),
        .handler = cmd_sprite_set,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_sprite, 500)
