/* rom diff: which bytes differ between two ROM images, by range and by bank. */
#include <string.h>

#include "cmd/handlers.h"

enum { RANGE_BYTES_SHOWN = 16 };

static json_t *range_json(const z3_rom *a, const z3_rom *b, size_t start, size_t end) {
  json_t *r = json_object();
  json_object_set_new(r, "offset", json_integer((json_int_t)start));
  uint32_t addr;
  if (z3_rom_to_snes(b, start, &addr, NULL) == Z3_OK) {
    char text[10];
    z3_snes_format_address(addr, text);
    json_object_set_new(r, "address", json_string(text));
  }
  json_object_set_new(r, "length", json_integer((json_int_t)(end - start)));
  size_t a_end = end < a->data.len ? end : a->data.len;
  size_t b_end = end < b->data.len ? end : b->data.len;
  char *old_hex = z3_hex_string(a->data.data + start, a_end > start ? a_end - start : 0, RANGE_BYTES_SHOWN);
  char *new_hex = z3_hex_string(b->data.data + start, b_end > start ? b_end - start : 0, RANGE_BYTES_SHOWN);
  json_object_set_new(r, "old", json_string(old_hex ? old_hex : ""));
  json_object_set_new(r, "new", json_string(new_hex ? new_hex : ""));
  z3_free(old_hex);
  z3_free(new_hex);
  return r;
}

static bool differs(const z3_rom *a, const z3_rom *b, size_t i) {
  if (i >= a->data.len || i >= b->data.len) return true;
  return a->data.data[i] != b->data.data[i];
}

static z3_status load_pair(z3_cmd_ctx *ctx, z3_rom **a, z3_rom **b, z3_error *err) {
  z3_status st = z3_cmd_load_rom(ctx, z3_arg_str(ctx, "from"), a, err);
  if (st == Z3_OK) st = z3_cmd_load_rom(ctx, z3_arg_str(ctx, "to"), b, err);
  return st;
}

/* Counts changed bytes per bank of the "to" image's layout. */
static json_t *bank_summary(const z3_rom *b, const size_t *per_bank, size_t banks) {
  size_t bank_size = z3_mapping_bank_size(b->mapping);
  json_t *list = json_array();
  for (size_t i = 0; i < banks; i++) {
    if (!per_bank[i]) continue;
    json_t *o = json_object();
    uint32_t addr;
    size_t off = i * bank_size;
    bool mapped = z3_pc_to_snes(b->mapping, SIZE_MAX, off, &addr, NULL) == Z3_OK;
    json_object_set_new(o, "bank", z3_cmd__hex(mapped ? addr >> 16 : i, 2));
    json_object_set_new(o, "offset", json_integer((json_int_t)off));
    json_object_set_new(o, "bytes_changed", json_integer((json_int_t)per_bank[i]));
    json_array_append_new(list, o);
  }
  return list;
}

z3_status cmd_rom_diff(z3_cmd_ctx *ctx, z3_error *err) {
  z3_rom *a = NULL, *b = NULL;
  z3_status st = load_pair(ctx, &a, &b, err);
  size_t n = a && b ? (a->data.len > b->data.len ? a->data.len : b->data.len) : 0;
  size_t bank_size = b ? z3_mapping_bank_size(b->mapping) : 1;
  size_t banks = (n + bank_size - 1) / bank_size;
  size_t *per_bank = st == Z3_OK ? z3_calloc(banks ? banks : 1, sizeof *per_bank) : NULL;
  if (st == Z3_OK && !per_bank) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st) {
    z3_rom_free(a);
    z3_rom_free(b);
    return st;
  }
  size_t max_ranges = (size_t)z3_arg_int(ctx, "max-ranges"), range_count = 0, changed = 0;
  json_t *ranges = json_array();
  for (size_t i = 0; i < n;) {
    if (!differs(a, b, i)) { i++; continue; }
    size_t start = i;
    while (i < n && differs(a, b, i)) per_bank[i / bank_size]++, i++;
    changed += i - start;
    if (range_count++ < max_ranges) json_array_append_new(ranges, range_json(a, b, start, i));
  }
  json_object_set_new(ctx->result, "from_size", json_integer((json_int_t)a->data.len));
  json_object_set_new(ctx->result, "to_size", json_integer((json_int_t)b->data.len));
  json_object_set_new(ctx->result, "identical", json_boolean(changed == 0));
  json_object_set_new(ctx->result, "bytes_changed", json_integer((json_int_t)changed));
  json_object_set_new(ctx->result, "range_count", json_integer((json_int_t)range_count));
  json_object_set_new(ctx->result, "ranges_truncated", json_boolean(range_count > max_ranges));
  json_object_set_new(ctx->result, "banks", bank_summary(b, per_bank, banks));
  json_object_set_new(ctx->result, "ranges", ranges);
  z3_free(per_bank);
  z3_rom_free(a);
  z3_rom_free(b);
  if (changed) {
    z3_error_set(err, Z3_E_CHECK, "%zu byte(s) differ in %zu range(s)", changed, range_count);
    return Z3_E_CHECK;
  }
  return Z3_OK;
}
