/* Shorthands for the command-table files (src/<module>/table_*.c) of every module. */
#ifndef Z3_CMD_TABLE_MACROS_H
#define Z3_CMD_TABLE_MACROS_H

#include "cmd/cmd.h"

#define NONE {0}
#define LIST(...) (const char *const[]){__VA_ARGS__, NULL}
#define ARGS(...) (const z3_arg_spec[]){__VA_ARGS__, {0}}
#define RETURNS(...) (const z3_field_spec[]){__VA_ARGS__, {0}}
/* Every section ends with this entry (resource == NULL). */
#define END_OF_SECTION {0}

/* LC_LZ2 variant choice, shared by `rom decompress` and `compress`. */
__attribute__((unused)) static const char *const lz2_variants[] = {"graphics", "overworld", NULL};
#define VARIANT_ARG                                                                              \
  {"variant", Z3_ARG_ENUM, false, "graphics", lz2_variants,                                       \
   "graphics (copy offsets little-endian, $00:E79E) or overworld (big-endian, $02:FEBB)", 0, 0}

#endif
