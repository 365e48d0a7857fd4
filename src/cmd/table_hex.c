/* Commands of the hex and labels resources: raw bytes named from the world model, and symbol tables. */
#include "cmd/handlers_hex.h"
#include "cmd/table_macros.h"

static const char *const label_formats[] = {"auto", "wla", "ca65", "vice", "mesen", NULL};
static const char *const export_formats[] = {"wla", "vice", "mesen", NULL};

#define WHERE_ARGS                                                                                          \
  {"address", Z3_ARG_STRING, false, NULL, NULL, "SNES address ($BB:AAAA, 0xBBAAAA) or a label of --labels", 0, 0}, \
  {"offset", Z3_ARG_INT, false, NULL, NULL, "file offset in the headerless image (instead of --address)", 0, 1 << 24}, \
  {"labels", Z3_ARG_PATH, false, NULL, NULL, "symbol file (.sym, .mlb, .dbg, VICE) whose labels --address may name", 0, 0}
#define LABELS_ARG {"labels", Z3_ARG_PATH, true, NULL, NULL, "symbol file: WLA/asar .sym (also no$sns form), Mesen .mlb, ca65 .dbg, VICE labels", 0, 0}
#define LABELS_FORMAT_ARG {"labels-format", Z3_ARG_ENUM, false, "auto", label_formats, "format of --labels (auto: by extension and content)", 0, 0}
#define LABELS_ROM_ARG {"rom", Z3_ARG_PATH, false, NULL, NULL, "ROM whose mapping turns Mesen ROM offsets into addresses, and addresses into file offsets", 0, 0}

static const z3_command z3_cmds_hex[] = {
    {
        .resource = "hex", .action = "read",
        .summary = "read raw bytes at a SNES address, file offset or label",
        .description = "Reads --length bytes (clipped at the end of the ROM) from --address or --offset.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file", "reads --labels when given"),
        .args = ARGS(WHERE_ARGS, {"length", Z3_ARG_INT, false, "16", NULL, "bytes to read (1-4096)", 1, 4096}),
        .returns = RETURNS({"offset", "string", "file offset"}, {"address", "string", "SNES address"},
                           {"length", "integer", "bytes read"}, {"hex", "string", "the bytes"}),
        .examples = LIST("z3ed hex read --rom zelda3.sfc --address '$00:8000' --length 8",
                         "z3ed hex read --rom zelda3.sfc --offset 0x7FC0 --length 21"),
        .handler = cmd_hex_read,
    },
    {
        .resource = "hex", .action = "write",
        .summary = "write raw bytes at a SNES address, file offset or label",
        .description = "Writes --bytes through the change log (so --dry-run shows the change and nothing is "
                       "saved). The checksum is fixed on save as for every ROM edit.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("writes the bytes into the ROM (change log; saved atomically over --rom keeping FILE.bak, or to --output)"),
        .args = ARGS(WHERE_ARGS, {"bytes", Z3_ARG_STRING, true, NULL, NULL, "bytes in hex: \"A9 00 8D\" or \"a9008d\" (at most 4096)", 0, 0}),
        .returns = RETURNS({"offset", "string", "file offset"}, {"address", "string", "SNES address"},
                           {"length", "integer", "bytes written"}, {"old", "string", "the bytes before"},
                           {"new", "string", "the bytes written"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed hex write --rom hack.sfc --address '$00:8000' --bytes 'EA EA' --dry-run"),
        .handler = cmd_hex_write,
    },
    {
        .resource = "hex", .action = "search",
        .summary = "find a byte pattern with ?? wildcards, naming what holds each match",
        .description = "Searches the whole image for --pattern (hex bytes, ?? for any byte, at most 256) and "
                       "names the game structure each match lies in, as hex annotate does.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"pattern", Z3_ARG_STRING, true, NULL, NULL, "bytes to find: \"A9 ?? 8D\"", 0, 0},
                     {"max", Z3_ARG_INT, false, "100", NULL, "matches listed at most (all are counted)", 1, 100000}),
        .returns = RETURNS({"count", "integer", "matches"}, {"truncated", "boolean", "more than --max matched"},
                           {"pattern_length", "integer", "bytes in the pattern"},
                           {"matches", "array", "offset, address, bytes and owner of each match"}),
        .examples = LIST("z3ed hex search --rom zelda3.sfc --pattern 'A9 ?? 8D' --max 10"),
        .handler = cmd_hex_search,
    },
    {
        .resource = "hex", .action = "dump",
        .summary = "hex dump with SNES addresses, file offsets and ASCII",
        .description = "Sixteen bytes a line: SNES address, file offset, bytes, printable ASCII.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file", "reads --labels when given"),
        .args = ARGS(WHERE_ARGS, {"length", Z3_ARG_INT, false, "256", NULL, "bytes to dump (1-65536)", 1, 65536}),
        .returns = RETURNS({"offset", "string", "file offset"}, {"address", "string", "SNES address"},
                           {"length", "integer", "bytes dumped"}, {"dump", "string", "the lines"}),
        .examples = LIST("z3ed hex dump --rom zelda3.sfc --address '$00:FFC0' --length 64"),
        .handler = cmd_hex_dump,
    },
    {
        .resource = "hex", .action = "annotate",
        .summary = "name the game structure every byte of a range belongs to",
        .description = "Splits the range into runs owned by one thing, from the world model: the ROM header, "
                       "graphics sheet N, room N's header / objects / sprites / pot items, chests, message N, "
                       "area N's map / sprites / items, palettes, tile tables, pointer tables, free space "
                       "(\"in use\" when not all $00/$FF), or unknown (code and data z3ed does not model). "
                       "With --labels each run also gets the label it lies in (Label+N).",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file", "reads --labels when given"),
        .args = ARGS(WHERE_ARGS, {"length", Z3_ARG_INT, false, "256", NULL, "bytes to annotate (1-1048576)", 1, 1 << 20}),
        .returns = RETURNS({"offset", "string", "file offset"}, {"address", "string", "SNES address"},
                           {"length", "integer", "bytes annotated"},
                           {"runs", "array", "offset, address, length, owner, kind, index, label of each run"},
                           {"not_read", "string", "models that could not be read from this ROM (empty when all were)"}),
        .examples = LIST("z3ed hex annotate --rom zelda3.sfc --offset 0xE0000 --length 64",
                         "z3ed hex annotate --rom hack.sfc --address MyHook --labels hack.sym --length 32"),
        .handler = cmd_hex_annotate,
    },
    {
        .resource = "labels", .action = "load",
        .summary = "read a symbol file and summarise its labels",
        .description = "Reads WLA .sym (asar's default, and its no$sns 00BBAAAA form), Mesen .mlb, ca65 .dbg or "
                       "VICE labels into one table: how many labels, per bank, first and last. Commands that "
                       "take --labels (hex read, write, dump, annotate; labels resolve, find, export) read the "
                       "same formats; asm disassemble takes them as --symbols. Label names are UTF-8 text: "
                       "a name in another encoding is refused with its line and column.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads --labels and --rom when given"),
        .args = ARGS(LABELS_ARG, LABELS_FORMAT_ARG, LABELS_ROM_ARG),
        .returns = RETURNS({"file", "string", "the file read"}, {"format", "string", "its format"},
                           {"count", "integer", "labels"}, {"banks", "object", "labels per bank (hex)"},
                           {"first", "object", "lowest label"}, {"last", "object", "highest label"}),
        .examples = LIST("z3ed labels load --labels hack.sym",
                         "z3ed labels load --labels hack.mlb --rom hack.sfc --format json"),
        .handler = cmd_labels_load,
    },
    {
        .resource = "labels", .action = "resolve",
        .summary = "turn a label into its address, or an address into Label+N",
        .description = "--name gives the label's address (and file offset with --rom); --address gives the "
                       "label at or closest below it in the same bank, as Label+N.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads --labels and --rom when given"),
        .args = ARGS(LABELS_ARG, {"name", Z3_ARG_STRING, false, NULL, NULL, "label to look up (exact, then ignoring case)", 0, 0},
                     {"address", Z3_ARG_STRING, false, NULL, NULL, "SNES address to name", 0, 0},
                     LABELS_FORMAT_ARG, LABELS_ROM_ARG),
        .returns = RETURNS({"name", "string", "the label (Label+N for --address)"},
                           {"address", "string", "the address"}, {"offset", "string", "file offset, with --rom"},
                           {"label", "object", "--address: the label found"},
                           {"distance", "integer", "--address: bytes past the label"}),
        .examples = LIST("z3ed labels resolve --labels hack.sym --name MyHook",
                         "z3ed labels resolve --labels hack.sym --address '$00:8012'"),
        .handler = cmd_labels_resolve,
    },
    {
        .resource = "labels", .action = "find",
        .summary = "list labels whose names match a pattern",
        .description = "Case-insensitive; * and ? are wildcards, otherwise --pattern matches anywhere in the name.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads --labels and --rom when given"),
        .args = ARGS(LABELS_ARG, {"pattern", Z3_ARG_STRING, true, NULL, NULL, "text or glob (Hook*, *_loop)", 0, 0},
                     {"max", Z3_ARG_INT, false, "100", NULL, "labels listed at most (all are counted)", 1, 100000},
                     LABELS_FORMAT_ARG, LABELS_ROM_ARG),
        .returns = RETURNS({"count", "integer", "labels matching"}, {"truncated", "boolean", "more than --max matched"},
                           {"labels", "array", "name, address (and offset with --rom)"}),
        .examples = LIST("z3ed labels find --labels hack.sym --pattern 'Hook*'"),
        .handler = cmd_labels_find,
    },
    {
        .resource = "labels", .action = "export",
        .summary = "write the labels as WLA .sym, VICE labels or Mesen .mlb",
        .description = "Converts between formats: read any format --labels takes, write --to. Mesen keeps ROM "
                       "labels as file offsets, so --to mesen needs --rom; labels it cannot place, and names "
                       "holding ':' (its field separator), are skipped and counted.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads --labels and --rom when given", "writes --out"),
        .args = ARGS(LABELS_ARG, {"to", Z3_ARG_ENUM, true, NULL, export_formats, "format to write", 0, 0},
                     {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "file to write", 0, 0},
                     LABELS_FORMAT_ARG, LABELS_ROM_ARG),
        .returns = RETURNS({"format", "string", "format written"}, {"written", "integer", "labels written"},
                           {"skipped", "integer", "labels the format cannot hold"},
                           {"files", "array", "the file written"}),
        .examples = LIST("z3ed labels export --labels hack.sym --to mesen --rom hack.sfc --out hack2.mlb"),
        .handler = cmd_labels_export,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_hex, 850)
