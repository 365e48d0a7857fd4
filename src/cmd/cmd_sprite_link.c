/* sprite link-info / link-export / link-import: Link's sheet as ZSPR files and PNG (zelda3/zspr.h, link_gfx.h). */
#include <string.h>
#include <strings.h>

#include "base/png.h"
#include "cmd/handlers.h"
#include "cmd/handlers_sprite.h"
#include "snes/color.h"
#include "snes/tile.h"
#include "zelda3/link_gfx.h"
#include "zelda3/zspr.h"

enum { ZSPR_MAX_FILE = 1 << 20 };

static json_t *zspr_json(const z3_zspr *z) {
  json_t *o = json_object();
  json_object_set_new(o, "name", json_string(z->name));
  json_object_set_new(o, "author", json_string(z->author));
  json_object_set_new(o, "author_short", json_string(z->author_short));
  json_object_set_new(o, "version", json_integer(z->version));
  json_object_set_new(o, "sprite_type", json_integer(z->sprite_type));
  json_object_set_new(o, "is_link", json_boolean(z->sprite_type == Z3_ZSPR_TYPE_LINK));
  json_object_set_new(o, "checksum", z3_cmd__hex(z->checksum, 4));
  json_object_set_new(o, "checksum_ok", json_boolean(z->checksum_ok));
  json_object_set_new(o, "pixels_offset", z3_cmd__hex(z->pixels_offset, 4));
  json_object_set_new(o, "pixels_size", json_integer((json_int_t)z->pixels_size));
  json_object_set_new(o, "palette_offset", z3_cmd__hex(z->palette_offset, 4));
  json_object_set_new(o, "palette_size", json_integer((json_int_t)z->palette_size));
  return o;
}

static z3_status load_zspr(const char *path, z3_buf *file, z3_zspr *z, z3_error *err) {
  z3_status st = z3_file_read(file, path, ZSPR_MAX_FILE, err);
  if (st == Z3_OK) st = z3_zspr_parse(file->data, file->len, z, err);
  if (st) z3_error_hint(err, "in '%s'", path);
  return st;
}

z3_status cmd_sprite_link_info(z3_cmd_ctx *ctx, z3_error *err) {
  z3_buf file;
  z3_buf_init(&file);
  z3_zspr z;
  z3_status st = load_zspr(z3_arg_str(ctx, "zspr"), &file, &z, err);
  if (st == Z3_OK) {
    json_t *o = zspr_json(&z);
    json_object_update(ctx->result, o);
    json_decref(o);
    z3_zspr_release(&z);
  }
  z3_buf_release(&file);
  return st;
}

/* What link-import accepts, with the reason when it does not. */
static z3_status check_link_sprite(const z3_zspr *z, const char *path, z3_error *err) {
  if (z->sprite_type != Z3_ZSPR_TYPE_LINK) {
    z3_error_set_at(err, Z3_E_INVALID, 0x15, "'%s' is a sprite of type %d, not a Link sprite (type 1)", path, z->sprite_type);
    z3_error_hint(err, "the file's sprite type is the word at offset 0x15");
    return Z3_E_INVALID;
  }
  if (!z->checksum_ok) {
    z3_error_set_at(err, Z3_E_INVALID, 5, "'%s': checksum 0x%04X / 0x%04X at offset 5 does not match the file", path,
                    z->checksum, z->complement);
    z3_error_hint(err, "the file is damaged or was edited by hand; export it again from its editor");
    return Z3_E_INVALID;
  }
  if (z->pixels_size != Z3_LINK_TILES_SIZE)
    return z3_error_set_at(err, Z3_E_INVALID, 0x0D, "'%s' has 0x%zX bytes of pixels; Link's 896 tiles are 0x%X", path,
                           z->pixels_size, Z3_LINK_TILES_SIZE);
  if (z->palette_size != 0 && z->palette_size != Z3_LINK_MAILS_SIZE && z->palette_size != Z3_LINK_PALETTE_SIZE)
    return z3_error_set_at(err, Z3_E_INVALID, 0x13, "'%s' has 0x%zX bytes of palette; expected 0x78 (mails) or 0x7C (with gloves)",
                           path, z->palette_size);
  return Z3_OK;
}

z3_status cmd_sprite_link_import(z3_cmd_ctx *ctx, z3_error *err) {
  const char *path = z3_arg_str(ctx, "zspr");
  z3_buf file;
  z3_buf_init(&file);
  z3_zspr z;
  z3_link_gfx *g = z3_malloc(sizeof *g);
  if (!g) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = load_zspr(path, &file, &z, err);
  if (st == Z3_OK) {
    st = check_link_sprite(&z, path, err);
    if (st == Z3_OK) st = z3_link_gfx_read(ctx->rom, g, err);
    if (st == Z3_OK) {
      memcpy(g->tiles, z.pixels, Z3_LINK_TILES_SIZE);
      memcpy(g->palette, z.palette, z.palette_size);
      st = z3_link_gfx_write(ctx->rom, g, z.palette_size, err);
    }
    if (st == Z3_OK) {
      json_object_set_new(ctx->result, "sprite", zspr_json(&z));
      json_object_set_new(ctx->result, "palettes_written", json_boolean(z.palette_size >= Z3_LINK_MAILS_SIZE));
      json_object_set_new(ctx->result, "gloves_written", json_boolean(z.palette_size >= Z3_LINK_PALETTE_SIZE));
    }
    z3_zspr_release(&z);
  }
  z3_free(g);
  z3_buf_release(&file);
  return st;
}

static z3_status encode_png(const z3_link_gfx *g, int mail, z3_buf *out, z3_error *err) {
  uint16_t colors[16];
  z3_link_mail_colors(g, mail, colors);
  uint8_t rgba[16][4];
  for (int i = 0; i < 16; i++) {
    z3_rgb c = z3_color_to_rgb(colors[i]);
    rgba[i][0] = c.r, rgba[i][1] = c.g, rgba[i][2] = c.b, rgba[i][3] = i ? 255 : 0;
  }
  uint8_t *px = z3_malloc((size_t)Z3_LINK_TILES * 64);
  if (!px) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_sheet_decode(Z3_TILE_4BPP, g->tiles, Z3_LINK_TILES, px);
  z3_status st = z3_png_write_indexed(out, Z3_SHEET_WIDTH, Z3_LINK_SHEET_HEIGHT, px, (const uint8_t(*)[4])rgba, 16, err);
  z3_free(px);
  return st;
}

static bool wants_png(const z3_cmd_ctx *ctx, const char *path) {
  const char *format = z3_arg_str(ctx, "format");
  if (format) return strcmp(format, "png") == 0;
  const char *dot = strrchr(path, '.');
  return dot && strcasecmp(dot, ".png") == 0;
}

z3_status cmd_sprite_link_export(z3_cmd_ctx *ctx, z3_error *err) {
  const char *path = z3_arg_str(ctx, "out");
  bool png = wants_png(ctx, path);
  int mail = z3_arg_choice(ctx, "mail");
  z3_link_gfx *g = z3_malloc(sizeof *g);
  if (!g) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = z3_link_gfx_read(ctx->rom, g, err);
  if (st == Z3_OK && png) st = encode_png(g, mail < 0 ? 0 : mail, &file, err);
  if (st == Z3_OK && !png) {
    z3_zspr_fields f = {.name = z3_arg_str(ctx, "name"), .author = z3_arg_str(ctx, "author"),
                        .author_short = z3_arg_str(ctx, "author-short"), .sprite_type = Z3_ZSPR_TYPE_LINK,
                        .pixels = g->tiles, .pixels_size = Z3_LINK_TILES_SIZE,
                        .palette = g->palette, .palette_size = Z3_LINK_PALETTE_SIZE};
    st = z3_zspr_write(&file, &f, err);
  }
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, path, file.data, file.len, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "format", json_string(png ? "png" : "zspr"));
    json_object_set_new(ctx->result, "out", json_string(path));
    json_object_set_new(ctx->result, "bytes", json_integer((json_int_t)file.len));
    json_object_set_new(ctx->result, "tiles", json_integer(Z3_LINK_TILES));
    if (png) json_object_set_new(ctx->result, "mail", json_string(z3_link_mail_names[mail < 0 ? 0 : mail]));
  }
  z3_buf_release(&file);
  z3_free(g);
  return st;
}
