/* Commands of the dungeon resource: dungeon rooms: objects, sprites, chests. */
#include "cmd/table_macros.h"

const z3_command z3_cmds_dungeon[] = {
    END_OF_SECTION,
};
