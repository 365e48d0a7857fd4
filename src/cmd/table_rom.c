/* Commands of the rom resource: header, checksum, validation, diff, snapshots, LC_LZ2 streams, expansion. */
#include "cmd/handlers.h"
#include "cmd/table_macros.h"

static const char *const expand_sizes[] = {"2MiB", "4MiB", NULL};
static const char *const upgrade_targets[] = {"zscustom-v3", NULL};

static const z3_command z3_cmds_rom[] = {
    {
        .resource = "rom", .action = "info",
        .summary = "show the header, mapping, checksum and hashes of a ROM",
        .description = "Loads the ROM (stripping a copier header if present), detects its mapping by "
                       "scoring the candidate headers, and reports every header field, the stored and "
                       "computed checksum, CRC32 and SHA-1, and whether it is a known unmodified dump. For an "
                       "ALttP title it also lists the expanded layouts (ZScream, yaze, ZSCustomOverworld) "
                       "whose detection bytes the ROM shows, each with its evidence and whether z3ed "
                       "reads and writes it yet.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"path", "string", "the file read"},
                           {"size", "integer", "image size in bytes, without a copier header"},
                           {"copier_header", "boolean", "a 512-byte copier header was stripped"},
                           {"mapping", "string", "LoROM, HiROM, ExLoROM or ExHiROM"},
                           {"header_offset", "string", "file offset of the header at $FFC0"},
                           {"mapping_score", "integer", "score of the chosen header; 0 = nothing plausible"},
                           {"header", "object", "every internal header field"},
                           {"checksum", "object", "stored, complement, computed, valid"},
                           {"crc32", "string", "CRC32 of the image"},
                           {"sha1", "string", "SHA-1 of the image"},
                           {"known_dump", "string", "name of a recognised unmodified dump, or null"},
                           {"expanded_layouts", "array", "id, name, evidence (offset, found, vanilla, text), supported; "
                                                         "empty for the vanilla layout, null when the title is not ALttP's"}),
        .examples = LIST("z3ed rom info --rom samples/sample.sfc",
                         "z3ed rom info --rom zelda3.sfc --format json"),
        .handler = cmd_rom_info,
    },
    {
        .resource = "rom", .action = "validate",
        .summary = "check header sanity, checksum, mapping and size; exit 1 with findings",
        .description = "Runs every header check and lists findings as errors, warnings and notes. "
                       "Exits 1 when an error is found (or a warning, with --strict). With --golden "
                       "it also compares the image bank by bank against a snapshot written by "
                       "'rom generate-golden'. It also names temporary files that killed saves "
                       "left beside the ROM (the next save removes those whose process is gone).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_CHECK, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file", "reads the golden file when given", "lists the ROM's folder"),
        .args = ARGS({"golden", Z3_ARG_PATH, false, NULL, NULL, "golden snapshot to compare against", 0, 0},
                     {"strict", Z3_ARG_BOOL, false, NULL, NULL, "count warnings as failures", 0, 0}),
        .returns = RETURNS({"valid", "boolean", "true when nothing failed"},
                           {"mapping", "string", "the mapping detected"},
                           {"errors", "integer", "number of error findings"},
                           {"warnings", "integer", "number of warning findings"},
                           {"findings", "array", "objects with severity, code, message"}),
        .examples = LIST("z3ed rom validate --rom samples/sample.sfc",
                         "z3ed rom validate --rom hack.sfc --golden hack.golden.json --format json"),
        .handler = cmd_rom_validate,
    },
    {
        .resource = "rom", .action = "diff",
        .summary = "compare two ROMs: changed bytes by bank and changed ranges; exit 1 when they differ",
        .description = "Loads both images (copier headers stripped) and lists every run of differing "
                       "bytes with its offset, SNES address and the old and new bytes, plus a count of "
                       "changed bytes per bank. Exits 0 when identical, 1 when they differ.",
        .flags = Z3_CMD_CHECK, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads both ROM files"),
        .args = ARGS({"from", Z3_ARG_PATH, true, NULL, NULL, "the original ROM", 0, 0},
                     {"to", Z3_ARG_PATH, true, NULL, NULL, "the changed ROM", 0, 0},
                     {"max-ranges", Z3_ARG_INT, false, "50", NULL, "list at most this many ranges", 0, 1000000}),
        .returns = RETURNS({"from_size", "integer", "size of --from"},
                           {"to_size", "integer", "size of --to"},
                           {"identical", "boolean", "no byte differs"},
                           {"bytes_changed", "integer", "number of differing bytes"},
                           {"range_count", "integer", "number of differing runs"},
                           {"ranges_truncated", "boolean", "more runs exist than were listed"},
                           {"banks", "array", "bank, offset, bytes_changed for each bank that changed"},
                           {"ranges", "array", "offset, address, length, old, new for each run"}),
        .examples = LIST("z3ed rom diff --from base.sfc --to hack.sfc",
                         "z3ed rom diff --from base.sfc --to hack.sfc --max-ranges 10 --format json"),
        .handler = cmd_rom_diff,
    },
    {
        .resource = "rom", .action = "merge",
        .summary = "merge two hacks of one base ROM; conflicts named in game terms, exit 1 when any is left",
        .description = "Three-way merge against --base: a byte only one hack changed takes that hack's value, "
                       "a byte both changed alike is kept, a byte both changed differently is a conflict. "
                       "Conflicts are grouped into runs named from the world model of the three ROMs (room "
                       "0x012 sprites, message 0x01F, free space, code) and resolved by --prefer for their "
                       "category; any left unresolved are listed and nothing is written (exit 1). The checksum "
                       "is recomputed and the result must load every model the base loads. Rooms merge as "
                       "rooms: objects, sprites, pot items and header part by part from the side that changed "
                       "them, written by the dungeon model (so a room one hack moved is followed, and grown "
                       "rooms are re-allocated); a part both changed differently is a 'rooms' conflict. Other "
                       "relocated data merges as bytes (docs/hacks.md).",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_CHECK, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the three ROM files", "writes --output when no conflict is left"),
        .args = ARGS({"base", Z3_ARG_PATH, true, NULL, NULL, "the ROM both hacks started from", 0, 0},
                     {"ours", Z3_ARG_PATH, true, NULL, NULL, "one hack", 0, 0},
                     {"theirs", Z3_ARG_PATH, true, NULL, NULL, "the other hack", 0, 0},
                     {"output", Z3_ARG_OUT_PATH, true, NULL, NULL, "where to write the merged ROM", 0, 0},
                     {"prefer", Z3_ARG_STRING, false, NULL, NULL,
                      "ours, theirs, or CATEGORY=ours|theirs,...; categories rooms, areas, messages, sheets, palettes, tables, other, free_space, code", 0, 0}),
        .returns = RETURNS({"size", "integer", "bytes in the merged ROM"},
                           {"bytes_from_ours", "integer", "bytes only ours changed"},
                           {"bytes_from_theirs", "integer", "bytes only theirs changed"},
                           {"conflict_count", "integer", "conflict runs"},
                           {"unresolved", "integer", "conflict runs no --prefer settled"},
                           {"rooms_merged_as_rooms", "boolean", "the rooms of all three ROMs loaded, so rooms merged part by part"},
                           {"room_parts_from", "object", "ours, theirs: room parts taken from each side"},
                           {"areas_merged_as_areas", "boolean", "the overworld of all three ROMs loaded, so area maps merged one by one and were written again"},
                           {"area_maps_from", "object", "ours, theirs: area maps taken from each side"},
                           {"sheets_merged_as_sheets", "boolean", "every sheet of all three ROMs read, so sheets merged one by one and were packed again"},
                           {"sheets_from", "object", "ours, theirs: graphics sheets taken from each side"},
                           {"messages_merged_as_messages", "boolean", "all three loaded their messages with one dictionary, so messages merged one by one and the text was packed again"},
                           {"messages_from", "object", "ours, theirs: messages taken from each side"},
                           {"conflicts", "array", "what, category, offset, address, length, resolved (ours, theirs or null)"},
                           {"files", "array", "the merged ROM written"}),
        .examples = LIST("z3ed rom merge --base base.sfc --ours hack.sfc --theirs zelda3.sfc --output merged.sfc",
                         "z3ed rom merge --base base.sfc --ours hack.sfc --theirs zelda3.sfc --output merged.sfc --prefer messages=ours,code=theirs"),
        .handler = cmd_rom_merge,
    },
    {
        .resource = "rom", .action = "generate-golden",
        .summary = "write a JSON snapshot (hashes, header, per-bank CRC32) for regression checks",
        .description = "Writes a snapshot that 'rom validate --golden' later compares against, so a "
                       "test or an agent can prove which banks an edit touched.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes the snapshot file atomically"),
        .args = ARGS({"output", Z3_ARG_OUT_PATH, true, NULL, NULL, "where to write the snapshot", 0, 0}),
        .returns = RETURNS({"sha1", "string", "SHA-1 recorded"},
                           {"banks", "integer", "number of banks recorded"},
                           {"files", "array", "path, bytes, written for each file"}),
        .examples = LIST("z3ed rom generate-golden --rom samples/sample.sfc --output sample.golden.json"),
        .handler = cmd_rom_generate_golden,
    },
    {
        .resource = "rom", .action = "export-state",
        .summary = "print a compact JSON snapshot of the ROM to seed an agent",
        .description = "Header, sizes, checksum state, hashes and per-bank 16-bit sums and CRC32 in "
                       "one object: enough for an agent to know what it is editing and to verify "
                       "later what changed.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"format", "string", "z3ed-state/1"},
                           {"size", "integer", "image size"},
                           {"mapping", "string", "mapping detected"},
                           {"header", "object", "every header field"},
                           {"checksum", "object", "stored, complement, computed, valid"},
                           {"crc32", "string", "CRC32 of the image"},
                           {"sha1", "string", "SHA-1 of the image"},
                           {"banks", "array", "bank, offset, sum16, crc32 per bank"}),
        .examples = LIST("z3ed rom export-state --rom samples/sample.sfc --format json"),
        .handler = cmd_rom_export_state,
    },
    {
        .resource = "rom", .action = "fix-checksum",
        .summary = "recompute the header checksum and complement and write them",
        .description = "Computes the checksum as the hardware sees the image (sizes that are not a "
                       "power of two are mirrored) and stores it with its complement.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites 4 header bytes ($FFDC-$FFDF)",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"was_valid", "boolean", "the stored pair was already right"},
                           {"old_checksum", "string", "checksum before"},
                           {"checksum", "string", "checksum after"},
                           {"complement", "string", "complement after"},
                           {"changes", "array", "the change set"},
                           {"written", "string", "file written, or null"}),
        .examples = LIST("z3ed rom fix-checksum --rom hack.sfc",
                         "z3ed rom fix-checksum --rom hack.sfc --dry-run"),
        .handler = cmd_rom_fix_checksum,
    },
    {
        .resource = "rom", .action = "header get",
        .summary = "print the internal header, or one field of it",
        .description = "Every field of the internal header at $FFB0-$FFFF: title, map mode, cartridge "
                       "type, sizes, region, developer, version, checksum pair and vectors.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"field", Z3_ARG_STRING, false, NULL, NULL,
                      "one field: title, region, version, checksum, map_mode, ...", 0, 0}),
        .returns = RETURNS({"field", "string", "the field asked for (with --field)"},
                           {"value", "string", "its value (with --field)"},
                           {"title", "string", "without --field: every header field"}),
        .examples = LIST("z3ed rom header get --rom samples/sample.sfc",
                         "z3ed rom header get --rom samples/sample.sfc --field title"),
        .handler = cmd_rom_header_get,
    },
    {
        .resource = "rom", .action = "header set",
        .summary = "change header fields (title, region, version, ...) and fix the checksum",
        .description = "Sets the given fields and then recomputes the checksum so the ROM stays "
                       "valid (unless --keep-checksum). Values are checked before anything is written.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites the named header fields and the checksum pair",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS({"title", Z3_ARG_STRING, false, NULL, NULL, "up to 21 printable ASCII characters, space-padded", 0, 0},
                     {"region", Z3_ARG_STRING, false, NULL, NULL, "destination code (0x01) or name (japan, usa, europe, ...)", 0, 0},
                     {"version", Z3_ARG_INT, false, NULL, NULL, "version byte (0 = 1.0)", 0, 255},
                     {"map-mode", Z3_ARG_INT, false, NULL, NULL, "map mode byte ($20 LoROM, $21 HiROM, +$10 FastROM)", 0, 255},
                     {"cart-type", Z3_ARG_INT, false, NULL, NULL, "cartridge type byte", 0, 255},
                     {"rom-size", Z3_ARG_INT, false, NULL, NULL, "ROM size code: 1 << N KiB ($0A = 1 MiB)", 0, 255},
                     {"sram-size", Z3_ARG_INT, false, NULL, NULL, "SRAM size code: 1 << N KiB, 0 = none", 0, 255},
                     {"developer-id", Z3_ARG_INT, false, NULL, NULL, "developer (licensee) byte; $33 = extended header", 0, 255},
                     {"maker-code", Z3_ARG_STRING, false, NULL, NULL, "2-character maker code (extended header)", 0, 0},
                     {"game-code", Z3_ARG_STRING, false, NULL, NULL, "4-character game code (extended header)", 0, 0},
                     {"keep-checksum", Z3_ARG_BOOL, false, NULL, NULL, "do not recompute the checksum", 0, 0}),
        .returns = RETURNS({"set", "object", "the fields set, by name"},
                           {"changes", "array", "the change set"},
                           {"written", "string", "file written, or null"}),
        .examples = LIST("z3ed rom header set --rom hack.sfc --title \"MY ZELDA HACK\" --version 1",
                         "z3ed rom header set --rom hack.sfc --region europe --dry-run"),
        .handler = cmd_rom_header_set,
    },
    {
        .resource = "rom", .action = "decompress",
        .summary = "extract one LC_LZ2 stream from the ROM to a file",
        .description = "Decompresses the stream at a SNES address and writes the result; reports how many "
                       "compressed bytes the stream used (its terminator included).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes the decompressed data atomically"),
        .args = ARGS({"address", Z3_ARG_ADDRESS, true, NULL, NULL, "SNES address of the stream ($BB:AAAA)", 0, 0},
                     {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "file for the decompressed bytes", 0, 0},
                     VARIANT_ARG),
        .returns = RETURNS({"address", "string", "the stream's address"},
                           {"offset", "integer", "its file offset"},
                           {"compressed_size", "integer", "bytes the stream used"},
                           {"size", "integer", "decompressed bytes"},
                           {"files", "array", "the file written"}),
        .examples = LIST("z3ed rom decompress --rom samples/sample.sfc --address '$11:B800' --out sheet00.bin"),
        .handler = cmd_rom_decompress,
    },
    {
        .resource = "rom", .action = "expand",
        .summary = "grow a LoROM image to 2 or 4 MiB to make free space",
        .description = "Appends zero-filled banks, updates the header's ROM size byte and fixes the "
                       "checksum. Data that no longer fits where it was is moved into this space.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("appends banks", "rewrites the ROM size byte and the checksum pair",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS({"size", Z3_ARG_ENUM, true, NULL, expand_sizes, "new size", 0, 0}),
        .returns = RETURNS({"old_size", "integer", "bytes before"},
                           {"new_size", "integer", "bytes after"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed rom expand --rom hack.sfc --size 2MiB"),
        .handler = cmd_rom_expand,
    },
    {
        .resource = "rom", .action = "upgrade",
        .summary = "say whether a ROM can be upgraded to an expanded layout; z3ed itself installs none",
        .description = "ZSCustomOverworld v3 is an assembly patch: installing it rewrites the game's overworld "
                       "code and fills its tables at 0x140000 from the vanilla ones, which needs the patch's own "
                       "assembly (ZScream or yaze apply it with Asar). z3ed does not carry that code and never "
                       "produces an expanded layout on its own, so this command only reports: exit 0 when the "
                       "ROM already has the target (nothing to do), else exit 1 with the version found and a hint. "
                       "Once a ROM has the patch, every overworld command reads and writes its tables.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_CHECK, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"to", Z3_ARG_ENUM, true, NULL, upgrade_targets, "the layout wanted", 0, 0}),
        .returns = RETURNS({"target", "string", "the layout asked for"},
                           {"current", "string", "vanilla or zscustom-vN: what the ROM has"},
                           {"done", "boolean", "true when the ROM already has the target"}),
        .examples = LIST("z3ed rom upgrade --rom hack.sfc --to zscustom-v3"),
        .handler = cmd_rom_upgrade,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_rom, 100)
