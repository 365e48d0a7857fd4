/*
 * Fuzzes the room object stream parser (and the sprite-list, pot-item and
 * layout/overlay list parsers on the same bytes). A stream that parses must re-encode to exactly the bytes it
 * was read from when it had the door marker (the codec is a bijection on
 * what it accepts), and parse again to the same model; a failure must name
 * an offset inside the input. Any violation traps.
 * The same bytes as 5-byte records give objects, sprites and pot items as an
 * editor makes them: what the editors' checks (z3_object_check, z3_sprite_check,
 * z3_pot_check) accept must encode and parse back to the same records. The
 * first 14 bytes as a room header decode and encode to themselves.
 *
 * The seeds in fuzz/corpora/room_objects/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/dungeon.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void release(z3_room *r) {
  for (int l = 0; l < Z3_ROOM_LAYERS; l++) z3_free(r->objects[l]);
  z3_free(r->sprites);
}

static bool same_objects(const z3_room *a, const z3_room *b) {
  if (a->door_count != b->door_count || memcmp(a->doors, b->doors, a->door_count * sizeof a->doors[0])) return false;
  for (int l = 0; l < Z3_ROOM_LAYERS; l++) {
    if (a->object_count[l] != b->object_count[l]) return false;
    for (size_t i = 0; i < a->object_count[l]; i++)
      if (!z3_room_object_equal(&a->objects[l][i], &b->objects[l][i])) return false;
  }
  return true;
}

static void check_stream(const uint8_t *data, size_t size) {
  z3_room r, again;
  memset(&r, 0, sizeof r);
  memset(&again, 0, sizeof again);
  z3_error err;
  z3_error_init(&err);
  size_t used = 0;
  if (z3_room_stream_parse(&r, data, size, &used, &err) != Z3_OK) {
    if (err.offset < 0 || (size_t)err.offset > size || !err.message[0]) abort();
    release(&r);
    return;
  }
  if (used > size) abort();
  z3_buf out;
  z3_buf_init(&out);
  size_t door_off = 0;
  if (z3_room_stream_encode(&r, &out, &door_off, &err) != Z3_OK) abort();
  if (r.door_marker && (out.len != used || memcmp(out.data, data, used) != 0)) abort();
  size_t used2 = 0;
  if (z3_room_stream_parse(&again, out.data, out.len, &used2, &err) != Z3_OK || used2 != out.len) abort();
  if (!same_objects(&r, &again) || door_off > out.len) abort();
  z3_buf_release(&out);
  release(&r);
  release(&again);
}

static void check_sprites(const uint8_t *data, size_t size) {
  z3_room r;
  memset(&r, 0, sizeof r);
  z3_error err;
  z3_error_init(&err);
  size_t used = 0;
  if (z3_room_sprites_parse(&r, data, size, &used, &err) == Z3_OK) {
    z3_buf out;
    z3_buf_init(&out);
    if (z3_room_sprites_encode(&r, &out, &err) != Z3_OK) abort();
    if (out.len != used || memcmp(out.data, data, used) != 0) abort();
    z3_buf_release(&out);
  } else if (err.offset < 0 || (size_t)err.offset > size) {
    abort();
  }
  release(&r);
}

/* Pot items: an accepted list re-encodes to exactly its bytes. */
static void check_pots(const uint8_t *data, size_t size) {
  z3_room r;
  memset(&r, 0, sizeof r);
  z3_error err;
  z3_error_init(&err);
  size_t used = 0;
  if (z3_room_pots_parse(&r, data, size, &used, &err) == Z3_OK) {
    uint8_t out[3 * Z3_ROOM_MAX_POTS + 2];
    size_t len = 0;
    z3_room_pots_encode(&r, out, &len);
    if (len != used || memcmp(out, data, used) != 0) abort();
  } else if (err.offset < 0 || (size_t)err.offset > size) {
    abort();
  }
  z3_free(r.pots);
}

/* A layout or overlay list (objects, FF FF): an accepted list re-encodes to
 * exactly its bytes, as the vanilla lists must for a byte-identical save. */
static void check_object_list(const uint8_t *data, size_t size) {
  z3_object_list l;
  memset(&l, 0, sizeof l);
  z3_error err;
  z3_error_init(&err);
  if (z3_object_list_parse(data, size, &l.objects, &l.count, &l.len, &err) != Z3_OK) {
    if (err.offset < 0 || (size_t)err.offset > size || !err.message[0]) abort();
    return;
  }
  z3_buf out;
  z3_buf_init(&out);
  if (l.len > size || z3_object_list_encode(&l, &out, &err) != Z3_OK) abort();
  if (out.len != l.len || memcmp(out.data, data, l.len) != 0) abort();
  z3_buf_release(&out);
  z3_free(l.objects);
}

static void check_header(const uint8_t *data, size_t size) {
  if (size < Z3_ROOM_HEADER_SIZE) return;
  z3_room_header h;
  uint8_t raw[Z3_ROOM_HEADER_SIZE];
  z3_room_header_decode(data, &h);
  z3_room_header_encode(&h, raw);
  if (memcmp(raw, data, sizeof raw) != 0) abort();
}

/* Objects the check accepts, one per record, in the layer the record names. */
static void checked_objects(const uint8_t *data, size_t n, z3_room *r) {
  z3_error err;
  for (size_t i = 0; i + 5 <= n; i += 5) {
    const uint8_t *b = data + i;
    z3_room_object o = {.id = (uint16_t)((b[0] | b[1] << 8) & 0xFFF), .x = b[2] % 65, .y = b[3] % 65, .size = b[4] & 0x1F};
    int layer = (b[4] >> 5) % Z3_ROOM_LAYERS;
    z3_error_init(&err);
    if (z3_object_check(&o, &err) != Z3_OK) {
      if (!err.message[0]) abort();
      continue;
    }
    uint8_t enc[3];
    z3_room_object back;
    z3_object_encode(&o, enc);
    z3_object_decode(enc, &back);
    if (!z3_room_object_equal(&o, &back)) abort();
    if (r->object_count[layer] == r->object_cap[layer]) {
      r->object_cap[layer] = r->object_cap[layer] ? 2 * r->object_cap[layer] : 8;
      r->objects[layer] = z3_realloc(r->objects[layer], r->object_cap[layer] * sizeof *r->objects[layer]);
      if (!r->objects[layer]) abort();
    }
    r->objects[layer][r->object_count[layer]++] = o;
  }
}

static void check_checked_objects(const uint8_t *data, size_t size) {
  z3_room r, again;
  memset(&r, 0, sizeof r);
  memset(&again, 0, sizeof again);
  checked_objects(data, size, &r);
  z3_error err;
  z3_error_init(&err);
  z3_buf out;
  z3_buf_init(&out);
  size_t door_off = 0, used = 0;
  if (z3_room_stream_encode(&r, &out, &door_off, &err) != Z3_OK) abort();
  if (z3_room_stream_parse(&again, out.data, out.len, &used, &err) != Z3_OK || used != out.len) abort();
  if (!same_objects(&r, &again)) abort();
  z3_buf_release(&out);
  release(&r);
  release(&again);
}

static bool same_sprite(const z3_room_sprite *a, const z3_room_sprite *b) {
  return a->id == b->id && a->x == b->x && a->y == b->y && a->layer == b->layer && a->subtype == b->subtype &&
         a->key_drop == b->key_drop;
}

static void check_checked_sprites(const uint8_t *data, size_t size) {
  z3_room r, again;
  memset(&r, 0, sizeof r);
  memset(&again, 0, sizeof again);
  r.sprite_sort = size ? data[0] : 0;
  r.sprites = z3_calloc(size / 5 + 1, sizeof *r.sprites);
  if (!r.sprites) abort();
  z3_error err;
  for (size_t i = 0; i + 5 <= size; i += 5) {
    const uint8_t *b = data + i;
    z3_room_sprite s = {.id = b[0], .x = b[1] % 33, .y = b[2] % 33, .layer = b[3] % 3, .subtype = b[4] % 33,
                        .key_drop = (b[3] >> 2) % 4};
    z3_error_init(&err);
    if (z3_sprite_check(&s, &err) == Z3_OK) r.sprites[r.sprite_count++] = s;
    else if (!err.message[0]) abort();
  }
  z3_error_init(&err);
  z3_buf out;
  z3_buf_init(&out);
  size_t used = 0;
  if (z3_room_sprites_encode(&r, &out, &err) != Z3_OK) abort();
  if (z3_room_sprites_parse(&again, out.data, out.len, &used, &err) != Z3_OK || used != out.len) abort();
  if (again.sprite_count != r.sprite_count || again.sprite_sort != r.sprite_sort) abort();
  for (size_t i = 0; i < r.sprite_count; i++)
    if (!same_sprite(&r.sprites[i], &again.sprites[i])) abort();
  z3_buf_release(&out);
  release(&r);
  release(&again);
}

/* Pots the check accepts; more than a room holds is refused by z3_room_set_pots. */
static void check_checked_pots(const uint8_t *data, size_t size) {
  z3_pot_item list[Z3_ROOM_MAX_POTS + 8];
  size_t n = 0;
  z3_error err;
  for (size_t i = 0; i + 3 <= size && n < Z3_ROOM_MAX_POTS + 8; i += 3) {
    z3_pot_item p = {.position = (uint16_t)(data[i] | data[i + 1] << 8), .item = data[i + 2]};
    z3_error_init(&err);
    if (z3_pot_check(&p, &err) == Z3_OK) list[n++] = p;
    else if (!err.message[0]) abort();
  }
  z3_room r, again;
  memset(&r, 0, sizeof r);
  memset(&again, 0, sizeof again);
  z3_error_init(&err);
  if (z3_room_set_pots(&r, list, n, &err) != Z3_OK) {
    if (n <= Z3_ROOM_MAX_POTS || !err.message[0]) abort();
    z3_free(r.pots);
    return;
  }
  uint8_t out[3 * Z3_ROOM_MAX_POTS + 2];
  size_t len = 0, used = 0;
  z3_room_pots_encode(&r, out, &len);
  if (z3_room_pots_parse(&again, out, len, &used, &err) != Z3_OK || used != len || again.pot_count != n) abort();
  for (size_t i = 0; i < n; i++)
    if (again.pots[i].position != list[i].position || again.pots[i].item != list[i].item) abort();
  z3_free(r.pots);
  z3_free(again.pots);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  check_header(data, size);
  check_checked_objects(data, size);
  check_checked_sprites(data, size);
  check_checked_pots(data, size);
  check_stream(data, size);
  check_object_list(data, size);
  check_sprites(data, size);
  check_pots(data, size);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  /* floor, layout; list 0: wall + brazier + chest; list 1: pot; list 2: stairs, doors */
  static const uint8_t room[] = {0x21, 0x04, 0x11, 0x0B, 0x01, 0xFD, 0x45, 0x1C, 0x79, 0x32, 0xF9, 0xFF, 0xFF,
                                 0x40, 0xA0, 0xF9, 0xFF, 0xFF, 0xFE, 0xC2, 0x2D, 0xF0, 0xFF, 0x00, 0x00,
                                 0x61, 0x1C, 0xFF, 0xFF};
  write_seed(argv[1], "room-all-subtypes", room, sizeof room);
  static const uint8_t empty[] = {0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0xFF, 0xFF, 0xFF};
  write_seed(argv[1], "empty-room", empty, sizeof empty);
  static const uint8_t no_marker[] = {0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x08, 0x08, 0x01, 0xFF, 0xFF};
  write_seed(argv[1], "no-door-marker", no_marker, sizeof no_marker);
  static const uint8_t doors_in_list0[] = {0x00, 0x00, 0xF0, 0xFF, 0x00, 0x00, 0xFF, 0xFF};
  write_seed(argv[1], "doors-in-list-0", doors_in_list0, sizeof doors_in_list0);
  write_seed(argv[1], "truncated", room, 14);
  static const uint8_t sprites[] = {0x00, 0x08, 0x0A, 0x08, 0x0A, 0x14, 0x41, 0xFE, 0x00, 0xE4, 0x04, 0xE4, 0x05, 0xFF};
  write_seed(argv[1], "sprite-list-key-overlord", sprites, sizeof sprites);
  /* an overlay: two pits (usdasm OverlayData_00's first records) and the end */
  static const uint8_t overlay[] = {0xAC, 0x38, 0xA4, 0xBC, 0x50, 0xA4, 0xFF, 0xFF};
  write_seed(argv[1], "overlay-pits", overlay, sizeof overlay);
  return 0;
}
#endif
