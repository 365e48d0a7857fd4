/*
 * Fuzzes saving edited dungeon rooms (zelda3/dungeon_save.c) on a ROM whose
 * lists share bytes, as ROMs other tools wrote may. On the 1 MiB sample:
 *  1. Byte 0 gives 0-7 redirects of 6 bytes (kind, room, other room, offset):
 *     the room's object, sprite or pot pointer is set to the other room's
 *     list plus the offset, so it reads the same list or from inside it;
 *     kind 3 does so for a layout or overlay list (numbers mod 27) instead,
 *     kind 4 for the room's header (vanilla rooms share header bytes).
 *  2. What then loads gets edits of 6 bytes (room, what, three values): move
 *     an object or a sprite, add or remove a sprite, change or add a pot item,
 *     (the room number picking a layout or overlay) add, move or remove one
 *     of a list's objects, set a header field or the message id, or set or
 *     add a chest.
 *  3. The rooms are saved and loaded again: every room's objects, sprites,
 *     pots, header and message, the chest table, and every layout and
 *     overlay (compared as their encodings) are as
 *     they were and the edits made; an edit never reaches another room or
 *     list. A load or save that fails, and an edit that is refused, say why.
 *
 * Seeds in fuzz/corpora/dungeon_save/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/dungeon.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_REDIRECTS = 7, MAX_EDITS = 8, RECORD = 6, POT_BYTES = 3 * Z3_ROOM_MAX_POTS + 2 };

typedef struct reader {
  const uint8_t *p, *end;
} reader;

static int next(reader *in) { return in->p < in->end ? *in->p++ : 0; }
static int next_room(reader *in) {
  int high = next(in);
  return (high << 8 | next(in)) % Z3_ROOM_COUNT;
}

typedef struct encoded {
  z3_buf objects[Z3_ROOM_COUNT], sprites[Z3_ROOM_COUNT], lists[Z3_OBJECT_LISTS];
  uint8_t pots[Z3_ROOM_COUNT][POT_BYTES];
  size_t pot_len[Z3_ROOM_COUNT];
  uint8_t headers[Z3_ROOM_COUNT][Z3_ROOM_HEADER_SIZE];
  uint16_t messages[Z3_ROOM_COUNT];
  z3_buf chests; /* the records as the table stores them */
} encoded;

static void encode_all(const z3_dungeon *d, encoded *e) {
  z3_error err;
  z3_error_init(&err);
  for (int i = 0; i < Z3_ROOM_COUNT; i++) {
    size_t door_offset;
    z3_buf_init(&e->objects[i]);
    z3_buf_init(&e->sprites[i]);
    if (z3_room_stream_encode(&d->rooms[i], &e->objects[i], &door_offset, &err) != Z3_OK) abort();
    if (z3_room_sprites_encode(&d->rooms[i], &e->sprites[i], &err) != Z3_OK) abort();
    z3_room_pots_encode(&d->rooms[i], e->pots[i], &e->pot_len[i]);
    memcpy(e->headers[i], d->rooms[i].header, Z3_ROOM_HEADER_SIZE);
    e->messages[i] = d->rooms[i].message;
  }
  z3_buf_init(&e->chests);
  for (size_t i = 0; i < d->chest_count; i++) {
    const z3_chest *c = &d->chests[i];
    uint16_t w = (uint16_t)(c->room | (c->big ? 0x8000 : 0));
    uint8_t rec[3] = {(uint8_t)w, (uint8_t)(w >> 8), c->item};
    if (z3_buf_append(&e->chests, rec, 3, NULL) != Z3_OK) abort();
  }
  for (int i = 0; i < Z3_OBJECT_LISTS; i++) {
    z3_buf_init(&e->lists[i]);
    if (z3_object_list_encode(&d->lists[i], &e->lists[i], &err) != Z3_OK) abort();
  }
}

static bool same_buf(const z3_buf *a, const z3_buf *b) { return a->len == b->len && !memcmp(a->data, b->data, a->len); }

static void release_all(encoded *e) {
  for (int i = 0; i < Z3_ROOM_COUNT; i++) z3_buf_release(&e->objects[i]), z3_buf_release(&e->sprites[i]);
  for (int i = 0; i < Z3_OBJECT_LISTS; i++) z3_buf_release(&e->lists[i]);
  z3_buf_release(&e->chests);
}


/* Layout or overlay list n's pointer aimed at list other's bytes plus an offset inside them. */
static void redirect_list(z3_rom *rom, const z3_dungeon *base, int n, int other, int offset) {
  const z3_object_list *l = &base->lists[n], *o = &base->lists[other];
  size_t table = l->kind == Z3_LIST_LAYOUT ? base->layout_table_pc : base->overlay_table_pc;
  fuzz_put_long(rom->data.data + table + 3 * (size_t)l->index, o->addr + (uint32_t)(offset % (int)(o->len + 1)));
}

/* An object of a layout or overlay list added, moved or removed. */
static z3_status edit_list(z3_dungeon *d, int n, int a, int b, int c, z3_error *err) {
  z3_object_list *l = &d->lists[n];
  if (a % 3 == 0) {
    z3_room_object o = {.id = (uint16_t)(b << 4 | (c & 0x0F)) % 0x140, .x = (uint8_t)(c % 62), .y = (uint8_t)(b & 63)};
    size_t index;
    return z3_list_add_object(l, &o, &index, err);
  }
  if (!l->count) return Z3_OK;
  if (a % 3 == 1) return z3_list_move_object(l, (size_t)b % l->count, c & 63, (c >> 2) & 63, err);
  return z3_list_remove_object(l, (size_t)b % l->count, err);
}

/* The room's pointer of that kind aimed at the other room's list (or header) plus an offset inside it. */
static void redirect(z3_rom *rom, const z3_dungeon *base, int kind, int room, int other, int offset) {
  const z3_room *o = &base->rooms[other];
  uint8_t *bytes = rom->data.data;
  if (kind == 4) {
    uint16_t w = (uint16_t)(o->header_word + offset % Z3_ROOM_HEADER_SIZE);
    uint8_t *p = bytes + base->header_table_pc + 2 * (size_t)room;
    p[0] = (uint8_t)w, p[1] = (uint8_t)(w >> 8);
  } else if (kind == 0) {
    uint32_t a = o->object_addr + (uint32_t)(offset % (int)(o->object_len + 1));
    fuzz_put_long(bytes + base->object_table_pc + 3 * (size_t)room, a);
  } else {
    size_t len = kind == 1 ? o->sprite_len : o->pot_len;
    uint16_t w = (uint16_t)((kind == 1 ? o->sprite_word : o->pot_word) + offset % (int)(len + 1));
    uint8_t *p = bytes + (kind == 1 ? base->sprite_table_pc : base->pot_table_pc) + 2 * (size_t)room;
    p[0] = (uint8_t)w, p[1] = (uint8_t)(w >> 8);
  }
}

static const char *field_name(int a) {
  static int fields = -1;
  if (fields < 0)
    for (fields = 0; z3_room_field_names[fields];) fields++;
  return z3_room_field_names[(a >> 1) % fields];
}

/* One edit through the model's own calls; a refusal must carry a message. */
static void edit(z3_dungeon *d, reader *in) {
  int room = next_room(in), what = next(in) % 9, a = next(in), b = next(in), c = next(in);
  z3_room *r = &d->rooms[room];
  z3_error err;
  z3_error_init(&err);
  z3_status st = Z3_OK;
  switch (what) {
  case 0:
    if (r->object_count[a % 3]) st = z3_room_move_object(d, room, a % 3, (size_t)b % r->object_count[a % 3], c & 63, (c >> 2) & 63, &err);
    break;
  case 1:
    if (r->sprite_count) st = z3_room_move_sprite(d, room, (size_t)a % r->sprite_count, b & 31, c & 31, 0, &err);
    break;
  case 2: {
    z3_room_sprite s = {.id = (uint8_t)a, .x = (uint8_t)(b & 31), .y = (uint8_t)(c & 31)};
    size_t index;
    st = z3_room_add_sprite(d, room, &s, &index, &err);
    break;
  }
  case 3:
    if (r->sprite_count) st = z3_room_remove_sprite(d, room, (size_t)a % r->sprite_count, &err);
    break;
  case 6: st = edit_list(d, room % Z3_OBJECT_LISTS, a, b, c, &err); break;
  case 7: st = z3_room_set_field(d, room, field_name(a), a & 1 ? b << 8 | c : c, &err); break;
  case 8: {
    size_t idx[Z3_CHEST_RECORDS], n = z3_room_chests(d, room, idx);
    st = z3_room_set_chest(d, room, (size_t)b % (n + 1), (uint8_t)c, a & 1, &err);
    break;
  }
  default: {
    z3_pot_item pots[Z3_ROOM_MAX_POTS];
    size_t n = r->pot_count < Z3_ROOM_MAX_POTS ? r->pot_count : Z3_ROOM_MAX_POTS;
    if (n) memcpy(pots, r->pots, n * sizeof *pots);
    z3_pot_item p = {(uint16_t)((b << 8 | c) & 0x1FFE), (uint8_t)(a % 0x17)};
    if (what == 4 && n) pots[(size_t)b % n].item = p.item;
    else if (n < Z3_ROOM_MAX_POTS) pots[n++] = p;
    st = z3_room_set_pots(r, pots, n, &err);
    if (st == Z3_OK) r->dirty_pots = true;
    break;
  }
  }
  if (st != Z3_OK && !err.message[0]) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static z3_buf sample;
  static z3_dungeon *base;
  static encoded before, after;
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = fuzz_sample_rom(&sample, 0);
  if (!base && z3_dungeon_load(rom, &base, &err) != Z3_OK) abort();
  reader in = {data, data + size};
  int redirects = next(&in) % (MAX_REDIRECTS + 1);
  for (int i = 0; i < redirects; i++) {
    int kind = next(&in) % 5, room = next_room(&in), other = next_room(&in);
    if (kind == 3) redirect_list(rom, base, room % Z3_OBJECT_LISTS, other % Z3_OBJECT_LISTS, next(&in));
    else redirect(rom, base, kind, room, other, next(&in));
  }
  z3_dungeon *d = NULL, *again = NULL;
  if (z3_dungeon_load(rom, &d, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    z3_rom_free(rom);
    return 0;
  }
  int edits = next(&in) % (MAX_EDITS + 1);
  for (int i = 0; i < edits; i++) edit(d, &in);
  encode_all(d, &before);
  if (z3_dungeon_save(d, rom, &err) != Z3_OK) {
    if (!err.message[0]) abort();
  } else {
    if (z3_dungeon_load(rom, &again, &err) != Z3_OK) abort();
    encode_all(again, &after);
    for (int i = 0; i < Z3_ROOM_COUNT; i++) {
      if (!same_buf(&before.objects[i], &after.objects[i]) || !same_buf(&before.sprites[i], &after.sprites[i])) abort();
      if (before.pot_len[i] != after.pot_len[i] || memcmp(before.pots[i], after.pots[i], before.pot_len[i])) abort();
      if (memcmp(before.headers[i], after.headers[i], Z3_ROOM_HEADER_SIZE) || before.messages[i] != after.messages[i]) abort();
    }
    if (!same_buf(&before.chests, &after.chests)) abort();
    for (int i = 0; i < Z3_OBJECT_LISTS; i++)
      if (!same_buf(&before.lists[i], &after.lists[i])) abort();
    release_all(&after);
  }
  release_all(&before);
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  z3_rom_free(rom);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  /* no redirect; move an object of room 0x012, add a sprite to 0x024, add a pot to 0x012 */
  static const uint8_t plain[] = {0, 3, 0x00, 0x12, 0, 0, 3, 0x44, 0x00, 0x24, 2, 0x41, 8, 9, 0x00, 0x12, 5, 3, 2, 4};
  /* room 0x013 reads room 0x012's sprites from its second record; move 0x012's sprite 1 */
  static const uint8_t sprite_tail[] = {1, 1, 0x00, 0x13, 0x00, 0x12, 3, 1, 0x00, 0x12, 1, 1, 5, 6};
  /* rooms 0x020 and 0x021 share room 0x012's pots and objects; edit 0x012's */
  static const uint8_t shared[] = {3, 2, 0x00, 0x20, 0x00, 0x12, 0, 0, 0x00, 0x21, 0x00, 0x12, 0, 2, 0x00, 0x21,
                                   0x00, 0x12, 3, 2, 0x00, 0x12, 4, 7, 0, 0, 0x00, 0x12, 0, 0, 1, 0x22};
  write_seed(argv[1], "plain-edits", plain, sizeof plain);
  write_seed(argv[1], "sprite-tail", sprite_tail, sizeof sprite_tail);
  write_seed(argv[1], "shared-lists", shared, sizeof shared);
  /* overlay 2 reads overlay 1 from its second object, layout 3 reads layout 2; edit overlay 1 and layout 2 */
  static const uint8_t lists[] = {2, 3, 0x00, 8 + 2, 0x00, 8 + 1, 3, 3, 0x00, 3, 0x00, 2, 0,
                                  3, 0x00, 8 + 1, 6, 1, 0, 0x21, 0x00, 2, 6, 0, 0x12, 0x34,
                                  0x00, 8 + 1, 6, 2, 1, 0};
  write_seed(argv[1], "shared-layouts-overlays", lists, sizeof lists);
  return 0;
}
#endif
