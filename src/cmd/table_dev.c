/* Commands of the dev resource: developer tools (CPU conformance). */
#include "cmd/table_macros.h"

const z3_command z3_cmds_dev[] = {
    END_OF_SECTION,
};
