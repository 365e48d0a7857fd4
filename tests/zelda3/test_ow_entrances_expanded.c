/* The 256 expanded overworld entrances (layout_gen.h gen_ow_entrances): the
 * same entrances and holes as the vanilla sample are read from the shared
 * table, edits (a slot past 128, a new hole) save into it and read back,
 * export/import of every area is byte-identical, and a vanilla save never
 * writes the expanded tables or the flag. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/layouts.h"
#include "zelda3/overworld.h"
#include "zelda3/overworld_json.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000, POISON = 0xEE };


/* The vanilla tables are overwritten after the move, so reading them by
 * mistake shows (the hole tables are already covered by the id table). */
static z3_rom *expanded_rom(void) {
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_layout(rom->data.data, Z3_LAYOUT_OW_ENTRANCES);
  memset(rom->data.data + 0xDB96F, POISON, 0xDBBF4 - 0xDB96F);
  return rom;
}

static bool same_place(const z3_ow_entrance *a, const z3_ow_entrance *b) {
  return a->area == b->area && a->pos == b->pos && a->entrance == b->entrance;
}

Z3_TEST(test_ow_entrances_expanded__reads_the_same_entrances_and_holes) {
  (void)state;
  z3_rom *vanilla_rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_overworld *vanilla = test_ow_load(vanilla_rom);
  assert_false(vanilla->entrances_expanded);
  assert_int_equal(vanilla->entrance_count, Z3_OW_ENTRANCE_COUNT);
  assert_int_equal(vanilla->hole_count, Z3_OW_HOLE_COUNT);
  z3_rom *rom = expanded_rom();
  z3_overworld *ow = test_ow_load(rom);
  assert_true(ow->entrances_expanded);
  assert_int_equal(ow->entrance_count, 256);
  assert_int_equal(ow->hole_count, 0);
  for (int i = 0; i < Z3_OW_ENTRANCE_COUNT; i++) {
    assert_true(same_place(&ow->entrances[i], &vanilla->entrances[i]));
    assert_false(ow->entrances[i].hole);
  }
  for (int k = 0; k < Z3_OW_HOLE_COUNT; k++) {
    const z3_ow_entrance *h = &ow->entrances[GEN_OW_HOLE_SLOT + k];
    assert_true(h->hole);
    assert_true(z3_ow_is_listed_hole(ow, h));
    assert_true(same_place(h, &vanilla->holes[k]));
  }
  for (int i = GEN_OW_HOLE_SLOT + Z3_OW_HOLE_COUNT; i < 256; i++) {
    assert_int_equal(ow->entrances[i].pos, 0xFFFF);
    assert_false(z3_ow_is_listed_entrance(&ow->entrances[i]) || z3_ow_is_listed_hole(ow, &ow->entrances[i]));
  }
  int slots;
  assert_ptr_equal(z3_ow_hole_table(ow, &slots), ow->entrances);
  assert_int_equal(slots, 256);
  z3_ow_free(ow);
  z3_ow_free(vanilla);
  z3_rom_free(rom);
  z3_rom_free(vanilla_rom);
}

/* Only the expanded tables (and nothing else) change; the vanilla tables and
 * the flag stay as they were. */
static void assert_writes_only_expanded_tables(const uint8_t *before, const z3_rom *rom) {
  size_t changed = 0;
  for (size_t i = 0; i < rom->data.len; i++) {
    if (before[i] == rom->data.data[i]) continue;
    changed++;
    if (i < 0xDB35F || i >= 0xDB85F) fail_msg("byte 0x%zX changed outside the expanded entrance tables", i);
  }
  assert_true(changed > 0);
}

Z3_TEST(test_ow_entrances_expanded__edits_save_into_the_shared_table_and_reread) {
  (void)state;
  z3_rom *rom = expanded_rom();
  z3_error err;
  z3_error_init(&err);
  uint8_t *before = malloc(rom->data.len);
  memcpy(before, rom->data.data, rom->data.len);
  z3_overworld *ow = test_ow_load(rom);
  assert_ok(z3_ow_set_entrance(ow, 200, 0x1B, 10, 11, 0x12, &err), &err); /* a slot vanilla lacks */
  assert_ok(z3_ow_set_hole(ow, 250, 0x2C, 5, 6, 0x14, &err), &err);      /* a 20th hole */
  assert_ok(z3_ow_set_entrance(ow, GEN_OW_HOLE_SLOT, 0x00, 1, 2, 0x03, &err), &err); /* a hole becomes an entrance */
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_writes_only_expanded_tables(before, rom);
  const uint8_t *d = rom->data.data;
  assert_int_equal(d[0xDB55F + 2 * 250] | d[0xDB560 + 2 * 250] << 8, 0x802C); /* bit 15 marks the hole */
  assert_int_equal(d[0xDB55F + 2 * 200] | d[0xDB560 + 2 * 200] << 8, 0x001B);
  assert_int_equal(d[0xDB75F + 200], 0x12);
  assert_int_equal(d[0xDB895], 0xB3);
  z3_overworld *again = test_ow_load(rom);
  assert_false(again->entrances[200].hole);
  assert_int_equal(Z3_OW_POS_X(again->entrances[200].pos), 10);
  assert_int_equal(Z3_OW_POS_Y(again->entrances[200].pos), 11);
  assert_true(again->entrances[250].hole);
  assert_int_equal(again->entrances[250].area, 0x2C);
  assert_false(again->entrances[GEN_OW_HOLE_SLOT].hole);
  assert_memory_equal(again->entrances, ow->entrances, sizeof ow->entrances);
  /* slots past 255 do not exist, even here */
  assert_int_equal(z3_ow_set_hole(again, 256, 0x00, 1, 1, 1, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.hint, "slots 0-255"));
  size_t changes = rom->change_count;
  assert_ok(z3_ow_save(again, rom, &err), &err);
  assert_int_equal(rom->change_count, changes); /* nothing differs: nothing written */
  z3_ow_free(again);
  z3_ow_free(ow);
  free(before);
  z3_rom_free(rom);
}

/* Every area's document imported back changes nothing; one with a hole in
 * it names the hole and keeps it one. */
Z3_TEST(test_ow_entrances_expanded__export_import_is_byte_identical) {
  (void)state;
  z3_rom *rom = expanded_rom();
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = test_ow_load(rom);
  int holes_seen = 0;
  for (int id = 0; id < Z3_OW_LIST_AREAS; id++) {
    if (ow->areas[id].parent != id) continue;
    json_t *doc = z3_ow_export_json(ow, id);
    json_t *ents = json_object_get(doc, "entrances");
    for (size_t i = 0; i < json_array_size(ents); i++) holes_seen += json_is_true(json_object_get(json_array_get(ents, i), "hole"));
    assert_ok(z3_ow_import_json(ow, id, doc, &err), &err);
    json_decref(doc);
  }
  assert_int_equal(holes_seen, Z3_OW_HOLE_COUNT);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* On a vanilla ROM a document cannot put a hole into the entrance table. */
Z3_TEST(test_ow_entrances_expanded__vanilla_import_refuses_a_hole) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = test_ow_load(rom);
  json_t *doc = z3_ow_export_json(ow, 0x1B);
  json_object_set_new(doc, "entrances", json_pack("[{s:i,s:i,s:i,s:i,s:b}]", "slot", 5, "x", 1, "y", 1, "entrance", 3, "hole", 1));
  assert_int_equal(z3_ow_import_json(ow, 0x1B, doc, &err), Z3_E_INVALID);
  if (!strstr(err.message, "$.entrances[0]")) fail_msg("%s", err.message);
  assert_non_null(strstr(err.message, "set-entrance --hole"));
  json_decref(doc);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* Vanilla edits of entrances and holes stay in the vanilla tables: the
 * expanded tables' bytes and the flag are never written. */
Z3_TEST(test_ow_entrances_expanded__vanilla_saves_stay_in_vanilla_tables) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  uint8_t *before = malloc(rom->data.len);
  memcpy(before, rom->data.data, rom->data.len);
  z3_overworld *ow = test_ow_load(rom);
  assert_int_equal(z3_ow_set_entrance(ow, 129, 0x1B, 1, 1, 1, &err), Z3_E_NOT_FOUND);
  for (int i = 0; i < Z3_OW_ENTRANCE_COUNT; i += 7) assert_ok(z3_ow_set_entrance(ow, i, 0x1B, i % 32, 3, 0x10, &err), &err);
  for (int i = 0; i < Z3_OW_HOLE_COUNT; i++) assert_ok(z3_ow_set_hole(ow, i, 0x2C, i, 4, 0x11, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  for (size_t i = 0xDB35F; i < 0xDB800; i++) assert_int_equal(rom->data.data[i], before[i]);
  assert_int_equal(rom->data.data[0xDB895], 0xB8);
  z3_layouts found;
  z3_layouts_detect(rom, &found);
  assert_int_equal(found.count, 0);
  z3_ow_free(ow);
  free(before);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_ow_entrances_expanded__reads_the_same_entrances_and_holes),
       cmocka_unit_test(test_ow_entrances_expanded__edits_save_into_the_shared_table_and_reread),
       cmocka_unit_test(test_ow_entrances_expanded__export_import_is_byte_identical),
       cmocka_unit_test(test_ow_entrances_expanded__vanilla_import_refuses_a_hole),
       cmocka_unit_test(test_ow_entrances_expanded__vanilla_saves_stay_in_vanilla_tables))
