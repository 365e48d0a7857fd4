/* Dungeon edits on generated ROMs with ZScream's moved room headers and a
 * room's objects in the expanded object space (layout_gen.h): saves write
 * where the data now lives, relocation stays in expanded space outside the
 * editors' reserved regions, and everything reads back. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/dungeon.h"
#include "zelda3/layouts.h"
#include "zelda3/overworld.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000 };
enum { HEADER_DATA = 0x110000 + 640, HEADER_END = HEADER_DATA + Z3_ROOM_COUNT * Z3_ROOM_HEADER_SIZE };


static z3_rom *generated(z3_layout_id a, z3_layout_id b) {
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_layout(rom->data.data, a);
  if (b != a) gen_layout(rom->data.data, b);
  return rom;
}

static uint8_t *copy_of(const z3_rom *rom) {
  uint8_t *c = malloc(rom->data.len);
  memcpy(c, rom->data.data, rom->data.len);
  return c;
}

/* The first object list of the room that has objects. */
static int first_layer(const z3_dungeon *d, int room) {
  for (int l = 0; l < Z3_ROOM_LAYERS; l++)
    if (d->rooms[room].object_count[l]) return l;
  fail_msg("room 0x%03X has no objects", room);
  return 0;
}

/* Header edits of any room, the first one included, are written into its
 * own 14 bytes of the moved data and nowhere else; the vanilla headers stay. */
Z3_TEST(test_dungeon_expanded__header_edits_write_the_moved_headers) {
  (void)state;
  z3_rom *rom = generated(Z3_LAYOUT_ROOM_HEADERS, Z3_LAYOUT_ROOM_HEADERS);
  z3_error err;
  z3_error_init(&err);
  uint8_t *before = copy_of(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  const int rooms[] = {0x000, 0x012, 0x127};
  for (size_t i = 0; i < 3; i++) {
    unsigned old;
    assert_ok(z3_room_get_field(d, rooms[i], "palette", &old, &err), &err);
    assert_ok(z3_room_set_field(d, rooms[i], "palette", (old + 1) % 8, &err), &err);
    assert_ok(z3_room_set_field(d, rooms[i], "stair2_room", 0x0AB, &err), &err);
  }
  assert_ok(z3_dungeon_save(d, rom, &err), &err);
  size_t changed = 0;
  for (size_t pc = 0; pc < rom->data.len; pc++) {
    if (before[pc] == rom->data.data[pc]) continue;
    changed++;
    bool own = false;
    for (size_t i = 0; i < 3; i++) {
      size_t at = HEADER_DATA + (size_t)rooms[i] * Z3_ROOM_HEADER_SIZE;
      own = own || (pc >= at && pc < at + Z3_ROOM_HEADER_SIZE);
    }
    if (!own) fail_msg("byte 0x%zX changed outside the edited rooms' moved headers", pc);
  }
  assert_true(changed >= 3);
  z3_dungeon *again = test_dungeon_load(rom);
  for (size_t i = 0; i < 3; i++) {
    unsigned v;
    assert_ok(z3_room_get_field(again, rooms[i], "stair2_room", &v, &err), &err);
    assert_int_equal(v, 0x0AB);
    assert_int_equal(again->rooms[rooms[i]].header_pc, HEADER_DATA + (size_t)rooms[i] * Z3_ROOM_HEADER_SIZE);
    assert_memory_equal(again->rooms[rooms[i]].header, d->rooms[rooms[i]].header, Z3_ROOM_HEADER_SIZE);
  }
  z3_layouts found;
  z3_layouts_detect(rom, &found);
  assert_int_equal(found.count, 1);
  assert_int_equal(found.hits[0].layout, Z3_LAYOUT_ROOM_HEADERS);
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

/* Room GEN_OBJECT_ROOM's objects live at 0x138000: a same-size edit is
 * written there in place; a growing one moves the stream into expanded free
 * space (never the reserved 0x100000-0x14FFFF or 0x1E0000-0x1FFFFF, nor a
 * vanilla bank), with both pointers following, and every room reads back as
 * it was saved. */
Z3_TEST(test_dungeon_expanded__object_edits_in_the_expanded_object_space) {
  (void)state;
  const int room = GEN_OBJECT_ROOM;
  z3_rom *rom = generated(Z3_LAYOUT_OBJECT_SPACE, Z3_LAYOUT_ROOM_HEADERS);
  z3_error err;
  z3_error_init(&err);
  z3_dungeon *d = test_dungeon_load(rom);
  assert_int_equal(d->rooms[room].object_pc, 0x138000);
  int layer = first_layer(d, room);
  z3_room_object first = d->rooms[room].objects[layer][0];
  assert_ok(z3_room_move_object(d, room, layer, 0, (first.x + 1) % 60, first.y, &err), &err);
  assert_ok(z3_dungeon_save(d, rom, &err), &err);
  assert_int_equal(d->rooms[room].object_pc, 0x138000);
  z3_dungeon *again = test_dungeon_load(rom);
  assert_int_equal(again->rooms[room].object_pc, 0x138000);
  assert_true(z3_room_object_equal(&again->rooms[room].objects[layer][0], &d->rooms[room].objects[layer][0]));
  z3_dungeon_free(again);

  size_t index;
  for (int k = 0; k < 12; k++) {
    z3_room_object o = first;
    o.x = (uint8_t)(4 + 4 * k), o.y = 20;
    assert_ok(z3_room_add_object(d, room, layer, &o, &index, &err), &err);
  }
  assert_ok(z3_dungeon_save(d, rom, &err), &err);
  size_t pc = d->rooms[room].object_pc;
  assert_true(pc >= 0x150000 && pc < 0x1E0000);
  again = test_dungeon_load(rom);
  assert_int_equal(again->rooms[room].object_pc, pc);
  for (int id = 0; id < Z3_ROOM_COUNT; id++)
    for (int l = 0; l < Z3_ROOM_LAYERS; l++) {
      assert_int_equal(again->rooms[id].object_count[l], d->rooms[id].object_count[l]);
      for (size_t i = 0; i < d->rooms[id].object_count[l]; i++)
        assert_true(z3_room_object_equal(&again->rooms[id].objects[l][i], &d->rooms[id].objects[l][i]));
    }
  assert_int_equal(again->rooms[room].door_count, d->rooms[room].door_count);
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

/* A vanilla ROM's dungeon saves, even ones that relocate, never write the
 * bytes that show the moved headers or the object space. */
Z3_TEST(test_dungeon_expanded__vanilla_saves_stay_vanilla) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_dungeon *d = test_dungeon_load(rom);
  int layer = first_layer(d, 0x12);
  z3_room_object o = d->rooms[0x12].objects[layer][0];
  size_t index;
  for (int k = 0; k < 16; k++) {
    o.x = (uint8_t)(2 + 3 * k);
    assert_ok(z3_room_add_object(d, 0x12, layer, &o, &index, &err), &err);
  }
  assert_ok(z3_room_set_field(d, 0x12, "palette", 3, &err), &err);
  assert_ok(z3_dungeon_save(d, rom, &err), &err);
  assert_true(d->rooms[0x12].object_pc >= 0x150000); /* moved, outside the object space */
  z3_layouts found;
  z3_layouts_detect(rom, &found);
  assert_int_equal(found.count, 0);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

/* ZScream's overlays, custom collision and expanded dungeon maps move only
 * what z3ed does not model yet: the overworld and every room load exactly as
 * on the vanilla sample (nothing misread, nothing refused), and saving the
 * unchanged models writes nothing, so those layouts' bytes stay as they are. */
Z3_TEST(test_dungeon_expanded__unmodelled_layouts_load_and_stay_untouched) {
  (void)state;
  z3_rom *vanilla = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_layout(rom->data.data, Z3_LAYOUT_OVERLAYS);
  gen_layout(rom->data.data, Z3_LAYOUT_COLLISION);
  gen_layout(rom->data.data, Z3_LAYOUT_DUNGEON_MAPS);
  z3_layouts found;
  z3_layouts_detect(rom, &found);
  assert_int_equal(found.count, 3);
  z3_error err;
  z3_error_init(&err);
  z3_dungeon *a = test_dungeon_load(vanilla), *b = test_dungeon_load(rom);
  for (int id = 0; id < Z3_ROOM_COUNT; id++) {
    assert_memory_equal(a->rooms[id].header, b->rooms[id].header, Z3_ROOM_HEADER_SIZE);
    assert_memory_equal(a->rooms[id].object_count, b->rooms[id].object_count, sizeof a->rooms[id].object_count);
    assert_int_equal(a->rooms[id].sprite_count, b->rooms[id].sprite_count);
  }
  z3_overworld *ow = NULL, *ow_vanilla = NULL;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  assert_ok(z3_ow_load(&ow_vanilla, vanilla, &err), &err);
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) assert_memory_equal(ow->areas[id].map32, ow_vanilla->areas[id].map32, 512);
  assert_ok(z3_dungeon_save(b, rom, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  z3_ow_free(ow);
  z3_ow_free(ow_vanilla);
  z3_dungeon_free(a);
  z3_dungeon_free(b);
  z3_rom_free(rom);
  z3_rom_free(vanilla);
}

Z3_RUN(cmocka_unit_test(test_dungeon_expanded__header_edits_write_the_moved_headers),
       cmocka_unit_test(test_dungeon_expanded__unmodelled_layouts_load_and_stay_untouched),
       cmocka_unit_test(test_dungeon_expanded__object_edits_in_the_expanded_object_space),
       cmocka_unit_test(test_dungeon_expanded__vanilla_saves_stay_vanilla))
