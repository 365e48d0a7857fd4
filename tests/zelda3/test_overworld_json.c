/* zelda3/overworld JSON export/import and rendering on the sample ROM. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/overworld.h"
#include "zelda3/overworld_json.h"
#include "zelda3/sample.h"

Z3_TEST(test_overworld_json__export_import_round_trip_changes_nothing) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    json_t *doc = z3_ow_export_json(ow, id);
    char *text = json_dumps(doc, 0); /* through text, as the commands do */
    json_t *back = json_loads(text, 0, NULL);
    assert_ok(z3_ow_import_json(ow, id, back, &err), &err);
    free(text);
    json_decref(doc);
    json_decref(back);
  }
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_TEST(test_overworld_json__edited_document_lands_in_the_rom) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  json_t *doc = z3_ow_export_json(ow, 0x1B);
  json_t *row = json_array_get(json_object_get(json_array_get(json_object_get(doc, "screens"), 3), "tile32"), 5);
  json_array_set_new(row, 6, json_integer(0x77));
  json_t *s0 = json_array_get(json_object_get(doc, "sprites"), 0);
  json_array_append_new(s0, json_pack("{s:i,s:i,s:s}", "x", 60, "y", 61, "id", "0x42"));
  json_object_set_new(json_object_get(doc, "properties"), "gfx", json_integer(0x12));
  json_array_append_new(json_object_get(doc, "items"), json_pack("{s:i,s:i,s:s}", "x", 1, "y", 2, "id", "0x03"));
  json_object_set_new(doc, "entrances", json_pack("[{s:i,s:i,s:i,s:s}]", "slot", 100, "x", 50, "y", 51, "entrance", "0x07"));
  assert_ok(z3_ow_import_json(ow, 0x1B, doc, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  z3_overworld *again;
  assert_ok(z3_ow_load(&again, rom, &err), &err);
  assert_int_equal(again->areas[0x24].map32[5 * 16 + 6], 0x77);
  assert_int_equal(again->sprites[0][0x1B].count, 3);
  assert_int_equal(again->sprites[0][0x1B].sprites[2].id, 0x42);
  assert_int_equal(again->areas[0x1B].gfx, 0x12);
  assert_int_equal(again->areas[0x24].gfx, 0x12); /* children repeat the parent */
  assert_int_equal(again->items[0x1B].count, 2);
  assert_int_equal(again->entrances[100].area, 0x1B);
  assert_int_equal(again->entrances[1].pos, 0xFFFF); /* the area's slot not in the document is freed */
  json_t *back = z3_ow_export_json(again, 0x1B);
  assert_true(json_equal(back, doc)); /* exporting again gives the document that was imported */
  json_decref(back);
  z3_ow_free(again);
  json_decref(doc);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

static void expect_bad(const char *json_text, int id, const char *message) {
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  json_t *good = z3_ow_export_json(ow, id), *patch = json_loads(json_text, 0, NULL);
  assert_non_null(patch);
  json_object_update(good, patch);
  assert_int_equal(z3_ow_import_json(ow, id, good, &err), Z3_E_INVALID);
  if (!strstr(err.message, message)) fail_msg("'%s' lacks '%s'", err.message, message);
  json_decref(good);
  json_decref(patch);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_TEST(test_overworld_json__bad_documents_name_the_path) {
  (void)state;
  expect_bad("{\"format\": \"other\"}", 0, "$.format");
  expect_bad("{\"screens\": []}", 0x1B, "$.screens: expected an array of 4 screens for area 0x1B");
  expect_bad("{\"screens\": [{\"tile32\": [[1]]}]}", 0x2C, "$.screens[0].tile32: expected 16 rows");
  expect_bad("{\"sprites\": [[{\"x\": 40, \"y\": 1, \"id\": 1}], null, null]}", 0x2C, "$.sprites[0][0].x: 40 is outside 0-31");
  expect_bad("{\"sprites\": [[{\"x\": 1, \"y\": 1}], null, null]}", 0x2C, "$.sprites[0][0].id: missing");
  expect_bad("{\"items\": [{\"x\": 1, \"y\": 1, \"id\": \"0x1FF\"}]}", 0x2C, "$.items[0].id");
  expect_bad("{\"entrances\": [{\"slot\": 3, \"x\": 1, \"y\": 1, \"entrance\": 1}, {\"slot\": 1, \"x\": 1, \"y\": 1, \"entrance\": 1}]}",
             0x02, "$.entrances[1]: slot is used by an entrance of another area");
  expect_bad("{\"properties\": {\"gfx\": \"big\"}}", 0x00, "$.properties.gfx");
}

Z3_TEST(test_overworld_render__sizes_and_a_tile_edit_changes_only_its_block) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  z3_ow_image a, b;
  assert_ok(z3_ow_render(ow, rom, 0x1B, &a, &err), &err);
  assert_int_equal(a.width, 1024);
  z3_ow_image_release(&a);
  assert_ok(z3_ow_render(ow, rom, 0x2C, &a, &err), &err);
  assert_int_equal(a.width, 512);
  assert_int_equal(a.height, 512);
  size_t distinct = 0;
  bool seen[128] = {0};
  for (size_t i = 0; i < 512 * 512; i++) distinct += !seen[a.pixels[i]], seen[a.pixels[i]] = true;
  assert_true(distinct > 8); /* a picture, not a blank */
  uint16_t old16;
  assert_ok(z3_ow_get_tile16(ow, 0x2C, 5, 9, &old16, &err), &err);
  assert_ok(z3_ow_set_tile16(ow, 0x2C, 5, 9, old16 == 7 ? 8 : 7, &err), &err);
  assert_ok(z3_ow_render(ow, rom, 0x2C, &b, &err), &err);
  size_t changed = 0;
  for (uint32_t y = 0; y < 512; y++)
    for (uint32_t x = 0; x < 512; x++) {
      if (a.pixels[y * 512 + x] == b.pixels[y * 512 + x]) continue;
      changed++;
      assert_true(x / 16 == 5 && y / 16 == 9);
    }
  assert_true(changed > 0);
  z3_ow_image_release(&a);
  z3_ow_image_release(&b);
  assert_int_equal(z3_ow_render(ow, rom, 0xA0, &b, &err), Z3_E_NOT_FOUND);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* With the real game (Z3ED_TEST_ROM): every area exports, re-imports without a change, and renders. */
Z3_TEST(test_overworld_real_rom__json_round_trip_and_render) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom;
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    json_t *doc = z3_ow_export_json(ow, id);
    assert_ok(z3_ow_import_json(ow, id, doc, &err), &err);
    json_decref(doc);
    if (ow->areas[id].parent != id) continue;
    z3_ow_image pic;
    assert_ok(z3_ow_render(ow, rom, id, &pic, &err), &err);
    z3_ow_image_release(&pic);
  }
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_overworld_json__export_import_round_trip_changes_nothing),
       cmocka_unit_test(test_overworld_json__edited_document_lands_in_the_rom),
       cmocka_unit_test(test_overworld_json__bad_documents_name_the_path),
       cmocka_unit_test(test_overworld_render__sizes_and_a_tile_edit_changes_only_its_block),
       cmocka_unit_test(test_overworld_real_rom__json_round_trip_and_render))
