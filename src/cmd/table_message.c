/* Commands of the message resource: the message table (dialogue text). */
#include "cmd/table_macros.h"

const z3_command z3_cmds_message[] = {
    END_OF_SECTION,
};
