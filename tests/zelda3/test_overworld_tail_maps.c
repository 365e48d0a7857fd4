/* The special-world tail maps 0xA0-0xBF (yaze's tail-map patch on
 * ZSCustomOverworld v3, layout_gen.h): 192 maps read from the patch's
 * pointer tables, tail maps edited, rendered, exported and imported; the
 * vanilla pointer tables are never written; the patch's own blank streams
 * (zero runs that never end) read as blank and an edit moves off them. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/layouts.h"
#include "zelda3/overworld.h"
#include "zelda3/overworld_json.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000, TAIL = 0xA5 };

static z3_rom *tail_rom(bool runaway) {
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_sw_tail_maps(rom->data.data, runaway);
  return rom;
}

static unsigned long_at(const z3_rom *rom, size_t pc) {
  const uint8_t *d = rom->data.data + pc;
  return (unsigned)(d[0] | d[1] << 8 | d[2] << 16);
}

Z3_TEST(test_ow_tail__192_maps_read_and_the_rest_as_before) {
  (void)state;
  z3_rom *vanilla_rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_overworld *vanilla = test_ow_load(vanilla_rom);
  assert_int_equal(vanilla->area_count, Z3_OW_AREA_COUNT);
  for (int runaway = 0; runaway <= 1; runaway++) {
    z3_rom *rom = tail_rom(runaway);
    z3_overworld *ow = test_ow_load(rom);
    assert_int_equal(ow->area_count, Z3_OW_AREA_MAX);
    assert_int_equal(ow->map_ptr_pc[0], 0x142400);
    for (int id = 0; id < Z3_OW_AREA_COUNT; id++)
      assert_memory_equal(ow->areas[id].map32, vanilla->areas[id].map32, sizeof ow->areas[id].map32);
    for (int id = Z3_OW_AREA_COUNT; id < Z3_OW_AREA_MAX; id++) {
      const z3_ow_area *a = &ow->areas[id];
      assert_int_equal(a->parent, id);
      assert_int_equal(a->size, Z3_OW_SMALL);
      assert_int_equal(a->gfx, -1);
      for (int i = 0; i < 256; i++) assert_int_equal(a->map32[i], 0);
      assert_int_equal(a->high.pc, 0x180000);
    }
    assert_string_equal(z3_ow_area_name(0xBF), "Special-world tail map");
    z3_ow_free(ow);
    z3_rom_free(rom);
  }
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_ow_check_map(vanilla, TAIL, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.hint, "tail-map patch"));
  uint16_t t;
  assert_int_equal(z3_ow_get_tile16(vanilla, TAIL, 0, 0, &t, &err), Z3_E_NOT_FOUND);
  z3_ow_free(vanilla);
  z3_rom_free(vanilla_rom);
}

/* An edited tail map gets its own streams (the blank ones are shared by all
 * 32) and its pointers in the patch's tables; the vanilla tables and the
 * other tails stay as they were, and everything re-reads. */
Z3_TEST(test_ow_tail__edit_saves_into_the_patch_tables_and_rereads) {
  (void)state;
  for (int runaway = 0; runaway <= 1; runaway++) {
    z3_rom *rom = tail_rom(runaway);
    z3_overworld *ow = test_ow_load(rom);
    z3_error err;
    z3_error_init(&err);
    uint8_t vanilla_tables[2][160 * 3];
    memcpy(vanilla_tables[0], rom->data.data + 0x1794D, sizeof vanilla_tables[0]);
    memcpy(vanilla_tables[1], rom->data.data + 0x17B2D, sizeof vanilla_tables[1]);
    uint16_t grass = 0;
    assert_ok(z3_ow_get_tile16(ow, 0x2C, 5, 5, &grass, &err), &err);
    assert_ok(z3_ow_set_tile16(ow, TAIL, 3, 4, grass, &err), &err);
    assert_ok(z3_ow_set_tile32(ow, TAIL, 15, 15, 0x42, &err), &err);
    assert_ok(z3_ow_save(ow, rom, &err), &err);
    assert_memory_equal(rom->data.data + 0x1794D, vanilla_tables[0], sizeof vanilla_tables[0]);
    assert_memory_equal(rom->data.data + 0x17B2D, vanilla_tables[1], sizeof vanilla_tables[1]);
    assert_int_not_equal(long_at(rom, 0x142400 + 3 * TAIL), 0x308000);
    assert_int_equal(long_at(rom, 0x142400 + 3 * (TAIL + 1)), 0x308000);
    z3_overworld *again = test_ow_load(rom);
    uint16_t back = 0;
    assert_ok(z3_ow_get_tile16(again, TAIL, 3, 4, &back, &err), &err);
    assert_int_equal(back, grass);
    assert_ok(z3_ow_get_tile32(again, TAIL, 15, 15, &back, &err), &err);
    assert_int_equal(back, 0x42);
    for (int i = 0; i < 256; i++) assert_int_equal(again->areas[TAIL + 1].map32[i], 0);
    z3_ow_free(again);
    z3_ow_free(ow);
    z3_rom_free(rom);
  }
}

/* Every area, tails included, exports and imports without a byte changing;
 * a tail's document has one screen and no property values. */
Z3_TEST(test_ow_tail__export_import_is_byte_identical) {
  (void)state;
  z3_rom *rom = tail_rom(false);
  z3_overworld *ow = test_ow_load(rom);
  z3_error err;
  z3_error_init(&err);
  for (int id = 0; id < ow->area_count; id++) {
    if (ow->areas[id].parent != id) continue;
    json_t *doc = z3_ow_export_json(ow, id);
    assert_ok(z3_ow_import_json(ow, id, doc, &err), &err);
    json_decref(doc);
  }
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  json_t *doc = z3_ow_export_json(ow, TAIL);
  assert_int_equal(json_array_size(json_object_get(doc, "screens")), 1);
  assert_true(json_is_null(json_object_get(json_object_get(doc, "properties"), "gfx")));
  json_array_set_new(json_array_get(json_object_get(json_array_get(json_object_get(doc, "screens"), 0), "tile32"), 2), 7,
                     json_integer(0x42));
  assert_ok(z3_ow_import_json(ow, TAIL, doc, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  z3_overworld *again = test_ow_load(rom);
  assert_int_equal(again->areas[TAIL].map32[2 * 16 + 7], 0x42);
  json_decref(doc);
  z3_ow_free(again);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* A tail renders as one 512x512 screen; it has no property tables (set-area
 * names the missing entry) and stays small. */
Z3_TEST(test_ow_tail__render_and_properties) {
  (void)state;
  z3_rom *rom = tail_rom(false);
  z3_overworld *ow = test_ow_load(rom);
  z3_error err;
  z3_error_init(&err);
  z3_ow_image img;
  assert_ok(z3_ow_render(ow, rom, TAIL, &img, &err), &err);
  assert_int_equal(img.width, 512), assert_int_equal(img.height, 512);
  z3_ow_image_release(&img);
  int gfx = -1, size = -1;
  for (int i = 0; z3_ow_area_fields[i]; i++) {
    if (strcmp(z3_ow_area_fields[i], "gfx") == 0) gfx = i;
    if (strcmp(z3_ow_area_fields[i], "size") == 0) size = i;
  }
  assert_int_equal(z3_ow_set_area_field(ow, TAIL, gfx, 1, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "area 0xA5 has no 'gfx' entry"));
  z3_error_init(&err);
  assert_int_equal(z3_ow_set_area_field(ow, TAIL, size, 2, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "special-world tail map"));
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_ow_tail__192_maps_read_and_the_rest_as_before),
       cmocka_unit_test(test_ow_tail__edit_saves_into_the_patch_tables_and_rereads),
       cmocka_unit_test(test_ow_tail__export_import_is_byte_identical),
       cmocka_unit_test(test_ow_tail__render_and_properties))
