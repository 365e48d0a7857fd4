/* rom merge: two hacks of one base merged, conflicts named in game terms. */
#include "cmd/handlers.h"
#include "zelda3/merge.h"

static z3_status load_three(const z3_cmd_ctx *ctx, z3_rom *roms[3], z3_error *err) {
  static const char *const args[3] = {"base", "ours", "theirs"};
  z3_status st = Z3_OK;
  for (int k = 0; k < 3 && st == Z3_OK; k++) st = z3_cmd_load_rom(ctx, z3_arg_str(ctx, args[k]), &roms[k], err);
  return st;
}

z3_status cmd_rom_merge(z3_cmd_ctx *ctx, z3_error *err) {
  z3_merge_opts opts = {{Z3_MERGE_NONE}};
  z3_rom *roms[3] = {NULL, NULL, NULL};
  z3_buf out;
  z3_buf_init(&out);
  z3_merge_result res = {0};
  const char *prefer = z3_arg_str(ctx, "prefer");
  z3_status st = prefer ? z3_merge_parse_prefer(prefer, &opts, err) : Z3_OK;
  if (st == Z3_OK) st = load_three(ctx, roms, err);
  if (st == Z3_OK) st = z3_merge(roms[0], roms[1], roms[2], &opts, &out, &res, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "size", json_integer((json_int_t)out.len));
    json_object_set_new(ctx->result, "bytes_from_ours", json_integer((json_int_t)res.from_ours));
    json_object_set_new(ctx->result, "bytes_from_theirs", json_integer((json_int_t)res.from_theirs));
    json_object_set_new(ctx->result, "conflict_count", json_integer((json_int_t)res.conflicts));
    json_object_set_new(ctx->result, "unresolved", json_integer((json_int_t)res.unresolved));
    json_object_set(ctx->result, "rooms_merged_as_rooms", json_object_get(res.report, "rooms_merged_as_rooms"));
    json_object_set(ctx->result, "room_parts_from", json_object_get(res.report, "rooms_from"));
    json_object_set(ctx->result, "areas_merged_as_areas", json_object_get(res.report, "areas_merged_as_areas"));
    json_object_set(ctx->result, "area_maps_from", json_object_get(res.report, "area_maps_from"));
    json_object_set(ctx->result, "sheets_merged_as_sheets", json_object_get(res.report, "sheets_merged_as_sheets"));
    json_object_set(ctx->result, "sheets_from", json_object_get(res.report, "sheets_from"));
    json_object_set(ctx->result, "messages_merged_as_messages", json_object_get(res.report, "messages_merged_as_messages"));
    json_object_set(ctx->result, "messages_from", json_object_get(res.report, "messages_from"));
    json_object_set(ctx->result, "conflicts", json_object_get(res.report, "conflicts"));
  }
  if (st == Z3_OK && res.unresolved) {
    st = z3_error_set(err, Z3_E_CHECK, "%zu conflict(s) left unresolved; nothing written", res.unresolved);
    z3_error_hint(err, "see the conflicts, then rerun with --prefer CATEGORY=ours|theirs (or ours / theirs for all)");
  }
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "output"), out.data, out.len, err);
  json_decref(res.report);
  z3_buf_release(&out);
  for (int k = 0; k < 3; k++) z3_rom_free(roms[k]);
  return st;
}
