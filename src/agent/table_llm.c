/* Commands of the agent layer: the model loop (agent plan, run, chat). */
#include "agent/handlers_llm.h"
#include "cmd/table_macros.h"

static const char *const providers[] = {"ollama", "openai", "gemini", "anthropic", "replay", NULL};

/* What every loop command takes: which model, where, and how far it may go. */
#define MODEL_ARGS                                                                                         \
  {"provider", Z3_ARG_ENUM, false, NULL, providers,                                                     \
   "model provider (default: $Z3ED_PROVIDER, replay when --replay is given, else ollama)", 0, 0},        \
  {"model", Z3_ARG_STRING, false, NULL, NULL, "model name (default: $Z3ED_MODEL, else one per provider)", 0, 0}, \
  {"base-url", Z3_ARG_STRING, false, NULL, NULL,                                                        \
   "server URL (default: OLLAMA_HOST, OPENAI_BASE_URL, GEMINI_BASE_URL or ANTHROPIC_BASE_URL)", 0, 0},   \
  {"api-key", Z3_ARG_STRING, false, NULL, NULL,                                                         \
   "API key (default: the provider's variable, which ps does not show)", 0, 0},                          \
  {"replay", Z3_ARG_PATH, false, NULL, NULL, "script the replay provider plays (examples/agent/*.json)", 0, 0}, \
  {"tools", Z3_ARG_STRING, false, NULL, NULL, "offer only these tools or resources, comma-separated", 0, 0}, \
  {"timeout", Z3_ARG_INT, false, NULL, NULL, "seconds one model request may take (default 300)", 1, 3600}

#define LIMIT_ARGS                                                                                        \
  {"max-steps", Z3_ARG_INT, false, "8", NULL, "model answers per prompt before the loop stops", 1, 1000},  \
  {"max-tool-calls", Z3_ARG_INT, false, "32", NULL, "tool calls per prompt before the loop stops", 1, 10000}, \
  {"max-bytes-changed", Z3_ARG_INT, false, "65536", NULL,                                                 \
   "ROM bytes the proposal may change in all; 0 = no limit", 0, 64 << 20},                                 \
  {"title", Z3_ARG_STRING, false, NULL, NULL, "proposal title (default: the prompt)", 0, 0}

#define RUN_RETURNS                                                                                       \
  {"provider", "string", "the provider used"}, {"model", "string", "the model used"},                     \
  {"proposal", "object", "id, title, status, sandbox_rom of the proposal (null with --dry-run)"},     \
  {"answer", "string", "the model's last words"},                                                         \
  {"stopped", "string", "which limit stopped the loop, or null"},                                         \
  {"steps", "integer", "model answers"}, {"tool_calls", "integer", "tool calls run"},                      \
  {"bytes_changed", "integer", "ROM bytes changed, checksum included (what --max-bytes-changed counts)"},                                         \
  {"calls", "array", "tool, arguments, ok, error, bytes_changed for each call"},                          \
  {"review", "array", "commands to review, accept or reject the proposal"}

static const z3_command z3_cmds_llm[] = {
    {
        .resource = "agent", .action = "plan",
        .summary = "ask a model which tool calls a prompt needs, and run none of them",
        .description = "Sends the prompt and every tool (each z3ed command) to the model once and lists "
                       "the calls it asks for: tool, arguments, the equivalent command line, and whether "
                       "the arguments pass the command's own checks. Nothing is run. --save writes the "
                       "plan as a replay script, so 'agent run --replay' later runs exactly what was "
                       "reviewed.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_NETWORK,
        .effects = LIST("sends the prompt and the tool list to the model provider",
                        "writes the plan to --save when given"),
        .args = ARGS({"prompt", Z3_ARG_STRING, true, NULL, NULL, "what to do, in words", 0, 0},
                     {"save", Z3_ARG_OUT_PATH, false, NULL, NULL, "write the plan as a replay script here", 0, 0},
                     MODEL_ARGS),
        .returns = RETURNS({"provider", "string", "the provider used"}, {"model", "string", "the model used"},
                           {"answer", "string", "the model's words, or null"},
                           {"calls", "array", "tool, arguments, command, valid, error for each planned call"},
                           {"files", "array", "the plan file written (with --save)"}),
        .examples = LIST("z3ed agent plan --rom samples/sample.sfc --replay examples/agent/recolor.json "
                         "--prompt 'make the green tunic red'",
                         "z3ed agent plan --rom zelda3.sfc --provider ollama --model qwen3 "
                         "--prompt 'make the green tunic red' --save plan.json"),
        .handler = cmd_agent_plan,
    },
    {
        .resource = "agent", .action = "run",
        .summary = "let a model carry out a prompt with tool calls inside a proposal",
        .description = "Creates a proposal (a sandbox copy of --rom), then loops: the model asks for tool "
                       "calls, z3ed runs them in the sandbox and sends the results (or the error text) "
                       "back, until the model answers without calls or a limit stops it (exit 1). Every "
                       "call is logged in the proposal, which a person then reviews and accepts or "
                       "rejects; the real ROM is never written. The conversation is kept in the "
                       "proposal's folder: --proposal-id N goes on with proposal N (open, made from "
                       "--rom), its sandbox and everything said so far, so follow-up prompts refine one "
                       "proposal. With --dry-run no proposal is made and calls that write run as dry runs.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE | Z3_CMD_CHECK | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_NETWORK,
        .effects = LIST("sends the prompt, the tool list and tool results to the model provider",
                        "creates a proposal in the state folder and changes only its copy of the ROM"),
        .args = ARGS({"prompt", Z3_ARG_STRING, false, NULL, NULL,
                      "what to do, in words (optional with a replay script)", 0, 0},
                     {"proposal-id", Z3_ARG_INT, false, NULL, NULL,
                      "go on with this open proposal's conversation and sandbox instead of making a new one", 1,
                      INT64_MAX},
                     MODEL_ARGS, LIMIT_ARGS),
        .returns = RETURNS(RUN_RETURNS),
        .examples = LIST("z3ed agent run --rom samples/sample.sfc --replay examples/agent/recolor.json "
                         "--prompt 'make the green tunic red'",
                         "z3ed agent run --rom zelda3.sfc --provider anthropic --prompt 'rename the game' "
                         "--max-steps 4 --dry-run",
                         "z3ed agent run --rom zelda3.sfc --proposal-id 12 --prompt 'a darker red, please'"),
        .handler = cmd_agent_run,
    },
    {
        .resource = "agent", .action = "chat",
        .summary = "talk with a model that edits a proposal, one line of stdin per turn",
        .description = "Like 'agent run', one prompt per line read from stdin, in one conversation and "
                       "one proposal, until end of input or /quit. The model's words and each tool call "
                       "go to stdout as they happen (to stderr with --format json or yaml, which keeps "
                       "the final summary clean). Limits apply per line; the byte limit to the session.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE | Z3_CMD_CHECK | Z3_CMD_PERSON_ONLY, .safety = Z3_SAFETY_NETWORK,
        .effects = LIST("reads stdin and writes the conversation to stdout",
                        "sends the conversation, the tool list and tool results to the model provider",
                        "creates a proposal in the state folder and changes only its copy of the ROM"),
        .args = ARGS(MODEL_ARGS, LIMIT_ARGS),
        .returns = RETURNS(RUN_RETURNS, {"turns", "integer", "lines answered"}),
        .examples = LIST("z3ed agent chat --rom samples/sample.sfc --replay examples/agent/recolor.json "
                         "< examples/agent/recolor.txt",
                         "z3ed agent chat --rom zelda3.sfc --provider ollama --model qwen3"),
        .handler = cmd_agent_chat,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_llm, 1300)
