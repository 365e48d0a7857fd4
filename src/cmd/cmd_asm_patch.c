/* asm assemble and patch asm: the assembler (asm/assembler.h) behind the
 * command table. Freespace comes from the same regions the world model
 * allocates from (zelda3/gfx.h): the expanded area, then the vanilla free
 * blocks, each block inside one bank, never twice in one run. */
#include <string.h>

#include "asm/assembler.h"
#include "cmd/handlers.h"
#include "cmd/handlers_asm.h"
#include "zelda3/gfx.h"

enum { MAX_CLAIMS = 256, HEX_SHOWN = 4096 };

typedef struct allocator {
  const z3_rom *rom;
  z3_asm_range claimed[MAX_CLAIMS];
  size_t count;
} allocator;

static bool claimed_at(const allocator *a, size_t from, size_t n, size_t *skip_to) {
  for (size_t i = 0; i < a->count; i++) {
    const z3_asm_range *c = &a->claimed[i];
    if (from < c->offset + c->len && c->offset < from + n) {
      *skip_to = c->offset + c->len;
      return true;
    }
  }
  return false;
}

/* First place in [from, to) with `need` equal $00 or $FF bytes, inside one bank when asked. */
static bool scan(const allocator *a, size_t from, size_t to, size_t need, bool one_bank, size_t *out) {
  const uint8_t *d = a->rom->data.data;
  size_t bank = z3_mapping_bank_size(a->rom->mapping);
  for (size_t pos = from; pos + need <= to;) {
    size_t skip;
    if (one_bank && pos / bank != (pos + need - 1) / bank) {
      pos = (pos / bank + 1) * bank;
      continue;
    }
    if (claimed_at(a, pos, need, &skip)) {
      pos = skip;
      continue;
    }
    uint8_t fill = d[pos];
    size_t i = pos;
    while (i < pos + need && d[i] == fill && (fill == 0x00 || fill == 0xFF)) i++;
    if (i == pos + need) {
      *out = pos;
      return true;
    }
    pos = i > pos ? i : pos + 1;
  }
  return false;
}

static z3_status allocate(void *user, size_t need, bool one_bank, size_t *offset, z3_error *err) {
  allocator *a = user;
  if (a->count == MAX_CLAIMS) return z3_error_set(err, Z3_E_INVALID, "more than %d freespace blocks", MAX_CLAIMS);
  z3_free_range ranges[32];
  size_t n = z3_expanded_free_ranges(a->rom->data.len, ranges, 32);
  for (size_t i = 0; i < z3_vanilla_free_count && n < 32; i++)
    if (z3_vanilla_free[i].pc + z3_vanilla_free[i].size <= a->rom->data.len)
      ranges[n++] = (z3_free_range){z3_vanilla_free[i].pc, z3_vanilla_free[i].pc + z3_vanilla_free[i].size};
  for (size_t i = 0; i < n; i++) {
    if (!scan(a, ranges[i].from, ranges[i].to, need, one_bank, offset)) continue;
    a->claimed[a->count++] = (z3_asm_range){*offset, need};
    return Z3_OK;
  }
  z3_error_set(err, Z3_E_NOT_FOUND, "no free run of %zu bytes in one bank", need);
  z3_error_hint(err, "run `z3ed rom expand --size 2MiB` to make room");
  return Z3_E_NOT_FOUND;
}

static json_t *hex_json(uint64_t v, int digits) { return z3_cmd__hex(v, digits); }

static json_t *address_json(uint32_t address) {
  char text[10];
  z3_snes_format_address(address, text);
  return json_string(text);
}

static json_t *texts_json(const z3_asm_text_list *list) {
  json_t *a = json_array();
  for (size_t i = 0; i < list->count; i++) json_array_append_new(a, json_string(list->items[i]));
  return a;
}

static json_t *ranges_json(const z3_rom *rom, const z3_asm_range *r, size_t n) {
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *o = json_object();
    json_object_set_new(o, "offset", hex_json(r[i].offset, 6));
    uint32_t address;
    if (rom && z3_rom_to_snes(rom, r[i].offset, &address, NULL) == Z3_OK) json_object_set_new(o, "address", address_json(address));
    json_object_set_new(o, "length", json_integer((json_int_t)r[i].len));
    json_array_append_new(a, o);
  }
  return a;
}

static void fill_result(z3_cmd_ctx *ctx, const char *patch, const z3_asm_result *r, const z3_rom *rom) {
  json_t *res = ctx->result, *writes = json_array();
  size_t total = 0;
  for (size_t i = 0; i < r->chunk_count; i++) {
    const z3_asm_chunk *c = &r->chunks[i];
    json_t *o = json_object();
    json_object_set_new(o, "address", address_json(c->address));
    json_object_set_new(o, "offset", hex_json(c->offset, 6));
    json_object_set_new(o, "length", json_integer((json_int_t)c->len));
    char *hex = z3_hex_string(r->bytes.data + c->start, c->len, HEX_SHOWN);
    json_object_set_new(o, "bytes", json_string(hex ? hex : ""));
    z3_free(hex);
    json_array_append_new(writes, o);
    total += c->len;
  }
  json_object_set_new(res, "patch", json_string(patch));
  json_object_set_new(res, "passes", json_integer(r->passes));
  json_object_set_new(res, "lines", json_integer(r->lines));
  json_object_set_new(res, "bytes_assembled", json_integer((json_int_t)total));
  json_object_set_new(res, "writes", writes);
  json_t *labels = json_object();
  for (size_t i = 0; i < r->labels.count; i++) {
    char text[10];
    z3_snes_format_address(r->labels.items[i].address, text);
    json_object_set_new(labels, r->labels.items[i].name, json_string(text));
  }
  json_object_set_new(res, "labels", labels);
  json_object_set_new(res, "prints", texts_json(&r->prints));
  json_object_set_new(res, "warnings", texts_json(&r->warnings));
  json_object_set_new(res, "freespace", ranges_json(rom, r->freespace, r->freespace_count));
  json_object_set_new(res, "cleaned", ranges_json(rom, r->cleans, r->clean_count));
}

static z3_status write_symbols(z3_cmd_ctx *ctx, const z3_asm_result *r, z3_error *err) {
  const char *path = z3_arg_str(ctx, "symbols");
  if (!path) return Z3_OK;
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = z3_asm_write_sym(r, &text, err);
  if (!st) st = z3_cmd_write_file(ctx, path, text.data, text.len, err);
  z3_buf_release(&text);
  return st;
}

static char *folder_of(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? z3_strfmt("%.*s", (int)(slash - path + (slash == path)), path) : z3_strdup(".");
}

static z3_status assemble(z3_cmd_ctx *ctx, const z3_rom *rom, z3_mapping mapping, allocator *alloc,
                          z3_asm_result *r, z3_error *err) {
  const char *patch = z3_arg_str(ctx, "patch");
  char *root = folder_of(patch);
  if (!root) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_rom_header header;
  if (rom) z3_rom_read_header(rom, &header);
  z3_asm_options o = {.root = root, .mapping = mapping};
  if (rom) {
    o.rom = rom->data.data;
    o.rom_size = rom->data.len;
    o.rom_title = header.title;
    o.alloc = allocate;
    o.alloc_user = alloc;
  }
  z3_status st = z3_asm_assemble_file(patch, &o, r, err);
  z3_free(root);
  return st;
}

static const z3_mapping mappings[] = {Z3_MAP_LOROM, Z3_MAP_HIROM, Z3_MAP_EXLOROM, Z3_MAP_EXHIROM};

z3_status cmd_asm_assemble(z3_cmd_ctx *ctx, z3_error *err) {
  z3_rom *rom = NULL;
  if (ctx->rom_path && z3_rom_load(&rom, ctx->rom_path, err)) return err->code;
  int choice = z3_arg_choice(ctx, "mapping");
  z3_mapping mapping = rom && !z3_arg_given(ctx, "mapping") ? rom->mapping : mappings[choice < 0 ? 0 : choice];
  allocator *alloc = z3_calloc(1, sizeof *alloc);
  z3_asm_result r;
  z3_asm_result_init(&r);
  z3_status st = alloc ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (alloc) alloc->rom = rom;
  if (!st) st = assemble(ctx, rom, mapping, alloc, &r, err);
  if (!st) {
    fill_result(ctx, z3_arg_str(ctx, "patch"), &r, rom);
    st = write_symbols(ctx, &r, err);
  }
  z3_asm_result_release(&r);
  z3_free(alloc);
  z3_rom_free(rom);
  return st;
}

z3_status cmd_patch_asm(z3_cmd_ctx *ctx, z3_error *err) {
  allocator *alloc = z3_calloc(1, sizeof *alloc);
  if (!alloc) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  alloc->rom = ctx->rom;
  z3_asm_result r;
  z3_asm_result_init(&r);
  const char *patch = z3_arg_str(ctx, "patch");
  char *reason = z3_strfmt("patch asm %s", patch);
  z3_status st = reason ? assemble(ctx, ctx->rom, ctx->rom->mapping, alloc, &r, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  static const uint8_t zeros[256];
  for (size_t i = 0; !st && i < r.clean_count; i++)
    for (size_t at = 0; !st && at < r.cleans[i].len; at += sizeof zeros) {
      size_t n = r.cleans[i].len - at < sizeof zeros ? r.cleans[i].len - at : sizeof zeros;
      st = z3_rom_write(ctx->rom, r.cleans[i].offset + at, zeros, n, "autoclean: release the old freespace block", err);
    }
  for (size_t i = 0; !st && i < r.chunk_count; i++)
    st = z3_rom_write(ctx->rom, r.chunks[i].offset, r.bytes.data + r.chunks[i].start, r.chunks[i].len, reason, err);
  if (!st) {
    fill_result(ctx, patch, &r, ctx->rom);
    st = write_symbols(ctx, &r, err);
  }
  z3_free(reason);
  z3_asm_result_release(&r);
  z3_free(alloc);
  return st;
}
