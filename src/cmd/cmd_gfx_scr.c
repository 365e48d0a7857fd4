/* gfx export/import --format scr and gfx render-scad: backgrounds as SCAD screen sets (zelda3/bg_scene.h). */
#include <string.h>
#include <strings.h>

#include "base/png.h"
#include "cmd/handlers.h"
#include "cmd/handlers_dungeon.h"
#include "cmd/handlers_overworld.h"
#include "snes/color.h"
#include "snes/palfile.h"
#include "zelda3/bg_scene.h"

enum { SCAD_MAX_FILE = 0x20000 };

bool z3_cmd__gfx_wants_scr(const z3_cmd_ctx *ctx) {
  /* export's own --format; import keeps --format for the output, as palette import does */
  const char *format = z3_arg_str(ctx, z3_command_arg(ctx->cmd, "file-format") ? "file-format" : "format");
  if (format) return strcmp(format, "scr") == 0;
  const char *in = z3_command_arg(ctx->cmd, "in") ? z3_arg_str(ctx, "in") : NULL, *dot = in ? strrchr(in, '.') : NULL;
  return dot && strcasecmp(dot, ".scr") == 0;
}

/* --map or --room (and --layer), exactly one, for the background a screen set holds. */
static z3_status which_background(const z3_cmd_ctx *ctx, bool import, z3_error *err) {
  bool map = z3_arg_given(ctx, "map"), room = !import && z3_arg_given(ctx, "room");
  if (z3_arg_given(ctx, "sheet"))
    return z3_error_set(err, Z3_E_USAGE, "--sheet does not go with --format scr: a screen holds a background, not a sheet");
  if (import && !map) {
    z3_error_set(err, Z3_E_USAGE, "importing a screen needs --map: only overworld screens are made of tile16s to choose");
    z3_error_hint(err, "a room's layers are drawn by its objects; edit them with 'z3ed dungeon' commands");
    return Z3_E_USAGE;
  }
  if (map == room) return z3_error_set(err, Z3_E_USAGE, "--format scr needs one of --map AREA or --room ROOM");
  return Z3_OK;
}

static z3_status build_scene(z3_cmd_ctx *ctx, z3_bg_scene *scene, char **stem, z3_error *err) {
  if (z3_arg_given(ctx, "map")) {
    int id;
    z3_overworld *ow = NULL;
    z3_status st = z3_cmd__ow_open(ctx, &id, &ow, err);
    if (st == Z3_OK) st = z3_ow_bg_scene(ow, ctx->rom, id, scene, err);
    if (st == Z3_OK) *stem = z3_strfmt("area_%02X", id);
    z3_ow_free(ow);
    return st;
  }
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  const char *layer = z3_arg_str(ctx, "layer");
  int bg = layer && strcmp(layer, "bg2") == 0 ? 1 : 0;
  st = z3_room_bg_scene(ctx->rom, d, room, bg, scene, err);
  if (st == Z3_OK) *stem = z3_strfmt("room_%03X_bg%d", room, bg + 1);
  z3_dungeon_free(d);
  return st;
}

static z3_status write_one(z3_cmd_ctx *ctx, const char *dir, const char *stem, const char *ext, const z3_buf *b,
                           z3_error *err) {
  char *path = z3_strfmt("%s/%s.%s", dir, stem, ext);
  z3_status st = path ? z3_cmd_write_file(ctx, path, b->data, b->len, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_free(path);
  return st;
}

z3_status z3_cmd__gfx_export_scr(z3_cmd_ctx *ctx, const char *dir, z3_error *err) {
  z3_status st = which_background(ctx, false, err);
  z3_bg_scene *scene = st ? NULL : z3_malloc(sizeof *scene);
  if (!st && !scene) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  char *stem = NULL;
  if (st == Z3_OK) st = build_scene(ctx, scene, &stem, err);
  z3_buf scr, cgx, col;
  z3_buf_init(&scr), z3_buf_init(&cgx), z3_buf_init(&col);
  if (st == Z3_OK) st = z3_scr_write(&scr, &scene->scr, err);
  if (st == Z3_OK) st = z3_cgx_write(&cgx, Z3_TILE_4BPP, scene->chars, Z3_BG_SCENE_CHARS, err);
  if (st == Z3_OK) st = z3_palfile_write(&col, Z3_PALFILE_COL, scene->cgram, 256, err);
  if (st == Z3_OK) st = write_one(ctx, dir, stem, "scr", &scr, err);
  if (st == Z3_OK) st = write_one(ctx, dir, stem, "cgx", &cgx, err);
  if (st == Z3_OK) st = write_one(ctx, dir, stem, "col", &col, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "format", json_string("scr"));
    json_object_set_new(ctx->result, "name", json_string(stem));
  }
  z3_buf_release(&scr), z3_buf_release(&cgx), z3_buf_release(&col);
  z3_free(stem);
  z3_free(scene);
  return st;
}

static z3_status read_scr(const char *path, z3_scr *scr, z3_error *err) {
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = z3_file_read(&file, path, SCAD_MAX_FILE, err);
  if (st == Z3_OK) st = z3_scr_read(scr, file.data, file.len, err);
  if (st) z3_error_hint(err, "in '%s'", path);
  z3_buf_release(&file);
  return st;
}

z3_status z3_cmd__gfx_import_scr(z3_cmd_ctx *ctx, z3_error *err) {
  z3_status st = which_background(ctx, true, err);
  z3_scr *scr = st ? NULL : z3_malloc(sizeof *scr);
  if (!st && !scr) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = read_scr(z3_arg_str(ctx, "in"), scr, err);
  if (st == Z3_OK && scr->tiles16) st = z3_error_set(err, Z3_E_INVALID, "the screen uses 16x16 tiles; areas are built of 8x8 tile words");
  int id = 0, changed = 0;
  z3_overworld *ow = NULL;
  uint16_t grid[32 * 32];
  if (st == Z3_OK) st = z3_cmd__ow_open(ctx, &id, &ow, err);
  if (st == Z3_OK) st = z3_ow_tile16_from_words(ow, scr->words, grid, err);
  if (st == Z3_OK) { /* the screen's place in its (large) area's tile16 grid */
    int parent = ow->areas[id].parent, ox = ((id - parent) % 8) * 32, oy = ((id - parent) / 8) * 32;
    for (int i = 0; st == Z3_OK && i < 32 * 32; i++) {
      uint16_t old;
      st = z3_ow_get_tile16(ow, parent, ox + i % 32, oy + i / 32, &old, err);
      if (st == Z3_OK && old != grid[i]) {
        changed++;
        st = z3_ow_set_tile16(ow, parent, ox + i % 32, oy + i / 32, grid[i], err);
      }
    }
  }
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
    json_object_set_new(ctx->result, "tile16_changed", json_integer(changed));
  }
  z3_ow_free(ow);
  z3_free(scr);
  return st;
}

/* The CGX and COL beside the SCR (same name) unless given. */
static char *sibling(const char *scr_path, const char *ext) {
  const char *dot = strrchr(scr_path, '.');
  size_t stem = dot ? (size_t)(dot - scr_path) : strlen(scr_path);
  return z3_strfmt("%.*s.%s", (int)stem, scr_path, ext);
}

static z3_status read_set(const z3_cmd_ctx *ctx, z3_scr *scr, z3_buf *chars, z3_tile_format *f, uint16_t colors[256],
                          z3_error *err) {
  const char *scr_path = z3_arg_str(ctx, "scr");
  char *cgx_path = z3_arg_given(ctx, "cgx") ? z3_strdup(z3_arg_str(ctx, "cgx")) : sibling(scr_path, "cgx");
  char *col_path = z3_arg_given(ctx, "col") ? z3_strdup(z3_arg_str(ctx, "col")) : sibling(scr_path, "col");
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = cgx_path && col_path ? read_scr(scr_path, scr, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_file_read(&file, cgx_path, SCAD_MAX_FILE, err);
  if (st == Z3_OK) st = z3_cgx_read(chars, f, file.data, file.len, err);
  if (st == Z3_OK) file.len = 0, st = z3_file_read(&file, col_path, SCAD_MAX_FILE, err);
  size_t n = 0;
  memset(colors, 0, 256 * sizeof *colors);
  if (st == Z3_OK) st = z3_palfile_read(colors, 256, &n, Z3_PALFILE_COL, file.data, file.len, err);
  if (st && !err->hint[0]) z3_error_hint(err, "the set is %s, %s and %s", scr_path, cgx_path ? cgx_path : "?", col_path ? col_path : "?");
  z3_free(cgx_path), z3_free(col_path);
  z3_buf_release(&file);
  return st;
}

z3_status cmd_gfx_render_scad(z3_cmd_ctx *ctx, z3_error *err) {
  z3_scr *scr = z3_malloc(sizeof *scr);
  uint8_t *pixels = z3_malloc(1024 * 1024);
  z3_buf chars, png;
  z3_buf_init(&chars), z3_buf_init(&png);
  z3_tile_format f = Z3_TILE_4BPP;
  uint16_t colors[256];
  uint32_t side = 0;
  z3_status st = scr && pixels ? read_set(ctx, scr, &chars, &f, colors, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_scad_render(scr, f, chars.data, pixels, &side, err);
  if (st == Z3_OK) {
    uint8_t rgba[256][4];
    for (int i = 0; i < 256; i++) {
      z3_rgb c = z3_color_to_rgb(colors[i]);
      rgba[i][0] = c.r, rgba[i][1] = c.g, rgba[i][2] = c.b, rgba[i][3] = 255;
    }
    st = z3_png_write_indexed(&png, side, side, pixels, (const uint8_t(*)[4])rgba, 256, err);
  }
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), png.data, png.len, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "width", json_integer(side));
    json_object_set_new(ctx->result, "height", json_integer(side));
    json_object_set_new(ctx->result, "cgx_format", json_string(z3_tile_format_name(f)));
    json_object_set_new(ctx->result, "tile_size", json_integer(scr->tiles16 ? 16 : 8));
  }
  z3_buf_release(&chars), z3_buf_release(&png);
  z3_free(scr), z3_free(pixels);
  return st;
}
