/* Commands of the patch resource: IPS and BPS. */
#include "cmd/handlers.h"
#include "cmd/handlers_asm.h"
#include "cmd/table_macros.h"

static const char *const formats_ips_bps[] = {"bps", "ips", NULL};
static const char *const made_for_choices[] = {"auto", "headered", "unheadered", NULL};

static const z3_command z3_cmds_patch[] = {
    {
        .resource = "patch", .action = "apply",
        .summary = "apply an IPS or BPS patch (format from its magic)",
        .description = "Applies the patch to the file given by --rom, byte for byte (a copier header, if "
                       "any, is part of the file the patch sees). BPS patches are checked against "
                       "their source, target and patch CRC32. An IPS patch has no such check, so one "
                       "made for the ROM with a copier header (or without, when the file has one) "
                       "would land 512 bytes off: when the ROM's checksum is valid before, wrong after, "
                       "and valid with the patch shifted, it is refused and --made-for says which way "
                       "to apply it. A corrupt or mismatched patch is "
                       "rejected with the offset of the problem and nothing is written.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("reads the ROM and the patch",
                        "writes the patched ROM atomically to --output, or over --rom keeping FILE.bak"),
        .args = ARGS({"rom", Z3_ARG_OUT_PATH, true, NULL, NULL, "file to patch (rewritten in place without --output)", 0, 0},
                     {"patch", Z3_ARG_PATH, true, NULL, NULL, "IPS or BPS patch", 0, 0},
                     {"output", Z3_ARG_OUT_PATH, false, NULL, NULL, "write the result here; --rom is then untouched", 0, 0},
                     {"made-for", Z3_ARG_ENUM, false, "auto", made_for_choices,
                      "IPS: the ROM the patch was made for, with or without a 512-byte copier header "
                      "(the file keeps its own); auto applies it to the file as it is and refuses when the "
                      "checksum shows it was made for the other", 0, 0}),
        .returns = RETURNS({"format", "string", "ips or bps"},
                           {"records", "integer", "IPS records or BPS actions"},
                           {"source_size", "integer", "size of the input"},
                           {"target_size", "integer", "size of the result"},
                           {"bytes_changed", "integer", "bytes that differ from the input"},
                           {"target_crc32", "string", "CRC32 of the result"},
                           {"files", "array", "path, bytes, written for the result"}),
        .examples = LIST("z3ed patch apply --rom base.sfc --patch hack.bps --output hack.sfc"),
        .handler = cmd_patch_apply,
    },
    {
        .resource = "patch", .action = "create",
        .summary = "create an IPS or BPS patch that turns --from into --to",
        .description = "BPS (the default) finds matches in the source and in the target already written, "
                       "so moved or repeated data costs a few bytes; IPS uses RLE records where they "
                       "are shorter and the truncation extension when the target is smaller.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads both files", "writes the patch atomically"),
        .args = ARGS({"from", Z3_ARG_PATH, true, NULL, NULL, "the original file", 0, 0},
                     {"to", Z3_ARG_PATH, true, NULL, NULL, "the changed file", 0, 0},
                     {"format", Z3_ARG_ENUM, false, "bps", formats_ips_bps,
                      "patch format; without it, .ips in --output means IPS, anything else BPS "
                      "(use --output-format for json/yaml results)", 0, 0},
                     {"output", Z3_ARG_OUT_PATH, true, NULL, NULL, "where to write the patch", 0, 0},
                     {"metadata", Z3_ARG_STRING, false, NULL, NULL, "BPS metadata text to embed", 0, 0},
                     {"manifest", Z3_ARG_BOOL, false, NULL, NULL, "also report what changed in game terms (docs/hacks.md)", 0, 0},
                     {"embed-manifest", Z3_ARG_BOOL, false, NULL, NULL, "store that manifest (JSON) as the BPS metadata", 0, 0},
                     {"labels", Z3_ARG_PATH, false, NULL, NULL, "symbol file naming the changed code ranges (.sym, .mlb, .dbg)", 0, 0}),
        .returns = RETURNS({"format", "string", "ips or bps"},
                           {"patch_size", "integer", "bytes in the patch"},
                           {"metadata_size", "integer", "BPS: bytes of metadata"},
                           {"manifest", "object", "--manifest, json/yaml: rooms, areas, messages, sheets, palettes, tables, other, code, free_space, unmodelled, summary"},
                           {"manifest_source", "string", "--manifest: computed"},
                           {"manifest_text", "string", "--manifest, text output: the manifest for people"},
                           {"records", "integer", "IPS records or BPS actions"},
                           {"bytes_changed", "integer", "bytes that differ between the inputs"},
                           {"files", "array", "path, bytes, written for the patch"}),
        .examples = LIST("z3ed patch create --from base.sfc --to hack.sfc --output hack.bps",
                         "z3ed patch create --from base.sfc --to hack.sfc --format ips --output hack.ips",
                         "z3ed patch create --from base.sfc --to hack.sfc --output hack.bps --embed-manifest --manifest"),
        .handler = cmd_patch_create,
    },
    {
        .resource = "patch", .action = "info",
        .summary = "identify a patch and show its declared sizes and CRC32s",
        .description = "Reads the patch header (and, for BPS, the footer, checking the patch CRC32) "
                       "without applying it. --manifest says what the patch changes in game terms: with "
                       "--rom, by applying it to that ROM in memory; without, from the manifest a BPS made "
                       "with --embed-manifest carries.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the patch file", "reads --rom and --labels when given"),
        .args = ARGS({"patch", Z3_ARG_PATH, true, NULL, NULL, "IPS or BPS patch", 0, 0},
                     {"manifest", Z3_ARG_BOOL, false, NULL, NULL, "report what the patch changes in game terms", 0, 0},
                     {"rom", Z3_ARG_PATH, false, NULL, NULL, "the ROM the patch applies to (computes the manifest)", 0, 0},
                     {"labels", Z3_ARG_PATH, false, NULL, NULL, "symbol file naming the changed code ranges", 0, 0}),
        .returns = RETURNS({"format", "string", "ips or bps"},
                           {"size", "integer", "patch size in bytes"},
                           {"source_size", "integer", "BPS: expected source size"},
                           {"target_size", "integer", "BPS: size of the result"},
                           {"source_crc32", "string", "BPS: CRC32 the source must have"},
                           {"target_crc32", "string", "BPS: CRC32 of the result"},
                           {"metadata_size", "integer", "BPS: bytes of metadata"},
                           {"manifest", "object", "--manifest, json/yaml: what changed (see patch create)"},
                           {"manifest_source", "string", "--manifest: computed (--rom) or embedded (BPS metadata)"},
                           {"manifest_text", "string", "--manifest, text output: the manifest for people"}),
        .examples = LIST("z3ed patch info --patch hack.bps",
                         "z3ed patch info --patch hack.bps --manifest --rom base.sfc"),
        .handler = cmd_patch_info,
    },
    {
        .resource = "patch", .action = "asm",
        .summary = "assemble an asar-syntax patch into the ROM through the change log",
        .description = "Assembles --patch (docs/assembler.md) against the ROM and writes the result through the "
                       "change log, so --dry-run lists the writes without saving, and proposals and undo see "
                       "every byte. freespace/freecode/freedata blocks are allocated in the ROM's free space "
                       "(the expanded area, then the vanilla free blocks) behind a RATS tag; autoclean releases "
                       "the block an earlier application left. A patch with any error (syntax, undefined label, "
                       "branch out of range, org outside the ROM, freespace exhausted, include loop, failed "
                       "assert) changes nothing. --symbols writes the labels as a WLA .sym file.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("reads the patch and the files it includes",
                        "writes the assembled bytes into the ROM (change log; saved atomically over --rom keeping FILE.bak, or to --output)",
                        "writes --symbols when given"),
        .args = ARGS({"patch", Z3_ARG_PATH, true, NULL, NULL, "the .asm file", 0, 0},
                     {"symbols", Z3_ARG_OUT_PATH, false, NULL, NULL, "write the labels as a WLA .sym file", 0, 0}),
        .returns = RETURNS({"patch", "string", "the file assembled"},
                           {"passes", "integer", "passes until every label settled"},
                           {"lines", "integer", "source lines read in the last pass"},
                           {"bytes_assembled", "integer", "bytes in all writes"},
                           {"writes", "array", "address, offset, length and bytes (hex) of each run"},
                           {"labels", "object", "label name to $BB:AAAA"},
                           {"prints", "array", "what print said"},
                           {"warnings", "array", "what warn said, with file:line"},
                           {"freespace", "array", "blocks allocated (offset, address, length with the RATS tag)"},
                           {"cleaned", "array", "old freespace blocks autoclean released"},
                           {"changes", "array", "the change set"},
                           {"files", "array", "the .sym written, when --symbols"}),
        .examples = LIST("z3ed patch asm --rom hack.sfc --patch hook.asm --dry-run",
                         "z3ed patch asm --rom hack.sfc --patch hook.asm --symbols hook.sym"),
        .handler = cmd_patch_asm,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_patch, 700)
