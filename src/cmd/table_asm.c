/* Commands of the asm resource: 65816 disassembler. */
#include "cmd/handlers_asm.h"
#include "cmd/table_macros.h"

static const char *const symbol_formats[] = {"auto", "wla", "ca65", "vice", "mesen", NULL};
static const char *const asm_mappings[] = {"lorom", "hirom", "exlorom", "exhirom", NULL};

static const z3_command z3_cmds_asm[] = {
    {
        .resource = "asm", .action = "disassemble",
        .summary = "disassemble 65816 code from the ROM, with labels from a symbol file",
        .description = "Decodes --count instructions from --address, following the M and X flags through "
                       "REP, SEP, XCE (with a known carry) and PHP/PLP; --m8/--m16/--x8/--x16 set the "
                       "sizes at the start (default 8-bit) and --assume sets them at given addresses. Branch, jump and call targets are resolved "
                       "to full addresses, absolute data operands in the data bank (--dbr, default the "
                       "bank of --address). --symbols reads WLA .sym (asar), ca65 .dbg, VICE labels "
                       "(ld65 -Ln) or Mesen .mlb; --address may then be a label. Text output is a "
                       "trace-style listing; JSON and YAML give one object per instruction.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file", "reads --symbols when given"),
        .args = ARGS({"address", Z3_ARG_STRING, true, NULL, NULL, "where to start: $BB:AAAA, 0xBBAAAA or a label from --symbols", 0, 0},
                     {"count", Z3_ARG_INT, false, "16", NULL, "instructions to decode (1-10000)", 1, 10000},
                     {"m8", Z3_ARG_BOOL, false, NULL, NULL, "8-bit accumulator at the start (the default)", 0, 0},
                     {"m16", Z3_ARG_BOOL, false, NULL, NULL, "16-bit accumulator at the start", 0, 0},
                     {"x8", Z3_ARG_BOOL, false, NULL, NULL, "8-bit index registers at the start (the default)", 0, 0},
                     {"x16", Z3_ARG_BOOL, false, NULL, NULL, "16-bit index registers at the start", 0, 0},
                     {"assume", Z3_ARG_STRING, false, NULL, NULL, "flags to take at given addresses, overriding tracking: ADDR=FLAGS[;...], FLAGS from m8, m16, x8, x16, emu, native", 0, 0},
                     {"dbr", Z3_ARG_INT, false, NULL, NULL, "data bank for absolute operands (default: the bank of --address)", 0, 255},
                     {"symbols", Z3_ARG_PATH, false, NULL, NULL, "labels: .sym (WLA/asar), .dbg (ca65), VICE label file, .mlb (Mesen)", 0, 0},
                     {"symbols-format", Z3_ARG_ENUM, false, "auto", symbol_formats, "format of --symbols (auto: by extension and content)", 0, 0}),
        .returns = RETURNS({"address", "string", "where decoding started ($BB:AAAA)"},
                           {"count", "integer", "instructions decoded"},
                           {"next", "string", "the address after the last instruction"},
                           {"end_state", "object", "m, x (8 or 16) and e after the last instruction"},
                           {"symbols", "object", "file, format and label count of --symbols"},
                           {"stopped", "string", "why decoding ended before --count (left ROM), else null"},
                           {"instructions", "array", "json/yaml: address, bytes, mnemonic, operand, mode, target, target_kind, label, target_label, m, x"},
                           {"listing", "string", "text output: one trace-style line per instruction"}),
        .examples = LIST("z3ed asm disassemble --rom zelda3.sfc --address '$00:8000' --count 8",
                         "z3ed asm disassemble --rom zelda3.sfc --address 0x008005 --count 4 --m16 --x16 --format json"),
        .handler = cmd_asm_disassemble,
    },
    {
        .resource = "asm", .action = "assemble",
        .summary = "assemble an asar-syntax 65816 patch and list the bytes it would write",
        .description = "Runs the assembler (docs/assembler.md) over --patch and reports every run of bytes with "
                       "its SNES address and file offset, the labels, and the output of print and warn. Without "
                       "--rom, patches that place code with org only are assembled against --mapping (freespace, "
                       "read1() and check title need a ROM); with --rom, freespace is allocated in that ROM's free "
                       "space, but the ROM is never changed (use `patch asm` for that). incsrc and incbin read only "
                       "inside the patch's folder. Errors name file:line:col and the include or macro chain.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the patch and the files it includes", "reads --rom when given",
                        "writes --symbols when given"),
        .args = ARGS({"patch", Z3_ARG_PATH, true, NULL, NULL, "the .asm file", 0, 0},
                     {"rom", Z3_ARG_PATH, false, NULL, NULL, "ROM to assemble against (freespace, read1(), check title)", 0, 0},
                     {"mapping", Z3_ARG_ENUM, false, "lorom", asm_mappings, "mapping until the patch names one (default: the ROM's, else lorom)", 0, 0},
                     {"symbols", Z3_ARG_OUT_PATH, false, NULL, NULL, "write the labels as a WLA .sym file (asar, Mesen, bsnes read it)", 0, 0}),
        .returns = RETURNS({"patch", "string", "the file assembled"},
                           {"passes", "integer", "passes until every label settled"},
                           {"lines", "integer", "source lines read in the last pass (includes and macros counted)"},
                           {"bytes_assembled", "integer", "bytes in all writes"},
                           {"writes", "array", "address, offset, length and bytes (hex) of each run"},
                           {"labels", "object", "label name to $BB:AAAA"},
                           {"prints", "array", "what print said"},
                           {"warnings", "array", "what warn said, with file:line"},
                           {"freespace", "array", "blocks allocated (offset, address, length with the RATS tag)"},
                           {"cleaned", "array", "old freespace blocks autoclean would release"},
                           {"files", "array", "the .sym written, when --symbols"}),
        .examples = LIST("z3ed asm assemble --patch hook.asm",
                         "z3ed asm assemble --patch hook.asm --rom zelda3.sfc --symbols hook.sym --format json"),
        .handler = cmd_asm_assemble,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_asm, 800)
