/* dungeon list-layouts / list-overlays, and the --layout / --overlay targets of
 * the object commands: layouts and overlays are object lists shared by rooms,
 * so every result says which rooms an edit reaches. */
#include "cmd/handlers_dungeon.h"

static json_t *rooms_json(const z3_dungeon *d, const z3_object_list *l) {
  int rooms[Z3_ROOM_COUNT];
  size_t n = z3_list_rooms(d, l, rooms);
  json_t *list = json_array();
  for (size_t i = 0; i < n; i++) json_array_append_new(list, z3_json_hex((unsigned)rooms[i], 3));
  return list;
}

/* The room tags that select an overlay (for list-overlays). */
static json_t *tags_json(int overlay) {
  json_t *list = json_array();
  for (unsigned tag = 0; tag < 0x40; tag++) {
    int ids[2];
    size_t n = z3_tag_overlays((uint8_t)tag, ids);
    for (size_t k = 0; k < n; k++) {
      if (ids[k] != overlay) continue;
      json_t *t = json_object();
      json_object_set_new(t, "tag", z3_json_hex(tag, 2));
      json_object_set_new(t, "name", json_string(z3_room_tag_name((uint8_t)tag)));
      /* two-overlay tags: the base one for switch tiles 0x23/0x3A, the next for 0x3B */
      json_object_set_new(t, "when", json_string(n == 1 ? "always" : k == 0 ? "switch tile 0x23/0x3A" : "switch tile 0x3B"));
      json_array_append_new(list, t);
    }
  }
  return list;
}

static json_t *list_summary(const z3_rom *rom, const z3_dungeon *d, const z3_object_list *l) {
  json_t *o = json_object();
  char text[10];
  z3_snes_format_address(l->addr, text);
  json_object_set_new(o, "index", json_integer(l->index));
  json_object_set_new(o, "address", json_string(text));
  json_object_set_new(o, "offset", z3_json_hex((unsigned)l->pc, 6));
  json_object_set_new(o, "objects", json_integer((json_int_t)l->count));
  json_object_set_new(o, "bytes", json_integer((json_int_t)l->len));
  json_object_set_new(o, "rooms", rooms_json(d, l));
  if (l->kind == Z3_LIST_OVERLAY) json_object_set_new(o, "tags", tags_json(l->index));
  (void)rom;
  return o;
}

static z3_status list_lists(z3_cmd_ctx *ctx, z3_list_kind kind, z3_error *err) {
  z3_dungeon *d;
  int unused;
  z3_status st = z3_cmd__dungeon_open(ctx, &d, &unused, err);
  if (st) return st;
  json_t *list = json_array();
  for (int i = 0; i < Z3_OBJECT_LISTS; i++)
    if (d->lists[i].kind == kind) json_array_append_new(list, list_summary(ctx->rom, d, &d->lists[i]));
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(list)));
  json_object_set_new(ctx->result, kind == Z3_LIST_LAYOUT ? "layouts" : "overlays", list);
  z3_dungeon_free(d);
  return Z3_OK;
}

z3_status cmd_dungeon_list_layouts(z3_cmd_ctx *ctx, z3_error *err) { return list_lists(ctx, Z3_LIST_LAYOUT, err); }
z3_status cmd_dungeon_list_overlays(z3_cmd_ctx *ctx, z3_error *err) { return list_lists(ctx, Z3_LIST_OVERLAY, err); }

z3_status z3_cmd__objects_open(z3_cmd_ctx *ctx, z3_dungeon **d, int *room, z3_object_list **list, z3_error *err) {
  *list = NULL, *room = -1;
  bool by_layout = z3_arg_given(ctx, "layout"), by_overlay = z3_arg_given(ctx, "overlay");
  int targets = z3_arg_given(ctx, "room") + by_layout + by_overlay;
  if (targets != 1) {
    z3_error_set(err, Z3_E_USAGE, "give exactly one of --room, --layout and --overlay (%d given)", targets);
    z3_error_hint(err, "layouts are 0-7 (see 'z3ed dungeon list-layouts'), overlays 0-18 ('z3ed dungeon list-overlays')");
    return Z3_E_USAGE;
  }
  if ((by_layout || by_overlay) && z3_command_arg(ctx->cmd, "layer") && z3_arg_given(ctx, "layer")) {
    return z3_error_set(err, Z3_E_USAGE, "--layer applies to rooms only: a %s is a single list",
                        by_layout ? "layout" : "overlay");
  }
  z3_status st = z3_cmd__dungeon_open(ctx, d, room, err);
  if (st || !(by_layout || by_overlay)) return st;
  z3_list_kind kind = by_layout ? Z3_LIST_LAYOUT : Z3_LIST_OVERLAY;
  *list = z3_dungeon_list(*d, kind, z3_arg_int(ctx, z3_list_kind_name(kind)), err);
  if (*list) return Z3_OK;
  z3_dungeon_free(*d);
  *d = NULL;
  return Z3_E_NOT_FOUND;
}

/* Names the list in the result, with the rooms that draw it. */
void z3_cmd__list_result(z3_cmd_ctx *ctx, const z3_dungeon *d, const z3_object_list *l) {
  json_object_set_new(ctx->result, z3_list_kind_name(l->kind), json_integer(l->index));
  json_object_set_new(ctx->result, "rooms_affected", rooms_json(d, l));
}

z3_status z3_cmd__list_commit(z3_cmd_ctx *ctx, z3_dungeon *d, z3_object_list *l, z3_status st, z3_error *err) {
  if (st == Z3_OK) {
    int rooms[Z3_ROOM_COUNT];
    size_t n = z3_list_rooms(d, l, rooms);
    char *text = z3_strfmt("%s %d %s (shared: %zu room%s it)", z3_list_kind_name(l->kind), l->index,
                           l->notes ? l->notes : "unchanged", n, n == 1 ? " draws" : "s draw");
    json_object_set_new(ctx->result, "description", json_string(text ? text : ""));
    z3_free(text);
    z3_cmd__list_result(ctx, d, l);
    st = z3_dungeon_save(d, ctx->rom, err);
  }
  z3_dungeon_free(d);
  return st;
}

json_t *z3_cmd__list_objects_json(const z3_object_list *l) {
  json_t *list = json_array();
  for (size_t i = 0; i < l->count; i++) {
    json_array_append_new(list, z3_room_object_json(&l->objects[i], -1, i)); /* one list: no layer */
  }
  return list;
}
