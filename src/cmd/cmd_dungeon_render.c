/* dungeon render: a room as a 512x512 indexed PNG. */
#include <string.h>

#include "base/png.h"
#include "cmd/handlers_dungeon.h"
#include "zelda3/dungeon_json.h"
#include "zelda3/dungeon_render.h"

/* --layout / --overlay: the list to draw alone, and a room for its graphics
 * (--room, else the first room using the list, else 0x000). */
static z3_status pick_list(z3_cmd_ctx *ctx, z3_dungeon *d, int *room, const z3_object_list **out, z3_error *err) {
  bool by_layout = z3_arg_given(ctx, "layout"), by_overlay = z3_arg_given(ctx, "overlay");
  *out = NULL;
  if (by_layout && by_overlay) return z3_error_set(err, Z3_E_USAGE, "give --layout or --overlay, not both");
  if (!by_layout && !by_overlay) {
    if (*room >= 0) return Z3_OK;
    return z3_error_set(err, Z3_E_USAGE, "give --room, --layout or --overlay");
  }
  z3_list_kind kind = by_layout ? Z3_LIST_LAYOUT : Z3_LIST_OVERLAY;
  const z3_object_list *l = z3_dungeon_list(d, kind, z3_arg_int(ctx, z3_list_kind_name(kind)), err);
  if (!l) return Z3_E_NOT_FOUND;
  int rooms[Z3_ROOM_COUNT];
  if (*room < 0) *room = z3_list_rooms(d, l, rooms) ? rooms[0] : 0;
  *out = l;
  return Z3_OK;
}

z3_status cmd_dungeon_render(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &room, err);
  if (st) return st;
  const z3_object_list *only = NULL;
  st = pick_list(ctx, d, &room, &only, err);
  const char *which = z3_arg_str(ctx, "layer");
  z3_room_layers layers = strcmp(which, "bg1") == 0 ? Z3_RENDER_BG1 : strcmp(which, "bg2") == 0 ? Z3_RENDER_BG2 : Z3_RENDER_ALL;
  z3_room_image *img = st == Z3_OK ? z3_malloc(sizeof *img) : NULL;
  if (st == Z3_OK && !img) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = only ? z3_list_render(ctx->rom, d, only, room, img, err) : z3_room_render(ctx->rom, d, room, layers, img, err);
  if (st == Z3_OK && only) json_object_set_new(ctx->result, z3_list_kind_name(only->kind), json_integer(only->index));
  z3_dungeon_free(d);
  z3_buf png;
  z3_buf_init(&png);
  if (st == Z3_OK) {
    st = z3_png_write_indexed(&png, Z3_ROOM_PIXELS, Z3_ROOM_PIXELS, img->pixels, (const uint8_t(*)[4])img->palette,
                              Z3_ROOM_RENDER_COLORS, err);
  }
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), png.data, png.len, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "room", z3_json_hex((unsigned)room, 3));
    json_object_set_new(ctx->result, "objects_drawn", json_integer(img->objects_drawn));
    json_object_set_new(ctx->result, "objects_unrendered", json_integer(img->unrendered));
    json_t *b = json_object();
    json_object_set_new(b, "main", z3_json_hex((unsigned)img->main_blockset, 2));
    json_object_set_new(b, "aux", z3_json_hex((unsigned)img->aux_blockset, 2));
    json_object_set_new(ctx->result, "blockset", b);
    json_object_set_new(ctx->result, "palette", json_integer(img->palette_id));
  }
  z3_buf_release(&png);
  z3_free(img);
  return st;
}
