/* Room header fields, the floor and layout bytes and the message id, one at a
 * time (world reference §3.2, §3.5): `dungeon set-header`. The limits are the
 * game's (tables the values index, bit widths), so an edit cannot make the
 * game read past a table. */
#include <string.h>

#include "zelda3/dungeon.h"

enum { PART_HEADER, PART_STREAM, PART_MESSAGE };

const char *const z3_room_field_names[] = {
    "bg2", "collision", "lights_out", "palette", "blockset", "spriteset", "effect", "tag1", "tag2", "hole_room",
    "hole_layer", "stair1_room", "stair1_layer", "stair2_room", "stair2_layer", "stair3_room", "stair3_layer",
    "stair4_room", "stair4_layer", "floor1", "floor2", "layout", "message", NULL,
};

/* Same order as z3_room_field_names. */
typedef struct room_field {
  unsigned max;
  int part;
  const char *help;
} room_field;

static const room_field room_fields[] = {
    {7, PART_HEADER, "BG2 / layer-merge mode 0-7"},
    {4, PART_HEADER, "collision 0-4 (one layer, both, both with scroll, moving floor, moving water)"},
    {1, PART_HEADER, "dark room 0-1"},
    {0x28, PART_HEADER, "palette set 0x00-0x28 (the game's 41 sets)"},
    {0x51, PART_HEADER, "aux blockset 0x00-0x51 (the game's 82 entries)"},
    {0x4F, PART_HEADER, "sprite graphics set 0x00-0x4F (the game adds 0x40)"},
    {7, PART_HEADER, "effect 0-7"},
    {0x3F, PART_HEADER, "room tag 0x00-0x3F"},
    {0x3F, PART_HEADER, "room tag 0x00-0x3F"},
    {0xFF, PART_HEADER, "hole/warp destination (low byte of the room id)"},
    {3, PART_HEADER, "hole/warp destination layer 0-3"},
    {0xFF, PART_HEADER, "staircase 1 destination (low byte)"},
    {3, PART_HEADER, "staircase 1 destination layer 0-3"},
    {0xFF, PART_HEADER, "staircase 2 destination (low byte)"},
    {3, PART_HEADER, "staircase 2 destination layer 0-3"},
    {0xFF, PART_HEADER, "staircase 3 destination (low byte)"},
    {3, PART_HEADER, "staircase 3 destination layer 0-3"},
    {0xFF, PART_HEADER, "staircase 4 destination (low byte)"},
    {3, PART_HEADER, "staircase 4 destination layer 0-3"},
    {15, PART_STREAM, "BG1 floor pattern 0-15"},
    {15, PART_STREAM, "BG2 floor pattern 0-15"},
    {7, PART_STREAM, "layout template 0-7"},
    {0xFFFF, PART_MESSAGE, "message id shown on entering (0 none)"},
};

enum { ROOM_FIELDS = sizeof room_fields / sizeof room_fields[0] };
_Static_assert(ROOM_FIELDS + 1 == sizeof z3_room_field_names / sizeof z3_room_field_names[0], "one name per field");


static const room_field *find(const char *name) {
  for (size_t i = 0; i < ROOM_FIELDS; i++)
    if (name && strcmp(z3_room_field_names[i], name) == 0) return &room_fields[i];
  return NULL;
}

/* The decoded header's byte for a field, or NULL for stream and message fields. */
static uint8_t *header_slot(z3_room_header *h, const char *name) {
  if (strncmp(name, "stair", 5) == 0) {
    int k = name[5] - '1';
    return strstr(name, "_room") ? &h->stair_room[k] : &h->stair_layer[k];
  }
  static const char *const names[] = {"bg2", "collision", "palette", "blockset", "spriteset", "effect",
                                      "tag1", "tag2", "hole_room", "hole_layer"};
  uint8_t *slots[] = {&h->bg2, &h->collision, &h->palette, &h->blockset, &h->spriteset, &h->effect,
                      &h->tag1, &h->tag2, &h->hole_room, &h->hole_layer};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(names[i], name) == 0) return slots[i];
  return NULL;
}

static unsigned stream_value(const z3_room *r, const char *name) {
  if (strcmp(name, "floor1") == 0) return r->floor_byte & 15u;
  if (strcmp(name, "floor2") == 0) return r->floor_byte >> 4;
  return r->layout_byte >> 2 & 7u;
}

static z3_status lookup(int room, const char *name, const room_field **f, z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st) return st;
  *f = find(name);
  if (*f) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "room headers have no field '%s'", name ? name : "");
}

z3_status z3_room_get_field(const z3_dungeon *d, int room, const char *name, unsigned *out, z3_error *err) {
  const room_field *f;
  z3_status st = lookup(room, name, &f, err);
  if (st) return st;
  const z3_room *r = &d->rooms[room];
  z3_room_header h;
  z3_room_header_decode(r->header, &h);
  if (f->part == PART_MESSAGE) *out = r->message;
  else if (f->part == PART_STREAM) *out = stream_value(r, name);
  else if (strcmp(name, "lights_out") == 0) *out = h.lights_out;
  else *out = *header_slot(&h, name);
  return Z3_OK;
}

static void set_stream(z3_room *r, const char *name, unsigned v) {
  if (strcmp(name, "floor1") == 0) r->floor_byte = (uint8_t)((r->floor_byte & 0xF0u) | v);
  else if (strcmp(name, "floor2") == 0) r->floor_byte = (uint8_t)((r->floor_byte & 0x0Fu) | v << 4);
  else r->layout_byte = (uint8_t)((r->layout_byte & 0xE3u) | v << 2);
  r->dirty_objects = true;
}

z3_status z3_room_set_field(z3_dungeon *d, int room, const char *name, int64_t value, z3_error *err) {
  const room_field *f;
  unsigned old;
  z3_status st = lookup(room, name, &f, err);
  if (st == Z3_OK) st = z3_room_get_field(d, room, name, &old, err);
  if (st) return st;
  if (value < 0 || value > f->max) {
    return z3_error_set(err, Z3_E_INVALID, "%s 0x%llX is out of range: %s", name, (unsigned long long)value, f->help);
  }
  z3_room *r = &d->rooms[room];
  unsigned v = (unsigned)value;
  if (f->part == PART_MESSAGE) {
    r->message = (uint16_t)v, r->dirty_message = true;
  } else if (f->part == PART_STREAM) {
    set_stream(r, name, v);
  } else {
    z3_room_header h;
    z3_room_header_decode(r->header, &h);
    if (strcmp(name, "lights_out") == 0) h.lights_out = v != 0;
    else *header_slot(&h, name) = (uint8_t)v;
    z3_room_header_encode(&h, r->header);
    r->dirty_header = true;
  }
  z3_room_note(r, "%s changed from 0x%02X to 0x%02X", name, old, v);
  return Z3_OK;
}
