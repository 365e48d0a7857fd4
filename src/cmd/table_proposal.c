/* Commands of the agent layer: proposal (filled in by the issue 8 work). */
#include "cmd/table_macros.h"

const z3_command z3_cmds_proposal[] = {
    END_OF_SECTION,
};
