/* The opcode dispatch table: z3_cpu_ops[opcode] is z3_cpu_op_<HEX>. */
#include "emu/cpu_internal.h"

#define CPU_ENTRY(code) z3_cpu_op_##code,
const cpu_op z3_cpu_ops[256] = {CPU_ALL_OPS(CPU_ENTRY)};
