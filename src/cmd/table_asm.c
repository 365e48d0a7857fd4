/* Commands of the asm resource: 65816 disassembler. */
#include "cmd/table_macros.h"

const z3_command z3_cmds_asm[] = {
    END_OF_SECTION,
};
