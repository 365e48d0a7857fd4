/* Commands of the agent layer: `agent learn` (first, so the agent resource stays adjacent) and script. */
#include "agent/handlers_script.h"
#include "cmd/table_macros.h"

static const z3_command z3_cmds_script[] = {
    {
        .resource = "agent", .action = "learn",
        .summary = "store a recorded workflow under a name so agents can reuse it, or list them",
        .description = "Copies a .z3edscript (by default the last recording made with 'script record') "
                       "to the state folder as learned/NAME.z3edscript and adds it to learned/index.json "
                       "with its description and the tools it uses, which is what agents read to find "
                       "workflows. The script must pass the same checks as 'script show'. With --list, "
                       "prints the learned workflows instead.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the script", "writes learned/NAME.z3edscript and learned/index.json in the "
                        "state folder ($Z3ED_HOME, else .z3ed) as one batch"),
        .args = ARGS({"name", Z3_ARG_STRING, false, NULL, NULL,
                      "name of the workflow: lowercase letters, digits, '-' and '_'", 0, 0},
                     {"description", Z3_ARG_STRING, false, NULL, NULL,
                      "what the workflow does, for people and agents (default: the script's)", 0, 0},
                     {"from", Z3_ARG_PATH, false, NULL, NULL, "the script to learn (default: the last recording)", 0, 0},
                     {"replace", Z3_ARG_BOOL, false, NULL, NULL, "overwrite a workflow of the same name", 0, 0},
                     {"list", Z3_ARG_BOOL, false, NULL, NULL, "list the learned workflows and change nothing", 0, 0}),
        .returns = RETURNS({"name", "string", "the workflow's name"},
                           {"description", "string", "what it does"},
                           {"file", "string", "where the script is stored"},
                           {"steps", "integer", "number of steps"},
                           {"tools", "array", "the tools its steps use, each once"},
                           {"rom_sha1", "string", "SHA-1 of the ROM it was recorded against"},
                           {"source", "string", "the script it was learned from"},
                           {"files", "array", "path, bytes, written for each file"},
                           {"count", "integer", "with --list: number of workflows"},
                           {"workflows", "array", "with --list: every learned workflow"}),
        .examples = LIST("z3ed agent learn --name retitle --description \"set the title and region, fix the checksum\"",
                         "z3ed agent learn --name retitle --from examples/scripts/retitle.z3edscript --replace",
                         "z3ed agent learn --list"),
        .handler = cmd_agent_learn,
    },
    {
        .resource = "script", .action = "run",
        .summary = "run the steps of a .z3edscript in order, checking each",
        .description = "Runs each step through the tool dispatcher, exactly as the same command typed by "
                       "hand, and checks its exit code (expect_exit, 0 by default) and expected result "
                       "fields. Stops at the first step that fails, naming the step, its line and why "
                       "(unless --continue-on-error). --rom replaces the ROM of every step that takes "
                       "one; a ROM whose SHA-1 differs from the one the script was recorded against is "
                       "a warning. --file may name a learned workflow.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_CHECK | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("runs each step's command, which changes ROMs and writes files as the step says",
                        "with --dry-run, every step that writes gets dry_run and nothing is written"),
        .args = ARGS({"file", Z3_ARG_PATH, true, NULL, NULL, "the .z3edscript, or the name of a learned workflow", 0, 0},
                     {"rom", Z3_ARG_OUT_PATH, false, NULL, NULL,
                      "the ROM for every step that takes one (the steps may change it)", 0, 0},
                     {"continue-on-error", Z3_ARG_BOOL, false, NULL, NULL,
                      "run the remaining steps after one fails (the run still exits 1)", 0, 0}),
        .returns = RETURNS({"script", "string", "the file run"},
                           {"name", "string", "the script's name"},
                           {"rom", "string", "the ROM compared with the recorded SHA-1"},
                           {"rom_sha1", "string", "its SHA-1 before the run"},
                           {"recorded_rom_sha1", "string", "the SHA-1 the script was recorded against"},
                           {"rom_matches", "boolean", "the two are equal (null when either is unknown)"},
                           {"dry_run", "boolean", "steps ran with dry_run"},
                           {"passed", "boolean", "every step that ran passed its checks"},
                           {"steps_total", "integer", "steps in the script"},
                           {"steps_run", "integer", "steps that ran"},
                           {"steps_passed", "integer", "steps that passed"},
                           {"steps_failed", "integer", "steps that failed"},
                           {"failed_step", "integer", "number of the first failing step, or null"},
                           {"warnings", "array", "things to know that did not fail the run"},
                           {"steps", "array", "per step: step, line, tool, arguments, passed, exit, result, error, failure"}),
        .examples = LIST("z3ed script run --file examples/scripts/retitle.z3edscript --rom samples/sample.sfc --dry-run",
                         "z3ed script run --file retitle --rom hack.sfc --format json"),
        .handler = cmd_script_run,
    },
    {
        .resource = "script", .action = "show",
        .summary = "parse a script and list its steps, checking tool and argument names",
        .description = "Reads the script given by --file (or a learned workflow by name) and checks every "
                       "step against the command table: unknown tools and arguments (with the closest "
                       "valid name), argument types, enum choices and required arguments. Exits 1 when "
                       "it finds a problem; a file that is not valid TOML is an error naming the line "
                       "and column. Without --file, shows the recording under way, else the last one.",
        .flags = Z3_CMD_CHECK, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the script"),
        .args = ARGS({"file", Z3_ARG_PATH, false, NULL, NULL,
                      "the .z3edscript or a learned workflow's name (default: the current or last recording)", 0, 0}),
        .returns = RETURNS({"file", "string", "the script read, or null"},
                           {"name", "string", "its name"},
                           {"description", "string", "its description"},
                           {"rom_sha1", "string", "SHA-1 of the ROM it was recorded against"},
                           {"created", "string", "when it was recorded"},
                           {"duration", "number", "seconds its commands took when recorded"},
                           {"success", "boolean", "every recorded command succeeded"},
                           {"valid", "boolean", "no problem was found"},
                           {"problems", "array", "step, line, column, message, hint for each problem"},
                           {"steps", "array", "step, line, tool, command, safety, arguments, expect_exit"},
                           {"recording", "boolean", "the steps are those of the recording under way"},
                           {"note", "string", "why there is nothing to show"}),
        .examples = LIST("z3ed script show"),
        .handler = cmd_script_show,
    },
    {
        .resource = "script", .action = "list",
        .summary = "list the learned workflows (same as 'agent learn --list')",
        .description = "Reads learned/index.json in the state folder ($Z3ED_HOME, else .z3ed): each "
                       "workflow's name, description, file, steps and the tools it uses.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the state folder"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"count", "integer", "number of workflows"},
                           {"workflows", "array", "name, description, file, steps, tools, rom_sha1, learned_at, source"}),
        .examples = LIST("z3ed script list"),
        .handler = cmd_script_list,
    },
    {
        .resource = "script", .action = "record start",
        .summary = "start recording every z3ed command into a script",
        .description = "Leaves recording.json in the state folder; while it is there, every command z3ed "
                       "runs (from a shell, a script or an agent) is appended to the recording with its "
                       "arguments, exit code, duration and the ROM's SHA-1 before it ran. "
                       "'script record stop' turns the recording into a .z3edscript.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("writes recording.json in the state folder ($Z3ED_HOME, else .z3ed)"),
        .args = ARGS({"file", Z3_ARG_OUT_PATH, false, NULL, NULL,
                      "where stop writes the script (default: STATE/recordings/recording-TIME.z3edscript)", 0, 0},
                     {"name", Z3_ARG_STRING, false, NULL, NULL, "the script's name (default: from the file name)", 0, 0},
                     {"description", Z3_ARG_STRING, false, NULL, NULL, "what the recorded workflow does", 0, 0}),
        .returns = RETURNS({"recording", "boolean", "a recording is now under way"},
                           {"file", "string", "where the script will be written"},
                           {"started", "string", "when, in UTC"},
                           {"marker", "string", "the marker file in the state folder"},
                           {"already_recording", "boolean", "with --dry-run: a recording is under way"},
                           {"dry_run", "boolean", "nothing was started"}),
        .examples = LIST("z3ed script record start --file retitle.z3edscript --description \"set the title\""),
        .handler = cmd_script_record_start,
    },
    {
        .resource = "script", .action = "record stop",
        .summary = "stop recording and write the recorded commands as a .z3edscript",
        .description = "Each recorded command becomes a step with its arguments; a command that exited 1 "
                       "(a check found problems) keeps that as expect_exit. Commands that failed with an "
                       "error are left out (they changed nothing), and so are commands that ran others "
                       "(script run, an agent loop), whose inner commands are the steps. The script "
                       "is checked to read back before it is written; the recording ends.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("writes the script atomically (keeping FILE.bak of an older one)",
                        "removes the recording from the state folder"),
        .args = ARGS({"file", Z3_ARG_OUT_PATH, false, NULL, NULL, "write here instead of the file given at start", 0, 0},
                     {"name", Z3_ARG_STRING, false, NULL, NULL, "the script's name (overrides start's)", 0, 0},
                     {"description", Z3_ARG_STRING, false, NULL, NULL, "what it does (overrides start's)", 0, 0}),
        .returns = RETURNS({"file", "string", "the script, or null when nothing was recorded"},
                           {"steps", "integer", "steps written"},
                           {"commands_recorded", "integer", "commands the recording saw"},
                           {"left_out_errors", "integer", "commands left out because they failed"},
                           {"left_out_containers", "integer", "commands left out because they ran others"},
                           {"written", "boolean", "the script was written"},
                           {"dry_run", "boolean", "nothing was written or ended"},
                           {"recording", "boolean", "a recording is still under way"},
                           {"warning", "string", "when nothing was recorded"}),
        .examples = LIST("z3ed script record stop",
                         "z3ed script record stop --file retitle.z3edscript --name retitle --dry-run"),
        .handler = cmd_script_record_stop,
    },
    {
        .resource = "script", .action = "record status",
        .summary = "say whether a recording is under way and how many commands it holds",
        .description = "Reads the recording marker and log in the state folder ($Z3ED_HOME, else .z3ed).",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the state folder"),
        .args = (const z3_arg_spec[]){NONE},
        .returns = RETURNS({"recording", "boolean", "a recording is under way"},
                           {"file", "string", "where stop will write the script"},
                           {"started", "string", "when it started, in UTC"},
                           {"commands", "integer", "commands recorded so far"}),
        .examples = LIST("z3ed script record status"),
        .handler = cmd_script_record_status,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_script, 1400)
