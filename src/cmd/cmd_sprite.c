/* sprite list / info / set: the sprite catalogue and property tables (zelda3/sprite.h). */
#include <strings.h>
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_sprite.h"
#include "zelda3/sprite.h"

static bool contains_nocase(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (const char *p = hay; *p; p++)
    if (strncasecmp(p, needle, n) == 0) return true;
  return n == 0;
}

z3_status cmd_sprite_list(z3_cmd_ctx *ctx, z3_error *err) {
  (void)err;
  bool overlords = z3_arg_bool(ctx, "overlords");
  const char *find = z3_arg_str(ctx, "find");
  json_t *list = json_array();
  int first = overlords ? Z3_OVERLORD_FIRST : 0, last = overlords ? Z3_OVERLORD_LAST : Z3_SPRITE_COUNT - 1;
  for (int id = first; id <= last; id++) {
    const char *name = overlords ? z3_overlord_name((uint8_t)id) : z3_sprite_name((uint8_t)id);
    if (find && !contains_nocase(name, find)) continue;
    json_t *o = json_object();
    json_object_set_new(o, "id", z3_cmd__hex((uint64_t)id, 2));
    json_object_set_new(o, "name", json_string(name));
    json_array_append_new(list, o);
  }
  json_object_set_new(ctx->result, "kind", json_string(overlords ? "overlord" : "sprite"));
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(list)));
  json_object_set_new(ctx->result, "sprites", list);
  return Z3_OK;
}

static json_t *table_json(const z3_rom *rom, int t, uint8_t id, uint8_t value) {
  json_t *o = json_object();
  size_t at = z3_sprite_tables[t].pc + id;
  json_object_set_new(o, "table", json_string(z3_sprite_tables[t].name));
  json_object_set_new(o, "offset", z3_cmd__hex(at, 5));
  uint32_t addr;
  char text[10] = "";
  if (z3_rom_to_snes(rom, at, &addr, NULL) == Z3_OK) z3_snes_format_address(addr, text);
  json_object_set_new(o, "address", json_string(text));
  json_object_set_new(o, "value", z3_cmd__hex(value, 2));
  json_t *fields = json_object();
  for (size_t f = 0; f < z3_sprite_field_count; f++) {
    const z3_sprite_field *sf = &z3_sprite_fields[f];
    if (sf->table != t) continue;
    unsigned v = z3_sprite_field_value(sf, value);
    json_object_set_new(fields, sf->name, sf->width == 1 ? json_boolean(v) : json_integer(v));
  }
  json_object_set_new(o, "fields", fields);
  return o;
}

static z3_status checked_id(const z3_cmd_ctx *ctx, uint8_t *id, z3_error *err) {
  int64_t n = z3_arg_int(ctx, "id");
  *id = (uint8_t)n;
  if (n < Z3_SPRITE_COUNT) return Z3_OK;
  z3_error_set(err, Z3_E_NOT_FOUND, "--id 0x%02llX: sprite ids with a handler are 0x00-0x%02X", (long long)n,
               Z3_SPRITE_COUNT - 1);
  z3_error_hint(err, "ids 0xF3 and up have no handler; for overlords see 'z3ed sprite list --overlords'");
  return Z3_E_NOT_FOUND;
}

z3_status cmd_sprite_info(z3_cmd_ctx *ctx, z3_error *err) {
  uint8_t id;
  z3_status st = checked_id(ctx, &id, err);
  if (st) return st;
  uint8_t v[Z3_SPRITE_TABLE_COUNT];
  st = z3_sprite_props_read(ctx->rom, id, v, err);
  if (st) return st;
  json_object_set_new(ctx->result, "id", z3_cmd__hex((uint64_t)id, 2));
  json_object_set_new(ctx->result, "name", json_string(z3_sprite_name((uint8_t)id)));
  json_t *props = json_array();
  for (int t = 0; t < Z3_SPRITE_TABLE_COUNT; t++)
    json_array_append_new(props, table_json(ctx->rom, t, (uint8_t)id, v[t]));
  json_object_set_new(ctx->result, "properties", props);
  return Z3_OK;
}

static json_t *field_value_json(const z3_sprite_field *f, unsigned v) {
  return f->width == 1 ? json_boolean(v) : json_integer(v);
}

z3_status cmd_sprite_set(z3_cmd_ctx *ctx, z3_error *err) {
  uint8_t id;
  z3_status st = checked_id(ctx, &id, err);
  if (st) return st;
  const z3_sprite_field *f = z3_sprite_field_find(z3_arg_str(ctx, "field"));
  if (!f) return z3_error_set(err, Z3_E_INTERNAL, "--field is not a sprite field"); /* the table's choices */
  uint8_t before[Z3_SPRITE_TABLE_COUNT];
  st = z3_sprite_props_read(ctx->rom, id, before, err);
  int64_t value = z3_arg_int(ctx, "value");
  if (st == Z3_OK && (uint64_t)value > z3_sprite_field_max(f)) {
    z3_error_set(err, Z3_E_USAGE, "--value %lld is out of range for %s: 0-%u (%u bit%s of the %s byte)",
                 (long long)value, f->name, z3_sprite_field_max(f), f->width, f->width == 1 ? "" : "s",
                 z3_sprite_tables[f->table].name);
    return Z3_E_USAGE;
  }
  if (st == Z3_OK) st = z3_sprite_field_set(ctx->rom, id, f, (unsigned)value, err);
  if (st) return st;
  const z3_sprite_table *t = &z3_sprite_tables[f->table];
  json_object_set_new(ctx->result, "id", z3_cmd__hex(id, 2));
  json_object_set_new(ctx->result, "name", json_string(z3_sprite_name(id)));
  json_object_set_new(ctx->result, "field", json_string(f->name));
  json_object_set_new(ctx->result, "table", json_string(t->name));
  json_object_set_new(ctx->result, "offset", z3_cmd__hex(t->pc + id, 5));
  json_object_set_new(ctx->result, "old_value", field_value_json(f, z3_sprite_field_value(f, before[f->table])));
  json_object_set_new(ctx->result, "value", field_value_json(f, (unsigned)value));
  json_object_set_new(ctx->result, "byte", z3_cmd__hex(ctx->rom->data.data[t->pc + id], 2));
  return Z3_OK;
}
