/* Commands of the agent layer: llm (filled in by the issue 8 work). */
#include "cmd/table_macros.h"

const z3_command z3_cmds_llm[] = {
    END_OF_SECTION,
};
