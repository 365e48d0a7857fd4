/* The overworld on generated ZSCustomOverworld v1, v2 and v3 ROMs
 * (layout_gen.h): the per-area tables and v3's moved tables are read, edited
 * through set-area's fields, saved where the patch keeps them, and re-read;
 * a vanilla ROM has none of these fields and never gains the tables. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/layouts.h"
#include "zelda3/overworld.h"
#include "zelda3/overworld_json.h"
#include "zelda3/entrance.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000, POISON = 0xEE };


static int field(const char *name) {
  for (int i = 0; z3_ow_area_fields[i]; i++)
    if (strcmp(z3_ow_area_fields[i], name) == 0) return i;
  fail_msg("no field %s", name);
  return -1;
}

/* A 2 MiB sample turned into ZSCustomOverworld `version`; for v3 the vanilla
 * places of the tables it moves are overwritten, so reading them shows. */
static z3_rom *zscustom_rom(int version) {
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  uint8_t *d = rom->data.data;
  gen_layout(d, version == 1 ? Z3_LAYOUT_ZSCUSTOM_V1 : version == 2 ? Z3_LAYOUT_ZSCUSTOM_V2 : Z3_LAYOUT_ZSCUSTOM_V3);
  if (version >= 3) {
    memset(d + 0x3F51D, POISON, 0x100);  /* sign messages */
    memset(d + 0x7D1C, POISON, 0x88);    /* area palettes */
    for (size_t i = 0; i < 0x2C0; i += 2) d[0x4C881 + i] = 0x00, d[0x4C882 + i] = 0x00; /* sprite pointers */
  }
  return rom;
}

/* LW and DW read as on the vanilla sample: maps, properties, sprite lists. */
static void assert_same_world(const z3_overworld *a, const z3_overworld *b) {
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    const z3_ow_area *x = &a->areas[id], *y = &b->areas[id];
    assert_memory_equal(x->map32, y->map32, 512);
    assert_int_equal(x->parent, y->parent);
    assert_int_equal(x->large, y->large);
    if (id >= 0x80) continue;
    assert_int_equal(x->gfx, y->gfx);
    assert_int_equal(x->palette, y->palette);
    assert_int_equal(x->message, y->message);
    assert_memory_equal(x->sprite_gfx, y->sprite_gfx, sizeof x->sprite_gfx);
    assert_memory_equal(x->music, y->music, sizeof x->music);
  }
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++) {
      assert_int_equal(a->sprites[s][i].count, b->sprites[s][i].count);
      if (a->sprites[s][i].count)
        assert_memory_equal(a->sprites[s][i].sprites, b->sprites[s][i].sprites, 3 * (size_t)a->sprites[s][i].count);
    }
}

Z3_TEST(test_ow_zscustom__each_version_reads_its_tables_and_the_same_world) {
  (void)state;
  z3_rom *vanilla_rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_overworld *vanilla = test_ow_load(vanilla_rom);
  assert_int_equal(vanilla->zscustom, 0);
  assert_int_equal(vanilla->areas[0x1B].custom.bg_color, -1);
  for (int v = 1; v <= 3; v++) {
    z3_rom *rom = zscustom_rom(v);
    z3_overworld *ow = test_ow_load(rom);
    assert_int_equal(ow->zscustom, v);
    assert_same_world(vanilla, ow);
    assert_int_equal(ow->sprite_table_pc[1], v >= 3 ? 0x141578 : 0x4C901);
    const z3_ow_area *dm = &ow->areas[0x43], *woods = &ow->areas[0x00], *tri = &ow->areas[0x88];
    assert_int_equal(dm->custom.bg_color, 0x2A32);
    assert_int_equal(dm->custom.main_palette, 3);
    assert_int_equal(dm->custom.animated_gfx, 0x59);
    assert_int_equal(dm->custom.overlay, 0x9C);
    assert_int_equal(dm->custom.tile_gfx[4], 0x2F);
    assert_int_equal(woods->custom.mosaic, 0x05);
    assert_int_equal(woods->custom.overlay, 0x9D);
    assert_int_equal(tri->custom.main_palette, 4);
    assert_int_equal(tri->custom.overlay, 0x93);
    assert_int_equal(ow->zscustom_enables[5], v); /* the version byte is the sixth */
    if (v >= 3) { /* v3 reads the special world's palette and sprite set by area */
      assert_int_equal(ow->areas[0x80].palette, rom->data.data[0x4C635 + 0x80]);
      assert_int_equal(ow->areas[0x80].sprite_gfx[2], rom->data.data[0x166E1]);
    }
    z3_ow_free(ow);
    z3_rom_free(rom);
  }
  z3_ow_free(vanilla);
  z3_rom_free(vanilla_rom);
}

/* Every field of a large area set through set-area is saved at each of its
 * four areas' entries, only there, and read back. */
Z3_TEST(test_ow_zscustom__field_edits_save_into_the_patch_tables_and_reread) {
  (void)state;
  static const struct { const char *name; long value; size_t table, width; } edits[] = {
      {"bg-color", 0x1234, 0x140000, 2}, {"main-palette", 5, 0x140160, 1}, {"mosaic", 0x0A, 0x140200, 1},
      {"animated-gfx", 0x77, 0x1402A0, 1}, {"overlay", 0x95, 0x140340, 2}, {"tile-gfx-6", 0x66, 0x140486, 8},
      {"message", 0x0123, 0x1417F8, 2}, {"palette", 0x0C, 0x4C635, 1},
  };
  static const int group[4] = {0x1B, 0x1C, 0x23, 0x24}; /* Hyrule Castle: large */
  for (int v = 2; v <= 3; v++) {
    z3_rom *rom = zscustom_rom(v);
    z3_error err;
    z3_error_init(&err);
    uint8_t *before = malloc(rom->data.len);
    memcpy(before, rom->data.data, rom->data.len);
    z3_overworld *ow = test_ow_load(rom);
    size_t n = v >= 3 ? 8 : 6; /* message and palette move only in v3 */
    for (size_t e = 0; e < n; e++) assert_ok(z3_ow_set_area_field(ow, 0x24, field(edits[e].name), edits[e].value, &err), &err);
    assert_ok(z3_ow_save(ow, rom, &err), &err);
    size_t expected = 0;
    for (size_t e = 0; e < n; e++)
      for (int k = 0; k < 4; k++) {
        size_t at = edits[e].table + (size_t)group[k] * edits[e].width;
        assert_int_equal(rom->data.data[at], (uint8_t)edits[e].value);
        for (size_t b = 0; b < (edits[e].width == 8 ? 1 : edits[e].width); b++)
          expected += before[at + b] != rom->data.data[at + b];
      }
    size_t changed = 0;
    for (size_t i = 0; i < rom->data.len; i++) changed += before[i] != rom->data.data[i];
    assert_int_equal(changed, expected);
    z3_overworld *again = test_ow_load(rom);
    for (size_t e = 0; e < n; e++) {
      long got = -1;
      assert_ok(z3_ow_get_area_field(again, 0x1C, field(edits[e].name), &got, &err), &err);
      assert_int_equal(got, edits[e].value);
    }
    z3_ow_free(again);
    z3_ow_free(ow);
    free(before);
    z3_rom_free(rom);
  }
}

/* A vanilla ROM has no patch tables: the fields are refused and a save of
 * every other kind never writes the version byte or the tables. */
Z3_TEST(test_ow_zscustom__vanilla_rom_has_no_patch_fields) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = test_ow_load(rom);
  assert_int_equal(z3_ow_set_area_field(ow, 0x00, field("bg-color"), 0x1234, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "ZSCustomOverworld"));
  z3_error_init(&err);
  assert_int_equal(z3_ow_set_area_field(ow, 0x00, field("main-palette"), 6, &err), Z3_E_NOT_FOUND);
  assert_ok(z3_ow_set_area_field(ow, 0x2C, field("message"), 0x44, &err), &err);
  assert_ok(z3_ow_set_area_field(ow, 0x2C, field("palette"), 0x07, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->data.data[0x3F51D + 2 * 0x2C], 0x44);
  for (size_t i = 0x140000; i < 0x142400; i++) assert_int_equal(rom->data.data[i], 0);
  z3_layouts found;
  z3_layouts_detect(rom, &found);
  assert_int_equal(found.count, 0);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* Values outside a field's range are refused, naming the field and range. */
Z3_TEST(test_ow_zscustom__out_of_range_values_are_refused) {
  (void)state;
  z3_rom *rom = zscustom_rom(3);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = test_ow_load(rom);
  assert_int_equal(z3_ow_set_area_field(ow, 0x00, field("main-palette"), 6, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "0-0x5 for 'main-palette'"));
  assert_int_equal(z3_ow_set_area_field(ow, 0x00, field("bg-color"), 0x8000, &err), Z3_E_INVALID);
  assert_int_equal(z3_ow_set_area_field(ow, 0x00, field("mosaic"), 0x10, &err), Z3_E_INVALID);
  assert_int_equal(z3_ow_set_area_field(ow, 0xA0, field("mosaic"), 1, &err), Z3_E_NOT_FOUND);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* v3 sprite lists live behind the moved pointer tables: an added sprite is
 * saved there and the vanilla tables (unused by v3) stay as they were. */
Z3_TEST(test_ow_zscustom__v3_sprites_use_the_moved_pointer_tables) {
  (void)state;
  z3_rom *rom = zscustom_rom(3);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = test_ow_load(rom);
  int index = -1;
  assert_ok(z3_ow_sprite_add(ow, 1, 0x2C, (z3_ow_sprite){.x = 5, .y = 6, .id = 0x41}, &index, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  for (size_t i = 0; i < 0x2C0; i++) assert_int_equal(rom->data.data[0x4C881 + i], 0);
  z3_overworld *again = test_ow_load(rom);
  z3_ow_list *l = NULL;
  assert_ok(z3_ow_sprite_list(again, 1, 0x2C, &l, &err), &err);
  assert_int_equal(l->count, ow->sprites[1][0x2C].count);
  assert_int_equal(l->sprites[index].id, 0x41);
  z3_ow_free(again);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* v3's parent table must agree with its sizes: a small area naming another
 * as its parent is refused, naming the area (wide and tall areas:
 * test_overworld_v3_sizes.c). */
Z3_TEST(test_ow_zscustom__v3_parent_mismatch_is_refused_by_name) {
  (void)state;
  z3_error err;
  z3_overworld *ow = NULL;
  z3_rom *rom;
  rom = zscustom_rom(3); /* a small area naming another as its parent */
  rom->data.data[0x140998 + 0x05] = 0x04;
  z3_error_init(&err);
  assert_int_equal(z3_ow_load(&ow, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "area 0x05: ZSCustomOverworld v3 names parent 0x04"));
  z3_rom_free(rom);
}

/* Export and import: the patch's values travel in properties.zscustom; an
 * unchanged document writes nothing, an edited one only that table's entries,
 * and a ROM without the patch refuses them by JSON path. */
Z3_TEST(test_ow_zscustom__json_round_trip_carries_the_patch_values) {
  (void)state;
  z3_rom *rom = zscustom_rom(3);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = test_ow_load(rom);
  json_t *doc = z3_ow_export_json(ow, 0x1B);
  json_t *c = json_object_get(json_object_get(doc, "properties"), "zscustom");
  assert_int_equal(json_integer_value(json_object_get(c, "bg_color")), 0x2669);
  assert_ok(z3_ow_import_json(ow, 0x1B, doc, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  json_object_set_new(c, "mosaic", json_integer(0x0C));
  json_array_set_new(json_object_get(c, "tile_gfx"), 7, json_string("0x5a"));
  assert_ok(z3_ow_import_json(ow, 0x1B, doc, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->data.data[0x140200 + 0x24], 0x0C);
  assert_int_equal(rom->data.data[0x140480 + 8 * 0x1C + 7], 0x5A);
  json_object_set_new(c, "main_palette", json_integer(9));
  assert_int_equal(z3_ow_import_json(ow, 0x1B, doc, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "$.properties.zscustom.main_palette"));
  z3_ow_free(ow);
  z3_rom_free(rom);

  rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  ow = test_ow_load(rom);
  z3_error_init(&err);
  assert_int_equal(z3_ow_import_json(ow, 0x1B, doc, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "$.properties.zscustom: this ROM does not have ZSCustomOverworld"));
  json_t *plain = z3_ow_export_json(ow, 0x1B);
  assert_null(json_object_get(json_object_get(plain, "properties"), "zscustom"));
  json_decref(plain);
  json_decref(doc);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* Z3ED_TEST_ROM (any ROM, an expanded hack included), read-only: the
 * overworld loads or is refused with a message naming why; what loads
 * exports and re-imports every area without a byte changing, and every
 * dungeon entrance of the ROM's tables reads. */
Z3_TEST(test_ow_zscustom__real_rom_round_trip) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  if (z3_place_check_rom(rom, &err) == Z3_OK) {
    const z3_place_field *room = z3_place_field_find("room");
    for (int id = 0; id < z3_place_count(rom, Z3_PLACE_ENTRANCE); id++) {
      unsigned v = 0;
      assert_ok(z3_place_get(rom, Z3_PLACE_ENTRANCE, id, room, &v, &err), &err);
    }
  }
  z3_error_init(&err);
  z3_overworld *ow = NULL;
  if (z3_ow_load(&ow, rom, &err) != Z3_OK) {
    assert_true(err.message[0] != 0);
    z3_rom_free(rom);
    return;
  }
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    if (ow->areas[id].parent != id) continue;
    json_t *doc = z3_ow_export_json(ow, id);
    assert_ok(z3_ow_import_json(ow, id, doc, &err), &err);
    json_decref(doc);
  }
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_ow_zscustom__each_version_reads_its_tables_and_the_same_world),
       cmocka_unit_test(test_ow_zscustom__field_edits_save_into_the_patch_tables_and_reread),
       cmocka_unit_test(test_ow_zscustom__vanilla_rom_has_no_patch_fields),
       cmocka_unit_test(test_ow_zscustom__out_of_range_values_are_refused),
       cmocka_unit_test(test_ow_zscustom__v3_sprites_use_the_moved_pointer_tables),
       cmocka_unit_test(test_ow_zscustom__v3_parent_mismatch_is_refused_by_name),
       cmocka_unit_test(test_ow_zscustom__json_round_trip_carries_the_patch_values),
       cmocka_unit_test(test_ow_zscustom__real_rom_round_trip))
