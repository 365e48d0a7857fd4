/* Room JSON export/import: round trips and errors that name the JSON path. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/dungeon_json.h"
#include "zelda3/sample.h"

typedef struct fixture {
  z3_rom *rom;
  z3_dungeon *d;
} fixture;

static void open_sample(fixture *f) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_sample_rom(&f->rom, NULL, &err), &err);
  assert_ok(z3_dungeon_load(f->rom, &f->d, &err), &err);
}

static void close_sample(fixture *f) {
  z3_dungeon_free(f->d);
  z3_rom_free(f->rom);
}

/* The export without its "room" key, as text, for comparing two rooms. */
static char *body(const z3_dungeon *d, int room) {
  json_t *doc = z3_room_export_json(d, room);
  json_object_del(doc, "room");
  char *text = json_dumps(doc, JSON_SORT_KEYS | JSON_COMPACT);
  json_decref(doc);
  return text;
}

Z3_TEST(test_dungeon_json__import_of_an_export_changes_nothing) {
  (void)state;
  fixture f;
  open_sample(&f);
  z3_error err;
  z3_error_init(&err);
  for (int room = 0; room < Z3_ROOM_COUNT; room++) {
    json_t *doc = z3_room_export_json(f.d, room);
    assert_ok(z3_room_import_json(f.d, room, doc, &err), &err);
    json_decref(doc);
  }
  assert_ok(z3_dungeon_save(f.d, f.rom, &err), &err);
  assert_int_equal(z3_rom_bytes_changed(f.rom), 0);
  close_sample(&f);
}

Z3_TEST(test_dungeon_json__import_into_another_room_reproduces_it) {
  (void)state;
  fixture f;
  open_sample(&f);
  z3_error err;
  z3_error_init(&err);
  json_t *doc = z3_room_export_json(f.d, 0x012);
  char *text = json_dumps(doc, 0); /* through text, as the command does */
  json_decref(doc);
  doc = json_loads(text, 0, NULL);
  free(text);
  assert_ok(z3_room_import_json(f.d, 0x020, doc, &err), &err);
  json_decref(doc);
  assert_ok(z3_dungeon_save(f.d, f.rom, &err), &err);
  z3_dungeon *again = NULL;
  assert_ok(z3_dungeon_load(f.rom, &again, &err), &err);
  char *a = body(again, 0x012), *b = body(again, 0x020);
  assert_string_equal(a, b); /* chests included: two records were taken from the unused ones */
  free(a);
  free(b);
  z3_dungeon_free(again);
  close_sample(&f);
}

/* Each edit of a valid export must be refused with the path named. */
Z3_TEST(test_dungeon_json__errors_name_the_json_path) {
  (void)state;
  fixture f;
  open_sample(&f);
  static const struct { const char *edit, *path; } cases[] = {
      {"{\"objects\": [[{\"id\": 1, \"x\": 70, \"y\": 1}], [], []]}", "$.objects[0][0].x"},
      {"{\"objects\": [[], [{\"id\": \"0x300\", \"x\": 1, \"y\": 1}], []]}", "$.objects[1][0]: object id 0x300"},
      {"{\"objects\": [[], []]}", "$.objects must be an array of 3"},
      {"{\"sprites\": [{\"id\": 1, \"x\": 1, \"y\": 40}]}", "$.sprites[0].y"},
      {"{\"sprites\": [{\"id\": 1, \"x\": 1, \"y\": 1, \"key_drop\": \"gold\"}]}", "$.sprites[0].key_drop"},
      {"{\"doors\": [{\"position\": 12, \"direction\": \"north\", \"type\": 0}]}", "$.doors[0].position"},
      {"{\"doors\": [{\"position\": 1, \"direction\": \"up\", \"type\": 0}]}", "$.doors[0].direction"},
      {"{\"header\": {\"bg2\": 1}}", "$.header.collision is missing"},
      {"{\"chests\": [{\"item\": \"0x99\"}]}", "$.chests[0].item"},
      {"{\"floor1\": \"lots\"}", "$.floor1 must be a number"},
      {"{\"format\": \"something-else\"}", "$.format"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    json_t *doc = z3_room_export_json(f.d, 0x012);
    json_t *edit = json_loads(cases[i].edit, 0, NULL);
    assert_non_null(edit);
    json_object_update(doc, edit);
    z3_error err;
    z3_error_init(&err);
    assert_int_equal(z3_room_import_json(f.d, 0x012, doc, &err), Z3_E_INVALID);
    if (!strstr(err.message, cases[i].path)) print_error("case %zu: %s\n", i, err.message);
    assert_non_null(strstr(err.message, cases[i].path));
    json_decref(edit);
    json_decref(doc);
  }
  z3_error err;
  z3_error_init(&err);
  json_t *array = json_array();
  assert_int_equal(z3_room_import_json(f.d, 0x012, array, &err), Z3_E_INVALID);
  json_decref(array);
  assert_ok(z3_dungeon_save(f.d, f.rom, &err), &err); /* nothing was applied */
  assert_int_equal(z3_rom_bytes_changed(f.rom), 0);
  close_sample(&f);
}

Z3_TEST(test_dungeon_json__pot_items_move_out_of_a_shared_list) {
  (void)state;
  fixture f;
  open_sample(&f);
  z3_error err;
  z3_error_init(&err);
  uint16_t shared = f.d->rooms[0x024].pot_word;
  assert_int_equal(f.d->rooms[0x025].pot_word, shared); /* the sample's rooms share one empty list */
  json_t *doc = z3_room_export_json(f.d, 0x024);
  json_t *pots = json_loads("[{\"x\": 3, \"y\": 4, \"item\": \"0x0A\"}, {\"x\": 60, \"y\": 61, \"layer\": 1, \"item\": \"0x88\"}]", 0, NULL);
  json_object_set_new(doc, "pot_items", pots);
  assert_ok(z3_room_import_json(f.d, 0x024, doc, &err), &err);
  json_decref(doc);
  assert_ok(z3_dungeon_save(f.d, f.rom, &err), &err);
  z3_dungeon *again = NULL;
  assert_ok(z3_dungeon_load(f.rom, &again, &err), &err);
  const z3_room *r = &again->rooms[0x024];
  assert_int_equal(r->pot_count, 2);
  assert_int_equal(r->pots[0].position, (4 * 64 + 3) * 2);
  assert_int_equal(r->pots[1].position, ((61 * 64 + 60) * 2) | 0x2000);
  assert_int_equal(r->pots[1].item, 0x88);
  assert_int_not_equal(r->pot_word, shared);
  assert_int_equal(again->rooms[0x025].pot_word, shared);
  assert_int_equal(again->rooms[0x025].pot_count, 0);
  assert_int_equal(again->rooms[0x012].pot_count, 1); /* the sample's own pot item is untouched */
  doc = z3_room_export_json(again, 0x024);
  json_object_set_new(doc, "pot_items", json_loads("[{\"x\": 3, \"y\": 4, \"item\": \"0x17\"}]", 0, NULL));
  z3_error_init(&err);
  assert_int_equal(z3_room_import_json(again, 0x024, doc, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "$.pot_items[0]: pot item 0x17 does not exist"));
  json_decref(doc);
  z3_dungeon_free(again);
  close_sample(&f);
}

Z3_TEST(test_dungeon_json__blocks_and_torches_change_only_their_tables) {
  (void)state;
  fixture f;
  open_sample(&f);
  uint8_t *before = malloc(f.rom->data.len);
  memcpy(before, f.rom->data.data, f.rom->data.len);
  z3_error err;
  z3_error_init(&err);
  json_t *doc = z3_room_export_json(f.d, 0x030);
  json_object_set_new(doc, "blocks", json_loads("[{\"x\": 10, \"y\": 12}, {\"x\": 11, \"y\": 12, \"layer\": 1}]", 0, NULL));
  json_object_set_new(doc, "torches", json_loads("[{\"x\": 4, \"y\": 4, \"lit\": true}, {\"x\": 58, \"y\": 4}]", 0, NULL));
  assert_ok(z3_room_import_json(f.d, 0x030, doc, &err), &err);
  json_decref(doc);
  doc = z3_room_export_json(f.d, 0x024);
  json_object_set_new(doc, "blocks", json_array()); /* the sample's one block goes */
  assert_ok(z3_room_import_json(f.d, 0x024, doc, &err), &err);
  json_decref(doc);
  assert_ok(z3_dungeon_save(f.d, f.rom, &err), &err);
  for (size_t pc = 0; pc < f.rom->data.len; pc++) {
    if (before[pc] == f.rom->data.data[pc]) continue;
    bool in_blocks = pc >= f.d->block_table_pc && pc < f.d->block_table_pc + 4 * f.d->block_count;
    bool in_torches = pc >= f.d->torch_table_pc && pc < f.d->torch_table_pc + f.d->torch_bytes;
    if (!in_blocks && !in_torches) print_error("unexpected change at 0x%06zX\n", pc);
    assert_true(in_blocks || in_torches);
  }
  z3_dungeon *again = NULL;
  assert_ok(z3_dungeon_load(f.rom, &again, &err), &err);
  uint16_t pos[Z3_BLOCK_RECORDS_MAX];
  assert_int_equal(z3_room_blocks(again, 0x030, pos, Z3_BLOCK_RECORDS_MAX), 2);
  assert_int_equal(pos[0], 10 << 1 | 12 << 7);
  assert_int_equal(pos[1], 11 << 1 | 12 << 7 | 0x2000);
  assert_int_equal(z3_room_blocks(again, 0x024, pos, Z3_BLOCK_RECORDS_MAX), 0);
  const z3_torch_group *g = z3_room_torches(again, 0x030);
  assert_non_null(g);
  assert_int_equal(g->count, 2);
  assert_int_equal(g->positions[0], 0x8000 | 4 << 1 | 4 << 7);
  assert_non_null(z3_room_torches(again, 0x012)); /* the sample's own torch stays */
  doc = z3_room_export_json(again, 0x030);
  json_t *many = json_array();
  for (int i = 0; i < 200; i++) json_array_append_new(many, json_pack("{s:i,s:i}", "x", i % 60, "y", i / 60));
  json_object_set_new(doc, "torches", many);
  z3_error_init(&err);
  assert_int_equal(z3_room_import_json(again, 0x030, doc, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "$.torches has more than"));
  json_decref(doc);
  z3_dungeon_free(again);
  free(before);
  close_sample(&f);
}

Z3_RUN(cmocka_unit_test(test_dungeon_json__import_of_an_export_changes_nothing),
       cmocka_unit_test(test_dungeon_json__import_into_another_room_reproduces_it),
       cmocka_unit_test(test_dungeon_json__errors_name_the_json_path),
       cmocka_unit_test(test_dungeon_json__pot_items_move_out_of_a_shared_list),
       cmocka_unit_test(test_dungeon_json__blocks_and_torches_change_only_their_tables))
