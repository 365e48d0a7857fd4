/* asm disassemble: a linear 65816 listing of ROM code. */
#include <string.h>

#include "asm/disasm.h"
#include "asm/symbols.h"
#include "cmd/handlers.h"
#include "cmd/handlers_asm.h"

static bool rom_read(void *user, uint32_t address, uint8_t *byte) {
  const z3_rom *rom = user;
  size_t offset;
  if (z3_rom_to_pc(rom, address, &offset, NULL) != Z3_OK || offset >= rom->data.len) return false;
  *byte = rom->data.data[offset];
  return true;
}

static json_t *address_json(uint32_t address) {
  char text[10];
  z3_snes_format_address(address, text);
  return json_string(text);
}

static json_t *optional_string(const char *s) { return s ? json_string(s) : json_null(); }

static z3_status exclusive(const z3_cmd_ctx *ctx, const char *a, const char *b, z3_error *err) {
  if (!z3_arg_bool(ctx, a) || !z3_arg_bool(ctx, b)) return Z3_OK;
  z3_error_set(err, Z3_E_USAGE, "--%s and --%s contradict each other", a, b);
  z3_error_hint(err, "give one of them (8-bit is the default)");
  return Z3_E_USAGE;
}

static z3_status load_symbols(const z3_cmd_ctx *ctx, z3_symbols *syms, z3_error *err) {
  const char *path = z3_arg_str(ctx, "symbols");
  if (!path) return Z3_OK;
  static const z3_symfile_format formats[] = {Z3_SYMFILE_AUTO, Z3_SYMFILE_WLA, Z3_SYMFILE_CA65,
                                              Z3_SYMFILE_VICE, Z3_SYMFILE_MESEN};
  z3_symfile_format format = Z3_SYMFILE_AUTO;
  const char *wanted = z3_arg_str(ctx, "symbols-format");
  for (size_t i = 0; wanted && i < sizeof formats / sizeof formats[0]; i++)
    if (strcmp(z3_symfile_format_name(formats[i]), wanted) == 0) format = formats[i];
  z3_symbols_map map = {ctx->rom->mapping, ctx->rom->data.len};
  return z3_symbols_load(syms, path, format, &map, err);
}

/* --address as an address, or else as a label of --symbols. */
static z3_status start_address(const z3_cmd_ctx *ctx, const z3_symbols *syms, uint32_t *out,
                               z3_error *err) {
  const char *text = z3_arg_str(ctx, "address");
  if (z3_snes_parse_address(text, out)) return Z3_OK;
  const char *path = z3_arg_str(ctx, "symbols");
  if (!path) {
    z3_error_set(err, Z3_E_USAGE, "--address '%s' is not a SNES address", text);
    z3_error_hint(err, "write $BB:AAAA or 0xBBAAAA, or give --symbols FILE to use a label");
    return Z3_E_USAGE;
  }
  if (z3_symbols_find(syms, text, out)) return Z3_OK;
  const char *near = NULL;
  size_t best = SIZE_MAX;
  for (size_t i = 0; i < syms->count; i++) {
    size_t d = z3_edit_distance(text, syms->items[i].name);
    if (d < best) best = d, near = syms->items[i].name;
  }
  z3_error_set(err, Z3_E_NOT_FOUND, "label '%s' is not in %s (%zu labels)", text, path, syms->count);
  if (near && best <= 3) z3_error_hint(err, "did you mean '%s'?", near);
  return Z3_E_NOT_FOUND;
}

static json_t *insn_json(const z3_insn *i, const z3_symbols *syms) {
  static const char *const kinds[] = {NULL, "code", "pointer", "data"};
  char text[40];
  json_t *o = json_object();
  json_object_set_new(o, "address", address_json(i->address));
  char *bytes = z3_hex_string(i->bytes, i->length, 4);
  json_object_set_new(o, "bytes", json_string(bytes ? bytes : ""));
  z3_free(bytes);
  json_object_set_new(o, "mnemonic", json_string(i->info->mnemonic));
  z3_disasm_operand_text(i, text, sizeof text);
  json_object_set_new(o, "operand", json_string(text));
  json_object_set_new(o, "mode", json_string(z3_asm_mode_name(i->info->mode)));
  bool has_target = i->target_kind != Z3_TARGET_NONE;
  json_object_set_new(o, "target", has_target ? address_json(i->target) : json_null());
  json_object_set_new(o, "target_kind", optional_string(kinds[i->target_kind]));
  json_object_set_new(o, "label", optional_string(z3_symbols_name_at(syms, i->address)));
  json_object_set_new(o, "target_label", optional_string(z3_disasm_target_label(i, syms)));
  json_object_set_new(o, "m", json_integer(i->m8 ? 8 : 16));
  json_object_set_new(o, "x", json_integer(i->x8 ? 8 : 16));
  return o;
}

/* JSON and YAML readers get objects; people (text) get the listing. A report
 * written to a .json/.yaml file counts as structured too. */
static bool wants_objects(const z3_cmd_ctx *ctx) {
  const char *dot = ctx->output ? strrchr(ctx->output, '.') : NULL;
  bool structured_file = dot && (strcmp(dot, ".json") == 0 || strcmp(dot, ".yaml") == 0 || strcmp(dot, ".yml") == 0);
  return ctx->format != Z3_FORMAT_TEXT || structured_file;
}

enum { MAX_ASSUME = 64 };

typedef struct listing {
  z3_disasm_assume assume[MAX_ASSUME];
  size_t assume_count;
  json_t *objects;
  z3_buf text;
  size_t count;
  uint32_t next;
  char stopped[96];
} listing;

static z3_status disassemble(const z3_cmd_ctx *ctx, const z3_symbols *syms, uint32_t start,
                             z3_disasm_state *s, listing *out, z3_error *err) {
  int64_t count = z3_arg_int(ctx, "count");
  uint32_t pc = start, bad = start;
  z3_status st = Z3_OK;
  for (int64_t n = 0; n < count && st == Z3_OK; n++) {
    z3_insn insn;
    z3_disasm_apply_assume(s, out->assume, out->assume_count, pc);
    if (!z3_disasm_next(rom_read, ctx->rom, pc, s, &insn, &bad)) {
      char where[10], at[10];
      z3_snes_format_address(bad, where);
      z3_snes_format_address(pc, at);
      if (bad == pc) snprintf(out->stopped, sizeof out->stopped, "%s is not in the ROM image", where);
      else snprintf(out->stopped, sizeof out->stopped, "the instruction at %s reads %s, which is not in the ROM image", at, where);
      if (n == 0) return z3_error_set(err, Z3_E_INVALID, "%s", out->stopped);
      break;
    }
    if (out->objects) json_array_append_new(out->objects, insn_json(&insn, syms));
    else st = z3_buf_printf(&out->text, "\n  ");
    if (st == Z3_OK && !out->objects) st = z3_disasm_format_line(&insn, syms, &out->text, err);
    out->count++;
    pc = z3_insn_next(&insn);
  }
  out->next = pc;
  return st ? z3_error_set(err, st, "out of memory writing the listing") : Z3_OK;
}

static json_t *state_json(const z3_disasm_state *s) {
  return json_pack("{s:i,s:i,s:b}", "m", s->m8 ? 8 : 16, "x", s->x8 ? 8 : 16, "e", s->e);
}

static void fill_result(z3_cmd_ctx *ctx, const z3_symbols *syms, uint32_t start,
                        const z3_disasm_state *s, listing *l) {
  json_t *r = ctx->result;
  json_object_set_new(r, "address", address_json(start));
  json_object_set_new(r, "count", json_integer((json_int_t)l->count));
  json_object_set_new(r, "next", address_json(l->next));
  json_object_set_new(r, "end_state", state_json(s));
  if (z3_arg_str(ctx, "symbols")) {
    json_object_set_new(r, "symbols", json_pack("{s:s,s:s,s:I}", "file", z3_arg_str(ctx, "symbols"), "format",
                                                z3_symfile_format_name(syms->format), "labels", (json_int_t)syms->count));
  }
  json_object_set_new(r, "stopped", l->stopped[0] ? json_string(l->stopped) : json_null());
  if (l->objects) {
    json_object_set(r, "instructions", l->objects);
  } else {
    char *text = z3_buf_take_string(&l->text);
    json_object_set_new(r, "listing", json_string(text ? text : ""));
    z3_free(text);
  }
}

z3_status cmd_asm_disassemble(z3_cmd_ctx *ctx, z3_error *err) {
  z3_symbols syms;
  z3_symbols_init(&syms);
  uint32_t start = 0;
  z3_status st = exclusive(ctx, "m8", "m16", err);
  if (st == Z3_OK) st = exclusive(ctx, "x8", "x16", err);
  if (st == Z3_OK) st = load_symbols(ctx, &syms, err);
  if (st == Z3_OK) st = start_address(ctx, &syms, &start, err);
  listing l;
  memset(&l, 0, sizeof l);
  l.objects = wants_objects(ctx) ? json_array() : NULL;
  z3_buf_init(&l.text);
  const char *assume = z3_arg_str(ctx, "assume");
  if (st == Z3_OK && assume) st = z3_disasm_parse_assume(assume, z3_arg_str(ctx, "symbols") ? &syms : NULL, l.assume, MAX_ASSUME, &l.assume_count, err);
  z3_disasm_state s;
  uint8_t dbr = z3_arg_given(ctx, "dbr") ? (uint8_t)z3_arg_int(ctx, "dbr") : (uint8_t)(start >> 16);
  z3_disasm_state_init(&s, !z3_arg_bool(ctx, "m16"), !z3_arg_bool(ctx, "x16"), dbr);
  size_t offset;
  if (st == Z3_OK) st = z3_rom_to_pc(ctx->rom, start, &offset, err); /* names why it is not ROM */
  if (st == Z3_OK) st = disassemble(ctx, &syms, start, &s, &l, err);
  if (st == Z3_OK) fill_result(ctx, &syms, start, &s, &l);
  json_decref(l.objects);
  z3_buf_release(&l.text);
  z3_symbols_release(&syms);
  return st;
}
