/*
 * Fuzzes the room object stream parser (and the sprite-list, pot-item and
 * layout/overlay list parsers on the same bytes). A stream that parses must re-encode to exactly the bytes it
 * was read from when it had the door marker (the codec is a bijection on
 * what it accepts), and parse again to the same model; a failure must name
 * an offset inside the input. Any violation traps.
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
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
