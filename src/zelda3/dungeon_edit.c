/* Edits of the dungeon model: checked against the limits of §3.16, described
 * in model terms, marked dirty for z3_dungeon_save. */
#include <stdio.h>
#include <string.h>

#include "zelda3/dungeon_internal.h"

size_t z3_room_object_total(const z3_room *room) {
  size_t n = 0;
  for (int l = 0; l < Z3_ROOM_LAYERS; l++) n += room->object_count[l];
  return n;
}

static z3_status check_layer(int room, int layer, z3_error *err) {
  if (layer >= 0 && layer < Z3_ROOM_LAYERS) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "room 0x%03X has object layers 0-2, not %d", room, layer);
}

static z3_status check_index(const z3_room *r, int layer, size_t index, z3_error *err) {
  if (index < r->object_count[layer]) return Z3_OK;
  z3_error_set(err, Z3_E_NOT_FOUND, "room 0x%03X has %zu objects on layer %d; there is no object %zu", r->id,
               r->object_count[layer], layer, index);
  z3_error_hint(err, "see 'z3ed dungeon list-objects --room 0x%03X --layer %d'", r->id, layer);
  return Z3_E_NOT_FOUND;
}

/* An object list wherever it lives (a room's layer, a layout, an overlay), so
 * one set of edits serves all of them. */
typedef struct obj_vec {
  z3_room_object **items;
  size_t *count, *cap;
} obj_vec;

static z3_status vec_reserve(obj_vec v, size_t n, z3_error *err) {
  if (n <= *v.cap) return Z3_OK;
  size_t cap = n < 16 ? 16 : n;
  z3_room_object *p = z3_realloc(*v.items, cap * sizeof *p);
  if (!p) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  *v.items = p, *v.cap = cap;
  return Z3_OK;
}

static z3_status vec_add(obj_vec v, const z3_room_object *o, size_t *index, z3_error *err) {
  z3_status st = vec_reserve(v, *v.count + 1, err);
  if (st) return st;
  *index = *v.count;
  (*v.items)[(*v.count)++] = *o;
  return Z3_OK;
}

/* `where` names the owner for the error ("room 0x012", "layout 3"). */
static z3_status vec_move(obj_vec v, size_t index, int x, int y, const char *where, z3_room_object *old,
                          z3_error *err) {
  z3_room_object moved = (*v.items)[index];
  *old = moved;
  if (x < 0 || x > 63 || y < 0 || y > 63) {
    return z3_error_set(err, Z3_E_INVALID, "(%d,%d) is outside %s: x and y are 0-63 (tile8 units)", x, y, where);
  }
  moved.x = (uint8_t)x, moved.y = (uint8_t)y;
  z3_status st = z3_object_check(&moved, err);
  if (st == Z3_OK) (*v.items)[index] = moved;
  return st;
}

static void vec_remove(obj_vec v, size_t index) {
  memmove(&(*v.items)[index], &(*v.items)[index + 1], (*v.count - index - 1) * sizeof (*v.items)[0]);
  (*v.count)--;
}

static obj_vec room_vec(z3_room *r, int layer) {
  return (obj_vec){&r->objects[layer], &r->object_count[layer], &r->object_cap[layer]};
}

z3_status z3_room_add_object(z3_dungeon *d, int room, int layer, const z3_room_object *o,
                             size_t *index, z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st == Z3_OK) st = check_layer(room, layer, err);
  if (st == Z3_OK) st = z3_object_check(o, err);
  if (st) return st;
  z3_room *r = &d->rooms[room];
  if (z3_room_object_total(r) >= Z3_ROOM_MAX_OBJECTS) {
    z3_error_set(err, Z3_E_INVALID, "room 0x%03X has %zu objects (layer %d: %zu); the limit is %d per room", room,
                 z3_room_object_total(r), layer, r->object_count[layer], Z3_ROOM_MAX_OBJECTS);
    z3_error_hint(err, "above %d objects the game lags (yaze's limit); remove one first", Z3_ROOM_MAX_OBJECTS);
    return Z3_E_INVALID;
  }
  st = vec_add(room_vec(r, layer), o, index, err);
  if (st) return st;
  r->dirty_objects = true;
  z3_room_note(r, "object %zu 0x%03X added on layer %d at (%u,%u)", *index, o->id, layer, o->x, o->y);
  return Z3_OK;
}

z3_status z3_room_move_object(z3_dungeon *d, int room, int layer, size_t index, int x, int y,
                              z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st == Z3_OK) st = check_layer(room, layer, err);
  if (st == Z3_OK) st = check_index(&d->rooms[room], layer, index, err);
  if (st) return st;
  z3_room *r = &d->rooms[room];
  char where[16];
  snprintf(where, sizeof where, "room 0x%03X", room);
  z3_room_object old;
  st = vec_move(room_vec(r, layer), index, x, y, where, &old, err);
  if (st) return st;
  r->dirty_objects = true;
  z3_room_note(r, "object %zu moved from (%d,%d) to (%d,%d)", index, old.x, old.y, x, y);
  return Z3_OK;
}

/* The size field is how a subtype-1 object repeats (a wall's length); other subtypes have none. */
z3_status z3_room_resize_object(z3_dungeon *d, int room, int layer, size_t index, int size, z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st == Z3_OK) st = check_layer(room, layer, err);
  if (st == Z3_OK) st = check_index(&d->rooms[room], layer, index, err);
  if (st) return st;
  z3_room *r = &d->rooms[room];
  z3_room_object o = r->objects[layer][index];
  if (size < 0 || size > 15) return z3_error_set(err, Z3_E_INVALID, "size %d is out of range: sizes are 0-15", size);
  int old = o.size;
  o.size = (uint8_t)size;
  st = z3_object_check(&o, err);
  if (st) return st;
  r->objects[layer][index] = o;
  r->dirty_objects = true;
  z3_room_note(r, "object %zu resized from %d to %d", index, old, size);
  return Z3_OK;
}

z3_status z3_room_remove_object(z3_dungeon *d, int room, int layer, size_t index, z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st == Z3_OK) st = check_layer(room, layer, err);
  if (st == Z3_OK) st = check_index(&d->rooms[room], layer, index, err);
  if (st) return st;
  z3_room *r = &d->rooms[room];
  uint16_t id = r->objects[layer][index].id;
  vec_remove(room_vec(r, layer), index);
  r->dirty_objects = true;
  z3_room_note(r, "object %zu 0x%03X removed from layer %d", index, id, layer);
  return Z3_OK;
}

/* ---- the same edits on a layout or an overlay ---- */

static obj_vec list_vec(z3_object_list *l) { return (obj_vec){&l->objects, &l->count, &l->cap}; }

static z3_status check_list_index(const z3_object_list *l, size_t index, z3_error *err) {
  if (index < l->count) return Z3_OK;
  const char *k = z3_list_kind_name(l->kind);
  z3_error_set(err, Z3_E_NOT_FOUND, "%s %d has %zu objects; there is no object %zu", k, l->index, l->count, index);
  z3_error_hint(err, "see 'z3ed dungeon list-objects --%s %d'", k, l->index);
  return Z3_E_NOT_FOUND;
}

z3_status z3_list_add_object(z3_object_list *l, const z3_room_object *o, size_t *index, z3_error *err) {
  z3_status st = z3_object_check(o, err);
  if (st) return st;
  if (l->count >= Z3_ROOM_MAX_OBJECTS) {
    return z3_error_set(err, Z3_E_INVALID, "%s %d has %zu objects; the limit is %d (the rooms using it draw them all)",
                        z3_list_kind_name(l->kind), l->index, l->count, Z3_ROOM_MAX_OBJECTS);
  }
  st = vec_add(list_vec(l), o, index, err);
  if (st) return st;
  l->dirty = true;
  z3_list_note(l, "object %zu 0x%03X added at (%u,%u)", *index, o->id, o->x, o->y);
  return Z3_OK;
}

z3_status z3_list_move_object(z3_object_list *l, size_t index, int x, int y, z3_error *err) {
  z3_status st = check_list_index(l, index, err);
  if (st) return st;
  char where[16];
  snprintf(where, sizeof where, "%s %d", z3_list_kind_name(l->kind), l->index);
  z3_room_object old;
  st = vec_move(list_vec(l), index, x, y, where, &old, err);
  if (st) return st;
  l->dirty = true;
  z3_list_note(l, "object %zu moved from (%d,%d) to (%d,%d)", index, old.x, old.y, x, y);
  return Z3_OK;
}

z3_status z3_list_remove_object(z3_object_list *l, size_t index, z3_error *err) {
  z3_status st = check_list_index(l, index, err);
  if (st) return st;
  uint16_t id = l->objects[index].id;
  vec_remove(list_vec(l), index);
  l->dirty = true;
  z3_list_note(l, "object %zu 0x%03X removed", index, id);
  return Z3_OK;
}

static void count_sprites(const z3_room *r, size_t *sprites, size_t *overlords) {
  *sprites = *overlords = 0;
  for (size_t i = 0; i < r->sprite_count; i++) (z3_room_sprite_is_overlord(&r->sprites[i]) ? (*overlords)++ : (*sprites)++);
}

z3_status z3_room_add_sprite(z3_dungeon *d, int room, const z3_room_sprite *s, size_t *index,
                             z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st == Z3_OK) st = z3_sprite_check(s, err);
  if (st) return st;
  z3_room *r = &d->rooms[room];
  size_t sprites, overlords;
  count_sprites(r, &sprites, &overlords);
  bool overlord = z3_room_sprite_is_overlord(s);
  if (overlord ? overlords >= Z3_ROOM_MAX_OVERLORDS : sprites >= Z3_ROOM_MAX_SPRITES) {
    return z3_error_set(err, Z3_E_INVALID, "room 0x%03X has %zu %s; the limit is %d", room,
                        overlord ? overlords : sprites, overlord ? "overlords" : "sprites",
                        overlord ? Z3_ROOM_MAX_OVERLORDS : Z3_ROOM_MAX_SPRITES);
  }
  z3_room_sprite *list = z3_malloc((r->sprite_count + 1) * sizeof *list);
  if (!list) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (r->sprite_count) memcpy(list, r->sprites, r->sprite_count * sizeof *list);
  list[r->sprite_count] = *s;
  *index = r->sprite_count;
  st = z3_room_set_sprites(r, list, r->sprite_count + 1, err);
  z3_free(list);
  if (st == Z3_OK) {
    z3_room_note(r, "%s %zu 0x%02X added at (%u,%u)", overlord ? "overlord" : "sprite", *index, s->id, s->x, s->y);
  }
  return st;
}

static z3_status check_sprite_index(const z3_dungeon *d, int room, size_t index, z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st == Z3_OK && index >= d->rooms[room].sprite_count) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "room 0x%03X has %zu sprites; there is no sprite %zu", room,
                      d->rooms[room].sprite_count, index);
  }
  return st;
}

z3_status z3_room_move_sprite(z3_dungeon *d, int room, size_t index, int x, int y, int layer, z3_error *err) {
  z3_status st = check_sprite_index(d, room, index, err);
  if (st) return st;
  z3_room *r = &d->rooms[room];
  z3_room_sprite *s = &r->sprites[index];
  z3_room_sprite moved = *s;
  moved.x = (uint8_t)x, moved.y = (uint8_t)y;
  if (layer >= 0) moved.layer = (uint8_t)layer;
  if (x < 0 || x > 31 || y < 0 || y > 31 || layer > 1) {
    return z3_error_set(err, Z3_E_INVALID, "(%d,%d) layer %d is outside room 0x%03X: x and y are 0-31 (tile16 units), layer 0-1",
                        x, y, layer < 0 ? s->layer : layer, room);
  }
  z3_room_note(r, "sprite %zu 0x%02X moved from (%u,%u) to (%d,%d)", index, s->id, s->x, s->y, x, y);
  *s = moved;
  r->dirty_sprites = true;
  return Z3_OK;
}

z3_status z3_room_remove_sprite(z3_dungeon *d, int room, size_t index, z3_error *err) {
  z3_status st = check_sprite_index(d, room, index, err);
  if (st) return st;
  z3_room *r = &d->rooms[room];
  uint8_t id = r->sprites[index].id;
  memmove(&r->sprites[index], &r->sprites[index + 1], (r->sprite_count - index - 1) * sizeof r->sprites[0]);
  r->sprite_count--;
  r->dirty_sprites = true;
  z3_room_note(r, "sprite %zu 0x%02X removed", index, id);
  return Z3_OK;
}

size_t z3_room_chests(const z3_dungeon *d, int room, size_t idx[Z3_CHEST_RECORDS]) {
  size_t n = 0;
  for (size_t i = 0; i < d->chest_count && n < Z3_CHEST_RECORDS; i++)
    if (d->chests[i].room == room) idx[n++] = i;
  return n;
}

z3_status z3_room_set_chest(z3_dungeon *d, int room, size_t n, uint8_t item, bool big, z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st) return st;
  if (item > 0x4B) {
    return z3_error_set(err, Z3_E_INVALID, "chest item 0x%02X does not exist: items are 0x00-0x4B", item);
  }
  size_t idx[Z3_CHEST_RECORDS];
  size_t count = z3_room_chests(d, room, idx);
  if (n > count) {
    return z3_error_set(err, Z3_E_NOT_FOUND, "room 0x%03X has %zu chests; the next new one is chest %zu, not %zu",
                        room, count, count, n);
  }
  size_t rec;
  if (n < count) {
    rec = idx[n];
  } else {
    if (count >= Z3_ROOM_MAX_CHESTS) {
      return z3_error_set(err, Z3_E_INVALID, "room 0x%03X has %zu chests; the limit is %d per room", room, count,
                          Z3_ROOM_MAX_CHESTS);
    }
    for (rec = 0; rec < d->chest_count && d->chests[rec].room != 0x7FFF; rec++) continue;
    if (rec == d->chest_count) {
      z3_error_set(err, Z3_E_INVALID, "all %zu chest records are in use", d->chest_count);
      z3_error_hint(err, "the game's table has a fixed length; free a record of another room first");
      return Z3_E_INVALID;
    }
  }
  z3_chest old = d->chests[rec];
  d->chests[rec] = (z3_chest){.room = (uint16_t)room, .big = big, .item = item};
  d->dirty_chests = true;
  if (n < count) {
    z3_dungeon__chest_note(d, "room 0x%03X chest %zu item 0x%02X -> 0x%02X%s", room, n, old.item, item,
                           big ? " (big)" : "");
  } else {
    z3_dungeon__chest_note(d, "room 0x%03X chest %zu added with item 0x%02X%s", room, n, item, big ? " (big)" : "");
  }
  return Z3_OK;
}

z3_status z3_room_set_objects(z3_room *r, int layer, const z3_room_object *objs, size_t n, z3_error *err) {
  z3_status st = vec_reserve(room_vec(r, layer), n, err);
  if (st) return st;
  if (n) memmove(r->objects[layer], objs, n * sizeof *objs);
  r->object_count[layer] = n;
  r->dirty_objects = true;
  return Z3_OK;
}

z3_status z3_room_set_sprites(z3_room *r, const z3_room_sprite *s, size_t n, z3_error *err) {
  if (n > r->sprite_cap) {
    z3_room_sprite *p = z3_realloc(r->sprites, n * sizeof *p);
    if (!p) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    r->sprites = p, r->sprite_cap = n;
  }
  if (n) memmove(r->sprites, s, n * sizeof *s);
  r->sprite_count = n;
  r->dirty_sprites = true;
  return Z3_OK;
}

z3_status z3_room_copy_part(z3_room *dst, const z3_room *src, z3_room_part part, z3_error *err) {
  z3_status st = Z3_OK;
  switch (part) {
    case Z3_ROOM_PART_OBJECTS:
      for (int l = 0; l < Z3_ROOM_LAYERS && st == Z3_OK; l++)
        st = z3_room_set_objects(dst, l, src->objects[l], src->object_count[l], err);
      memcpy(dst->doors, src->doors, sizeof dst->doors);
      dst->door_count = src->door_count, dst->door_marker = src->door_marker;
      dst->floor_byte = src->floor_byte, dst->layout_byte = src->layout_byte;
      dst->dirty_objects = true;
      return st;
    case Z3_ROOM_PART_SPRITES:
      dst->sprite_sort = src->sprite_sort;
      return z3_room_set_sprites(dst, src->sprites, src->sprite_count, err);
    case Z3_ROOM_PART_POTS: return z3_room_set_pots(dst, src->pots, src->pot_count, err);
    default:
      memcpy(dst->header, src->header, Z3_ROOM_HEADER_SIZE);
      dst->message = src->message;
      dst->dirty_header = dst->dirty_message = true;
      return Z3_OK;
  }
}

z3_status z3_room_copy(z3_dungeon *d, int from, int to, z3_error *err) {
  z3_status st = z3_room_check_id(from, err);
  if (st == Z3_OK) st = z3_room_check_id(to, err);
  if (st == Z3_OK && from == to) st = z3_error_set(err, Z3_E_INVALID, "--from and --to are both room 0x%03X", from);
  for (int p = 0; p < Z3_ROOM_PART_COUNT && st == Z3_OK; p++)
    st = z3_room_copy_part(&d->rooms[to], &d->rooms[from], (z3_room_part)p, err);
  if (st) return st;
  z3_room *b = &d->rooms[to];
  b->door_marker = true; /* the copy always ends its objects with the door list */
  b->dirty_sprites = b->dirty_pots = true;
  z3_room_note(b, "copied from room 0x%03X", from);
  return Z3_OK;
}
