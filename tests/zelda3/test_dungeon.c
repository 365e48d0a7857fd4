/* The dungeon model on the sample ROM: loading, byte-identical saves, edits
 * that touch only their structure, relocation, limits. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/dungeon.h"
#include "zelda3/gfx.h"
#include "zelda3/sample.h"


static void save(z3_dungeon *d, z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dungeon_save(d, rom, &err), &err);
}

/* Offsets where two images differ must all lie in one of the ranges. */
static void assert_changes_within(const uint8_t *before, const z3_rom *rom, const size_t (*ranges)[2], size_t n) {
  size_t differing = 0;
  for (size_t pc = 0; pc < rom->data.len; pc++) {
    if (before[pc] == rom->data.data[pc]) continue;
    differing++;
    bool inside = false;
    for (size_t i = 0; i < n; i++) inside |= pc >= ranges[i][0] && pc < ranges[i][1];
    if (!inside) print_error("unexpected change at 0x%06zX\n", pc);
    assert_true(inside);
  }
  assert_true(differing > 0);
}

static uint32_t long_at(const z3_rom *rom, size_t pc) {
  const uint8_t *p = rom->data.data + pc;
  return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16);
}

static uint8_t *snapshot(const z3_rom *rom) {
  uint8_t *p = malloc(rom->data.len);
  memcpy(p, rom->data.data, rom->data.len);
  return p;
}

Z3_TEST(test_dungeon__sample_rooms_load_with_their_content) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  const z3_room *r = &d->rooms[0x012];
  /* sample_dungeon.c gives room 0x012 all three subtypes, three doors, an overlord and a key drop */
  assert_int_equal(r->object_count[0], 6);
  assert_int_equal(r->object_count[1], 3);
  assert_int_equal(r->object_count[2], 2);
  assert_int_equal(r->door_count, 3);
  assert_int_equal(r->doors[1].b1, 0x1C);
  bool subtypes[4] = {false}, overlord = false, key = false;
  for (int l = 0; l < Z3_ROOM_LAYERS; l++)
    for (size_t i = 0; i < r->object_count[l]; i++) subtypes[z3_object_subtype_of(r->objects[l][i].id)] = true;
  for (size_t i = 0; i < r->sprite_count; i++) {
    overlord |= (r->sprites[i].subtype & 7) == 7;
    key |= r->sprites[i].key_drop == 1;
  }
  assert_true(subtypes[1] && subtypes[2] && subtypes[3] && overlord && key);
  size_t idx[Z3_CHEST_RECORDS];
  assert_int_equal(z3_room_chests(d, 0x012, idx), 2);
  assert_true(d->chests[idx[1]].big);
  assert_int_equal(z3_room_object_total(&d->rooms[0x000]), 0); /* the shared empty room */
  assert_int_equal(d->chest_count, Z3_CHEST_RECORDS);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

Z3_TEST(test_dungeon__unchanged_and_reencoded_saves_are_byte_identical) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  save(d, rom);
  assert_int_equal(rom->change_count, 0);
  for (int i = 0; i < Z3_ROOM_COUNT; i++) { /* every structure re-encoded: still the same bytes */
    z3_room *r = &d->rooms[i];
    r->dirty_header = r->dirty_objects = r->dirty_sprites = r->dirty_message = r->dirty_pots = true;
  }
  d->dirty_chests = d->dirty_blocks = d->dirty_torches = true;
  save(d, rom);
  assert_int_equal(z3_rom_bytes_changed(rom), 0);
  assert_memory_equal(before, rom->data.data, rom->data.len);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

Z3_TEST(test_dungeon__move_changes_only_the_room_stream) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  size_t stream = d->rooms[0x012].object_pc, len = d->rooms[0x012].object_len;
  assert_ok(z3_room_move_object(d, 0x012, 0, 0, 5, 4, &err), &err);
  assert_non_null(strstr(d->rooms[0x012].notes, "object 0 moved from (4,2) to (5,4)"));
  save(d, rom);
  const size_t ranges[1][2] = {{stream, stream + len}};
  assert_changes_within(before, rom, ranges, 1);
  z3_dungeon *again = test_dungeon_load(rom);
  assert_int_equal(again->rooms[0x012].objects[0][0].x, 5);
  assert_int_equal(again->rooms[0x012].objects[0][0].y, 4);
  assert_int_equal(again->rooms[0x012].object_pc, stream);
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

Z3_TEST(test_dungeon__a_grown_room_moves_to_free_space_with_its_pointers) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  size_t old_pc = d->rooms[0x024].object_pc, index = 0;
  z3_room_object chest = {0xF99, 40, 40, 0};
  assert_ok(z3_room_add_object(d, 0x024, 2, &chest, &index, &err), &err);
  save(d, rom);
  size_t new_pc = d->rooms[0x024].object_pc, new_len = d->rooms[0x024].object_len;
  assert_int_not_equal(new_pc, old_pc);
  assert_int_equal(new_pc >> 15, (new_pc + new_len - 1) >> 15); /* inside one bank */
  const size_t ranges[3][2] = {{new_pc, new_pc + new_len},
                               {d->object_table_pc + 3 * 0x024, d->object_table_pc + 3 * 0x025},
                               {d->door_table_pc + 3 * 0x024, d->door_table_pc + 3 * 0x025}};
  assert_changes_within(before, rom, ranges, 3);
  z3_dungeon *again = test_dungeon_load(rom);
  const z3_room *r = &again->rooms[0x024];
  assert_int_equal(r->object_count[2], 1);
  assert_int_equal(r->objects[2][0].id, 0xF99);
  assert_int_equal(r->door_count, 1); /* the door pointer follows: door records still read */
  assert_int_equal(again->rooms[0x012].object_count[0], 6); /* neighbours untouched */
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

/* A room grown again and again moves each time; every place it leaves inside
 * the free blocks goes back to filler, so only the last copy uses free space. */
Z3_TEST(test_dungeon__a_room_that_moves_again_frees_its_old_place) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  size_t vanilla_pc = d->rooms[0x024].object_pc, index = 0;
  for (int i = 0; i < 6; i++) {
    z3_room_object o = {0x0D0, (uint8_t)(10 + i), 20, 0};
    assert_ok(z3_room_add_object(d, 0x024, 0, &o, &index, &err), &err);
    save(d, rom);
  }
  size_t pc = d->rooms[0x024].object_pc, len = d->rooms[0x024].object_len;
  assert_int_not_equal(pc, vanilla_pc);
  size_t changed_elsewhere = 0;
  for (size_t b = 0; b < z3_vanilla_free_count; b++)
    for (size_t k = z3_vanilla_free[b].pc; k < z3_vanilla_free[b].pc + z3_vanilla_free[b].size; k++)
      changed_elsewhere += (k < pc || k >= pc + len) && rom->data.data[k] != before[k];
  assert_int_equal(changed_elsewhere, 0);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

Z3_TEST(test_dungeon__full_object_list_and_bad_objects_are_refused) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  size_t index = 0;
  z3_room_object o = {0x0C4, 1, 1, 0};
  for (size_t i = z3_room_object_total(&d->rooms[0x012]); i < Z3_ROOM_MAX_OBJECTS; i++) {
    z3_error_init(&err);
    assert_ok(z3_room_add_object(d, 0x012, 1, &o, &index, &err), &err);
  }
  z3_error_init(&err);
  assert_int_equal(z3_room_add_object(d, 0x012, 1, &o, &index, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "room 0x012 has 400 objects"));
  assert_non_null(strstr(err.message, "the limit is 400"));
  static const z3_room_object bad[] = {{0x0F8, 1, 1, 0}, {0x001, 64, 1, 0}, {0x001, 63, 1, 0},
                                       {0xF99, 1, 1, 3}, {0x13F, 63, 63, 0}, {0xF8C, 60, 63, 0}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    z3_error_init(&err);
    assert_int_equal(z3_room_add_object(d, 0x024, 0, &bad[i], &index, &err), Z3_E_INVALID);
  }
  z3_error_init(&err);
  assert_int_equal(z3_room_add_object(d, 0x128, 0, &o, &index, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "room 0x128 does not exist"));
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

Z3_TEST(test_dungeon__object_codec_round_trips_every_id) {
  (void)state;
  for (unsigned id = 0; id < 0x1000; id++) {
    if (!z3_object_id_valid((uint16_t)id)) continue;
    for (unsigned pos = 0; pos < 64 * 64; pos += 37) {
      z3_room_object o = {(uint16_t)id, (uint8_t)(pos % 64), (uint8_t)(pos / 64),
                          (uint8_t)(z3_object_subtype_of((uint16_t)id) == Z3_OBJECT_SUBTYPE1 ? pos % 16 : 0)};
      z3_error err;
      z3_error_init(&err);
      if (z3_object_check(&o, &err) != Z3_OK) continue;
      uint8_t b[3];
      z3_room_object back;
      z3_object_encode(&o, b);
      z3_object_decode(b, &back);
      assert_true(z3_room_object_equal(&o, &back));
    }
  }
}

Z3_TEST(test_dungeon__sprites_keys_and_limits) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  size_t index = 0;
  z3_room_sprite s = {.id = 0x41, .x = 8, .y = 9, .key_drop = 2};
  assert_ok(z3_room_add_sprite(d, 0x024, &s, &index, &err), &err);
  save(d, rom);
  z3_dungeon *again = test_dungeon_load(rom);
  const z3_room *r = &again->rooms[0x024];
  assert_int_equal(r->sprite_count, 3);
  assert_int_equal(r->sprites[2].key_drop, 2);
  assert_int_equal(r->sprites[0].key_drop, 2); /* the sample's own big-key drop survives */
  for (size_t i = r->sprite_count; i < Z3_ROOM_MAX_SPRITES; i++) assert_ok(z3_room_add_sprite(again, 0x024, &s, &index, &err), &err);
  assert_int_equal(z3_room_add_sprite(again, 0x024, &s, &index, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "the limit is 16"));
  z3_room_sprite lord = {.id = 0x1B, .subtype = 7};
  z3_error_init(&err);
  assert_int_equal(z3_room_add_sprite(again, 0x012, &lord, &index, &err), Z3_E_INVALID);
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

/* The game checks for id 0xE4 before the overlord bits (usdasm $09:C32C; the
 * snesrev/zelda3 extractor does the same): an 0xE4 record with subtype bits
 * 0-2 set is a small key sprite, and counts as one. */
Z3_TEST(test_dungeon__an_e4_record_is_never_an_overlord) {
  (void)state;
  static const uint8_t list[] = {0x00, 0x05, 0xE6, 0xE4, 0x06, 0xE7, 0x03, 0xFF};
  z3_room room;
  memset(&room, 0, sizeof room);
  size_t used = 0;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_room_sprites_parse(&room, list, sizeof list, &used, &err), &err);
  assert_int_equal(room.sprite_count, 2);
  assert_int_equal(room.sprites[0].subtype & 7, 7);
  assert_false(z3_room_sprite_is_overlord(&room.sprites[0]));
  assert_true(z3_room_sprite_is_overlord(&room.sprites[1]));
  assert_ok(z3_sprite_check(&room.sprites[0], &err), &err);
  /* and any E4 record with first byte FE / FD is a key-drop marker to the game, x byte or not */
  z3_room_sprite marker_like = {.id = 0xE4, .x = 5, .y = 30, .layer = 1, .subtype = 0x18};
  assert_int_equal(z3_sprite_check(&marker_like, &err), Z3_E_INVALID);
  marker_like.y = 29;
  assert_int_equal(z3_sprite_check(&marker_like, &err), Z3_E_INVALID);
  marker_like.y = 28;
  assert_ok(z3_sprite_check(&marker_like, &err), &err);
  z3_free(room.sprites);
}

Z3_TEST(test_dungeon__chest_edit_touches_one_record) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  size_t idx[Z3_CHEST_RECORDS];
  z3_room_chests(d, 0x012, idx);
  assert_ok(z3_room_set_chest(d, 0x012, 0, 0x28, false, &err), &err);
  save(d, rom);
  const size_t ranges[1][2] = {{d->chest_table_pc + 3 * idx[0], d->chest_table_pc + 3 * idx[0] + 3}};
  assert_changes_within(before, rom, ranges, 1);
  z3_error_init(&err);
  assert_int_equal(z3_room_set_chest(d, 0x012, 5, 0x28, false, &err), Z3_E_NOT_FOUND);
  assert_int_equal(z3_room_set_chest(d, 0x012, 0, 0x4C, false, &err), Z3_E_INVALID);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

Z3_TEST(test_dungeon__copy_room_unshares_the_header) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  uint16_t shared = d->rooms[0x014].header_word;
  assert_int_equal(d->rooms[0x013].header_word, shared); /* the sample shares one header like vanilla */
  assert_ok(z3_room_copy(d, 0x012, 0x013, &err), &err);
  save(d, rom);
  z3_dungeon *again = test_dungeon_load(rom);
  const z3_room *a = &again->rooms[0x012], *b = &again->rooms[0x013];
  assert_memory_equal(a->header, b->header, Z3_ROOM_HEADER_SIZE);
  assert_int_not_equal(b->header_word, shared);
  assert_int_equal(again->rooms[0x014].header_word, shared);
  assert_memory_equal(again->rooms[0x014].header, d->rooms[0x000].header, Z3_ROOM_HEADER_SIZE);
  for (int l = 0; l < Z3_ROOM_LAYERS; l++) {
    assert_int_equal(a->object_count[l], b->object_count[l]);
    for (size_t i = 0; i < a->object_count[l]; i++) assert_true(z3_room_object_equal(&a->objects[l][i], &b->objects[l][i]));
  }
  assert_int_equal(a->door_count, b->door_count);
  assert_int_equal(a->sprite_count, b->sprite_count);
  assert_int_equal(a->message, b->message);
  z3_error_init(&err);
  assert_int_equal(z3_room_copy(again, 0x012, 0x012, &err), Z3_E_INVALID);
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

/* Vanilla stores most headers in 7-13 bytes while the game reads 14, so
 * neighbours overlap (usdasm bank $04, "leaked value"). Here room 0x013's
 * header starts at 0x012's byte 10 and room 0x014's window ends at its byte 3:
 * a change to bytes 4-9 stays in place, one a neighbour reads moves. */
Z3_TEST(test_dungeon__packed_headers_move_only_when_a_neighbour_reads_the_change) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  size_t table = d->header_table_pc;
  unsigned w12 = d->rooms[0x012].header_word;
  uint8_t *p = rom->data.data + table;
  p[2 * 0x13] = (uint8_t)(w12 + 10), p[2 * 0x13 + 1] = (uint8_t)((w12 + 10) >> 8);
  p[2 * 0x14] = (uint8_t)(w12 - 10), p[2 * 0x14 + 1] = (uint8_t)((w12 - 10) >> 8);
  z3_dungeon_free(d);
  d = test_dungeon_load(rom);
  uint8_t *before = snapshot(rom);
  uint8_t h13[Z3_ROOM_HEADER_SIZE], h14[Z3_ROOM_HEADER_SIZE];
  memcpy(h13, d->rooms[0x013].header, sizeof h13);
  memcpy(h14, d->rooms[0x014].header, sizeof h14);
  z3_room *r = &d->rooms[0x012];
  size_t pc = r->header_pc;
  r->header[5] ^= 0x01, r->dirty_header = true; /* tag 1: nobody else reads it */
  save(d, rom);
  assert_int_equal(r->header_word, w12);
  const size_t ranges[1][2] = {{pc + 5, pc + 6}};
  assert_changes_within(before, rom, ranges, 1);
  r->header[1] ^= 0x01, r->dirty_header = true; /* palette: room 0x014's stair byte too */
  save(d, rom);
  assert_int_not_equal(r->header_word, w12);
  r->header[11] ^= 0x01, r->dirty_header = true; /* now unshared: in place again */
  unsigned moved = r->header_word;
  save(d, rom);
  assert_int_equal(r->header_word, moved);
  z3_dungeon *again = test_dungeon_load(rom);
  assert_memory_equal(again->rooms[0x012].header, r->header, Z3_ROOM_HEADER_SIZE);
  assert_memory_equal(again->rooms[0x013].header, h13, Z3_ROOM_HEADER_SIZE);
  assert_memory_equal(again->rooms[0x014].header, h14, Z3_ROOM_HEADER_SIZE);
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

/* The gaps between vanilla's pot lists are free only where vanilla keeps the
 * lists: with the table moved (here to $01:D000, followed by bytes of
 * something else) a grown list must not be put after it. */
Z3_TEST(test_dungeon__a_moved_pot_table_does_not_free_the_bytes_after_it) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  enum { MOVED = 0xD000, TABLE = 2 * Z3_ROOM_POINTERS };
  uint8_t *img = rom->data.data;
  memcpy(img + MOVED, img + d->pot_table_pc, TABLE);
  memset(img + MOVED + TABLE, 0x5A, 64);
  img[Z3_POT_PTR_OPERAND_PC] = 0x00, img[Z3_POT_PTR_OPERAND_PC + 1] = 0xD0, img[Z3_POT_PTR_OPERAND_PC + 2] = 0x01;
  z3_dungeon_free(d);
  d = test_dungeon_load(rom);
  assert_int_equal(d->pot_table_pc, MOVED);
  z3_error err;
  z3_error_init(&err);
  const z3_pot_item pots[3] = {{0x0102, 0x0A}, {0x0204, 0x0B}, {0x0306, 0x88}};
  assert_ok(z3_room_set_pots(&d->rooms[0x024], pots, 3, &err), &err);
  d->rooms[0x024].dirty_pots = true;
  assert_int_equal(z3_dungeon_save(d, rom, &err), Z3_E_NOT_FOUND);
  for (size_t i = 0; i < 64; i++) assert_int_equal(img[MOVED + TABLE + i], 0x5A);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

/* A sprite list another room reads from its second record on (a ROM another tool wrote):
 * an edit changing only bytes before that stays in place; one changing a byte the other
 * room reads moves the list, and the other room keeps its sprites. */
Z3_TEST(test_dungeon__an_edit_never_reaches_a_list_read_from_inside) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  int a = -1, b = -1;
  for (int i = 0; i < Z3_ROOM_COUNT && a < 0; i++)
    if (d->rooms[i].sprite_count >= 2 && !d->rooms[i].sprites[0].key_drop && !d->rooms[i].sprites[1].key_drop) a = i;
  for (int i = 0; i < Z3_ROOM_COUNT && b < 0; i++)
    if (i != a && d->rooms[i].sprite_count == 0) b = i;
  assert_true(a >= 0 && b >= 0);
  uint16_t tail = (uint16_t)(d->rooms[a].sprite_word + 3); /* its sort byte is a's first id */
  uint8_t w[2] = {(uint8_t)tail, (uint8_t)(tail >> 8)};
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_write(rom, d->sprite_table_pc + 2 * (size_t)b, w, 2, "test: b reads a's tail", &err), &err);
  z3_dungeon_free(d);
  d = test_dungeon_load(rom);
  z3_room *ra = &d->rooms[a];
  size_t others = d->rooms[b].sprite_count;
  assert_int_equal(others, ra->sprite_count - 1);
  z3_room_sprite theirs[Z3_ROOM_MAX_SPRITES];
  memcpy(theirs, d->rooms[b].sprites, others * sizeof *theirs);
  uint16_t own = ra->sprite_word;
  ra->sprites[0].x = (uint8_t)((ra->sprites[0].x + 1) & 31); /* byte 2 of the list: a's alone */
  ra->dirty_sprites = true;
  save(d, rom);
  assert_int_equal(ra->sprite_word, own);
  ra->sprites[1].x = (uint8_t)((ra->sprites[1].x + 1) & 31); /* a byte b reads */
  ra->dirty_sprites = true;
  save(d, rom);
  assert_int_not_equal(ra->sprite_word, own);
  z3_dungeon *again = test_dungeon_load(rom);
  assert_int_equal(again->rooms[b].sprite_count, others);
  assert_memory_equal(again->rooms[b].sprites, theirs, others * sizeof *theirs);
  assert_int_equal(again->rooms[a].sprites[1].x, ra->sprites[1].x);
  assert_int_equal(again->rooms[a].sprites[0].x, ra->sprites[0].x);
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

/* Vanilla: 67 pot lists have no FF FF of their own and run into the empty
 * list that follows (usdasm $01:DDEB, room 0x004 into 0x005); the sample's
 * room 0x012 does the same. An edit that fits stays in place and leaves the
 * shared end alone; a longer list moves; the other rooms keep their list. */
Z3_TEST(test_dungeon__a_pot_list_running_into_the_shared_empty_one) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_room *r = &d->rooms[0x012];
  uint16_t empty = d->rooms[0x024].pot_word, own = r->pot_word;
  assert_int_equal(r->pot_pc + 3, d->rooms[0x024].pot_pc);
  assert_int_equal(r->pot_count, 1);
  assert_int_equal(d->rooms[0x024].pot_count, 0);
  uint16_t words[Z3_ROOM_COUNT];
  size_t counts[Z3_ROOM_COUNT];
  for (int i = 0; i < Z3_ROOM_COUNT; i++) words[i] = d->rooms[i].pot_word, counts[i] = d->rooms[i].pot_count;
  uint8_t *before = snapshot(rom);
  z3_error err;
  z3_error_init(&err);
  z3_pot_item pots[2] = {{r->pots[0].position, 0x0B}, {0x0204, 0x0A}};
  assert_ok(z3_room_set_pots(r, pots, 1, &err), &err);
  r->dirty_pots = true;
  save(d, rom);
  assert_int_equal(r->pot_word, own);
  const size_t ranges[1][2] = {{r->pot_pc + 2, r->pot_pc + 3}};
  assert_changes_within(before, rom, ranges, 1);
  assert_ok(z3_room_set_pots(r, pots, 2, &err), &err);
  z3_pot_item too_many[Z3_ROOM_MAX_POTS + 1] = {{0}}; /* past the limit save_pots' buffer holds: refused as it is */
  assert_int_equal(z3_room_set_pots(r, too_many, Z3_ROOM_MAX_POTS + 1, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "64 at most"));
  assert_int_equal(r->pot_count, 2);
  r->dirty_pots = true;
  save(d, rom);
  assert_int_not_equal(r->pot_word, own);
  z3_dungeon *again = test_dungeon_load(rom);
  assert_int_equal(again->rooms[0x012].pot_count, 2);
  assert_int_equal(again->rooms[0x012].pots[1].item, 0x0A);
  int sharing = 0, own_lists = 0;
  for (int i = 0; i < Z3_ROOM_COUNT; i++) { /* the others keep their list: the shared empty one or their own */
    if (i == 0x012) continue;
    assert_int_equal(again->rooms[i].pot_word, words[i]);
    assert_int_equal(again->rooms[i].pot_count, counts[i]);
    sharing += again->rooms[i].pot_word == empty && again->rooms[i].pot_count == 0;
    own_lists += counts[i] > 0;
  }
  assert_int_equal(sharing, Z3_ROOM_COUNT - 1 - own_lists); /* every room without items still shares */
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

/* The game reads the door pointers through the operand at $01:B6CC (usdasm
 * $01:B6CB, again at $01:B7FD), so a moved table is the one kept up to date. */
Z3_TEST(test_dungeon__door_pointers_are_found_through_the_operand) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  enum { MOVED = 0xF0000, TABLE = 3 * Z3_ROOM_POINTERS };
  uint8_t *img = rom->data.data;
  memcpy(img + MOVED, img + Z3_ROOM_DOOR_TABLE_PC, TABLE);
  img[Z3_ROOM_DOOR_PTR_OPERAND_PC] = 0x00, img[Z3_ROOM_DOOR_PTR_OPERAND_PC + 1] = 0x80;
  img[Z3_ROOM_DOOR_PTR_OPERAND_PC + 2] = 0x1E;
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  assert_int_equal(d->door_table_pc, MOVED);
  z3_error err;
  z3_error_init(&err);
  size_t index = 0;
  z3_room_object chest = {0xF99, 40, 40, 0};
  assert_ok(z3_room_add_object(d, 0x024, 2, &chest, &index, &err), &err);
  save(d, rom);
  size_t new_pc = d->rooms[0x024].object_pc, new_len = d->rooms[0x024].object_len;
  const size_t ranges[3][2] = {{new_pc, new_pc + new_len},
                               {d->object_table_pc + 3 * 0x024, d->object_table_pc + 3 * 0x025},
                               {MOVED + 3 * 0x024, MOVED + 3 * 0x025}};
  assert_changes_within(before, rom, ranges, 3);
  size_t door_pc = 0;
  uint32_t door_addr = (uint32_t)(img[MOVED + 3 * 0x024] | img[MOVED + 3 * 0x024 + 1] << 8 | img[MOVED + 3 * 0x024 + 2] << 16);
  assert_ok(z3_rom_to_pc(rom, door_addr, &door_pc, &err), &err);
  assert_int_equal(door_pc, new_pc + new_len - 2 - 2); /* after F0 FF, at the one door record */
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

/* Z3ED_TEST_ROM: facts of the US game as the usdasm disassembly lists them
 * (bank $01, $04, $09 and rooms.asm), so a run with the real ROM confirms
 * what was written without one. */
Z3_TEST(test_dungeon__real_rom_matches_the_disassembly) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  z3_dungeon *d = test_dungeon_load(rom);
  assert_int_equal(d->object_table_pc, 0xF8000);
  assert_int_equal(d->door_table_pc, 0xF83C0);
  assert_int_equal(d->header_table_pc, 0x27502);
  assert_int_equal(d->header_bank, 0x04);
  assert_int_equal(d->sprite_table_pc, Z3_ROOM_SPRITE_TABLE_PC);
  assert_int_equal(d->pot_table_pc, Z3_POT_TABLE_PC);
  assert_int_equal(d->pot_bank, 0x01);
  assert_int_equal(d->chest_table_pc, 0xE96E);
  assert_int_equal(d->chest_count, 168);
  assert_int_equal(d->block_table_pc, 0x271DE);
  assert_int_equal(d->block_count, 99);
  assert_int_equal(d->torch_table_pc, 0x2736A);
  assert_int_equal(d->torch_bytes, 0x120);
  static const uint8_t header0[10] = {0x41, 0x21, 0x13, 0x22, 0x07, 0x3D, 0x00, 0x00, 0x00, 0x10};
  assert_memory_equal(d->rooms[0x000].header, header0, sizeof header0);
  assert_int_equal(d->rooms[0x000].message, 0x00B4);
  const z3_room *r0 = &d->rooms[0x000];
  assert_int_equal(r0->sprite_count, 1); /* $09:D92E: 00, 05 17 D6, FF */
  assert_true(r0->sprites[0].id == 0xD6 && r0->sprites[0].x == 0x17 && r0->sprites[0].y == 0x05);
  const z3_room *r4 = &d->rooms[0x004]; /* $01:DDEB: two bombs, then room 0x005's FF FF */
  assert_int_equal(r4->pot_count, 2);
  assert_true(r4->pots[0].position == 0x13CC && r4->pots[1].position == 0x13F0 && r4->pots[1].item == 0x0A);
  assert_int_equal(d->rooms[0x005].pot_pc, r4->pot_pc + 6);
  assert_true(d->chests[0].room == 0x032 && d->chests[0].item == 0x24 && !d->chests[0].big);
  assert_int_equal(d->rooms[0x00D].object_addr, d->rooms[0x020].object_addr);
  assert_int_equal(d->rooms[0x04F].object_addr, d->rooms[0x0BF].object_addr);
  assert_true(d->torches[0].room == 0x043 && d->torches[0].count == 4 && d->torches[0].positions[0] == 0x03AA);
  assert_true(d->blocks[0].room == 0x10B && d->blocks[0].position == 0x193A);
  static const int small_keys[] = {0x00E, 0x013, 0x021, 0x039, 0x03D, 0x03E, 0x071, 0x072, 0x099, 0x0B0, 0x0B6, 0x0C0, 0x0C1};
  for (size_t i = 0; i < sizeof small_keys / sizeof small_keys[0]; i++) {
    const z3_room *r = &d->rooms[small_keys[i]];
    bool found = false;
    for (size_t k = 0; k < r->sprite_count; k++) found |= r->sprites[k].key_drop == 1;
    if (!found) fail_msg("room 0x%03X has no small-key drop", small_keys[i]);
  }
  bool big = false;
  for (size_t k = 0; k < d->rooms[0x080].sprite_count; k++) big |= d->rooms[0x080].sprites[k].key_drop == 2;
  assert_true(big);
  /* every door pointer reaches the records after the F0 FF of list 2, which end the stream */
  for (int i = 0; i < Z3_ROOM_COUNT; i++) {
    const z3_room *r = &d->rooms[i];
    size_t door_pc = 0;
    assert_ok(z3_rom_to_pc(rom, long_at(rom, d->door_table_pc + 3 * (size_t)i), &door_pc, &err), &err);
    if (!r->door_marker || door_pc != r->object_pc + r->object_len - 2 - 2 * r->door_count)
      fail_msg("room 0x%03X: door pointer 0x%06zX, stream 0x%06zX+%zu, %zu doors", i, door_pc, r->object_pc,
               r->object_len, r->door_count);
  }
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

/* Z3ED_TEST_ROM: every room of the real game loads, and saves byte-identically
 * even when every structure is re-encoded. */
Z3_TEST(test_dungeon__real_rom_round_trip) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  save(d, rom);
  assert_int_equal(rom->change_count, 0);
  for (int i = 0; i < Z3_ROOM_COUNT; i++) {
    z3_room *r = &d->rooms[i];
    r->dirty_header = r->dirty_objects = r->dirty_sprites = r->dirty_message = r->dirty_pots = true;
  }
  d->dirty_chests = d->dirty_blocks = d->dirty_torches = true;
  save(d, rom);
  assert_memory_equal(before, rom->data.data, rom->data.len);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_dungeon__sample_rooms_load_with_their_content),
       cmocka_unit_test(test_dungeon__unchanged_and_reencoded_saves_are_byte_identical),
       cmocka_unit_test(test_dungeon__move_changes_only_the_room_stream),
       cmocka_unit_test(test_dungeon__a_grown_room_moves_to_free_space_with_its_pointers),
       cmocka_unit_test(test_dungeon__a_room_that_moves_again_frees_its_old_place),
       cmocka_unit_test(test_dungeon__full_object_list_and_bad_objects_are_refused),
       cmocka_unit_test(test_dungeon__object_codec_round_trips_every_id),
       cmocka_unit_test(test_dungeon__sprites_keys_and_limits),
       cmocka_unit_test(test_dungeon__an_e4_record_is_never_an_overlord),
       cmocka_unit_test(test_dungeon__chest_edit_touches_one_record),
       cmocka_unit_test(test_dungeon__copy_room_unshares_the_header),
       cmocka_unit_test(test_dungeon__packed_headers_move_only_when_a_neighbour_reads_the_change),
       cmocka_unit_test(test_dungeon__a_moved_pot_table_does_not_free_the_bytes_after_it),
       cmocka_unit_test(test_dungeon__a_pot_list_running_into_the_shared_empty_one),
       cmocka_unit_test(test_dungeon__an_edit_never_reaches_a_list_read_from_inside),
       cmocka_unit_test(test_dungeon__door_pointers_are_found_through_the_operand),
       cmocka_unit_test(test_dungeon__real_rom_matches_the_disassembly),
       cmocka_unit_test(test_dungeon__real_rom_round_trip))
