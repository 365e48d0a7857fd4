/* Commands of the sprite resource: sprite ids, names and properties. */
#include "cmd/handlers_sprite.h"
#include "cmd/table_macros.h"
#include "zelda3/link_gfx.h"
#include "zelda3/sprite.h"

static const char *const link_export_formats[] = {"zspr", "png", NULL};

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
    {
        .resource = "sprite", .action = "link-info",
        .summary = "read a ZSPR custom player sprite file's header, names and checksum",
        .description = "Parses a .zspr file (format version 1) and reports its display name, author, "
                       "author short name, sprite type (1 is Link), the checksum and whether it matches, "
                       "and where its pixel and palette data lie. Needs no ROM.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the file"),
        .args = ARGS({"zspr", Z3_ARG_PATH, true, NULL, NULL, "the .zspr file", 0, 0}),
        .returns = RETURNS({"name", "string", "display name"}, {"author", "string", "author"},
                           {"author_short", "string", "the author's short ASCII name"},
                           {"version", "integer", "format version (1)"},
                           {"sprite_type", "integer", "1 for Link"}, {"is_link", "boolean", "sprite_type is 1"},
                           {"checksum", "string", "the stored checksum"},
                           {"checksum_ok", "boolean", "the file sums to it and its complement matches"},
                           {"pixels_offset", "string", "where the 4bpp tiles start"},
                           {"pixels_size", "integer", "their size (0x7000 for Link)"},
                           {"palette_offset", "string", "where the palette starts"},
                           {"palette_size", "integer", "0x78 (mails) or 0x7C (mails and gloves)"}),
        .examples = LIST("z3ed sprite link-info --zspr hero.zspr"),
        .handler = cmd_sprite_link_info,
    },
    {
        .resource = "sprite", .action = "link-export",
        .summary = "write Link's sheet and palettes as a ZSPR file, or his sheet as a PNG",
        .description = "ZSPR (the default, or a .zspr name): Link's 896 tiles, his four mail palettes and "
                       "the glove colours, with --name, --author and --author-short, a correct checksum and "
                       "sprite type 1, as randomizers and ZScream read it. PNG (--format png or a .png "
                       "name): the sheet, 128x448 and indexed, in one mail's colours (--mail).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes --out"),
        .args = ARGS({"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "the .zspr or .png file to write", 0, 0},
                     {"format", Z3_ARG_ENUM, false, NULL, link_export_formats, "zspr or png (default: from --out's extension, else zspr)", 0, 0},
                     {"name", Z3_ARG_STRING, false, NULL, NULL, "display name stored in the ZSPR", 0, 0},
                     {"author", Z3_ARG_STRING, false, NULL, NULL, "author stored in the ZSPR", 0, 0},
                     {"author-short", Z3_ARG_STRING, false, NULL, NULL, "the author's short name, printable ASCII", 0, 0},
                     {"mail", Z3_ARG_ENUM, false, "green", z3_link_mail_names, "the PNG's palette", 0, 0}),
        .returns = RETURNS({"format", "string", "zspr or png"}, {"out", "string", "the file"},
                           {"bytes", "integer", "its size"}, {"tiles", "integer", "896"},
                           {"mail", "string", "the PNG's palette (png only)"},
                           {"files", "array", "path, bytes, written"}),
        .examples = LIST("z3ed sprite link-export --rom samples/sample.sfc --out hero.zspr --name Hero --author Me",
                         "z3ed sprite link-export --rom samples/sample.sfc --out link.png --mail red"),
        .handler = cmd_sprite_link_export,
    },
    {
        .resource = "sprite", .action = "link-import",
        .summary = "replace Link's sheet and palettes from a ZSPR file",
        .description = "Writes the file's 896 tiles to PC 0x80000, its four mail palettes to 0xDD308 and, "
                       "when the file has them, the glove colours to 0xDEDF5; only bytes that differ are "
                       "recorded. Refused, with nothing written, for a sprite type other than Link (1), a "
                       "checksum that does not match, truncated data, or pixel or palette sizes Link "
                       "does not have.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites Link's tiles and palettes",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS({"zspr", Z3_ARG_PATH, true, NULL, NULL, "the .zspr file", 0, 0}),
        .returns = RETURNS({"sprite", "object", "the file's header as sprite link-info reports it"},
                           {"palettes_written", "boolean", "the file had mail palettes"},
                           {"gloves_written", "boolean", "the file had glove colours"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed sprite link-import --rom hack.sfc --zspr hero.zspr",
                         "z3ed sprite link-import --rom hack.sfc --zspr hero.zspr --dry-run"),
        .handler = cmd_sprite_link_import,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_sprite, 500)
