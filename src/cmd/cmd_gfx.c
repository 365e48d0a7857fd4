/* gfx list / export / import / get-pixel / set-pixel / repack. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "base/png.h"
#include "cmd/export_text.h"
#include "cmd/handlers.h"
#include "snes/color.h"
#include "snes/scad.h"
#include "zelda3/gfx.h"
#include "zelda3/palettes.h"

enum { MAX_LEVELS = 16 };

/* Display colours for pixel values: index 0 transparent, the rest from a
 * palette (GROUP:INDEX) or a grey ramp. `levels` = 4 (2bpp) or 8 (3bpp). */
typedef struct sheet_palette {
  uint16_t snes[MAX_LEVELS];
  uint8_t rgba[MAX_LEVELS][4];
  int levels;
  char name[64];
} sheet_palette;

static void set_entry(sheet_palette *p, int v, uint16_t snes) {
  z3_rgb rgb = z3_color_to_rgb(snes);
  p->snes[v] = snes;
  p->rgba[v][0] = rgb.r, p->rgba[v][1] = rgb.g, p->rgba[v][2] = rgb.b;
  p->rgba[v][3] = v == 0 ? 0 : 255;
}

static void grey_palette(int levels, sheet_palette *p) {
  memset(p, 0, sizeof *p);
  p->levels = levels;
  snprintf(p->name, sizeof p->name, "grey");
  for (int v = 0; v < levels; v++) {
    unsigned g = (unsigned)(v * 31 / (levels - 1));
    set_entry(p, v, (uint16_t)(g | g << 5 | g << 10));
  }
}

static z3_status build_palette(const z3_cmd_ctx *ctx, int levels, sheet_palette *p, z3_error *err) {
  memset(p, 0, sizeof *p);
  p->levels = levels;
  const char *spec = z3_arg_str(ctx, "palette");
  if (!spec) {
    grey_palette(levels, p);
    return Z3_OK;
  }
  const z3_palette_group *g;
  int index;
  z3_status st = z3_cmd__palette_spec(spec, &g, &index, err);
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  if (st == Z3_OK) st = z3_palette_read(ctx->rom, g, index, colors, err);
  if (st) return st;
  int first = g->includes_transparent ? 0 : 1; /* which pixel value the first stored colour serves */
  if (g->colors + first < levels) {
    return z3_error_set(err, Z3_E_INVALID, "palette %s stores %d colours; a %d-colour sheet needs %d",
                        spec, g->colors, levels, levels - first);
  }
  snprintf(p->name, sizeof p->name, "%s", spec);
  set_entry(p, 0, first ? 0 : colors[0]);
  for (int v = 1; v < levels; v++) set_entry(p, v, colors[v - first]);
  return Z3_OK;
}

static int levels_of(z3_tile_format f) { return f == Z3_TILE_2BPP ? 4 : 8; }

/* --sheet N or "all" into [first, last]. */
static z3_status sheet_range(const z3_cmd_ctx *ctx, int *first, int *last, z3_error *err) {
  const char *s = z3_arg_str(ctx, "sheet");
  uint64_t v;
  if (!s) return z3_error_set(err, Z3_E_USAGE, "--sheet is required (a number, or all), unless --format scr");
  if (strcmp(s, "all") == 0) {
    *first = 0, *last = Z3_SHEET_COUNT - 1;
    return Z3_OK;
  }
  if (!z3_parse_u64(s, &v) || v >= Z3_SHEET_COUNT) {
    z3_error_set(err, Z3_E_USAGE, "--sheet '%s' is not a sheet number (0-222 or 0x00-0xDE) or 'all'", s);
    return Z3_E_USAGE;
  }
  *first = *last = (int)v;
  return Z3_OK;
}

static json_t *sheet_json(const z3_rom *rom, int i) {
  z3_sheet_info info;
  z3_error err;
  z3_error_init(&err);
  json_t *o = json_object();
  json_object_set_new(o, "sheet", z3_cmd__hex((uint64_t)i, 2));
  json_object_set_new(o, "kind", json_string(z3_sheet_kind_name(z3_sheet_kind_of(i))));
  if (z3_gfx_sheet_read(rom, i, &info, NULL, &err) != Z3_OK) {
    json_object_set_new(o, "error", json_string(err.message));
    return o;
  }
  char addr[10];
  z3_snes_format_address(info.address, addr);
  json_object_set_new(o, "address", json_string(addr));
  json_object_set_new(o, "offset", z3_cmd__hex(info.offset, 6));
  json_object_set_new(o, "stored_size", json_integer((json_int_t)info.stored_size));
  json_object_set_new(o, "size", json_integer((json_int_t)info.decoded_size));
  json_object_set_new(o, "tiles", json_integer(info.tiles));
  json_object_set_new(o, "size_ok", json_boolean(info.decoded_size == info.size));
  json_object_set_new(o, "alias_of", info.alias_of >= 0 ? z3_cmd__hex((uint64_t)info.alias_of, 2) : json_null());
  return o;
}

z3_status cmd_gfx_list(z3_cmd_ctx *ctx, z3_error *err) {
  z3_gfx_tables t;
  z3_status st = z3_gfx_find_tables(ctx->rom, &t, err);
  if (st) return st;
  json_t *list = json_array();
  int problems = 0;
  for (int i = 0; i < Z3_SHEET_COUNT; i++) {
    json_t *s = sheet_json(ctx->rom, i);
    problems += json_object_get(s, "error") || json_is_false(json_object_get(s, "size_ok"));
    json_array_append_new(list, s);
  }
  json_object_set_new(ctx->result, "count", json_integer(Z3_SHEET_COUNT));
  json_object_set_new(ctx->result, "problems", json_integer(problems));
  json_object_set_new(ctx->result, "tables", z3_cmd__hex(t.bank, 6));
  json_object_set_new(ctx->result, "sheets", list);
  return Z3_OK;
}

static z3_status ensure_folder(const z3_cmd_ctx *ctx, const char *dir, z3_error *err) {
  struct stat st;
  if (stat(dir, &st) == 0) {
    return S_ISDIR(st.st_mode) ? Z3_OK : z3_error_set(err, Z3_E_IO, "'%s' exists and is not a folder", dir);
  }
  if (ctx->dry_run || mkdir(dir, 0755) == 0) return Z3_OK;
  return z3_error_set(err, Z3_E_IO, "cannot create folder '%s': %s", dir, strerror(errno));
}

static z3_status sheet_png(const z3_sheet_info *info, const z3_buf *raw, const sheet_palette *pal, z3_buf *file,
                           z3_error *err) {
  z3_buf pixels;
  z3_buf_init(&pixels);
  z3_status st = z3_buf_resize(&pixels, (size_t)info->tiles * 64, err);
  if (st == Z3_OK) {
    z3_sheet_decode(info->format, raw->data, (size_t)info->tiles, pixels.data);
    st = z3_png_write_indexed(file, Z3_SHEET_WIDTH, (uint32_t)(info->tiles / 2), pixels.data,
                              (const uint8_t(*)[4])pal->rgba, pal->levels, err);
  }
  z3_buf_release(&pixels);
  return st;
}

z3_status z3_export_sheet_png(const z3_rom *rom, int index, z3_buf *out, z3_error *err) {
  z3_sheet_info info;
  z3_buf raw;
  z3_buf_init(&raw);
  z3_status st = z3_gfx_sheet_read(rom, index, &info, &raw, err);
  if (st == Z3_OK) st = z3_buf_resize(&raw, info.size, err);
  if (st == Z3_OK) {
    sheet_palette pal;
    grey_palette(levels_of(info.format), &pal);
    st = sheet_png(&info, &raw, &pal, out, err);
  }
  z3_buf_release(&raw);
  return st;
}

/* The file for one sheet in the chosen format. */
static z3_status encode_sheet(const z3_cmd_ctx *ctx, int index, const char *format, z3_buf *file,
                              z3_error *err) {
  z3_sheet_info info;
  z3_buf raw;
  z3_buf_init(&raw);
  z3_status st = z3_gfx_sheet_read(ctx->rom, index, &info, &raw, err);
  if (st == Z3_OK) st = z3_buf_resize(&raw, info.size, err);
  if (st == Z3_OK && strcmp(format, "bin") == 0) {
    st = z3_buf_append(file, raw.data, raw.len, err);
  } else if (st == Z3_OK && strcmp(format, "cgx") == 0) {
    if (info.format == Z3_TILE_2BPP) {
      st = z3_cgx_write(file, Z3_TILE_2BPP, raw.data, (size_t)info.tiles, err);
    } else { /* CGX has no 3bpp: the game's "low" expansion to 4bpp keeps every value */
      uint8_t *wide = z3_malloc((size_t)info.tiles * 32);
      if (!wide) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
      if (wide) z3_tile_3bpp_to_4bpp(raw.data, (size_t)info.tiles, false, wide);
      if (wide) st = z3_cgx_write(file, Z3_TILE_4BPP, wide, (size_t)info.tiles, err);
      z3_free(wide);
    }
  } else if (st == Z3_OK) {
    sheet_palette pal;
    st = build_palette(ctx, levels_of(info.format), &pal, err);
    if (st == Z3_OK) st = sheet_png(&info, &raw, &pal, file, err);
  }
  z3_buf_release(&raw);
  return st;
}

z3_status cmd_gfx_export(z3_cmd_ctx *ctx, z3_error *err) {
  int first = 0, last = -1; /* set by sheet_range on success */
  const char *dir = z3_arg_str(ctx, "out"), *format = z3_arg_str(ctx, "format");
  if (z3_cmd__gfx_wants_scr(ctx)) {
    z3_status st = ensure_folder(ctx, dir, err);
    return st ? st : z3_cmd__gfx_export_scr(ctx, dir, err);
  }
  z3_status st = sheet_range(ctx, &first, &last, err);
  if (st == Z3_OK) st = ensure_folder(ctx, dir, err);
  z3_buf file;
  z3_buf_init(&file);
  for (int i = first; st == Z3_OK && i <= last; i++) {
    file.len = 0;
    st = encode_sheet(ctx, i, format, &file, err);
    char *path = z3_strfmt("%s/sheet_%02X.%s", dir, i, format);
    if (st == Z3_OK) st = path ? z3_cmd_write_file(ctx, path, file.data, file.len, err) : Z3_E_NOMEM;
    z3_free(path);
  }
  z3_buf_release(&file);
  json_object_set_new(ctx->result, "sheets", json_integer(last - first + 1));
  json_object_set_new(ctx->result, "format", json_string(format));
  return st;
}

static void describe_write(json_t *o, int index, const z3_sheet_write_result *r) {
  json_object_set_new(o, "sheet", z3_cmd__hex((uint64_t)index, 2));
  json_object_set_new(o, "moved", json_boolean(r->moved));
  json_object_set_new(o, "old_offset", z3_cmd__hex(r->old_offset, 6));
  json_object_set_new(o, "new_offset", z3_cmd__hex(r->new_offset, 6));
  json_object_set_new(o, "old_stored_size", json_integer((json_int_t)r->old_stored_size));
  json_object_set_new(o, "new_stored_size", json_integer((json_int_t)r->new_stored_size));
  json_object_set_new(o, "aliases_updated", json_integer(r->aliases_updated));
}

/* PNG pixels to sheet values: indexed files by index, others by colour. */
static z3_status png_values(const z3_cmd_ctx *ctx, const z3_image *img, const char *path,
                            int levels, uint8_t *out, z3_error *err) {
  bool by_index = img->indices && img->palette_len <= levels && !z3_arg_given(ctx, "palette");
  sheet_palette pal;
  z3_status st = by_index ? Z3_OK : build_palette(ctx, levels, &pal, err);
  size_t n = (size_t)img->width * img->height;
  for (size_t i = 0; st == Z3_OK && i < n; i++) {
    unsigned x = (unsigned)(i % img->width), y = (unsigned)(i / img->width);
    if (by_index) {
      out[i] = img->indices[i];
      continue;
    }
    const uint8_t *px = img->rgba + 4 * i;
    if (px[3] == 0) {
      out[i] = 0;
      continue;
    }
    uint16_t snes = z3_color_from_rgb((z3_rgb){px[0], px[1], px[2]});
    int v = 1;
    while (v < levels && pal.snes[v] != snes) v++;
    if (v == levels) {
      char hex[8];
      z3_color_format_hex(snes, hex);
      z3_error_set(err, Z3_E_INVALID, "'%s' pixel (%u,%u) has colour %s, which is not in palette %s",
                   path, x, y, hex, pal.name);
      z3_error_hint(err, "use only the palette's %d colours (pixel 0 is transparent), or pass --palette GROUP:INDEX", levels - 1);
      return Z3_E_INVALID;
    }
    out[i] = (uint8_t)v;
  }
  return st;
}

static z3_status import_png(z3_cmd_ctx *ctx, int index, const z3_buf *file, uint8_t *pixels,
                            size_t tiles, int levels, z3_error *err) {
  const char *path = z3_arg_str(ctx, "in");
  z3_image img;
  memset(&img, 0, sizeof img);
  z3_status st = z3_png_read(&img, file->data, file->len, 1u << 20, err);
  if (st == Z3_OK && (img.width != Z3_SHEET_WIDTH || img.height != tiles / 2)) {
    st = z3_error_set(err, Z3_E_INVALID, "'%s' is %ux%u pixels; sheet 0x%02X is 128x%zu", path,
                      img.width, img.height, index, tiles / 2);
  }
  if (st == Z3_OK) st = png_values(ctx, &img, path, levels, pixels, err);
  z3_image_release(&img);
  return st;
}

static z3_status import_cgx(const z3_buf *file, uint8_t *pixels, size_t tiles, z3_error *err) {
  z3_buf chars;
  z3_buf_init(&chars);
  z3_tile_format f;
  z3_status st = z3_cgx_read(&chars, &f, file->data, file->len, err);
  if (st == Z3_OK) z3_sheet_decode(f, chars.data, tiles, pixels);
  z3_buf_release(&chars);
  return st;
}

/* Every value must fit the sheet's depth; the first that does not is named. */
static z3_status check_values(const uint8_t *pixels, size_t n, int levels, const char *path,
                              z3_error *err) {
  for (size_t i = 0; i < n; i++) {
    if (pixels[i] < levels) continue;
    z3_error_set(err, Z3_E_INVALID, "'%s' pixel (%zu,%zu) has value %u; this sheet has %d colours (0-%d)",
                 path, i % Z3_SHEET_WIDTH, i / Z3_SHEET_WIDTH, pixels[i], levels, levels - 1);
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

z3_status cmd_gfx_import(z3_cmd_ctx *ctx, z3_error *err) {
  if (z3_cmd__gfx_wants_scr(ctx)) return z3_cmd__gfx_import_scr(ctx, err);
  if (!z3_arg_given(ctx, "sheet")) return z3_error_set(err, Z3_E_USAGE, "--sheet is required (or a .scr file with --map)");
  int index = (int)z3_arg_int(ctx, "sheet");
  const char *path = z3_arg_str(ctx, "in");
  char given[8];
  const char *ext = strrchr(path, '.');
  if (z3_arg_given(ctx, "file-format")) snprintf(given, sizeof given, ".%s", z3_arg_str(ctx, "file-format")), ext = given;
  z3_tile_format f = z3_sheet_kind_of(index) == Z3_SHEET_COMPRESSED_2BPP ? Z3_TILE_2BPP : Z3_TILE_3BPP;
  size_t size = z3_sheet_size_of(index), tiles = size / z3_tile_bytes(f);
  int levels = levels_of(f);
  z3_buf file;
  z3_buf_init(&file);
  uint8_t *pixels = z3_malloc(tiles * 64);
  z3_status st = pixels ? z3_file_read(&file, path, 4u << 20, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_sheet_write_result res;
  memset(&res, 0, sizeof res);
  if (st == Z3_OK && ext && strcasecmp(ext, ".bin") == 0) {
    st = file.len == size ? z3_gfx_sheet_write(ctx->rom, index, file.data, size, &res, err)
                          : z3_error_set(err, Z3_E_INVALID, "'%s' is %zu bytes; sheet 0x%02X holds %zu",
                                         path, file.len, index, size);
  } else if (st == Z3_OK) {
    bool cgx = ext && strcasecmp(ext, ".cgx") == 0;
    st = cgx ? import_cgx(&file, pixels, tiles, err)
             : import_png(ctx, index, &file, pixels, tiles, levels, err);
    if (st == Z3_OK) st = check_values(pixels, tiles * 64, levels, path, err);
    if (st == Z3_OK) st = z3_gfx_sheet_set_pixels(ctx->rom, index, pixels, tiles * 64, &res, err);
  }
  if (st == Z3_OK) describe_write(ctx->result, index, &res);
  z3_free(pixels);
  z3_buf_release(&file);
  return st;
}

/* Loads a sheet's pixels and checks --x/--y against its height. */
static z3_status pixel_at(const z3_cmd_ctx *ctx, z3_buf *pixels, z3_sheet_info *info, size_t *at,
                          z3_error *err) {
  int index = (int)z3_arg_int(ctx, "sheet");
  z3_status st = z3_gfx_sheet_pixels(ctx->rom, index, pixels, info, err);
  if (st) return st;
  int64_t x = z3_arg_int(ctx, "x"), y = z3_arg_int(ctx, "y"), h = info->tiles / 2;
  if (y >= h) {
    return z3_error_set(err, Z3_E_USAGE, "--y %lld is outside sheet 0x%02X, which is 128x%lld",
                        (long long)y, index, (long long)h);
  }
  *at = (size_t)(y * Z3_SHEET_WIDTH + x);
  json_object_set_new(ctx->result, "sheet", z3_cmd__hex((uint64_t)index, 2));
  json_object_set_new(ctx->result, "x", json_integer(x));
  json_object_set_new(ctx->result, "y", json_integer(y));
  return Z3_OK;
}

z3_status cmd_gfx_get_pixel(z3_cmd_ctx *ctx, z3_error *err) {
  z3_buf pixels;
  z3_buf_init(&pixels);
  z3_sheet_info info;
  size_t at;
  z3_status st = pixel_at(ctx, &pixels, &info, &at, err);
  if (st == Z3_OK) json_object_set_new(ctx->result, "value", json_integer(pixels.data[at]));
  z3_buf_release(&pixels);
  return st;
}

z3_status cmd_gfx_set_pixel(z3_cmd_ctx *ctx, z3_error *err) {
  z3_buf pixels;
  z3_buf_init(&pixels);
  z3_sheet_info info;
  size_t at;
  z3_sheet_write_result res;
  z3_status st = pixel_at(ctx, &pixels, &info, &at, err);
  int64_t value = z3_arg_int(ctx, "value");
  int levels = levels_of(info.format);
  if (st == Z3_OK && value >= levels) {
    st = z3_error_set(err, Z3_E_USAGE, "--value %lld is too large: sheet 0x%02X has %d colours (0-%d)",
                      (long long)value, info.index, levels, levels - 1);
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "old_value", json_integer(pixels.data[at]));
    json_object_set_new(ctx->result, "value", json_integer(value));
    pixels.data[at] = (uint8_t)value;
    st = z3_gfx_sheet_set_pixels(ctx->rom, info.index, pixels.data, pixels.len, &res, err);
  }
  if (st == Z3_OK) json_object_set_new(ctx->result, "moved", json_boolean(res.moved));
  z3_buf_release(&pixels);
  return st;
}

z3_status cmd_gfx_repack(z3_cmd_ctx *ctx, z3_error *err) {
  z3_repack_result res;
  z3_status st = z3_gfx_repack(ctx->rom, &res, err);
  if (st) return st;
  json_t *r = ctx->result;
  json_object_set_new(r, "streams", json_integer(res.streams));
  json_object_set_new(r, "sheets_moved", json_integer(res.sheets_moved));
  json_object_set_new(r, "brought_back", json_integer(res.brought_back));
  json_object_set_new(r, "bytes_used", json_integer((json_int_t)res.bytes_used));
  json_object_set_new(r, "bytes_free", json_integer((json_int_t)res.bytes_free));
  json_object_set_new(r, "unreferenced_bytes_overwritten", json_integer((json_int_t)res.unreferenced));
  return Z3_OK;
}
