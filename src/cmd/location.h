/*
 * Where a command looks in the ROM: --address (a SNES address, or a label of
 * --labels) or --offset (a file offset in the headerless image), and the
 * symbol table --labels loads. Shared by the hex and labels commands; cmd/ only.
 */
#ifndef Z3_CMD_LOCATION_H
#define Z3_CMD_LOCATION_H

#include "asm/symbols.h"
#include "cmd/cmd.h"

typedef struct z3_cmd_location {
  size_t offset;     /* file offset */
  uint32_t address;  /* SNES address (valid when mapped) */
  bool mapped;       /* the offset has a SNES address in the ROM's mapping */
} z3_cmd_location;

/* Loads the file named by argument `arg` (a no-op leaving *out empty when it was
 * not given), in the format of argument `format_arg` (NULL or absent: auto).
 * rom may be NULL: Mesen files then need none of their ROM labels. */
z3_status z3_cmd__load_labels(const z3_cmd_ctx *ctx, const char *arg, const char *format_arg,
                              const z3_rom *rom, z3_symbols *out, z3_error *err);
/* A symbol format by its name ("auto", "wla", ...). */
z3_symfile_format z3_cmd__symfile_format(const char *name);

/* Address text as a SNES address, or else as a label of labels (may be empty);
 * `arg` names the argument in errors. */
z3_status z3_cmd__resolve_address(const char *arg, const char *text, const z3_symbols *labels,
                                  uint32_t *out, z3_error *err);
/* Exactly one of --address and --offset, checked against the ROM. */
z3_status z3_cmd__location(const z3_cmd_ctx *ctx, const z3_symbols *labels, z3_cmd_location *out,
                           z3_error *err);
/* Fills "offset" and (when mapped) "address" of a JSON object for a file offset. */
void z3_cmd__set_location(json_t *o, const z3_rom *rom, size_t offset);

#endif
