/*
 * The structured half of rom merge: rooms merged as rooms, not as bytes.
 *
 * A hack that grows a room moves its object stream into free space and
 * changes its pointer; a byte merge then sees the pointer and the new bytes
 * as two unrelated changes, and two hacks that moved different rooms into the
 * same free space as a conflict. Here each room is read from all three ROMs
 * and merged part by part (objects with doors and floors, sprites, pot items,
 * header with message): a part one side changed takes that side's content,
 * and the merged room is written by the dungeon model, which finds room for
 * what grew. The bytes the rooms own in any of the three ROMs (streams, lists,
 * headers and their pointer tables) are left at the base's value by the byte
 * merge, so the writer starts from the base's consistent layout.
 */
#include <string.h>

#include "zelda3/dungeon.h"
#include "zelda3/merge_internal.h"

static bool same(const z3_buf *a, const z3_buf *b) { return a->len == b->len && !memcmp(a->data, b->data, a->len); }

typedef z3_room_part part; /* the parts merged one by one, as z3_room_copy_part copies them */

static const char *const part_names[Z3_ROOM_PART_COUNT] = {"objects and doors", "sprites", "pot items", "header"};

/* Bytes that are room data in one image only count as room bytes when no
 * image holds other data there (a side that put a message where the base had
 * a room stays a byte merge, so nothing of it is lost). */
static bool room_kind(const z3_region *r) {
  if (!r) return false;
  switch (r->kind) {
    case Z3_REGION_ROOM_HEADER:
    case Z3_REGION_ROOM_OBJECTS:
    case Z3_REGION_ROOM_SPRITES:
    case Z3_REGION_ROOM_POTS: return true;
    case Z3_REGION_TABLE:
      return r->part == Z3_TABLE_ROOM_OBJECT_POINTERS || r->part == Z3_TABLE_ROOM_HEADER_POINTERS ||
             r->part == Z3_TABLE_ROOM_SPRITE_POINTERS || r->part == Z3_TABLE_ROOM_POT_POINTERS;
    default: return false;
  }
}

bool z3_merge__room_byte(const z3_merge_three *t, size_t i) { return z3_merge__owned_by(t, i, room_kind); }

/* One part of a room as bytes, to compare three rooms by. */
static z3_status part_bytes(const z3_room *r, part p, z3_buf *out, z3_error *err) {
  size_t door_offset, len;
  uint8_t pots[3 * Z3_ROOM_MAX_POTS + 2];
  out->len = 0;
  switch (p) {
    case Z3_ROOM_PART_OBJECTS: return z3_room_stream_encode(r, out, &door_offset, err);
    case Z3_ROOM_PART_SPRITES: return z3_room_sprites_encode(r, out, err);
    case Z3_ROOM_PART_POTS:
      if (r->pot_count > Z3_ROOM_MAX_POTS)
        return z3_error_set(err, Z3_E_INVALID, "room 0x%03X has over %d pot items", r->id, Z3_ROOM_MAX_POTS);
      z3_room_pots_encode(r, pots, &len);
      return z3_buf_append(out, pots, len, err);
    default: {
      z3_status st = z3_buf_append(out, r->header, Z3_ROOM_HEADER_SIZE, err);
      uint8_t msg[2] = {(uint8_t)r->message, (uint8_t)(r->message >> 8)};
      return st ? st : z3_buf_append(out, msg, 2, err);
    }
  }
}


typedef struct room_merge {
  const z3_merge_three *t;
  const z3_merge_opts *opts;
  z3_dungeon *d[3]; /* base, ours, theirs */
  z3_dungeon *merged;
  z3_merge_result *res;
  json_t *list;
  z3_buf bytes[3];
} room_merge;

/* Which image room `room`'s part comes from: 0 (unchanged), 1 or 2. */
static z3_status merge_part(room_merge *m, int room, part p, z3_error *err) {
  for (int k = 0; k < 3; k++) {
    z3_status st = part_bytes(&m->d[k]->rooms[room], p, &m->bytes[k], err);
    if (st) return st;
  }
  const z3_room *base = &m->d[0]->rooms[room];
  size_t at = p == Z3_ROOM_PART_OBJECTS   ? base->object_pc
              : p == Z3_ROOM_PART_SPRITES ? base->sprite_pc
              : p == Z3_ROOM_PART_POTS    ? base->pot_pc
                                          : base->header_pc;
  char what[64];
  snprintf(what, sizeof what, "room 0x%03X %s", room, part_names[p]);
  z3_merge_part entry = {!same(&m->bytes[1], &m->bytes[0]), !same(&m->bytes[2], &m->bytes[0]),
                         same(&m->bytes[1], &m->bytes[2]), what, "rooms", at};
  int from = z3_merge__source(&entry, m->opts, m->res, m->list);
  if (from == 0) return Z3_OK;
  m->res->rooms_from[from - 1]++;
  return z3_room_copy_part(&m->merged->rooms[room], &m->d[from]->rooms[room], p, err);
}

static z3_status merge_all(room_merge *m, z3_rom *rom, z3_error *err) {
  z3_status st = z3_dungeon_load(rom, &m->merged, err);
  for (int r = 0; r < Z3_ROOM_COUNT && st == Z3_OK; r++)
    for (int p = 0; p < Z3_ROOM_PART_COUNT && st == Z3_OK; p++) st = merge_part(m, r, (part)p, err);
  if (st == Z3_OK && m->res->unresolved == 0) st = z3_dungeon_save(m->merged, rom, err);
  z3_dungeon_free(m->merged);
  return st;
}

bool z3_merge__rooms_load(z3_merge_three *t) {
  for (int k = 0; k < 3; k++) {
    if (z3_dungeon_load(t->rom[k], &t->dungeon[k], NULL) != Z3_OK) {
      z3_merge__rooms_release(t);
      return false;
    }
  }
  return true;
}

void z3_merge__rooms_release(z3_merge_three *t) {
  for (int k = 0; k < 3; k++) z3_dungeon_free(t->dungeon[k]), t->dungeon[k] = NULL;
}

z3_status z3_merge__rooms(const z3_merge_three *t, const z3_merge_opts *opts, z3_rom *rom, z3_merge_result *res,
                          json_t *list, z3_error *err) {
  room_merge m = {.t = t, .opts = opts, .res = res, .list = list, .d = {t->dungeon[0], t->dungeon[1], t->dungeon[2]}};
  for (int k = 0; k < 3; k++) z3_buf_init(&m.bytes[k]);
  z3_status st = merge_all(&m, rom, err);
  for (int k = 0; k < 3; k++) z3_buf_release(&m.bytes[k]);
  return st;
}
