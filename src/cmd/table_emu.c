/* Commands of the emu resource: the headless SNES. */
#include "cmd/table_macros.h"

const z3_command z3_cmds_emu[] = {
    END_OF_SECTION,
};
