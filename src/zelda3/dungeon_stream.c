/* Room byte formats (world reference §3.2, §3.4, §3.6): headers, object
 * streams with doors, sprite lists. Pure functions over bytes. */
#include <string.h>

#include "zelda3/dungeon.h"

void z3_room_header_decode(const uint8_t raw[Z3_ROOM_HEADER_SIZE], z3_room_header *h) {
  h->bg2 = raw[0] >> 5;
  h->collision = (raw[0] >> 2) & 7;
  h->unused_bit = (raw[0] >> 1) & 1;
  h->lights_out = raw[0] & 1;
  h->palette = raw[1], h->blockset = raw[2], h->spriteset = raw[3], h->effect = raw[4];
  h->tag1 = raw[5], h->tag2 = raw[6];
  h->hole_layer = raw[7] & 3;
  for (int i = 0; i < 3; i++) h->stair_layer[i] = (raw[7] >> (2 + 2 * i)) & 3;
  h->stair_layer[3] = raw[8] & 3;
  h->byte8_high = raw[8] >> 2;
  h->hole_room = raw[9];
  for (int i = 0; i < 4; i++) h->stair_room[i] = raw[10 + i];
}

void z3_room_header_encode(const z3_room_header *h, uint8_t raw[Z3_ROOM_HEADER_SIZE]) {
  raw[0] = (uint8_t)((h->bg2 & 7) << 5 | (h->collision & 7) << 2 | (h->unused_bit & 1) << 1 |
                     (h->lights_out ? 1 : 0));
  raw[1] = h->palette, raw[2] = h->blockset, raw[3] = h->spriteset, raw[4] = h->effect;
  raw[5] = h->tag1, raw[6] = h->tag2;
  raw[7] = (uint8_t)((h->hole_layer & 3) | (h->stair_layer[0] & 3) << 2 |
                     (h->stair_layer[1] & 3) << 4 | (h->stair_layer[2] & 3) << 6);
  raw[8] = (uint8_t)((h->stair_layer[3] & 3) | (h->byte8_high & 0x3F) << 2);
  raw[9] = h->hole_room;
  for (int i = 0; i < 4; i++) raw[10 + i] = h->stair_room[i];
}

z3_object_subtype z3_object_subtype_of(uint16_t id) {
  if (id >= 0xF80) return Z3_OBJECT_SUBTYPE3;
  if (id >= 0x100) return Z3_OBJECT_SUBTYPE2;
  return Z3_OBJECT_SUBTYPE1;
}

bool z3_object_id_valid(uint16_t id) {
  return id <= 0x0F7 || (id >= 0x100 && id <= 0x13F) || (id >= 0xF80 && id <= 0xFFF);
}

/* Classify by testing subtype 2 first (b0 >= 0xFC), then subtype 3 (b2 >= 0xF8). */
void z3_object_decode(const uint8_t b[3], z3_room_object *o) {
  if (b[0] >= 0xFC) {
    o->x = (uint8_t)((b[0] & 3) << 4 | b[1] >> 4);
    o->y = (uint8_t)((b[1] & 15) << 2 | b[2] >> 6);
    o->id = (uint16_t)(0x100 + (b[2] & 0x3F));
    o->size = 0;
  } else if (b[2] >= 0xF8) {
    o->x = b[0] >> 2, o->y = b[1] >> 2;
    o->id = (uint16_t)(0xF80 + ((b[2] & 7) << 4 | (b[1] & 3) << 2 | (b[0] & 3)));
    o->size = 0;
  } else {
    o->x = b[0] >> 2, o->y = b[1] >> 2;
    o->id = b[2];
    o->size = (uint8_t)((b[0] & 3) << 2 | (b[1] & 3));
  }
}

void z3_object_encode(const z3_room_object *o, uint8_t b[3]) {
  switch (z3_object_subtype_of(o->id)) {
    case Z3_OBJECT_SUBTYPE2:
      b[0] = (uint8_t)(0xFC | o->x >> 4);
      b[1] = (uint8_t)((o->x & 15) << 4 | o->y >> 2);
      b[2] = (uint8_t)((o->y & 3) << 6 | (o->id & 0x3F));
      break;
    case Z3_OBJECT_SUBTYPE3:
      b[0] = (uint8_t)(o->x << 2 | (o->id & 3));
      b[1] = (uint8_t)(o->y << 2 | ((o->id >> 2) & 3));
      b[2] = (uint8_t)(0xF8 | ((o->id >> 4) & 7));
      break;
    case Z3_OBJECT_SUBTYPE1:
      b[0] = (uint8_t)(o->x << 2 | o->size >> 2);
      b[1] = (uint8_t)(o->y << 2 | (o->size & 3));
      b[2] = (uint8_t)o->id;
      break;
  }
}

bool z3_room_object_equal(const z3_room_object *a, const z3_room_object *b) {
  return a->id == b->id && a->x == b->x && a->y == b->y && a->size == b->size;
}

z3_status z3_object_check(const z3_room_object *o, z3_error *err) {
  if (!z3_object_id_valid(o->id)) {
    z3_error_set(err, Z3_E_INVALID, "object id 0x%03X does not exist", o->id);
    z3_error_hint(err, "ids are 0x000-0x0F7 (subtype 1), 0x100-0x13F (subtype 2), 0xF80-0xFFF (subtype 3)");
    return Z3_E_INVALID;
  }
  z3_object_subtype t = z3_object_subtype_of(o->id);
  if (o->x > 63 || o->y > 63) {
    return z3_error_set(err, Z3_E_INVALID, "object 0x%03X at (%u,%u) is outside the room: x and y are 0-63",
                        o->id, o->x, o->y);
  }
  if (t != Z3_OBJECT_SUBTYPE2 && o->x == 63) {
    return z3_error_set(err, Z3_E_INVALID, "object 0x%03X cannot be at x 63: subtype %d objects reach x 62 at most "
                        "(x 63 reads as subtype 2)", o->id, (int)t);
  }
  if (o->size > (t == Z3_OBJECT_SUBTYPE1 ? 15 : 0)) {
    return z3_error_set(err, Z3_E_INVALID, "object 0x%03X has size %u; %s", o->id, o->size,
                        t == Z3_OBJECT_SUBTYPE1 ? "sizes are 0-15" : "only subtype 1 objects have a size");
  }
  uint8_t b[3];
  z3_object_encode(o, b);
  if ((b[0] == 0xFF || b[0] == 0xF0) && b[1] == 0xFF) {
    return z3_error_set(err, Z3_E_INVALID, "object 0x%03X at (%u,%u) would encode as the list marker %02X FF",
                        o->id, o->x, o->y, b[0]);
  }
  return Z3_OK;
}

static z3_status push_object(z3_room *room, int layer, const z3_room_object *o, z3_error *err) {
  if (room->object_count[layer] == room->object_cap[layer]) {
    size_t cap = room->object_cap[layer] ? room->object_cap[layer] * 2 : 16;
    z3_room_object *p = z3_realloc(room->objects[layer], cap * sizeof *p);
    if (!p) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    room->objects[layer] = p, room->object_cap[layer] = cap;
  }
  room->objects[layer][room->object_count[layer]++] = *o;
  return Z3_OK;
}

static uint16_t word_at(const uint8_t *d, size_t i) { return (uint16_t)(d[i] | d[i + 1] << 8); }

/* One list: objects until FF FF (or, in list 2, F0 FF then door records until FF FF). */
static z3_status parse_list(z3_room *room, int layer, const uint8_t *d, size_t len, size_t *at,
                            z3_error *err) {
  for (;;) {
    if (*at + 2 > len) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)*at, "object list %d runs past the end of the data at byte %zu",
                             layer, *at);
    }
    uint16_t w = word_at(d, *at);
    if (w == 0xFFFF) {
      *at += 2;
      return Z3_OK;
    }
    if (w == 0xFFF0) {
      if (layer != 2) {
        return z3_error_set_at(err, Z3_E_INVALID, (int64_t)*at,
                               "object list %d has a door section (F0 FF) at byte %zu; only list 2 may", layer, *at);
      }
      *at += 2;
      room->door_marker = true;
      for (;;) {
        if (*at + 2 > len) {
          return z3_error_set_at(err, Z3_E_INVALID, (int64_t)*at, "the door list runs past the end of the data at byte %zu", *at);
        }
        if (word_at(d, *at) == 0xFFFF) {
          *at += 2;
          return Z3_OK;
        }
        if (room->door_count == sizeof room->doors / sizeof room->doors[0]) {
          return z3_error_set_at(err, Z3_E_INVALID, (int64_t)*at, "more than %zu door records before byte %zu",
                                 sizeof room->doors / sizeof room->doors[0], *at);
        }
        room->doors[room->door_count++] = (z3_room_door){d[*at], d[*at + 1]};
        *at += 2;
      }
    }
    if (*at + 3 > len) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)*at, "object at byte %zu is cut off by the end of the data", *at);
    }
    z3_room_object o;
    z3_object_decode(d + *at, &o);
    z3_status st = push_object(room, layer, &o, err);
    if (st) return st;
    *at += 3;
  }
}

static void clear_objects(z3_room *room) {
  for (int l = 0; l < Z3_ROOM_LAYERS; l++) room->object_count[l] = 0;
  room->door_count = 0;
  room->door_marker = false;
}

z3_status z3_room_stream_parse(z3_room *room, const uint8_t *d, size_t len, size_t *used,
                               z3_error *err) {
  clear_objects(room);
  if (len < 2) return z3_error_set_at(err, Z3_E_INVALID, 0, "the room data is cut off before its floor and layout bytes");
  room->floor_byte = d[0], room->layout_byte = d[1];
  size_t at = 2;
  z3_status st = Z3_OK;
  for (int l = 0; l < Z3_ROOM_LAYERS && st == Z3_OK; l++) st = parse_list(room, l, d, len, &at, err);
  if (st) {
    clear_objects(room);
    return st;
  }
  *used = at;
  return Z3_OK;
}

z3_status z3_room_stream_encode(const z3_room *room, z3_buf *out, size_t *door_offset,
                                z3_error *err) {
  out->len = 0;
  uint8_t head[2] = {room->floor_byte, room->layout_byte};
  static const uint8_t end[2] = {0xFF, 0xFF}, doors[2] = {0xF0, 0xFF};
  z3_status st = z3_buf_append(out, head, 2, err);
  for (int l = 0; l < Z3_ROOM_LAYERS && st == Z3_OK; l++) {
    for (size_t i = 0; i < room->object_count[l] && st == Z3_OK; i++) {
      uint8_t b[3];
      z3_object_encode(&room->objects[l][i], b);
      st = z3_buf_append(out, b, 3, err);
    }
    if (st == Z3_OK && l == 2) { /* always written, as vanilla does (§3.4) */
      st = z3_buf_append(out, doors, 2, err);
      *door_offset = out->len;
      for (size_t i = 0; i < room->door_count && st == Z3_OK; i++) {
        uint8_t b[2] = {room->doors[i].b0, room->doors[i].b1};
        st = z3_buf_append(out, b, 2, err);
      }
    }
    if (st == Z3_OK) st = z3_buf_append(out, end, 2, err);
  }
  return st;
}

static z3_status push_sprite(z3_room *room, const z3_room_sprite *s, z3_error *err) {
  if (room->sprite_count == room->sprite_cap) {
    size_t cap = room->sprite_cap ? room->sprite_cap * 2 : 8;
    z3_room_sprite *p = z3_realloc(room->sprites, cap * sizeof *p);
    if (!p) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    room->sprites = p, room->sprite_cap = cap;
  }
  room->sprites[room->sprite_count++] = *s;
  return Z3_OK;
}

/* A key-drop marker is FE 00 E4 (small key) or FD 00 E4 (big key) after a sprite. */
static int key_marker(const uint8_t *b) {
  if (b[1] != 0x00 || b[2] != 0xE4) return 0;
  return b[0] == 0xFE ? 1 : b[0] == 0xFD ? 2 : 0;
}

z3_status z3_room_sprites_parse(z3_room *room, const uint8_t *d, size_t len, size_t *used,
                                z3_error *err) {
  room->sprite_count = 0;
  if (len < 1) return z3_error_set_at(err, Z3_E_INVALID, 0, "the sprite list is empty: no sort byte");
  room->sprite_sort = d[0];
  size_t at = 1;
  for (;;) {
    if (at >= len) {
      room->sprite_count = 0;
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "the sprite list has no 0xFF end before byte %zu", at);
    }
    if (d[at] == 0xFF) break;
    if (at + 3 > len) {
      room->sprite_count = 0;
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "sprite record at byte %zu is cut off", at);
    }
    int key = key_marker(d + at);
    if (key && room->sprite_count > 0 && room->sprites[room->sprite_count - 1].key_drop == 0) {
      room->sprites[room->sprite_count - 1].key_drop = (uint8_t)key;
      at += 3;
      continue;
    }
    const uint8_t *b = d + at;
    z3_room_sprite s = {.id = b[2], .x = b[1] & 31, .y = b[0] & 31, .layer = b[0] >> 7,
                        .subtype = (uint8_t)(((b[0] >> 5) & 3) << 3 | b[1] >> 5)};
    z3_status st = push_sprite(room, &s, err);
    if (st) return st;
    at += 3;
  }
  *used = at + 1;
  return Z3_OK;
}

static void sprite_bytes(const z3_room_sprite *s, uint8_t b[3]) {
  b[0] = (uint8_t)((s->layer & 1) << 7 | ((s->subtype >> 3) & 3) << 5 | (s->y & 31));
  b[1] = (uint8_t)((s->subtype & 7) << 5 | (s->x & 31));
  b[2] = s->id;
}

z3_status z3_room_sprites_encode(const z3_room *room, z3_buf *out, z3_error *err) {
  out->len = 0;
  z3_status st = z3_buf_push(out, room->sprite_sort, err);
  for (size_t i = 0; i < room->sprite_count && st == Z3_OK; i++) {
    uint8_t b[3];
    sprite_bytes(&room->sprites[i], b);
    st = z3_buf_append(out, b, 3, err);
    if (st == Z3_OK && room->sprites[i].key_drop) {
      uint8_t m[3] = {room->sprites[i].key_drop == 2 ? 0xFD : 0xFE, 0x00, 0xE4};
      st = z3_buf_append(out, m, 3, err);
    }
  }
  if (st == Z3_OK) st = z3_buf_push(out, 0xFF, err);
  return st;
}

bool z3_room_sprite_is_overlord(const z3_room_sprite *s) { return (s->subtype & 7) == 7 && s->id != 0xE4; }

z3_status z3_sprite_check(const z3_room_sprite *s, z3_error *err) {
  bool overlord = z3_room_sprite_is_overlord(s);
  if (s->x > 31 || s->y > 31) {
    return z3_error_set(err, Z3_E_INVALID, "sprite at (%u,%u) is outside the room: x and y are 0-31 (tile16 units)",
                        s->x, s->y);
  }
  if (s->layer > 1 || s->subtype > 31 || s->key_drop > 2) {
    return z3_error_set(err, Z3_E_INVALID, "sprite 0x%02X: layer is 0-1, subtype 0-31, key drop none/small/big",
                        s->id);
  }
  if (overlord && (s->id < 0x01 || s->id > 0x1A)) {
    return z3_error_set(err, Z3_E_INVALID, "overlord id 0x%02X does not exist: overlords are 0x01-0x1A", s->id);
  }
  if (!overlord && s->id > 0xF2) {
    return z3_error_set(err, Z3_E_INVALID, "sprite id 0x%02X does not exist: sprites are 0x00-0xF2", s->id);
  }
  uint8_t b[3];
  sprite_bytes(s, b);
  if (b[0] == 0xFF) {
    return z3_error_set(err, Z3_E_INVALID, "a sprite on layer 1 with subtype bits 3-4 set cannot be at y 31: "
                        "it would read as the end of the list");
  }
  /* the game takes any E4 record whose first byte is FE or FD for a marker, whatever its x byte */
  if (b[2] == 0xE4 && (b[0] == 0xFE || b[0] == 0xFD)) {
    return z3_error_set(err, Z3_E_INVALID, "sprite 0x%02X at (%u,%u) would read as a key-drop marker", s->id, s->x, s->y);
  }
  return Z3_OK;
}

z3_status z3_object_list_parse(const uint8_t *d, size_t len, z3_room_object **out, size_t *count,
                               size_t *used, z3_error *err) {
  z3_room tmp;
  memset(&tmp, 0, sizeof tmp);
  size_t at = 0;
  z3_status st = parse_list(&tmp, 0, d, len, &at, err);
  if (st) {
    z3_free(tmp.objects[0]);
    return st;
  }
  *out = tmp.objects[0], *count = tmp.object_count[0], *used = at;
  return Z3_OK;
}
