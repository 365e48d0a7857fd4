/* compress encode/decode, rom decompress, rom expand. */
#include <string.h>

#include "cmd/handlers.h"
#include "snes/lz2.h"
#include "zelda3/gfx.h"

static z3_lz2_variant variant_arg(const z3_cmd_ctx *ctx) {
  return strcmp(z3_arg_str(ctx, "variant"), "overworld") == 0 ? Z3_LZ2_OVERWORLD : Z3_LZ2_GRAPHICS;
}

z3_status cmd_compress_encode(z3_cmd_ctx *ctx, z3_error *err) {
  z3_buf in, out;
  z3_buf_init(&in);
  z3_buf_init(&out);
  z3_lz2_mode mode = z3_arg_bool(ctx, "greedy") ? Z3_LZ2_GREEDY : Z3_LZ2_OPTIMAL;
  z3_status st = z3_file_read(&in, z3_arg_str(ctx, "in"), Z3_LZ2_MAX_OUTPUT, err);
  if (st == Z3_E_INVALID) z3_error_hint(err, "one LC_LZ2 stream holds at most 64 KiB; split the data");
  if (st == Z3_OK) st = z3_lz2_compress(&out, in.data, in.len, variant_arg(ctx), mode, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "variant", json_string(z3_arg_str(ctx, "variant")));
    json_object_set_new(ctx->result, "mode", json_string(mode == Z3_LZ2_GREEDY ? "greedy" : "optimal"));
    json_object_set_new(ctx->result, "input_size", json_integer((json_int_t)in.len));
    json_object_set_new(ctx->result, "compressed_size", json_integer((json_int_t)out.len));
    st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), out.data, out.len, err);
  }
  z3_buf_release(&in);
  z3_buf_release(&out);
  return st;
}

static void describe_stream(json_t *o, size_t consumed, size_t size) {
  json_object_set_new(o, "compressed_size", json_integer((json_int_t)consumed));
  json_object_set_new(o, "size", json_integer((json_int_t)size));
}

z3_status cmd_compress_decode(z3_cmd_ctx *ctx, z3_error *err) {
  z3_buf in, out;
  z3_buf_init(&in);
  z3_buf_init(&out);
  size_t offset = (size_t)z3_arg_int(ctx, "offset"), consumed = 0;
  const char *path = z3_arg_str(ctx, "in");
  z3_status st = z3_file_read(&in, path, 64u << 20, err);
  if (st == Z3_OK && offset >= in.len) {
    st = z3_error_set(err, Z3_E_INVALID, "--offset 0x%zx is past the end of '%s' (%zu bytes)",
                      offset, path, in.len);
  }
  if (st == Z3_OK) {
    st = z3_lz2_decompress(&out, in.data + offset, in.len - offset, variant_arg(ctx), 0, &consumed, err);
    if (st && err->offset >= 0) err->offset += (int64_t)offset;
  }
  if (st == Z3_OK) {
    describe_stream(ctx->result, consumed, out.len);
    st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), out.data, out.len, err);
  }
  z3_buf_release(&in);
  z3_buf_release(&out);
  return st;
}

z3_status cmd_rom_decompress(z3_cmd_ctx *ctx, z3_error *err) {
  uint32_t address = (uint32_t)z3_arg_int(ctx, "address");
  size_t pc, consumed = 0;
  z3_buf out;
  z3_buf_init(&out);
  z3_status st = z3_rom_to_pc(ctx->rom, address, &pc, err);
  if (st == Z3_OK) {
    st = z3_lz2_decompress(&out, ctx->rom->data.data + pc, ctx->rom->data.len - pc, variant_arg(ctx),
                           0, &consumed, err);
    if (st && err->offset >= 0) err->offset += (int64_t)pc;
  }
  if (st == Z3_OK) {
    char text[10];
    z3_snes_format_address(address, text);
    json_object_set_new(ctx->result, "address", json_string(text));
    json_object_set_new(ctx->result, "offset", json_integer((json_int_t)pc));
    json_object_set_new(ctx->result, "variant", json_string(z3_arg_str(ctx, "variant")));
    describe_stream(ctx->result, consumed, out.len);
    st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), out.data, out.len, err);
  }
  z3_buf_release(&out);
  return st;
}

z3_status cmd_rom_expand(z3_cmd_ctx *ctx, z3_error *err) {
  size_t old = ctx->rom->data.len;
  size_t size = strcmp(z3_arg_str(ctx, "size"), "4MiB") == 0 ? 4u << 20 : 2u << 20;
  z3_status st = z3_rom_expand(ctx->rom, size, err);
  if (st) return st;
  json_object_set_new(ctx->result, "old_size", json_integer((json_int_t)old));
  json_object_set_new(ctx->result, "new_size", json_integer((json_int_t)size));
  json_object_set_new(ctx->result, "mapping", json_string(z3_mapping_name(ctx->rom->mapping)));
  return Z3_OK;
}
