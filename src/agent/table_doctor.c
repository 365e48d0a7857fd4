/*
 * Commands of the doctor resource: one per scope, each finding what breaks a
 * game (zelda3/doctor.h) and, with --fix, proposing the safe repairs as a
 * proposal (agent/proposal.h) a person accepts change by change. They sit in
 * agent/ because --fix makes proposals.
 */
#include "agent/handlers_doctor.h"
#include "cmd/table_macros.h"

#define DOCTOR_ARGS                                                                                \
  ARGS({"fix", Z3_ARG_BOOL, false, NULL, NULL,                                                     \
        "create a proposal with one tool call per safe repair (the ROM itself is not written)", 0, 0}, \
       {"state-dir", Z3_ARG_PATH, false, NULL, NULL, "state folder for --fix (default: $Z3ED_HOME, else .z3ed)", 0, 0})
#define DOCTOR_RETURNS                                                                             \
  RETURNS({"scope", "string", "the doctor that ran"},                                              \
          {"clean", "boolean", "no error and no warning"},                                         \
          {"errors", "integer", "error findings (exit 1 when any)"},                               \
          {"warnings", "integer", "warning findings"}, {"infos", "integer", "info findings"},      \
          {"repairable", "integer", "findings with an automatic repair"},                         \
          {"findings", "array", "kind, severity, structure, id, offset, address, why, repair, commands, command_lines"}, \
          {"dry_run", "boolean", "--fix only listed the repairs"},                                 \
          {"proposal", "object", "with --fix: id, title, sandbox_rom, change_count, repairs (finding, kind, applied, commands_run, "  \
           "changes: the diff's change numbers it made); else null"})
#define DOCTOR_EFFECTS                                                                             \
  LIST("reads the ROM", "with --fix: creates <state>/proposals/<id>/ and runs the repairs on its copy of the ROM")
#define DOCTOR(act, sum, desc, ex1, ex2)                                                           \
  {                                                                                                \
    .resource = "doctor", .action = act, .summary = sum,                                          \
    .description = desc " Exits 1 when an error is found (warnings and infos do not fail it); with "  \
                        "--fix the exit code still describes the ROM, which stays unchanged until the " \
                        "proposal is accepted. Kinds and repairs: docs/doctor.md.",               \
    .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_CHECK | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES, \
    .effects = DOCTOR_EFFECTS, .args = DOCTOR_ARGS, .returns = DOCTOR_RETURNS, .examples = LIST(ex1, ex2), \
    .handler = cmd_doctor,                                                                         \
  }

static const z3_command z3_cmds_doctor[] = {
    DOCTOR("rom", "run every doctor plus the header and overlap checks; exit 1 on errors",
           "Runs the header checks 'rom validate' runs, every model doctor (dungeon, sprite, overworld, "
           "graphics, message) and the overlap check, which finds structures whose data share bytes "
           "(a pointer into another structure's data, overlapping allocations).",
           "z3ed doctor rom --rom samples/sample.sfc",
           "z3ed doctor rom --rom samples/sample.sfc --fix --dry-run --format json"),
    DOCTOR("dungeon", "check rooms: pointers, object, door and chest limits, door pairs, entrances",
           "Loads every room through the game's pointer tables and checks it against the game's limits "
           "(objects, doors, chests), that every plain or key door has its partner in the neighbour room, "
           "and that dungeon entrances, starting points and chests name rooms that exist.",
           "z3ed doctor dungeon --rom samples/sample.sfc",
           "z3ed doctor dungeon --rom samples/sample.sfc --format json"),
    DOCTOR("overworld", "check the overworld: entrances, holes and exits that lead nowhere",
           "Loads the overworld and checks that entrances and holes lead to dungeon entrances the game "
           "has and that exits belong to rooms and areas that exist.",
           "z3ed doctor overworld --rom samples/sample.sfc",
           "z3ed doctor overworld --rom samples/sample.sfc --format json"),
    DOCTOR("graphics", "check graphics sheets: pointers, decompression, size",
           "Finds the sheet tables through the code that reads them and decompresses every sheet: a sheet "
           "outside the ROM, a stream that does not decompress, or one larger or smaller than its buffer "
           "is a finding.",
           "z3ed doctor graphics --rom samples/sample.sfc",
           "z3ed doctor graphics --rom samples/sample.sfc --format json"),
    DOCTOR("sprite", "check room sprites: ids that do not exist, sprite and overlord limits",
           "Checks every room's sprite list: ids with no handler in the game, more sprites than the game's "
           "slots, more overlords than it keeps. Each has a repair: removing the records at fault.",
           "z3ed doctor sprite --rom samples/sample.sfc",
           "z3ed doctor sprite --rom samples/sample.sfc --fix --dry-run"),
    DOCTOR("message", "check messages: dictionary, bank overflow, tokens",
           "Reads the dictionary and the message stream: text that runs past its bank, commands without "
           "their argument and bytes that print dictionary entries the game does not have are findings.",
           "z3ed doctor message --rom samples/sample.sfc",
           "z3ed doctor message --rom samples/sample.sfc --format json"),
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_doctor, 1450)
