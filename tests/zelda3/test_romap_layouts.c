/* zelda3/romap on expanded overworld layouts (layout_gen.h): ZSCustomOverworld's
 * per-area tables, v3's parents, sizes and transition words, and the tail maps'
 * pointer tables and streams are named by area, so hex annotate and patch
 * manifests speak of areas there too. */
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/manifest.h"
#include "zelda3/overworld.h"
#include "zelda3/romap.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000, TAIL = 0xA5, WORD_TABLE = 2 * 160 };

static void describe_at(const z3_romap *map, size_t offset, char *out, size_t cap) {
  const z3_region *r = z3_romap_find(map, offset);
  if (r) z3_region_describe(r, out, cap);
  else snprintf(out, cap, "unknown");
}

static void assert_named(const z3_romap *map, size_t offset, const char *want) {
  char name[128];
  describe_at(map, offset, name, sizeof name);
  assert_string_equal(name, want);
}

static void build_map(const z3_rom *rom, z3_romap *map) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_romap_build(rom, map, &err), &err);
  assert_string_equal(map->skipped, "");
}

Z3_TEST(test_romap_layouts__v3_tables_are_named_by_area) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_v3_wide_tall(rom->data.data);
  z3_romap map;
  build_map(rom, &map);
  assert_named(&map, 0x140000 + 2 * 0x1B + 1, "area 0x1B bg colour");
  assert_named(&map, 0x140160 + 0x43, "area 0x43 main palette");
  assert_named(&map, 0x140200 + 0x00, "area 0x00 mosaic");
  assert_named(&map, 0x1402A0 + 0x9F, "area 0x9F animated gfx");
  assert_named(&map, 0x140340 + 2 * 0x88, "area 0x88 overlay");
  assert_named(&map, 0x140480 + 8 * 0x1B + 3, "area 0x1B tile gfx 3");
  assert_named(&map, 0x140145, "ZSCustomOverworld enable bytes and version");
  assert_named(&map, 0x140998 + GEN_WIDE + 1, "area 0x29 parent");
  assert_named(&map, 0x1788D + GEN_TALL + 8, "area 0x32 size");
  assert_named(&map, 0x140A38 + 3 * WORD_TABLE + 2 * GEN_WIDE, "area 0x28 transition up");
  assert_named(&map, 0x1412F8 + 2 * 0x9F + 1, "area 0x9F transition target west");
  assert_named(&map, 0x1417F8 + 2 * 0x90, "area 0x90 message");    /* v3 moved the sign messages */
  assert_named(&map, 0x4C635 + 0x85, "area 0x85 palette");          /* and the palettes */
  assert_named(&map, 0x166E1 + 0x01, "area 0x81 sprite gfx (beginning)");
  assert_named(&map, 0x141438, "area sprite pointers");
  z3_romap_release(&map);
  z3_rom_free(rom);
}

/* The vanilla layout's own per-area tables are named too, and nothing at 0x140000. */
Z3_TEST(test_romap_layouts__vanilla_area_entries) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_romap map;
  build_map(rom, &map);
  assert_named(&map, Z3_OW_SIZE_PC + 0x05, "area 0x05 size");
  assert_named(&map, Z3_OW_PARENT_PC + 0x3F, "area 0x3F parent");
  assert_named(&map, 0x07C9C + 0x40, "area 0x40 gfx");
  assert_named(&map, 0x14303 + 0x40 + 0x02, "area 0x02 music 1");
  assert_named(&map, 0x140000, "unknown");
  assert_named(&map, Z3_OW_MAP_HIGH_PTR_PC + 3 * 0x9F, "area map pointers");
  z3_romap_release(&map);
  z3_rom_free(rom);
}

Z3_TEST(test_romap_layouts__tail_maps_pointers_and_streams) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_sw_tail_maps(rom->data.data, false);
  z3_romap map;
  build_map(rom, &map);
  assert_named(&map, Z3_OW_TAIL_HIGH_PTR_PC + 3 * TAIL, "area map pointers");
  assert_named(&map, Z3_OW_TAIL_LOW_PTR_PC + 3 * 0xBF + 2, "area map pointers");
  assert_named(&map, Z3_OW_MAP_HIGH_PTR_PC, "area map pointers (vanilla copy, unread with the tail-map patch)");
  assert_named(&map, Z3_OW_TAIL_MARKER_PC, "tail-map patch marker");
  assert_named(&map, 0x180000, "area 0xA0 map (high bytes)"); /* the 32 tails share the blank streams */
  assert_named(&map, 0x181001, "area 0xA0 map (low bytes)");
  z3_romap_release(&map);
  /* an edited tail gets streams of its own, named after it */
  z3_overworld *ow = test_ow_load(rom);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ow_set_tile32(ow, TAIL, 3, 4, 0x123, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  size_t high = ow->areas[TAIL].high.pc;
  assert_true(high != 0x180000);
  build_map(rom, &map);
  assert_named(&map, high, "area 0xA5 map (high bytes)");
  z3_romap_release(&map);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* A patch manifest lists a v3 property edit under its area, by table. */
Z3_TEST(test_romap_layouts__manifest_names_a_v3_property_edit) {
  (void)state;
  z3_rom *a = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM), *b = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_v3_wide_tall(a->data.data);
  gen_v3_wide_tall(b->data.data);
  z3_overworld *ow = test_ow_load(b);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ow_set_area_field(ow, 0x1B, 3 /* bg-color */, 0x1234, &err), &err);
  assert_ok(z3_ow_save(ow, b, &err), &err);
  z3_ow_free(ow);
  json_t *m = NULL;
  assert_ok(z3_manifest_build(a, b, &m, &err), &err);
  /* 0x1B is a large area: the game reads the parent's entry, the save writes all four screens' */
  json_t *areas = json_object_get(m, "areas");
  static const char *const screens[] = {"area 0x1B", "area 0x1C", "area 0x23", "area 0x24"};
  assert_int_equal(json_array_size(areas), 4);
  for (size_t i = 0; i < 4; i++) {
    json_t *entry = json_array_get(areas, i);
    assert_string_equal(json_string_value(json_object_get(entry, "name")), screens[i]);
    assert_int_equal(json_array_size(json_object_get(entry, "parts")), 1);
    assert_string_equal(json_string_value(json_array_get(json_object_get(entry, "parts"), 0)), "bg colour");
  }
  assert_int_equal(json_array_size(json_object_get(m, "tables")), 0);
  json_decref(m);
  z3_rom_free(a);
  z3_rom_free(b);
}

Z3_RUN(cmocka_unit_test(test_romap_layouts__v3_tables_are_named_by_area),
       cmocka_unit_test(test_romap_layouts__vanilla_area_entries),
       cmocka_unit_test(test_romap_layouts__tail_maps_pointers_and_streams),
       cmocka_unit_test(test_romap_layouts__manifest_names_a_v3_property_edit))
