/* Commands of the agent resource. */
#include "agent/handlers_agent.h"
#include "cmd/table_macros.h"

static const z3_command z3_cmds_agent[] = {
    {
        .resource = "agent", .action = "describe",
        .summary = "print the machine-readable catalog of every command",
        .description = "The whole command table as data: for each command its tool name, arguments "
                       "(type, required, default, allowed values, help), safety class, effects, "
                       "returned fields and examples. Agents and MCP clients build their tool lists "
                       "from it.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("none"),
        .args = ARGS({"resource", Z3_ARG_STRING, false, NULL, NULL, "only this resource's commands", 0, 0},
                     {"version", Z3_ARG_STRING, false, NULL, NULL, "catalog version to stamp (default: z3ed's)", 0, 0}),
        .returns = RETURNS({"schema", "string", "z3ed-catalog/1"},
                           {"version", "string", "catalog version"},
                           {"commands", "array", "one object per command"}),
        .examples = LIST("z3ed agent describe --format yaml",
                         "z3ed agent describe --resource rom --format json --output catalog.json"),
        .handler = cmd_agent_describe,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_agent, 1100)
