/* debug diverge: two builds side by side (diverge.h), no session needed. */
#include <string.h>

#include "debug/diverge.h"
#include "debug/handlers_debug.h"

z3_status cmd_debug_diverge(z3_cmd_ctx *ctx, z3_error *err) {
  z3_rom *other = NULL;
  z3_input_script input;
  z3_symbols syms;
  z3_symbols_init(&syms);
  const char *labels = z3_arg_str(ctx, "symbols");
  z3_status st = z3_input_script_load(&input, z3_arg_str(ctx, "input"), err);
  if (!st) st = z3_rom_load(&other, z3_arg_str(ctx, "rom-b"), err);
  if (!st && labels) st = z3_symbols_load(&syms, labels, Z3_SYMFILE_AUTO, NULL, err);
  z3_diverge_opts opts = {.state_path = z3_arg_str(ctx, "state"), .input = input.count ? &input : NULL,
                          .frames = (uint64_t)z3_arg_int(ctx, "frames"), .syms = &syms};
  if (!st) st = z3_debug_diverge(ctx->rom, other, &opts, ctx->result, err);
  z3_rom_free(other);
  z3_input_script_release(&input);
  z3_symbols_release(&syms);
  return st;
}
