/* palette list / get / get-color / set-color / export / import. */
#include <stdio.h>
#include <string.h>

#include "cmd/handlers.h"
#include "snes/color.h"
#include "snes/palfile.h"
#include "zelda3/palettes.h"

z3_status z3_cmd__palette_spec(const char *spec, const z3_palette_group **group, int *index,
                               z3_error *err) {
  char name[64];
  const char *colon = strchr(spec, ':');
  size_t n = colon ? (size_t)(colon - spec) : strlen(spec);
  uint64_t i = 0;
  if (n >= sizeof name || (colon && !z3_parse_u64(colon + 1, &i)) || i > 1000) {
    z3_error_set(err, Z3_E_USAGE, "palette '%s' is not GROUP:INDEX", spec);
    z3_error_hint(err, "for example ow_main:0; 'z3ed palette list' names the groups");
    return Z3_E_USAGE;
  }
  memcpy(name, spec, n);
  name[n] = '\0';
  return z3_cmd__palette_group(name, (int)i, group, index, err);
}

z3_status z3_cmd__palette_group(const char *name, int i, const z3_palette_group **group,
                                int *index, z3_error *err) {
  *group = z3_palette_group_find(name);
  if (!*group) {
    z3_error_set(err, Z3_E_NOT_FOUND, "unknown palette group '%s'", name);
    const char *near = z3_palette_group_suggest(name);
    if (near) z3_error_hint(err, "did you mean '%s'?", near);
    else z3_error_hint(err, "'z3ed palette list' names the groups");
    return Z3_E_NOT_FOUND;
  }
  *index = i;
  return z3_palette_check(*group, i, 0, err);
}

static z3_status group_arg(const z3_cmd_ctx *ctx, const z3_palette_group **g, int *index, z3_error *err) {
  return z3_cmd__palette_group(z3_arg_str(ctx, "group"), (int)z3_arg_int(ctx, "index"), g, index, err);
}

static json_t *color_json(uint16_t c) {
  char hex[8], snes[8];
  z3_color_format_hex(c, hex);
  snprintf(snes, sizeof snes, "$%04X", c);
  json_t *o = json_object();
  json_object_set_new(o, "rgb", json_string(hex));
  json_object_set_new(o, "snes", json_string(snes));
  return o;
}

static json_t *group_json(const z3_palette_group *g) {
  json_t *o = json_object();
  json_object_set_new(o, "group", json_string(g->name));
  json_object_set_new(o, "palettes", json_integer(g->count));
  json_object_set_new(o, "colors", json_integer(g->colors));
  json_object_set_new(o, "stores_transparent", json_boolean(g->includes_transparent));
  size_t at[Z3_PALETTE_MAX_COPIES];
  int copies = z3_palette_color_offsets(g, 0, 0, at);
  json_object_set_new(o, "offset", z3_cmd__hex(at[0], 6));
  json_object_set_new(o, "copies", json_integer(copies));
  json_object_set_new(o, "description", json_string(g->description));
  return o;
}

z3_status cmd_palette_list(z3_cmd_ctx *ctx, z3_error *err) {
  (void)err;
  json_t *list = json_array();
  for (size_t i = 0; i < z3_palette_group_count; i++) json_array_append_new(list, group_json(&z3_palette_groups[i]));
  json_object_set_new(ctx->result, "groups", list);
  return Z3_OK;
}

z3_status cmd_palette_get(z3_cmd_ctx *ctx, z3_error *err) {
  const z3_palette_group *g;
  int index;
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  z3_status st = group_arg(ctx, &g, &index, err);
  if (st == Z3_OK) st = z3_palette_read(ctx->rom, g, index, colors, err);
  if (st) return st;
  json_object_set_new(ctx->result, "group", json_string(g->name));
  json_object_set_new(ctx->result, "index", json_integer(index));
  json_t *list = json_array();
  for (int c = 0; c < g->colors; c++) json_array_append_new(list, color_json(colors[c]));
  json_object_set_new(ctx->result, "colors", list);
  return Z3_OK;
}

z3_status cmd_palette_get_color(z3_cmd_ctx *ctx, z3_error *err) {
  const z3_palette_group *g;
  int index, color = (int)z3_arg_int(ctx, "color");
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  z3_status st = group_arg(ctx, &g, &index, err);
  if (st == Z3_OK) st = z3_palette_check(g, index, color, err);
  if (st == Z3_OK) st = z3_palette_read(ctx->rom, g, index, colors, err);
  if (st) return st;
  json_object_set_new(ctx->result, "group", json_string(g->name));
  json_object_set_new(ctx->result, "index", json_integer(index));
  json_object_set_new(ctx->result, "color", json_integer(color));
  json_object_set_new(ctx->result, "value", color_json(colors[color]));
  return Z3_OK;
}

z3_status cmd_palette_set_color(z3_cmd_ctx *ctx, z3_error *err) {
  const z3_palette_group *g;
  int index, color = (int)z3_arg_int(ctx, "color");
  uint16_t colors[Z3_PALETTE_MAX_COLORS], value;
  const char *text = z3_arg_str(ctx, "value");
  if (!z3_color_parse(text, &value)) {
    z3_error_set(err, Z3_E_USAGE, "--value '%s' is not a colour", text);
    z3_error_hint(err, "write #RRGGBB, $7FFF (BGR555) or r,g,b");
    return Z3_E_USAGE;
  }
  z3_status st = group_arg(ctx, &g, &index, err);
  if (st == Z3_OK) st = z3_palette_check(g, index, color, err);
  if (st == Z3_OK) st = z3_palette_read(ctx->rom, g, index, colors, err);
  if (st == Z3_OK) st = z3_palette_write_color(ctx->rom, g, index, color, value, err);
  if (st) return st;
  json_object_set_new(ctx->result, "group", json_string(g->name));
  json_object_set_new(ctx->result, "index", json_integer(index));
  json_object_set_new(ctx->result, "color", json_integer(color));
  json_object_set_new(ctx->result, "old", color_json(colors[color]));
  json_object_set_new(ctx->result, "new", color_json(value));
  return Z3_OK;
}

static z3_status file_format(const z3_cmd_ctx *ctx, const char *path, z3_palfile_format *f, z3_error *err) {
  const char *given = z3_arg_str(ctx, "file-format");
  if (given ? z3_palfile_format_parse(given, f) : z3_palfile_format_from_path(path, f)) return Z3_OK;
  z3_error_set(err, Z3_E_USAGE, "cannot tell the palette file format of '%s'", path);
  z3_error_hint(err, "use a .json, .pal, .col or .png name, or --file-format json|jasc|col|png");
  return Z3_E_USAGE;
}

z3_status cmd_palette_export(z3_cmd_ctx *ctx, z3_error *err) {
  const z3_palette_group *g;
  int index;
  const char *path = z3_arg_str(ctx, "out");
  z3_palfile_format f;
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = group_arg(ctx, &g, &index, err);
  if (st == Z3_OK) st = file_format(ctx, path, &f, err);
  if (st == Z3_OK) st = z3_palette_read(ctx->rom, g, index, colors, err);
  if (st == Z3_OK) st = z3_palfile_write(&file, f, colors, (size_t)g->colors, err);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, path, file.data, file.len, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "format", json_string(z3_palfile_format_name(f)));
    json_object_set_new(ctx->result, "colors", json_integer(g->colors));
  }
  z3_buf_release(&file);
  return st;
}

/* A file may hold exactly the stored colours, or one more in front (the
 * transparent slot that 16-colour editors keep), or a whole SCAD CGRAM. */
static z3_status fit_colors(const z3_palette_group *g, const char *path, uint16_t *colors, size_t n,
                            z3_palfile_format f, const uint16_t **first, z3_error *err) {
  size_t want = (size_t)g->colors;
  *first = colors;
  if (n == want || (f == Z3_PALFILE_COL && n >= want)) return Z3_OK;
  if (n == want + 1 && !g->includes_transparent) {
    *first = colors + 1;
    return Z3_OK;
  }
  z3_error_set(err, Z3_E_INVALID, "'%s' holds %zu colours; palette group '%s' stores %zu per palette",
               path, n, g->name, want);
  z3_error_hint(err, "export one first to see the expected shape");
  return Z3_E_INVALID;
}

z3_status cmd_palette_import(z3_cmd_ctx *ctx, z3_error *err) {
  const z3_palette_group *g;
  int index;
  const char *path = z3_arg_str(ctx, "in");
  z3_palfile_format f;
  uint16_t colors[256];
  const uint16_t *first = colors;
  size_t n = 0;
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = group_arg(ctx, &g, &index, err);
  if (st == Z3_OK) st = file_format(ctx, path, &f, err);
  if (st == Z3_OK) st = z3_file_read(&file, path, 4u << 20, err);
  if (st == Z3_OK) st = z3_palfile_read(colors, 256, &n, f, file.data, file.len, err);
  if (st == Z3_OK) st = fit_colors(g, path, colors, n, f, &first, err);
  if (st == Z3_OK) st = z3_palette_write(ctx->rom, g, index, first, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "group", json_string(g->name));
    json_object_set_new(ctx->result, "index", json_integer(index));
    json_object_set_new(ctx->result, "colors", json_integer(g->colors));
  }
  z3_buf_release(&file);
  return st;
}
