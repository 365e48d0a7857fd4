/* Commands of the overworld resource: overworld areas: tiles, sprites, entrances, exits, items. */
#include "cmd/table_macros.h"

const z3_command z3_cmds_overworld[] = {
    END_OF_SECTION,
};
