/* Commands of the sprite resource: sprite ids, names and properties. */
#include "cmd/table_macros.h"

const z3_command z3_cmds_sprite[] = {
    END_OF_SECTION,
};
