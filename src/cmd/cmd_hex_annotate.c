/* hex annotate: which game structure each run of bytes belongs to. */
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_hex.h"
#include "cmd/location.h"
#include "zelda3/romap.h"

static bool all_filler(const uint8_t *d, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (d[i] != 0xFF && d[i] != 0x00) return false;
  return true;
}

/* Bytes from `at` on that share its owner (region, or none), at most `left`. */
static size_t run_length(const z3_romap *map, size_t at, size_t left, const z3_region **owner) {
  *owner = z3_romap_find(map, at);
  size_t n = 1;
  if (!*owner) {
    size_t next = z3_romap_next_start(map, at + 1);
    n = next == SIZE_MAX || next - at > left ? left : next - at;
    return n;
  }
  while (n < left && z3_romap_find(map, at + n) == *owner) n++;
  return n;
}

static json_t *run_json(const z3_rom *rom, const z3_symbols *labels, const z3_region *r, size_t at, size_t n) {
  json_t *o = json_object();
  z3_cmd__set_location(o, rom, at);
  json_object_set_new(o, "length", json_integer((json_int_t)n));
  char owner[96] = "unknown";
  if (r) z3_region_describe(r, owner, sizeof owner);
  if (r && r->kind == Z3_REGION_FREE && !all_filler(rom->data.data + at, n))
    snprintf(owner, sizeof owner, "free space (in use)");
  json_object_set_new(o, "owner", json_string(owner));
  json_object_set_new(o, "kind", json_string(r ? z3_region_kind_name(r->kind) : "unknown"));
  if (r && r->index >= 0) json_object_set_new(o, "index", json_integer(r->index));
  uint32_t address;
  const z3_symbol *sym = NULL;
  if (labels->count && z3_rom_to_snes(rom, at, &address, NULL) == Z3_OK) sym = z3_symbols_nearest(labels, address);
  if (sym) {
    char text[160];
    if (sym->address == address) snprintf(text, sizeof text, "%s", sym->name);
    else snprintf(text, sizeof text, "%s+%u", sym->name, (unsigned)(address - sym->address));
    json_object_set_new(o, "label", json_string(text));
  }
  return o;
}

z3_status cmd_hex_annotate(z3_cmd_ctx *ctx, z3_error *err) {
  z3_symbols labels;
  z3_symbols_init(&labels);
  z3_cmd_location at;
  z3_romap map = {0};
  z3_status st = z3_cmd__load_labels(ctx, "labels", NULL, ctx->rom, &labels, err);
  if (st == Z3_OK) st = z3_cmd__location(ctx, &labels, &at, err);
  if (st == Z3_OK) st = z3_romap_build(ctx->rom, &map, err);
  if (st == Z3_OK) {
    size_t want = (size_t)z3_arg_int(ctx, "length"), left = ctx->rom->data.len - at.offset;
    size_t n = want < left ? want : left;
    json_t *runs = json_array();
    for (size_t i = 0; i < n;) {
      const z3_region *r;
      size_t k = run_length(&map, at.offset + i, n - i, &r);
      json_array_append_new(runs, run_json(ctx->rom, &labels, r, at.offset + i, k));
      i += k;
    }
    z3_cmd__set_location(ctx->result, ctx->rom, at.offset);
    json_object_set_new(ctx->result, "length", json_integer((json_int_t)n));
    json_object_set_new(ctx->result, "runs", runs);
    json_object_set_new(ctx->result, "not_read", json_string(map.skipped));
  }
  z3_romap_release(&map);
  z3_symbols_release(&labels);
  return st;
}
