/* Commands for LC_LZ2 files, graphics sheets and palettes. */
#include "cmd/handlers.h"
#include "cmd/table_macros.h"

static const char *const gfx_formats[] = {"png", "cgx", "bin", "scr", NULL};
static const char *const room_layers[] = {"bg1", "bg2", NULL};
static const char *const palette_file_formats[] = {"json", "jasc", "col", "png", NULL};

#define PALETTE_ARGS                                                                             \
  {"group", Z3_ARG_STRING, true, NULL, NULL, "palette group (see 'palette list')", 0, 0},         \
  {"index", Z3_ARG_INT, true, NULL, NULL, "palette number within the group", 0, 1000}
#define SHEET_PALETTE_ARG                                                                        \
  {"palette", Z3_ARG_STRING, false, NULL, NULL,                                                   \
   "GROUP:INDEX whose colours show pixel values 1..N (default: a grey ramp)", 0, 0}

static const z3_command z3_cmds_gfx[] = {
    {
        .resource = "compress", .action = "encode",
        .summary = "compress a file with LC_LZ2 (optimal by default)",
        .description = "The optimal encoder finds the shortest possible stream for the input; --greedy "
                       "is faster. Only commands 0-4 are written, so the game's decompressor and every "
                       "editor read the result.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads --in", "writes --out atomically"),
        .args = ARGS({"in", Z3_ARG_PATH, true, NULL, NULL, "data to compress (at most 64 KiB)", 0, 0},
                     {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "where to write the stream", 0, 0},
                     VARIANT_ARG,
                     {"greedy", Z3_ARG_BOOL, false, NULL, NULL, "fast greedy encoding instead of optimal", 0, 0}),
        .returns = RETURNS({"input_size", "integer", "bytes read"},
                           {"compressed_size", "integer", "bytes written"},
                           {"mode", "string", "optimal or greedy"},
                           {"files", "array", "the file written"}),
        .examples = LIST("z3ed compress encode --in sheet.bin --out sheet.lz2",
                         "z3ed compress encode --in map.bin --out map.lz2 --variant overworld --greedy"),
        .handler = cmd_compress_encode,
    },
    {
        .resource = "compress", .action = "decode",
        .summary = "decompress an LC_LZ2 stream from a file",
        .description = "Reads the stream starting at --offset and writes what it produces; a corrupt "
                       "stream is reported with the offset of the bad chunk and nothing is written.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads --in", "writes --out atomically"),
        .args = ARGS({"in", Z3_ARG_PATH, true, NULL, NULL, "file holding the stream", 0, 0},
                     {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "where to write the data", 0, 0},
                     VARIANT_ARG,
                     {"offset", Z3_ARG_INT, false, "0", NULL, "where the stream starts in --in", 0, 1 << 30}),
        .returns = RETURNS({"compressed_size", "integer", "bytes the stream used"},
                           {"size", "integer", "bytes produced"},
                           {"files", "array", "the file written"}),
        .examples = LIST("z3ed compress decode --in sheet.lz2 --out sheet.bin"),
        .handler = cmd_compress_decode,
    },
    {
        .resource = "gfx", .action = "list",
        .summary = "list the 223 graphics sheets: kind, address, sizes, aliases",
        .description = "Follows the three pointer tables (found through the code that reads them), "
                       "decompresses every sheet and reports where it lives, how many bytes it uses in "
                       "ROM, what it decompresses to, and which sheets share data.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"count", "integer", "223"},
                           {"problems", "integer", "sheets that failed to decode or have the wrong size"},
                           {"sheets", "array", "sheet, kind, address, offset, stored_size, size, tiles, size_ok, alias_of"}),
        .examples = LIST("z3ed gfx list --rom samples/sample.sfc"),
        .handler = cmd_gfx_list,
    },
    {
        .resource = "gfx", .action = "export",
        .summary = "export sheets as indexed PNG, SCAD CGX or raw bytes, or a background as a SCAD screen set",
        .description = "Writes DIR/sheet_XX.<format> for one sheet or all. PNGs are 128 pixels wide, "
                       "indexed, pixel 0 transparent; --palette picks the colours. CGX holds 3bpp "
                       "sheets as 4bpp (the game's low expansion) and 2bpp sheets as 2bpp. With --format "
                       "scr, instead of a sheet: an overworld screen (--map) or a room layer (--room, "
                       "--layer) as a SCAD set, NAME.scr (the 64x64 tile words), NAME.cgx (the scene's "
                       "characters) and NAME.col (its colours), which 'gfx render-scad' and SCAD viewers draw.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "creates DIR if needed and writes one file per sheet, or the three files of a screen set"),
        .args = ARGS({"sheet", Z3_ARG_STRING, false, NULL, NULL, "sheet number (0-222, 0x00-0xDE) or all; required unless --format scr", 0, 0},
                     {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "folder for the files", 0, 0},
                     {"format", Z3_ARG_ENUM, false, "png", gfx_formats, "file format (use --output-format for json/yaml results)", 0, 0},
                     SHEET_PALETTE_ARG,
                     {"map", Z3_ARG_STRING, false, NULL, NULL, "scr: the overworld screen (0x00-0x9F; one 512x512 quarter of a large area)", 0, 0},
                     {"room", Z3_ARG_INT, false, NULL, NULL, "scr: the room (0-295)", 0, 295},
                     {"layer", Z3_ARG_ENUM, false, "bg1", room_layers, "scr with --room: the layer", 0, 0}),
        .returns = RETURNS({"sheets", "integer", "sheets exported"},
                           {"format", "string", "the format"},
                           {"name", "string", "scr: the set's file name without extension (area_XX or room_XXX_bgN)"},
                           {"files", "array", "path, bytes, written per file"}),
        .examples = LIST("z3ed gfx export --rom samples/sample.sfc --sheet 0 --out sheets",
                         "z3ed gfx export --rom samples/sample.sfc --sheet all --out sheets --palette ow_main:0",
                         "z3ed gfx export --rom samples/sample.sfc --format scr --map 0x00 --out scad",
                         "z3ed gfx export --rom samples/sample.sfc --format scr --room 0x104 --layer bg2 --out scad"),
        .handler = cmd_gfx_export,
    },
    {
        .resource = "gfx", .action = "import",
        .summary = "replace a sheet from a PNG, CGX or raw file, or an overworld screen from a SCAD screen",
        .description = "Checks the image is 128 pixels wide and as tall as the sheet and that every "
                       "colour is in the palette (indexed PNGs by index), then recompresses the sheet "
                       "and writes it in place, or into free space with its pointers updated when it "
                       "grew. Reports where it went. With a .scr file (or --file-format scr) and --map: each "
                       "2x2 group of the screen's tile words must be a tile16 the ROM defines; the "
                       "screen's tile16 grid is set to them, and the first group that matches none is "
                       "named with nothing written.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites the sheet's data, and its pointers when it moves, or the screen's tile32 map",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS({"sheet", Z3_ARG_INT, false, NULL, NULL, "sheet number (0-222); required unless the file is a screen", 0, 222},
                     {"in", Z3_ARG_PATH, true, NULL, NULL, ".png, .cgx, .bin or .scr file", 0, 0},
                     {"file-format", Z3_ARG_ENUM, false, NULL, gfx_formats, "the file's format (default: from --in's extension; --format stays the output format)", 0, 0},
                     SHEET_PALETTE_ARG,
                     {"map", Z3_ARG_STRING, false, NULL, NULL, "scr: the overworld screen to set (0x00-0x9F)", 0, 0}),
        .returns = RETURNS({"sheet", "string", "the sheet"},
                           {"moved", "boolean", "the data moved to free space"},
                           {"old_offset", "string", "where it was"},
                           {"new_offset", "string", "where it is"},
                           {"new_stored_size", "integer", "bytes it now uses"},
                           {"map", "string", "scr: the screen"},
                           {"tile16_changed", "integer", "scr: tile16 cells that changed"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed gfx import --rom hack.sfc --sheet 0 --in sheets/sheet_00.png",
                         "z3ed gfx import --rom hack.sfc --map 0x00 --in scad/area_00.scr"),
        .handler = cmd_gfx_import,
    },
    {
        .resource = "gfx", .action = "render-scad",
        .summary = "draw a SCAD screen set (SCR + CGX + COL) as a PNG",
        .description = "Reads a .scr screen, the .cgx characters (2bpp or 4bpp) and the .col colours "
                       "(by default the files of the same name beside the .scr) and draws the 64x64 map "
                       "as SCAD does: 8x8 tiles give 512x512 pixels, 16x16 tiles 1024x1024; each tile in "
                       "its palette row of the colour half the screen names. Where a tile's pixel is 0 "
                       "the backdrop (colour 0) shows, as on the console.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the three files", "writes --out"),
        .args = ARGS({"scr", Z3_ARG_PATH, true, NULL, NULL, "the .scr screen", 0, 0},
                     {"cgx", Z3_ARG_PATH, false, NULL, NULL, "the .cgx characters (default: beside the .scr)", 0, 0},
                     {"col", Z3_ARG_PATH, false, NULL, NULL, "the .col colours (default: beside the .scr)", 0, 0},
                     {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "the PNG to write", 0, 0}),
        .returns = RETURNS({"width", "integer", "pixels"}, {"height", "integer", "pixels"},
                           {"cgx_format", "string", "2bpp or 4bpp"}, {"tile_size", "integer", "8 or 16"},
                           {"files", "array", "path, bytes, written"}),
        .examples = LIST("z3ed gfx render-scad --scr scad/area_00.scr --out area_00.png"),
        .handler = cmd_gfx_render_scad,
    },
    {
        .resource = "gfx", .action = "get-pixel",
        .summary = "read one pixel value of a sheet",
        .description = "Pixel values index the palette row: 0-7 for 3bpp sheets, 0-3 for 2bpp; 0 is transparent.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"sheet", Z3_ARG_INT, true, NULL, NULL, "sheet number (0-222)", 0, 222},
                     {"x", Z3_ARG_INT, true, NULL, NULL, "column (0-127)", 0, 127},
                     {"y", Z3_ARG_INT, true, NULL, NULL, "row (0-31, or 0-63 for 2bpp sheets)", 0, 63}),
        .returns = RETURNS({"value", "integer", "the pixel value"}),
        .examples = LIST("z3ed gfx get-pixel --rom samples/sample.sfc --sheet 0 --x 3 --y 4"),
        .handler = cmd_gfx_get_pixel,
    },
    {
        .resource = "gfx", .action = "set-pixel",
        .summary = "change one pixel of a sheet",
        .description = "Decodes the sheet, sets the pixel, re-encodes and writes the sheet back like "
                       "'gfx import' (moving it to free space if it no longer fits).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites the sheet's data", "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS({"sheet", Z3_ARG_INT, true, NULL, NULL, "sheet number (0-222)", 0, 222},
                     {"x", Z3_ARG_INT, true, NULL, NULL, "column (0-127)", 0, 127},
                     {"y", Z3_ARG_INT, true, NULL, NULL, "row (0-31, or 0-63 for 2bpp sheets)", 0, 63},
                     {"value", Z3_ARG_INT, true, NULL, NULL, "pixel value (0-7, or 0-3 for 2bpp)", 0, 7}),
        .returns = RETURNS({"old_value", "integer", "value before"},
                           {"value", "integer", "value after"},
                           {"moved", "boolean", "the sheet moved to free space"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed gfx set-pixel --rom hack.sfc --sheet 0 --x 3 --y 4 --value 5"),
        .handler = cmd_gfx_set_pixel,
    },
    {
        .resource = "gfx", .action = "repack",
        .summary = "pack the compressed sheets back to back, reclaiming space left by moved sheets",
        .description = "Copies every compressed sheet's stream (shared ones once) back to back from "
                       "PC 0x8B800 in sheet order, as the game packs them, updates the pointers and "
                       "sets the rest of the region (to 0xC3FFF) to $FF. Streams are copied, never "
                       "re-encoded. Sheets that had moved to free space come back, and their old "
                       "place becomes free space again. The region is the graphics' own: bytes in "
                       "it that no sheet uses are overwritten and counted (see them first with "
                       "--dry-run). A ROM already packed is left untouched.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites the compressed graphics region and the sheet pointers",
                        "sets the old places of sheets it brings back to $FF",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"streams", "integer", "distinct compressed streams"},
                           {"sheets_moved", "integer", "sheets whose pointer changed"},
                           {"brought_back", "integer", "streams that lived outside the region"},
                           {"bytes_used", "integer", "region bytes the streams take"},
                           {"bytes_free", "integer", "region bytes left at its end, now $FF"},
                           {"unreferenced_bytes_overwritten", "integer", "region bytes no sheet used that were not $FF"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed gfx repack --rom hack.sfc --dry-run"),
        .handler = cmd_gfx_repack,
    },
    {
        .resource = "palette", .action = "list",
        .summary = "list the palette groups with their sizes and addresses",
        .description = "Every ALttP palette group: how many palettes, how many colours each stores, "
                       "where the first lives, and how many copies a colour has (the backdrop colours "
                       "are stored several times).",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("none"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"groups", "array", "group, palettes, colors, stores_transparent, offset, copies, description"}),
        .examples = LIST("z3ed palette list"),
        .handler = cmd_palette_list,
    },
    {
        .resource = "palette", .action = "get",
        .summary = "print a palette's colours",
        .description = "Each stored colour as #RRGGBB (bit replication) and as its SNES BGR555 word.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(PALETTE_ARGS),
        .returns = RETURNS({"group", "string", "the group"}, {"index", "integer", "the palette"},
                           {"colors", "array", "rgb, snes per colour"}),
        .examples = LIST("z3ed palette get --rom samples/sample.sfc --group ow_main --index 0"),
        .handler = cmd_palette_get,
    },
    {
        .resource = "palette", .action = "get-color",
        .summary = "print one colour of a palette",
        .description = "Colour numbers count stored colours from 0.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(PALETTE_ARGS, {"color", Z3_ARG_INT, true, NULL, NULL, "colour number", 0, 255}),
        .returns = RETURNS({"value", "object", "rgb and snes"}),
        .examples = LIST("z3ed palette get-color --rom samples/sample.sfc --group armors --index 0 --color 3"),
        .handler = cmd_palette_get_color,
    },
    {
        .resource = "palette", .action = "set-color",
        .summary = "change one colour of a palette (every stored copy)",
        .description = "Accepts #RRGGBB (truncated to 5 bits per channel), $7FFF (BGR555) or r,g,b. "
                       "Colours stored more than once (the backdrop) are written everywhere.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites 2 bytes per stored copy", "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS(PALETTE_ARGS, {"color", Z3_ARG_INT, true, NULL, NULL, "colour number", 0, 255},
                     {"value", Z3_ARG_STRING, true, NULL, NULL, "#RRGGBB, $7FFF or r,g,b", 0, 0}),
        .returns = RETURNS({"old", "object", "rgb and snes before"}, {"new", "object", "rgb and snes after"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed palette set-color --rom hack.sfc --group armors --index 0 --color 3 --value '#40C040'"),
        .handler = cmd_palette_set_color,
    },
    {
        .resource = "palette", .action = "export",
        .summary = "write a palette as JSON, JASC .pal, SCAD .col or a PNG swatch",
        .description = "The format follows the file name (.json, .pal, .col, .png) unless --file-format says "
                       "otherwise. Exactly the stored colours are written (COL files are padded to 256).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes --out atomically"),
        .args = ARGS(PALETTE_ARGS, {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "file to write", 0, 0},
                     {"file-format", Z3_ARG_ENUM, false, NULL, palette_file_formats, "file format (default: from the extension)", 0, 0}),
        .returns = RETURNS({"format", "string", "json, jasc, col or png"}, {"colors", "integer", "colours written"},
                           {"files", "array", "the file written"}),
        .examples = LIST("z3ed palette export --rom samples/sample.sfc --group ow_main --index 0 --out ow0.pal"),
        .handler = cmd_palette_export,
    },
    {
        .resource = "palette", .action = "import",
        .summary = "replace a palette from JSON, JASC .pal, SCAD .col or a PNG swatch",
        .description = "The file must hold the palette's stored colour count (or one more in front, the "
                       "transparent slot 16-colour editors keep; a COL file's first colours are used).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites the palette's colours", "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS(PALETTE_ARGS, {"in", Z3_ARG_PATH, true, NULL, NULL, "file to read", 0, 0},
                     {"file-format", Z3_ARG_ENUM, false, NULL, palette_file_formats, "file format (default: from the extension)", 0, 0}),
        .returns = RETURNS({"colors", "integer", "colours written"}, {"changes", "array", "the change set"}),
        .examples = LIST("z3ed palette import --rom hack.sfc --group ow_main --index 0 --in ow0.pal"),
        .handler = cmd_palette_import,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_gfx, 200)
