/* labels load|resolve|find|export: one symbol table from the files assemblers and emulators write. */
#include <ctype.h>
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_hex.h"
#include "cmd/location.h"

/* --labels with the ROM --rom names (optional: it maps Mesen's ROM offsets
 * and gives file offsets in the results). */
typedef struct label_set {
  z3_symbols syms;
  z3_rom *rom;
} label_set;

static z3_status open_set(const z3_cmd_ctx *ctx, label_set *set, z3_error *err) {
  memset(set, 0, sizeof *set);
  z3_symbols_init(&set->syms);
  const char *rom_path = z3_arg_str(ctx, "rom");
  z3_status st = rom_path ? z3_rom_load(&set->rom, rom_path, err) : Z3_OK;
  if (st == Z3_OK) st = z3_cmd__load_labels(ctx, "labels", "labels-format", set->rom, &set->syms, err);
  return st;
}

static void close_set(label_set *set) {
  z3_symbols_release(&set->syms);
  z3_rom_free(set->rom);
}

static json_t *address_json(uint32_t address) {
  char text[10];
  z3_snes_format_address(address, text);
  return json_string(text);
}

static json_t *label_json(const label_set *set, const z3_symbol *sym) {
  json_t *o = json_object();
  json_object_set_new(o, "name", json_string(sym->name));
  json_object_set_new(o, "address", address_json(sym->address));
  size_t pc;
  if (set->rom && z3_rom_to_pc(set->rom, sym->address, &pc, NULL) == Z3_OK)
    json_object_set_new(o, "offset", z3_cmd__hex(pc, 6));
  return o;
}

z3_status cmd_labels_load(z3_cmd_ctx *ctx, z3_error *err) {
  label_set set;
  z3_status st = open_set(ctx, &set, err);
  if (st == Z3_OK) {
    json_t *banks = json_object();
    for (size_t i = 0; i < set.syms.count; i++) {
      char key[8];
      snprintf(key, sizeof key, "%02X", (unsigned)(set.syms.items[i].address >> 16 & 0xFF));
      json_t *n = json_object_get(banks, key);
      json_object_set_new(banks, key, json_integer(n ? json_integer_value(n) + 1 : 1));
    }
    json_object_set_new(ctx->result, "file", json_string(z3_arg_str(ctx, "labels")));
    json_object_set_new(ctx->result, "format", json_string(z3_symfile_format_name(set.syms.format)));
    json_object_set_new(ctx->result, "count", json_integer((json_int_t)set.syms.count));
    json_object_set_new(ctx->result, "banks", banks);
    size_t c = set.syms.count;
    json_object_set_new(ctx->result, "first", c ? label_json(&set, &set.syms.items[0]) : json_null());
    json_object_set_new(ctx->result, "last", c ? label_json(&set, &set.syms.items[c - 1]) : json_null());
  }
  close_set(&set);
  return st;
}

/* --address to the label holding it ("Name+3"). */
static z3_status resolve_address(z3_cmd_ctx *ctx, const label_set *set, z3_error *err) {
  uint32_t address;
  z3_status st = z3_cmd__resolve_address("address", z3_arg_str(ctx, "address"), NULL, &address, err);
  if (st) return st;
  const z3_symbol *sym = z3_symbols_nearest(&set->syms, address);
  if (!sym) {
    char at[10];
    z3_snes_format_address(address, at);
    z3_error_set(err, Z3_E_NOT_FOUND, "no label at or below %s in bank $%02X", at, (unsigned)(address >> 16));
    return Z3_E_NOT_FOUND;
  }
  json_object_set_new(ctx->result, "address", address_json(address));
  json_object_set_new(ctx->result, "label", label_json(set, sym));
  json_object_set_new(ctx->result, "distance", json_integer((json_int_t)(address - sym->address)));
  char text[160];
  if (sym->address == address) snprintf(text, sizeof text, "%s", sym->name);
  else snprintf(text, sizeof text, "%s+%u", sym->name, (unsigned)(address - sym->address));
  json_object_set_new(ctx->result, "name", json_string(text));
  return Z3_OK;
}

z3_status cmd_labels_resolve(z3_cmd_ctx *ctx, z3_error *err) {
  bool by_name = z3_arg_given(ctx, "name"), by_address = z3_arg_given(ctx, "address");
  if (by_name == by_address) {
    z3_error_set(err, Z3_E_USAGE, "give exactly one of --name and --address");
    return Z3_E_USAGE;
  }
  label_set set;
  z3_status st = open_set(ctx, &set, err);
  uint32_t address;
  if (st == Z3_OK && by_address) st = resolve_address(ctx, &set, err);
  if (st == Z3_OK && by_name) st = z3_cmd__resolve_address("name", z3_arg_str(ctx, "name"), &set.syms, &address, err);
  if (st == Z3_OK && by_name) {
    json_object_set_new(ctx->result, "name", json_string(z3_arg_str(ctx, "name")));
    json_object_set_new(ctx->result, "address", address_json(address));
    size_t pc;
    if (set.rom && z3_rom_to_pc(set.rom, address, &pc, NULL) == Z3_OK)
      json_object_set_new(ctx->result, "offset", z3_cmd__hex(pc, 6));
  }
  close_set(&set);
  return st;
}

/* Case-insensitive glob: * any run, ? one character; without either, a substring. */
static bool glob_match(const char *p, const char *s) {
  if (!*p) return !*s;
  if (*p == '*') return glob_match(p + 1, s) || (*s && glob_match(p, s + 1));
  if (!*s) return false;
  if (*p != '?' && tolower((unsigned char)*p) != tolower((unsigned char)*s)) return false;
  return glob_match(p + 1, s + 1);
}

static bool name_matches(const char *pattern, const char *name) {
  if (strpbrk(pattern, "*?")) return glob_match(pattern, name);
  char substring[208];
  snprintf(substring, sizeof substring, "*%s*", pattern);
  return glob_match(substring, name);
}

z3_status cmd_labels_find(z3_cmd_ctx *ctx, z3_error *err) {
  label_set set;
  z3_status st = open_set(ctx, &set, err);
  const char *pattern = z3_arg_str(ctx, "pattern");
  if (st == Z3_OK && strlen(pattern) > 200) st = z3_error_set(err, Z3_E_USAGE, "--pattern is longer than 200 characters");
  if (st == Z3_OK) {
    size_t max = (size_t)z3_arg_int(ctx, "max"), found = 0;
    json_t *list = json_array();
    for (size_t i = 0; i < set.syms.count; i++) {
      if (!name_matches(pattern, set.syms.items[i].name)) continue;
      if (found++ < max) json_array_append_new(list, label_json(&set, &set.syms.items[i]));
    }
    json_object_set_new(ctx->result, "count", json_integer((json_int_t)found));
    json_object_set_new(ctx->result, "truncated", json_boolean(found > max));
    json_object_set_new(ctx->result, "labels", list);
  }
  close_set(&set);
  return st;
}

z3_status cmd_labels_export(z3_cmd_ctx *ctx, z3_error *err) {
  label_set set;
  z3_status st = open_set(ctx, &set, err);
  z3_symfile_format to = z3_cmd__symfile_format(z3_arg_str(ctx, "to"));
  if (st == Z3_OK && to == Z3_SYMFILE_MESEN && !set.rom) {
    st = z3_error_set(err, Z3_E_USAGE, "--to mesen needs --rom: Mesen stores ROM labels as file offsets");
  }
  z3_buf out;
  z3_buf_init(&out);
  size_t skipped = 0;
  z3_symbols_map map = {set.rom ? set.rom->mapping : Z3_MAP_LOROM, set.rom ? set.rom->data.len : 0};
  if (st == Z3_OK) st = z3_symbols_write(&set.syms, to, set.rom ? &map : NULL, &out, &skipped, err);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), out.data, out.len, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "format", json_string(z3_symfile_format_name(to)));
    json_object_set_new(ctx->result, "written", json_integer((json_int_t)(set.syms.count - skipped)));
    json_object_set_new(ctx->result, "skipped", json_integer((json_int_t)skipped));
  }
  z3_buf_release(&out);
  close_set(&set);
  return st;
}
