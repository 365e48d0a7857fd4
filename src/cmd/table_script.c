/* Commands of the agent layer: script (filled in by the issue 8 work). */
#include "cmd/table_macros.h"

const z3_command z3_cmds_script[] = {
    END_OF_SECTION,
};
