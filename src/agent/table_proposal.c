/*
 * Commands of the agent layer: proposals (reviewable changes) and the policy
 * that gates accepting them. `agent diff|list|commit|revert` are the names the
 * design gives (seed 000 §8.1): the proposal commands with the newest proposal
 * as the default.
 *
 * Accept and revert write the real ROM, which the caller must name with --rom
 * (an out path): an agent session can then never accept, since its writes
 * must stay inside its sandbox. Registry and sandbox writes are the state
 * folder's business and take no path argument.
 */
#include "agent/handlers_proposal.h"
#include "cmd/table_macros.h"

static const char *const statuses[] = {"open", "accepted", "rejected", "reverted", "archived", "all", NULL};
static const char *const reasons[] = {"incorrect-palette", "misplaced-sprite", "regression-detected",
                                      "other", NULL};

#define STATE_ARG                                                                                  \
  {"state-dir", Z3_ARG_PATH, false, NULL, NULL, "state folder (default: $Z3ED_HOME, else .z3ed)", 0, 0}
#define ID_ARG(req, help) {"proposal-id", Z3_ARG_INT, req, NULL, NULL, help, 1, INT64_MAX}
#define TARGET_ARG                                                                                 \
  {"rom", Z3_ARG_OUT_PATH, true, NULL, NULL,                                                       \
   "the ROM to change: the one the proposal was made from (written atomically, FILE.bak kept)", 0, 0}
#define CHANGES_ARG                                                                                \
  {"changes", Z3_ARG_STRING, false, NULL, NULL, "only these changes, by the numbers diff shows: 1,3,5-7", 0, 0}
#define REVIEWER_ARGS                                                                              \
  {"reviewer", Z3_ARG_STRING, false, NULL, NULL, "who decides (the policy may require one)", 0, 0}, \
  {"role", Z3_ARG_STRING, false, NULL, NULL, "the reviewer's role, checked against the policy's reviewer_roles", 0, 0}
#define STATUS_ARG                                                                                 \
  {"status", Z3_ARG_ENUM, false, NULL, statuses, "only this status; all includes archived", 0, 0}
#define REBASE_ARG                                                                                 \
  {"rebase", Z3_ARG_BOOL, false, NULL, NULL, "apply onto a ROM that changed since, if nothing overlaps", 0, 0}
#define MAX_CHANGES_ARG                                                                            \
  {"max-changes", Z3_ARG_INT, false, "200", NULL, "list at most this many changes (0 = all)", 0, 1000000}

#define DIFF_RETURNS                                                                               \
  RETURNS({"id", "integer", "the proposal"}, {"title", "string", "its title"},                    \
          {"status", "string", "its status"}, {"rom_path", "string", "the ROM it would change"},  \
          {"bytes_changed", "integer", "bytes that differ (a size change counted in full)"},      \
          {"change_count", "integer", "number of changes"},                                        \
          {"changes", "array", "index, resource, source, offset, address, bank, length, bytes_changed, old, new"}, \
          {"changes_truncated", "boolean", "more changes exist than were listed"},                 \
          {"banks", "array", "bank, bytes_changed and change indices per bank"},                   \
          {"size", "object", "base and sandbox image sizes"},                                      \
          {"checksum", "object", "base and sandbox checksums (recomputed on accept)"})
#define LIST_RETURNS                                                                               \
  RETURNS({"count", "integer", "proposals listed"},                                                \
          {"proposals", "array", "id, title, status, created_at, rom_path, sandbox_rom, decided_at"}, \
          {"unregistered", "array", "folders under proposals/ that no registry row names (set aside as N.orphan-PID, or a lost registry's sandboxes)"})
#define DECIDE_RETURNS                                                                             \
  RETURNS({"id", "integer", "the proposal"}, {"status", "string", "its status afterwards"},        \
          {"rom", "string", "the real ROM"}, {"applied", "array", "change indices applied"},       \
          {"rebased", "boolean", "the ROM had changed and the changes were applied onto it"},      \
          {"conflicts", "array", "changes that overlap edits made to the ROM since"},              \
          {"policy", "object", "the policy verdict: passed, rules, reasons, checks"},              \
          {"bytes_changed", "integer", "bytes written to the real ROM"},                           \
          {"changes", "array", "the writes: offset, address, length, old, new, reason"},           \
          {"sha1_before", "string", "SHA-1 of the ROM before"}, {"sha1_after", "string", "SHA-1 after"}, \
          {"written", "string", "file written, or null"}, {"backup", "string", "backup kept, or null"}, \
          {"dry_run", "boolean", "nothing was written"})

#define ACCEPT_EFFECTS                                                                             \
  LIST("evaluates the policy in the state folder (running its checks on the sandbox ROM)",         \
       "rewrites the changed bytes and the checksum of --rom atomically, keeping FILE.bak",        \
       "records the writes in the sandbox's accepted.json and marks the proposal accepted")
#define REVERT_EFFECTS                                                                             \
  LIST("restores the bytes the accept replaced in --rom atomically, keeping FILE.bak",            \
       "marks the proposal reverted")

static const z3_command z3_cmds_proposal[] = {
    {
        .resource = "agent", .action = "proposal create",
        .summary = "copy a ROM into a new sandbox and register it as an open proposal",
        .description = "Makes the sandbox folder (rom.sfc to change, base.sfc to diff against, the "
                       "command and change logs) in the state folder and a row in its registry. Agents "
                       "then work on the sandbox ROM; only accepting the proposal touches the real one.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM", "creates <state>/proposals/<id>/ and a registry row"),
        .args = ARGS({"title", Z3_ARG_STRING, true, NULL, NULL, "what the change is for", 0, 0}, STATE_ARG),
        .returns = RETURNS({"id", "integer", "the new proposal's number"}, {"title", "string", "its title"},
                           {"status", "string", "open"}, {"rom_path", "string", "the real ROM (absolute)"},
                           {"base_sha1", "string", "SHA-1 of its image now"},
                           {"sandbox_dir", "string", "the proposal's folder"},
                           {"sandbox_rom", "string", "the copy to change: pass it as --rom"},
                           {"created_at", "string", "ISO 8601 UTC"}, {"dry_run", "boolean", "nothing was made"}),
        .examples = LIST("z3ed agent proposal create --rom zelda3.sfc --title \"brighter grass\""),
        .handler = cmd_agent_proposal_create,
    },
    {
        .resource = "agent", .action = "proposal list",
        .summary = "list proposals, newest first",
        .description = "Every proposal in the state folder's registry with its status, title, target "
                       "ROM and sandbox. Archived proposals are left out unless asked for.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the registry"),
        .args = ARGS(STATUS_ARG, STATE_ARG),
        .returns = LIST_RETURNS,
        .examples = LIST("z3ed agent proposal list", "z3ed agent proposal list --status all --format json"),
        .handler = cmd_agent_proposal_list,
    },
    {
        .resource = "agent", .action = "proposal show",
        .summary = "show one proposal: status, decision, history, logs and test results",
        .description = "The registry row, its history of events, how many tool calls and recorded "
                       "changes the sandbox logs hold, the last policy checks and, once accepted, what "
                       "was written to the real ROM.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the registry and the sandbox's logs"),
        .args = ARGS(ID_ARG(true, "the proposal"), STATE_ARG),
        .returns = RETURNS({"id", "integer", "the proposal"}, {"title", "string", "its title"},
                           {"status", "string", "its status"}, {"rom_path", "string", "the real ROM"},
                           {"base_sha1", "string", "SHA-1 of the ROM when the sandbox was made"},
                           {"sandbox_dir", "string", "its folder"}, {"sandbox_rom", "string", "its ROM"},
                           {"created_at", "string", "ISO 8601 UTC"},
                           {"decision", "object", "decided_at, reviewer, role, reason, note"},
                           {"history", "array", "at, event, detail"},
                           {"commands", "integer", "tool calls logged"},
                           {"recorded_changes", "integer", "change-log entries recorded from them"},
                           {"tests", "object", "the last policy check, or null"},
                           {"accepted", "object", "what the accept wrote, or null"}),
        .examples = LIST("z3ed agent proposal show --proposal-id 1"),
        .handler = cmd_agent_proposal_show,
    },
    {
        .resource = "agent", .action = "proposal diff",
        .summary = "list a proposal's changes by resource and bank",
        .description = "Compares the sandbox ROM with its pristine copy. Each change is a byte range "
                       "inside one bank, named by what it is (palette colour, sheet, header field) from "
                       "the reasons tool calls recorded or from the ROM's layout; the numbers are what "
                       "accept --changes takes.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the sandbox's ROMs and change log"),
        .args = ARGS(ID_ARG(true, "the proposal"), MAX_CHANGES_ARG, STATE_ARG),
        .returns = DIFF_RETURNS,
        .examples = LIST("z3ed agent proposal diff --proposal-id 1",
                         "z3ed agent proposal diff --proposal-id 1 --max-changes 10 --format json"),
        .handler = cmd_agent_proposal_diff,
    },
    {
        .resource = "agent", .action = "proposal accept",
        .summary = "apply a proposal (or some of its changes) to the real ROM after the policy passes",
        .description = "Refuses when the ROM changed since the sandbox was made, unless --rebase finds "
                       "no overlap between those edits and the proposal's; refuses when the policy "
                       "fails (exit 1, with every reason). Then writes atomically with a backup and "
                       "records exactly what changed so revert can undo it.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_CHECK | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = ACCEPT_EFFECTS,
        .args = ARGS(ID_ARG(true, "the proposal"), TARGET_ARG, CHANGES_ARG, REBASE_ARG, REVIEWER_ARGS, STATE_ARG),
        .returns = DECIDE_RETURNS,
        .examples = LIST("z3ed agent proposal accept --proposal-id 1 --rom zelda3.sfc --reviewer ana --role maintainer",
                         "z3ed agent proposal accept --proposal-id 1 --rom zelda3.sfc --changes 1,3 --rebase --dry-run"),
        .handler = cmd_agent_proposal_accept,
    },
    {
        .resource = "agent", .action = "proposal reject",
        .summary = "reject an open proposal with a reason tag and a note",
        .description = "Marks the proposal rejected; the tag and note are kept as feedback for the agent "
                       "that made it. The sandbox stays for review until archived.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("updates the registry"),
        .args = ARGS(ID_ARG(true, "the proposal"),
                     {"reason", Z3_ARG_ENUM, true, NULL, reasons, "what was wrong (other needs a --note)", 0, 0},
                     {"note", Z3_ARG_STRING, false, NULL, NULL, "free text for the agent", 0, 0},
                     REVIEWER_ARGS, STATE_ARG),
        .returns = RETURNS({"id", "integer", "the proposal"}, {"status", "string", "rejected"},
                           {"reason", "string", "the tag"}, {"note", "string", "the note, or null"},
                           {"dry_run", "boolean", "nothing was recorded"}),
        .examples = LIST("z3ed agent proposal reject --proposal-id 2 --reason incorrect-palette --note \"too dark\""),
        .handler = cmd_agent_proposal_reject,
    },
    {
        .resource = "agent", .action = "proposal revert",
        .summary = "undo an accepted proposal on the real ROM",
        .description = "Puts back the bytes the accept replaced, refusing (exit 1) when any of them "
                       "changed since, so later work is never overwritten.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_CHECK | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = REVERT_EFFECTS,
        .args = ARGS(ID_ARG(true, "the proposal"), TARGET_ARG, REVIEWER_ARGS, STATE_ARG),
        .returns = DECIDE_RETURNS,
        .examples = LIST("z3ed agent proposal revert --proposal-id 1 --rom zelda3.sfc"),
        .handler = cmd_agent_proposal_revert,
    },
    {
        .resource = "agent", .action = "proposal archive",
        .summary = "hide a proposal from lists, keeping its sandbox and history",
        .description = "Any proposal not yet archived can be archived; `proposal list --status all` "
                       "still shows it.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("updates the registry"),
        .args = ARGS(ID_ARG(true, "the proposal"), STATE_ARG),
        .returns = RETURNS({"id", "integer", "the proposal"}, {"status", "string", "archived"},
                           {"previous_status", "string", "the status before"},
                           {"dry_run", "boolean", "nothing was recorded"}),
        .examples = LIST("z3ed agent proposal archive --proposal-id 2"),
        .handler = cmd_agent_proposal_archive,
    },
    {
        .resource = "agent", .action = "policy check",
        .summary = "evaluate the accept policy against a proposal; exit 1 when a rule fails",
        .description = "Reads <state>/policies/agent.yaml (or --policy) and evaluates every rule: bytes "
                       "changed, forbidden ranges, required checks (run on the sandbox ROM and recorded "
                       "in its tests.json) and reviewer roles. Without an open proposal it only checks "
                       "that the policy file is valid.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_CHECK, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the policy", "runs its checks on the sandbox ROM",
                        "writes the sandbox's tests.json"),
        .args = ARGS(ID_ARG(false, "the proposal (default: the newest open one)"), CHANGES_ARG, REVIEWER_ARGS,
                     {"policy", Z3_ARG_PATH, false, NULL, NULL, "policy file (default: <state>/policies/agent.yaml)", 0, 0},
                     STATE_ARG),
        .returns = RETURNS({"passed", "boolean", "every rule passed"},
                           {"proposal_id", "integer", "the proposal checked, or null"},
                           {"rules", "array", "rule, passed, detail, line"},
                           {"reasons", "array", "why each failing rule failed"},
                           {"checks", "array", "command, passed, status, message, seconds"},
                           {"policy", "object", "the rules as read"}),
        .examples = LIST("z3ed agent policy check --proposal-id 1 --reviewer ana --role maintainer",
                         "z3ed agent policy check --policy agent.yaml"),
        .handler = cmd_agent_policy_check,
    },
    {
        .resource = "agent", .action = "diff",
        .summary = "show the changes of the newest open proposal (or --proposal-id)",
        .description = "The same report as 'agent proposal diff', defaulting to the newest open "
                       "proposal: what the last agent run would change.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the sandbox's ROMs and change log"),
        .args = ARGS(ID_ARG(false, "the proposal (default: the newest open one)"), MAX_CHANGES_ARG, STATE_ARG),
        .returns = DIFF_RETURNS,
        .examples = LIST("z3ed agent diff", "z3ed agent diff --proposal-id 1 --format json"),
        .handler = cmd_agent_proposal_diff,
    },
    {
        .resource = "agent", .action = "list",
        .summary = "list proposals with their status (same as agent proposal list)",
        .description = "Every proposal that is not archived, newest first; --status narrows or "
                       "widens the list.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the registry"),
        .args = ARGS(STATUS_ARG, STATE_ARG),
        .returns = LIST_RETURNS,
        .examples = LIST("z3ed agent list", "z3ed agent list --status open --format json"),
        .handler = cmd_agent_proposal_list,
    },
    {
        .resource = "agent", .action = "commit",
        .summary = "accept the newest open proposal for --rom into it",
        .description = "'agent proposal accept' with the newest open proposal made from --rom as the "
                       "default: the same policy, stale-ROM and rebase rules, backup and record.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_CHECK | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = ACCEPT_EFFECTS,
        .args = ARGS(ID_ARG(false, "the proposal (default: the newest open one for --rom)"), TARGET_ARG,
                     CHANGES_ARG, REBASE_ARG, REVIEWER_ARGS, STATE_ARG),
        .returns = DECIDE_RETURNS,
        .examples = LIST("z3ed agent commit --rom zelda3.sfc --reviewer ana --role maintainer"),
        .handler = cmd_agent_proposal_accept,
    },
    {
        .resource = "agent", .action = "revert",
        .summary = "undo the newest accepted proposal on --rom",
        .description = "'agent proposal revert' with the newest accepted proposal for --rom as the "
                       "default; refuses when its bytes changed since.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_CHECK | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = REVERT_EFFECTS,
        .args = ARGS(ID_ARG(false, "the proposal (default: the newest accepted one for --rom)"), TARGET_ARG,
                     REVIEWER_ARGS, STATE_ARG),
        .returns = DECIDE_RETURNS,
        .examples = LIST("z3ed agent revert --rom zelda3.sfc"),
        .handler = cmd_agent_proposal_revert,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_proposal, 1200)
