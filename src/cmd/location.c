/* --address / --offset / --labels, as the hex and labels commands read them. */
#include "cmd/location.h"

#include <string.h>

#include "cmd/handlers.h"

z3_symfile_format z3_cmd__symfile_format(const char *name) {
  static const z3_symfile_format formats[] = {Z3_SYMFILE_AUTO, Z3_SYMFILE_WLA, Z3_SYMFILE_CA65,
                                              Z3_SYMFILE_VICE, Z3_SYMFILE_MESEN};
  for (size_t i = 0; name && i < sizeof formats / sizeof formats[0]; i++)
    if (strcmp(z3_symfile_format_name(formats[i]), name) == 0) return formats[i];
  return Z3_SYMFILE_AUTO;
}

z3_status z3_cmd__load_labels(const z3_cmd_ctx *ctx, const char *arg, const char *format_arg,
                              const z3_rom *rom, z3_symbols *out, z3_error *err) {
  const char *path = z3_arg_str(ctx, arg);
  if (!path) return Z3_OK;
  z3_symfile_format format = format_arg ? z3_cmd__symfile_format(z3_arg_str(ctx, format_arg)) : Z3_SYMFILE_AUTO;
  z3_symbols_map map = {rom ? rom->mapping : Z3_MAP_LOROM, rom ? rom->data.len : 0};
  return z3_symbols_load(out, path, format, rom ? &map : NULL, err);
}

z3_status z3_cmd__resolve_address(const char *arg, const char *text, const z3_symbols *labels,
                                  uint32_t *out, z3_error *err) {
  if (z3_snes_parse_address(text, out)) return Z3_OK;
  if (!labels || labels->count == 0) {
    z3_error_set(err, Z3_E_USAGE, "--%s '%s' is not a SNES address", arg, text);
    z3_error_hint(err, "write $BB:AAAA or 0xBBAAAA, or give --labels FILE to use a label");
    return Z3_E_USAGE;
  }
  if (z3_symbols_find(labels, text, out)) return Z3_OK;
  const char *near = NULL;
  size_t best = SIZE_MAX;
  for (size_t i = 0; i < labels->count; i++) {
    size_t d = z3_edit_distance(text, labels->items[i].name);
    if (d < best) best = d, near = labels->items[i].name;
  }
  z3_error_set(err, Z3_E_NOT_FOUND, "--%s: label '%s' is not among the %zu labels loaded", arg, text,
               labels->count);
  if (near && best <= 3) z3_error_hint(err, "did you mean '%s'?", near);
  return Z3_E_NOT_FOUND;
}

z3_status z3_cmd__location(const z3_cmd_ctx *ctx, const z3_symbols *labels, z3_cmd_location *out,
                           z3_error *err) {
  bool by_address = z3_arg_given(ctx, "address"), by_offset = z3_arg_given(ctx, "offset");
  if (by_address == by_offset) {
    z3_error_set(err, Z3_E_USAGE, "give exactly one of --address and --offset");
    z3_error_hint(err, "--address takes $BB:AAAA, 0xBBAAAA or a label; --offset a file offset");
    return Z3_E_USAGE;
  }
  memset(out, 0, sizeof *out);
  if (by_offset) {
    out->offset = (size_t)z3_arg_int(ctx, "offset");
    if (out->offset >= ctx->rom->data.len)
      return z3_error_set(err, Z3_E_INVALID, "--offset 0x%zX is past the end of the %zu-byte ROM", out->offset,
                          ctx->rom->data.len);
    out->mapped = z3_rom_to_snes(ctx->rom, out->offset, &out->address, NULL) == Z3_OK;
    return Z3_OK;
  }
  z3_status st = z3_cmd__resolve_address("address", z3_arg_str(ctx, "address"), labels, &out->address, err);
  if (st == Z3_OK) st = z3_rom_to_pc(ctx->rom, out->address, &out->offset, err);
  out->mapped = st == Z3_OK;
  return st;
}

void z3_cmd__set_location(json_t *o, const z3_rom *rom, size_t offset) {
  json_object_set_new(o, "offset", z3_cmd__hex(offset, 6));
  uint32_t address;
  if (z3_rom_to_snes(rom, offset, &address, NULL) == Z3_OK) {
    char text[10];
    z3_snes_format_address(address, text);
    json_object_set_new(o, "address", json_string(text));
  }
}
