/* rom header get / rom header set. */
#include <stdio.h>
#include <string.h>

#include "cmd/handlers.h"

/* The JSON key header_json uses for each editable field. */
static const char *json_key(const char *field) {
  if (strcmp(field, "rom_size") == 0) return "rom_size_code";
  if (strcmp(field, "sram_size") == 0) return "sram_size_code";
  return field;
}

z3_status cmd_rom_header_get(z3_cmd_ctx *ctx, z3_error *err) {
  json_t *header = z3_cmd__header_json(ctx->rom);
  const char *field = z3_arg_str(ctx, "field");
  if (!field) {
    json_object_update(ctx->result, header);
    json_decref(header);
    return Z3_OK;
  }
  json_t *value = json_object_get(header, json_key(field));
  if (!value) {
    json_decref(header);
    z3_error_set(err, Z3_E_NOT_FOUND, "header field '%s' is not present in this ROM", field);
    z3_error_hint(err, "maker_code and game_code exist only when developer_id is $33");
    return Z3_E_NOT_FOUND;
  }
  json_object_set_new(ctx->result, "field", json_string(field));
  json_object_set(ctx->result, "value", value);
  json_decref(header);
  return Z3_OK;
}

z3_status cmd_rom_header_set(z3_cmd_ctx *ctx, z3_error *err) {
  json_t *set = json_object();
  json_object_set_new(ctx->result, "set", set);
  for (const char *const *f = z3_header_field_names; *f; f++) {
    char flag[32];
    snprintf(flag, sizeof flag, "%s", *f);
    for (char *p = flag; *p; p++) if (*p == '_') *p = '-';
    if (!z3_arg_given(ctx, flag)) continue;
    const char *value = z3_arg_str(ctx, flag);
    z3_status st = z3_rom_set_header_field(ctx->rom, *f, value, err);
    if (st) {
      z3_error_hint(err, "nothing was written");
      return st;
    }
    json_object_set_new(set, *f, json_string(value));
  }
  if (json_object_size(set) == 0) {
    z3_error_set(err, Z3_E_USAGE, "'rom header set' needs at least one field to set");
    z3_error_hint(err, "for example --title \"MY HACK\" or --region usa; see --help");
    return Z3_E_USAGE;
  }
  ctx->keep_checksum = z3_arg_bool(ctx, "keep-checksum");
  return Z3_OK; /* the dispatcher fixes the checksum unless told to keep it */
}
